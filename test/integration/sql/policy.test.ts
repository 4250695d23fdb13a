import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterError } from '../../../src/index.js';
import { policyToSql, statusCountSql, type ToSqlOptions, toSql } from '../../../src/sql.js';
import { ENGINE_NAMES, type Engine, openEngine } from './engines.js';

const policy = {
  name: 'versions',
  type: 'governance',
  isActive: true,
  resource: 'component',
  query: { filter: { technology: { $in: ['postgres', 'mysql'] } } },
  statusDefinitions: {
    compliant: { isDefault: true, criticality: 0 },
    warning: {
      criticality: 10,
      rules: [{ conditions: [{ type: 'filter', condition: { filter: { version: { $lt: '14' } } } }] }],
    },
    // Same criticality as "warning" but defined later: "warning" wins a tie.
    stale: {
      criticality: 10,
      rules: [
        { conditions: [{ type: 'filter', condition: { filter: { 'details$.stale': { $eq: true } } } }] },
      ],
    },
    critical: {
      criticality: 20,
      rules: [
        {
          conditions: [
            { type: 'filter', condition: { filter: { version: { $lt: '12' } } } },
            { type: 'filter', condition: { filter: { 'details$.public': { $eq: true } } } },
          ],
        },
        { conditions: [{ type: 'filter', condition: { filter: { version: { $eq: '9.6' } } } }] },
      ],
    },
  },
};

/** Rows and the status each must get, worked out by hand from the policy above. */
const ROWS: Array<[string | null, string | null, unknown, string | null]> = [
  ['postgres', '16', {}, 'compliant'],
  ['postgres', '13', {}, 'warning'],
  ['postgres', '13', { stale: true }, 'warning'], // tie: first defined
  ['postgres', '15', { stale: true }, 'stale'],
  ['postgres', '11', { public: true }, 'critical'], // both conditions of the first rule
  ['postgres', '11', { public: false }, 'warning'], // one condition only: not critical
  ['mysql', '9.6', null, 'critical'], // second rule
  ['redis', '9.6', null, null], // out of scope
  [null, '9.6', null, null], // technology missing: out of scope
  ['mysql', null, { stale: 'true' }, 'compliant'], // version missing, "true" is not true
];

describe.each(ENGINE_NAMES)('policy pushdown on %s', (engineName) => {
  let engine: Engine;
  let options: ToSqlOptions;
  beforeAll(async () => {
    engine = await openEngine(engineName);
    const json = engine.dialect === 'postgres' ? 'jsonb' : 'TEXT';
    await engine.exec(
      `DROP TABLE IF EXISTS comp; CREATE TABLE comp (id integer PRIMARY KEY, technology text, version text, details ${json})`,
    );
    const ph = (i: number) => (engine.dialect === 'postgres' ? `$${i}` : `?${i}`);
    for (const [i, [technology, version, details]] of ROWS.entries()) {
      await engine.query(`INSERT INTO comp VALUES (${ph(1)}, ${ph(2)}, ${ph(3)}, ${ph(4)})`, [
        i,
        technology,
        version,
        details === null ? null : JSON.stringify(details),
      ]);
    }
    options = {
      dialect: engine.dialect,
      columns: {
        technology: 'text',
        version: 'text',
        details: engine.dialect === 'postgres' ? 'jsonb' : 'json',
      },
    };
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('gives every row the status of highest criticality, first defined among equals, NULL out of scope', async () => {
    const { statusExpression, params } = policyToSql(policy, options);
    const rows = await engine.query(`SELECT id, ${statusExpression} AS status FROM comp ORDER BY id`, params);
    expect(rows.map((r) => r.status)).toEqual(ROWS.map((r) => r[3]));
  });

  it('counts rows per status (out of scope not counted)', async () => {
    const { sql, params } = statusCountSql(policy, { ...options, table: 'comp' });
    const rows = await engine.query(sql, params);
    expect(rows.map((r) => [r.status, Number(r.count)])).toEqual([
      ['compliant', 2],
      ['critical', 2],
      ['stale', 1],
      ['warning', 3],
    ]);
  });

  it('composes with a WHERE clause through paramOffset', async () => {
    const status = policyToSql(policy, options);
    const where = toSql({ version: { $gte: '13' } }, { ...options, paramOffset: status.params.length });
    const rows = await engine.query(
      `SELECT id, ${status.statusExpression} AS status FROM comp WHERE ${where.sql} ORDER BY id`,
      [...status.params, ...where.params],
    );
    expect(rows.map((r) => [Number(r.id), r.status])).toEqual([
      [0, 'compliant'],
      [1, 'warning'],
      [2, 'warning'],
      [3, 'stale'],
      // Text order: '9.6' >= '13'.
      [6, 'critical'],
      [7, null],
      [8, null],
    ]);
  });
});

describe('policy definitions: typed errors', () => {
  const opts: ToSqlOptions = { dialect: 'sqlite', columns: { a: 'text' } };
  const code = (p: unknown) => {
    try {
      policyToSql(p, opts);
    } catch (e) {
      if (e instanceof FilterError) return [e.code, e.path];
      throw e;
    }
    return 'no error';
  };

  it('names the place of the problem', () => {
    expect(code(null)).toEqual(['INVALID_OPTION', '']);
    expect(code({ statusDefinitions: {} })).toEqual(['INVALID_OPTION', '/statusDefinitions']);
    expect(code({ statusDefinitions: { a: { criticality: 1 } } })).toEqual([
      'INVALID_OPTION',
      '/statusDefinitions',
    ]);
    expect(code({ statusDefinitions: { a: { isDefault: true, criticality: '1' } } })).toEqual([
      'INVALID_OPTION',
      '/statusDefinitions/a/criticality',
    ]);
    expect(
      code({
        statusDefinitions: {
          ok: { isDefault: true, criticality: 0 },
          bad: { criticality: 1, rules: [{ conditions: [{ type: 'sql', condition: {} }] }] },
        },
      }),
    ).toEqual(['INVALID_OPTION', '/statusDefinitions/bad/rules/0/conditions/0']);
    expect(
      code({
        statusDefinitions: {
          ok: { isDefault: true, criticality: 0 },
          bad: {
            criticality: 1,
            rules: [{ conditions: [{ type: 'filter', condition: { filter: { b: { $eq: 1 } } } }] }],
          },
        },
      }),
    ).toEqual(['UNKNOWN_FIELD', '/statusDefinitions/bad/rules/0/conditions/0/condition/filter/b']);
  });
});
