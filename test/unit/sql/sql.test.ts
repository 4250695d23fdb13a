import { describe, expect, it } from 'vitest';
import { FilterError, parseFilter } from '../../../src/index.js';
import { type ToSqlOptions, toSql } from '../../../src/sql.js';
import { UNBOUNDED } from '../../support/limits.js';

const pg: ToSqlOptions = {
  dialect: 'postgres',
  columns: { technology: 'text', size: 'number', active: 'boolean', at: 'timestamptz', details: 'jsonb' },
};
const lite: ToSqlOptions = {
  dialect: 'sqlite',
  columns: { technology: 'text', size: 'number', active: 'boolean', details: 'json' },
};

function error(fn: () => unknown): FilterError {
  try {
    fn();
  } catch (e) {
    if (e instanceof FilterError) return e;
    throw e;
  }
  throw new Error('expected a FilterError');
}

describe('toSql: exact SQL per dialect', () => {
  it('typed columns, PostgreSQL', () => {
    expect(toSql({ technology: { $eq: 'postgres' }, size: { $gt: 10 } }, pg)).toEqual({
      sql: `(("technology" IS NOT NULL AND "technology" = $1) AND ("size" IS NOT NULL AND "size" > $2::float8 AND "size" <> $3::float8))`,
      params: ['postgres', 10, 'NaN'],
    });
  });

  it('typed columns, SQLite', () => {
    expect(toSql({ technology: { $ne: 'postgres' }, active: { $eq: true } }, lite)).toEqual({
      sql: `((NOT ("technology" IS NOT NULL AND "technology" COLLATE BINARY = ?1)) AND ("active" IS TRUE))`,
      params: ['postgres'],
    });
  });

  it('JSON paths bind keys as parameters and type-check before comparing', () => {
    expect(toSql({ 'details$.db$.v': { $lt: 'b' } }, pg)).toEqual({
      sql: `(CASE WHEN jsonb_typeof((("details" -> $1::text) -> $2::text)) = 'string' THEN ((("details" -> $1::text) -> $2::text) #>> '{}') COLLATE "C" < $3 ELSE FALSE END)`,
      params: ['db', 'v', 'b'],
    });
    expect(toSql({ 'details$.db$.v': { $lt: 'b' } }, lite)).toEqual({
      sql: `(CASE WHEN json_type("details", ?1) IN ('text') THEN json_extract("details", ?1) COLLATE BINARY < ?2 ELSE FALSE END)`,
      params: ['$."db"."v"', 'b'],
    });
  });

  it('selectors are EXISTS over the array elements, guarded by an array-type check', () => {
    const { sql } = toSql({ 'details$.nodes$.__svcArrayAny__$.v': { $gte: 1, $lt: 3 } }, pg);
    expect(sql).toMatch(/^EXISTS \(SELECT 1 FROM jsonb_array_elements\(CASE WHEN jsonb_typeof/);
    expect(sql.match(/EXISTS/g)).toHaveLength(1);
  });

  it('a big $in binds one array parameter on PostgreSQL', () => {
    const values = Array.from({ length: 5000 }, (_, i) => `v${i}`);
    const { sql, params } = toSql({ technology: { $in: values } }, { ...pg, limits: UNBOUNDED });
    expect(sql).toBe(`("technology" IS NOT NULL AND "technology" = ANY($1::text[]))`);
    expect(params).toEqual([values]);
  });

  it('$in splits its list by type; null matches missing', () => {
    const { sql, params } = toSql({ technology: { $in: ['a', 'b', 1, true, null] } }, pg);
    expect(sql).toBe(
      `("technology" IS NULL OR ("technology" IS NOT NULL AND "technology" = ANY($1::text[])))`,
    );
    expect(params).toEqual([['a', 'b']]);
  });

  it('$like: LIKE with a compiled pattern (PostgreSQL), GLOB (SQLite); literal % _ ! * ? [', () => {
    expect(toSql({ technology: { $like: 'a%_!*' } }, pg)).toEqual({
      sql: `("technology" IS NOT NULL AND "technology" COLLATE "C" LIKE $1 ESCAPE '!')`,
      params: ['a!%!_!!%'],
    });
    const { params } = toSql({ technology: { $like: '?[*' } }, lite);
    expect(params).toContain('[?][[]*');
    // A pattern without a star is equality.
    expect(toSql({ technology: { $like: 'a\\*' } }, pg).sql).toBe(
      `("technology" IS NOT NULL AND "technology" = $1)`,
    );
  });

  it('an empty filter is TRUE, $not {} is FALSE, empty $in is FALSE', () => {
    expect(toSql({}, pg)).toEqual({ sql: 'TRUE', params: [] });
    expect(toSql({ $not: {} }, pg)).toEqual({ sql: 'FALSE', params: [] });
    expect(toSql({ technology: { $in: [] } }, lite)).toEqual({ sql: 'FALSE', params: [] });
  });

  it('type bracketing on typed columns: another type is false, with no parameter', () => {
    expect(toSql({ size: { $eq: '10' } }, pg)).toEqual({ sql: 'FALSE', params: [] });
    expect(toSql({ technology: { $gt: 1 } }, pg)).toEqual({ sql: 'FALSE', params: [] });
    expect(toSql({ active: { $ne: 1 } }, lite)).toEqual({ sql: 'TRUE', params: [] });
  });

  it('a selector on the record itself is false: a row is never an array', () => {
    expect(toSql({ '__svcArrayAny__$.a': { $ne: 1 } }, pg)).toEqual({ sql: 'FALSE', params: [] });
  });

  it('accepts an AST and gives the same SQL as its JSON', () => {
    const json = {
      technology: { $in: ['a', 'b'] },
      $or: [{ size: { $lte: 3 } }, { 'details$.x': { $exists: true } }],
    };
    expect(toSql(parseFilter(json), pg)).toEqual(toSql(json, pg));
  });

  it('paramOffset and tableAlias', () => {
    expect(toSql({ technology: { $eq: 'x' } }, { ...pg, paramOffset: 4, tableAlias: 'c' })).toEqual({
      sql: `("c"."technology" IS NOT NULL AND "c"."technology" = $5)`,
      params: ['x'],
    });
  });

  it('timestamptz compares instants, bound as timestamptz', () => {
    expect(toSql({ at: { $gte: '2026-01-01T00:00:00.000Z' } }, pg)).toEqual({
      sql: `("at" IS NOT NULL AND "at" >= $1::timestamptz)`,
      params: ['2026-01-01T00:00:00.000Z'],
    });
  });

  it('timestamptz compares the millisecond a value reads as, in forms an index on the column serves', () => {
    // A column holding microseconds reads as its millisecond: equal is "within the operand's
    // millisecond", after is "from the next millisecond on", up to is "before the next millisecond".
    expect(toSql({ at: { $eq: '2026-01-01T00:00:00.000Z' } }, pg)).toEqual({
      sql: `("at" IS NOT NULL AND "at" >= $1::timestamptz AND "at" < $2::timestamptz)`,
      params: ['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.001Z'],
    });
    expect(toSql({ at: { $gt: '2026-01-01T00:00:00.999Z' } }, pg)).toEqual({
      sql: `("at" IS NOT NULL AND "at" >= $1::timestamptz)`,
      params: ['2026-01-01T00:00:01.000Z'],
    });
    expect(toSql({ at: { $lte: '2026-01-01T00:00:00.000Z' } }, pg)).toEqual({
      sql: `("at" IS NOT NULL AND "at" < $1::timestamptz)`,
      params: ['2026-01-01T00:00:00.001Z'],
    });
    expect(toSql({ at: { $gt: '9999-12-31T23:59:59.999Z' } }, pg).sql).toBe('FALSE');
    expect(toSql({ at: { $lte: '9999-12-31T23:59:59.999Z' } }, pg).sql).toBe('"at" IS NOT NULL');
  });
});

describe('toSql: typed errors', () => {
  it('UNKNOWN_FIELD for a field outside the mapping (prototype names included)', () => {
    for (const field of ['region', 'toString', 'hasOwnProperty']) {
      const e = error(() => toSql({ $or: [{ [field]: { $eq: 1 } }] }, pg));
      expect(e.code).toBe('UNKNOWN_FIELD');
      expect(e.path).toBe(`/$or/0/${field}`);
    }
  });

  it('UNKNOWN_FIELD for a nested path below a typed column', () => {
    const e = error(() => toSql({ 'technology$.x': { $eq: 1 } }, pg));
    expect(e.code).toBe('UNKNOWN_FIELD');
    expect(e.message).toContain('json/jsonb');
    expect(error(() => toSql({ 'size$.__svcArrayAny__': { $eq: 1 } }, lite)).code).toBe('UNKNOWN_FIELD');
  });

  it('UNSUPPORTED for U+0000 in operands and keys on PostgreSQL only', () => {
    const e = error(() => toSql({ technology: { $in: ['ok', 'a\u0000'] } }, pg));
    expect(e.code).toBe('UNSUPPORTED');
    expect(e.path).toBe('/technology/$in/1');
    expect(error(() => toSql({ 'details$.a\u0000': { $exists: true } }, pg)).code).toBe('UNSUPPORTED');
    expect(error(() => toSql({ technology: { $like: '*\u0000' } }, pg)).code).toBe('UNSUPPORTED');
    expect(toSql({ technology: { $eq: 'a\u0000' } }, lite).params).toEqual(['a\u0000']);
  });

  it('timestamptz: non-ISO operands are INVALID_OPERAND, $like is UNSUPPORTED, SQLite has none', () => {
    for (const bad of [
      '2026-01-01',
      '2026-02-30T00:00:00.000Z',
      '2026-01-01T00:00:00Z',
      'now',
      '0000-01-01T00:00:00.000Z',
    ]) {
      const e = error(() => toSql({ at: { $lt: bad } }, pg));
      expect(e.code).toBe('INVALID_OPERAND');
      expect(e.path).toBe('/at/$lt');
    }
    expect(error(() => toSql({ at: { $in: ['2026-01-01T00:00:00.000Z', 'x'] } }, pg)).path).toBe('/at/$in/1');
    expect(error(() => toSql({ at: { $like: '2026*' } }, pg)).code).toBe('UNSUPPORTED');
    expect(error(() => toSql({}, { dialect: 'sqlite', columns: { at: 'timestamptz' } })).code).toBe(
      'INVALID_OPTION',
    );
    // Numbers and booleans are simply another type: false, as in memory.
    expect(toSql({ at: { $eq: 5 } }, pg).sql).toBe('FALSE');
  });

  it('INVALID_OPTION for bad options', () => {
    expect(error(() => toSql({}, { ...pg, dialect: 'mysql' as 'postgres' })).code).toBe('INVALID_OPTION');
    expect(error(() => toSql({}, { ...pg, columns: { a: 'varchar' as 'text' } })).code).toBe(
      'INVALID_OPTION',
    );
    expect(error(() => toSql({}, { ...pg, columns: { a: { type: 'text', path: ['x'] } } })).code).toBe(
      'INVALID_OPTION',
    );
    expect(
      error(() => toSql({}, { ...pg, columns: { a: { column: 'x'.repeat(64), type: 'text' } } })).code,
    ).toBe('INVALID_OPTION');
    expect(error(() => toSql({}, { ...pg, paramOffset: -1 })).code).toBe('INVALID_OPTION');
  });

  it('parse errors come through unchanged', () => {
    expect(error(() => toSql({ technology: 'postgres' }, pg)).code).toBe('EXPECTED_OPERATOR_OBJECT');
  });
});

describe('toSql: limits and options', () => {
  it('long $or/$and lists nest as a balanced tree, not one chain', () => {
    const { sql } = toSql(
      { $or: Array.from({ length: 4096 }, (_, i) => ({ technology: { $eq: `v${i}` } })) },
      { ...lite, limits: UNBOUNDED },
    );
    let depth = 0;
    let max = 0;
    for (const c of sql) {
      if (c === '(') max = Math.max(max, ++depth);
      else if (c === ')') depth--;
    }
    // SQLite refuses expression trees 1,000 deep; a chain of 4,096 ORs would be that deep.
    expect(max).toBeLessThan(20);
    expect(sql.match(/ OR /g)).toHaveLength(4095);
  });

  it('more parameters than the dialect binds is UNSUPPORTED, counting paramOffset', () => {
    const eqs = (n: number) => ({
      $or: Array.from({ length: n }, (_, i) => ({ technology: { $eq: `v${i}` } })),
    });
    const unbounded = { ...lite, limits: UNBOUNDED };
    expect(toSql(eqs(32766), unbounded).params).toHaveLength(32766);
    const e = error(() => toSql(eqs(32767), unbounded));
    expect(e.code).toBe('UNSUPPORTED');
    expect(e.message).toContain('32766');
    expect(error(() => toSql(eqs(32766), { ...unbounded, paramOffset: 1 })).code).toBe('UNSUPPORTED');
    expect(error(() => toSql(eqs(65536), { ...pg, limits: UNBOUNDED })).code).toBe('UNSUPPORTED');
    // A big $in is one parameter on PostgreSQL, so it never reaches the limit.
    const values = Array.from({ length: 100_000 }, (_, i) => `v${i}`);
    expect(toSql({ technology: { $in: values } }, { ...pg, limits: UNBOUNDED }).params).toHaveLength(1);
  });

  it('missing or malformed options are typed errors, never TypeErrors', () => {
    for (const options of [
      undefined,
      null,
      'postgres',
      {},
      { dialect: 'postgres' },
      { dialect: 'sqlite', columns: [] },
    ]) {
      expect(error(() => toSql({}, options as unknown as ToSqlOptions)).code).toBe('INVALID_OPTION');
    }
    expect(error(() => toSql({}, { ...pg, columns: { a: null as unknown as 'text' } })).code).toBe(
      'INVALID_OPTION',
    );
    expect(error(() => toSql({}, { ...pg, tableAlias: '' })).code).toBe('INVALID_OPTION');
    expect(error(() => toSql({}, { ...pg, tableAlias: 'a\u0000' })).code).toBe('INVALID_OPTION');
  });
});
