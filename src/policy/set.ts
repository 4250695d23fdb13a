import type { FilterNode } from '../ast/nodes.js';
import { arrayEvery, freeze, isArray, mapGet, option, own } from '../builtins.js';
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
import { readKey, readLeaf } from '../semantics/values.js';
import { checkPolicyDefinition, type NormalizedPolicy } from './check.js';
import { buildPolicy, type CompiledPolicy, NOT_APPLICABLE, type PolicyResult, resultFor } from './compile.js';
import { PolicyError } from './errors.js';
import type { PolicyExplanation } from './explain.js';

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

/** A status of one policy in evaluation order, its rules as lists of condition ids. */
interface PlannedStatus {
  readonly rules: readonly (readonly number[])[];
  readonly results: readonly PolicyResult[];
}

/** One policy of the set, over the set's distinct conditions. */
interface Plan {
  /** The resource kind the policy names, if any. */
  readonly kind: string | undefined;
  /** The condition id of the scope; -1 when the policy has none. */
  readonly scope: number;
  readonly statuses: readonly PlannedStatus[];
  readonly fallback: PolicyResult;
}

/**
 * Where the set dispatches: a plain path (no selector) and, per string value read there, the
 * policies whose scope can hold. A scope clause `path: { $eq: 'x' }` (or `$in` of strings) holds only
 * when the value read there is exactly one of its strings (equality is `===` after `readLeaf`), so
 * any other value leaves the policy not applicable without evaluating anything.
 */
interface Dispatch {
  readonly keys: readonly string[];
  readonly byValue: ReadonlyMap<string, readonly number[]>;
  /** Policies whose scope does not constrain the path: always evaluated. */
  readonly always: readonly number[];
}

/** Evaluates a fixed list of policies on a resource, calling `found` for each that applies. */
type Runner = (resource: unknown, found: (index: number, result: PolicyResult) => void) => void;

/** A dispatch with generated runners: `always` alone, and per value `always` with that value's policies. */
interface GeneratedDispatch {
  readonly keys: readonly string[];
  readonly always: Runner;
  readonly byValue: ReadonlyMap<string, Runner>;
}

/** Per plain path (the JSON of its keys): the strings a top-level scope clause requires there. */
function requiredStrings(scope: FilterNode): Map<string, readonly string[]> {
  const out = new Map<string, readonly string[]>();
  for (const clause of scope.clauses) {
    if (clause.kind !== 'field') continue;
    const keys: string[] = [];
    let plain = true;
    for (const step of clause.path) {
      if (step.kind === 'key') keys.push(step.key);
      else plain = false;
    }
    if (!plain || keys.length === 0) continue;
    for (const op of clause.operators) {
      let values: string[] | null = null;
      if (op.kind === 'eq' && typeof op.value === 'string') values = [op.value];
      if (op.kind === 'in' && arrayEvery(op.values, (v) => typeof v === 'string'))
        values = op.values as string[];
      if (values === null) continue;
      // Keys joined with a separator no key can make ambiguous: the JSON of the key list.
      const path = JSON.stringify(keys);
      const before = out.get(path);
      // Two operators on one path: the value must satisfy both, so either list is a sound superset.
      if (before === undefined || values.length < before.length) out.set(path, values);
    }
  }
  return out;
}

/**
 * The dispatch of a group of policies (`members`, indexes into the set): the plain path that most of
 * their scopes constrain to strings, or none (`keys` empty: every member is always evaluated).
 */
