import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFilter, FilterError } from '../../../src/index.js';
import { parseQuery } from '../../../src/query/plan.js';
import { policyDiffSql, policyToSql, queryToSql, toSql } from '../../../src/sql.js';
import { dialectFor } from '../../../src/targets/sql/dialects.js';
import { UNBOUNDED } from '../../support/limits.js';
import { ENGINE_NAMES_WITH_DUCKDB, type Engine, LAYOUTS, openEngine, TestTable } from './engines.js';
import { compileFor, storable } from './support.js';

// Time comparisons on the SQL engines: the rows selected are the records compileFilter accepts with
// the same asOf, in every table layout, and the asOf is one parameter that replays the statement.

const AS_OF = '2026-06-15T12:00:00Z';
const AS_OF_MS = Date.parse(AS_OF);

const RECORDS: unknown[] = [
  { t: '2026-06-15T12:00:00.000Z' },
  { t: '2026-06-15T12:00:00Z' },
  { t: '2026-06-15T14:00:00+02:00' },
  { t: '2026-06-15T11:59:59.999999Z' },
  { t: '2026-06-15T12:00:00.001Z' },
  { t: '2026-07-15T12:00:00Z' },
  { t: '2026-07-15t12:00:00.0005z' },
  { t: '2026-03-17T11:59:59-00:01' },
  { t: '2025-12-31T22:00:00.000Z' },
  { t: '2026-01-01T00:00:00+02:00' },
  { t: '2024-02-29T00:00:00Z' },
  { t: '2026-02-29T00:00:00Z' },
  { t: '2026-06-15T24:00:00Z' },
  { t: '2026-06-15T12:00:60Z' },
  { t: '2026-06-15' },
  { t: '2026-06-15T12:00:00' },
  { t: 'yesterday' },
  { t: '' },
  { t: 1781524800000 },
  { t: true },
  { t: null },
  {},
  { t: ['2026-06-15T12:00:00Z'] },
  { t: { at: '2026-06-15T12:00:00Z' } },
  { t: new Date('2026-06-15T12:00:00.000Z') },
  { t: new Date('2026-09-01T00:00:00.000Z') },
  { t: new Date(Number.NaN) },
  { t: new Date('+010000-01-01T00:00:00.000Z') },
  { t: '0000-01-01T00:00:00Z' },
  { t: '9999-12-31T23:59:59.999Z' },
  { arr: ['2026-06-16T00:00:00Z', 'never'] },
  { arr: ['2020-01-01T00:00:00+14:00', 3] },
  { arr: [{ at: '2026-06-15T12:30:00+00:00' }, { at: 'soon' }] },
  { arr: [{ at: '2026-06-15T11:00:00Z' }] },
  { arr: [] },
  { arr: '2026-06-16T00:00:00Z' },
];

const OPERANDS = [
  { $now: 'PT0S' },
  { $now: 'P30D' },
  { $now: '-P90D' },
  { $now: '-PT0.001S' },
  { $at: '2026-01-01T00:00:00+02:00' },
];
const OPERATORS = ['$eq', '$ne', '$gt', '$gte', '$lt', '$lte'] as const;

const FILTERS: unknown[] = [
  ...OPERATORS.flatMap((op) => OPERANDS.map((operand) => ({ t: { [op]: operand } }))),
  { t: { $gte: { $now: '-P1D' }, $lt: { $now: 'P1D' } } },
  { $not: { t: { $lt: { $now: 'PT0S' } } } },
  { $or: [{ t: { $lt: { $now: '-P90D' } } }, { t: { $gt: { $now: 'P30D' } } }] },
  { 'arr$.__svcArrayAny__': { $gt: { $now: 'PT0S' } } },
  { 'arr$.__svcArrayAny__': { $ne: { $now: 'PT12H' } } },
  { 'arr$.__svcArrayAny__$.at': { $lte: { $now: 'PT30M' } } },
  { 'arr$.__svcArrayAny__': { $elemMatch: { at: { $gte: { $now: '-PT30M' } } } } },
  { 'arr$.__svcArrayAny__': { $elemMatch: { at: { $ne: { $at: '2026-06-15T11:00:00Z' } } } } },
];

const storableRecords = (engine: Engine) => RECORDS.filter((r) => storable(engine, r));

