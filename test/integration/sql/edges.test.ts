import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFilter } from '../../../src/index.js';
import { type ToSqlOptions, toSql } from '../../../src/sql.js';
import { casesByAsOf, loadConformance } from '../../support/conformance.js';
import { UNBOUNDED } from '../../support/limits.js';
import { ENGINE_NAMES, type Engine, openEngine } from './engines.js';
import { fieldsOf, storable } from './support.js';

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

describe('SQLite: documents stored as JSONB blobs answer like JSON text', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine('sqlite');
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('paths, selectors and nested selectors read the blob', async () => {
    const docs = [
      { a: [{ b: [1, 9] }, { b: 'x' }], s: 'Ab' },
      { a: [{ b: [2] }], s: 'ab' },
      { a: [], s: null },
      { a: { b: [1] } },
    ];
    await engine.exec('CREATE TABLE jb (id integer, d blob)');
    for (const [i, d] of docs.entries()) {
      await engine.query('INSERT INTO jb VALUES (?1, jsonb(?2))', [i, JSON.stringify(d)]);
    }
    const typeofs = await engine.query('SELECT DISTINCT typeof(d) AS t FROM jb', []);
    expect(typeofs.map((r) => r.t)).toEqual(['blob']);
    for (const filter of [
      { 'd$.a$.__svcArrayAny__$.b$.__svcArrayAny__': { $eq: 1 } },
      { 'd$.a$.__svcArrayAny__$.b': { $like: '*' } },
      { 'd$.s': { $like: 'A*' } },
      { $not: { 'd$.a$.__svcArrayAny__$.b$.__svcArrayAny__': { $gt: 1 } } },
      { 'd$.s': { $exists: false } },
    ]) {
      const { sql, params } = toSql(filter, { dialect: 'sqlite', columns: { d: 'json' } });
      const rows = await engine.query(`SELECT id FROM jb WHERE ${sql} ORDER BY id`, params);
      const predicate = compileFilter(filter);
      expect(
        rows.map((r) => Number(r.id)),
        JSON.stringify(filter),
      ).toEqual(docs.flatMap((d, i) => (predicate({ d }) ? [i] : [])));
    }
  });
});

