/**
 * Many policies at once: 200 generated policies (`fixtures/policy-generator.ts`) over the inventory,
 * evaluated jointly (`compilePolicies`, what `evaluateInventory` and `svc-policy eval` use) and one by
 * one (each `compilePolicy(…).evaluate` in turn, the kind checked first as `evaluateInventory` does).
 *
 * Before anything is timed, both must give the same status counts per policy; the run fails otherwise.
 */
import { generatePolicies } from '../fixtures/policy-generator.js';
import { compilePolicies, compilePolicy, type PolicyResult } from '../src/index.js';
import { type Case, interleaved } from './lib.js';

export interface PolicySetResult {
  readonly policies: number;
  readonly resources: number;
  /** Policy results in scope (summed over policies), the same for both contenders. */
  readonly applicable: number;
  readonly resourcesPerSecond: Readonly<Record<string, number>>;
  /** Joint throughput ÷ one-by-one throughput (target ≥ 5×). */
  readonly speedup: number;
}

type Kinded = { readonly resource?: unknown };

/** Counts per policy and status: `policy index/status`. */
function tally(counts: Map<string, number>, i: number, result: PolicyResult): void {
  if (result.status === null) return;
  const key = `${i}/${result.status}`;
  counts.set(key, (counts.get(key) ?? 0) + 1);
}

export async function benchPolicySet(
  resources: readonly unknown[],
  rounds: number,
  count = 200,
): Promise<PolicySetResult> {
  const definitions = generatePolicies(count, { seed: 42 });
  const codegen = { codegen: true };
  const set = compilePolicies(definitions, codegen);
  const separate = definitions.map((d) => compilePolicy(d, codegen));
  const kinds = separate.map((p) => p.resource);
  const kindOf = (r: unknown) => {
    const k = (r as Kinded).resource;
    return typeof k === 'string' ? k : null;
  };

  const joint = (counts?: Map<string, number>) => {
    let n = 0;
    const found =
      counts === undefined
        ? () => void n++
        : (i: number, r: PolicyResult) => {
            n++;
            tally(counts, i, r);
          };
    for (let i = 0; i < resources.length; i++)
      set.forEachApplicable(resources[i], kindOf(resources[i]), found);
    return n;
  };
  const oneByOne = (counts?: Map<string, number>) => {
    let n = 0;
    for (let i = 0; i < resources.length; i++) {
      const r = resources[i];
      const kind = kindOf(r);
      for (let p = 0; p < separate.length; p++) {
        const want = kinds[p];
        if (kind !== null && want !== undefined && want !== kind) continue;
        const result = separate[p]!.evaluate(r);
        if (result.applicable) {
          n++;
          if (counts !== undefined) tally(counts, p, result);
        }
      }
    }
    return n;
  };

  // The check: identical status counts for every policy, before timing.
  const a = new Map<string, number>();
  const b = new Map<string, number>();
  const applicable = joint(a);
  if (oneByOne(b) !== applicable || a.size !== b.size || [...a].some(([k, v]) => b.get(k) !== v)) {
    throw new Error('policy set: joint and one-by-one evaluation give different status counts');
  }

  const cases: Case[] = [
    { name: 'compilePolicies', fn: () => joint() },
    { name: 'one by one', fn: () => oneByOne() },
  ];
  const times = await interleaved(`${count} policies`, cases, { rounds });
  const perSecond = Object.fromEntries([...times].map(([k, s]) => [k, resources.length / s]));
  return {
    policies: count,
    resources: resources.length,
    applicable,
    resourcesPerSecond: perSecond,
    speedup: perSecond.compilePolicies! / perSecond['one by one']!,
  };
}
