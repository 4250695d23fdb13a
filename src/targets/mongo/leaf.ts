import { assertNever, type OperatorNode } from '../../ast/nodes.js';
import { arrayEvery, arrayIncludes } from '../../builtins.js';

/**
 * What an operator object gives for a value that is missing (null, absent, or read through a
 * non-object), and for an array or object value: constants of docs/semantics.md section 4, which
 * let the translators decide the array and missing cases at translation time.
 */
export interface LeafConstants {
  readonly onMissing: boolean;
  readonly onArray: boolean;
}

function onMissing(op: OperatorNode): boolean {
  switch (op.kind) {
    case 'eq':
      return op.value === null;
    case 'ne':
      return op.value !== null;
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
    case 'like':
      return false;
    case 'in':
      return arrayIncludes(op.values, null);
    case 'nin':
      return !arrayIncludes(op.values, null);
    case 'exists':
      return !op.value;
    case 'vne':
      return true;
    case 'veq':
    case 'vgt':
    case 'vgte':
    case 'vlt':
    case 'vlte':
      return false;
    case 'elemMatch':
      // A missing element is not an object: only `{}` holds for it.
      return op.filter.clauses.length === 0;
    default:
      return assertNever(op, 'operator node');
  }
}

/**
 * Arrays and objects are "another type" for every operand: only the negative operators hold. (`$elemMatch`
 * is never asked about objects: the translators send it to an exact expression.)
 */
function onArray(op: OperatorNode): boolean {
  switch (op.kind) {
    case 'eq':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
    case 'in':
    case 'like':
      return false;
    case 'ne':
    case 'nin':
      return true;
    case 'exists':
      return op.value;
    case 'vne':
      return true;
    case 'veq':
    case 'vgt':
    case 'vgte':
    case 'vlt':
    case 'vlte':
      return false;
    case 'elemMatch':
      return op.filter.clauses.length === 0;
    default:
      return assertNever(op, 'operator node');
  }
}

export function leafConstants(ops: readonly OperatorNode[]): LeafConstants {
  return { onMissing: arrayEvery(ops, onMissing), onArray: arrayEvery(ops, onArray) };
}
