import type { FilterNode } from '../ast/nodes.js';
import { freeze, isArray, mapGet, option, own } from '../builtins.js';
import {
  type AsOf,
  type CompileOptions,
  compileNode,
  readsNow,
  resolveAsOf,
  usesGeneratedCode,
} from '../compile/filter.js';
import type { Predicate } from '../compile/path.js';
import { FilterError } from '../errors.js';
import { describe } from '../parse/operands.js';
import { printParsed } from '../parse/print.js';
import { isoOf } from '../semantics/time.js';
import { checkPolicyDefinition, type NormalizedPolicy } from './check.js';
import { buildPolicy, type CompiledPolicy, NOT_APPLICABLE, type PolicyResult, resultFor } from './compile.js';
import { PolicyError } from './errors.js';
import type { PolicyExplanation } from './explain.js';
import { generatedForEach } from './set-codegen.js';
import { type Dispatch, dispatchValue, type Plan, planDispatch } from './set-dispatch.js';

/**
 * A set of policies compiled together by {@link compilePolicies}. Its functions are stateless and
 * may be detached.
 */
export interface CompiledPolicySet {
  /** The policies, in the order given; each evaluates and explains exactly as `compilePolicy` would. */
  readonly policies: readonly CompiledPolicy[];
  /**
   * One result per policy, in order: the same results as `policies.map((p) => p.evaluate(resource))`,
   * except that with a `kind` (the resource's kind), a policy naming another `resource` kind is not
   * evaluated and gives the not-applicable result. Never throws, whatever the resource.
   */
  evaluate(resource: unknown, kind?: string | null): PolicyResult[];
  /**
   * Calls `found(index, result)` for each policy in whose scope the resource is (and of its kind, with a
   * `kind`), in no particular order: what `evaluate` returns, without the not-applicable results (the
   * fast path of `evaluateInventory`, which counts those from the kinds it reads).
   */
  forEachApplicable(
    resource: unknown,
    kind: string | null | undefined,
    found: (index: number, result: PolicyResult) => void,
  ): void;
  /** One explanation per policy, in order: what `policies.map((p) => p.explain(resource))` gives. */
  explain(resource: unknown): PolicyExplanation[];
  /** The instant `$now` operands count from (ISO 8601, UTC): the `asOf` option, or the clock read once. */
  readonly asOf: string;
  /** Whether any filter of the set has a `$now` operand. */
  readonly readsNow: boolean;
  /**
   * The same set at another instant (see `CompiledPolicy.at`): only the filters with a `$now` operand
   * are compiled again, and the set's plan is rebuilt from the compiled conditions; the other filters
   * are shared. Without a `$now` filter, a copy sharing everything but `asOf`.
   */
  at(asOf: AsOf): CompiledPolicySet;
}

/** What a set rebound to another instant reuses from the set it comes from. */
interface Rebind {
  /** The conditions of the set, by id (ids are given in the same order for the same policies). */
  readonly predicates: readonly Predicate[];
  /** Per policy: whether the set built it from a definition (it is built again), not given compiled. */
  readonly owned: readonly boolean[];
}

/** Whether `p` is a compiled policy (own properties, so a polluted `Object.prototype` makes none). @internal */
export function isCompiled(p: unknown): p is CompiledPolicy {
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof own(p, 'evaluate') === 'function' &&
    typeof own(p, 'explain') === 'function' &&
    isArray(own(p, 'statuses'))
  );
}

function normalized(input: unknown, options: CompileOptions | undefined): NormalizedPolicy {
  if (isCompiled(input)) return input.definition;
  const { problems, definition } = checkPolicyDefinition(input, options);
  // The error compilePolicy would throw for this definition (pointers into the definition itself).
  if (definition === undefined) throw new PolicyError(problems);
  return definition;
}

