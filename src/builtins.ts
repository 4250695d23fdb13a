/**
 * Built-ins captured when the library loads, so that code loaded later that patches a global
 * (`Array.prototype.some = () => false`, `Object.hasOwn = () => true`, a polyfill gone wrong) cannot
 * change what a filter or a policy means. fast-check and Node's own `primordials` do the same. Only the
 * built-ins whose answer decides a result are captured; a patched `map` or `join` can break the library
 * (a thrown error) but not make it answer wrongly.
 *
 * Prototype methods are called through `Function.prototype.call` captured here (`uncurry`): V8 inlines
 * such calls of a constant function, so the hot paths keep their speed (see bench/README.md).
 */

const call = Function.prototype.call;

/** `fn` as a plain function taking its `this` first; immune to later changes of the prototype. */
function uncurry<This, Args extends unknown[], R>(
  fn: (this: This, ...args: Args) => R,
): (self: This, ...args: Args) => R {
  return call.bind(fn) as unknown as (self: This, ...args: Args) => R;
}

export const hasOwn: (o: object, key: PropertyKey) => boolean = Object.hasOwn;
export const objectKeys: (o: object) => string[] = Object.keys;
export const objectValues: (o: object) => unknown[] = Object.values;
export const getPrototypeOf: (o: object) => object | null = Object.getPrototypeOf;
export const getOwnPropertySymbols: (o: object) => symbol[] = Object.getOwnPropertySymbols;
export const defineProperty = Object.defineProperty;
export const freeze = Object.freeze;
/** Writes the string literals of generated code (src/compile/codegen.ts): a patched one could write code. */
export const jsonStringify: (value: unknown) => string = JSON.stringify;
export const isArray: (v: unknown) => v is readonly unknown[] = Array.isArray;
export const mathMin: (...values: number[]) => number = Math.min;
export const numberIsFinite: (v: unknown) => boolean = Number.isFinite;
export const numberIsNaN: (v: unknown) => boolean = Number.isNaN;
export const numberIsInteger: (v: unknown) => boolean = Number.isInteger;
export const numberIsSafeInteger: (v: unknown) => boolean = Number.isSafeInteger;

const ArrayProto = Array.prototype;
const StringProto = String.prototype;

export const arraySome: <T>(a: readonly T[], test: (x: T, i: number) => unknown) => boolean = uncurry(
  ArrayProto.some,
) as never;
export const arrayEvery: <T>(a: readonly T[], test: (x: T, i: number) => unknown) => boolean = uncurry(
  ArrayProto.every,
) as never;
export const arrayFind: <T>(a: readonly T[], test: (x: T, i: number) => unknown) => T | undefined = uncurry(
  ArrayProto.find,
) as never;
export const arrayFindIndex: <T>(a: readonly T[], test: (x: T, i: number) => unknown) => number = uncurry(
  ArrayProto.findIndex,
) as never;
export const arrayIncludes: <T>(a: readonly T[], x: T) => boolean = uncurry(ArrayProto.includes) as never;
export const arrayIndexOf: <T>(a: readonly T[], x: T) => number = uncurry(ArrayProto.indexOf) as never;

/*
 * String methods used on hot paths are exported as the captured functions themselves, called as
 * `startsWith.call(s, prefix)`: TurboFan inlines a `.call` of a known built-in, a bound one less surely.
 */
export const stringStartsWith = StringProto.startsWith;
export const stringEndsWith = StringProto.endsWith;
export const stringIndexOf = StringProto.indexOf;
export const stringCharCodeAt = StringProto.charCodeAt;
export const stringIncludes: (s: string, search: string) => boolean = uncurry(StringProto.includes);
export const stringSplit: (s: string, separator: string) => string[] = uncurry(StringProto.split) as never;
export const stringIsWellFormed: (s: string) => boolean = uncurry(StringProto.isWellFormed);
/**
 * `charCodeAt` as a plain function. In the version comparison's loop over code units it measured as fast
 * as the unprotected method, where `stringCharCodeAt.call(s, i)` took twice as long.
 */
export const charCodeAt: (s: string, index: number) => number = uncurry(StringProto.charCodeAt);
export const setHas = Set.prototype.has;
export const mapGet = Map.prototype.get;
export const mapHas = Map.prototype.has;
export const weakMapGet = WeakMap.prototype.get;
export const weakMapSet = WeakMap.prototype.set;
export const weakSetHas = WeakSet.prototype.has;
export const weakSetAdd = WeakSet.prototype.add;
export const regexpTest: (re: RegExp, s: string) => boolean = uncurry(RegExp.prototype.test);

/**
 * How many own enumerable string keys `o` has, counted no further than `max + 1`: a caller's object of
 * a million keys is refused without listing its entries or reading (or, through a Proxy, asking about)
 * every key. The engine still lists the keys once; nothing per key past the bound runs.
 *
 * @example
 * countOwnKeys({ a: 1, b: 2, c: 3 }, 1); // 2: more than 1
 */
export function countOwnKeys(o: object, max: number): number {
  let n = 0;
  for (const key in o) {
    if (hasOwn(o, key) && ++n > max) break;
  }
  return n;
}

/** Own property `key` of `o`, or `undefined` when `o` only inherits it (a polluted prototype). */
export function own(o: object, key: string): unknown {
  return hasOwn(o, key) ? (o as Record<string, unknown>)[key] : undefined;
}

/**
 * The options a caller passed, as a snapshot of their own properties on an object without a prototype:
 * an option set on `Object.prototype` by polluted code is not an option. `undefined`, `null` and
 * non-objects give no options (as before: they were read as having none).
 */
export function ownOptions<T extends object>(options: T | undefined): T {
  const out = Object.create(null) as Record<string, unknown>;
  if (typeof options !== 'object' || options === null) return out as T;
  const keys = objectKeys(options);
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    out[key] = (options as Record<string, unknown>)[key];
  }
  return out as T;
}

/** Own option `key` of `options` (`undefined` when absent, inherited, or when `options` is not an object). */
export function option<T extends object, K extends keyof T & string>(
  options: T | null | undefined,
  key: K,
): T[K] | undefined {
  if (typeof options !== 'object' || options === null) return undefined;
  return hasOwn(options, key) ? options[key] : undefined;
}
