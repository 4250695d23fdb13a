/**
 * Running a query request on the store: the library plans it (`prepareSqlQuery`, every problem of the
 * request a 400) and the database answers one keyset page. The policy-scoped components are read from
 * the common table expression of scoped.ts, whose parameters come first.
 */
import type { Filter, Page, ResourceDescription } from '../../src/index.js';
import { prepareSqlQuery, toSql } from '../../src/sql.js';
import { type Collection, columnsOf } from './resources.js';
import type { Store } from './store.js';

/** A table the query reads: a stored collection, or a common table expression before the query. */
export interface Source {
  readonly description: ResourceDescription;
  readonly table: string;
  readonly with?: { readonly sql: string; readonly params: readonly unknown[] };
  /** Signs page tokens: a token of one source is refused by another. */
  readonly secret: string;
}

export const sourceOf = (collection: Collection, secret: string): Source => ({
  description: collection.description,
  table: collection.table,
  secret: `${secret}:${collection.table}`,
});

/** One page of `request` over `source`. */
export async function runQuery(db: Store, source: Source, request: unknown): Promise<Page> {
  const prefix = source.with ?? { sql: '', params: [] };
  const query = prepareSqlQuery(request, source.description, {
    dialect: 'postgres',
    table: source.table,
    columns: columnsOf(source.description),
    secret: source.secret,
    paramOffset: prefix.params.length,
  });
  const rows = await db.query(prefix.sql + query.sql, [...prefix.params, ...query.params]);
  return query.toPage(rows);
}

/** How many records of `source` the filter selects (the legacy searches' `totalCount`). */
export async function countQuery(db: Store, source: Source, filter: Filter | undefined): Promise<number> {
  const prefix = source.with ?? { sql: '', params: [] };
  const where =
    filter === undefined
      ? { sql: 'TRUE', params: [] }
      : toSql(filter, {
          dialect: 'postgres',
          columns: columnsOf(source.description),
          paramOffset: prefix.params.length,
        });
  const rows = await db.query(
    `${prefix.sql}SELECT count(*)::int AS n FROM ${source.table} WHERE ${where.sql}`,
    [...prefix.params, ...where.params],
  );
  return rows[0]?.n as number;
}