/**
 * Compiles a set of policies together, for evaluating many policies over the same resources (what
 * `evaluateInventory` and `svc-policy eval` do). The answers are those of separate `compilePolicy`
 * calls; the work is less:
 *
 * - each distinct condition (the same printed filter, in any policy, scope or rule) is compiled once
 *   and evaluated at most once per resource (with generated code, once per runner of up to 48
 *   policies);
 * - the policy's `resource` kind is checked first (with `evaluate(resource, kind)`), then its scope;
 * - the set dispatches on the equality that most scopes test (`technology: { $eq: 'postgres' }`,
 *   or `$in` of strings): one read of that field chooses the policies that can apply, as OPA's rule
 *   indexing does, and the others are not applicable without evaluating anything;
 * - with generated code, the policies a dispatch chooses are evaluated by one generated function
 *   whose memo of shared conditions is local variables (nothing allocated or interpreted per resource).
 *
 * Policies may be definitions (a bad one throws the {@link PolicyError} `compilePolicy` would throw) or
 * compiled policies (their normalized definitions are compiled again, into the set).
 *
 * @example
 * const set = compilePolicies([certificateExpiry, endOfLifeVersions]);
 * const [expiry, eol] = set.evaluate(resource, 'component'); // expiry: not applicable (a certificate policy)
 */
