import { describe, expect, it } from 'vitest';
import { activeWaiver, compilePolicy, evaluateInventory } from '../../../src/index.js';
import { checkWaivers, WaiverError } from '../../../src/policy/waivers.js';
import { policyToSql } from '../../../src/sql.js';

const policy = {
  name: 'pg',
  statusDefinitions: {
    ok: { isDefault: true, criticality: 0 },
    old: {
      criticality: 10,
      rules: [{ conditions: [{ type: 'filter', condition: { filter: { version: { $lt: 14 } } } }] }],
    },
    eol: {
      criticality: 20,
      rules: [{ conditions: [{ type: 'filter', condition: { filter: { version: { $lt: 12 } } } }] }],
    },
  },
  query: { filter: { technology: { $eq: 'postgres' } } },
};

const base = { policy: 'pg', owner: 'db team', reason: 'migration in March' };
const waivers = {
  waivers: [
    { ...base, id: 'W-a', ids: ['db-1'], accepts: { status: 'eol' }, expires: '2027-03-01T00:00:00+01:00' },
    {
      ...base,
      id: 'W-b',
      filter: { team: { $eq: 'core' } },
      accepts: { maxCriticality: 10 },
      expires: '2027-06-01T00:00:00Z',
    },
    // Same instant as W-b, written in another offset: the smaller id is named.
    {
      ...base,
      id: 'W-0',
      ids: ['db-3'],
      accepts: { maxCriticality: 20 },
      expires: '2027-06-01T02:00:00+02:00',
    },
  ],
};

const db = (id: string, version: number, more: object = {}) => ({
  id,
  technology: 'postgres',
  version,
  ...more,
});

describe('waivers in memory', () => {
  it('marks a covered resource whose status it accepts, keeping status and criticality', () => {
    const p = compilePolicy(policy, { asOf: '2027-01-01T00:00:00Z', waivers });
    const r = p.evaluate(db('db-1', 11));
    expect(r).toMatchObject({
      status: 'eol',
      criticality: 20,
      waiver: { id: 'W-a', expires: '2027-02-28T23:00:00.000Z' },
    });
    // Not an accepted status: not waived.
    expect(p.evaluate(db('db-1', 13)).waiver).toBeUndefined();
    // Not covered.
    expect(p.evaluate(db('db-2', 11)).waiver).toBeUndefined();
  });

  it('is active while asOf < expires, to the millisecond, whatever the offset of the expiry', () => {
    const at = (asOf: string) => compilePolicy(policy, { asOf, waivers }).evaluate(db('db-1', 11)).waiver?.id;
    expect(at('2027-02-28T22:59:59.999Z')).toBe('W-a');
    expect(at('2027-02-28T23:00:00.000Z')).toBeUndefined();
    expect(at('2027-03-01T00:00:00.000+01:00')).toBeUndefined();
    const p = compilePolicy(policy, { asOf: '2027-02-28T23:00:00.000Z', waivers });
    expect(p.expiredWaivers.map((w) => w.id)).toEqual(['W-a']);
    expect(p.at('2027-02-28T22:59:59.999Z').evaluate(db('db-1', 11)).waiver?.id).toBe('W-a');
  });

  it('names the waiver that expires last among overlapping ones, then the smallest id', () => {
    const p = compilePolicy(policy, { asOf: '2027-01-01T00:00:00Z', waivers });
    // W-a (March) and W-0 (June) both cover db-3? No: W-a covers db-1 only. db-1 in team core, status old: W-b.
    expect(p.evaluate(db('db-1', 13, { team: 'core' })).waiver?.id).toBe('W-b');
    // eol db-1 in team core: W-a accepts eol, W-b does not (criticality 20 > 10).
    expect(p.evaluate(db('db-1', 11, { team: 'core' })).waiver?.id).toBe('W-a');
    // db-3 in team core, status old: W-0 and W-b expire at the same instant: W-0 (smaller id).
    expect(p.evaluate(db('db-3', 13, { team: 'core' })).waiver?.id).toBe('W-0');
    expect(p.waiverOf(db('db-3', 13, { team: 'core' }))).toMatchObject({
      id: 'W-0',
      expiresMs: Date.parse('2027-06-01T00:00:00Z'),
    });
  });

  it('activeWaiver gives the waiver and its expiry instant for a policy compiled without waivers', () => {
    const p = compilePolicy(policy, { asOf: '2027-01-01T00:00:00Z' });
    expect(p.evaluate(db('db-1', 11)).waiver).toBeUndefined();
    expect(activeWaiver(p, db('db-1', 11), waivers)).toMatchObject({
      id: 'W-a',
      expires: '2027-02-28T23:00:00.000Z',
      expiresMs: Date.parse('2027-02-28T23:00:00.000Z'),
    });
    expect(activeWaiver(p, db('db-1', 11), waivers, '2027-02-28T23:00:00.000Z')).toBeNull();
    expect(activeWaiver(p, db('db-2', 11), waivers)).toBeNull();
  });

  it('leaves resources out of scope not applicable and unmarked', () => {
    const p = compilePolicy(policy, { asOf: '2027-01-01T00:00:00Z', waivers });
    const r = p.evaluate({ id: 'db-3', technology: 'mysql', version: 5 });
    expect(r.applicable).toBe(false);
    expect(r.waiver).toBeUndefined();
    expect(p.waiverOf({ id: 'db-3', technology: 'mysql' })).toBeNull();
  });

  it('explain names the waiver, with owner and reason', () => {
    const p = compilePolicy(policy, { asOf: '2027-01-01T00:00:00Z', waivers });
    expect(p.explain(db('db-1', 11)).waiver).toEqual({
      id: 'W-a',
      expires: '2027-02-28T23:00:00.000Z',
      owner: 'db team',
      reason: 'migration in March',
      ticket: null,
    });
    expect(p.explain(db('db-2', 11)).waiver).toBeUndefined();
  });

  it('evaluateInventory counts waived apart and reports expired waivers', async () => {
    const seen: (string | undefined)[] = [];
    const summary = await evaluateInventory(
      [policy],
      [db('db-1', 11), db('db-2', 11), db('db-3', 13), { id: 'x', technology: 'mysql' }],
      {
        asOf: '2027-04-01T00:00:00Z',
        waivers,
        onResult: ({ results }) => {
          seen.push(results[0]?.result.waiver?.id);
        },
      },
    );
    expect(seen).toEqual([undefined, undefined, 'W-0', undefined]);
    expect(summary.policies[0]).toMatchObject({ applicable: 3, waived: 1, expiredWaivers: ['W-a'] });
    // Without onResult (the counting path) the same counts.
    const counted = await evaluateInventory([policy], [db('db-1', 11), db('db-3', 13)], {
      asOf: '2027-01-01T00:00:00Z',
      waivers,
    });
    expect(counted.policies[0]).toMatchObject({ waived: 2, expiredWaivers: [] });
  });
});

