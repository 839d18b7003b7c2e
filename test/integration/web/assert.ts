// `node:assert/strict` for the web suite's bundle (esbuild.mjs aliases it here): the web worker
// host has no Node modules, and the shared helpers (../helpers.ts) assert with it. The handful of
// functions the suites call, with Node's strict semantics (Object.is, structural deepEqual).

export class AssertionError extends Error {
  override name = 'AssertionError';
}

const show = (v: unknown): string => {
  try {
    return JSON.stringify(v, (_k, x: unknown) => (typeof x === 'bigint' ? `${x}n` : x instanceof Map ? [...x] : x instanceof Set ? [...x] : x)) ?? String(v);
  } catch {
    return String(v);
  }
};

function fail(message: string | Error | undefined, fallback: string): never {
  if (message instanceof Error) throw message;
  throw new AssertionError(message ?? fallback);
}

export function ok(value: unknown, message?: string | Error): asserts value {
  if (!value) fail(message, `expected a truthy value, got ${show(value)}`);
}

export function equal<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T {
  if (!Object.is(actual, expected)) fail(message, `expected ${show(expected)}, got ${show(actual)}`);
}
export const strictEqual = equal;

export function notEqual(actual: unknown, expected: unknown, message?: string | Error): void {
  if (Object.is(actual, expected)) fail(message, `expected anything but ${show(expected)}`);
}

function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
  if (a instanceof Map && b instanceof Map) return a.size === b.size && [...a].every(([k, v]) => b.has(k) && same(v, b.get(k)));
  if (a instanceof Set && b instanceof Set) return a.size === b.size && [...a].every((v) => b.has(v));
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  return (
    ka.length === kb.length &&
    ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
  );
}

export function deepEqual<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T {
  if (!same(actual, expected)) fail(message, `expected ${show(expected)}, got ${show(actual)}`);
}
export const deepStrictEqual = deepEqual;

export function notDeepEqual(actual: unknown, expected: unknown, message?: string | Error): void {
  if (same(actual, expected)) fail(message, `expected anything but ${show(expected)}`);
}

export function match(text: string, re: RegExp, message?: string | Error): void {
  if (!re.test(text)) fail(message, `expected ${show(text)} to match ${re}`);
}

export function doesNotMatch(text: string, re: RegExp, message?: string | Error): void {
  if (re.test(text)) fail(message, `expected ${show(text)} not to match ${re}`);
}

export async function rejects(
  run: Promise<unknown> | (() => Promise<unknown>),
  expected?: RegExp | ((e: unknown) => boolean),
  message?: string,
): Promise<void> {
  try {
    await (typeof run === 'function' ? run() : run);
  } catch (e) {
    const text = e instanceof Error ? e.message : String(e);
    if (expected instanceof RegExp && !expected.test(text)) fail(message, `rejected with "${text}", not matching ${expected}`);
    if (typeof expected === 'function' && !expected(e)) fail(message, `rejected with "${text}", which the check refused`);
    return;
  }
  fail(message, 'expected a rejection');
}
