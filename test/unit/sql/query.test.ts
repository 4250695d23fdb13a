import { describe, expect, it } from 'vitest';
import {
  COMPONENT_RESOURCE,
  FilterError,
  pageTokenAfter,
  parseQuery,
  QueryError,
} from '../../../src/index.js';
import { pageIndexSql, prepareSqlQuery, queryToSql, sqlRowsToPage } from '../../../src/sql.js';

const columns = {
  id: 'text',
  region: 'text',
  createdAt: { column: 'created_at', type: 'timestamp' },
  updatedAt: { column: 'updated_at', type: 'timestamp' },
  hasAvailableSvcs: { column: 'has_svcs', type: 'boolean' },
  details: 'jsonb',
} as const;
const options = { dialect: 'postgres', table: 'components', columns } as const;

describe('queryToSql', () => {
  it('writes the first page: select list, explicit null placement, code point order, LIMIT as a parameter', () => {
    const plan = parseQuery({ pageSize: 10, fields: ['id', 'region'] }, 'component');
    expect(queryToSql(plan, options)).toEqual({
      sql:
        'SELECT "id" AS "s0", "region" AS "s1", "created_at" AS "k0", "id" AS "k1" FROM "components" ' +
        'ORDER BY "created_at" COLLATE "C" ASC NULLS FIRST, "id" COLLATE "C" ASC NULLS FIRST LIMIT $1',
      params: [11],
    });
  });

  it('writes the row-value keyset with its implied bound after a token of the default order', () => {
    const first = parseQuery({ pageSize: 10, fields: ['id'] }, 'component');
    const token = pageTokenAfter(first, ['2026-01-01T00:00:00.000Z', 'c1']);
    const plan = parseQuery({ pageSize: 10, fields: ['id'], pageToken: token }, 'component');
    const { sql, params } = queryToSql(plan, { ...options, dialect: 'sqlite' });
    expect(sql).toContain(
      'WHERE ("created_at" COLLATE BINARY >= ?3 AND ("created_at" COLLATE BINARY, "id" COLLATE BINARY) > (?1, ?2))',
    );
    expect(params).toEqual(['2026-01-01T00:00:00.000Z', 'c1', '2026-01-01T00:00:00.000Z', 11]);
    // Values never appear in the SQL text.
    expect(sql).not.toContain('c1');
  });

  it('expands the keyset for mixed directions and a null cursor value', () => {
    const base = { pageSize: 5, sort: { region: 'desc' }, fields: ['id'] } as const;
    const token = pageTokenAfter(parseQuery(base, 'component'), [null, '2026-01-01T00:00:00.000Z', 'c1']);
    const { sql, params } = queryToSql(parseQuery({ ...base, pageToken: token }, 'component'), options);
    // region is null: nothing comes after it descending (nulls last), so only ties on region continue.
    expect(sql).toContain(
      'WHERE (("region" IS NULL AND "created_at" COLLATE "C" > $1) OR ("region" IS NULL AND "created_at" = $2 AND "id" COLLATE "C" > $3))',
    );
    expect(sql).toContain('ORDER BY "region" COLLATE "C" DESC NULLS LAST');
    expect(params).toEqual(['2026-01-01T00:00:00.000Z', '2026-01-01T00:00:00.000Z', 'c1', 6]);
  });

  it('writes a descending row value over keys the description says are never null', () => {
    // id and createdAt are `required` in the component description: no NULL to place last, so the
    // index (read backwards) is entered at the cursor.
    const base = { pageSize: 10, fields: ['id'], sort: { createdAt: 'desc', id: 'desc' } } as const;
    const token = pageTokenAfter(parseQuery(base, 'component'), ['2026-01-01T00:00:00.000Z', 'c1']);
    const { sql, params } = queryToSql(parseQuery({ ...base, pageToken: token }, 'component'), options);
    expect(sql).toContain(
      'WHERE ("created_at" COLLATE "C" <= $3 AND ("created_at" COLLATE "C", "id" COLLATE "C") < ($1, $2)) ORDER BY "created_at" COLLATE "C" DESC NULLS LAST, "id" COLLATE "C" DESC NULLS LAST',
    );
    expect(params).toEqual(['2026-01-01T00:00:00.000Z', 'c1', '2026-01-01T00:00:00.000Z', 11]);
  });

  it('gives a mixed-direction order the bound of its first key, and no IS NULL on required keys', () => {
    const base = { pageSize: 10, fields: ['id'], sort: { createdAt: 'desc' } } as const;
    const token = pageTokenAfter(parseQuery(base, 'component'), ['2026-01-01T00:00:00.000Z', 'c1']);
    const { sql } = queryToSql(parseQuery({ ...base, pageToken: token }, 'component'), options);
    expect(sql).toContain(
      'WHERE ("created_at" COLLATE "C" <= $4 AND ("created_at" COLLATE "C" < $1 OR ("created_at" = $2 AND "id" COLLATE "C" > $3)))',
    );
    // A descending key that may be missing keeps its NULL branch and gets no bound.
    const custom = {
      ...COMPONENT_RESOURCE,
      fields: {
        ...COMPONENT_RESOURCE.fields,
        createdAt: { type: 'timestamp', sortable: true, filterable: true },
      },
    } as const;
    const t2 = pageTokenAfter(parseQuery(base, custom), ['2026-01-01T00:00:00.000Z', 'c1']);
    expect(queryToSql(parseQuery({ ...base, pageToken: t2 }, custom), options).sql).toContain(
      'WHERE (("created_at" IS NULL OR "created_at" COLLATE "C" < $1) OR ("created_at" = $2 AND "id" COLLATE "C" > $3))',
    );
  });

  it('orders, compares and reads a timestamptz key by its millisecond', () => {
    const tz = { ...columns, createdAt: { column: 'created_at', type: 'timestamptz' } } as const;
    const base = { pageSize: 10, fields: ['id', 'createdAt'] } as const;
    const token = pageTokenAfter(parseQuery(base, 'component'), ['2026-01-01T00:00:00.000Z', 'c1']);
    const { sql } = queryToSql(parseQuery({ ...base, pageToken: token }, 'component'), {
      ...options,
      columns: tz,
    });
    const ms = (x: string) => `date_trunc('milliseconds', ${x} AT TIME ZONE 'UTC')`;
    const text = `to_char("created_at" AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    expect(sql).toBe(
      `SELECT "id" AS "s0", ${text} AS "s1", ${text} AS "k0", "id" AS "k1" FROM "components" ` +
        `WHERE (${ms('"created_at"')} >= ${ms('$3::timestamptz')} AND (${ms('"created_at"')}, "id" COLLATE "C") > (${ms('$1::timestamptz')}, $2)) ` +
        `ORDER BY ${ms('"created_at"')} ASC NULLS FIRST, "id" COLLATE "C" ASC NULLS FIRST LIMIT $4`,
    );
    expect(pageIndexSql({ ...options, columns: tz })).toBe(
      `CREATE INDEX IF NOT EXISTS "components_page" ON "components" ((${ms('"created_at"')}) NULLS FIRST, "id" COLLATE "C" NULLS FIRST)`,
    );
  });

  it('orders a JSON field by type rank, then by each type', () => {
    const resource = {
      name: 'r',
      fields: {
        id: { type: 'string', sortable: true, filterable: true },
        createdAt: { type: 'timestamp', sortable: true, filterable: true },
        v: { type: 'any', sortable: true, filterable: true },
      },
      selectable: ['id'],
    } as const;
    const plan = parseQuery({ sort: { v: 'asc' } }, resource);
    const { sql } = queryToSql(plan, {
      dialect: 'sqlite',
      table: 't',
      columns: { id: 'text', createdAt: 'text', v: 'json' },
    });
    expect(sql).toContain(
      `ORDER BY (CASE WHEN (CASE WHEN json_type("v", ?1) IN ('integer', 'real') THEN json_extract("v", ?1) END) IS NOT NULL THEN 1 WHEN (CASE WHEN json_type("v", ?1) IN ('text') THEN json_extract("v", ?1) END) IS NOT NULL THEN 2 WHEN (CASE json_type("v", ?1) WHEN 'true' THEN 1 WHEN 'false' THEN 0 END) IS NOT NULL THEN 3 ELSE 0 END) ASC NULLS FIRST, (CASE WHEN json_type("v", ?1) IN ('integer', 'real') THEN json_extract("v", ?1) END) ASC NULLS FIRST, (CASE WHEN json_type("v", ?1) IN ('text') THEN json_extract("v", ?1) END) COLLATE BINARY ASC NULLS FIRST, (CASE json_type("v", ?1) WHEN 'true' THEN 1 WHEN 'false' THEN 0 END) ASC NULLS FIRST, "createdAt" COLLATE BINARY`,
    );
  });

  it('needs every selected and sort field mapped, and a safe table name', () => {
    const plan = parseQuery({ fields: ['id', 'vendor'] }, 'component');
    expect(() => queryToSql(plan, options)).toThrow(FilterError);
    expect(() => queryToSql(parseQuery({ fields: ['id'] }, 'component'), { ...options, table: '' })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
  });

  it('reads rows back: selected fields only, JSON parsed, booleans and nulls, token from the sort keys', () => {
    const plan = parseQuery({ pageSize: 1, fields: ['id', 'hasAvailableSvcs', 'details'] }, 'component');
    const rows = [
      { s0: 'c1', s1: 1, s2: '{"a":1}', k0: '2026-01-01T00:00:00.000Z', k1: 'c1' },
      { s0: 'c2', s1: null, s2: null, k0: '2026-01-02T00:00:00.000Z', k1: 'c2' },
    ];
    const page = sqlRowsToPage(plan, rows, { columns });
    expect(page.items).toEqual([{ id: 'c1', hasAvailableSvcs: true, details: { a: 1 } }]);
    const next = parseQuery({ pageSize: 1, fields: ['id'], pageToken: page.nextPageToken }, 'component');
    expect(next.after).toEqual(['2026-01-01T00:00:00.000Z', 'c1']);
    expect(sqlRowsToPage(plan, rows.slice(1), { columns })).toEqual({
      items: [{ id: 'c2', hasAvailableSvcs: null }],
    });
  });

  it('prepareSqlQuery: one call from request to SQL, one from rows to the response', () => {
    const query = prepareSqlQuery(
      { pageSize: 2, filter: { region: { $eq: 'eu' } }, fields: ['id'] },
      'component',
      options,
    );
    expect(query.sql).toContain('WHERE ("region" IS NOT NULL AND "region" = $1)');
    expect(query.params).toEqual(['eu', 3]);
    expect(query.toPage([{ s0: 'a', k0: 't', k1: 'a' }])).toEqual({ items: [{ id: 'a' }] });
    expect(() => prepareSqlQuery({ pageSize: 0 }, 'component', options)).toThrow(
      expect.objectContaining({ code: 'INVALID_PAGE_SIZE' }),
    );
  });

  it('prepareSqlQuery: a filter this database cannot run is a QueryError at its pointer', () => {
    let caught: unknown;
    try {
      prepareSqlQuery(
        { filter: { region: { $in: ['eu', 'a\u0000'] } }, fields: ['id'] },
        'component',
        options,
      );
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(QueryError);
    expect((caught as QueryError).problems).toEqual([
      expect.objectContaining({
        code: 'UNSUPPORTED_FILTER',
        path: '/filter/region/$in/1',
        filterCode: 'UNSUPPORTED',
      }),
    ]);
    // queryToSql itself keeps the FilterError: only a request body has pointers.
    const plan = parseQuery({ filter: { region: { $eq: 'a\u0000' } }, fields: ['id'] }, 'component');
    expect(() => queryToSql(plan, options)).toThrow(FilterError);
  });

  it('pageIndexSql refuses a JSON key and takes directions', () => {
    expect(() => pageIndexSql({ ...options, fields: ['details'] })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED' }),
    );
    const fields = [{ field: 'createdAt', direction: 'desc' }, 'id'] as const;
    expect(pageIndexSql({ ...options, fields, name: 'newest' })).toBe(
      'CREATE INDEX IF NOT EXISTS "newest" ON "components" ("created_at" COLLATE "C" DESC NULLS LAST, "id" COLLATE "C" NULLS FIRST)',
    );
    expect(pageIndexSql({ ...options, dialect: 'sqlite', fields, name: 'newest' })).toBe(
      'CREATE INDEX IF NOT EXISTS "newest" ON "components" ("created_at" COLLATE BINARY DESC, "id" COLLATE BINARY)',
    );
    // A plan's sort is an index key list as it is.
    const plan = parseQuery({ sort: { createdAt: 'desc' } }, 'component');
    expect(pageIndexSql({ ...options, fields: plan.sort, name: 'newest' })).toBe(
      pageIndexSql({ ...options, fields, name: 'newest' }),
    );
    expect(() => pageIndexSql({ ...options, fields: [{ field: 'id', direction: 'up' as 'asc' }] })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
  });
});
