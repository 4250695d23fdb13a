import { arrayEvery, arrayIncludes, hasOwn, option } from '../../builtins.js';
import { FilterError, ownFilterError } from '../../errors.js';
import { parsedUnder } from '../../parse/node-input.js';
import { unsupportedFilter } from '../../query/errors.js';
import { type SortKey, type SortValue, toSortValue } from '../../query/order.js';
import {
  finishPage,
  type Page,
  pageAsOf,
  parseQuery,
  type QueryOptions,
  type QueryPlan,
} from '../../query/plan.js';
import type { ResourceDescription, ResourceName } from '../../resources/descriptions.js';
import { dialectFor } from './dialects.js';
import { checkIdentifier, checkOffset, checkParamCount, Params, type Slot, SqlCompiler } from './filter.js';
import { all, any, type Cond, FALSE, KeySql, TRUE } from './keys.js';
import type { ColumnType, ParamSink, SqlDialect, SqlFragment, ToSqlOptions } from './types.js';

/** Options of {@link queryToSql}: where the resource's records live. */
export interface SqlQueryOptions
  extends Pick<ToSqlOptions, 'dialect' | 'columns' | 'tableAlias' | 'paramOffset' | 'asOf'> {
  /** The table (or view) holding one row per record. Quoted, never interpolated raw. */
  readonly table: string;
}

/** A page query: run `sql` with `params`, then give the rows to {@link sqlRowsToPage}. */
export interface SqlQuery extends SqlFragment {
  /** Turns the rows the query returned into the page (items and `nextPageToken`). */
  toPage(rows: readonly Record<string, unknown>[]): Page;
}

function unknownField(field: string, what: string): FilterError {
  return new FilterError('UNKNOWN_FIELD', '', `field "${field}" (${what}) is not in the column mapping`);
}

/**
 * The keyset condition: rows strictly after the cursor in the plan's order. As a row value when the
 * keys allow it, so an index on the sort columns is entered at the cursor: `(a, b) > ($1, $2)` when
 * every key is ascending, in a typed column, with a cursor without nulls (NULL sorts first ascending,
 * so no row after the cursor is NULL there); `(a, b) < ($1, $2)` when every key is descending and every
 * column is one the description says is never NULL (descending, NULL would sort after every value, and
 * a row value cannot say so), which the index answers read backwards. Otherwise the expansion
 * `a > $1 OR (a = $1 AND b > $2) …` with null placement and type order spelled out. A first key in a
 * typed column also gets its implied bound (`a >= $1`, or `a <= $1` descending on a non-null column),
 * so SQLite seeks in the index too, and a mixed-direction order with its own index is entered there.
 */
function keyset<Ref>(
  keys: readonly KeySql<Ref>[],
  sort: readonly SortKey[],
  after: readonly SortValue[],
): string {
  const rest = keysetBody(keys, sort, after);
  if (rest === TRUE || rest === FALSE) return rest;
  const lead = keys[0]?.leadBound(after[0] ?? null, sort[0]!.direction);
  return lead === undefined ? rest : `(${lead()} AND ${rest})`;
}

function keysetBody<Ref>(
  keys: readonly KeySql<Ref>[],
  sort: readonly SortKey[],
  after: readonly SortValue[],
): string {
  const ascending = arrayEvery(sort, (k) => k.direction === 'asc');
  const descending = arrayEvery(sort, (k) => k.direction === 'desc') && arrayEvery(keys, (k) => k.nonNull);
  if ((ascending || descending) && arrayEvery(after, (c) => c !== null)) {
    const items = keys.map((k, i) => k.rowItem(after[i] as Exclude<SortValue, null>));
    if (arrayEvery(items, (item) => item !== undefined)) {
      const pairs = items.map((bind) => bind!());
      const op = ascending ? '>' : '<';
      return `(${pairs.map(([e]) => e).join(', ')}) ${op} (${pairs.map(([, v]) => v).join(', ')})`;
    }
  }
  const branches: Cond[][] = [];
  for (let i = 0; i < keys.length; i++) {
    const parts = keys.slice(0, i).map((k, j) => k.equal(after[j] ?? null));
    parts.push(keys[i]!.after(after[i] ?? null, sort[i]!.direction));
    if (arrayIncludes(parts, false)) continue;
    const open = parts.filter((part) => part !== true);
    // A branch that holds for every row makes the whole condition hold: nothing needs binding.
    if (open.length === 0) return TRUE;
    branches.push(open);
  }
  return any(branches.map((parts) => all(parts.map((build) => (build as () => string)()))));
}

