/**
 * Keyset pages: a page of 100 components, first page and page 1,000 (after 99,900 rows; the last full
 * page when fewer rows match), in memory
 * (`queryInMemory`, a bounded heap over every record, against a full sort and slice) and on PGlite and
 * `node:sqlite` with `queryToSql`, without and with the `pageIndexSql` index on (created_at, id) (and,
 * for the mixed-direction order, the index declared with its directions).
 * Orders: the default (createdAt, id) ascending, with and without a filter; the same descending, with
 * the built-in description (id and createdAt `required`: a row value the index is entered with) and
 * with a description that does not promise them (the expansion with its `IS NULL` branches, which is
 * what every descending walk was before keys could be marked required); and newest first,
 * `{ createdAt: 'desc' }`, which is (createdAt desc, id asc).
 * Every measurement checks that the targets return the same page.
 */
import { DatabaseSync } from 'node:sqlite';
import type { Component } from '../fixtures/generator.js';
import {
  COMPONENT_RESOURCE,
  compareKeys,
  compileFilter,
  keyOf,
  type Page,
  pageTokenAfter,
  parseQuery,
  type QueryPlan,
  queryInMemory,
  type ResourceDescription,
} from '../src/index.js';
import { type ColumnMapping, type ColumnType, pageIndexSql, queryToSql, sqlRowsToPage } from '../src/sql.js';
import { time } from './lib.js';
import { loadPglite } from './sql.js';

const PAGE_SIZE = 100;
const DEEP_PAGE = 1000;

const COLUMNS: Record<string, ColumnType | ColumnMapping> = {
  id: 'text',
  technology: 'text',
  region: 'text',
  version: 'text',
  createdAt: { column: 'created_at', type: 'timestamp' },
  updatedAt: { column: 'updated_at', type: 'timestamp' },
};
const FIELDS = ['id', 'technology', 'region', 'version', 'createdAt', 'updatedAt'];
const DDL =
  'id text PRIMARY KEY, technology text, region text, version text, created_at text, updated_at text';

export interface QueryRow {
  case: string;
  page: number;
  memoryHeapMs: number;
  memorySortMs: number;
  pgliteMs: number;
  pgliteIndexedMs: number;
  sqliteMs: number;
  sqliteIndexedMs: number;
}

/** The baseline a hand-rolled server would write: sort everything, skip to the cursor, slice. */
function sortAndSlice(rows: readonly Component[], plan: QueryPlan): number {
  const keyed = rows.map((r) => ({ r, k: keyOf(r, plan.sort) }));
  keyed.sort((a, b) => compareKeys(a.k, b.k, plan.sort));
  let start = 0;
  if (plan.after !== undefined) {
    const after = plan.after;
    while (start < keyed.length && compareKeys(keyed[start]!.k, after, plan.sort) <= 0) start++;
  }
  return keyed.slice(start, start + plan.pageSize).length;
}

const ids = (page: Page) => page.items.map((i) => i.id).join(',');

/** The component description without the promise that id and createdAt are never missing. */
const MAYBE_NULL: ResourceDescription = {
  ...COMPONENT_RESOURCE,
  fields: Object.fromEntries(
    Object.entries(COMPONENT_RESOURCE.fields).map(([name, d]) => {
      const { required: _required, ...rest } = d as typeof d & { required?: boolean };
      return [name, rest];
    }),
  ) as ResourceDescription['fields'],
};

/** The index of the newest-first order, (created_at desc, id asc). */
const NEWEST = [{ field: 'createdAt', direction: 'desc' }, 'id'] as const;

interface QueryCase {
  readonly request: object;
  readonly resource: ResourceDescription | 'component';
}

