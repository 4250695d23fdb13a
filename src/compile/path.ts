import type { PathStep } from '../ast/nodes.js';
import { readLeaf } from '../semantics/values.js';
import { SITES } from './generated/key-sites.js';
import type { Check, KeyReads, LeafTest, Predicate, Reader } from './reads.js';

// Module constants, not imports, on this hot path: captured at load like those of src/builtins.ts,
// and read as constants whatever the bundler makes of imports.
const isArray = Array.isArray;

export type { KeyReads, KeySite, Predicate } from './reads.js';

/** The reads of each key that has a copy of its own; null prototype, so any key is an own property. */
const sites: Record<string, KeyReads> = Object.create(null);
let sitesUsed = 0;

/**
 * The reads of one key, through a copy of its own while any is left. V8 keeps what a property read has
 * seen (its inline cache) per place in the source, shared by every closure made there: one read serving
 * every key of every filter sees many names and objects of many shapes, and turns into a generic lookup
 * (the largest cost in a profile of F1 before the copies). The first keys a process compiles get a copy
 * each, whose reads only see that key; the last copy serves every later key. The answer is the same
 * either way; bench/README.md has the figures.
 */
function keyReads(key: string): KeyReads {
  let reads = sites[key];
  if (reads === undefined) {
    // The last copy serves every key that comes once the others are taken; those are not kept, so
    // that a process compiling ever new keys does not keep them all.
    if (sitesUsed === SITES.length - 1) return SITES[sitesUsed]!(key);
    reads = sites[key] = SITES[sitesUsed++]!(key);
  }
  return reads;
}

const identity: Reader = (v) => v;
const defined: Check = (v) => v !== undefined;

/** Reads a chain of keys with plain property access (see {@link KeyReads}). */
function fastReader(keys: readonly string[]): Reader {
  // Loops, not `map`/`reduceRight`: a replaced built-in must not change what is read.
  let read = identity;
  for (let i = keys.length - 1; i >= 0; i--) read = keyReads(keys[i]!).then(read);
  return read;
}

/** True when every key of the chain is an own property of a non-array object (the exact read). */
function realPath(keys: readonly string[]): Check {
  let real = defined;
  for (let i = keys.length - 1; i >= 0; i--) real = keyReads(keys[i]!).real(real);
  return real;
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
  // Loops, not `findIndex`/`map`: this runs for every key of every filter compiled.
  const keys: string[] = [];
  let selector = -1;
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i]!;
    if (step.kind === 'any') {
      selector = i;
      break;
    }
    keys.push(step.key);
  }
  if (selector < 0 && !normalize && keys.length === 1) {
    // One key's closures read and verify in one call; and one `$eq` is compared there, not through
    // `test`: that call site serves every filter, so V8 cannot inline it, and the call costs as much
    // as the comparison. Missing is false for `$eq`.
    const reads = keyReads(keys[0]!);
    return equal !== undefined ? reads.equal(equal) : reads.test(test, test(undefined));
  }
  const read = fastReader(keys);
  const real = realPath(keys);
  if (selector < 0) {
    const whenMissing = test(undefined);
    if (!normalize) {
      if (equal !== undefined) return (record) => read(record) === equal && real(record);
      return (record) => {
        const res = test(read(record));
        return res === whenMissing || real(record) ? res : whenMissing;
      };
    }
    return (record) => {
      const res = test(readLeaf(read(record)));
      return res === whenMissing || real(record) ? res : whenMissing;
    };
  }
  const rest = compilePath(steps.slice(selector + 1), test, normalize, equal);
  // No elements (not an array, empty) is false for every operator: verify the path once one matched.
  return (record) => {
    const array = read(record);
    if (!isArray(array)) return false;
    for (let i = 0; i < array.length; i++) if (rest(array[i])) return real(record);
    return false;
  };
}
