import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileFilter } from '../../src/index.js';
import { type DialectName, policyToSql, statusCountSql, type ToSqlOptions, toSql } from '../../src/sql.js';
import { ENGINE_NAMES, type Engine, openEngine, TestTable } from '../integration/sql/engines.js';
import { guardPrototypes } from './support.js';

// Every attack leaves the built-in prototypes as they were (test/hostile/support.ts).
guardPrototypes();

/** Text that would change a query's structure if it were ever spliced into SQL or a JSON path. */
const HOSTILE = [
  `'; DROP TABLE svc_records; --`,
  `" OR 1=1 --`,
  `"); DELETE FROM svc_records; --`,
  `x'::text; SELECT 1; --`,
  `\\'\\"\\\\`,
  `%_%_\\%`,
  `$1 $2 ?1 ?2 ?`,
  `$."a"[0].b`,
  `a\u0000b NUL`,
  `*?[]{}`,
  `/* comment */`,
  `E'\\x27'`,
  `\u{1F600}\uFFFF\u00e9`,
];

const dialects: DialectName[] = ['postgres', 'sqlite'];
const withoutNul = (dialect: DialectName) =>
  HOSTILE.filter((h) => dialect === 'sqlite' || !h.includes('\u0000'));
/** As path segments: `$.` is the separator itself, so a key containing it cannot be written in a path. */
const asKeys = (dialect: DialectName) => withoutNul(dialect).filter((h) => !h.includes('$.'));

describe.each(dialects)('hostile input on %s: structure is fixed, values are parameters', (dialect) => {
  const options = (column: string): ToSqlOptions => ({
    dialect,
    columns: { c: { column, type: 'text' }, doc: dialect === 'postgres' ? 'jsonb' : 'json' },
  });

  it.each(withoutNul(dialect))('value %j: same SQL as a benign value, never in the text', (hostile) => {
    for (const op of ['$eq', '$ne', '$gt', '$lte']) {
      const bad = toSql({ doc: { [op]: hostile } }, options('c'));
      const benign = toSql({ doc: { [op]: 'benign' } }, options('c'));
      expect(bad.sql).toBe(benign.sql);
      expect(bad.params).toContain(hostile);
      expect(bad.sql).not.toContain(hostile);
    }
    const list = toSql({ c: { $in: [hostile, 'other'] } }, options('c'));
    expect(list.sql).toBe(toSql({ c: { $in: ['benign', 'other'] } }, options('c')).sql);
    expect(list.sql).not.toContain(hostile);
  });

  it.each(asKeys(dialect))('JSON key %j: same SQL as a benign key', (hostile) => {
    const bad = toSql({ [`doc$.${hostile}$.__svcArrayAny__$.${hostile}`]: { $eq: 1 } }, options('c'));
    const benign = toSql({ 'doc$.k$.__svcArrayAny__$.k': { $eq: 1 } }, options('c'));
    expect(bad.sql).toBe(benign.sql);
    expect(bad.sql).not.toContain(hostile);
  });

  it.each(HOSTILE.filter((h) => !h.includes('\u0000')))(
    'column %j is quoted with embedded quotes doubled',
    (hostile) => {
      const quoted = `"${hostile.replace(/"/g, '""')}"`;
      const { sql } = toSql({ c: { $eq: 'v' } }, options(hostile));
      expect(sql).toContain(quoted);
      // Outside the quoted identifier, nothing of the name remains.
      expect(sql.replaceAll(quoted, '"c"')).toBe(toSql({ c: { $eq: 'v' } }, options('c')).sql);
    },
  );

  it('refuses a column name containing U+0000 (no engine can quote it)', () => {
    expect(() => toSql({ c: { $eq: 'v' } }, options('a\u0000b'))).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
  });
});

describe.each(ENGINE_NAMES)('hostile input runs on %s', (engineName) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine(engineName);
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('hostile column names, keys and values select exactly the right rows and change nothing', async () => {
    const hostile = asKeys(engine.dialect);
    // Column names: PostgreSQL truncates identifiers at 63 bytes (toSql refuses longer ones).
    const keys = hostile.slice(0, 6);
    const fields = keys.map((_, i) => `f${i}`);
    const table = new TestTable(engine, keys);
    await table.create();
    // Rows keep the hostile text under the hostile column names; the filter reads it through fields.
    const rows = hostile.map((h, i) => ({ [keys[i % keys.length]!]: h, nested: { [h]: [{ [h]: h }] } }));
    const records = hostile.map((h, i) => ({ [fields[i % keys.length]!]: h, nested: { [h]: [{ [h]: h }] } }));
    await table.insert(rows);
    const columns = Object.fromEntries([
      ...keys.map((k, i) => [fields[i]!, { column: `${k}:text`, type: 'text' as const }]),
      ['nested', { column: 'doc', type: 'json' as const, path: ['nested'] }],
    ]);
    for (const h of hostile) {
      for (const filter of [
        { f0: { $eq: h } },
        { f1: { $ne: h } },
        { f2: { $like: `*${h}*` } },
        { [`nested$.${h}$.__svcArrayAny__$.${h}`]: { $eq: h } },
        { $not: { [`nested$.${h}$.__svcArrayAny__$.${h}`]: { $in: [h, 'x'] } } },
      ]) {
        const { sql, params } = toSql(filter, { dialect: engine.dialect, columns });
        // Here the column names are hostile text too: outside the quoted identifiers, no value appears.
        const outside = sql.replace(/"(?:[^"]|"")*"/g, '""');
        for (const p of params) if (typeof p === 'string' && p.length > 3) expect(outside).not.toContain(p);
        const predicate = compileFilter(filter);
        const expected = records.flatMap((r, i) => (predicate(r) ? [i] : []));
        expect(await table.select(sql, params), JSON.stringify(filter)).toEqual(expected);
      }
    }
    expect(await table.select('TRUE', [])).toHaveLength(records.length);
  });
});

