import { mapGet } from '../builtins.js';
import type { Predicate } from '../compile/path.js';
import type { PolicyResult } from './compile.js';
import { type Dispatch, dispatchValue, type ForEachApplicable, type Plan } from './set-dispatch.js';

/**
 * The generated code of a policy set (set.ts, with generated code): per dispatch, one function that
 * evaluates the policies it chooses, its memo of shared conditions in local variables.
 */

/** Evaluates a fixed list of policies on a resource, calling `found` for each that applies. */
type Runner = (resource: unknown, found: (index: number, result: PolicyResult) => void) => void;

/** A dispatch with generated runners: `always` alone, and per value `always` with that value's policies. */
interface GeneratedDispatch {
  readonly keys: readonly string[];
  readonly always: Runner;
  readonly byValue: ReadonlyMap<string, Runner>;
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
 * `forEachApplicable` through generated runners: the dispatch reads the kind and the dispatch field,
 * then one generated function evaluates every policy that can apply, its memo in local variables.
 */
export function generatedForEach(
  byKind: ReadonlyMap<string, Dispatch>,
  unknownKind: Dispatch,
  otherKind: Dispatch,
  plans: readonly Plan[],
  predicates: readonly Predicate[],
): ForEachApplicable {
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
