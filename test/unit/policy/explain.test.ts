import { describe, expect, it } from 'vitest';
import { compilePolicy, type FieldExplanation } from '../../../src/index.js';
import { policy, rule, status } from './helpers.js';

const ok = status(0, undefined, true);

describe('compilePolicy: explain', () => {
  const p = compilePolicy(
    policy(
      {
        ok,
        old: status(20, [
          rule(
            { 'details$.kubernetes$.nodes$.__svcArrayAny__$.version': { $lt: '1.29' } },
            { region: { $like: 'us-*' } },
          ),
          rule({ version: { $eq: '1.20' } }, { region: { $eq: 'x' } }, { tags$env: { $eq: 'prod' } }),
        ]),
        degraded: status(10, [
          rule({ 'details$.kubernetes$.nodes$.__svcArrayAny__$.status': { $ne: 'ACTIVE' } }),
        ]),
      },
      { query: { filter: { technology: { $eq: 'kubernetes' } } } },
    ),
  );
  const cluster = {
    technology: 'kubernetes',
    region: 'eu-west-1',
    details: {
      kubernetes: {
        nodes: [
          { version: '1.30', status: 'ACTIVE' },
          { version: '1.27', status: 'ACTIVE' },
        ],
      },
    },
  };

  it('explains every status, rule and condition, with the values found and the element that matched', () => {
    const e = p.explain(cluster);
    expect(e.policy).toBe('p');
    expect(e.result).toEqual(p.evaluate(cluster));
    expect(e.scope.held).toBe(true);
    expect(e.scope.path).toBe('/query/filter');
    expect(e.statuses.map((s) => [s.status, s.reached, s.rules.length])).toEqual([
      ['ok', false, 0],
      ['old', false, 2],
      ['degraded', false, 1],
    ]);
    const first = e.statuses[1]!.rules[0]!;
    expect(first).toMatchObject({ index: 0, held: false, failed: 1, path: '/statusDefinitions/old/rules/0' });
    const selector = first.conditions[0]!.clauses[0] as FieldExplanation;
    expect(selector).toMatchObject({
      kind: 'field',
      held: true,
      path: 'details$.kubernetes$.nodes$.__svcArrayAny__$.version',
      operators: { $lt: '1.29' },
    });
    expect(selector.values).toEqual([
      { found: true, value: '1.30', elements: [0], at: '/details/kubernetes/nodes/0/version', held: false },
      { found: true, value: '1.27', elements: [1], at: '/details/kubernetes/nodes/1/version', held: true },
    ]);
    expect(selector.matched?.elements).toEqual([1]);
    const region = first.conditions[1]!;
    expect(region).toMatchObject({
      index: 1,
      held: false,
      path: '/statusDefinitions/old/rules/0/conditions/1/condition/filter',
      filter: { region: { $like: 'us-*' } },
    });
    expect((region.clauses[0] as FieldExplanation).values).toEqual([
      { found: true, value: 'eu-west-1', elements: [], at: '/region', held: false },
    ]);
  });

  it('reports missing values as found: false', () => {
    const e = p.explain({ technology: 'kubernetes' });
    const version = e.statuses[1]!.rules[1]!.conditions[0]!.clauses[0] as FieldExplanation;
    expect(version.values).toEqual([
      { found: false, value: null, elements: [], at: '/version', held: false },
    ]);
    const selector = e.statuses[1]!.rules[0]!.conditions[0]!.clauses[0] as FieldExplanation;
    expect(selector.values).toEqual([]);
    expect(selector.held).toBe(false);
  });

  it('counts an element without the key as a missing value of that element', () => {
    const e = p.explain({
      technology: 'kubernetes',
      details: { kubernetes: { nodes: [{ version: '1.30' }] } },
    });
    const status = e.statuses[2]!.rules[0]!.conditions[0]!.clauses[0] as FieldExplanation;
    expect(status.values).toEqual([
      { found: false, value: null, elements: [0], at: '/details/kubernetes/nodes/0/status', held: true },
    ]);
    expect(e.result.status).toBe('degraded');
  });

  it('gives the nearest miss when the resource fell to the default', () => {
    const e = p.explain(cluster);
    expect(e.result.status).toBe('ok');
    expect(e.nearestMiss).toMatchObject({
      status: 'old',
      ruleIndex: 0,
      path: '/statusDefinitions/old/rules/0',
      failed: 1,
      conditions: 2,
    });
    expect(e.nearestMiss?.failedConditions.map((c) => c.index)).toEqual([1]);
    expect((e.nearestMiss!.failedConditions[0]!.clauses[0] as FieldExplanation).values[0]?.value).toBe(
      'eu-west-1',
    );
  });

  it('breaks nearest-miss ties by higher criticality', () => {
    const q = compilePolicy(
      policy({ ok, low: status(10, [rule({ a: { $eq: 1 } })]), high: status(20, [rule({ b: { $eq: 1 } })]) }),
    );
    expect(q.explain({}).nearestMiss?.status).toBe('high');
  });

  it('has no nearest miss when a status was reached or the resource is out of scope', () => {
    expect(p.explain({ ...cluster, region: 'us-east-1' }).nearestMiss).toBeNull();
    const outside = p.explain({ technology: 'postgres' });
    expect(outside.result.applicable).toBe(false);
    expect(outside.scope.held).toBe(false);
    expect(outside.nearestMiss).toBeNull();
  });

  it('explains $and, $or and $not clause by clause', () => {
    const q = compilePolicy(
      policy({
        ok,
        hit: status(10, [
          rule({ $or: [{ a: { $eq: 1 } }, { b: { $eq: 2 } }], $not: { c: { $exists: true } } }),
        ]),
      }),
    );
    const c = q.explain({ b: 2, c: 1 }).statuses[1]!.rules[0]!.conditions[0]!;
    expect(c.held).toBe(false);
    expect(c.clauses.map((x) => [x.kind, x.held])).toEqual([
      ['or', true],
      ['not', false],
    ]);
    const or = c.clauses[0]!;
    if (or.kind !== 'or') throw new Error('expected $or');
    expect(or.filters.map((f) => f.held)).toEqual([false, true]);
  });

  it('explains non-object resources without throwing', () => {
    for (const r of [null, 1, 'x', [], true]) {
      const e = p.explain(r);
      expect(e.result.applicable).toBe(false);
      expect(e.scope.held).toBe(false);
    }
  });

  it('is JSON-serializable', () => {
    const e = p.explain(cluster);
    expect(JSON.parse(JSON.stringify(e))).toEqual(e);
  });
});