/**
 * A version key as a text column: the dialect's version key of the value (`NULL` for a value that is
 * not a version, as in memory), which then orders, compares with the cursor and is selected like any
 * nullable text column. Only a string can be a version: a JSON value's string, a text column; a
 * timestamptz, number or boolean column never holds one.
 */
function versionSlot<Ref>(dialect: SqlDialect<Ref>, slot: Slot<Ref>, p: ParamSink): Slot<Ref> {
  let sql = 'CAST(NULL AS TEXT)';
  if (slot.kind === 'json') sql = dialect.versionKey(dialect.jsonValue(slot.ref, 'string', p), p);
  else if (slot.type === 'text' || slot.type === 'timestamp') sql = dialect.versionKey(slot.sql, p);
  return { kind: 'column', type: 'text', sql };
}

/** True when the description promises the field in every record (see `FieldDescription.required`). */
function isRequired(plan: QueryPlan, field: string): boolean {
  const fields = plan.resource.fields;
  return hasOwn(fields, field) && fields[field]?.required === true;
}

/**
 * Translates a query plan into one SQL statement for PostgreSQL or SQLite: the filter, the keyset
 * condition of the page token, `ORDER BY` the plan's total order (nulls first ascending and last
 * descending, strings in code point order, JSON values ordered by type first) and `LIMIT pageSize + 1`.
 * The select list holds the selected fields as `s0, s1, …` and the sort keys as `k0, k1, …`, so a sort on
 * an unselected field works; {@link sqlRowsToPage} reads them back. Values are always parameters.
 *
 * @example
 * const plan = parseQuery(body, 'component');
 * const { sql, params } = queryToSql(plan, { dialect: 'postgres', table: 'components', columns: COLUMNS });
 * const page = sqlRowsToPage(plan, (await client.query(sql, params)).rows, { dialect: 'postgres', columns: COLUMNS });
 */
export function queryToSql(plan: QueryPlan, options: SqlQueryOptions): SqlFragment {
  return buildQuery(plan, options, (error) => error);
}

/** {@link queryToSql}, with what becomes of an error the filter's translation throws. */
function buildQuery(
  plan: QueryPlan,
  options: SqlQueryOptions,
  filterError: (error: FilterError) => Error,
): SqlFragment {
  const dialect = dialectFor(options?.dialect);
  const compiler = new SqlCompiler(dialect, options);
  const table = checkIdentifier(dialect, options.table, 'table');
  const offset = checkOffset(options.paramOffset);
  const asOf = pageAsOf(plan, option(options, 'asOf'));
  const clock = () => asOf;
  const p = new Params((i) => dialect.placeholder(i), offset, clock);
  const slot = (field: string, what: string, order?: 'version') => {
    const s = compiler.fieldSlot(field, p);
    if (s === undefined) throw unknownField(field, what);
    if (order === 'version') return new KeySql(dialect, versionSlot(dialect, s, p), p, false);
    return new KeySql(dialect, s, p, isRequired(plan, field));
  };
  const select = plan.fields.map((field, i) => `${slot(field, 'selected').select(p)} AS "s${i}"`);
  const keys = plan.sort.map((k) => slot(k.field, 'sort key', k.order));
  select.push(...keys.map((k, i) => `${k.select(p)} AS "k${i}"`));
  // The keyset first: when no row can follow the cursor (a forged one), the filter is still translated
  // (the same errors on every page) but into parameters that are not sent, as PostgreSQL refuses a
  // statement with a parameter it does not use.
  const after = plan.after === undefined ? TRUE : keyset(keys, plan.sort, plan.after);
  const where: string[] = [];
  if (plan.filter !== undefined) {
    const sink = after === FALSE ? new Params((i) => dialect.placeholder(i), offset, clock) : p;
    try {
      where.push(compiler.compile(plan.filter, sink, parsedUnder(plan.filter)));
    } catch (error) {
      const own = ownFilterError(error);
      throw own === undefined ? error : filterError(own);
    }
  }
  where.push(after);
  const condition = all(where);
  const order = keys.flatMap((k, i) => k.orderBy(plan.sort[i]!.direction));
  const from =
    options.tableAlias === undefined
      ? dialect.quoteIdentifier(table)
      : `${dialect.quoteIdentifier(table)} AS ${dialect.quoteIdentifier(options.tableAlias)}`;
  const sql =
    `SELECT ${select.join(', ')} FROM ${from}` +
    (condition === TRUE ? '' : ` WHERE ${condition}`) +
    ` ORDER BY ${order.join(', ')} LIMIT ${p.add(plan.pageSize + 1)}`;
  checkParamCount(dialect as SqlDialect<unknown>, offset, p.values.length);
  return { sql, ...p.bound() };
}

