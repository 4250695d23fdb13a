import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseQuery, queryInMemory } from '../../../src/index.js';
import {
  type ColumnMapping,
  type ColumnType,
  pageIndexSql,
  queryToSql,
  sqlRowsToPage,
} from '../../../src/sql.js';
import { ENGINE_NAMES, type Engine, openEngine } from './engines.js';

/**
 * The page query must be answered by a composite index: the planner's own plan is read back (EXPLAIN),
 * on every engine, for the first page and for a page after a token, where the index must be entered at
 * the cursor (an index condition on created_at, a SQLite range search), not read from its start and
 * filtered. Ascending and descending walks use the (created_at, id) index (a descending one backwards);
 * a mixed-direction order uses an index declared with its directions.
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
    // Never null (NOT NULL columns): what lets a descending walk compare a row value.
    id: { type: 'string', required: true, sortable: true, filterable: true },
    region: { type: 'string', sortable: true, filterable: true },
    technology: { type: 'string', sortable: true, filterable: true },
    createdAt: { type: 'timestamp', required: true, sortable: true, filterable: true },
    updatedAt: { type: 'timestamp', sortable: true, filterable: true },
  },
  selectable: ['id', 'region', 'technology', 'createdAt', 'updatedAt'],
} as const;
const ROWS = 5000;
// Three rows a second, so that pages end inside a run of equal created_at values.
const RECORDS = Array.from({ length: ROWS }, (_, i) => {
  const t = new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000).toISOString();
  return {
    id: `c${String(i).padStart(5, '0')}`,
    region: `eu-${i % 4}`,
    technology: i % 5 === 0 ? 'postgres' : 'mysql',
    createdAt: t,
    updatedAt: t,
  };
});

/** Every plan node, depth first (PostgreSQL's JSON plan). */
function pgNodes(plan: Record<string, unknown>): Record<string, unknown>[] {
  const children = (plan.Plans as Record<string, unknown>[] | undefined) ?? [];
  return [plan, ...children.flatMap(pgNodes)];
}

/** The page index of (created_at desc, id asc), for the mixed-direction order `{ createdAt: 'desc' }`. */
const NEWEST = [{ field: 'createdAt', direction: 'desc' }, 'id'] as const;

