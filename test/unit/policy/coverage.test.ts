import { describe, expect, it } from 'vitest';
import { compilePolicy, coverageRecorder, coverageTotals, mergeCoverage } from '../../../src/index.js';

/**
 * A policy small enough to count by hand: a scope of two clauses, a high status whose one rule is an
 * `$or`, and a low one whose rule has two conditions.
 */
const policy = compilePolicy({
  name: 'hand-counted',
  query: { filter: { kind: { $eq: 'db' }, deleted: { $exists: false } } },
  statusDefinitions: {
    ok: { isDefault: true, criticality: 0 },
    high: {
      criticality: 20,
      rules: [
        {
          conditions: [
            { type: 'filter', condition: { filter: { $or: [{ a: { $eq: 1 } }, { b: { $eq: 1 } }] } } },
          ],
        },
      ],
    },
    low: {
      criticality: 10,
      rules: [
        {
          conditions: [
            { type: 'filter', condition: { filter: { c: { $eq: 1 } } } },
            { type: 'filter', condition: { filter: { d: { $eq: 1 } } } },
          ],
        },
      ],
    },
  },
});

const records = [
  { kind: 'vm' }, // out of scope: kind false, deleted not consulted
  { kind: 'db', deleted: true }, // out of scope at deleted
  { kind: 'db', a: 1 }, // high: $or true at its first filter, b not consulted
  { kind: 'db', b: 1 }, // high: a false, b true
  { kind: 'db', c: 1, d: 1 }, // low
  { kind: 'db', c: 0 }, // ok: c false, d not consulted
];

describe('coverageRecorder', () => {
  it('counts what the evaluation consults, in the documented order, with short-circuits', () => {
    const recorder = coverageRecorder(policy);
    expect(records.map((r) => recorder.record(r))).toEqual([
      null,
      null,
      { status: 'high', rule: 0 },
      { status: 'high', rule: 0 },
      { status: 'low', rule: 0 },
      { status: 'ok', rule: null },
    ]);
    const report = recorder.report();
    expect([report.evaluated, report.applicable]).toEqual([6, 4]);
    expect(report.statuses.map((s) => [s.status, s.count])).toEqual([
      ['ok', 1],
      ['high', 2],
      ['low', 1],
    ]);
    expect(report.rules.map((r) => [r.path, r.decided])).toEqual([
      ['/statusDefinitions/high/rules/0', 2],
      ['/statusDefinitions/low/rules/0', 1],
    ]);
    const high = '/statusDefinitions/high/rules/0/conditions/0/condition/filter';
    const low = '/statusDefinitions/low/rules/0/conditions';
    expect(report.branches.map((b) => [b.kind, b.path, b.true, b.false])).toEqual([
      ['filter', '/query/filter', 4, 2],
      ['field', '/query/filter/kind', 5, 1],
      ['field', '/query/filter/deleted', 4, 1],
      // Records 3 and 4 are decided by high: low's conditions see records 5 and 6 only.
      ['or', `${high}/$or`, 2, 2],
      ['field', `${high}/$or/0/a`, 1, 3],
      ['field', `${high}/$or/1/b`, 1, 2],
      ['field', `${low}/0/condition/filter/c`, 1, 1],
      ['field', `${low}/1/condition/filter/d`, 1, 0],
    ]);
    expect(report.branches.filter((b) => b.status === null)).toHaveLength(3);
    expect(coverageTotals([report])).toEqual({
      statuses: { covered: 3, total: 3, percent: 100 },
      rules: { covered: 2, total: 2, percent: 100 },
      branches: { covered: 15, total: 16, percent: 93.75 },
    });
  });

  it('evaluates a test at its own instant, and merges only reports of the same policy', () => {
    const timed = compilePolicy({
      name: 'timed',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        old: {
          criticality: 10,
          rules: [
            { conditions: [{ type: 'filter', condition: { filter: { at: { $lt: { $now: '-P30D' } } } } }] },
          ],
        },
      },
    });
    const recorder = coverageRecorder(timed.at('2026-06-01T00:00:00Z'));
    const at = { at: '2026-05-15T00:00:00Z' };
    expect(recorder.record(at)?.status).toBe('ok');
    expect(recorder.record(at, Date.parse('2026-07-01T00:00:00Z'))?.status).toBe('old');
    expect(recorder.report().branches.map((b) => [b.true, b.false])).toEqual([[1, 1]]);
    expect(() => mergeCoverage(recorder.report(), coverageRecorder(policy).report())).toThrow(TypeError);
  });
});