/** A column value as the record holds it (JSON parsed, SQLite booleans as booleans, instants as ISO). */
function decode(type: ColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return type === 'json' || type === 'jsonb' ? undefined : null;
  switch (type) {
    case 'json':
    case 'jsonb':
      return typeof value === 'string' ? JSON.parse(value) : value;
    case 'boolean':
      return typeof value === 'boolean' ? value : Number(value) !== 0;
    case 'number':
      return typeof value === 'number' ? value : Number(value);
    case 'timestamptz':
      return value instanceof Date ? value.toISOString() : value;
    case 'text':
    case 'timestamp':
      return value;
  }
}

function columnType(options: Pick<SqlQueryOptions, 'columns'>, field: string): ColumnType {
  const mapping = hasOwn(options.columns, field) ? options.columns[field] : undefined;
  if (mapping === undefined) throw unknownField(field, 'read back');
  return typeof mapping === 'string' ? mapping : mapping.type;
}

/**
 * Turns the rows of {@link queryToSql}'s statement into the page: the first `pageSize` rows as items
 * with only the selected fields (a JSON field that is absent stays absent; a typed column's `NULL` is
 * `null`), and `nextPageToken` when the statement found one row more.
 *
 * @example
 * const page = sqlRowsToPage(plan, rows, { columns: COLUMNS }); // { items, nextPageToken? }
 */
export function sqlRowsToPage(
  plan: QueryPlan,
  rows: readonly Record<string, unknown>[],
  options: Pick<SqlQueryOptions, 'columns'>,
): Page {
  const itemTypes = plan.fields.map((f) => columnType(options, f));
  // A version key is selected as its key (text), whatever the column.
  const keyTypes = plan.sort.map(
    (k): ColumnType => (k.order === 'version' ? 'text' : columnType(options, k.field)),
  );
  return finishPage(
    plan,
    rows,
    (row) => {
      const item: Record<string, unknown> = {};
      plan.fields.forEach((field, i) => {
        const value = decode(itemTypes[i]!, row[`s${i}`]);
        if (value !== undefined) item[field] = value;
      });
      return item;
    },
    (row) => keyTypes.map((type, i) => toSortValue(decode(type, row[`k${i}`]))),
  );
}

/**
 * The one call a server needs per request: validates the request body, and returns the plan, the SQL
 * statement with its parameters, and `toPage(rows)` for the response body. Throws a `QueryError` for a
 * bad request, a filter this database cannot run included (`UNSUPPORTED_FILTER`).
 *
 * @example
 * const query = prepareSqlQuery(req.body, 'component', { dialect: 'postgres', table: 'components', columns, secret });
 * const { rows } = await client.query(query.sql, query.params);
 * res.json(query.toPage(rows)); // { items, nextPageToken? }
 */
export function prepareSqlQuery(
  request: unknown,
  resource: ResourceName | ResourceDescription,
  options: SqlQueryOptions & QueryOptions,
): SqlQuery & { readonly plan: QueryPlan } {
  const plan = parseQuery(request, resource, options);
  // A filter this database cannot run is the request's problem (a 400), not the server's.
  const fragment = buildQuery(plan, options, unsupportedFilter);
  return { plan, ...fragment, toPage: (rows) => sqlRowsToPage(plan, rows, options) };
}

