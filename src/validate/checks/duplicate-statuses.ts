import { showText } from '../../errors.js';
import { printParsed } from '../../parse/print.js';
import type { NormalizedStatus } from '../../policy/check.js';
import type { Check } from './types.js';

/** JSON with object keys sorted, so that `{a, b}` and `{b, a}` compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value);
}

/** A status's rules as a set: each rule as the sorted set of its conditions. */
function ruleSet(status: NormalizedStatus): string {
  const rules = status.rules.map((rule) =>
    canonical([...new Set(rule.conditions.map((c) => canonical(printParsed(c.filter))))].sort()),
  );
  return canonical([...new Set(rules)].sort());
}

/** Evaluation order: highest criticality first, definition order among equals. */
export function evaluationOrder(statuses: readonly NormalizedStatus[]): NormalizedStatus[] {
  return statuses
    .filter((s) => s.rules.length > 0)
    .sort((a, b) => b.criticality - a.criticality || a.index - b.index);
}

/** Pairs of statuses with identical rules, as [winner, loser] in evaluation order. */
export function duplicatePairs(
  statuses: readonly NormalizedStatus[],
): [NormalizedStatus, NormalizedStatus][] {
  const first = new Map<string, NormalizedStatus>();
  const out: [NormalizedStatus, NormalizedStatus][] = [];
  for (const s of evaluationOrder(statuses)) {
    const key = ruleSet(s);
    const winner = first.get(key);
    if (winner === undefined) first.set(key, s);
    else out.push([winner, s]);
  }
  return out;
}

/** Two statuses with identical rules: the one evaluated second is never reached through them. */
export const duplicateStatuses: Check = {
  name: 'duplicate-statuses',
  run(model, report) {
    const definition = model.check.definition;
    if (definition === undefined) return;
    for (const [winner, loser] of duplicatePairs(definition.statuses)) {
      report({
        severity: 'warning',
        code: 'DUPLICATE_STATUS_RULES',
        message: `status "${showText(loser.name)}" has the same rules as "${showText(winner.name)}", which is evaluated first (criticality ${winner.criticality}): "${showText(loser.name)}" is never given through them`,
        path: loser.path,
        anchor: 'key',
      });
    }
  },
};
