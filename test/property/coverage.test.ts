import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type ClauseExplanation,
  type CompiledPolicy,
  compilePolicy,
  coverageRecorder,
  evaluateInventory,
  type FilterExplanation,
  mergeCoverage,
  type PolicyCoverage,
} from '../../src/index.js';
import { arbPolicyAndResources } from '../support/policy-arbitraries.js';
import { check, checkAsync, titled } from '../support/property.js';

/** A JSON pointer step, escaped (RFC 6901). */
const step = (key: string | number) => `/${String(key).replace(/~/g, '~0').replace(/\//g, '~1')}`;

interface Expected {
  statuses: Map<string, number>;
  rules: Map<string, number>;
  branches: Map<string, { true: number; false: number }>;
}

/**
 * The counts recounted from `explain`, which evaluates every node of every filter: the documented
 * order and short-circuits replayed over its tree (docs/coverage.md), written apart from the recorder.
 */
function recount(policy: CompiledPolicy, resources: readonly unknown[]): Expected {
  const d = policy.definition;
  const out: Expected = { statuses: new Map(), rules: new Map(), branches: new Map() };
  for (const s of d.statuses) out.statuses.set(s.name, 0);
  for (const s of d.statuses) for (const r of s.rules) out.rules.set(r.path, 0);
  const hit = (kind: string, path: string, held: boolean) => {
    const key = `${kind} ${path}`;
    const c = out.branches.get(key) ?? { true: 0, false: 0 };
    if (held) c.true++;
    else c.false++;
    out.branches.set(key, c);
  };
  const filter = (f: FilterExplanation, path: string): boolean => {
    if (f.clauses.length === 1) return clause(f.clauses[0]!, path);
    let held = true;
    for (const c of f.clauses) {
      if (!clause(c, path)) {
        held = false;
        break;
      }
    }
    hit('filter', path, held);
    return held;
  };
  const clause = (c: ClauseExplanation, path: string): boolean => {
    if (c.kind === 'field') {
      hit('field', path + step(c.path), c.held);
      return c.held;
    }
    if (c.kind === 'not') {
      const held = !filter(c.filter, `${path}/$not`);
      hit('not', `${path}/$not`, held);
      return held;
    }
    const stopAt = c.kind === 'or';
    let held = !stopAt;
    for (let i = 0; i < c.filters.length; i++) {
      if (filter(c.filters[i]!, `${path}/$${c.kind}/${i}`) === stopAt) {
        held = stopAt;
        break;
      }
    }
    hit(c.kind, `${path}/$${c.kind}`, held);
    return held;
  };
  const order = d.statuses
    .map((s, i) => ({ s, i }))
    .sort((a, b) => b.s.criticality - a.s.criticality || a.i - b.i);
  for (const resource of resources) {
    const e = policy.explain(resource);
    if (d.scopePath !== null && d.scope.clauses.length > 0 && !filter(e.scope, d.scopePath)) continue;
    let decided: string | null = null;
    for (const { s, i } of order) {
      const explained = e.statuses[i]!;
      for (let r = 0; r < s.rules.length && decided === null; r++) {
        const conditions = explained.rules[r]!.conditions;
        let held = true;
        for (let c = 0; c < conditions.length && held; c++) {
          held = filter(conditions[c]!, s.rules[r]!.conditions[c]!.path);
        }
        if (held) {
          decided = s.name;
          out.rules.set(s.rules[r]!.path, out.rules.get(s.rules[r]!.path)! + 1);
        }
      }
      if (decided !== null) break;
    }
    const status = decided ?? d.defaultStatus.name;
    out.statuses.set(status, out.statuses.get(status)! + 1);
  }
  return out;
}

function asExpected(c: PolicyCoverage): Expected {
  return {
    statuses: new Map(c.statuses.map((s) => [s.status, s.count])),
    rules: new Map(c.rules.map((r) => [r.path, r.decided])),
    branches: new Map(
      c.branches
        .filter((b) => b.true + b.false > 0)
        .map((b) => [`${b.kind} ${b.path}`, { true: b.true, false: b.false }]),
    ),
  };
}

describe('coverage', () => {
  it(titled('counts equal a recount from explain, and the recorder decides as evaluate does'), () => {
    check(
      fc.property(arbPolicyAndResources, ([definition, resources]) => {
        const policy = compilePolicy(definition);
        const recorder = coverageRecorder(policy);
        for (const r of resources) {
          const got = recorder.record(r);
          const result = policy.evaluate(r);
          expect(got === null ? null : got.status).toBe(result.status);
          expect(got?.rule ?? null).toBe(result.matched?.ruleIndex ?? null);
        }
        const report = recorder.report();
        expect(asExpected(report)).toEqual(recount(policy, resources));
        expect(report.evaluated).toBe(resources.length);
        // Every branch point is listed, seen or not, with a path unique for its kind.
        const keys = report.branches.map((b) => `${b.kind} ${b.path}`);
        expect(new Set(keys).size).toBe(keys.length);
      }),
    );
  });

  it(titled('coverage of two parts merges into the coverage of the whole'), () => {
    check(
      fc.property(arbPolicyAndResources, fc.nat(), ([definition, resources], cut) => {
        const policy = compilePolicy(definition);
        const at = cut % (resources.length + 1);
        const [whole, first, second] = [
          coverageRecorder(policy),
          coverageRecorder(policy),
          coverageRecorder(policy),
        ];
        resources.forEach((r, i) => {
          whole.record(r);
          (i < at ? first : second).record(r);
        });
        expect(mergeCoverage(first.report(), second.report())).toEqual(whole.report());
      }),
    );
  });

  it(
    titled('evaluateInventory with coverage counts as the recorder, and its summary is unchanged'),
    async () => {
      await checkAsync(
        fc.asyncProperty(arbPolicyAndResources, async ([definition, all]) => {
          // An inventory holds records: a string among them is refused (INVALID_RESOURCE).
          const resources = all.filter((r) => typeof r !== 'string');
          const policy = compilePolicy(definition, { asOf: '2026-06-01T00:00:00Z' });
          const recorder = coverageRecorder(policy);
          for (const r of resources) recorder.record(r);
          const asOf = '2026-06-01T00:00:00Z';
          const on = await evaluateInventory([policy], resources, { coverage: true, kindField: null, asOf });
          const off = await evaluateInventory([policy], resources, { kindField: null, asOf });
          expect(on.coverage).toEqual([recorder.report()]);
          expect(off.coverage).toBeUndefined();
          expect(on.policies).toEqual(off.policies);
        }),
      );
    },
  );
});
