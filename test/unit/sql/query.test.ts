import { describe, expect, it } from 'vitest';
import { FilterError, pageTokenAfter, parseQuery } from '../../../src/index.js';
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

  it('pageIndexSql refuses a JSON key', () => {
    expect(() => pageIndexSql({ ...options, fields: ['details'] })).toThrow(
      expect.objectContaining({ code: 'UNSUPPORTED' }),
    );
  });
});
