import { showPointer, showText } from '../../errors.js';
import { printParsed } from '../../parse/print.js';
import { fieldDomain, isEmpty } from '../domain.js';
import type { FieldSite } from '../model.js';
import { facts, firstConflict, ruleViews, scopeOf } from '../rules.js';
import type { Check } from './types.js';

const show = (site: FieldSite) => JSON.stringify(printParsed({ kind: 'filter', clauses: [site.node] }));

/**
 * Conditions that can never hold: one field whose operators exclude every value (`$gte: 10` with
 * `$lt: 5`, `$in: []`, `$exists: false` with a comparison), or one path constrained by several fields of
 * a rule (across its conditions, and with the policy's scope) in ways no value meets.
 */
export const impossibleConditions: Check = {
  name: 'impossible-conditions',
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        if (!isEmpty(fieldDomain(site.node.operators))) continue;
        report({
          severity: 'warning',
          code: 'IMPOSSIBLE_CONDITION',
          message: `${show(site)} can never hold: no value satisfies all of its operators`,
          path: site.pointer,
          anchor: 'key',
        });
      }
    }
    const scope = scopeOf(model);
    const scopeFacts = scope === undefined ? [] : facts([scope]);
    const scopeConflict = firstConflict(scopeFacts);
    if (scopeConflict !== undefined) {
      report({
        severity: 'warning',
        code: 'IMPOSSIBLE_CONDITION',
        message: `${show(scopeConflict.site)} contradicts ${show(scopeConflict.with)} at ${showPointer(scopeConflict.with.pointer)}: the scope matches no resource`,
        path: scopeConflict.site.pointer,
        anchor: 'key',
      });
      return;
    }
    for (const view of ruleViews(model)) {
      const conflict = firstConflict([...scopeFacts, ...facts(view.filters)]);
      if (conflict === undefined) continue;
      const inScope = scopeFacts.includes(conflict.with);
      report({
        severity: 'warning',
        code: 'IMPOSSIBLE_CONDITION',
        message: inScope
          ? `${show(conflict.site)} contradicts the policy's scope ${show(conflict.with)}: rule ${view.index + 1} of "${showText(view.status.name)}" never holds for a resource in scope`
          : `${show(conflict.site)} contradicts ${show(conflict.with)} at ${showPointer(conflict.with.pointer)}: rule ${view.index + 1} of "${showText(view.status.name)}" never holds`,
        path: conflict.site.pointer,
        anchor: 'key',
      });
    }
  },
};