describe.each(ENGINE_NAMES_WITH_DUCKDB)('time comparisons on %s', (engineName) => {
  let engine: Engine;
  let table: TestTable;
  let records: Record<string, unknown>[];
  beforeAll(async () => {
    engine = await openEngine(engineName);
    table = new TestTable(engine, ['t', 'arr']);
    await table.create();
    // A row holds JSON: a Date is stored as its ISO string, which memory reads it as.
    records = storableRecords(engine);
    await table.insert(records);
  });
  afterAll(async () => {
    await engine?.close();
  });

  it.each(FILTERS.map((f) => [JSON.stringify(f), f]))('%s selects what memory accepts', async (_, filter) => {
    const predicate = compileFilter(filter, { asOf: AS_OF });
    const expected = records.flatMap((r, i) => (predicate(r) ? [i] : []));
    let layouts = 0;
    for (const layout of LAYOUTS) {
      const compiled = compileFor(table, layout, filter, records, { asOf: AS_OF });
      if (compiled === undefined) continue;
      layouts++;
      const got = await table.select(compiled.fragment.sql, compiled.fragment.params);
      expect(got, `${layout}: ${compiled.fragment.sql}`).toEqual(expected);
    }
    expect(layouts).toBe(LAYOUTS.length);
  });

  // SQLite has no timestamptz type (its mapping is INVALID_OPTION).
  it.skipIf(engineName === 'sqlite')(
    'reads a timestamptz column as its millisecond, for time comparisons too',
    async () => {
      await engine.exec(
        'CREATE TABLE tz (id integer, c timestamptz); ' +
          "INSERT INTO tz VALUES (1, '2026-06-15T12:00:00.000999Z'), (2, '2026-06-15T11:59:59.999999Z'), " +
          "(3, NULL), (4, 'infinity'), (5, '-infinity'), (6, '0001-01-01T00:00:00Z'), (7, '10000-01-01T00:00:00Z'), " +
          // 2 BC, as each engine writes it.
          `(8, '${engine.dialect === 'duckdb' ? '0002-01-01 (BC) 00:00:00+00' : '0002-01-01T00:00:00Z BC'}')`,
      );
      const cases: [unknown, number[]][] = [
        [{ c: { $eq: { $now: 'PT0S' } } }, [1]],
        [{ c: { $ne: { $now: 'PT0S' } } }, [2, 3, 4, 5, 6, 7, 8]],
        [{ c: { $gte: { $now: 'PT0S' } } }, [1]],
        [{ c: { $lt: { $now: 'PT0S' } } }, [2, 6]],
        [{ c: { $gt: { $at: '0000-12-31T23:59:59Z' } } }, [1, 2, 6]],
      ];
      const check = async () => {
        for (const [filter, ids] of cases) {
          const { sql, params } = toSql(filter, {
            dialect: engine.dialect,
            columns: { c: 'timestamptz' },
            asOf: AS_OF,
          });
          const rows = await engine.query(`SELECT id FROM tz WHERE ${sql} ORDER BY id`, params);
          expect(
            rows.map((r) => Number(r.id)),
            JSON.stringify(filter),
          ).toEqual(ids);
        }
      };
      await check();
      if (engine.dialect === 'duckdb') {
        // DuckDB's ICU zone changes no comparison, key or text of an instant.
        await engine.exec("SET TimeZone = 'America/New_York'");
        try {
          await check();
          const d = dialectFor('duckdb');
          const rows = await engine.query(
            `SELECT id, ${d.instantText('c')} AS t, ${d.instantKey('c')} AS k FROM tz WHERE id IN (1, 2, 6) ORDER BY id`,
            [],
          );
          expect(rows.map((r) => [Number(r.id), r.t, Number(r.k)])).toEqual([
            [1, '2026-06-15T12:00:00.000Z', Date.parse('2026-06-15T12:00:00.000Z')],
            [2, '2026-06-15T11:59:59.999Z', Date.parse('2026-06-15T11:59:59.999Z')],
            [6, '0001-01-01T00:00:00.000Z', Date.parse('0001-01-01T00:00:00.000Z')],
          ]);
        } finally {
          await engine.exec("SET TimeZone = 'UTC'");
        }
      }
    },
  );

  it('binds asOf once, and the same SQL replays for another asOf by that parameter alone', async () => {
    const filter = {
      $or: [{ t: { $lt: { $now: 'P30D' } } }, { 'arr$.__svcArrayAny__': { $gte: { $now: '-PT1H' } } }],
      t: { $ne: { $now: 'PT0S' } },
    };
    const columns = {
      t: { column: 't', type: engine.dialect === 'postgres' ? 'jsonb' : 'json' },
      arr: { column: 'doc', type: 'json', path: ['arr'] },
    } as const;
    const at = (asOf: string | number | Date) => toSql(filter, { dialect: engine.dialect, columns, asOf });
    const first = at(AS_OF);
    const asOfParams = first.params.flatMap((v, i) => (v === AS_OF_MS ? [i] : []));
    expect(asOfParams).toHaveLength(1);
    const index = asOfParams[0]!;
    expect(first.asOfIndex).toBe(index);
    // The same instant named three ways, and another instant: the same text, one parameter apart.
    expect(at(new Date(AS_OF))).toEqual(first);
    expect(at(AS_OF_MS)).toEqual(first);
    const later = at('2026-08-01T00:00:00+02:00');
    expect(later.sql).toBe(first.sql);
    expect(later.params.filter((_, i) => i !== index)).toEqual(first.params.filter((_, i) => i !== index));
    expect(first.sql).not.toMatch(/now\(|current_timestamp|localtimestamp|'now'/i);
    for (const asOf of [
      '2020-01-01T00:00:00Z',
      '2026-06-15T12:00:00Z',
      '2026-08-01T00:00:00+02:00',
      '2099-02-28T00:00:00Z',
    ]) {
      const params = [...first.params];
      params[index] = Date.parse(asOf);
      const predicate = compileFilter(filter, { asOf });
      const expected = records.flatMap((r, i) => (predicate(r) ? [i] : []));
      expect(await table.select(first.sql, params), asOf).toEqual(expected);
    }
  });

  it('nested deep, a time comparison runs or is UNSUPPORTED at compile time, never a database error', async () => {
    let ran = 0;
    for (let depth = 1; depth <= 40; depth++) {
      let filter: Record<string, unknown> = { at: { $lt: { $now: 'P1D' } } };
      for (let i = 0; i < depth; i++) filter = { 'arr$.__svcArrayAny__': { $elemMatch: filter } };
      let compiled: ReturnType<typeof toSql>;
      try {
        compiled = toSql(filter, {
          dialect: engine.dialect,
          columns: { arr: engine.dialect === 'postgres' ? 'jsonb' : 'json' },
          asOf: AS_OF,
          maxDepth: 200,
          limits: UNBOUNDED,
        });
      } catch (error) {
        expect((error as FilterError).code).toBe('UNSUPPORTED');
        continue;
      }
      await engine.query(`SELECT id FROM svc_records WHERE ${compiled.sql}`, compiled.params);
      ran++;
    }
    expect(ran).toBeGreaterThan(5);
  });

  it('policyToSql and policyDiffSql give every status the same asOf, one parameter per statement', async () => {
    const rule = (filter: unknown) => ({ conditions: [{ type: 'filter', condition: { filter } }] });
    const policy = (days: string) => ({
      name: 'expiry',
      query: { filter: { t: { $exists: true } } },
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        expired: { criticality: 2, rules: [rule({ t: { $lt: { $now: 'PT0S' } } })] },
        expiring: { criticality: 1, rules: [rule({ t: { $lt: { $now: days } } })] },
      },
    });
    const columns = { t: { column: 'doc', type: 'json', path: ['t'] } } as const;
    const { statusExpression, params } = policyToSql(policy('P30D'), {
      dialect: engine.dialect,
      columns,
      asOf: AS_OF,
    });
    expect(params.filter((v) => v === AS_OF_MS)).toHaveLength(1);
    expect(
      params[policyToSql(policy('P30D'), { dialect: engine.dialect, columns, asOf: AS_OF }).asOfIndex!],
    ).toBe(AS_OF_MS);
    const rows = await engine.query(
      `SELECT id, ${statusExpression} AS status FROM svc_records ORDER BY id`,
      params,
    );
    const predicate = (d: string) => compileFilter({ t: { $lt: { $now: d } } }, { asOf: AS_OF });
    const exists = compileFilter({ t: { $exists: true } });
    expect(rows.map((r) => r.status)).toEqual(
      records.map((r) =>
        !exists(r) ? null : predicate('PT0S')(r) ? 'expired' : predicate('P30D')(r) ? 'expiring' : 'ok',
      ),
    );
    const diff = policyDiffSql(policy('P30D'), policy('P60D'), {
      dialect: engine.dialect,
      table: 'svc_records',
      columns,
      asOf: AS_OF,
    });
    expect(diff.params.filter((v) => v === AS_OF_MS)).toHaveLength(1);
    expect(diff.params[diff.asOfIndex!]).toBe(AS_OF_MS);
    const cells = await engine.query(diff.sql, diff.params);
    const moved = records.filter((r) => exists(r) && !predicate('P30D')(r) && predicate('P60D')(r)).length;
    const cell = cells.find((c) => c.status_before === 'ok' && c.status_after === 'expiring');
    expect(Number(cell?.count ?? 0)).toBe(moved);
    expect(moved).toBeGreaterThan(0);
  });

  it("queryToSql pages at the plan's asOf, bound once", async () => {
    const plan = parseQuery(
      { filter: { createdAt: { $gte: { $now: '-P30D' } } }, pageSize: 50, fields: ['id'] },
      'component',
      { asOf: AS_OF },
    );
    const columns = { createdAt: { column: 'doc', type: 'json', path: ['t'] }, id: 'number' } as const;
    const { sql, params, asOfIndex } = queryToSql(plan, {
      dialect: engine.dialect,
      table: 'svc_records',
      columns,
      asOf: AS_OF,
    });
    expect(params.filter((v) => v === AS_OF_MS)).toHaveLength(1);
    expect(params[asOfIndex!]).toBe(AS_OF_MS);
    const rows = await engine.query(sql, params);
    const predicate = compileFilter({ t: { $gte: { $now: '-P30D' } } }, { asOf: AS_OF });
    expect(rows.length).toBe(records.filter(predicate).length);
    expect(rows.length).toBeGreaterThan(3);
  });
});

