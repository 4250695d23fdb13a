import { assertNever, type FilterNode, LOGICAL_NAMES, OPERATOR_NAMES } from '../../ast/nodes.js';
import { FilterError, pointer } from '../../errors.js';
import { printPath } from '../../parse/path.js';

/**
 * The longest path the MongoDB target translates. MongoDB stores documents nested at most 100 levels
 * deep, so a longer path never reaches a stored value; and every step of a selector or of an `$expr`
 * read nests the output one level or more, which the server refuses past its own depth limit (and
 * which would exhaust the translator's call stack long before a filter's own limits do). Refusing
 * such a path with a typed error is clearer than a query the server rejects.
 */
export const MAX_PATH_STEPS = 100;

/**
 * Throws `UNSUPPORTED` (with the place in the filter) for a path longer than {@link MAX_PATH_STEPS}.
 * `base` is the pointer of the filter itself (a policy condition's place, or `''`). An explicit stack,
 * not recursion: the filter's own nesting is bounded only by the caller's `maxDepth`.
 */
export function checkMongoLimits(node: FilterNode, base = ''): void {
  // `above` counts the path steps of the `$elemMatch`es a filter sits in: its paths continue theirs.
  const stack: Array<{ node: FilterNode; at: string; above: number }> = [{ node, at: base, above: 0 }];
  while (stack.length > 0) {
    const { node: filter, at, above } = stack.pop()!;
    for (const clause of filter.clauses) {
      switch (clause.kind) {
        case 'field': {
          const where = pointer(at, printPath(clause.path));
          const steps = above + clause.path.length;
          if (steps > MAX_PATH_STEPS) {
            throw new FilterError(
              'UNSUPPORTED',
              where,
              `a path of ${steps} segments${above > 0 ? ' (with the paths of the enclosing $elemMatch)' : ''} is longer than the MongoDB target allows (${MAX_PATH_STEPS}) at ${where}`,
            );
          }
          for (const op of clause.operators) {
            if (op.kind === 'elemMatch') {
              stack.push({ node: op.filter, at: pointer(where, OPERATOR_NAMES.elemMatch), above: steps });
            }
          }
          break;
        }
        case 'and':
        case 'or':
          for (const [i, f] of clause.filters.entries()) {
            stack.push({ node: f, at: pointer(at, LOGICAL_NAMES[clause.kind], i), above });
          }
          break;
        case 'not':
          stack.push({ node: clause.filter, at: pointer(at, LOGICAL_NAMES.not), above });
          break;
        default:
          assertNever(clause, 'clause node');
      }
    }
  }
}
