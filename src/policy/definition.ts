import type { Filter } from '../typed/filter.js';

/**
 * The policy definition of the API ("Policy definition"), as a type. With a record type `T`, every
 * filter in it (the scope and each condition) is a `Filter<T>` checked by the compiler; with the default
 * `unknown`, filters are checked at run time only. `checkPolicyDefinition` applies the rules the type
 * cannot state (one default status, unknown keys, filter validity) to any input either way.
 */

/** One condition of a rule: a filter. */
export interface FilterCondition<T = unknown> {
  readonly type: 'filter';
  readonly condition: { readonly filter: Filter<T> };
}

/** A rule: it holds when all its conditions hold. */
export interface PolicyRule<T = unknown> {
  readonly conditions: readonly FilterCondition<T>[];
}

/** A status: reached when any of its rules holds; `isDefault` marks the fallback. */
export interface StatusDefinition<T = unknown> {
  readonly isDefault?: boolean;
  readonly criticality: number;
  readonly rules?: readonly PolicyRule<T>[];
}

/**
 * A policy definition over records of type `T`.
 *
 * @example
 * const expiry: PolicyDefinition<Certificate> = {
 *   name: 'Certificate expiry',
 *   resource: 'certificate',
 *   statusDefinitions: {
 *     valid: { isDefault: true, criticality: 0 },
 *     expired: { criticality: 30, rules: [{ conditions: [{ type: 'filter', condition: { filter: { expirationDate: { $lt: '2026-06-01T00:00:00.000Z' } } } }] }] },
 *   },
 * };
 * compilePolicy(expiry).evaluate(certificate); // certificate: Certificate
 */
export interface PolicyDefinition<T = unknown> {
  readonly name: string;
  readonly type?: string;
  /** `false` makes batch evaluation skip the policy; absent means active. */
  readonly isActive?: boolean;
  /** The resource kind the policy applies to (`component`, `certificate`…). */
  readonly resource?: string;
  readonly description?: string;
  /** The scope: resources outside `query.filter` get no status. */
  readonly query?: { readonly filter?: Filter<T> };
  readonly statusDefinitions: { readonly [status: string]: StatusDefinition<T> };
  /** Read-only fields of a policy record, tolerated and ignored. */
  readonly id?: string | number;
  readonly createdAt?: string;
  readonly updatedAt?: string;
}

/** The body of `POST /policy`: `{ policy: … }`. */
export interface PolicyRequestBody<T = unknown> {
  readonly policy: PolicyDefinition<T>;
}

/** The status of one resource under one policy. */
export interface PolicyResult {
  /** False when the resource is outside the policy's scope (`query.filter`); it then has no status. */
  readonly applicable: boolean;
  /** The status name; `null` when not applicable. */
  readonly status: string | null;
  /** The criticality of that status (the default status reports its own); `null` when not applicable. */
  readonly criticality: number | null;
  /** True when the status is the default one (reached by falling through, or by one of its own rules). */
  readonly isDefault: boolean;
  /** The status and rule that decided; `null` when the resource fell to the default or is out of scope. */
  readonly matched: { readonly status: string; readonly ruleIndex: number } | null;
  /**
   * Present only when an active waiver accepts the status (docs/waivers.md): the waiver that is named
   * (the one expiring last, then the smallest id) and its expiry instant (ISO 8601, UTC). The status
   * and criticality are the computed ones, unchanged.
   */
  readonly waiver?: { readonly id: string; readonly expires: string };
}
