import { resolveAsOf } from '../compile/filter.js';
import { FilterError } from '../errors.js';
import { QueryError } from './errors.js';
import type { QueryPlan } from './types.js';

/** The `asOf` option as an instant (ms), or the clock read now; a bad one is an `INVALID_OPTION`. */
export function queryAsOf(given: unknown): number {
  try {
    return resolveAsOf(given);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    throw new QueryError([{ code: 'INVALID_OPTION', path: '', message: `option ${error.message}` }]);
  }
}

/**
 * The instant a page of `plan` is translated at: the plan's (`parseQuery`'s `asOf`, or the first page's,
 * carried in the page token), so that every page of a walk counts `$now` from one instant. A target's
 * own `asOf` option may only repeat it: another instant would make a walk repeat or skip records.
 */
export function pageAsOf(plan: QueryPlan, given: unknown): number {
  if (given !== undefined && resolveAsOf(given, '/asOf') !== plan.asOf) {
    throw new FilterError(
      'INVALID_OPTION',
      '/asOf',
      "asOf of a page query must be the plan's: pass it to parseQuery, whose plan keeps it for every page of the walk",
    );
  }
  return plan.asOf;
}
