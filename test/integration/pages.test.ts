import { Aggregator } from 'mingo';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  base64url,
  type Page,
  parseQuery,
  QueryError,
  type QueryPlan,
  queryInMemory,
  type ResourceDescription,
} from '../../src/index.js';
import { mongoDocsToPage, queryToMongo } from '../../src/mongo.js';
import { type ColumnMapping, type ColumnType, queryToSql, sqlRowsToPage } from '../../src/sql.js';
import { ENGINE_NAMES_WITH_DUCKDB, type Engine, openEngine } from './sql/engines.js';

/**
 * Page walks pinned on every target (memory, SQLite, PostgreSQL and DuckDB in typed columns and in JSON,
 * mingo):
 * sort keys JSON cannot write (±Infinity) or that sort as missing (NaN, NULL), a field whose name holds
 * a dot or starts with `$`, and forged tokens whose position no row can follow.
 */

const RESOURCE = {
  name: 'thing',
  fields: {
    id: { type: 'string', required: true, sortable: true, filterable: true },
    createdAt: { type: 'timestamp', required: true, sortable: true, filterable: true },
    n: { type: 'number', nullable: true, sortable: true, filterable: true },
    'a.b': { type: 'number', nullable: true, sortable: true, filterable: true },
    $c: { type: 'string', nullable: true, sortable: true, filterable: true },
    tags: { type: 'map', values: { type: 'string' }, sortable: false, filterable: true },
  },
  selectable: ['id', 'createdAt', 'n', 'a.b', '$c'],
} as const satisfies ResourceDescription;

type Row = Record<string, unknown> & { id: string };
const CREATED = '2026-01-01T00:00:00.000Z';

interface Target {
  readonly name: string;
  /** False when the target cannot hold the rows (PostgreSQL's json holds no Infinity). */
  holds(rows: readonly Row[]): boolean;
  load(rows: readonly Row[]): Promise<void>;
  page(plan: QueryPlan): Promise<Page>;
}

const finite = (v: unknown) => typeof v !== 'number' || Number.isFinite(v) || Number.isNaN(v);

function memory(): Target {
  let rows: readonly Row[] = [];
  return {
    name: 'memory',
    holds: () => true,
    load: async (r) => {
      rows = r;
    },
    page: async (plan) => queryInMemory(rows, plan),
  };
}

function mingo(): Target {
  let docs: Record<string, unknown>[] = [];
  return {
    name: 'mingo',
    holds: () => true,
    load: async (rows) => {
      docs = rows.map((r, i) => ({ ...r, _id: i }));
    },
    page: async (plan) =>
      mongoDocsToPage(
        plan,
        new Aggregator(queryToMongo(plan).pipeline as Record<string, unknown>[]).run(docs) as Record<
          string,
          unknown
        >[],
      ),
  };
}

/** JSON as SQLite can hold ±Infinity (`9e999` reads back as Infinity); NaN is null in any JSON. */
function jsonText(value: unknown, sqlite: boolean): string {
  const text = JSON.stringify(value, (_, v) =>
    sqlite && typeof v === 'number' && !Number.isFinite(v) && !Number.isNaN(v) ? `\u0000${v}` : v,
  );
  return text.replace(/"\\u0000(-?)Infinity"/g, (_, sign: string) => `${sign}9e999`);
}