/** Options of {@link pageIndexSql}. */
export interface PageIndexOptions extends Pick<SqlQueryOptions, 'dialect' | 'columns' | 'table'> {
  /**
   * The sort keys the index serves, in order: field names (ascending) or `{ field, direction }` (default
   * the tie-breakers `createdAt`, `id`, ascending). A plan's `sort` can be passed as it is.
   */
  readonly fields?: readonly (string | SortKey)[];
  /** The index name (default `<table>_page`). */
  readonly name?: string;
}

/**
 * The `CREATE INDEX` statement of the composite index that page queries on `fields` scan in order:
 * strings in code point order (`COLLATE "C"` on PostgreSQL, `BINARY` on SQLite), a `timestamptz`
 * column by its millisecond (the expression the queries order by) and, on PostgreSQL, NULL placed as
 * the queries place it (first ascending, last descending). An index serves the order it is declared in
 * read forwards, and that order with every direction reversed read backwards: the default index serves
 * `(createdAt asc, id asc)` and `(createdAt desc, id desc)`; a mixed order such as `{ createdAt:
 * 'desc' }` (which is `createdAt desc, id asc`) needs an index of its own, declared with those
 * directions. Only typed columns can be indexed this way; a JSON field is `UNSUPPORTED`.
 *
 * @example
 * await client.query(pageIndexSql({ dialect: 'postgres', table: 'components', columns }));
 * // CREATE INDEX IF NOT EXISTS "components_page" ON "components" ("created_at" COLLATE "C" NULLS FIRST, "id" COLLATE "C" NULLS FIRST)
 * await client.query(pageIndexSql({ dialect: 'postgres', table: 'components', columns, name: 'components_newest',
 *   fields: [{ field: 'createdAt', direction: 'desc' }, 'id'] }));
 * // … ("created_at" COLLATE "C" DESC NULLS LAST, "id" COLLATE "C" NULLS FIRST)
 */
export function pageIndexSql(options: PageIndexOptions): string {
  const dialect = dialectFor(options?.dialect);
  const table = checkIdentifier(dialect, options.table, 'table');
  const name = checkIdentifier(dialect, options.name ?? `${table}_page`, 'name');
  const compiler = new SqlCompiler(dialect, options);
  const p = new Params((i) => dialect.placeholder(i));
  const keys = (options.fields ?? ['createdAt', 'id']).map(
    (k): SortKey => (typeof k === 'string' ? { field: k, direction: 'asc' } : k),
  );
  const parts = keys.map(({ field, direction, order }) => {
    if (direction !== 'asc' && direction !== 'desc') {
      throw new FilterError(
        'INVALID_OPTION',
        '',
        `the direction of index key "${field}" must be "asc" or "desc", got ${JSON.stringify(direction)}`,
      );
    }
    const slot = compiler.fieldSlot(field, p);
    if (slot === undefined) throw unknownField(field, 'index key');
    if (order === 'version') {
      throw new FilterError(
        'UNSUPPORTED',
        '',
        `field "${field}" is ordered as versions, by a computed key that an index cannot hold`,
      );
    }
    if (slot.kind !== 'column') {
      throw new FilterError(
        'UNSUPPORTED',
        '',
        `field "${field}" is stored as JSON; only typed columns can be indexed for pages`,
      );
    }
    let ordered = slot.sql;
    // The same expressions as the queries' ORDER BY, or the planner cannot match them.
    if (slot.type === 'timestamptz') ordered = `(${dialect.instantKey(slot.sql)})`;
    else if (slot.type === 'number' && dialect.capabilities.nanInNumberColumns)
      ordered = `(${dialect.numberKey(slot.sql)})`;
    else if (slot.type === 'text' || slot.type === 'timestamp') ordered = dialect.collateOrder(slot.sql);
    const desc = direction === 'desc' ? ' DESC' : '';
    if (!dialect.capabilities.indexNullsOrder) return `${ordered}${desc}`;
    return `${ordered}${desc} ${direction === 'asc' ? 'NULLS FIRST' : 'NULLS LAST'}`;
  });
  return `CREATE INDEX IF NOT EXISTS ${dialect.quoteIdentifier(name)} ON ${dialect.quoteIdentifier(table)} (${parts.join(', ')})`;
}
