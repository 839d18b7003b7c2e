// Field editors for wire bodies: set or delete the field at a dotted path (`request.assets.coins.0.balance`;
// numbers index lists), in place. Each returns the body, so a sample can be edited where it is read.

function parentOf(body: object, path: string): [Record<string, unknown>, string] {
  const keys = path.split('.');
  const last = keys.pop() as string;
  let at = body as Record<string, unknown>;
  for (const k of keys) at = at[k] as Record<string, unknown>;
  return [at, last];
}

/** Sets each dotted path to its value. */
export function withFields<T extends object>(body: T, fields: Record<string, unknown>): T {
  for (const [path, value] of Object.entries(fields)) {
    const [at, key] = parentOf(body, path);
    at[key] = value;
  }
  return body;
}

/** Deletes the field at each dotted path. */
export function withoutFields<T extends object>(body: T, ...paths: string[]): T {
  for (const path of paths) {
    const [at, key] = parentOf(body, path);
    delete at[key];
  }
  return body;
}
