import { showText } from '../../errors.js';
import { facts, implies, neverHolds, ruleViews, scopeOf } from '../rules.js';
import { duplicatePairs, evaluationOrder } from './duplicate-statuses.js';
import type { Check } from './types.js';

/**
 * A rule that can never decide: whenever it holds, a rule of a status evaluated before it (higher
 * criticality, or equal and defined earlier) holds too. Decided by implication between conjunctions of
 * fields (domains per path), never by search; rules with `$or`/`$not` are never taken as the winner.
 */
export const shadowedRules: Check = {
  name: 'shadowed-rules',
  run(model, report) {
    const definition = model.check.definition;
    if (definition === undefined) return;
    const order = evaluationOrder(definition.statuses);
    const rank = new Map(order.map((s, i) => [s, i]));
    const duplicates = new Set(duplicatePairs(definition.statuses).map(([, loser]) => loser));
    const scope = scopeOf(model);
    const scopeFacts = scope === undefined ? [] : facts([scope]);
    const views = ruleViews(model);
    for (const view of views) {
      if (duplicates.has(view.status)) continue; // reported as a duplicate status
      const premises = [...scopeFacts, ...facts(view.filters)];
      if (neverHolds(premises)) continue; // reported as impossible
      const winner = views.find(
        (w) =>
          rank.get(w.status)! < rank.get(view.status)! &&
          w.conjunctive &&
          !neverHolds(facts(w.filters)) &&
          implies(premises, facts(w.filters)),
      );
      if (winner === undefined) continue;
      report({
        severity: 'warning',
        code: 'SHADOWED_RULE',
        message: `rule ${view.index + 1} of "${showText(view.status.name)}" can never decide: whenever it holds, rule ${winner.index + 1} of "${showText(winner.status.name)}" (criticality ${winner.status.criticality}) holds too and is evaluated first`,
        path: view.rule.path,
        anchor: 'key',
      });
    }
  },
};
