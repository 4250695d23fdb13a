import type { OperatorNode } from '../../ast/nodes.js';
import { arrayEvery } from '../../builtins.js';
import { answersOf } from '../../semantics/operators.js';

/**
 * What an operator object gives for a value that is missing (null, absent, or read through a
 * non-object), and for an array or object value: constants of docs/semantics.md section 4, which
 * let the translators decide the array and missing cases at translation time.
 */
export interface LeafConstants {
  readonly onMissing: boolean;
  readonly onArray: boolean;
}

export function leafConstants(ops: readonly OperatorNode[]): LeafConstants {
  return {
    onMissing: arrayEvery(ops, (op) => answersOf(op).whenMissing(op)),
    onArray: arrayEvery(ops, (op) => answersOf(op).onArray(op)),
  };
}
