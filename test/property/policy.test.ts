import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPolicyDefinition, compilePolicy, type PolicyExplanation } from '../../src/index.js';
import { arbAnyRecord, arbFilter, arbRecordFor, type FilterJson } from '../support/arbitraries.js';
import { policyWithinDefaultLimits } from '../support/limits.js';
import { check, titled } from '../support/property.js';
import { referencePolicy } from '../support/reference-policy.js';

type Json = Record<string, unknown>;

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
const arbPolicy: fc.Arbitrary<Json> = fc
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
function filtersOf(definition: Json): FilterJson[] {
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

const arbPolicyAndResources = arbPolicy.chain((p) => {
  const filters = filtersOf(p);
  const aimed = filters.length === 0 ? arbAnyRecord : fc.constantFrom(...filters).chain(arbRecordFor);
  return fc.tuple(fc.constant(p), fc.array(fc.oneof(aimed, arbAnyRecord), { minLength: 1, maxLength: 8 }));
});

/** The status each explanation says was reached, chosen by the rules independently of `result`. */
function decidedByExplanation(e: PolicyExplanation): string | null {
  if (!e.scope.held) return null;
  let best: PolicyExplanation['statuses'][number] | undefined;
  for (const s of e.statuses)
    if (s.reached && (best === undefined || s.criticality > best.criticality)) best = s;
  return (best ?? e.statuses.find((s) => s.isDefault))!.status;
}

describe('policies: compiled evaluation against the reference evaluator', () => {
  it(titled('evaluate agrees with the reference policy evaluator'), () => {
    check(
      fc.property(arbPolicyAndResources, ([definition, resources]) => {
        const policy = compilePolicy(definition);
        for (const resource of resources) {
          expect(policy.evaluate(resource)).toEqual(referencePolicy(definition, resource));
        }
      }),
    );
  });

  it(titled('explain agrees with evaluate, status by status'), () => {
    check(
      fc.property(arbPolicyAndResources, ([definition, resources]) => {
        const policy = compilePolicy(definition);
        for (const resource of resources) {
          const e = policy.explain(resource);
          const result = policy.evaluate(resource);
          expect(e.result).toEqual(result);
          expect(decidedByExplanation(e)).toBe(result.status);
          for (const s of e.statuses) {
            expect(s.reached).toBe(s.rules.some((r) => r.held));
            for (const r of s.rules) expect(r.failed).toBe(r.conditions.filter((c) => !c.held).length);
          }
          const fell = result.applicable && result.matched === null;
          expect(e.nearestMiss !== null).toBe(
            fell && e.statuses.some((s) => !s.isDefault && s.rules.length > 0),
          );
          if (e.nearestMiss) {
            const fewest = Math.min(
              ...e.statuses.filter((s) => !s.isDefault).flatMap((s) => s.rules.map((r) => r.failed)),
            );
            expect(e.nearestMiss.failed).toBe(fewest);
            expect(e.nearestMiss.failed).toBeGreaterThan(0);
          }
        }
      }),
    );
  });

  it(titled('the codegen compiler gives the same results as the closure compiler'), () => {
    check(
      fc.property(arbPolicyAndResources, ([definition, resources]) => {
        const closures = compilePolicy(definition, { codegen: false });
        const generated = compilePolicy(definition, { codegen: true });
        for (const r of resources) expect(generated.evaluate(r)).toEqual(closures.evaluate(r));
      }),
    );
  });

  it(titled('a defect anywhere is reported at its pointer, and the other problems too'), () => {
    check(
      fc.property(arbPolicy, fc.nat(), (definition, pick) => {
        const copy = structuredClone(definition) as Json;
        const def = (copy.policy ?? copy) as Json;
        const base = copy.policy ? '/policy' : '';
        const names = Object.keys(def.statusDefinitions as Json);
        const name = names[pick % names.length]!;
        const esc = name.replace(/~/g, '~0').replace(/\//g, '~1');
        (def.statusDefinitions as Record<string, Json>)[name]!.criticality = Number.NaN;
        def.isActive = 'yes';
        const paths = checkPolicyDefinition(copy).problems.map((p) => p.path);
        expect(paths).toContain(`${base}/statusDefinitions/${esc}/criticality`);
        expect(paths).toContain(`${base}/isActive`);
        expect(checkPolicyDefinition(definition).problems).toEqual([]);
      }),
    );
  });
});
