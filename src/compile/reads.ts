/**
 * The types of compiled reads and tests, shared by the path reader, the operator tests and the generated
 * key sites (apart, so that none of them imports another for a type).
 */

/** A test of one leaf value, already normalized by `readLeaf`. */
export type LeafTest = (v: unknown) => boolean;

/** A predicate over a whole record (or over an array element, below a selector). */
export type Predicate = (record: unknown) => boolean;

export type Reader = (value: unknown) => unknown;

/** A test of the value at the end of a path, true when the path holds. */
export type Check = (value: unknown) => boolean;

/**
 * The reads of one key, made by a {@link KeySite}. `then` reads with plain property access: fast, but it
 * may see inherited properties, array properties and properties of primitives. `real`, `equal` and
 * `test` are exact (an own property of a non-array object), the check made only where it could change
 * the answer. Each closure reads and checks its key itself, so a one-key clause costs one call.
 */
export interface KeyReads {
  /** `next` of the value at the key. */
  readonly then: (next: Reader) => Reader;
  /** Whether the key is an own property of a non-array object and `next` holds for its value. */
  readonly real: (next: Check) => Check;
  /** A predicate: the value at the key is `e` (not `undefined`). */
  readonly equal: (e: unknown) => Predicate;
  /** A predicate: `test` of the value at the key, `whenMissing` being `test(undefined)`. */
  readonly test: (test: LeafTest, whenMissing: boolean) => Predicate;
}

/** Makes the reads of a key; each copy is a place of its own in the source (src/compile/generated/key-sites.ts). */
export type KeySite = (key: string) => KeyReads;
