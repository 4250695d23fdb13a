import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import { FilterError, parseFilter } from '../../../src/index.js';
import { toSql } from '../../../src/sql.js';
import { filterNesting, sqlHeight } from '../../../src/targets/sql/height.js';
import { UNBOUNDED } from '../../support/limits.js';

function notChain(depth: number): unknown {
  let f: unknown = { a: { $eq: 1 } };
  for (let i = 0; i < depth; i++) f = { $not: f };
  return f;
}

function thrown(fn: () => unknown): FilterError {
  try {
    fn();
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error('no error');
}

describe('expression depth', () => {
  it('a 998-deep $not chain is UNSUPPORTED on SQLite, naming its limit and the place', () => {
    const e = thrown(() =>
      toSql(notChain(998), { dialect: 'sqlite', columns: { a: 'json' }, maxDepth: 1000, limits: UNBOUNDED }),
    );
    expect(e.code).toBe('UNSUPPORTED');
    expect(e.message).toContain('SQLITE_MAX_EXPR_DEPTH (1000)');
    expect(e.path).toBe(`${'/$not'.repeat(998)}/a`);
  });

  it('the same chain compiles for PostgreSQL, which has no fixed expression depth', () => {
    const { sql } = toSql(notChain(998), {
      dialect: 'postgres',
      columns: { a: 'jsonb' },
      maxDepth: 1000,
      limits: UNBOUNDED,
    });
    expect(sql.match(/NOT/g)).toHaveLength(998);
  });

  it('nested subqueries past the PostgreSQL bound are refused before the SQL is built', () => {
    const path = `arr$${'.__svcArrayAny__$.arr$'.repeat(120)}.__svcArrayAny__`;
    const e = thrown(() =>
      toSql({ [path]: { $eq: 1 } }, { dialect: 'postgres', columns: { arr: 'jsonb' }, limits: UNBOUNDED }),
    );
    expect(e.code).toBe('UNSUPPORTED');
    expect(e.message).toContain('121 subqueries');
    expect(e.path).toBe(`/${path.replace(/~/g, '~0').replace(/\//g, '~1')}`);
  });

  it('default depths never come near the bounds', () => {
    expect(() => toSql(notChain(31), { dialect: 'sqlite', columns: { a: 'json' } })).not.toThrow();
  });
});

describe('$like pattern length', () => {
  const lite = { dialect: 'sqlite', columns: { a: 'text' }, limits: UNBOUNDED } as const;
  /** A pattern with a star whose GLOB form is `bytes` bytes long. */
  const ofBytes = (bytes: number) => `${'x'.repeat(bytes - 1)}*`;

  it('SQLite refuses a GLOB pattern past 50,000 bytes when it runs; toSql refuses it at compile time', () => {
    const db = new DatabaseSync(':memory:');
    try {
      db.exec("CREATE TABLE t (a TEXT); INSERT INTO t VALUES ('x')");
      const run = (pattern: string) => db.prepare('SELECT count(*) AS n FROM t WHERE a GLOB ?').get(pattern);
      expect(() => run(ofBytes(50_000))).not.toThrow();
      expect(() => run(ofBytes(50_001))).toThrow(/LIKE or GLOB pattern too complex/);
      // The compiled filter runs at the bound, and is refused one byte past it, at the $like.
      const { sql, params } = toSql({ a: { $like: ofBytes(50_000) } }, lite);
      expect(() =>
        db.prepare(`SELECT count(*) AS n FROM t WHERE ${sql}`).get(...(params as string[])),
      ).not.toThrow();
    } finally {
      db.close();
    }
    const e = thrown(() => toSql({ a: { $like: ofBytes(50_001) } }, lite));
    expect([e.code, e.path]).toEqual(['UNSUPPORTED', '/a/$like']);
    expect(e.message).toContain('SQLITE_MAX_LIKE_PATTERN_LENGTH');
    // Bytes, not characters: 25,001 two-byte characters are 50,002 bytes. GLOB's classes count too.
    expect(thrown(() => toSql({ a: { $like: `${'é'.repeat(25_001)}*` } }, lite)).code).toBe('UNSUPPORTED');
    expect(thrown(() => toSql({ a: { $like: `${'?'.repeat(16_667)}*` } }, lite)).code).toBe('UNSUPPORTED');
    // The byte-wise way (a pattern holding U+0000) binds no GLOB pattern, and PostgreSQL has no bound.
    expect(() => toSql({ a: { $like: `\u0000${ofBytes(60_000)}` } }, lite)).not.toThrow();
    expect(() => toSql({ a: { $like: ofBytes(60_000) } }, { ...lite, dialect: 'postgres' })).not.toThrow();
  });

  it('the default limits keep every pattern far below the bound', () => {
    expect(() =>
      toSql({ a: { $like: ofBytes(256) } }, { dialect: 'sqlite', columns: { a: 'text' } }),
    ).not.toThrow();
  });
});

describe('sqlHeight', () => {
  it('counts operators per level of parentheses, calls, and a leaf', () => {
    expect(sqlHeight('"a" = ?1')).toEqual({ height: 2, nested: 2, parentheses: 0 });
    expect(sqlHeight('(NOT ("a" = ?1))')).toEqual({ height: 3, nested: 3, parentheses: 2 });
    expect(sqlHeight('json_extract("d", ?1) = ?2').height).toBe(3);
  });

  it('skips quoted identifiers and literals, operators in them included', () => {
    expect(sqlHeight(`"a AND (b" = 'x OR (y'`)).toEqual({ height: 2, nested: 2, parentheses: 0 });
  });

  it('adds up the heights of nested subqueries, as SQLite checks them', () => {
    const inner = 'EXISTS (SELECT 1 FROM t WHERE (a = 1 AND b = 2))';
    const outer = `EXISTS (SELECT 1 FROM t WHERE (c = 3 AND ${inner}))`;
    const one = sqlHeight(inner);
    const two = sqlHeight(outer);
    expect(one.nested).toBeGreaterThan(one.height);
    expect(two.nested - two.height).toBeGreaterThan(one.nested - one.height);
  });
});

describe('sqlHeight of FROM clauses, as SQLite checks them', () => {
  const body = '(a = 1 AND b = 2 AND c = 3 AND d = 4)';
  it('adds a FROM-clause subquery to the expressions around its SELECT only', () => {
    const inFrom = sqlHeight(`EXISTS (SELECT 1 FROM (SELECT a FROM t WHERE ${body}) AS s WHERE (e = 5))`);
    const inWhere = sqlHeight(
      `EXISTS (SELECT 1 FROM t WHERE (e = 5 AND EXISTS (SELECT a FROM t WHERE ${body})))`,
    );
    expect(inFrom.nested).toBeLessThan(inWhere.nested);
    // `height` still counts everything (PostgreSQL and DuckDB recurse through FROM clauses too).
    expect(inFrom.height).toBeGreaterThanOrEqual(inFrom.nested - 1);
  });

  it('reads `IS DISTINCT FROM` as an operator, not a FROM clause', () => {
    const distinct = sqlHeight(
      `EXISTS (SELECT 1 FROM t WHERE e IS DISTINCT FROM (SELECT a FROM t WHERE ${body}))`,
    );
    const equal = sqlHeight(`EXISTS (SELECT 1 FROM t WHERE e = (SELECT a FROM t WHERE ${body}))`);
    expect(distinct.nested).toBeGreaterThanOrEqual(equal.nested);
  });
});

describe('filterNesting', () => {
  it('counts selectors and $elemMatch along one nesting, and names the place', () => {
    const node = parseFilter({
      $or: [
        { 'a$.__svcArrayAny__': { $elemMatch: { 'b$.__svcArrayAny__$.c$.__svcArrayAny__': { $eq: 1 } } } },
        { x: { $eq: 1 } },
      ],
    });
    const n = filterNesting(node, '');
    expect(n.subqueries).toBe(3);
    expect(n.subqueriesAt).toBe(
      '/$or/0/a$.__svcArrayAny__/$elemMatch/b$.__svcArrayAny__$.c$.__svcArrayAny__',
    );
  });
});
