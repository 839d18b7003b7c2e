// What a response validation says about a body: the path and the message of its first issue, as
// "Invalid response: field "<path>": <message>" shows them.

type Schema = { safeParse: (v: unknown) => { success: boolean; error?: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } } };

/** The first issue, or undefined when the body passes. */
export function firstIssue(schema: Schema, body: unknown): { path: string; message: string } | undefined {
  const r = schema.safeParse(body);
  if (r.success) return undefined;
  const issue = r.error?.issues[0];
  return { path: (issue?.path ?? []).map(String).join('.'), message: issue?.message ?? '' };
}

/** `path: message` of the first issue, or 'ok' when the body passes. */
export function verdict(schema: Schema, body: unknown): string {
  const i = firstIssue(schema, body);
  return i ? `${i.path}: ${i.message}` : 'ok';
}

/** The first issue, or 'valid' when the body passes. */
export const issue = (schema: Schema, body: unknown): { path: string; message: string } | 'valid' => firstIssue(schema, body) ?? 'valid';

/** `n` hex digits of mixed case ('aBaB…'), for the patterns that take either case. */
export const hexDigits = (n: number): string => 'aB'.repeat(n).slice(0, n);
