import { describe, expect, it } from 'vitest';
import { compilePolicy } from '../../../src/index.js';
import { policy, rule, status } from './helpers.js';

const ok = status(0, undefined, true);

describe('compilePolicy: evaluate', () => {
  it('a rule holds only when all its conditions hold', () => {
    const p = compilePolicy(policy({ ok, hit: status(10, [rule({ a: { $eq: 1 } }, { b: { $eq: 2 } })]) }));
    expect(p.evaluate({ a: 1, b: 2 }).status).toBe('hit');
    expect(p.evaluate({ a: 1, b: 3 }).status).toBe('ok');
    expect(p.evaluate({ a: 0, b: 2 }).status).toBe('ok');
  });

  it('a status is reached when any of its rules holds, and matched names that rule', () => {
    const p = compilePolicy(
      policy({ ok, hit: status(10, [rule({ a: { $eq: 1 } }), rule({ b: { $eq: 2 } })]) }),
    );
    expect(p.evaluate({ a: 1 })).toEqual({
      applicable: true,
      status: 'hit',
      criticality: 10,
      isDefault: false,
      matched: { status: 'hit', ruleIndex: 0 },
    });
    expect(p.evaluate({ b: 2 }).matched).toEqual({ status: 'hit', ruleIndex: 1 });
    expect(p.evaluate({ a: 1, b: 2 }).matched).toEqual({ status: 'hit', ruleIndex: 0 });
  });

  it('the highest criticality wins among the reached statuses, whatever the definition order', () => {
    const p = compilePolicy(
      policy({
        low: status(10, [rule({ a: { $exists: true } })]),
        ok,
        high: status(30, [rule({ a: { $gt: 5 } })]),
        mid: status(20, [rule({ a: { $gt: 1 } })]),
      }),
    );
    expect(p.evaluate({ a: 9 }).status).toBe('high');
    expect(p.evaluate({ a: 3 }).status).toBe('mid');
    expect(p.evaluate({ a: 0 }).status).toBe('low');
    expect(p.evaluate({}).status).toBe('ok');
  });

  it('on equal criticality the status defined first wins', () => {
    const p = compilePolicy(
      policy({
        ok,
        first: status(10, [rule({ a: { $eq: 1 } })]),
        second: status(10, [rule({ a: { $gte: 1 } })]),
      }),
    );
    expect(p.evaluate({ a: 1 }).status).toBe('first');
    expect(p.evaluate({ a: 2 }).status).toBe('second');
  });

  it('criticality may be negative or fractional (any finite number)', () => {
    const p = compilePolicy(
      policy({
        ok,
        neg: status(-5, [rule({ a: { $eq: 1 } })]),
        frac: status(-4.5, [rule({ a: { $exists: true } })]),
      }),
    );
    expect(p.evaluate({ a: 1 }).status).toBe('frac');
  });

  it('no status reached: the default status, with its own criticality and matched null', () => {
    const p = compilePolicy(
      policy({ fine: status(7, undefined, true), hit: status(10, [rule({ a: { $eq: 1 } })]) }),
    );
    expect(p.evaluate({ a: 2 })).toEqual({
      applicable: true,
      status: 'fine',
      criticality: 7,
      isDefault: true,
      matched: null,
    });
  });

  it('rules on the default status compete like any other and are reported in matched', () => {
    const p = compilePolicy(
      policy({
        ok: { isDefault: true, criticality: 15, rules: [rule({ pinned: { $eq: true } })] },
        hit: status(10, [rule({ a: { $eq: 1 } })]),
      }),
    );
    expect(p.evaluate({ a: 1, pinned: true })).toEqual({
      applicable: true,
      status: 'ok',
      criticality: 15,
      isDefault: true,
      matched: { status: 'ok', ruleIndex: 0 },
    });
    expect(p.evaluate({ a: 1 }).status).toBe('hit');
    expect(p.evaluate({}).matched).toBeNull();
  });

  it('query.filter is the scope: outside it, not applicable and no status', () => {
    const p = compilePolicy(
      policy(
        { ok, hit: status(10, [rule({ a: { $eq: 1 } })]) },
        { query: { filter: { kind: { $eq: 'db' } } } },
      ),
    );
    expect(p.evaluate({ kind: 'cluster', a: 1 })).toEqual({
      applicable: false,
      status: null,
      criticality: null,
      isDefault: false,
      matched: null,
    });
    expect(p.evaluate({ kind: 'db', a: 1 }).status).toBe('hit');
    expect(p.evaluate({ kind: 'db' }).status).toBe('ok');
  });

  it('query {} and a missing query cover everything', () => {
    for (const extra of [{ query: {} }, {}, { query: { filter: {} } }]) {
      const p = compilePolicy(policy({ ok }, extra));
      for (const r of [{}, null, 42, 'x', [1], { a: 1 }]) expect(p.evaluate(r).applicable).toBe(true);
    }
  });

  it('never throws on any JSON value: non-objects match no path', () => {
    const p = compilePolicy(
      policy({
        ok,
        missing: status(10, [rule({ a: { $exists: false } })]),
        present: status(20, [rule({ a: { $exists: true } })]),
      }),
    );
    for (const r of [null, undefined, 0, -1, '', 'text', true, [], [{ a: 1 }], Number.NaN]) {
      expect(p.evaluate(r).status).toBe('missing');
    }
    expect(p.evaluate({ a: 0 }).status).toBe('present');
  });

  it('evaluates selector paths in conditions', () => {
    const p = compilePolicy(
      policy({
        ok,
        old: status(20, [rule({ 'details$.kubernetes$.nodes$.__svcArrayAny__$.version': { $lt: '1.29' } })]),
      }),
    );
    const cluster = (versions: string[]) => ({
      details: { kubernetes: { nodes: versions.map((version) => ({ version })) } },
    });
    expect(p.evaluate(cluster(['1.30', '1.28'])).status).toBe('old');
    expect(p.evaluate(cluster(['1.30', '1.31'])).status).toBe('ok');
    expect(p.evaluate(cluster([])).status).toBe('ok');
  });

  it('exposes name, isActive, resource and statuses, and evaluate works detached', () => {
    const p = compilePolicy(policy({ ok, hit: status(10, [rule({ a: { $eq: 1 } })]) }, { isActive: false }));
    expect(p.name).toBe('p');
    expect(p.isActive).toBe(false);
    expect(p.resource).toBe('component');
    expect(p.statuses).toEqual([
      { name: 'ok', criticality: 0, isDefault: true },
      { name: 'hit', criticality: 10, isDefault: false },
    ]);
    const { evaluate } = p;
    expect([{ a: 1 }, { a: 2 }].map(evaluate).map((r) => r.status)).toEqual(['hit', 'ok']);
  });

  it('accepts the { policy } body and both compilers give the same answers', () => {
    const body = { policy: policy({ ok, hit: status(10, [rule({ a: { $in: [1, 2] } })]) }) };
    for (const codegen of [false, true]) {
      const p = compilePolicy(body, { codegen });
      expect([{ a: 1 }, { a: 3 }].map((r) => p.evaluate(r).status)).toEqual(['hit', 'ok']);
    }
  });
});
