import { assertNever, type FilterNode, LOGICAL_NAMES } from '../../ast/nodes.js';
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
  const stack: Array<{ node: FilterNode; at: string }> = [{ node, at: base }];
  while (stack.length > 0) {
    const { node: filter, at } = stack.pop()!;
    for (const clause of filter.clauses) {
      switch (clause.kind) {
        case 'field': {
          if (clause.path.length <= MAX_PATH_STEPS) break;
          const where = pointer(at, printPath(clause.path));
          throw new FilterError(
            'UNSUPPORTED',
            where,
            `a path of ${clause.path.length} segments is longer than the MongoDB target allows (${MAX_PATH_STEPS}) at ${where}`,
          );
        }
        case 'and':
        case 'or':
          for (const [i, f] of clause.filters.entries()) {
            stack.push({ node: f, at: pointer(at, LOGICAL_NAMES[clause.kind], i) });
          }
          break;
        case 'not':
          stack.push({ node: clause.filter, at: pointer(at, LOGICAL_NAMES.not) });
          break;
        default:
          assertNever(clause, 'clause node');
      }
    }
  }
}
