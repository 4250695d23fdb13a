import type { FilterNode } from '../ast/nodes.js';
import type { PolicyProblem } from './errors.js';

/** One condition of a rule, parsed. */
export interface NormalizedCondition {
  /** The parsed filter of `condition.filter`. */
  readonly filter: FilterNode;
  /** JSON pointer of the filter in the definition as given (`…/conditions/0/condition/filter`). */
  readonly path: string;
}

/** One rule: it holds when all its conditions hold. */
export interface NormalizedRule {
  readonly conditions: readonly NormalizedCondition[];
  /** JSON pointer of the rule (`/statusDefinitions/<name>/rules/<i>`). */
  readonly path: string;
}

/** One status, in definition order. */
export interface NormalizedStatus {
  readonly name: string;
  /** Position in `statusDefinitions` (the tie-breaker between equal criticalities). */
  readonly index: number;
  readonly criticality: number;
  readonly isDefault: boolean;
  /** Alternatives: the status is reached when any of them holds. Empty only for the default status. */
  readonly rules: readonly NormalizedRule[];
  /** JSON pointer of the status definition. */
  readonly path: string;
}

/** A valid policy definition in the one form every target consumes. */
export interface NormalizedPolicy {
  readonly name: string;
  /** `isActive` as written; `true` when the definition omits it. */
  readonly isActive: boolean;
  readonly type?: string;
  readonly resource?: string;
  readonly description?: string;
  /** Statuses in definition order. */
  readonly statuses: readonly NormalizedStatus[];
  /** The status with `isDefault: true` (there is exactly one). */
  readonly defaultStatus: NormalizedStatus;
  /** `query.filter`; the empty filter (everything) when `query` or `query.filter` is absent. */
  readonly scope: FilterNode;
  /** JSON pointer of `query.filter`, or `null` when the definition has none. */
  readonly scopePath: string | null;
  /** `''` for a bare definition, `'/policy'` for a `{ policy: … }` request body. */
  readonly base: string;
}

/** The answer of {@link checkPolicyDefinition}. */
export interface PolicyCheck {
  /** Every problem found, in document order; empty when the definition is valid. */
  readonly problems: readonly PolicyProblem[];
  /** The normalized definition, present exactly when there are no problems. */
  readonly definition?: NormalizedPolicy;
}
