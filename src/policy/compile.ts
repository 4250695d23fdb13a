import type { FilterNode } from '../ast/nodes.js';
import { freeze, option, own } from '../builtins.js';
import { all } from '../compile/closures.js';
import { type AsOf, type CompileOptions, compileNode, readsNow, resolveAsOf } from '../compile/filter.js';
import type { Predicate } from '../compile/path.js';
import { isoOf } from '../semantics/time.js';
import { checkPolicyDefinition, type NormalizedPolicy, type NormalizedStatus } from './check.js';
import type { PolicyDefinition, PolicyRequestBody, PolicyResult } from './definition.js';
import { PolicyError } from './errors.js';
import { explainPolicy, type PolicyExplanation } from './explain.js';
import {
  type ActiveWaiver,
  markOf,
  type NormalizedWaiver,
  readWaivers,
  type WaiverMark,
  waiverOrder,
  waiversOf,
} from './waivers.js';

export type { PolicyResult };

/** A status as the compiled policy reports it. */
export interface StatusInfo {
  readonly name: string;
  readonly criticality: number;
  readonly isDefault: boolean;
}

/**
 * A policy compiled for evaluation. Its functions are stateless and may be detached (`list.map(p.evaluate)`).
 * `T` is the record type of a typed definition (`unknown` otherwise).
 */
export interface CompiledPolicy<T = unknown> {
  readonly name: string;
  /** `isActive` of the definition (`true` when it omits it). Evaluation ignores it; inventories skip inactive policies. */
  readonly isActive: boolean;
  /** The `resource` kind of the definition, when it names one. */
  readonly resource: string | undefined;
  /** Statuses in definition order. */
  readonly statuses: readonly StatusInfo[];
  /** The validated, normalized definition. */
  readonly definition: NormalizedPolicy;
  /**
   * The instant its `{ $now: … }` operands count from (ISO 8601, UTC, to the millisecond): the `asOf`
   * option, or the clock read once when it was compiled. Every resource it evaluates sees this one.
   */
  readonly asOf: string;
  /** Whether any filter of the policy has a `$now` operand (only then do its answers depend on `asOf`). */
  readonly readsNow: boolean;
  /** The status of one resource. Never throws, whatever the resource (any JSON value). */
  evaluate(resource: T): PolicyResult;
  /** Why the resource gets its status: every status, rule, condition and clause with the values read. */
  explain(resource: T): PolicyExplanation;
  /**
   * The same policy at another instant (a `Date`, an RFC 3339 timestamp or epoch milliseconds; a bad
   * value throws a `FilterError` `INVALID_OPTION`), for a server that compiles once and evaluates each
   * request at its own now: only the filters with a `$now` operand are compiled again (generated code
   * is reused, the instant being a value of it), the others are shared. At its own instant, itself.
   *
   * @example
   * const policy = compilePolicy(certificateExpiry); // once, at start-up
   * app.post('/evaluate', (req, res) => res.json(policy.at(new Date()).evaluate(req.body)));
   */
  at(asOf: AsOf): CompiledPolicy<T>;
  /** The waivers of this policy (the `waivers` option's naming it), in the order they are tried. */
  readonly waivers: readonly NormalizedWaiver[];
  /** Those of them expired at `asOf`: they change nothing, and are reported. */
  readonly expiredWaivers: readonly NormalizedWaiver[];
  /**
   * The active waiver that marks the resource (see docs/waivers.md), with its expiry instant; `null`
   * when none does (out of scope, a status no active waiver accepts, not covered).
   */
  waiverOf(resource: T): ActiveWaiver | null;
}

/** Options of {@link compilePolicy}. */
export interface PolicyOptions extends CompileOptions {
  /**
   * Waivers (a waiver file's `{ waivers: [ … ] }` or the list; see docs/waivers.md): a resource in
   * scope that an active waiver covers and whose status it accepts keeps its status and is marked
   * `waiver` in its result. Waivers of other policies are ignored. Invalid ones throw a `WaiverError`.
   */
  readonly waivers?: unknown;
}

/** The shared result of a resource outside a policy's scope (or of another kind). @internal */
export const NOT_APPLICABLE: PolicyResult = freeze({
  applicable: false,
  status: null,
  criticality: null,
  isDefault: false,
  matched: null,
});

/** A status in evaluation order, with one precomputed (frozen, shared) result per rule. */
interface Candidate {
  readonly rules: readonly Predicate[];
  readonly results: readonly PolicyResult[];
}

/** The frozen result of a status reached by rule `ruleIndex` (`null`: the default status). */
export function resultFor(status: NormalizedStatus, ruleIndex: number | null): PolicyResult {
  return freeze({
    applicable: true,
    status: status.name,
    criticality: status.criticality,
    isDefault: status.isDefault,
    matched: ruleIndex === null ? null : freeze({ status: status.name, ruleIndex }),
  });
}