describe('SQLite: every conformance fixture on documents stored as JSONB blobs', () => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine('sqlite');
    await engine.exec('CREATE TABLE cf (id integer, d blob)');
  });
  afterAll(async () => {
    await engine?.close();
  });

  // The blob is SQLite's own binary JSON: strings are kept as UTF-8 there too, so U+FFFD–U+FFFF,
  // U+0000 and versions must read exactly as from JSON text.
  it.each(loadConformance())('$file', async (fixture) => {
    const cases = fixture.cases.filter((c) => storable(engine, c.record));
    await engine.exec('DELETE FROM cf');
    for (const [i, c] of cases.entries()) {
      await engine.query('INSERT INTO cf VALUES (?1, jsonb(?2))', [i, JSON.stringify(c.record)]);
    }
    const columns = Object.fromEntries(
      [...fieldsOf(fixture.filter).fields].map((k) => [k, { column: 'd', type: 'json', path: [k] } as const]),
    );
    // One compilation per asOf: the rows selected among that asOf's cases are those that match.
    for (const { asOf } of casesByAsOf(fixture)) {
      const options = { dialect: 'sqlite', columns, ...(asOf === undefined ? {} : { asOf }) } as ToSqlOptions;
      const { sql, params } = toSql(fixture.filter, options);
      const rows = await engine.query(`SELECT id FROM cf WHERE ${sql} ORDER BY id`, params);
      const mine = cases.flatMap((c, i) => (c.asOf === asOf ? [i] : []));
      expect(rows.map((r) => Number(r.id)).filter((i) => mine.includes(i))).toEqual(
        mine.filter((i) => cases[i]!.match),
      );
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

  it('timestamptz holding microseconds compares as the millisecond the record reads as', async () => {
    // The API's timestamps (and records read back) carry milliseconds; a column may hold more.
    await engine.exec(
      `DROP TABLE IF EXISTS tsu; CREATE TABLE tsu (id integer, at timestamptz);
       INSERT INTO tsu VALUES (0, '2026-01-01T00:00:00.000000Z'), (1, '2026-01-01T00:00:00.000700Z'), (2, '2026-01-01T00:00:00.001300Z'), (3, '2025-12-31T23:59:59.999999Z'), (4, '9999-12-31T23:59:59.999900Z')`,
    );
    // What memory sees: each value cut to its millisecond, as `toISOString` writes it.
    const records = [
      { at: '2026-01-01T00:00:00.000Z' },
      { at: '2026-01-01T00:00:00.000Z' },
      { at: '2026-01-01T00:00:00.001Z' },
      { at: '2025-12-31T23:59:59.999Z' },
      { at: '9999-12-31T23:59:59.999Z' },
    ];
    for (const filter of [
      { at: { $eq: '2026-01-01T00:00:00.000Z' } },
      { at: { $gt: '2026-01-01T00:00:00.000Z' } },
      { at: { $gte: '2026-01-01T00:00:00.001Z' } },
      { at: { $lt: '2026-01-01T00:00:00.001Z' } },
      { at: { $lte: '2025-12-31T23:59:59.999Z' } },
      { at: { $in: ['2026-01-01T00:00:00.000Z', '2025-12-31T23:59:59.999Z'] } },
      { at: { $nin: ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.001Z'] } },
      { at: { $gt: '9999-12-31T23:59:59.999Z' } },
      { at: { $lte: '9999-12-31T23:59:59.999Z' } },
      { at: { $eq: '9999-12-31T23:59:59.999Z' } },
    ]) {
      const predicate = compileFilter(filter);
      const { sql, params } = toSql(filter, { dialect: 'postgres', columns: { at: 'timestamptz' } });
      const rows = await engine.query(`SELECT id FROM tsu WHERE ${sql} ORDER BY id`, params);
      expect(
        rows.map((r) => Number(r.id)),
        JSON.stringify(filter),
      ).toEqual(records.flatMap((r, i) => (predicate(r) ? [i] : [])));
    }
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

describe.each(ENGINE_NAMES)('column names and sizes on %s', (name) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine(name);
  });
  afterAll(async () => {
    await engine?.close();
  });

  const ph = (i: number) => (engine.dialect === 'postgres' ? `$${i}` : `?${i}`);

  // The columns of SQLite's json_each (visible and hidden): inside a selector's subquery an unqualified
  // column of the same name would read the json_each row instead of the table.
  const NAMES = ['value', 'key', 'type', 'atom', 'id', 'parent', 'fullkey', 'path', 'json', 'root', 'v'];
  const DOCS = [
    { a: [{ b: 1 }, { b: 2 }], s: ['x', 'y'] },
    { a: [{ b: 3 }], s: [] },
    { a: [{ c: [{ b: 1 }] }], s: 'x' },
    {},
  ];

  it('a JSON column named like a json_each column is read from the table inside selectors', async () => {
    const json = engine.dialect === 'postgres' ? 'jsonb' : 'TEXT';
    await engine.exec(
      `DROP TABLE IF EXISTS cn; CREATE TABLE cn (rid integer, ${NAMES.map((n) => `"${n}" ${json}`).join(', ')})`,
    );
    for (const [i, doc] of DOCS.entries()) {
      await engine.query(`INSERT INTO cn VALUES (${ph(1)}, ${NAMES.map((_, j) => ph(j + 2)).join(', ')})`, [
        i,
        ...NAMES.map(() => JSON.stringify(doc)),
      ]);
    }
    const filters = [
      { 'd$.a$.__svcArrayAny__$.b': { $eq: 1 } },
      { 'd$.a$.__svcArrayAny__$.b': { $gte: 2 } },
      { 'd$.a$.__svcArrayAny__$.c$.__svcArrayAny__$.b': { $eq: 1 } },
      { 'd$.s$.__svcArrayAny__': { $in: ['y', 'z'] } },
      { $not: { 'd$.a$.__svcArrayAny__$.b': { $exists: true } } },
    ];
    for (const column of NAMES) {
      for (const filter of filters) {
        const { sql, params } = toSql(filter, {
          dialect: engine.dialect,
          columns: { d: { column, type: engine.dialect === 'postgres' ? 'jsonb' : 'json' } },
        });
        const rows = await engine.query(`SELECT rid FROM cn WHERE ${sql} ORDER BY rid`, params);
        const predicate = compileFilter(filter);
        expect(
          rows.map((r) => Number(r.rid)),
          `column ${column}: ${JSON.stringify(filter)}`,
        ).toEqual(DOCS.flatMap((d, i) => (predicate({ d }) ? [i] : [])));
      }
    }
  });

  it('a $or or $and of thousands of filters runs (SQLite refuses expression trees 1,000 deep)', async () => {
    const json = engine.dialect === 'postgres' ? 'jsonb' : 'TEXT';
    await engine.exec(`DROP TABLE IF EXISTS big; CREATE TABLE big (id integer, c text, d ${json})`);
    const values = ['v0', 'v1499', 'v2999', 'v3000', 'w'];
    for (const [i, v] of values.entries()) {
      await engine.query(`INSERT INTO big VALUES (${ph(1)}, ${ph(2)}, ${ph(3)})`, [
        i,
        v,
        JSON.stringify({ [v]: i }),
      ]);
    }
    const columns = {
      c: 'text' as const,
      d: engine.dialect === 'postgres' ? ('jsonb' as const) : ('json' as const),
    };
    const keys = Array.from({ length: 3000 }, (_, i) => `v${i}`);
    for (const filter of [
      { $or: keys.map((k) => ({ c: { $eq: k } })) },
      { $not: { $or: keys.map((k) => ({ c: { $eq: k } })) } },
      Object.fromEntries(keys.map((k) => [`d$.${k}`, { $exists: false }])),
      { $and: keys.map((k) => ({ c: { $ne: k } })) },
    ]) {
      // Past the default limits on purpose: what is tested is the engines' own bounds.
      const { sql, params } = toSql(filter, { dialect: engine.dialect, columns, limits: UNBOUNDED });
      const rows = await engine.query(`SELECT id FROM big WHERE ${sql} ORDER BY id`, params);
      const predicate = compileFilter(filter, { limits: UNBOUNDED });
      const expected = values.flatMap((v, i) => (predicate({ c: v, d: { [v]: i } }) ? [i] : []));
      expect(rows.map((r) => Number(r.id))).toEqual(expected);
      // Not vacuous: every filter selects some rows and rejects others.
      expect(expected.length).toBeGreaterThan(0);
      expect(expected.length).toBeLessThan(values.length);
    }
  });

  it('the parameter limit toSql enforces is the engine’s own', async () => {
    const max = engine.dialect === 'postgres' ? 65535 : 32766;
    const filter = { $or: Array.from({ length: max }, (_, i) => ({ c: { $eq: `v${i}` } })) };
    const options = { dialect: engine.dialect, columns: { c: 'text' as const }, limits: UNBOUNDED };
    const { sql, params } = toSql(filter, options);
    expect(params).toHaveLength(max);
    const rows = await engine.query(`SELECT id FROM big WHERE ${sql} ORDER BY id`, params);
    expect(rows.map((r) => Number(r.id))).toEqual([0, 1, 2, 3]);
    // One more parameter cannot be bound by the engine; toSql says so first, with a typed error.
    await expect(engine.query(`SELECT ${ph(max + 1)} AS x`, [...params, 'x'])).rejects.toThrow();
    expect(() => toSql(filter, { ...options, paramOffset: 1 })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED' }),
    );
  });
});
