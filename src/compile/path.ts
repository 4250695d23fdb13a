import type { OperatorNode, PathStep, Scalar } from '../ast/nodes.js';
import { arrayFindIndex, arrayIncludes } from '../builtins.js';
import { readKey, readLeaf } from '../semantics/values.js';
import type { LeafTest } from './operators.js';

// Module constants, not imports, on this hot path: captured at load like those of src/builtins.ts,
// and read as constants whatever the bundler makes of imports.
const isArray = Array.isArray;

/** A predicate over a whole record (or over an array element, below a selector). */
export type Predicate = (record: unknown) => boolean;

type Reader = (value: unknown) => unknown;

/**
 * Reads a chain of keys with plain property access: fast, but it may see inherited properties, array
 * properties and properties of primitives. Callers confirm with {@link isRealPath} whenever that could
 * change the answer.
 */
function fastReader(keys: readonly string[]): Reader {
  switch (keys.length) {
    case 0:
      return (v) => v;
    case 1: {
      const [a] = keys as [string];
      return (v) => (v == null ? undefined : (v as Record<string, unknown>)[a]);
    }
    case 2: {
      const [a, b] = keys as [string, string];
      return (v) => {
        const x = v == null ? undefined : (v as Record<string, unknown>)[a];
        return x == null ? undefined : (x as Record<string, unknown>)[b];
      };
    }
    default:
      return (v) => {
        let x = v;
        for (let i = 0; i < keys.length && x != null; i++) x = (x as Record<string, unknown>)[keys[i]!];
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
 * tell a `Date` from its ISO string (see `readsDates`).
 */
export function compilePath(steps: readonly PathStep[], test: LeafTest, normalize = true): Predicate {
  const selector = arrayFindIndex(steps, (s) => s.kind === 'any');
  const keys = (selector < 0 ? steps : steps.slice(0, selector)).map((s) => (s.kind === 'key' ? s.key : ''));
  const read = fastReader(keys);
  if (selector < 0) {
    const whenMissing = test(undefined);
    // The reads of short paths are written out here rather than called through `read`: in the
    // closure compiler every call site is shared by all filters, so each call saved is a megamorphic
    // call saved (about a fifth of the time of a two-equality filter).
    if (!normalize && keys.length === 1) {
      const [a] = keys as [string];
      return (record) => {
        const res = test(record == null ? undefined : (record as Record<string, unknown>)[a]);
        return res === whenMissing || isRealPath(record, keys) ? res : whenMissing;
      };
    }
    if (keys.length === 1) {
      const [a] = keys as [string];
      return (record) => {
        const res = test(readLeaf(record == null ? undefined : (record as Record<string, unknown>)[a]));
        return res === whenMissing || isRealPath(record, keys) ? res : whenMissing;
      };
    }
    if (keys.length === 3) {
      const [a, b, c] = keys as [string, string, string];
      return (record) => {
        const x = record == null ? undefined : (record as Record<string, unknown>)[a];
        const y = x == null ? undefined : (x as Record<string, unknown>)[b];
        const z = y == null ? undefined : (y as Record<string, unknown>)[c];
        const res = test(normalize ? readLeaf(z) : z);
        return res === whenMissing || isRealPath(record, keys) ? res : whenMissing;
      };
    }
    if (!normalize) {
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
  const rest = compilePath(steps.slice(selector + 1), test, normalize);
  // No elements (not an array, empty) is false for every operator: verify the path once one matched.
  return (record) => {
    const array = read(record);
    if (!isArray(array)) return false;
    for (let i = 0; i < array.length; i++) if (rest(array[i])) return isRealPath(record, keys);
    return false;
  };
}

/** Lists up to this size are scanned; above it a `Set` is faster than a loop of `===` (as in operators.ts). */
const SCAN_LIMIT = 8;
const setHas = Set.prototype.has;

/** The membership test of a list without `null` (which the general path handles). */
function isMember(values: readonly Scalar[]): (v: unknown) => boolean {
  const list = [...new Set(values)];
  if (list.length <= SCAN_LIMIT) {
    return (v) => {
      for (let i = 0; i < list.length; i++) if (list[i] === v) return true;
      return false;
    };
  }
  const set: ReadonlySet<unknown> = new Set(list);
  return (v) => setHas.call(set, v);
}

/**
 * The closure compiler's fast path for the most common clause: one equality or membership operator
 * (`$eq`, `$ne`, `$in`, `$nin`, no `null` operand, no ISO-like string) on a path without a selector.
 * The test is written into the clause's own closure instead of called through a shared `test`: that
 * call site sees every filter's tests, so V8 cannot inline it, and it costs as much as the comparison.
 * `undefined` when the clause is not of that kind (the general {@link compilePath} compiles it).
 */
export function compileSimpleField(
  steps: readonly PathStep[],
  ops: readonly OperatorNode[],
): Predicate | undefined {
  if (ops.length !== 1 || steps.length === 0 || arrayFindIndex(steps, (s) => s.kind === 'any') >= 0) {
    return undefined;
  }
  const keys = steps.map((s) => (s.kind === 'key' ? s.key : ''));
  const read = fastReader(keys);
  const op = ops[0]!;
  switch (op.kind) {
    case 'eq': {
      const x = op.value;
      if (x === null) return undefined;
      // Missing is false: only a match needs the exact read.
      return (record) => read(record) === x && isRealPath(record, keys);
    }
    case 'ne': {
      const x = op.value;
      if (x === null) return undefined;
      // Missing is true: only a match of the operand needs the exact read.
      return (record) => read(record) !== x || !isRealPath(record, keys);
    }
    case 'in': {
      if (arrayIncludes(op.values, null)) return undefined;
      const member = isMember(op.values as readonly Scalar[]);
      return (record) => member(read(record)) && isRealPath(record, keys);
    }
    case 'nin': {
      if (arrayIncludes(op.values, null)) return undefined;
      const member = isMember(op.values as readonly Scalar[]);
      return (record) => !member(read(record)) || !isRealPath(record, keys);
    }
    default:
      return undefined;
  }
}
