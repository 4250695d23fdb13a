import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery } from '../../../src/index.js';
import {
  type ColumnMapping,
  type ColumnType,
  pageIndexSql,
  queryToSql,
  sqlRowsToPage,
} from '../../../src/sql.js';
import { ENGINE_NAMES, type Engine, openEngine } from './engines.js';

/**
 * The page query must be answered by the composite index on (created_at, id): the planner's own plan is
 * read back (EXPLAIN), on every engine, for the first page and for a page after a token.
 */

const COLUMNS: Record<string, ColumnType | ColumnMapping> = {
  id: 'text',
  region: 'text',
  technology: 'text',
  createdAt: { column: 'created_at', type: 'timestamp' },
  updatedAt: { column: 'updated_at', type: 'timestamp' },
};
const RESOURCE = {
  name: 'component',
  fields: {
    id: { type: 'string', sortable: true, filterable: true },
    region: { type: 'string', sortable: true, filterable: true },
    technology: { type: 'string', sortable: true, filterable: true },
    createdAt: { type: 'timestamp', sortable: true, filterable: true },
    updatedAt: { type: 'timestamp', sortable: true, filterable: true },
  },
  selectable: ['id', 'region', 'technology', 'createdAt', 'updatedAt'],
} as const;
const ROWS = 5000;

/** Every plan node, depth first (PostgreSQL's JSON plan). */
function pgNodes(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(pgNodes)];
}

describe.each(ENGINE_NAMES)('page queries use the (created_at, id) index on %s', (name) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine(name);
    const pg = engine.dialect === 'postgres';
    await engine.exec(
      'CREATE TABLE components (id text PRIMARY KEY, region text, technology text, created_at text NOT NULL, updated_at text)',
    );
    // The index must order like the query: code point order and, on PostgreSQL, nulls first.
    const index = pageIndexSql({ dialect: engine.dialect, table: 'components', columns: COLUMNS });
    expect(index).toBe(
      pg
        ? 'CREATE INDEX IF NOT EXISTS "components_page" ON "components" ("created_at" COLLATE "C" NULLS FIRST, "id" COLLATE "C" NULLS FIRST)'
        : 'CREATE INDEX IF NOT EXISTS "components_page" ON "components" ("created_at" COLLATE BINARY, "id" COLLATE BINARY)',
    );
    await engine.exec(index);
    const values: string[] = [];
    for (let i = 0; i < ROWS; i++) {
      const t = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000).toISOString();
      values.push(
        `('c${String(i).padStart(5, '0')}', 'eu-${i % 4}', '${i % 5 === 0 ? 'postgres' : 'mysql'}', '${t}', '${t}')`,
      );
    }
    await engine.exec(`INSERT INTO components VALUES ${values.join(', ')}`);
    await engine.exec(pg ? 'ANALYZE components' : 'ANALYZE');
  });
  afterAll(async () => {
    await engine?.close();
  });

  async function planOf(sql: string, params: readonly unknown[]): Promise<string> {
    if (engine.dialect === 'postgres') {
      const rows = await engine.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      const raw = rows[0]!['QUERY PLAN'];
      const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
        Plan: Record<string, unknown>;
      }>;
      const nodes = pgNodes(doc[0]!.Plan);
      expect(nodes.some((n) => n['Node Type'] === 'Sort')).toBe(false);
      return nodes
        .map((n) => `${n['Node Type']} ${n['Index Name'] ?? ''} ${n['Index Cond'] ?? ''}`)
        .join(' / ');
    }
    const rows = await engine.query(`EXPLAIN QUERY PLAN ${sql}`, params);
    const details = rows.map((r) => String(r.detail));
    expect(details.some((d) => d.includes('TEMP B-TREE'))).toBe(false);
    return details.join(' / ');
  }

  async function walkTwoPages(request: object) {
    const options = { dialect: engine.dialect, table: 'components', columns: COLUMNS } as const;
    const first = parseQuery({ pageSize: 50, ...request }, RESOURCE);
    const q1 = queryToSql(first, options);
    const page1 = sqlRowsToPage(first, await engine.query(q1.sql, q1.params), options);
    expect(page1.nextPageToken).toBeDefined();
    const second = parseQuery({ pageSize: 50, ...request, pageToken: page1.nextPageToken }, RESOURCE);
    const q2 = queryToSql(second, options);
    return [await planOf(q1.sql, q1.params), await planOf(q2.sql, q2.params)];
  }

  it('scans the index in order for the default sort, on the first page and after a token', async () => {
    const [first, second] = await walkTwoPages({});
    expect(first).toMatch(/Index Scan components_page|USING (COVERING )?INDEX components_page/);
    // After a token the index is entered at the cursor (an index condition), not read from the start.
    const pgSeek = /Index Scan components_page/;
    expect(second).toMatch(
      engine.dialect === 'postgres'
        ? pgSeek
        : /SEARCH components USING INDEX components_page \(created_at>\?\)/,
    );
  });

  it('still scans the index when a filter narrows the rows', async () => {
    const plans = await walkTwoPages({ filter: { technology: { $eq: 'postgres' } }, fields: ['id'] });
    for (const plan of plans)
      expect(plan).toMatch(/Index Scan components_page|USING (COVERING )?INDEX components_page/);
  });
});
