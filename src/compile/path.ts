import type { PathStep } from '../ast/nodes.js';
import { readKey, readLeaf } from '../semantics/values.js';
import type { LeafTest } from './operators.js';

/** A predicate over a whole record (or over an array element, below a selector). */
export type Predicate = (record: unknown) => boolean;

const isArray = Array.isArray;

/** Reads a chain of own-property keys; specialized for the common short paths. */
function keyReader(keys: readonly string[]): (value: unknown) => unknown {
  switch (keys.length) {
    case 0:
      return (v) => v;
    case 1: {
      const [a] = keys as [string];
      return (v) => readKey(v, a);
    }
    case 2: {
      const [a, b] = keys as [string, string];
      return (v) => readKey(readKey(v, a), b);
    }
    case 3: {
      const [a, b, c] = keys as [string, string, string];
      return (v) => readKey(readKey(readKey(v, a), b), c);
    }
    default:
      return (v) => {
        let cur = v;
        for (let i = 0; i < keys.length && cur !== undefined; i++) cur = readKey(cur, keys[i]!);
        return cur;
      };
  }
}

/**
 * Compiles a path and the test of its leaf into a predicate. A selector step becomes "some element of
 * the array here satisfies the rest", so every operator of the key is tested against one element.
 */
export function compilePath(steps: readonly PathStep[], test: LeafTest): Predicate {
  const selector = steps.findIndex((s) => s.kind === 'any');
  const keys = (selector < 0 ? steps : steps.slice(0, selector)).map((s) => (s.kind === 'key' ? s.key : ''));
  const read = keyReader(keys);
  if (selector < 0) return (record) => test(readLeaf(read(record)));
  const rest = compilePath(steps.slice(selector + 1), test);
  return (record) => {
    const array = read(record);
    if (!isArray(array)) return false;
    for (let i = 0; i < array.length; i++) if (rest(array[i])) return true;
    return false;
  };
}
