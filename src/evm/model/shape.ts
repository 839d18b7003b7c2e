// Reading a node's JSON answer field by field: each reader either returns the value or throws a
// ShapeError naming the field's path and what a node sends there; the caller turns it into an
// `{ ok: false, field, expected }` answer. Pure.

export class ShapeError extends Error {
  constructor(
    readonly field: string,
    readonly expected: string,
  ) {
    super(`${field}: ${expected}`);
  }
}

export type Raw = Record<string, unknown>;

export function record(v: unknown, field: string): Raw {
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new ShapeError(field, 'an object');
  return v as Raw;
}

export function text(v: unknown, field: string, pattern: RegExp, expected: string): string {
  if (typeof v !== 'string' || !pattern.test(v)) throw new ShapeError(field, expected);
  return v;
}

/** Runs a reader; a ShapeError becomes the answer's failure, anything else is thrown on. */
export function readShape<T>(read: () => T): { ok: true; value: T } | { ok: false; field: string; expected: string } {
  try {
    return { ok: true, value: read() };
  } catch (e) {
    if (e instanceof ShapeError) return { ok: false, field: e.field, expected: e.expected };
    throw e;
  }
}
