import { freeze } from '../builtins.js';
import { FilterError, type FilterErrorCode } from '../errors.js';

/**
 * Stable codes of the problems a policy definition can have, besides the filter errors of its
 * conditions and scope (which keep their {@link FilterErrorCode}). Never renamed, only added to.
 */
export type PolicyShapeCode =
  /** A value of the wrong JSON type (a definition that is not an object, a name that is not a string…). */
  | 'INVALID_TYPE'
  /** A required property is absent: `name`, `statusDefinitions`, `criticality`, `conditions`, `type`, `condition`, `filter`. */
  | 'MISSING_PROPERTY'
  /** A property the API does not define (a typo such as `isdefault` would otherwise be silently ignored). */
  | 'UNKNOWN_PROPERTY'
  /** An empty string where a name is needed, or an empty `statusDefinitions`. */
  | 'EMPTY_VALUE'
  /** No status has `isDefault: true`. */
  | 'NO_DEFAULT_STATUS'
  /** More than one status has `isDefault: true`. */
  | 'MULTIPLE_DEFAULT_STATUSES'
  /** A non-default status without rules (it could never be reached). */
  | 'MISSING_RULES'
  /** A rule without conditions. */
  | 'EMPTY_CONDITIONS'
  /** A condition whose `type` is not `'filter'`. */
  | 'INVALID_CONDITION_TYPE'
  /** A `criticality` that is `NaN` or infinite. */
  | 'INVALID_CRITICALITY';

/** The code of one {@link PolicyProblem}: a shape problem or the code of a filter error. */
export type PolicyProblemCode = PolicyShapeCode | FilterErrorCode;

/** One problem of a policy definition. */
export interface PolicyProblem {
  readonly code: PolicyProblemCode;
  /** RFC 6901 JSON pointer into the definition as it was given (`/policy/…` for a `{ policy }` body). */
  readonly path: string;
  readonly message: string;
}

function summarize(problems: readonly PolicyProblem[]): string {
  const head = problems.length === 1 ? 'invalid policy: ' : `invalid policy (${problems.length} problems): `;
  return head + problems.map((p) => `${p.message} [${p.code}]`).join('; ');
}

/**
 * A policy definition that cannot be compiled. `problems` lists every problem found (never empty), each
 * with a stable code and a JSON pointer; `code` is `INVALID_POLICY` and `path` the first problem's path,
 * so code that catches {@link FilterError} catches this too.
 *
 * @example
 * try {
 *   compilePolicy({ name: 'p', statusDefinitions: { ok: { criticality: 0 } } });
 * } catch (e) {
 *   if (e instanceof PolicyError) for (const p of e.problems) console.log(p.code, p.path);
 *   // NO_DEFAULT_STATUS /statusDefinitions
 * }
 */
export class PolicyError extends FilterError {
  readonly problems: readonly PolicyProblem[];

  constructor(problems: readonly PolicyProblem[]) {
    const first = problems[0];
    super('INVALID_POLICY', first?.path ?? '', summarize(problems));
    // FilterError types `name` as the literal 'FilterError'; the runtime name is still this class's.
    Object.defineProperty(this, 'name', { value: 'PolicyError', enumerable: false, configurable: true });
    this.problems = freeze([...problems]);
  }
}
