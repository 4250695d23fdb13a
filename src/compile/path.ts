import type { PathStep } from '../ast/nodes.js';
import { arrayFindIndex } from '../builtins.js';
import { readKey, readLeaf } from '../semantics/values.js';
import type { LeafTest } from './operators.js';

// Module constants, not imports, on this hot path: captured at load like those of src/builtins.ts,
// and read as constants whatever the bundler makes of imports.
const isArray = Array.isArray;

/** A predicate over a whole record (or over an array element, below a selector). */
export type Predicate = (record: unknown) => boolean;

type Reader = (value: unknown) => unknown;

type Rec = Record<string, unknown>;
type Site = (key: string) => Reader;

/**
 * Copies of one key read, each a place of its own in the source. V8 keeps what a property read has
 * seen (its inline cache) per place in the source, shared by every closure made there: a single
 * `v[key]` serving every key of every filter sees many names and turns into a generic lookup: with it,
 * F1–F5 took 1.88× the time of their hand-written closures at 1,000,000 records, and 1.61× with these
 * copies (bench/README.md). Here each of the first 32 keys the process compiles gets a copy of its
 * own, whose read only ever sees that name; later keys share the read of {@link shared}. The answer is
 * the same either way.
 */
const SITES: readonly Site[] = [
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
  (k) => (v) => (v as Rec | null | undefined)?.[k],
];

/** The read every key shares once no copy is left. */
const shared: Site = (k) => (v) => (v as Rec | null | undefined)?.[k];

/** The read of each key that has a copy of its own; null prototype, so any key is an own property. */
const readers: Record<string, Reader> = Object.create(null);
let sitesUsed = 0;

/** The read of one key, through a copy of its own while any is left (see {@link SITES}). */
function keyReader(key: string): Reader {
  let read = readers[key];
  if (read === undefined) {
    if (sitesUsed === SITES.length) return shared(key);
    read = readers[key] = SITES[sitesUsed++]!(key);
  }
  return read;
}

/**
 * Reads a chain of keys with plain property access: fast, but it may see inherited properties, array
 * properties and properties of primitives. Callers confirm with {@link isRealPath} whenever that could
 * change the answer.
 */
function fastReader(keys: readonly string[]): Reader {
  // A loop, not `map`: a replaced built-in must not change what is read.
  const reads: Reader[] = [];
  for (let i = 0; i < keys.length; i++) reads[i] = keyReader(keys[i]!);
  switch (reads.length) {
    case 0:
      return (v) => v;
    case 1:
      return reads[0]!;
    case 2: {
      const [a, b] = reads as [Reader, Reader];
      return (v) => b(a(v));
    }
    default:
      return (v) => {
        let x = v;
        for (let i = 0; i < reads.length; i++) x = reads[i]!(x);
        return x;
      };
  }
}

const OBJECT_PROTOTYPE = Object.prototype as Record<string, unknown>;

/**
 * Whether `x` is a plain object (what JSON.parse makes) whose prototype holds nothing at `key`: then
 * what is read at `key` is its own property. The common case, decided without a call, as generated
 * code decides it.
 */
function plainAt(x: object, key: string): boolean {
  return (
    // biome-ignore lint/suspicious/noProto: the prototype test of the generated code, which V8 inlines
    (x as { __proto__: unknown }).__proto__ === OBJECT_PROTOTYPE &&
    OBJECT_PROTOTYPE[key] === undefined &&
    !isArray(x)
  );
}

/** True when every key of the chain is an own property of a non-array object (the exact read). */
function isRealPath(value: unknown, keys: readonly string[]): boolean {
  let x = value;
  for (let i = 0; i < keys.length; i++) {
    const key = keys[i]!;
    x =
      typeof x === 'object' && x !== null && plainAt(x, key)
        ? (x as Record<string, unknown>)[key]
        : readKey(x, key);
    if (x === undefined) return false;
  }
  return true;
}

/**
 * Compiles a path and the test of its leaf into a predicate. Keys are read with plain property access,
 * and the exact own-property read is repeated only when the answer differs from the answer for a
 * missing value: only then could an inherited or array property have changed it.
 * A selector step becomes "some element of the array here satisfies the rest", so every operator of
 * the key is tested against one element. `normalize: false` skips `readLeaf` where the operators cannot
 * tell a `Date` from its ISO string (see `readsDates`). `equal`, when given, is the operand of the
 * key's one `$eq`, which `test` tests: with `normalize: false` it is compared in the path's closure.
 */
export function compilePath(
  steps: readonly PathStep[],
  test: LeafTest,
  normalize = true,
  equal?: unknown,
): Predicate {
  const selector = arrayFindIndex(steps, (s) => s.kind === 'any');
  const keys = (selector < 0 ? steps : steps.slice(0, selector)).map((s) => (s.kind === 'key' ? s.key : ''));
  const read = fastReader(keys);
  if (selector < 0) {
    const whenMissing = test(undefined);
    if (!normalize) {
      // One `$eq` is compared here, not through `test`: that call site serves every filter, so V8
      // cannot inline it, and the call costs as much as the comparison. Missing is false.
      if (equal !== undefined) return (record) => read(record) === equal && isRealPath(record, keys);
      return (record) => {
        const res = test(read(record));
        return res === whenMissing || isRealPath(record, keys) ? res : whenMissing;
      };
    }
    return (record) => {
      const res = test(readLeaf(read(record)));
      return res === whenMissing || isRealPath(record, keys) ? res : whenMissing;
    };
  }
  const rest = compilePath(steps.slice(selector + 1), test, normalize, equal);
  // No elements (not an array, empty) is false for every operator: verify the path once one matched.
  return (record) => {
    const array = read(record);
    if (!isArray(array)) return false;
    for (let i = 0; i < array.length; i++) if (rest(array[i])) return isRealPath(record, keys);
    return false;
  };
}