describe('waiver checks', () => {
  it('reports every problem with a code and a pointer', () => {
    const { problems, waivers: ok } = checkWaivers({
      waivers: [
        { id: 'a', policy: 'pg', owner: 'o', reason: 'r', ids: ['x'], accepts: { status: 'eol' } },
        { id: 'a', policy: 'pg', owner: 'o', reason: 'r', accepts: { status: 'eol' }, expires: '2027-01-01' },
        {
          id: 'b',
          policy: 'pg',
          owner: 'o',
          reason: 'r',
          ids: ['x'],
          accepts: { status: 'eol' },
          expires: '2027-01-01T00:00:00Z',
          filter: { a: { $bad: 1 } },
        },
        {
          id: 'c',
          policy: 'pg',
          owner: 'o',
          reason: 'r',
          ids: ['x'],
          accepts: { level: 3 },
          expires: '2027-01-01T00:00:00Z',
        },
      ],
    });
    expect(ok).toBeUndefined();
    expect(problems.map((p) => [p.code, p.path])).toEqual([
      ['MISSING_EXPIRY', '/waivers/0'],
      ['INVALID_EXPIRY', '/waivers/1/expires'],
      ['MISSING_COVERAGE', '/waivers/1'],
      ['UNKNOWN_OPERATOR', '/waivers/2/filter/a/$bad'],
      ['INVALID_ACCEPTS', '/waivers/3/accepts'],
    ]);
  });

  it('a duplicate id is reported; compilePolicy throws a WaiverError', () => {
    const w = {
      policy: 'pg',
      owner: 'o',
      reason: 'r',
      ids: ['x'],
      accepts: { status: 'eol' },
      expires: '2027-01-01T00:00:00Z',
    };
    const { problems } = checkWaivers([
      { ...w, id: 'a' },
      { ...w, id: 'a' },
    ]);
    expect(problems.map((p) => [p.code, p.path])).toEqual([['DUPLICATE_WAIVER_ID', '/1/id']]);
    expect(() =>
      compilePolicy(policy, {
        waivers: [
          { ...w, id: 'a' },
          { ...w, id: 'a' },
        ],
      }),
    ).toThrow(WaiverError);
  });

  it('an accepted status the policy lacks throws UNKNOWN_STATUS', () => {
    const w = {
      id: 'a',
      policy: 'pg',
      owner: 'o',
      reason: 'r',
      ids: ['x'],
      accepts: { status: 'EOL' },
      expires: '2027-01-01T00:00:00Z',
    };
    try {
      compilePolicy(policy, { waivers: [w] });
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(WaiverError);
      expect((e as WaiverError).problems[0]).toMatchObject({
        code: 'UNKNOWN_STATUS',
        path: '/0/accepts/status',
      });
    }
    // A waiver of another policy is not this policy's concern.
    expect(() => compilePolicy(policy, { waivers: [{ ...w, policy: 'other' }] })).not.toThrow();
  });
});

describe('waivers on the SQL target', () => {
  it("an unmapped field of a waiver's filter is an error at that field inside the waiver's own filter", () => {
    const columns = {
      id: { column: 'id', type: 'text' },
      technology: { column: 'technology', type: 'text' },
      version: { column: 'version', type: 'text' },
    } as const;
    const run = () => policyToSql(policy, { dialect: 'sqlite', columns, waivers });
    // W-b is the second waiver; its filter reads `team`, which no column maps.
    expect(run).toThrow(expect.objectContaining({ code: 'UNKNOWN_FIELD', path: '/waivers/1/filter/team' }));
    const mapped = policyToSql(policy, {
      dialect: 'sqlite',
      columns: { ...columns, team: { column: 'team', type: 'text' } },
      waivers,
    });
    expect(mapped.waiverExpression).toContain('CASE');
  });
});
