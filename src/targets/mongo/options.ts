import type { PathStep } from '../../ast/nodes.js';
import { option, setHas } from '../../builtins.js';
import { FilterError } from '../../errors.js';
import type { ParseOptions } from '../../parse/filter.js';
import { printPath } from '../../parse/path.js';

/** Options of {@link toMongoExpr}. */
export interface MongoExprOptions extends ParseOptions {
  /**
   * The instant `{ $now: duration }` operands count from: a `Date`, an RFC 3339 timestamp or
   * milliseconds since the epoch. It is written into the output as a literal (never `$$NOW`), so a
   * query replays identically and means what `compileFilter` means with the same `asOf`. Unset, the
   * clock is read once per call.
   */
  readonly asOf?: Date | string | number;
}

/** Options of {@link toMongo}. */
export interface MongoOptions extends MongoExprOptions {
  /**
   * Field knowledge: paths (written as in filters, `details$.postgres$.version`, selectors included as
   * `__svcArrayAny__`) whose value is never an array in the collection. The array guards on those
   * paths are left out, so the query keeps to plain comparisons that an index can serve. A path listed
   * here that does hold an array makes the query wrong for that document: list only what a schema
   * guarantees. Either a list or a predicate over the path.
   */
  readonly scalarPaths?: Iterable<string> | ((path: string) => boolean);
}

/** Answers "is this path known never to hold an array?" for the translators. */
export type ScalarKnowledge = (steps: readonly PathStep[]) => boolean;

export function resolveKnowledge(options: MongoOptions | undefined): ScalarKnowledge {
  const given = option(options, 'scalarPaths');
  if (given === undefined) return () => false;
  if (typeof given === 'function') {
    return (steps) => given(printPath(steps)) === true;
  }
  // A string is iterable too (its characters): reject it rather than read "abc" as ["a", "b", "c"].
  if (typeof given !== 'object' || given === null || typeof given[Symbol.iterator] !== 'function') {
    throw new FilterError('INVALID_OPTION', '', 'scalarPaths must be a list of paths or a predicate');
  }
  const set = new Set<string>();
  for (const path of given) {
    if (typeof path !== 'string') {
      throw new FilterError('INVALID_OPTION', '', `scalarPaths must hold strings, got ${typeof path}`);
    }
    set.add(path);
  }
  return (steps) => setHas.call(set, printPath(steps));
}
