/**
 * The part of `node:assert/strict` the integration suites use, for the browser's web worker
 * extension host, which has no Node: the web test bundle maps `node:assert/strict` here.
 * Same names, same strictness (`equal` is `Object.is`, `deepEqual` compares own enumerable
 * properties, prototypes, Maps, Sets and Dates strictly).
 */

/** Thrown on a failed assertion, as Node's is. */
export class AssertionError extends Error {
  override readonly name = 'AssertionError';
  readonly code = 'ERR_ASSERTION';
}

function show(value: unknown): string {
  try {
    return typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    return String(value);
  }
}

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
  if (Object.is(actual, expected)) fail(message, `expected a value other than ${show(expected)}`);
}

function same(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
  if (a instanceof Date) return a.getTime() === (b as Date).getTime();
  if (a instanceof Map) {
    const other = b as Map<unknown, unknown>;
    return a.size === other.size && [...a].every(([key, value]) => other.has(key) && same(value, other.get(key)));
  }
  if (a instanceof Set) {
    const other = b as Set<unknown>;
    return a.size === other.size && [...a].every((value) => other.has(value));
  }
  const keysA = Object.keys(a);
  const keysB = Object.keys(b);
  if (keysA.length !== keysB.length) return false;
  return keysA.every((key) => Object.prototype.hasOwnProperty.call(b, key) && same((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]));
}

export function deepEqual<T>(actual: unknown, expected: T, message?: string | Error): asserts actual is T {
  if (!same(actual, expected)) fail(message, `expected ${show(expected)}, got ${show(actual)}`);
}

export const deepStrictEqual = deepEqual;

export function match(text: string, pattern: RegExp, message?: string | Error): void {
  if (typeof text !== 'string' || !pattern.test(text)) fail(message, `expected ${show(text)} to match ${String(pattern)}`);
}

export async function rejects(promise: Promise<unknown> | (() => Promise<unknown>), expected?: RegExp, message?: string): Promise<void> {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    if (expected && !expected.test(error instanceof Error ? error.message : String(error))) fail(message, `rejected with ${String(error)}, not matching ${String(expected)}`);
    return;
  }
  fail(message, 'expected a rejection');
}
