import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFilter } from '../../../src/index.js';
import { toSql } from '../../../src/sql.js';
import { ENGINE_NAMES, type Engine, openEngine } from './engines.js';

// Engine quirks that random tests reach rarely, pinned on the real engines.

describe('SQLite: $like on text holding U+0000 (GLOB stops at NUL; the blob path does not)', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine('sqlite');
    await engine.exec('CREATE TABLE t (id integer, v text, doc text)');
  });
  afterAll(async () => {
    await engine?.close();
  });

  const values = [
    'a\u0000b',
    'a\u0000',
    '\u0000',
    'ab',
    'a',
    'xa\u0000byc',
    'a\u0000\u0000b',
    '',
    '\u0000\u0000',
  ];
  const patterns = [
    'a*',
    '*b',
    'a*b',
    '*\u0000*',
    'a\u0000*',
    '*\u0000',
    '*a*b*',
    'x*\u0000*y*',
    '\u0000*\u0000',
    '*',
  ];

  it('matches exactly as in memory, on a text column and inside JSON', async () => {
    for (const [i, v] of values.entries()) {
      await engine.query('INSERT INTO t VALUES (?1, ?2, ?3)', [i, v, JSON.stringify({ v })]);
    }
    for (const pattern of patterns) {
      const predicate = compileFilter({ v: { $like: pattern } });
      const expected = values.flatMap((v, i) => (predicate({ v }) ? [i] : []));
      for (const columns of [
        { v: 'text' as const },
        { v: { column: 'doc', type: 'json' as const, path: ['v'] } },
      ]) {
        const { sql, params } = toSql({ v: { $like: pattern } }, { dialect: 'sqlite', columns });
        const rows = await engine.query(`SELECT id FROM t WHERE ${sql} ORDER BY id`, params);
        expect(
          rows.map((r) => Number(r.id)),
          JSON.stringify(pattern),
        ).toEqual(expected);
      }
    }
  });
});

describe.each(ENGINE_NAMES.filter((n) => n !== 'sqlite'))('PostgreSQL quirks on %s', (name) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine(name);
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('NaN in a double precision column orders against nothing (PostgreSQL puts it above all numbers)', async () => {
    await engine.exec(
      `DROP TABLE IF EXISTS n; CREATE TABLE n (id integer, x double precision); INSERT INTO n VALUES (0, 'NaN'), (1, 5), (2, NULL)`,
    );
    const run = async (filter: Record<string, unknown>) => {
      const { sql, params } = toSql(filter, { dialect: 'postgres', columns: { x: 'number' } });
      return (await engine.query(`SELECT id FROM n WHERE ${sql} ORDER BY id`, params)).map((r) =>
        Number(r.id),
      );
    };
    expect(await run({ x: { $gt: 1 } })).toEqual([1]);
    expect(await run({ x: { $gte: 5 } })).toEqual([1]);
    expect(await run({ x: { $lt: 1e15 } })).toEqual([1]);
    expect(await run({ $not: { x: { $gt: 1 } } })).toEqual([0, 2]);
  });

  it('timestamptz compares like the ISO strings do, whatever the session time zone', async () => {
    await engine.exec(
      `SET TIME ZONE 'America/New_York'; DROP TABLE IF EXISTS ts; CREATE TABLE ts (id integer, at timestamptz);
       INSERT INTO ts VALUES (0, '2026-01-01T00:00:00.000Z'), (1, '2025-12-31T23:59:59.999Z'), (2, '2026-01-01T00:00:00.001Z'), (3, NULL)`,
    );
    const records = [
      { at: '2026-01-01T00:00:00.000Z' },
      { at: '2025-12-31T23:59:59.999Z' },
      { at: '2026-01-01T00:00:00.001Z' },
      {},
    ];
    for (const filter of [
      { at: { $gte: '2026-01-01T00:00:00.000Z' } },
      { at: { $lt: '2026-01-01T00:00:00.000Z' } },
      { at: { $eq: '2026-01-01T00:00:00.001Z' } },
      { at: { $nin: ['2026-01-01T00:00:00.000Z', '2025-12-31T23:59:59.999Z'] } },
      { at: { $ne: '2026-01-01T00:00:00.000Z' } },
    ]) {
      const predicate = compileFilter(filter);
      const { sql, params } = toSql(filter, { dialect: 'postgres', columns: { at: 'timestamptz' } });
      const rows = await engine.query(`SELECT id FROM ts WHERE ${sql} ORDER BY id`, params);
      expect(rows.map((r) => Number(r.id))).toEqual(records.flatMap((r, i) => (predicate(r) ? [i] : [])));
    }
    await engine.exec('RESET TIME ZONE');
  });

  it('string order is by code point even under a non-C collation', async () => {
    const { sql, params } = toSql({ s: { $gt: 'a' } }, { dialect: 'postgres', columns: { s: 'text' } });
    await engine.exec(`DROP TABLE IF EXISTS s; CREATE TABLE s (id integer, s text)`);
    await engine.query(
      `INSERT INTO s VALUES (0, 'B'), (1, 'b'), (2, '\u{1F600}'), (3, '\uFFFF'), (4, 'A')`,
      [],
    );
    const rows = await engine.query(`SELECT id FROM s WHERE ${sql} ORDER BY id`, params);
    // 'B' and 'A' are below 'a' in code point order, though a locale collation puts 'B' after 'a'.
    expect(rows.map((r) => Number(r.id))).toEqual([1, 2, 3]);
  });
});