export function compilePolicies(
  policies: readonly unknown[],
  options?: CompileOptions,
  /** @internal */ previous?: Rebind,
): CompiledPolicySet {
  if (!isArray(policies)) {
    throw new FilterError(
      'INVALID_OPTION',
      '',
      `policies must be an array of policy definitions or compiled policies, got ${describe(policies)}`,
    );
  }
  const chosen = option(options, 'codegen');
  const codegen = chosen === undefined ? undefined : { codegen: chosen };
  const definitions = policies.map((p) => normalized(p, options));
  // One read of the clock for the whole set.
  const asOf = resolveAsOf(option(options, 'asOf'), '/asOf');
  let timed = false;

  // Distinct conditions by their printed AST; each compiled once.
  const ids = new Map<string, number>();
  const predicates: Predicate[] = [];
  const uses: number[] = [];
  const conditionId = (node: FilterNode): number => {
    const key = JSON.stringify(printParsed(node));
    let id = mapGet.call(ids, key) as number | undefined;
    if (id === undefined) {
      id = predicates.length;
      ids.set(key, id);
      const reads = readsNow(node);
      timed ||= reads;
      predicates.push(
        previous !== undefined && !reads ? previous.predicates[id]! : compileNode(node, codegen, true, asOf),
      );
      uses.push(0);
    }
    uses[id]!++;
    return id;
  };

  const plans: Plan[] = definitions.map((policy) => ({
    kind: own(policy, 'resource') as string | undefined,
    scope: policy.scope.clauses.length === 0 ? -1 : conditionId(policy.scope),
    // Highest criticality first, definition order among equals, as compilePolicy orders them.
    statuses: [...policy.statuses]
      .filter((s) => s.rules.length > 0)
      .sort((a, b) => b.criticality - a.criticality || a.index - b.index)
      .map((s) => ({
        rules: s.rules.map((rule) => rule.conditions.map((c) => conditionId(c.filter))),
        results: s.rules.map((_, i) => resultFor(s, i)),
      })),
    fallback: resultFor(policy.defaultStatus, null),
  }));

  // Only conditions used more than once are remembered per resource: the others are evaluated at
  // most once anyway. slot[id] is the memo slot, or -1.
  const slot: number[] = [];
  let shared = 0;
  for (let id = 0; id < uses.length; id++) slot.push(uses[id]! > 1 ? shared++ : -1);

  const owned = policies.map((input, i) => !isCompiled(input) || previous?.owned[i] === true);
  const compiled = policies.map((input, i) =>
    !owned[i] && isCompiled(input)
      ? input.readsNow
        ? input.at(asOf)
        : input
      : buildPolicy(
          definitions[i]!,
          (node, at) =>
            at === asOf
              ? predicates[mapGet.call(ids, JSON.stringify(printParsed(node))) as number]!
              : compileNode(node, codegen, true, at),
          asOf,
        ),
  );
  const count = plans.length;

  // The memo is allocated per call, not kept in the closure: evaluation stays stateless and re-entrant.
  const holds = (id: number, resource: unknown, memo: Uint8Array): boolean => {
    const s = slot[id]!;
    if (s < 0) return predicates[id]!(resource);
    const known = memo[s]!;
    if (known !== 0) return known === 1;
    const value = predicates[id]!(resource);
    memo[s] = value ? 1 : 2;
    return value;
  };

  const decide = (plan: Plan, resource: unknown, memo: Uint8Array): PolicyResult => {
    if (plan.scope >= 0 && !holds(plan.scope, resource, memo)) return NOT_APPLICABLE;
    const { statuses } = plan;
    for (let s = 0; s < statuses.length; s++) {
      const { rules, results } = statuses[s]!;
      nextRule: for (let r = 0; r < rules.length; r++) {
        const conditions = rules[r]!;
        for (let c = 0; c < conditions.length; c++) {
          if (!holds(conditions[c]!, resource, memo)) continue nextRule;
        }
        return results[r]!;
      }
    }
    return plan.fallback;
  };

  // The kind first: one dispatch per kind the policies name (its policies and those naming none),
  // one for records of unknown kind (every policy), one for any other kind (policies naming none).
  const all = plans.map((_, i) => i);
  const byKind = new Map<string, Dispatch>();
  for (const kind of new Set(plans.map((p) => p.kind))) {
    if (kind === undefined) continue;
    byKind.set(
      kind,
      planDispatch(
        definitions,
        all.filter((i) => plans[i]!.kind === undefined || plans[i]!.kind === kind),
      ),
    );
  }
  const unknownKind = planDispatch(definitions, all);
  const otherKind = planDispatch(
    definitions,
    all.filter((i) => plans[i]!.kind === undefined),
  );

  /** Calls `found` with each policy that applies to the resource (in scope), and its result. */
  const interpreted = (
    resource: unknown,
    kind: string | null | undefined,
    found: (index: number, result: PolicyResult) => void,
  ): void => {
    const dispatch =
      typeof kind === 'string'
        ? ((mapGet.call(byKind, kind) as Dispatch | undefined) ?? otherKind)
        : unknownKind;
    // The spare memo is taken for the call and given back after it: a call made from inside this one
    // (a getter of the resource evaluating the set again) finds none and allocates its own.
    let memo = spare;
    if (memo === null) memo = new Uint8Array(shared);
    else {
      spare = null;
      memo.fill(0);
    }
    try {
      const { always } = dispatch;
      for (let k = 0; k < always.length; k++) {
        const i = always[k]!;
        const result = decide(plans[i]!, resource, memo);
        if (result !== NOT_APPLICABLE) found(i, result);
      }
      const value = dispatchValue(dispatch.keys, resource);
      if (value === undefined) return;
      const candidates = mapGet.call(dispatch.byValue, value) as readonly number[] | undefined;
      if (candidates === undefined) return;
      for (let k = 0; k < candidates.length; k++) {
        const i = candidates[k]!;
        const result = decide(plans[i]!, resource, memo);
        if (result !== NOT_APPLICABLE) found(i, result);
      }
    } finally {
      spare = memo;
    }
  };
  let spare: Uint8Array | null = new Uint8Array(shared);

  const forEachApplicable = usesGeneratedCode(codegen)
    ? generatedForEach(byKind, unknownKind, otherKind, plans, predicates)
    : interpreted;

  const evaluate = (resource: unknown, kind?: string | null): PolicyResult[] => {
    const out: PolicyResult[] = new Array(count).fill(NOT_APPLICABLE);
    forEachApplicable(resource, kind, (i, result) => {
      out[i] = result;
    });
    return out;
  };

  const self: CompiledPolicySet = freeze({
    policies: freeze(compiled),
    evaluate,
    forEachApplicable,
    explain: (resource: unknown) => compiled.map((p) => p.explain(resource)),
    asOf: isoOf(asOf),
    readsNow: timed,
    at: (next: AsOf): CompiledPolicySet => {
      const ms = resolveAsOf(next, '/asOf');
      if (ms === asOf) return self;
      if (!timed) {
        const rebound = freeze(compiled.map((p) => p.at(ms)));
        const copy: CompiledPolicySet = freeze({ ...self, policies: rebound, asOf: isoOf(ms), at: self.at });
        return copy;
      }
      return compilePolicies(compiled, { ...codegen, asOf: ms }, { predicates, owned });
    },
  });
  return self;
}
