import { describe, expect, it } from 'vitest';
import { generateInventory, REFERENCE_DATE } from '../../../fixtures/generator.js';
import { generatePolicies } from '../../../fixtures/policy-generator.js';
import {
  compilePolicies,
  compilePolicy,
  evaluateInventory,
  FilterError,
  PolicyError,
  type PolicyResult,
} from '../../../src/index.js';

const rule = (filter: object) => ({ conditions: [{ type: 'filter', condition: { filter } }] });
const byTechnology = (technology: string, resource?: string) => ({
  name: `eol ${technology}`,
  ...(resource === undefined ? {} : { resource }),
  query: { filter: { technology: { $eq: technology } } },
  statusDefinitions: {
    ok: { isDefault: true, criticality: 0 },
    old: { criticality: 10, rules: [rule({ version: { $vlt: '14' } })] },
  },
});

describe('compilePolicies', () => {
  it('answers as separate compilePolicy calls, dispatching on the scopes’ equality', () => {
    const definitions = [
      byTechnology('postgres'),
      byTechnology('mysql'),
      byTechnology('postgres', 'component'),
    ];
    // One instant for both: an explanation names the instant it was made at.
    const asOf = '2026-06-01T00:00:00Z';
    const set = compilePolicies(definitions, { asOf });
    const alone = definitions.map((d) => compilePolicy(d, { asOf }));
    for (const r of [
      { technology: 'postgres', version: '9.6' },
      { technology: 'mysql', version: '8.0' },
      { technology: 'redis' },
      { technology: 42 },
      null,
      'text',
      { technology: new Date(0) },
    ]) {
      expect(set.evaluate(r)).toEqual(alone.map((p) => p.evaluate(r)));
      expect(set.explain(r)).toEqual(alone.map((p) => p.explain(r)));
    }
    expect(set.evaluate({ technology: 'postgres', version: '9.6' }).map((r) => r.status)).toEqual([
      'old',
      null,
      'old',
    ]);
    // With a kind: the component policy is not applicable to a certificate, unevaluated.
    expect(
      set.evaluate({ technology: 'postgres', version: '9.6' }, 'certificate').map((r) => r.status),
    ).toEqual(['old', null, null]);
    const found: [number, PolicyResult][] = [];
    set.forEachApplicable({ technology: 'mysql', version: '5.7' }, null, (i, r) => found.push([i, r]));
    expect(found.map(([i, r]) => [i, r.status])).toEqual([[1, 'old']]);
  });

  it('is re-entrant: a resource whose getter evaluates the set again gets the answers of separate calls', () => {
    // Both policies use A, so the set remembers it per resource; B (also shared) is read after A and
    // its getter evaluates the set again, between the outer call's two reads of A.
    const A = { version: { $vlt: '14' } };
    const B = { region: { $eq: 'r0' } };
    const both = { conditions: [A, B].map((filter) => ({ type: 'filter', condition: { filter } })) };
    const definitions = [
      {
        name: 'p0',
        statusDefinitions: {
          ok: { isDefault: true, criticality: 0 },
          old: { criticality: 10, rules: [both] },
        },
      },
      {
        name: 'p1',
        statusDefinitions: {
          ok: { isDefault: true, criticality: 0 },
          old: { criticality: 10, rules: [rule(A)] },
        },
      },
      {
        name: 'p2',
        statusDefinitions: {
          ok: { isDefault: true, criticality: 0 },
          west: { criticality: 10, rules: [rule(B)] },
        },
      },
    ];
    for (const codegen of [true, false]) {
      const set = compilePolicies(definitions, { codegen });
      const alone = definitions.map((d) => compilePolicy(d, { codegen }));
      const inner = { version: '16', region: 'r1' };
      let innerResults: PolicyResult[] = [];
      const outer = {
        version: '9.6',
        get region() {
          innerResults = set.evaluate(inner);
          return 'r0';
        },
      };
      expect(
        set.evaluate(outer).map((r) => r.status),
        `codegen: ${codegen}`,
      ).toEqual(['old', 'old', 'west']);
      expect(innerResults).toEqual(alone.map((p) => p.evaluate(inner)));
      expect(set.evaluate(inner)).toEqual(alone.map((p) => p.evaluate(inner)));
    }
  });

  it('throws the PolicyError compilePolicy throws, and a FilterError for a non-array', () => {
    const bad = { name: 'x', statusDefinitions: { a: { criticality: 'high' } } };
    let alone: unknown;
    try {
      compilePolicy(bad);
    } catch (error) {
      alone = error;
    }
    expect(alone).toBeInstanceOf(PolicyError);
    expect(() => compilePolicies([byTechnology('postgres'), bad])).toThrow(PolicyError);
    try {
      compilePolicies([bad]);
    } catch (error) {
      expect((error as PolicyError).problems).toEqual((alone as PolicyError).problems);
    }
    expect(() => compilePolicies('nope' as never)).toThrow(FilterError);
  });

  it('gives evaluateInventory the counts of one-by-one evaluation over generated policies', async () => {
    const definitions = generatePolicies(60, { seed: 3 });
    const inventory = [
      ...generateInventory({ components: 2000, certificates: 200 }, { seed: 5, now: REFERENCE_DATE }),
    ];
    const policies = definitions.map((d) => compilePolicy(d));
    // Twice with the same compiled policies: the second run reuses the compiled set.
    for (let run = 0; run < 2; run++) {
      const summary = await evaluateInventory(policies, inventory);
      summary.policies.forEach((s, i) => {
        const counts = new Map<string, number>();
        let notApplicable = 0;
        let otherKind = 0;
        for (const r of inventory) {
          if (policies[i]!.resource !== r.resource) {
            otherKind++;
            continue;
          }
          const result = policies[i]!.evaluate(r);
          if (result.status === null) notApplicable++;
          else counts.set(result.status, (counts.get(result.status) ?? 0) + 1);
        }
        expect(s.otherKind).toBe(otherKind);
        expect(s.notApplicable).toBe(notApplicable);
        expect(Object.fromEntries(s.statuses.map((x) => [x.status, x.count]))).toEqual(
          Object.fromEntries(policies[i]!.statuses.map((x) => [x.name, counts.get(x.name) ?? 0])),
        );
      });
    }
  });
});