/**
 * Compiles a policy definition (the API's definition, or the `{ policy: … }` body of `POST /policy`)
 * into an evaluator. Throws {@link PolicyError} listing every problem of the definition.
 *
 * A rule holds when all its conditions hold; a status is reached when any of its rules holds; among
 * the reached statuses the highest criticality wins, the first defined on a tie; none reached → the
 * default status. Resources outside `query.filter` are not applicable. See docs/semantics.md, section 7.
 *
 * @example
 * const policy = compilePolicy({
 *   name: 'certificate expiry',
 *   statusDefinitions: {
 *     ok: { isDefault: true, criticality: 0 },
 *     expired: { criticality: 20, rules: [{ conditions: [{ type: 'filter', condition: { filter: { expirationDate: { $lt: '2026-06-01T00:00:00.000Z' } } } }] }] },
 *   },
 * });
 * policy.evaluate({ expirationDate: '2026-01-01T00:00:00.000Z' }).status; // 'expired'
 *
 * With a record type (`compilePolicy<Certificate>(…)`, or a definition typed `PolicyDefinition<T>`),
 * every filter of the definition is checked by the compiler and the evaluator takes that type.
 */
export function compilePolicy<T>(
  definition: PolicyDefinition<T> | PolicyRequestBody<T>,
  options?: PolicyOptions,
): CompiledPolicy<T>;
/** Any input, checked at run time only (a definition read from a file). */
export function compilePolicy(definition: unknown, options?: PolicyOptions): CompiledPolicy;
export function compilePolicy(definition: unknown, options?: PolicyOptions): CompiledPolicy {
  const { problems, definition: policy } = checkPolicyDefinition(definition, options);
  if (policy === undefined) throw new PolicyError(problems);
  const chosen = option(options, 'codegen');
  const codegen = chosen === undefined ? undefined : { codegen: chosen };
  // One read of the clock per compilation, whatever the number of filters.
  const asOf = resolveAsOf(option(options, 'asOf'), '/asOf');
  const given = option(options, 'waivers');
  const waivers = given === undefined ? [] : readWaivers(given, options);
  return buildPolicy(policy, (node, at) => compileNode(node, codegen, true, at), asOf, waivers);
}

/**
 * The evaluator of a checked policy at the instant `asOf` (ms), its filters compiled by `compile`
 * (which {@link compilePolicies} shares between the policies of a set). `at` compiles again only the
 * filters that read `$now`.
 * @internal
 */
export function buildPolicy(
  policy: NormalizedPolicy,
  compile: (node: FilterNode, asOf: number) => Predicate,
  asOf: number,
  waivers: readonly NormalizedWaiver[] = [],
): CompiledPolicy {
  return bindPolicy(policy, compile, asOf, null, new Map(), waivers);
}

/** A policy's waivers bound to an instant: what marks a decided result. @internal */
export interface WaiverMarker {
  readonly waivers: readonly NormalizedWaiver[];
  readonly expired: readonly NormalizedWaiver[];
  /** The active waiver of a resource and its (not yet marked) result; `null` when none. */
  find(resource: unknown, result: PolicyResult): NormalizedWaiver | null;
  /** The result marked with the waiver that applies, or itself. */
  mark(resource: unknown, result: PolicyResult): PolicyResult;
}

/**
 * The waivers of `policy` at `asOf` (ms), their covering filters compiled by `compile`; active ones
 * are tried in {@link waiverOrder} (the one expiring last first, then the smallest id). @internal
 */
export function waiverMarker(
  waivers: readonly NormalizedWaiver[],
  policy: { readonly name: string; readonly statuses: readonly { name: string; criticality: number }[] },
  asOf: number,
  compile: (node: FilterNode) => Predicate,
): WaiverMarker {
  const { active, expired, accepted } = waiversOf(waivers, policy.name, policy.statuses, asOf);
  const tried = active.map((w) => ({
    waiver: w,
    statuses: new Set(accepted.get(w)),
    covers: compile(w.covers),
    mark: markOf(w),
    marked: new Map<PolicyResult, PolicyResult>(),
  }));
  const pick = (resource: unknown, result: PolicyResult) => {
    if (result.status === null) return undefined;
    for (const t of tried) if (t.statuses.has(result.status) && t.covers(resource)) return t;
    return undefined;
  };
  return {
    waivers: freeze(waivers.filter((w) => w.policy === policy.name)),
    expired: freeze(expired),
    find: (resource, result) => pick(resource, result)?.waiver ?? null,
    mark: (resource, result) => {
      if (tried.length === 0) return result;
      const t = pick(resource, result);
      if (t === undefined) return result;
      let marked = t.marked.get(result);
      if (marked === undefined) {
        marked = freeze({ ...result, waiver: t.mark satisfies WaiverMark });
        t.marked.set(result, marked);
      }
      return marked;
    },
  };
}

