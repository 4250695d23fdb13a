import { printParsed } from '../parse/print.js';
import type { NormalizedRule, NormalizedStatus } from '../policy/check.js';
import { type Domain, fieldDomain, intersect, isEmpty, isSubset, TOP } from './domain.js';
import type { FieldSite, FilterSite, PolicyModel } from './model.js';

/** A rule as the reasoning checks see it: its filters and the facts they imply. */
export interface RuleView {
  readonly status: NormalizedStatus;
  readonly index: number;
  readonly rule: NormalizedRule;
  readonly filters: readonly FilterSite[];
  /** True when every filter of the rule is a plain conjunction of fields (no `$or`, no `$not`). */
  readonly conjunctive: boolean;
}

/** The filter of `query.filter`, when the definition has one that parses. */
export function scopeOf(model: PolicyModel): FilterSite | undefined {
  return model.filters.find((f) => f.node !== undefined && f.pointer === `${model.base}/query/filter`);
}

/** The rules of a valid definition, with their filter sites. Empty when the definition is invalid. */
export function ruleViews(model: PolicyModel): RuleView[] {
  const definition = model.check.definition;
  if (definition === undefined) return [];
  // Reasoning needs every clause of a filter: one that does not parse is never a premise or a winner.
  const byPointer = new Map(model.filters.filter((f) => f.node !== undefined).map((f) => [f.pointer, f]));
  const out: RuleView[] = [];
  for (const status of definition.statuses) {
    status.rules.forEach((rule, index) => {
      const filters = rule.conditions.map((c) => byPointer.get(c.path)).filter((f) => f !== undefined);
      out.push({ status, index, rule, filters, conjunctive: filters.every((f) => !f.disjunctive) });
    });
  }
  return out;
}

/** Fields that hold whenever the filters hold: those reached through `$and`s only. */
export function facts(filters: readonly FilterSite[]): FieldSite[] {
  return filters.flatMap((f) => f.fields.filter((s) => s.conjunctive));
}

const hasSelector = (site: FieldSite) => site.node.path.some((s) => s.kind === 'any');

/**
 * The values a selector-free path may hold when all the sites hold (TOP when none mentions it). Sites
 * with a selector are left out: each is "some element", and two of them may be met by different elements.
 */
export function pathDomain(sites: readonly FieldSite[], key: string): Domain {
  let d = TOP;
  for (const s of sites)
    if (s.key === key && !hasSelector(s)) d = intersect(d, fieldDomain(s.node.operators));
  return d;
}

/** The first site of `sites` whose path, together with the sites before it, can hold no value. */
export function firstConflict(sites: readonly FieldSite[]): { site: FieldSite; with: FieldSite } | undefined {
  const seen = new Map<string, { d: Domain; first: FieldSite }>();
  for (const s of sites) {
    if (hasSelector(s)) continue;
    const own = fieldDomain(s.node.operators);
    if (isEmpty(own)) continue; // reported on its own
    const prev = seen.get(s.key);
    if (prev === undefined) {
      seen.set(s.key, { d: own, first: s });
      continue;
    }
    const d = intersect(prev.d, own);
    if (isEmpty(d)) return { site: s, with: prev.first };
    seen.set(s.key, { d, first: prev.first });
  }
  return undefined;
}

/** True only when some single field of the sites, or some path across them, can hold no value. */
export function neverHolds(sites: readonly FieldSite[]): boolean {
  return sites.some((s) => isEmpty(fieldDomain(s.node.operators))) || firstConflict(sites) !== undefined;
}

/**
 * True only when `premises` (fields known to hold) imply every field of `target` (a conjunctive rule):
 * a selector-free path by the domain of the premises on that path, a selector path by one premise on the
 * same path whose operators allow fewer element values (some element meeting it meets the target too).
 */
export function implies(premises: readonly FieldSite[], target: readonly FieldSite[]): boolean {
  return target.every((t) => {
    // Domains do not model what `$elemMatch` asks of an element: only the same operators imply it.
    if (t.node.operators.some((op) => op.kind === 'elemMatch')) {
      const want = operatorsJson(t);
      return premises.some((p) => p.key === t.key && operatorsJson(p) === want);
    }
    const want = fieldDomain(t.node.operators);
    if (!hasSelector(t)) return isSubset(pathDomain(premises, t.key), want);
    return premises.some((p) => p.key === t.key && isSubset(fieldDomain(p.node.operators), want));
  });
}

const operatorsJson = (site: FieldSite): string =>
  JSON.stringify(printParsed({ kind: 'filter', clauses: [site.node] }));
