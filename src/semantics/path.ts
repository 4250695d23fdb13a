import type { PathStep } from '../ast/nodes.js';
import { isArray } from '../builtins.js';
import { readKey } from './values.js';

/** One value found at a path, with the element indexes its selectors chose (outermost first). */
export interface PathValue {
  readonly value: unknown;
  readonly elements: readonly number[];
}

/**
 * Every present value at a path, in document order: a selector step fans out over the elements of an
 * array (and yields nothing for anything else). Missing values are left out; `null` is kept.
 * The compiled predicates do not use this (they stop at the first match); explanations and tests do.
 *
 * @example
 * resolvePath({ nodes: [{ v: 1 }, { v: 2 }] }, parsePath('nodes$.__svcArrayAny__$.v', ''));
 * // [{ value: 1, elements: [0] }, { value: 2, elements: [1] }]
 */
export function resolvePath(record: unknown, steps: readonly PathStep[]): PathValue[] {
  const out: PathValue[] = [];
  // An explicit stack, not recursion: records can be deeper than any stack.
  const stack: Array<{ value: unknown; at: number; elements: readonly number[] }> = [
    { value: record, at: 0, elements: [] },
  ];
  while (stack.length > 0) {
    const { value, at, elements } = stack.pop()!;
    if (at === steps.length) {
      if (value !== undefined) out.push({ value, elements });
      continue;
    }
    const step = steps[at]!;
    if (step.kind === 'key') {
      const next = readKey(value, step.key);
      if (next !== undefined) stack.push({ value: next, at: at + 1, elements });
    } else if (isArray(value)) {
      for (let i = value.length - 1; i >= 0; i--)
        stack.push({ value: value[i], at: at + 1, elements: [...elements, i] });
    }
  }
  return out;
}