function sql(engine: Engine, layout: 'typed' | 'json'): Target {
  const pg = engine.dialect === 'postgres';
  const duck = engine.dialect === 'duckdb';
  const double = pg || duck ? 'double precision' : 'REAL';
  const table = `pages_${layout}`;
  const json: ColumnType = pg ? 'jsonb' : 'json';
  const columns: Record<string, ColumnType | ColumnMapping> =
    layout === 'typed'
      ? {
          id: 'text',
          createdAt: { column: 'created_at', type: 'timestamp' },
          n: 'number',
          'a.b': { column: 'a_b', type: 'number' },
          $c: { column: 'c', type: 'text' },
          tags: json,
        }
      : Object.fromEntries(
          Object.keys(RESOURCE.fields).map((f) => [f, { column: 'doc', type: json, path: [f] }]),
        );
  const ph = (i: number) => (pg || duck ? `$${i}` : `?${i}`);
  return {
    name: `${engine.name}/${layout}`,
    holds: (rows) => !pg || layout === 'typed' || rows.every((r) => Object.values(r).every(finite)),
    async load(rows) {
      await engine.exec(`DROP TABLE IF EXISTS ${table}`);
      await engine.exec(
        `CREATE TABLE ${table} (id text, created_at text, n ${double}, a_b ${double}, c text, tags ${pg ? 'jsonb' : 'text'}, doc ${pg ? 'jsonb' : 'text'})`,
      );
      for (const r of rows) {
        await engine.query(`INSERT INTO ${table} VALUES (${[1, 2, 3, 4, 5, 6, 7].map(ph).join(', ')})`, [
          r.id,
          r.createdAt,
          r.n ?? null,
          r['a.b'] ?? null,
          r.$c ?? null,
          r.tags === undefined ? null : JSON.stringify(r.tags),
          jsonText(r, !pg),
        ]);
      }
    },
    async page(plan) {
      const { sql: text, params } = queryToSql(plan, { dialect: engine.dialect, table, columns });
      return sqlRowsToPage(plan, await engine.query(text, params), { columns });
    },
  };
}

const engines: Engine[] = [];
const targets: Target[] = [memory(), mingo()];
beforeAll(async () => {
  for (const name of ENGINE_NAMES_WITH_DUCKDB) {
    const engine = await openEngine(name);
    engines.push(engine);
    targets.push(sql(engine, 'typed'), sql(engine, 'json'));
  }
});
afterAll(async () => {
  for (const engine of engines) await engine.close();
});

/** The ids of a whole walk, each page's token carried to the next (at most 50 pages). */
async function walk(target: Target, request: Record<string, unknown>): Promise<string[]> {
  const ids: string[] = [];
  let token: string | undefined;
  for (let i = 0; i < 50; i++) {
    const plan = parseQuery({ ...request, ...(token === undefined ? {} : { pageToken: token }) }, RESOURCE);
    const page = await target.page(plan);
    ids.push(...page.items.map((item) => String(item.id)));
    token = page.nextPageToken;
    if (token === undefined) return ids;
  }
  throw new Error(`${target.name}: the walk did not end`);
}

async function walks(rows: readonly Row[], request: Record<string, unknown>, expected: string[]) {
  let judged = 0;
  for (const target of targets) {
    if (!target.holds(rows)) continue;
    await target.load(rows);
    expect(await walk(target, request), `${target.name} ${JSON.stringify(request)}`).toEqual(expected);
    judged += 1;
  }
  expect(judged).toBeGreaterThanOrEqual(3);
}