const rule = (filter: unknown) => ({ conditions: [{ type: 'filter', condition: { filter } }] });
/** A policy whose status names are hostile text. */
const hostilePolicy = (names: readonly string[]) => ({
  name: 'hostile',
  statusDefinitions: Object.fromEntries(
    names.map((name, i) => [
      name,
      i === 0 ? { isDefault: true, criticality: 0 } : { criticality: i, rules: [rule({ c: { $eq: name } })] },
    ]),
  ),
});

describe.each(dialects)('hostile names in policies and options on %s', (dialect) => {
  const columns = {
    c: 'text' as const,
    doc: dialect === 'postgres' ? ('jsonb' as const) : ('json' as const),
  };

  it('status names are parameters: same SQL as benign names, never in the text', () => {
    const hostile = withoutNul(dialect);
    const bad = policyToSql(hostilePolicy(hostile), { dialect, columns });
    const benign = policyToSql(hostilePolicy(hostile.map((_, i) => `s${i}`)), { dialect, columns });
    expect(bad.statusExpression).toBe(benign.statusExpression);
    for (const h of hostile) expect(bad.statusExpression).not.toContain(h);
    expect(bad.params).toEqual(expect.arrayContaining(hostile));
  });

  it.each(asKeys(dialect))('mapping path key %j: same SQL as a benign key', (hostile) => {
    const mapped = (key: string): ToSqlOptions => ({
      dialect,
      columns: { f: { column: 'doc', type: columns.doc, path: [key, key] } },
    });
    const bad = toSql({ 'f$.__svcArrayAny__': { $eq: 1 } }, mapped(hostile));
    expect(bad.sql).toBe(toSql({ 'f$.__svcArrayAny__': { $eq: 1 } }, mapped('k')).sql);
    expect(bad.sql).not.toContain(hostile);
  });

  it.each(HOSTILE.filter((h) => !h.includes('\u0000')))(
    'table and alias %j are quoted identifiers',
    (hostile) => {
      const quoted = `"${hostile.replace(/"/g, '""')}"`;
      const policy = hostilePolicy(['ok', 'bad']);
      const bad = statusCountSql(policy, {
        dialect,
        columns,
        table: [hostile, hostile],
        tableAlias: hostile,
      });
      const benign = statusCountSql(policy, { dialect, columns, table: ['s', 't'], tableAlias: 'a' });
      const outside = (sql: string, names: string[]) => names.reduce((s, n) => s.replaceAll(n, '"x"'), sql);
      expect(outside(bad.sql, [quoted])).toBe(outside(benign.sql, ['"s"', '"t"', '"a"']));
    },
  );

  if (dialect === 'postgres') {
    it('a status name holding U+0000 is UNSUPPORTED (PostgreSQL text cannot hold it)', () => {
      expect(() => policyToSql(hostilePolicy(['ok', 'a\u0000b']), { dialect, columns })).toThrow(
        expect.objectContaining({ code: 'UNSUPPORTED', path: '/statusDefinitions/a\u0000b' }),
      );
    });
  }
});

describe.each(ENGINE_NAMES)('hostile policy runs on %s', (engineName) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine(engineName);
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('hostile table name and status names come back verbatim, counted right', async () => {
    const names = withoutNul(engine.dialect);
    const table = `t'; DROP TABLE x; --"`;
    const quoted = `"${table.replace(/"/g, '""')}"`;
    await engine.exec(`DROP TABLE IF EXISTS ${quoted}; CREATE TABLE ${quoted} (id integer, c text)`);
    // Row i holds status name i (row 0 matches no rule: the default, names[0], applies to it too).
    const rows = names.map((name, i) => [i, name] as const);
    const ph = (i: number) => (engine.dialect === 'postgres' ? `$${i}` : `?${i}`);
    for (const row of rows) await engine.query(`INSERT INTO ${quoted} VALUES (${ph(1)}, ${ph(2)})`, [...row]);
    const columns = { c: 'text' as const };
    const policy = hostilePolicy(names);
    const { sql, params } = statusCountSql(policy, { dialect: engine.dialect, columns, table });
    const counts = await engine.query(sql, params);
    // Ordered by code point on every engine, whatever its collation (JavaScript's sort is by UTF-16 unit).
    const byCodePoint = (a: string, b: string): number => {
      const x = [...a].map((c) => c.codePointAt(0)!);
      const y = [...b].map((c) => c.codePointAt(0)!);
      for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
      return x.length - y.length;
    };
    const expected = [...names].sort(byCodePoint).map((n) => [n, 1]);
    expect(counts.map((r) => [r.status, Number(r.count)])).toEqual(expected);
    const status = policyToSql(policy, { dialect: engine.dialect, columns });
    const got = await engine.query(
      `SELECT id, ${status.statusExpression} AS s FROM ${quoted} ORDER BY id`,
      status.params,
    );
    expect(got.map((r) => r.s)).toEqual(names);
  });
});
