import util from 'node:util';
import { afterEach, expect } from 'vitest';
import { FilterError, PolicyError, QueryError } from '../../src/index.js';

/**
 * Shared by the attack suites of test/hostile: every attack must end in the library's own typed error
 * or in the literal correct answer, quickly, and must leave the built-in prototypes as they were.
 */

/** A generous bound: these inputs take microseconds; the bound only proves "does not hang". */
export const HANG_BOUND_MS = 5_000;

/** Runs `fn`, failing if it takes longer than {@link HANG_BOUND_MS}; returns what it returned. */
export function quickly<T>(fn: () => T): T {
  const started = performance.now();
  const out = fn();
  expect(performance.now() - started).toBeLessThan(HANG_BOUND_MS);
  return out;
}

/** The asynchronous twin of {@link quickly}. */
export async function quicklyAsync<T>(fn: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const out = await fn();
  expect(performance.now() - started).toBeLessThan(HANG_BOUND_MS);
  return out;
}

/** The error `fn` threw (failing when it returned), checked to come quickly. */
export function thrown(fn: () => unknown): unknown {
  const started = performance.now();
  try {
    fn();
  } catch (error) {
    expect(performance.now() - started).toBeLessThan(HANG_BOUND_MS);
    return error;
  }
  throw new Error('expected an error, got a result');
}

/** Asserts that `fn` throws a `FilterError`, with `code` and `path` when given. */
export function expectFilterError(fn: () => unknown, code?: string, path?: string): FilterError {
  const error = thrown(fn);
  expect(error, String(error)).toBeInstanceOf(FilterError);
  const e = error as FilterError;
  if (code !== undefined) expect(e.code, e.message).toBe(code);
  if (path !== undefined) expect(e.path).toBe(path);
  return e;
}

/** Asserts that `fn` throws a `PolicyError`, one of whose problems has `code` when given. */
export function expectPolicyError(fn: () => unknown, code?: string): PolicyError {
  const error = thrown(fn);
  expect(error, String(error)).toBeInstanceOf(PolicyError);
  const e = error as PolicyError;
  if (code !== undefined) expect(e.problems.map((p) => p.code)).toContain(code);
  return e;
}

/** True for the library's own typed errors (never for a value an input threw, whatever it claims). */
export function isTypedError(error: unknown): boolean {
  if (typeof error !== 'object' || error === null || util.types.isProxy(error)) return false;
  return error instanceof FilterError || error instanceof PolicyError || error instanceof QueryError;
}

/** Asserts that `fn` either returns or throws only the library's own typed errors. */
export function onlyTypedErrors(fn: () => unknown): void {
  try {
    fn();
  } catch (error) {
    if (isTypedError(error)) return;
    throw error;
  }
}

/** Own property names and descriptors of a prototype, to compare before and after an attack. */
function snapshot(target: object): Map<PropertyKey, PropertyDescriptor | undefined> {
  const out = new Map<PropertyKey, PropertyDescriptor | undefined>();
  for (const key of Reflect.ownKeys(target)) out.set(key, Object.getOwnPropertyDescriptor(target, key));
  return out;
}

const GUARDED: readonly [string, object][] = [
  ['Object.prototype', Object.prototype],
  ['Array.prototype', Array.prototype],
  ['String.prototype', String.prototype],
  ['Function.prototype', Function.prototype],
];

/**
 * Registers an `afterEach` that fails when a test left `Object.prototype` (or the Array, String and
 * Function prototypes) changed: a key added, removed or redefined. Call once at the top of a suite.
 */
export function guardPrototypes(): void {
  const before = GUARDED.map(([name, target]) => [name, target, snapshot(target)] as const);
  afterEach(() => {
    for (const [name, target, was] of before) {
      const now = snapshot(target);
      expect([...now.keys()].map(String).sort(), `${name} keys`).toEqual([...was.keys()].map(String).sort());
      for (const [key, descriptor] of was) {
        const current = now.get(key);
        expect(current?.value, `${name}.${String(key)}`).toBe(descriptor?.value);
        expect(current?.get, `${name}.${String(key)} getter`).toBe(descriptor?.get);
      }
    }
  });
}