describe.each(ENGINE_NAMES)('page queries use the matching composite index on %s', (name) => {
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
    const newest = pageIndexSql({
      dialect: engine.dialect,
      table: 'components',
      columns: COLUMNS,
      fields: NEWEST,
      name: 'components_newest',
    });
    expect(newest).toBe(
      pg
        ? 'CREATE INDEX IF NOT EXISTS "components_newest" ON "components" ("created_at" COLLATE "C" DESC NULLS LAST, "id" COLLATE "C" NULLS FIRST)'
        : 'CREATE INDEX IF NOT EXISTS "components_newest" ON "components" ("created_at" COLLATE BINARY DESC, "id" COLLATE BINARY)',
    );
    await engine.exec(index);
    await engine.exec(newest);
    const values = RECORDS.map(
      (r) => `('${r.id}', '${r.region}', '${r.technology}', '${r.createdAt}', '${r.updatedAt}')`,
    );
    await engine.exec(`INSERT INTO components VALUES ${values.join(', ')}`);
    await engine.exec(pg ? 'ANALYZE components' : 'ANALYZE');
  });
  afterAll(async () => {
    await engine?.close();
  });

  /**
   * The plan as one line per node: PostgreSQL `Index Scan [Backward] <index> <Index Cond>`, SQLite its
   * EXPLAIN QUERY PLAN details. No sort step is allowed on either.
   */
  async function planOf(sql: string, params: readonly unknown[]): Promise<string> {
    if (engine.dialect === 'postgres') {
      const rows = await engine.query(`EXPLAIN (FORMAT JSON) ${sql}`, params);
      const raw = rows[0]!['QUERY PLAN'];
      const doc = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Array<{
        Plan: Record<string, unknown>;
      }>;
      const nodes = pgNodes(doc[0]!.Plan);
      expect(nodes.some((n) => String(n['Node Type']).includes('Sort'))).toBe(false);
      return nodes
        .map((n) =>
          [
            n['Node Type'],
            n['Scan Direction'] === 'Backward' ? 'Backward' : '',
            n['Index Name'] ?? '',
            n['Index Cond'] ?? '',
          ]
            .filter((part) => part !== '')
            .join(' '),
        )
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
    // The second page is the next 50 rows of the order, whatever form the keyset condition took.
    const page2 = sqlRowsToPage(second, await engine.query(q2.sql, q2.params), options);
    const expected = queryInMemory(
      RECORDS,
      parseQuery({ ...request, pageSize: 100, fields: ['id'] }, RESOURCE),
    );
    expect([...page1.items, ...page2.items].map((i) => i.id)).toEqual(expected.items.map((i) => i.id));
    return [await planOf(q1.sql, q1.params), await planOf(q2.sql, q2.params)];
  }

  const scans = (index: string) =>
    new RegExp(`Index (Only )?Scan (Backward )?${index}|USING (COVERING )?INDEX ${index}`);

  it('scans the index in order for the default sort, on the first page and after a token', async () => {
    const [first, second] = await walkTwoPages({});
    expect(first).toMatch(scans('components_page'));
    // After a token the index is entered at the cursor (an index condition on created_at), not read
    // from the start.
    expect(second).toMatch(
      engine.dialect === 'postgres'
        ? /Index Scan +components_page .*created_at/
        : /SEARCH components USING INDEX components_page \(created_at>\?\)/,
    );
  });

  it('scans the same index backwards for a descending walk, entered at the cursor', async () => {
    const [first, second] = await walkTwoPages({ sort: { createdAt: 'desc', id: 'desc' } });
    expect(first).toMatch(scans('components_page'));
    expect(second).toMatch(
      engine.dialect === 'postgres'
        ? /Index Scan Backward components_page .*created_at/
        : /SEARCH components USING INDEX components_page \(created_at<\?\)/,
    );
  });

  it('scans an index declared with its directions for a mixed-direction walk', async () => {
    // { createdAt: 'desc' } is (createdAt desc, id asc): the id tie-breaker stays ascending.
    const [first, second] = await walkTwoPages({ sort: { createdAt: 'desc' } });
    expect(first).toMatch(scans('components_newest'));
    expect(second).toMatch(
      engine.dialect === 'postgres'
        ? /Index Scan +components_newest .*created_at/
        : /SEARCH components USING INDEX components_newest \(created_at<\?\)/,
    );
  });

  it('still scans the index when a filter narrows the rows', async () => {
    const plans = await walkTwoPages({ filter: { technology: { $eq: 'postgres' } }, fields: ['id'] });
    for (const plan of plans) expect(plan).toMatch(scans('components_page'));
  });

  it.skipIf(name === 'sqlite')(
    'a timestamptz key is ordered by its millisecond through an index on that expression',
    async () => {
      const columns = { ...COLUMNS, createdAt: { column: 'created_at', type: 'timestamptz' } } as const;
      await engine.exec(
        'CREATE TABLE instants (id text PRIMARY KEY, region text, technology text, created_at timestamptz NOT NULL, updated_at text)',
      );
      const index = pageIndexSql({ dialect: 'postgres', table: 'instants', columns });
      expect(index).toBe(
        `CREATE INDEX IF NOT EXISTS "instants_page" ON "instants" ((date_trunc('milliseconds', "created_at" AT TIME ZONE 'UTC')) NULLS FIRST, "id" COLLATE "C" NULLS FIRST)`,
      );
      await engine.exec(index);
      // Three rows a millisecond, microseconds apart, the later microsecond on the smaller id.
      await engine.exec(
        `INSERT INTO instants SELECT 'i' || lpad(g::text, 5, '0'), 'eu', 'pg', TIMESTAMPTZ '2026-01-01T00:00:00Z' + (g / 3) * interval '1 millisecond' + (2 - g % 3) * interval '100 microseconds', NULL FROM generate_series(0, ${ROWS - 1}) AS g; ANALYZE instants`,
      );
      const options = { dialect: 'postgres', table: 'instants', columns } as const;
      const ids: unknown[] = [];
      let token: string | undefined;
      let plan = '';
      for (let i = 0; i < 3; i++) {
        const request = { pageSize: 4, fields: ['id', 'createdAt'], ...(token ? { pageToken: token } : {}) };
        const q = queryToSql(parseQuery(request, RESOURCE), options);
        const page = sqlRowsToPage(
          parseQuery(request, RESOURCE),
          await engine.query(q.sql, q.params),
          options,
        );
        ids.push(...page.items.map((item) => [item.id, item.createdAt]));
        token = page.nextPageToken;
        if (i === 1) plan = await planOf(q.sql, q.params);
      }
      // Ties within a millisecond go by id, as in memory where every row reads as its millisecond.
      expect(ids.slice(0, 7)).toEqual([
        ['i00000', '2026-01-01T00:00:00.000Z'],
        ['i00001', '2026-01-01T00:00:00.000Z'],
        ['i00002', '2026-01-01T00:00:00.000Z'],
        ['i00003', '2026-01-01T00:00:00.001Z'],
        ['i00004', '2026-01-01T00:00:00.001Z'],
        ['i00005', '2026-01-01T00:00:00.001Z'],
        ['i00006', '2026-01-01T00:00:00.002Z'],
      ]);
      expect(ids).toHaveLength(12);
      expect(plan).toMatch(/Index Scan +instants_page .*date_trunc/);
    },
  );

  it.skipIf(name === 'sqlite')(
    'a number key is ordered with NaN as missing through an index on that expression',
    async () => {
      const resource = {
        name: 'score',
        fields: {
          id: { type: 'string', required: true, sortable: true, filterable: true },
          createdAt: { type: 'timestamp', required: true, sortable: true, filterable: true },
          n: { type: 'number', sortable: true, filterable: true },
        },
        selectable: ['id', 'createdAt', 'n'],
      } as const;
      const columns = {
        id: 'text',
        createdAt: { column: 'created_at', type: 'timestamp' },
        n: 'number',
      } as const;
      await engine.exec(
        'CREATE TABLE scores (id text PRIMARY KEY, created_at text NOT NULL, n double precision)',
      );
      const fields = [{ field: 'n', direction: 'asc' }, 'createdAt', 'id'] as const;
      const index = pageIndexSql({ dialect: 'postgres', table: 'scores', columns, fields });
      expect(index).toBe(
        `CREATE INDEX IF NOT EXISTS "scores_page" ON "scores" ((NULLIF("n", 'NaN'::float8)) NULLS FIRST, "created_at" COLLATE "C" NULLS FIRST, "id" COLLATE "C" NULLS FIRST)`,
      );
      await engine.exec(index);
      // Every seventh row NaN, every eleventh NULL: both sort as missing, first.
      await engine.exec(
        `INSERT INTO scores SELECT 's' || lpad(g::text, 5, '0'), '2026-01-01T00:00:00.000Z', CASE WHEN g % 7 = 0 THEN 'NaN'::float8 WHEN g % 11 = 0 THEN NULL ELSE g % 100 END FROM generate_series(0, ${ROWS - 1}) AS g; ANALYZE scores`,
      );
      const options = { dialect: 'postgres', table: 'scores', columns } as const;
      const request = { pageSize: 400, sort: { n: 'asc' }, fields: ['id'] } as const;
      const rows = await engine.query('SELECT id, n FROM scores', []);
      const expected = queryInMemory(
        rows,
        parseQuery({ ...request, pageSize: ROWS }, resource, { maxPageSize: ROWS }),
      ).items;
      const ids: unknown[] = [];
      let token: string | undefined;
      let plan = '';
      for (let i = 0; i < 100; i++) {
        const plan0 = parseQuery({ ...request, ...(token ? { pageToken: token } : {}) }, resource);
        const q = queryToSql(plan0, options);
        const page = sqlRowsToPage(plan0, await engine.query(q.sql, q.params), options);
        ids.push(...page.items);
        token = page.nextPageToken;
        // Page 5 starts after a number (the NaN and NULL rows fill the first three).
        if (i === 4) plan = await planOf(q.sql, q.params);
        if (token === undefined) break;
      }
      expect(ids).toEqual(expected);
      expect(plan).toMatch(/Index Scan +scores_page .*NULLIF/);
    },
  );
});
