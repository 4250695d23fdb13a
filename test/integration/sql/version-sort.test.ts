import { Aggregator } from 'mingo';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Page,
  pageTokenAfter,
  parseQuery,
  QueryError,
  type QueryPlan,
  queryInMemory,
  type ResourceDescription,
} from '../../../src/index.js';
import { mongoDocsToPage, queryToMongo } from '../../../src/mongo.js';
import {
  type ColumnMapping,
  type ColumnType,
  pageIndexSql,
  queryToSql,
  sqlRowsToPage,
} from '../../../src/sql.js';
import { ENGINE_NAMES, type Engine, openEngine } from './engines.js';

/**
 * A field the description gives `format: 'version'` sorts as the version operators compare (the
 * built-in component's `version`): `14.2` after `9.6.24`, equal versions tied and ordered by the
 * tie-breakers, anything that is not a version with the missing values. Walked one record a page on
 * memory, mingo, SQLite and PostgreSQL (PGlite, and a server at DATABASE_URL), in a text column and in
 * a JSON document, both directions.
 */

const VERSIONS: Record<string, unknown> = {
  a: '9.6.24',
  b: '14.2',
  c: 'v10.0',
  d: '10',
  e: '10.0.0-rc.1',
  f: 'latest',
  g: null,
  h: '1.100',
  i: '1.29',
  j: '9007199254740993',
  k: '9007199254740992',
  l: '',
};
const records = Object.entries(VERSIONS).map(([id, version]) => ({
  id,
  createdAt: '2026-01-01T00:00:00.000Z',
  ...(version === null ? {} : { version }),
}));
// Missing, null and non-versions first ascending (by id), then the version order; ties (`v10.0`, `10`) by id.
const ASCENDING = ['f', 'g', 'l', 'i', 'h', 'a', 'e', 'c', 'd', 'b', 'k', 'j'];
// Descending reverses every key but the tie-breakers, which stay ascending.
const DESCENDING = ['j', 'k', 'b', 'c', 'd', 'e', 'a', 'h', 'i', 'f', 'g', 'l'];

async function walk(page: (plan: QueryPlan) => Promise<Page>, direction: 'asc' | 'desc'): Promise<unknown[]> {
  const ids: unknown[] = [];
  let pageToken: string | undefined;
  for (let n = 0; n < 50; n++) {
    const request = {
      pageSize: 1,
      sort: { version: direction },
      fields: ['id'],
      ...(pageToken ? { pageToken } : {}),
    };
    const result = await page(parseQuery(request, 'component', { secret: 's' }));
    ids.push(...result.items.map((item) => item.id));
    pageToken = result.nextPageToken;
    if (pageToken === undefined) return ids;
  }
  throw new Error('the walk did not end');
}

/**
 * Plans continuing after forged cursors (unsigned tokens): a version slot holding a key, a string that
 * is no key, a number, a boolean or null is a position in the type order, the same on every target.
 */
const FORGED = ['.11.12#', '.11.12!,2rc', 'zzz', '', '\u00e9', 5, true, null].flatMap((c) =>
  (['asc', 'desc'] as const).map((direction) => {
    const base = { pageSize: 20, sort: { version: direction }, fields: ['id'] };
    const token = pageTokenAfter(parseQuery(base, 'component'), [c, '2026-01-01T00:00:00.000Z', 'd']);
    return parseQuery({ ...base, pageToken: token }, 'component');
  }),
);
const ids = (page: Page) => page.items.map((item) => item.id);

