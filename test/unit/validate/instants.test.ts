import { describe, expect, it } from 'vitest';
import { compileFilter, parseFilter } from '../../../src/index.js';
import { parseDuration, timestampMs } from '../../../src/semantics/time.js';
import { fieldDomain, isEmpty, isSubset } from '../../../src/validate/domain.js';
import { POLICY_SCHEMA, schemaValidator } from '../../../src/validate/schema.js';
import { type Diagnostic, validatePolicy } from '../../../src/validate.js';

/** A policy whose statuses are given as lists of filters, one rule each (criticality from the order). */
function policy(resource: string, ...rules: unknown[]) {
  const statusDefinitions: Record<string, unknown> = { ok: { isDefault: true, criticality: 0 } };
  rules.forEach((filter, i) => {
    statusDefinitions[`s${i}`] = {
      criticality: 100 - i * 10,
      rules: [{ conditions: [{ type: 'filter', condition: { filter } }] }],
    };
  });
  return { name: 'p', resource, statusDefinitions };
}
const AT = '/statusDefinitions/s0/rules/0/conditions/0/condition/filter';

const codes = (ds: readonly Diagnostic[], code: string) =>
  ds.filter((d) => d.code === code).map((d) => ({ path: d.path, severity: d.severity }));
const run = (resource: string, ...rules: unknown[]) => validatePolicy(policy(resource, ...rules)).diagnostics;

const domainOf = (ops: object) => {
  const clause = parseFilter({ a: ops }).clauses[0]!;
  if (clause.kind !== 'field') throw new Error('expected a field');
  return fieldDomain(clause.operators);
};
const now = (d: string) => ({ $now: d });
const at = (t: string) => ({ $at: t });

describe('INSTANT_ON_NON_TIMESTAMP: $now and $at compare timestamp fields only', () => {
  it.each([
    ['component', 'region', '$lt', now('P30D')],
    ['component', 'hasAvailableSvcs', '$ne', at('2026-01-01T00:00:00Z')],
    ['component', 'tags', '$eq', now('PT0S')],
    ['certificate', 'status', '$gte', now('-P90D')],
  ])('%s %s %s is an error at the operator', (resource, field, op, operand) => {
    const ds = run(resource, { [field]: { [op]: operand } });
    expect(codes(ds, 'INSTANT_ON_NON_TIMESTAMP')).toEqual([
      { path: `${AT}/${field}/${op}`, severity: 'error' },
    ]);
    expect(codes(ds, 'TYPE_MISMATCH')).toEqual([]);
    const d = ds.find((x) => x.code === 'INSTANT_ON_NON_TIMESTAMP')!;
    expect(d.message).toContain('not a timestamp');
    expect(d.message).toContain(`"$${Object.keys(operand)[0]!.slice(1)}"`);
  });

  it('accepts them on timestamp fields, under selectors and on open details', () => {
    for (const [resource, filter] of [
      ['certificate', { expirationDate: { $lt: now('P30D') } }],
      ['certificate', { dueDate: { $lt: now('PT0S') }, issuedAt: { $gte: at('2026-01-01T00:00:00+02:00') } }],
      ['component', { 'details$.postgres$.lastActiveConnectionTime': { $lt: now('-P90D') } }],
      ['component', { 'details$.database$.lastActiveConnectionTime': { $lt: now('-P90D') } }],
      ['component', { createdAt: { $ne: now('PT0S') } }],
    ] as const) {
      expect(run(resource, filter), JSON.stringify(filter)).toEqual([]);
    }
  });
});

