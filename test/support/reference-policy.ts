import { referenceMatch } from './reference.js';

/**
 * A slow, obviously-right policy evaluator written from docs/semantics.md section 7, over the JSON
 * definition as written (no normalization, no sorting, no short-circuit): every status is checked,
 * then the winner is chosen. Filters go through the reference filter interpreter.
 */

type Json = Record<string, unknown>;

export interface ReferenceResult {
  applicable: boolean;
  status: string | null;
  criticality: number | null;
  isDefault: boolean;
  matched: { status: string; ruleIndex: number } | null;
}

interface Condition {
  condition: { filter: Json };
}
interface Status {
  isDefault?: boolean;
  criticality: number;
  rules?: { conditions: Condition[] }[];
}

/** Rule 1: a rule holds when all its conditions hold. */
function ruleHolds(rule: { conditions: Condition[] }, resource: unknown): boolean {
  return rule.conditions.every((c) => referenceMatch(c.condition.filter, resource));
}

export function referencePolicy(definition: Json, resource: unknown): ReferenceResult {
  const def = (definition.policy ?? definition) as Json;
  // Rule 4: outside query.filter, not applicable.
  const scope = (def.query as { filter?: Json } | undefined)?.filter;
  if (scope !== undefined && !referenceMatch(scope, resource)) {
    return { applicable: false, status: null, criticality: null, isDefault: false, matched: null };
  }
  const statuses = Object.entries(def.statusDefinitions as Record<string, Status>);
  // Rule 1: a status is reached when any of its rules holds (the first such rule is reported).
  const reached: Array<{ name: string; status: Status; position: number; ruleIndex: number }> = [];
  statuses.forEach(([name, status], position) => {
    const ruleIndex = (status.rules ?? []).findIndex((r) => ruleHolds(r, resource));
    if (ruleIndex >= 0) reached.push({ name, status, position, ruleIndex });
  });
  // Rule 2: highest criticality; equal criticality, the first defined.
  let winner = reached[0];
  for (const r of reached) {
    if (winner !== undefined && r.status.criticality > winner.status.criticality) winner = r;
  }
  if (winner !== undefined) {
    return {
      applicable: true,
      status: winner.name,
      criticality: winner.status.criticality,
      isDefault: winner.status.isDefault === true,
      matched: { status: winner.name, ruleIndex: winner.ruleIndex },
    };
  }
  const [name, status] = statuses.find(([, s]) => s.isDefault === true)!;
  return { applicable: true, status: name, criticality: status.criticality, isDefault: true, matched: null };
}
