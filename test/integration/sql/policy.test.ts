import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePolicy, FilterError, PolicyError } from '../../../src/index.js';
import {
  policyToSql,
  type StatusCountOptions,
  statusCountSql,
  type ToSqlOptions,
  toSql,
} from '../../../src/sql.js';
import { ENGINE_NAMES_WITH_DUCKDB, type Engine, openEngine } from './engines.js';

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

/** The record a row stands for: SQL NULL is a missing field. */
function recordOf([technology, version, details]: (typeof ROWS)[number]): Record<string, unknown> {
  return Object.fromEntries(Object.entries({ technology, version, details }).filter(([, v]) => v !== null));
}

describe.each(ENGINE_NAMES_WITH_DUCKDB)('policy pushdown on %s', (engineName) => {
  let engine: Engine;
  let options: ToSqlOptions;
  beforeAll(async () => {
    engine = await openEngine(engineName);
    const json = engine.dialect === 'postgres' ? 'jsonb' : engine.dialect === 'duckdb' ? 'JSON' : 'TEXT';
    await engine.exec(
      `DROP TABLE IF EXISTS comp; CREATE TABLE comp (id integer PRIMARY KEY, technology text, version text, details ${json})`,
    );
    const ph = (i: number) => (engine.dialect === 'sqlite' ? `?${i}` : `$${i}`);
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

  it('takes the { policy } body of POST /policy, and agrees with compilePolicy row by row', async () => {
    const bare = policyToSql(policy, options);
    const body = policyToSql({ policy }, options);
    expect(body).toEqual(bare);
    const compiled = compilePolicy(policy);
    const rows = await engine.query(
      `SELECT id, ${bare.statusExpression} AS status FROM comp ORDER BY id`,
      bare.params,
    );
    expect(rows.map((r) => r.status)).toEqual(ROWS.map((row) => compiled.evaluate(recordOf(row)).status));
  });

  it('a default status with rules competes by criticality; no query means every row has a status', async () => {
    const rule = (filter: unknown) => ({ conditions: [{ type: 'filter', condition: { filter } }] });
    const second = {
      name: 'defaults',
      statusDefinitions: {
        low: { criticality: -1, rules: [rule({ technology: { $eq: 'redis' } })] },
        fine: { isDefault: true, criticality: 5, rules: [rule({ version: { $eq: '16' } })] },
        // Ties with "fine", defined after it: "fine" wins where both are reached (row 0).
        watch: {
          criticality: 5,
          rules: [rule({ version: { $in: ['16', '15'] } }), rule({ 'details$.public': { $exists: true } })],
        },
      },
    };
    const expected = ['fine', 'fine', 'fine', 'watch', 'watch', 'watch', 'fine', 'low', 'fine', 'fine'];
    const { statusExpression, params } = policyToSql(second, options);
    const rows = await engine.query(`SELECT id, ${statusExpression} AS status FROM comp ORDER BY id`, params);
    expect(rows.map((r) => r.status)).toEqual(expected);
    const compiled = compilePolicy(second);
    expect(ROWS.map((row) => compiled.evaluate(recordOf(row)).status)).toEqual(expected);
    const counts = statusCountSql(second, { ...options, table: 'comp', tableAlias: 'c' });
    expect((await engine.query(counts.sql, counts.params)).map((r) => [r.status, Number(r.count)])).toEqual([
      ['fine', 6],
      ['low', 1],
      ['watch', 3],
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

describe("policy definitions: the policy engine's validation, typed errors", () => {
  const opts: ToSqlOptions = { dialect: 'sqlite', columns: { a: 'text' } };
  const problems = (p: unknown) => {
    try {
      policyToSql(p, opts);
    } catch (e) {
      if (e instanceof PolicyError) return e.problems.map((x) => [x.code, x.path]);
      throw e;
    }
    return 'no error';
  };
  const rule = (filter: unknown) => ({ conditions: [{ type: 'filter', condition: { filter } }] });

  it('rejects what compilePolicy rejects, with the same problems', () => {
    const cases: [unknown, [string, string]][] = [
      [null, ['INVALID_TYPE', '']],
      [{ name: 'p', statusDefinitions: {} }, ['EMPTY_VALUE', '/statusDefinitions']],
      [
        { name: 'p', statusDefinitions: { a: { criticality: 1, rules: [rule({})] } } },
        ['NO_DEFAULT_STATUS', '/statusDefinitions'],
      ],
      [
        { name: 'p', statusDefinitions: { a: { isDefault: true, criticality: '1' } } },
        ['INVALID_TYPE', '/statusDefinitions/a/criticality'],
      ],
      // A misspelt key is not silently ignored: "rulez" would leave "warn" unreachable.
      [
        {
          name: 'p',
          statusDefinitions: {
            ok: { isDefault: true, criticality: 0 },
            warn: { criticality: 1, rulez: [rule({})] },
          },
        },
        ['UNKNOWN_PROPERTY', '/statusDefinitions/warn/rulez'],
      ],
      [
        {
          policy: {
            name: 'p',
            statusDefinitions: {
              ok: { isDefault: true, criticality: 0 },
              bad: { criticality: 1, rules: [{ conditions: [{ type: 'sql', condition: {} }] }] },
            },
          },
        },
        ['INVALID_CONDITION_TYPE', '/policy/statusDefinitions/bad/rules/0/conditions/0/type'],
      ],
    ];
    for (const [definition, expected] of cases) {
      const got = problems(definition);
      expect(got, JSON.stringify(definition)).toContainEqual(expected);
      let engine: unknown;
      try {
        compilePolicy(definition);
      } catch (e) {
        engine = (e as PolicyError).problems.map((x) => [x.code, x.path]);
      }
      expect(got).toEqual(engine);
    }
  });

  it('a field outside the mapping is UNKNOWN_FIELD at its place in the definition', () => {
    const definition = {
      name: 'p',
      query: { filter: { a: { $eq: 'x' } } },
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        bad: { criticality: 1, rules: [rule({ a: { $eq: 'y' } }), rule({ b: { $eq: 1 } })] },
      },
    };
    for (const [input, base] of [
      [definition, ''],
      [{ policy: definition }, '/policy'],
    ] as const) {
      let caught: unknown;
      try {
        policyToSql(input, opts);
      } catch (e) {
        caught = e;
      }
      expect(caught).toBeInstanceOf(FilterError);
      expect(caught).toMatchObject({
        code: 'UNKNOWN_FIELD',
        path: `${base}/statusDefinitions/bad/rules/1/conditions/0/condition/filter/b`,
      });
    }
  });

  it('missing options and bad table names are typed errors', () => {
    const definition = { name: 'p', statusDefinitions: { ok: { isDefault: true, criticality: 0 } } };
    for (const options of [undefined, null, {}]) {
      expect(() => policyToSql(definition, options as unknown as ToSqlOptions)).toThrow(
        expect.objectContaining({ code: 'INVALID_OPTION' }),
      );
      expect(() => statusCountSql(definition, options as unknown as StatusCountOptions)).toThrow(
        expect.objectContaining({ code: 'INVALID_OPTION' }),
      );
    }
    for (const table of ['', 'a\u0000b', ['s', 't', 'u'], [], 5, undefined]) {
      expect(() =>
        statusCountSql(definition, { ...opts, table: table as unknown as StatusCountOptions['table'] }),
      ).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
    }
    expect(() =>
      statusCountSql(definition, { dialect: 'postgres', columns: {}, table: 'x'.repeat(64) }),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });
});