describe('STRING_RANGE_ON_TIMESTAMP: a string range on a timestamp field', () => {
  it('is a warning at the operator suggesting $at with the same instant, and $now', () => {
    const ds = run('certificate', {
      expirationDate: { $lt: '2026-06-01T00:00:00.000Z' },
      issuedAt: { $gte: '2026-01-01' },
    });
    expect(codes(ds, 'STRING_RANGE_ON_TIMESTAMP')).toEqual([
      { path: `${AT}/expirationDate/$lt`, severity: 'warning' },
      { path: `${AT}/issuedAt/$gte`, severity: 'warning' },
    ]);
    // One diagnostic per operand: the range warning replaces the non-canonical one.
    expect(codes(ds, 'NON_CANONICAL_TIMESTAMP')).toEqual([]);
    const [lt, gte] = ds.filter((d) => d.code === 'STRING_RANGE_ON_TIMESTAMP');
    expect(lt!.message).toContain('{ "$lt": { "$at": "2026-06-01T00:00:00.000Z" } }');
    expect(lt!.message).toContain('"$now"');
    expect(gte!.message).toContain('{ "$gte": { "$at": "2026-01-01T00:00:00Z" } }');
  });

  it('says the truth: as strings, an earlier instant with an offset sorts after', () => {
    const rec = { createdAt: '2026-01-01T01:00:00+02:00' }; // 2025-12-31T23:00Z
    expect(compileFilter({ createdAt: { $lt: '2026-01-01T00:00:00.000Z' } })(rec)).toBe(false);
    expect(compileFilter({ createdAt: { $lt: { $at: '2026-01-01T00:00:00.000Z' } } })(rec)).toBe(true);
  });

  it('leaves equality, invalid strings, other fields and instant operands alone', () => {
    for (const filter of [
      { createdAt: { $eq: '2026-01-01T00:00:00.000Z' } },
      { createdAt: { $in: ['2026-01-01T00:00:00.000Z'] } },
      { createdAt: { $lt: at('2026-01-01T00:00:00Z') } },
      { createdAt: { $lt: 'next week' } },
      { region: { $lt: '2026-01-01' } },
    ]) {
      expect(codes(run('component', filter), 'STRING_RANGE_ON_TIMESTAMP'), JSON.stringify(filter)).toEqual(
        [],
      );
    }
    expect(codes(run('component', { createdAt: { $lt: 'next week' } }), 'INVALID_TIMESTAMP')).toHaveLength(1);
    expect(
      codes(run('component', { createdAt: { $eq: '2026-01-01' } }), 'NON_CANONICAL_TIMESTAMP'),
    ).toHaveLength(1);
  });
});

describe('dead-rule reasoning on instants holds at every asOf', () => {
  it('never calls a rule shadowed by an instant comparison that does not imply it', () => {
    for (const [winner, loser] of [
      // A string below "2026" is no instant before asOf + 30 days: "" or "1" are not timestamps.
      [{ expirationDate: { $lt: now('P30D') } }, { expirationDate: { $lt: '2026-01-01T00:00:00.000Z' } }],
      [
        { expirationDate: { $ne: at('2026-01-01T00:00:00Z') } },
        { expirationDate: { $eq: '2026-01-01T00:00:00.000Z' } },
      ],
      [{ expirationDate: { $lt: now('P7D') } }, { expirationDate: { $lt: now('P30D') } }],
      [{ expirationDate: { $lt: at('2026-01-01T00:00:00Z') } }, { expirationDate: { $lt: now('PT0S') } }],
      [{ expirationDate: { $lt: now('PT0S') } }, { expirationDate: { $eq: '2025-01-01T00:00:00.000Z' } }],
    ]) {
      const ds = run('certificate', winner, loser);
      expect(codes(ds, 'SHADOWED_RULE'), JSON.stringify([winner, loser])).toEqual([]);
    }
  });

  it('finds the shadowed rules and impossible conditions it is meant to find', () => {
    for (const [winner, loser] of [
      [{ expirationDate: { $lt: now('P30D') } }, { expirationDate: { $lt: now('P7D') } }],
      [
        { expirationDate: { $lte: now('P30D') } },
        { expirationDate: { $lt: now('P30D'), $gte: now('PT0S') } },
      ],
      [
        { expirationDate: { $lt: at('2027-01-01T00:00:00Z') } },
        { expirationDate: { $eq: '2026-06-01T00:00:00.000Z' } },
      ],
      [{ expirationDate: { $ne: now('PT0S') } }, { expirationDate: { $gt: now('PT0S') } }],
    ]) {
      const ds = run('certificate', winner, loser);
      expect(codes(ds, 'SHADOWED_RULE'), JSON.stringify([winner, loser])).toEqual([
        { path: '/statusDefinitions/s1/rules/0', severity: 'warning' },
      ]);
    }
    const ds = run('certificate', { expirationDate: { $gt: now('P30D'), $lt: now('-P30D') } });
    expect(codes(ds, 'IMPOSSIBLE_CONDITION')).toEqual([
      { path: `${AT}/expirationDate`, severity: 'warning' },
    ]);
  });

  it('decides emptiness and inclusion of instant intervals exactly', () => {
    for (const ops of [
      { $gt: at('2026-01-31T00:00:00Z'), $lt: at('2026-01-01T00:00:00Z') },
      { $gt: now('PT0S'), $lt: now('PT0.001S') },
      { $eq: at('2026-01-01T00:00:00Z'), $ne: at('2026-01-01T00:00:00.000+00:00') },
      { $lt: at('0000-01-01T00:00:00+23:59') },
      { $eq: '2026-01-01T00:00:00.000Z', $gt: at('2026-01-01T00:00:00Z') },
    ]) {
      expect(isEmpty(domainOf(ops)), JSON.stringify(ops)).toBe(true);
    }
    for (const ops of [
      { $gt: now('P30D'), $lt: at('2026-01-01T00:00:00Z') },
      { $gte: now('PT0S'), $lt: now('PT0.001S') },
      { $lte: at('0000-01-01T00:00:00+23:59') },
      { $ne: now('PT0S') },
      { $eq: '2026-01-01T00:00:00.000Z', $lt: now('PT0S') },
    ]) {
      expect(isEmpty(domainOf(ops)), JSON.stringify(ops)).toBe(false);
    }
    const sub = (a: object, b: object) => isSubset(domainOf(a), domainOf(b));
    expect(sub({ $lt: now('P7D') }, { $lt: now('P30D') })).toBe(true);
    expect(sub({ $lt: now('P30D') }, { $lt: now('P7D') })).toBe(false);
    expect(sub({ $gt: now('PT0S') }, { $gte: now('PT0.001S') })).toBe(true);
    expect(sub({ $lt: '2026' }, { $lt: now('P30D') })).toBe(false);
    expect(sub({ $eq: '2026-01-01T00:00:00.000Z' }, { $ne: at('2026-01-01T00:00:00Z') })).toBe(false);
    expect(sub({ $eq: '2026-01-01T00:00:00.000Z' }, { $lte: at('2026-01-01T00:00:00Z') })).toBe(true);
    expect(sub({ $eq: '2026-01-01T00:00:00.000Z' }, { $lt: now('P30D') })).toBe(false);
    expect(sub({ $eq: 'x' }, { $ne: now('PT0S') })).toBe(true);
  });
});

