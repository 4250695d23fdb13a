import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkPolicyDefinition, compilePolicy, type PolicyExplanation } from '../../src/index.js';
import { arbPolicy, arbPolicyAndResources, type Json } from '../support/policy-arbitraries.js';
import { check, titled } from '../support/property.js';
import { referencePolicy } from '../support/reference-policy.js';

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
