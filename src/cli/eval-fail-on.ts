import type { CompiledPolicy, InventorySummary } from '../policy/index.js';
import { UsageError } from './args.js';

/** One `--fail-on` condition. */
export type FailCondition =
  | { readonly kind: 'status'; readonly text: string; readonly status: string }
  | { readonly kind: 'criticality'; readonly text: string; readonly min: number; readonly strict: boolean };

/** Parses `--fail-on` values (repeated, comma-separated); status names are checked against the policies. */
export function parseFailOn(values: readonly string[], policies: readonly CompiledPolicy[]): FailCondition[] {
  const known = new Set(policies.flatMap((p) => p.statuses.map((s) => s.name)));
  const out: FailCondition[] = [];
  for (const text of values.flatMap((v) => v.split(','))) {
    const item = text.trim();
    if (item === '') throw new UsageError('--fail-on: an empty condition');
    const m = /^criticality\s*(>=|>)\s*(-?\d+(?:\.\d+)?)$/.exec(item);
    if (m) {
      out.push({ kind: 'criticality', text: item, min: Number(m[2]), strict: m[1] === '>' });
      continue;
    }
    if (item.startsWith('criticality')) {
      throw new UsageError(`--fail-on: "${item}" is not criticality>=N or criticality>N`);
    }
    if (!known.has(item)) {
      throw new UsageError(`--fail-on: no policy has a status named "${item}"`);
    }
    out.push({ kind: 'status', text: item, status: item });
  }
  return out;
}

/** The first condition a status of that criticality meets, if any (eval, forecast and SARIF levels). */
export function conditionMet(
  conditions: readonly FailCondition[],
  status: string,
  criticality: number,
): FailCondition | undefined {
  return conditions.find((c) =>
    c.kind === 'status' ? c.status === status : c.strict ? criticality > c.min : criticality >= c.min,
  );
}

/**
 * What met the `--fail-on` conditions: every status of an evaluated policy with a count above 0, its
 * waived resources left out unless `withWaived` (`--fail-on-waived`).
 */
export function failures(
  summary: InventorySummary,
  conditions: readonly FailCondition[],
  withWaived = false,
) {
  const out: Array<{
    policy: string;
    status: string;
    criticality: number;
    count: number;
    condition: string;
  }> = [];
  for (const p of summary.policies) {
    if (p.skipped !== null) continue;
    for (const s of p.statuses) {
      const count = withWaived ? s.count : s.count - s.waived;
      if (count === 0) continue;
      const hit = conditionMet(conditions, s.status, s.criticality);
      if (hit) {
        out.push({
          policy: p.policy,
          status: s.status,
          criticality: s.criticality,
          count,
          condition: hit.text,
        });
      }
    }
  }
  return out;
}