function bindPolicy(
  policy: NormalizedPolicy,
  compileAt: (node: FilterNode, asOf: number) => Predicate,
  asOf: number,
  previous: ReadonlyMap<FilterNode, Predicate> | null,
  timed: Map<FilterNode, boolean>,
  waivers: readonly NormalizedWaiver[],
): CompiledPolicy {
  const made = new Map<FilterNode, Predicate>();
  const compile = (node: FilterNode): Predicate => {
    let predicate = made.get(node);
    if (predicate !== undefined) return predicate;
    let reads = timed.get(node);
    if (reads === undefined) {
      reads = readsNow(node);
      timed.set(node, reads);
    }
    // A waiver expired at the previous instant had its filter never compiled: compiled now.
    predicate = (previous !== null && !reads ? previous.get(node) : undefined) ?? compileAt(node, asOf);
    made.set(node, predicate);
    return predicate;
  };
  const inScope = policy.scope.clauses.length === 0 ? null : compile(policy.scope);
  // Highest criticality first, definition order among equals: the first status reached wins, so
  // evaluation stops at it.
  const candidates: Candidate[] = [...policy.statuses]
    .filter((s) => s.rules.length > 0)
    .sort((a, b) => b.criticality - a.criticality || a.index - b.index)
    .map((s) => ({
      rules: s.rules.map((rule) => all(rule.conditions.map((c) => compile(c.filter)))),
      results: s.rules.map((_, i) => resultFor(s, i)),
    }));
  const fallback = resultFor(policy.defaultStatus, null);

  const decide = (resource: unknown): PolicyResult => {
    for (let s = 0; s < candidates.length; s++) {
      const { rules, results } = candidates[s]!;
      for (let r = 0; r < rules.length; r++) if (rules[r]!(resource)) return results[r]!;
    }
    return fallback;
  };
  const decided =
    inScope === null
      ? decide
      : (resource: unknown) => (inScope(resource) ? decide(resource) : NOT_APPLICABLE);
  const marker = waiverMarker(waivers, policy, asOf, compile);
  const evaluate =
    marker.waivers.length === 0 ? decided : (resource: unknown) => marker.mark(resource, decided(resource));

  const anyReadsNow = [...timed.values()].some((r) => r);
  const self: CompiledPolicy = freeze({
    name: policy.name,
    isActive: policy.isActive,
    // `resource` is optional in the normalized definition: an own read, never Object.prototype's.
    resource: own(policy, 'resource') as string | undefined,
    statuses: freeze(
      policy.statuses.map((s) =>
        freeze({ name: s.name, criticality: s.criticality, isDefault: s.isDefault }),
      ),
    ),
    definition: policy,
    asOf: isoOf(asOf),
    readsNow: anyReadsNow,
    evaluate,
    explain: (resource: unknown) => {
      const result = decided(resource);
      return explainPolicy(
        policy,
        marker.mark(resource, result),
        resource,
        asOf,
        marker.find(resource, result),
      );
    },
    at: (next: AsOf) => {
      const ms = resolveAsOf(next, '/asOf');
      return ms === asOf ? self : bindPolicy(policy, compileAt, ms, made, timed, waivers);
    },
    waivers: freeze([...marker.waivers].sort(waiverOrder)),
    expiredWaivers: marker.expired,
    waiverOf: (resource: unknown) => {
      const w = marker.find(resource, decided(resource));
      return w === null ? null : freeze({ ...markOf(w), expiresMs: w.expiresMs, waiver: w });
    },
  });
  return self;
}

/**
 * The active waiver of a record under a compiled policy, at the policy's `asOf` (or the `asOf` given),
 * with its expiry instant; `null` when none marks it (docs/waivers.md). What a forecast needs: when a
 * waived resource stops being waived. A policy compiled with its waivers answers the same with
 * `policy.waiverOf(record)`.
 *
 * @example
 * const w = activeWaiver(compilePolicy(definition), record, { waivers: [ … ] });
 * if (w !== null) console.log(`waived by ${w.id} until ${w.expires}`);
 */
export function activeWaiver(
  policy: CompiledPolicy,
  record: unknown,
  waivers: unknown,
  asOf?: AsOf,
): ActiveWaiver | null {
  const at = asOf === undefined ? resolveAsOf(policy.asOf) : resolveAsOf(asOf, '/asOf');
  const bound = buildPolicy(
    policy.definition,
    (node, ms) => compileNode(node, undefined, true, ms),
    at,
    readWaivers(waivers),
  );
  return bound.waiverOf(record);
}