describe('asOf of the SQL translators', () => {
  const columns = { t: 'text' } as const;

  it('an asOf naming no instant is INVALID_OPTION at /asOf, even without $now', () => {
    for (const asOf of ['2026-02-30T00:00:00Z', 'now', Number.NaN, 1.5, new Date(Number.NaN), {}]) {
      for (const run of [
        () => toSql({ t: { $eq: 'x' } }, { dialect: 'sqlite', columns, asOf: asOf as string }),
        () => toSql({ t: { $lt: { $now: 'P1D' } } }, { dialect: 'postgres', columns, asOf: asOf as string }),
      ]) {
        expect(run).toThrow(FilterError);
        try {
          run();
        } catch (error) {
          expect((error as FilterError).code).toBe('INVALID_OPTION');
          expect((error as FilterError).path).toBe('/asOf');
        }
      }
    }
  });

  it('a filter without $now binds no asOf; unset, asOf is the clock read once per call', () => {
    expect(toSql({ t: { $eq: 'x' } }, { dialect: 'postgres', columns, asOf: AS_OF })).toEqual({
      sql: expect.any(String),
      params: ['x'],
    });
    expect(toSql({ t: { $lt: { $at: AS_OF } } }, { dialect: 'postgres', columns })).toEqual({
      sql: expect.any(String),
      params: [AS_OF_MS],
    });
    const before = Date.now();
    const { params, asOfIndex } = toSql(
      { $or: [{ t: { $lt: { $now: 'P1D' } } }, { t: { $gt: { $now: '-P1D' } } }] },
      { dialect: 'sqlite', columns },
    );
    expect(asOfIndex).toBe(0);
    const clock = params.filter((v) => typeof v === 'number' && v >= before && v <= Date.now());
    expect(clock).toHaveLength(1);
    expect(params).toEqual([clock[0], 86_400_000, -86_400_000]);
  });

  it('values are parameters: the SQL text is the same for every operand of one shape', () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const a = toSql(
        { t: { $lt: { $now: 'P1D' } }, u: { $gte: { $at: AS_OF } } },
        { dialect, columns: { t: 'text', u: 'timestamp' }, asOf: 0 },
      );
      const b = toSql(
        { t: { $lt: { $now: '-P7W' } }, u: { $gte: { $at: '1999-01-01T00:00:00.5-05:00' } } },
        { dialect, columns: { t: 'text', u: 'timestamp' }, asOf: 1 },
      );
      expect(b.sql).toBe(a.sql);
    }
  });

  it('numbers and booleans are never instants: on typed columns only $ne holds', () => {
    for (const type of ['number', 'boolean'] as const) {
      // Nothing bound either: PostgreSQL refuses a parameter the statement does not use.
      expect(
        toSql({ n: { $lt: { $now: 'P1D' } } }, { dialect: 'sqlite', columns: { n: type }, asOf: 0 }),
      ).toEqual({
        sql: 'FALSE',
        params: [],
      });
      expect(
        toSql({ n: { $ne: { $now: 'P1D' } } }, { dialect: 'postgres', columns: { n: type }, asOf: 0 }),
      ).toEqual({
        sql: 'TRUE',
        params: [],
      });
    }
  });
});
