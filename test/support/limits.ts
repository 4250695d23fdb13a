import { FilterError } from '../../src/errors.js';
import { isLimitCode, LIMIT_NAMES, type Limits } from '../../src/limits.js';
import { parseFilter } from '../../src/parse/filter.js';
import { checkPolicyDefinition } from '../../src/policy/check.js';

/**
 * Every limit but `maxDepth` out of the way, for tests whose subject is a bound behind them (SQLite's
 * expression depth, MongoDB's path length, a 100,000-item `$in` evaluated with a set) or work the
 * defaults refuse on purpose. `maxDepth` is left to each test: its cap protects the parser's stack.
 */
export const UNBOUNDED: Partial<Limits> = Object.freeze(
  Object.fromEntries(
    LIMIT_NAMES.filter((name) => name !== 'maxDepth').map((name) => [name, Number.MAX_SAFE_INTEGER]),
  ),
);

/**
 * True unless the default limits refuse `filter`. The differential properties draw from the inputs the
 * library accepts: a random filter past a limit is refused on every target alike (test/hostile/limits
 * covers that), so it is no evidence about the targets' agreement.
 */
export function withinDefaultLimits(filter: unknown): boolean {
  try {
    parseFilter(filter);
    return true;
  } catch (error) {
    return !(error instanceof FilterError && isLimitCode(error.code));
  }
}

/** True unless the default limits refuse `policy` (any of its filters, or the policy as a whole). */
export function policyWithinDefaultLimits(policy: unknown): boolean {
  return !checkPolicyDefinition(policy).problems.some((p) => isLimitCode(p.code));
}
