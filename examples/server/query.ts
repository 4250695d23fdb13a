/**
 * Running a query request on the store: the library plans it (`prepareSqlQuery`, every problem of the
 * request a 400) and the database answers one keyset page. The policy-scoped components are read from
 * the common table expression of scoped.ts, whose parameters come first.
 */
import { type Filter, type Page, parseQuery, type ResourceDescription } from '../../src/index.js';
import { type ColumnMapping, prepareSqlQuery, toSql } from '../../src/sql.js';
import { type Collection, columnsOf } from './resources.js';
import type { Store } from './store.js';

/** A table the query reads: a stored collection, or a common table expression before the query. */
export interface Source {
  readonly description: ResourceDescription;
  readonly table: string;
  /** How the table's columns hold the fields; by default {@link columnsOf} the description. */
  readonly columns?: Readonly<Record<string, ColumnMapping>>;
  /** The common table expression before the query, for the request's instant (epoch ms). */
  readonly with?: (asOf: number) => { readonly sql: string; readonly params: readonly unknown[] };
  /** Completes the page's items at the request's instant (fields computed in memory). */
  readonly finish?: (
    asOf: number,
  ) => (items: readonly Record<string, unknown>[]) => Record<string, unknown>[];
  /** Signs page tokens: a token of one source is refused by another. */
  readonly secret: string;
}

export const sourceOf = (collection: Collection, secret: string): Source => ({
  description: collection.description,
  table: collection.table,
  secret: `${secret}:${collection.table}`,
});

/**
 * One page of `request` over `source`, at one instant: `asOf` on a first page, the instant the page
 * token carries on a later one (so a walk reads one instant, statuses included).
 */
export async function runQuery(db: Store, source: Source, request: unknown, asOf: Date): Promise<Page> {
  const at =
    source.with === undefined
      ? asOf.getTime()
      : parseQuery(request, source.description, { secret: source.secret, asOf }).asOf;
  const prefix = source.with?.(at) ?? { sql: '', params: [] };
  const query = prepareSqlQuery(request, source.description, {
    dialect: 'postgres',
    table: source.table,
    columns: source.columns ?? columnsOf(source.description),
    secret: source.secret,
    asOf: at,
    paramOffset: prefix.params.length,
  });
  const rows = await db.query(prefix.sql + query.sql, [...prefix.params, ...query.params]);
  const page = query.toPage(rows);
  if (source.finish === undefined) return page;
  return { ...page, items: source.finish(at)(page.items as Record<string, unknown>[]) };
}

/** How many records of `source` the filter selects (the legacy searches' `totalCount`). */
export async function countQuery(
  db: Store,
  source: Source,
  filter: Filter | undefined,
  asOf: Date,
): Promise<number> {
  const prefix = source.with?.(asOf.getTime()) ?? { sql: '', params: [] };
  const where =
    filter === undefined
      ? { sql: 'TRUE', params: [] }
      : toSql(filter, {
          dialect: 'postgres',
          columns: source.columns ?? columnsOf(source.description),
          paramOffset: prefix.params.length,
          asOf,
        });
  const rows = await db.query(
    `${prefix.sql}SELECT count(*)::int AS n FROM ${source.table} WHERE ${where.sql}`,
    [...prefix.params, ...where.params],
  );
  return rows[0]?.n as number;
}