function pollute(target: object, props: Record<PropertyKey, unknown>): () => void {
  const saved = new Map<PropertyKey, PropertyDescriptor | undefined>();
  for (const key of Reflect.ownKeys(props)) {
    saved.set(key, Object.getOwnPropertyDescriptor(target, key));
    // As `Object.prototype.x = …` does: writable, configurable and enumerable (seen by `for…in`).
    Object.defineProperty(target, key, {
      value: (props as Record<PropertyKey, unknown>)[key as string],
      writable: true,
      configurable: true,
      enumerable: true,
    });
  }
  return () => {
    for (const [key, descriptor] of saved) {
      if (descriptor === undefined) delete (target as Record<PropertyKey, unknown>)[key as string];
      else Object.defineProperty(target, key, descriptor);
    }
  };
}

/**
 * Runs `fn` with properties set on a prototype (values, or methods replaced), restoring every one of
 * them afterwards, whatever happens.
 */
export function polluted<T>(target: object, props: Record<PropertyKey, unknown>, fn: () => T): T {
  const restore = pollute(target, props);
  try {
    return fn();
  } finally {
    restore();
  }
}

/** The asynchronous twin of {@link polluted}: the prototypes are restored once `fn` has settled. */
export async function pollutedAsync<T>(
  target: object,
  props: Record<PropertyKey, unknown>,
  fn: () => Promise<T>,
): Promise<T> {
  const restore = pollute(target, props);
  try {
    return await fn();
  } finally {
    restore();
  }
}

/** A revoked Proxy: any operation on it throws a TypeError. */
export function revokedProxy(): object {
  const { proxy, revoke } = Proxy.revocable({}, {});
  revoke();
  return proxy;
}

/** An object whose every trap throws. */
export function throwingProxy(): object {
  const boom = () => {
    throw new Error('trap');
  };
  return new Proxy(
    {},
    {
      get: boom,
      has: boom,
      ownKeys: boom,
      getOwnPropertyDescriptor: boom,
      getPrototypeOf: boom,
      defineProperty: boom,
      set: boom,
    },
  );
}

/** An object whose `key` getter throws. */
export function throwingGetter(key: string, rest: Record<string, unknown> = {}): object {
  return Object.defineProperty({ ...rest }, key, {
    enumerable: true,
    get() {
      throw new Error(`getter of ${key}`);
    },
  });
}

/**
 * Values a getter or a Proxy trap can throw that are not errors, or not readable ones: each must end
 * in the library's typed error all the same, with a short message. `String(value)` fails or runs the
 * value's code on most of them.
 */
export function thrownValues(): [string, () => unknown][] {
  const nullPrototype = Object.create(null) as object;
  const throwingMessage = Object.defineProperty(new Error('x'), 'message', {
    get() {
      throw new Error('message getter');
    },
  });
  const throwingConversions = {
    message: undefined,
    toString() {
      throw new Error('toString');
    },
    valueOf() {
      throw new Error('valueOf');
    },
    [Symbol.toPrimitive]() {
      throw new Error('toPrimitive');
    },
  };
  const messageTrapThrows = new Proxy(new Error('x'), {
    get() {
      throw new Error('get trap');
    },
    getPrototypeOf() {
      throw new Error('getPrototypeOf trap');
    },
  });
  const pretendsToBeOurs = new Proxy(
    {},
    {
      // Claims to be a FilterError: `instanceof` would believe it, the library must not.
      getPrototypeOf: () => FilterError.prototype,
      get: (_, key) => (key === 'message' ? 'forged' : key === 'code' ? 'FORGED' : undefined),
    },
  );
  return [
    ['an object without a prototype', () => nullPrototype],
    ['a revoked Proxy', () => revokedProxy()],
    ['an Error whose message getter throws', () => throwingMessage],
    ['an object whose toString, valueOf and Symbol.toPrimitive throw', () => throwingConversions],
    ['a Proxy whose get and getPrototypeOf traps throw', () => messageTrapThrows],
    ['a Proxy claiming FilterError.prototype', () => pretendsToBeOurs],
    ['a 1 MB string', () => 'x'.repeat(1_000_000)],
    ['an Error with a 1 MB message', () => new Error('m'.repeat(1_000_000))],
    ['a Symbol', () => Symbol('thrown')],
    ['undefined', () => undefined],
    ['null', () => null],
    ['a BigInt', () => 10n],
  ];
}

/** An object whose `key` getter throws the value `make` returns (anything, not only errors). */
export function getterThrowing(key: string, make: () => unknown, rest: Record<string, unknown> = {}): object {
  return Object.defineProperty({ ...rest }, key, {
    enumerable: true,
    get() {
      throw make();
    },
  });
}
