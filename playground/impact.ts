import type { CompiledPolicy } from '../src/index.js';

/** Status before × status after, with `null` for "not applicable". */
export interface ImpactMatrix {
  readonly before: readonly (string | null)[];
  readonly after: readonly (string | null)[];
  /** counts[i][j]: resources with status before[i] before and after[j] after. */
  readonly counts: readonly (readonly number[])[];
}

/**
 * The impact of replacing one policy by another over a set of records, by evaluating both compiled
 * policies. Kept in one function so that it can later delegate to a library-level policy diff.
 *
 * @example
 * impactMatrix(compilePolicy(before), compilePolicy(after), records).counts;
 */
export function impactMatrix(
  before: CompiledPolicy,
  after: CompiledPolicy,
  records: readonly unknown[],
): ImpactMatrix {
  const b = [null, ...before.statuses.map((s) => s.name)];
  const a = [null, ...after.statuses.map((s) => s.name)];
  const counts = b.map(() => a.map(() => 0));
  for (const record of records) {
    const i = b.indexOf(before.evaluate(record).status);
    const j = a.indexOf(after.evaluate(record).status);
    const row = counts[i];
    if (row !== undefined && j >= 0) row[j] = (row[j] ?? 0) + 1;
  }
  return { before: b, after: a, counts };
}