describe('sort on a version field', () => {
  it('continues after forged cursors on mingo exactly as in memory', () => {
    const docs = records.map((r, i) => ({ ...r, _id: i }));
    for (const plan of FORGED) {
      const mingo = mongoDocsToPage(
        plan,
        new Aggregator(queryToMongo(plan).pipeline).run(docs) as Record<string, unknown>[],
      );
      expect(ids(mingo), JSON.stringify(plan.after)).toEqual(ids(queryInMemory(records, plan)));
    }
  });

  it('orders versions as versions in memory and on mingo', async () => {
    for (const [direction, expected] of [
      ['asc', ASCENDING],
      ['desc', DESCENDING],
    ] as const) {
      expect(await walk(async (plan) => queryInMemory(records, plan), direction)).toEqual(expected);
      const docs = records.map((r, i) => ({ ...r, _id: i }));
      const mingo = async (plan: QueryPlan) =>
        mongoDocsToPage(
          plan,
          new Aggregator(queryToMongo(plan).pipeline).run(docs) as Record<string, unknown>[],
        );
      expect(await walk(mingo, direction)).toEqual(expected);
    }
  });

  it('puts 14.2 before 9.6.24 descending, and keeps string order for a plain string field', () => {
    const page = (sort: Record<string, 'asc' | 'desc'>) =>
      queryInMemory(records, parseQuery({ pageSize: 2, sort, fields: ['id'] }, 'component')).items;
    expect(page({ version: 'desc' })).toEqual([{ id: 'j' }, { id: 'k' }]);
    const description = {
      name: 'plain',
      fields: {
        id: { type: 'string', sortable: true, filterable: true },
        createdAt: { type: 'timestamp', sortable: true, filterable: true },
        version: { type: 'string', sortable: true, filterable: true },
      },
      selectable: ['id', 'version'],
    } as const satisfies ResourceDescription;
    const plain = queryInMemory(records, parseQuery({ pageSize: 1, sort: { version: 'desc' } }, description));
    // Code point order: "v10.0" > "latest" > "9.6.24" > "14.2".
    expect(plain.items).toEqual([{ id: 'c', version: 'v10.0' }]);
  });

  it('binds tokens to the version order', () => {
    const plain = { ...parseQuery({}, 'component').resource, name: 'component' };
    const fields = {
      ...plain.fields,
      version: { type: 'string', sortable: true, filterable: true },
    } as const;
    const asVersion = parseQuery({ sort: { version: 'asc' } }, 'component');
    const asString = parseQuery({ sort: { version: 'asc' } }, { ...plain, fields });
    expect(asVersion.sort[0]).toEqual({ field: 'version', direction: 'asc', order: 'version' });
    expect(asString.sort[0]).toEqual({ field: 'version', direction: 'asc' });
    expect(asVersion.binding).not.toBe(asString.binding);
  });

  it('refuses a malformed format and a version tie-breaker in a description', () => {
    const base = {
      name: 'x',
      fields: {
        id: { type: 'string', sortable: true, filterable: true },
        createdAt: { type: 'timestamp', sortable: true, filterable: true },
      },
      selectable: ['id'],
    };
    const refused = (description: unknown) => {
      try {
        parseQuery({}, description as ResourceDescription);
      } catch (error) {
        expect(error).toBeInstanceOf(QueryError);
        return (error as QueryError).message;
      }
      throw new Error('accepted');
    };
    expect(
      refused({
        ...base,
        fields: {
          ...base.fields,
          n: { type: 'number', format: 'version', sortable: true, filterable: true },
        },
      }),
    ).toMatch(/field "n": format must be "version", on a string field/);
    expect(
      refused({
        ...base,
        fields: { ...base.fields, s: { type: 'string', format: 'semver', sortable: true, filterable: true } },
      }),
    ).toMatch(/field "s": format must be "version"/);
    expect(
      refused({
        ...base,
        fields: {
          ...base.fields,
          id: { type: 'string', format: 'version', sortable: true, filterable: true },
        },
      }),
    ).toMatch(/tie-breaker "id" is a version field/);
  });

  it('refuses an index on a version key: it is ordered by a computed key', () => {
    const plan = parseQuery({ sort: { version: 'asc' } }, 'component');
    expect(() =>
      pageIndexSql({
        dialect: 'sqlite',
        table: 't',
        columns: { version: 'text', createdAt: 'text', id: 'text' },
        fields: plan.sort,
      }),
    ).toThrow(expect.objectContaining({ code: 'UNSUPPORTED' }));
  });
});

describe.each(ENGINE_NAMES)('sort on a version field on %s', (name) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine(name);
    const pg = engine.dialect === 'postgres';
    // A collation that is not code point order must not matter.
    await engine.exec(
      `CREATE TABLE svc_versions (id text PRIMARY KEY, created_at text, version text${pg ? '' : ' COLLATE NOCASE'}, doc ${pg ? 'jsonb' : 'text'})`,
    );
    for (const r of records) {
      await engine.query(
        pg
          ? 'INSERT INTO svc_versions VALUES ($1, $2, $3, $4::jsonb)'
          : 'INSERT INTO svc_versions VALUES (?, ?, ?, ?)',
        [r.id, r.createdAt, typeof r.version === 'string' ? r.version : null, JSON.stringify(r)],
      );
    }
  });
  afterAll(async () => {
    await engine.exec('DROP TABLE svc_versions');
    await engine.close();
  });

  it.each(['column', 'document'] as const)('walks a %s in both directions', async (layout) => {
    const json: ColumnType = engine.dialect === 'postgres' ? 'jsonb' : 'json';
    const columns: Record<string, ColumnType | ColumnMapping> =
      layout === 'column'
        ? ({ id: 'text', createdAt: { column: 'created_at', type: 'timestamp' }, version: 'text' } as const)
        : Object.fromEntries(
            ['id', 'createdAt', 'version'].map((f) => [f, { column: 'doc', type: json, path: [f] }]),
          );
    const page = async (plan: QueryPlan) => {
      const { sql, params } = queryToSql(plan, { dialect: engine.dialect, table: 'svc_versions', columns });
      return sqlRowsToPage(plan, await engine.query(sql, params), { columns });
    };
    expect(await walk(page, 'asc')).toEqual(ASCENDING);
    expect(await walk(page, 'desc')).toEqual(DESCENDING);
    for (const plan of FORGED) {
      expect(ids(await page(plan)), JSON.stringify(plan.after)).toEqual(ids(queryInMemory(records, plan)));
    }
  });
});