describe('page walks over keys JSON cannot write', () => {
  const rows: Row[] = [0, 1, Number.POSITIVE_INFINITY, 3, Number.NEGATIVE_INFINITY, 5].map((n, i) => ({
    id: `r${i}`,
    createdAt: CREATED,
    n,
  }));

  it('±Infinity: every record once, in order, ascending and descending', async () => {
    const ascending = ['r4', 'r0', 'r1', 'r3', 'r5', 'r2'];
    for (const pageSize of [1, 2, 4]) {
      await walks(rows, { pageSize, sort: { n: 'asc' }, fields: ['id'] }, ascending);
      await walks(rows, { pageSize, sort: { n: 'desc' }, fields: ['id'] }, [...ascending].reverse());
    }
  });

  it('NaN sorts as missing, with NULL, on every target (PostgreSQL orders it above every number)', async () => {
    const mixed: Row[] = [
      { id: 'a', createdAt: CREATED, n: 1 },
      { id: 'b', createdAt: CREATED, n: Number.NaN },
      { id: 'c', createdAt: CREATED, n: null },
      { id: 'd', createdAt: CREATED, n: 2 },
      { id: 'e', createdAt: CREATED, n: Number.POSITIVE_INFINITY },
      { id: 'f', createdAt: CREATED },
    ];
    for (const pageSize of [1, 2, 3]) {
      // In typed columns only: JSON holds no NaN (it is written null, which is the same key).
      await walks(mixed, { pageSize, sort: { n: 'asc' }, fields: ['id'] }, ['b', 'c', 'f', 'a', 'd', 'e']);
      await walks(mixed, { pageSize, sort: { n: 'desc' }, fields: ['id'] }, ['e', 'd', 'a', 'b', 'c', 'f']);
      await walks(mixed, { pageSize, sort: { n: 'desc', id: 'desc' }, fields: ['id'] }, [
        'e',
        'd',
        'a',
        'f',
        'c',
        'b',
      ]);
    }
  });

  it('a key that may be NULL after the first: every record once, in order (DuckDB row values order NULL last)', async () => {
    const mixed: Row[] = [
      { id: 'a', createdAt: CREATED, n: 1, $c: 'x' },
      { id: 'b', createdAt: CREATED, n: null, $c: null },
      { id: 'c', createdAt: CREATED, n: -1 },
      { id: 'd', createdAt: CREATED, n: Number.POSITIVE_INFINITY, $c: 'w' },
      { id: 'e', createdAt: CREATED, $c: 'x' },
      { id: 'f', createdAt: CREATED, n: Number.NaN, $c: '' },
    ];
    for (const pageSize of [1, 2, 4]) {
      await walks(mixed, { pageSize, sort: { createdAt: 'asc', n: 'asc', id: 'asc' }, fields: ['id'] }, [
        'b',
        'e',
        'f',
        'c',
        'a',
        'd',
      ]);
      await walks(mixed, { pageSize, sort: { createdAt: 'asc', $c: 'asc', id: 'asc' }, fields: ['id'] }, [
        'b',
        'c',
        'f',
        'd',
        'a',
        'e',
      ]);
    }
  });

  it('an explicit ±Infinity in a token reads back; a raw 1e999 is refused', () => {
    const plan = parseQuery({ sort: { n: 'asc' } }, RESOURCE);
    const token = (key: string) =>
      base64url(new TextEncoder().encode(`[1, ${JSON.stringify(plan.binding)}, ${key}]`));
    const cursor = (key: string) => parseQuery({ sort: { n: 'asc' }, pageToken: token(key) }, RESOURCE).after;
    expect(cursor('[{"number": "Infinity"}, "x", "y"]')).toEqual([Number.POSITIVE_INFINITY, 'x', 'y']);
    expect(cursor('[{"number": "-Infinity"}, "x", "y"]')).toEqual([Number.NEGATIVE_INFINITY, 'x', 'y']);
    for (const bad of [
      '[1e999, "x", "y"]',
      '[{"number": "NaN"}, "x", "y"]',
      '[{"number": "Infinity", "x": 1}, "x", "y"]',
      '[{"number": 1}, "x", "y"]',
      '[{}, "x", "y"]',
    ]) {
      expect(() => cursor(bad), bad).toThrow(QueryError);
    }
  });
});

describe('fields whose names hold a dot or start with $', () => {
  const rows: Row[] = [
    { id: 'x', createdAt: CREATED, 'a.b': 3, $c: 'p' },
    { id: 'y', createdAt: CREATED, 'a.b': 1 },
    { id: 'z', createdAt: CREATED, $c: 'q' },
  ];

  it('are selected and sorted on by every target', async () => {
    for (const target of targets) {
      await target.load(rows);
      const page = await target.page(
        parseQuery({ sort: { 'a.b': 'desc' }, fields: ['a.b', '$c'] }, RESOURCE),
      );
      const items = page.items.map((item) =>
        Object.fromEntries(Object.entries(item).filter(([, v]) => v !== null && v !== undefined)),
      );
      expect(items, target.name).toEqual([{ 'a.b': 3, $c: 'p' }, { 'a.b': 1 }, { $c: 'q' }]);
      expect(await walk(target, { pageSize: 1, sort: { $c: 'asc' }, fields: ['id'] }), target.name).toEqual([
        'y',
        'x',
        'z',
      ]);
    }
  });
});

describe('forged unsigned tokens holding text a database cannot bind', () => {
  it('give the page after that position or INVALID_PAGE_TOKEN, never another position', async () => {
    const rows: Row[] = ['a', 'b', '\uE000', '\uFFFD'].map((c, i) => ({
      id: `r${i}`,
      createdAt: CREATED,
      $c: c,
    }));
    const request = { sort: { $c: 'asc' }, fields: ['id'] };
    const binding = parseQuery(request, RESOURCE).binding;
    // A lone surrogate (sent to a database as U+FFFD, after U+E000) and U+0000 (which PostgreSQL refuses);
    // no astral character, which mingo alone orders by UTF-16 unit.
    for (const c of ['\uD800', 'a\u0000']) {
      const key = [c, CREATED, 'r9'];
      const pageToken = base64url(new TextEncoder().encode(JSON.stringify([1, binding, key])));
      const plan = parseQuery({ ...request, pageToken }, RESOURCE);
      let expected: Page | undefined;
      for (const target of targets) {
        await target.load(rows);
        let page: Page;
        try {
          page = await target.page(plan);
        } catch (error) {
          expect((error as QueryError).code, target.name).toBe('INVALID_PAGE_TOKEN');
          continue;
        }
        expected ??= page;
        expect(page, `${target.name} ${JSON.stringify(c)}`).toEqual(expected);
      }
    }
  });
});

