import { assertNever, type FilterNode, LOGICAL_NAMES, OPERATOR_NAMES } from '../../ast/nodes.js';
import { FilterError, pointer, showPointer } from '../../errors.js';
import { printPath } from '../../parse/path.js';
import { likeToRegex } from './regex.js';

/**
 * The longest path the MongoDB target translates. MongoDB stores documents nested at most 100 levels
 * deep, so a longer path never reaches a stored value; and every step of a selector or of an `$expr`
 * read nests the output one level or more, which the server refuses past its own depth limit (and
 * which would exhaust the translator's call stack long before a filter's own limits do). Refusing
 * such a path with a typed error is clearer than a query the server rejects.
 */
export const MAX_PATH_STEPS = 100;

/**
 * The longest regular expression, in UTF-8 bytes, the MongoDB target writes for a `$like`. PCRE2, which
 * MongoDB uses, refuses a pattern whose compiled form passes 64K code units ("regular expression is too
 * large"); MongoDB's own tests (jstests/core/query/regex/regex_limit.js) guarantee 16,384 bytes of
 * pattern, and a `$like` of 3,000 wildcards (60 KB of pattern, 3,000 capture groups) is refused by the
 * server. At 16,384 bytes the compiled form stays under the bound whatever the pattern holds: a literal
 * character compiles to two code units, a wildcard's group (about 20 bytes of pattern) to about 50.
 */
export const MAX_REGEX_BYTES = 16_384;

const encoder = new TextEncoder();

/**
 * Throws `UNSUPPORTED` (with the place in the filter) for a path longer than {@link MAX_PATH_STEPS}, and
 * for a `$like` whose regular expression is longer than {@link MAX_REGEX_BYTES}.
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
            } else if (op.kind === 'like') {
              const bytes = encoder.encode(likeToRegex(op.pattern)).length;
              if (bytes > MAX_REGEX_BYTES) {
                const likeAt = pointer(where, OPERATOR_NAMES.like);
                throw new FilterError(
                  'UNSUPPORTED',
                  likeAt,
                  `the "$like" pattern at ${showPointer(likeAt)} makes a regular expression of ${bytes} bytes, longer than the MongoDB target writes (${MAX_REGEX_BYTES})`,
                );
              }
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