describe('the JSON Schema knows instant operands', () => {
  const validate = schemaValidator();
  const accepts = (operators: object) =>
    validate(policy('certificate', { expirationDate: operators })) === true;
  const defs = (POLICY_SCHEMA as { $defs: Record<string, { pattern: string }> }).$defs;

  it('accepts { $now } and { $at } for $eq $ne $gt $gte $lt $lte, and nothing else', () => {
    for (const op of ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte']) {
      expect(accepts({ [op]: now('P30D') }), op).toBe(true);
      expect(accepts({ [op]: at('2026-06-01T02:00:00.5+02:00') }), op).toBe(true);
    }
    for (const operators of [
      { $in: [now('P30D')] },
      { $like: now('P30D') },
      { $vlt: now('P30D') },
      { $lt: { $now: 'P30D', $at: '2026-06-01T00:00:00Z' } },
      { $lt: { $now: 30 } },
      { $lt: { $then: 'P30D' } },
      { $lt: {} },
      { $lt: now('P1M') },
      { $lt: at('2026-06-01') },
    ]) {
      expect(accepts(operators), JSON.stringify(operators)).toBe(false);
    }
  });

  it('has the parser’s duration and timestamp shapes', () => {
    const duration = new RegExp(defs.duration!.pattern);
    for (const s of [
      'P30D',
      '-P90D',
      'PT0S',
      'PT12H',
      'P1W2DT3H4M5.678S',
      'PT0.5S',
      'P1W',
      'PT1M',
      'P',
      '-P',
      'PT',
      'P1DT',
      'P1M',
      'P1Y',
      'PT1.2345S',
      'P1.5D',
      '+P1D',
      'p1d',
      'P1D ',
      'PT-1S',
    ]) {
      expect(duration.test(s), s).toBe(parseDuration(s).ok);
    }
    expect(parseDuration('P1W2DT3H4M5.678S')).toEqual({
      ok: true,
      ms: ((9 * 24 + 3) * 60 + 4) * 60_000 + 5678,
    });
    expect(parseDuration('-PT0.05S')).toEqual({ ok: true, ms: -50 });
    expect(parseDuration('P1M')).toMatchObject({
      ok: false,
      why: expect.stringContaining('months and years'),
    });
    const timestamp = new RegExp(defs.timestamp!.pattern);
    for (const s of [
      '2026-06-01T00:00:00Z',
      '2026-06-01t00:00:00.123456z',
      '2026-06-01T00:00:00+23:59',
      '2026-06-01T00:00:00-00:00',
      '2026-06-01',
      '2026-06-01T00:00Z',
      '2026-06-01T24:00:00Z',
      '2026-06-01T00:00:60Z',
      '2026-13-01T00:00:00Z',
      '2026-06-01T00:00:00+24:00',
      '2026-06-01T00:00:00.Z',
      '2026-06-01 00:00:00Z',
      '2026-06-01T00:00:00',
    ]) {
      expect(timestamp.test(s), s).toBe(!Number.isNaN(timestampMs(s)));
    }
  });
});
