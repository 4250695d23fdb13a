/** Random valid policies and resources aimed at their filters (shared by the policy properties). */
import fc from 'fast-check';
import { arbAnyRecord, arbFilter, arbRecordFor, type FilterJson } from './arbitraries.js';
import { policyWithinDefaultLimits } from './limits.js';

export type Json = Record<string, unknown>;

/**
 * Conditions come from a small pool per policy (a few random filters and `{}`, which always holds), so
 * that several statuses are often reached at once and the criticality and order rules are exercised.
 */
const arbPool = fc
  .tuple(fc.array(arbFilter, { minLength: 1, maxLength: 3 }), fc.boolean())
  .map(([filters, withEmpty]) => (withEmpty ? [...filters, {}] : filters));

function arbRule(pool: readonly FilterJson[]) {
  return fc
    .array(fc.constantFrom(...pool), { minLength: 1, maxLength: 3 })
    .map((filters) => ({ conditions: filters.map((filter) => ({ type: 'filter', condition: { filter } })) }));
}

/** Criticalities from a small set, so that ties (first defined wins) are frequent. */
const arbCriticality = fc.constantFrom(0, 10, 10, 20, -5, 2.5);

/** Random valid policies: one to five statuses, exactly one default (anywhere, sometimes with rules). */
export const arbPolicy: fc.Arbitrary<Json> = fc
  .record({
    names: fc.uniqueArray(fc.constantFrom('ok', 'warn', 'bad', 'a/b', '~x', 'z'), {
      minLength: 1,
      maxLength: 5,
    }),
    defaultAt: fc.nat(),
    scope: fc.option(
      fc.oneof(
        fc.constant({}),
        arbFilter.map((filter) => ({ filter })),
      ),
    ),
    wrapped: fc.boolean(),
    pool: arbPool,
  })
  .chain(({ names, defaultAt, scope, wrapped, pool }) =>
    fc
      .tuple(
        ...names.map((_, i) =>
          fc.record({
            criticality: arbCriticality,
            rules:
              i === defaultAt % names.length
                ? fc.array(arbRule(pool), { maxLength: 1 })
                : fc.array(arbRule(pool), { minLength: 1, maxLength: 3 }),
          }),
        ),
      )
      .map((defs) => {
        const statusDefinitions = Object.fromEntries(
          names.map((name, i) => [
            name,
            {
              isDefault: i === defaultAt % names.length,
              criticality: defs[i]!.criticality,
              rules: defs[i]!.rules,
            },
          ]),
        );
        const definition: Json = {
          name: 'random',
          statusDefinitions,
          ...(scope === null ? {} : { query: scope }),
        };
        return wrapped ? { policy: definition } : definition;
      }),
  )
  .filter(policyWithinDefaultLimits);

/** Every filter of a policy: resources are aimed at them so that rules hold often enough. */
export function filtersOf(definition: Json): FilterJson[] {
  const def = (definition.policy ?? definition) as Json;
  const out: FilterJson[] = [];
  const scope = (def.query as { filter?: FilterJson } | undefined)?.filter;
  if (scope) out.push(scope);
  for (const s of Object.values(def.statusDefinitions as Record<string, { rules: Json[] }>)) {
    for (const r of s.rules)
      for (const c of r.conditions as Json[]) out.push((c.condition as Json).filter as FilterJson);
  }
  return out;
}

export const arbPolicyAndResources = arbPolicy.chain((p) => {
  const filters = filtersOf(p);
  const aimed = filters.length === 0 ? arbAnyRecord : fc.constantFrom(...filters).chain(arbRecordFor);
  return fc.tuple(fc.constant(p), fc.array(fc.oneof(aimed, arbAnyRecord), { minLength: 1, maxLength: 8 }));
});