/** Loads the rows into PGlite and SQLite and times the first and the deep page on every target. */
export async function benchQuery(rows: readonly Component[], repeat: number): Promise<QueryRow[]> {
  const pglite = await loadPglite(DDL, rows, (r) => ({
    id: r.id,
    technology: r.technology,
    region: r.region,
    version: r.version,
    created_at: r.createdAt,
    updated_at: r.updatedAt,
  }));
  const sqlite = new DatabaseSync(':memory:');
  sqlite.exec(`CREATE TABLE comp (${DDL})`);
  const insert = sqlite.prepare('INSERT INTO comp VALUES (?, ?, ?, ?, ?, ?)');
  sqlite.exec('BEGIN');
  for (const r of rows) insert.run(r.id, r.technology, r.region, r.version, r.createdAt, r.updatedAt);
  sqlite.exec('COMMIT');

  const cases: Record<string, QueryCase> = {
    'default order (createdAt, id)': { request: {}, resource: 'component' },
    'filter technology = postgres': {
      request: { filter: { technology: { $eq: 'postgres' } } },
      resource: 'component',
    },
    'descending (createdAt, id)': {
      request: { sort: { createdAt: 'desc', id: 'desc' } },
      resource: 'component',
    },
    'descending, keys not required': {
      request: { sort: { createdAt: 'desc', id: 'desc' } },
      resource: MAYBE_NULL,
    },
    'newest first (createdAt desc, id asc)': {
      request: { sort: { createdAt: 'desc' } },
      resource: 'component',
    },
  };
  // The token of page `DEEP_PAGE`: the key of the last row of the page before it, from a full sort.
  const requestFor = (base: object, resource: QueryCase['resource'], page: number): object => {
    if (page === 1) return { ...base, pageSize: PAGE_SIZE, fields: FIELDS };
    const all = parseQuery({ ...base, pageSize: PAGE_SIZE }, resource);
    const filter = (base as { filter?: unknown }).filter;
    const matches = filter === undefined ? () => true : compileFilter(filter, { codegen: false });
    const keyed = rows
      .filter((r) => matches(r))
      .map((r) => keyOf(r, all.sort))
      .sort((a, b) => compareKeys(a, b, all.sort));
    const last = keyed[(page - 1) * PAGE_SIZE - 1];
    if (last === undefined) throw new Error('not enough rows for the deep page');
    return { ...base, pageSize: PAGE_SIZE, fields: FIELDS, pageToken: pageTokenAfter(all, last) };
  };

  const results: QueryRow[] = [];
  const run = async (indexed: boolean, into: Map<string, Partial<QueryRow>>) => {
    for (const [name, { request: base, resource }] of Object.entries(cases)) {
      const filter = (base as { filter?: unknown }).filter;
      const matches = filter === undefined ? () => true : compileFilter(filter, { codegen: false });
      // Page 1,000 when there are that many rows, else the last full page.
      const deep = Math.min(DEEP_PAGE, Math.floor(rows.filter((r) => matches(r)).length / PAGE_SIZE));
      for (const page of [1, deep]) {
        const plan = parseQuery(requestFor(base, resource, page), resource);
        const pg = queryToSql(plan, { dialect: 'postgres', table: 'comp', columns: COLUMNS });
        const lite = queryToSql(plan, { dialect: 'sqlite', table: 'comp', columns: COLUMNS });
        const pages: string[] = [];
        const row = into.get(`${name}/${page}`) ?? { case: name, page };
        if (!indexed) {
          row.memoryHeapMs = await time(() => pages.push(ids(queryInMemory(rows, plan))), repeat);
          row.memorySortMs = await time(() => sortAndSlice(rows, plan), Math.min(repeat, 3));
        }
        const pgMs = await time(async () => {
          const res = await pglite.query<Record<string, unknown>>(pg.sql, pg.params as unknown[]);
          pages.push(ids(sqlRowsToPage(plan, res.rows, { columns: COLUMNS })));
        }, repeat);
        const liteMs = await time(() => {
          const res = sqlite.prepare(lite.sql).all(...(lite.params as (string | number)[]));
          pages.push(ids(sqlRowsToPage(plan, res as Record<string, unknown>[], { columns: COLUMNS })));
        }, repeat);
        if (indexed) {
          row.pgliteIndexedMs = pgMs;
          row.sqliteIndexedMs = liteMs;
        } else {
          row.pgliteMs = pgMs;
          row.sqliteMs = liteMs;
        }
        if (new Set(pages).size !== 1) throw new Error(`query ${name} page ${page}: targets disagree`);
        into.set(`${name}/${page}`, row);
        console.log(
          `${indexed ? 'indexed ' : 'no index'}  ${name.padEnd(38)} page ${String(page).padStart(5)}  PGlite ${pgMs.toFixed(2)} ms  SQLite ${liteMs.toFixed(2)} ms${indexed ? '' : `  memory ${row.memoryHeapMs?.toFixed(1)} ms (sort ${row.memorySortMs?.toFixed(0)} ms)`}`,
        );
      }
    }
  };
  const rowsByCase = new Map<string, Partial<QueryRow>>();
  await run(false, rowsByCase);
  const newest = (dialect: 'postgres' | 'sqlite') =>
    pageIndexSql({ dialect, table: 'comp', columns: COLUMNS, fields: NEWEST, name: 'comp_newest' });
  await pglite.exec(
    `${pageIndexSql({ dialect: 'postgres', table: 'comp', columns: COLUMNS })}; ${newest('postgres')}; CREATE INDEX ON comp (technology); ANALYZE comp`,
  );
  sqlite.exec(
    `${pageIndexSql({ dialect: 'sqlite', table: 'comp', columns: COLUMNS })}; ${newest('sqlite')}; CREATE INDEX t ON comp (technology); ANALYZE`,
  );
  await run(true, rowsByCase);
  for (const r of rowsByCase.values()) results.push(r as QueryRow);
  await pglite.close();
  sqlite.close();
  return results;
}