function planDispatch(policies: readonly NormalizedPolicy[], members: readonly number[]): Dispatch {
  const required = new Map(members.map((i) => [i, requiredStrings(policies[i]!.scope)] as const));
  const counts = new Map<string, number>();
  for (const r of required.values())
    for (const path of r.keys()) counts.set(path, (counts.get(path) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 1;
  for (const [path, count] of counts) {
    if (count > bestCount) {
      best = path;
      bestCount = count;
    }
  }
  // One constrained policy does not pay for a table; two or more do.
  if (best === null) return { keys: [], byValue: new Map(), always: members };
  const byValue = new Map<string, number[]>();
  const always: number[] = [];
  for (const [i, r] of required) {
    const values = r.get(best);
    if (values === undefined) {
      always.push(i);
      continue;
    }
    for (const v of new Set(values)) {
      const list = byValue.get(v);
      if (list === undefined) byValue.set(v, [i]);
      else list.push(i);
    }
  }
  return { keys: JSON.parse(best) as string[], byValue, always };
}

function normalized(input: unknown, options: CompileOptions | undefined): NormalizedPolicy {
  if (isCompiled(input)) return input.definition;
  const { problems, definition } = checkPolicyDefinition(input, options);
  // The error compilePolicy would throw for this definition (pointers into the definition itself).
  if (definition === undefined) throw new PolicyError(problems);
  return definition;
}

/**
 * Most policies one generated runner holds: V8 stops optimizing functions past a bytecode size, so a
 * longer list is split into runners of this many (conditions shared across them are evaluated once per
 * runner instead of once per resource).
 */
const POLICIES_PER_RUNNER = 48;

/**
 * Generates the runner of a list of policies: one function whose memo of shared conditions is a set
 * of local variables (`m3`: 0 unknown, 1 true, 2 false), so nothing is allocated per resource and the
 * plan is not interpreted. The code holds only integers: predicates and results are reached through
 * the arrays `P` and `R`, never through values written into the source.
 */
function generateRunner(
  members: readonly number[],
  plans: readonly Plan[],
  predicates: readonly Predicate[],
): Runner {
  const runners: Runner[] = [];
  for (let from = 0; from < members.length; from += POLICIES_PER_RUNNER) {
    runners.push(generateChunk(members.slice(from, from + POLICIES_PER_RUNNER), plans, predicates));
  }
  if (runners.length === 1) return runners[0]!;
  return (resource, found) => {
    for (let i = 0; i < runners.length; i++) runners[i]!(resource, found);
  };
}

function generateChunk(
  members: readonly number[],
  plans: readonly Plan[],
  predicates: readonly Predicate[],
): Runner {
  // Plain arrays indexed by condition id, not a Map or Set: the code generated from them must not
  // depend on built-ins that polluted code could have replaced since load.
  const uses: number[] = new Array(predicates.length).fill(0);
  for (const i of members) {
    const plan = plans[i]!;
    if (plan.scope >= 0) uses[plan.scope]!++;
    for (const status of plan.statuses) for (const rule of status.rules) for (const id of rule) uses[id]!++;
  }
  const memo: number[] = [];
  for (let id = 0; id < uses.length; id++) if (uses[id]! > 1) memo.push(id);
  const holds = (id: number): string =>
    uses[id]! > 1 ? `(m${id} === 0 ? (m${id} = P[${id}](r) ? 1 : 2) : m${id}) === 1` : `P[${id}](r)`;
  const results: PolicyResult[] = [];
  const result = (value: PolicyResult): string => `R[${results.push(value) - 1}]`;
  const lines: string[] = [];
  if (memo.length > 0) lines.push(`let ${memo.map((id) => `m${id} = 0`).join(', ')};`);
  for (const i of members) {
    const plan = plans[i]!;
    lines.push(`p${i}: {`);
    if (plan.scope >= 0) lines.push(`if (!(${holds(plan.scope)})) break p${i};`);
    for (const status of plan.statuses) {
      status.rules.forEach((rule, r) => {
        const test = rule.length === 0 ? 'true' : rule.map(holds).join(' && ');
        lines.push(`if (${test}) { found(${i}, ${result(status.results[r]!)}); break p${i}; }`);
      });
    }
    lines.push(`found(${i}, ${result(plan.fallback)});`, '}');
  }
  const factory = new Function('P', 'R', `return function run(r, found) {\n${lines.join('\n')}\n};`) as (
    p: readonly Predicate[],
    r: readonly PolicyResult[],
  ) => Runner;
  return factory(predicates, results);
}

/** The generated runners of a dispatch: `always`, and `always` with each value's candidates. */
function generateDispatch(
  dispatch: Dispatch,
  plans: readonly Plan[],
  predicates: readonly Predicate[],
): GeneratedDispatch {
  const byValue = new Map<string, Runner>();
  for (const [value, candidates] of dispatch.byValue) {
    byValue.set(value, generateRunner([...dispatch.always, ...candidates], plans, predicates));
  }
  return {
    keys: dispatch.keys,
    always: generateRunner(dispatch.always, plans, predicates),
    byValue,
  };
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

/**
 * `forEachApplicable` through generated runners: the dispatch reads the kind and the dispatch field,
 * then one generated function evaluates every policy that can apply, its memo in local variables.
 */
function generatedForEach(
  byKind: ReadonlyMap<string, Dispatch>,
  unknownKind: Dispatch,
  otherKind: Dispatch,
  plans: readonly Plan[],
  predicates: readonly Predicate[],
): CompiledPolicySet['forEachApplicable'] {
  const kinds = new Map<string, GeneratedDispatch>();
  for (const [kind, dispatch] of byKind) kinds.set(kind, generateDispatch(dispatch, plans, predicates));
  const unknown = generateDispatch(unknownKind, plans, predicates);
  const other = generateDispatch(otherKind, plans, predicates);
  return (resource, kind, found) => {
    const dispatch =
      typeof kind === 'string'
        ? ((mapGet.call(kinds, kind) as GeneratedDispatch | undefined) ?? other)
        : unknown;
    const value = dispatchValue(dispatch.keys, resource);
    const run =
      value === undefined
        ? dispatch.always
        : ((mapGet.call(dispatch.byValue, value) as Runner | undefined) ?? dispatch.always);
    run(resource, found);
  };
}

/**
 * The string a dispatch reads at its path, or `undefined` when there is none (no path, or a value that
 * is not a string: another type, or missing, fails every dispatched scope).
 */
function dispatchValue(keys: readonly string[], resource: unknown): string | undefined {
  if (keys.length === 0) return undefined;
  let value: unknown = resource;
  for (let k = 0; k < keys.length; k++) value = readKey(value, keys[k]!);
  value = readLeaf(value);
  return typeof value === 'string' ? value : undefined;
}