describe('forged unsigned tokens whose position no row follows', () => {
  const rows: Row[] = [
    { id: 'p', createdAt: CREATED, tags: { k: 'v' } },
    { id: 'q', createdAt: '2026-01-02T00:00:00.000Z', tags: { k: 'w' } },
  ];
  const filter = { 'tags$.k': { $ne: 'v' } };

  it('give an empty page on every target, never a database error', async () => {
    const cases: [Record<string, unknown> | undefined, unknown[]][] = [
      [undefined, [true, 'x']],
      [{ createdAt: 'desc' }, [5, 'x']],
      [{ createdAt: 'desc' }, [null, 'x']],
      [{ id: 'desc' }, [null, null]],
    ];
    for (const target of targets) {
      await target.load(rows);
      for (const [sort, key] of cases) {
        const request = { filter, fields: ['id'], ...(sort === undefined ? {} : { sort }) };
        const binding = parseQuery(request, RESOURCE).binding;
        const pageToken = base64url(new TextEncoder().encode(JSON.stringify([1, binding, key])));
        const page = await target.page(parseQuery({ ...request, pageToken }, RESOURCE));
        expect(page, `${target.name} ${JSON.stringify(key)}`).toEqual({ items: [] });
      }
    }
  });
});

describe('a walk of a filter with $now', () => {
  afterAll(() => {
    vi.useRealTimers();
  });

  it('keeps the instant of its first page on every target while the clock moves', async () => {
    const T0 = Date.parse('2026-06-01T00:00:00.000Z');
    const MINUTE = 60_000;
    // One record a minute, from an hour before T0 to an hour after.
    const rows: Row[] = Array.from({ length: 121 }, (_, i) => ({
      id: `r${String(i).padStart(3, '0')}`,
      createdAt: new Date(T0 + (i - 60) * MINUTE).toISOString(),
    }));
    const request = {
      pageSize: 4,
      filter: { createdAt: { $gte: { $now: '-PT30M' }, $lt: { $now: 'PT0S' } } },
    };
    const expected = rows.slice(30, 60).map((r) => r.id);
    vi.useFakeTimers({ toFake: ['Date'] });
    let judged = 0;
    for (const target of targets) {
      await target.load(rows);
      const ids: string[] = [];
      let token: string | undefined;
      for (let page = 0; page < 50; page++) {
        // Ten minutes a page: a walk reading the clock on each page would skip and repeat records.
        vi.setSystemTime(T0 + page * 10 * MINUTE);
        const plan = parseQuery(
          { ...request, ...(token === undefined ? {} : { pageToken: token }) },
          RESOURCE,
        );
        const result = await target.page(plan);
        ids.push(...result.items.map((item) => String(item.id)));
        token = result.nextPageToken;
        if (token === undefined) break;
      }
      expect(ids, target.name).toEqual(expected);
      judged += 1;
    }
    vi.useRealTimers();
    expect(judged).toBeGreaterThanOrEqual(3);
  });

  it('refuses a page query given another instant than its plan', () => {
    const plan = parseQuery({ filter: { createdAt: { $lt: { $now: 'PT0S' } } } }, RESOURCE, { asOf: 0 });
    for (const translate of [
      () =>
        queryToSql(plan, {
          dialect: 'sqlite',
          table: 't',
          columns: { id: 'text', createdAt: 'text' },
          asOf: 1,
        }),
      () => queryToMongo(plan, { asOf: 1 }),
    ]) {
      expect(translate).toThrow(expect.objectContaining({ code: 'INVALID_OPTION', path: '/asOf' }));
    }
    expect(queryToMongo(plan, { asOf: '1970-01-01T00:00:00Z' }).pipeline).toBeDefined();
  });
});
