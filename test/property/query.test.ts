import fc from 'fast-check';
import { Aggregator } from 'mingo';
import { type Collection, type Document, MongoClient } from 'mongodb';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import {
  type ColumnMapping,
  type ColumnType,
  type DialectName,
  queryToSql,
  sqlRowsToPage,
} from '../../src/sql.js';
import { ENGINE_NAMES_WITH_DUCKDB, type Engine, openEngine } from '../integration/sql/engines.js';
import { mingoOrderDiffers } from '../support/mongo-engines.js';
import { checkAsync, titled } from '../support/property.js';

/**
 * Keyset pages on every target: walking all pages of a random query over a random inventory (many ties,
 * nulls, a field of mixed types, non-ASCII strings, ±Infinity and NaN where the target holds them, a
 * field whose name holds a dot) yields exactly the filtered list in the order an
 * independent oracle gives, on memory, SQLite, PGlite, a real PostgreSQL (DATABASE_URL), mingo and a
 * real MongoDB (MONGODB_URL), with no empty page after a token; and rows present for the whole walk
 * appear exactly once, in order, when rows come and go between pages. On PostgreSQL the typed layout
 * keeps `createdAt` in a timestamptz column holding microseconds, which must page by the millisecond.
 */

const RESOURCE = {
  name: 'thing',
  fields: {
    // Every record has both (the tie-breakers): SQL compares them as row values in either direction,
    // MongoDB reads them raw.
    id: { type: 'string', required: true, sortable: true, filterable: true },
    createdAt: { type: 'timestamp', required: true, sortable: true, filterable: true },
    a: { type: 'any', sortable: true, filterable: true },
    b: { type: 'string', nullable: true, sortable: true, filterable: true },
    n: { type: 'number', nullable: true, sortable: true, filterable: true },
    flag: { type: 'boolean', nullable: true, sortable: true, filterable: true },
    // A name is any string: MongoDB must not read it as a path.
    'd.e': { type: 'string', nullable: true, sortable: true, filterable: true },
    // Sorted as versions: valid and invalid version strings, ties between equal versions.
    v: { type: 'string', format: 'version', nullable: true, sortable: true, filterable: true },
  },
  selectable: ['id', 'createdAt', 'a', 'b', 'n', 'flag', 'd.e', 'v'],
} as const satisfies ResourceDescription;

const FIELDS = RESOURCE.selectable;
type Thing = {
  id: string;
  createdAt: string;
  a?: unknown;
  b?: string | null;
  n?: number | null;
  flag?: boolean | null;
  'd.e'?: string | null;
  v?: string | null;
};

// Strings where code unit and code point order disagree (an astral character against U+E000–U+FFFF)
// are in the pool on purpose; mingo alone orders by code unit, so it is skipped for those inventories.
const STRINGS = ['', 'a', 'A', 'b', 'ab', 'é', 'e\u0301', 'ß', 'Z', '😀', '\uFFFD', '\uE000', 'a b', '中'];
const NUMBERS = [-1, 0, 1, 1.5, 2, 1e6];
/**
 * Sort keys no JSON text holds: ±Infinity (every target holds them in a number column, SQLite and
 * MongoDB in documents too; PostgreSQL's json cannot) and NaN, which sorts as missing (PostgreSQL's
 * double precision and MongoDB hold it, SQLite stores it as NULL). Not filter operands: those are
 * finite.
 */
const INFINITIES = [Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY];
const arbNumber = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NUMBERS) },
  { weight: 1, arbitrary: fc.constantFrom(...INFINITIES) },
);
const TIMES = ['2026-01-01T00:00:00.000Z', '2026-01-02T00:00:00.000Z', '2026-01-02T00:00:00.001Z'];

// Versions that tie as versions (`1.2`, `v1.2.0`, `1.02+b`), order only as versions (`1.9` < `1.29`),
// have pre-releases and parts past 2^53, and strings that are not versions.
const VERSIONS = [
  '1.2',
  'v1.2.0',
  '1.02+b',
  '1.9',
  '1.29',
  '1.100',
  '1.2.0-rc.1',
  '1.2.0-rc.10',
  '0-rc',
  '0',
];
const NOT_VERSIONS = ['', 'v', '1..2', '1.2.x', 'V1.2', 'latest', '1.2-', '1.2\n', '-1'];
const arbDigits = fc.oneof(
  fc.stringMatching(/^[0-9]{1,2}$/),
  fc.constantFrom('0', '00', '9007199254740993', '9007199254740992', '2097152', '32768'),
);
const arbIdentifier = fc.oneof(arbDigits, fc.constantFrom('rc', 'RC', 'alpha', 'beta', 'a-b', '0a'));
const arbVersionText = fc
  .tuple(
    fc.constantFrom('', 'v'),
    fc.array(arbDigits, { minLength: 1, maxLength: 5 }),
    fc.option(fc.array(arbIdentifier, { minLength: 1, maxLength: 3 }), { nil: undefined }),
    fc.option(fc.array(arbIdentifier, { minLength: 1, maxLength: 2 }), { nil: undefined }),
  )
  .map(
    ([v, parts, pre, build]) =>
      v + parts.join('.') + (pre ? `-${pre.join('.')}` : '') + (build ? `+${build.join('.')}` : ''),
  );
const arbVersionish = fc.oneof(
  fc.constantFrom(...VERSIONS),
  fc.constantFrom(...NOT_VERSIONS),
  arbVersionText,
  // Mostly not versions: random text over the grammar's characters.
  fc.string({ unit: fc.constantFrom('0', '1', '9', '.', '-', '+', 'v', 'a'), maxLength: 6 }),
);

const arbId = fc.string({ unit: 'binary', minLength: 1, maxLength: 3 }).filter((s) => !s.includes('\u0000'));
const arbA = fc.oneof(
  fc.constant(undefined),
  fc.constant(null),
  arbNumber,
  fc.constantFrom(...STRINGS),
  fc.boolean(),
  fc.constant({ x: 1 }),
  fc.constant([1]),
);
const maybe = <T>(arb: fc.Arbitrary<T>) => fc.oneof(fc.constant(undefined), fc.constant(null), arb, arb);
const arbBody = fc.record({
  createdAt: fc.constantFrom(...TIMES),
  a: arbA,
  b: maybe(fc.constantFrom(...STRINGS)),
  n: maybe(fc.oneof({ weight: 6, arbitrary: arbNumber }, { weight: 1, arbitrary: fc.constant(Number.NaN) })),
  flag: maybe(fc.boolean()),
  'd.e': maybe(fc.constantFrom(...STRINGS)),
  v: maybe(arbVersionish),
  micros: fc.integer({ min: 0, max: 999 }),
});
/**
 * Microseconds below each record's `createdAt` in the PostgreSQL typed layout, whose `timestamptz`
 * column holds more than the millisecond the API shows: the record (and every other target) reads the
 * millisecond, so the rows of one millisecond must still tie there and go by id.
 */
const MICROS = new WeakMap<Thing, number>();
function thing(id: string, body: Record<string, unknown>): Thing {
  const out: Record<string, unknown> = { id };
  for (const [k, v] of Object.entries(body)) if (v !== undefined && k !== 'micros') out[k] = v;
  MICROS.set(out as Thing, (body.micros as number | undefined) ?? 0);
  return out as Thing;
}
/** `createdAt` with the record's microseconds: `…00.001Z` becomes `…00.001234Z`. */
function withMicros(r: Thing): string {
  return `${r.createdAt.slice(0, -1)}${String(MICROS.get(r) ?? 0).padStart(3, '0')}Z`;
}
const arbInventory = fc
  .uniqueArray(arbId, { maxLength: 18 })
  .chain((ids) => fc.tuple(...ids.map((id) => arbBody.map((body) => thing(id, body)))));

const arbFilter = fc.oneof(
  fc.constant(undefined),
  fc.constantFrom(...STRINGS).map((s) => ({ b: { $gte: s } })),
  fc.constantFrom(...NUMBERS).map((x) => ({ n: { $lt: x } })),
  fc
    .oneof(fc.constantFrom(...STRINGS), fc.constantFrom(...NUMBERS), fc.boolean())
    .map((v) => ({ a: { $ne: v } })),
  fc.boolean().map((v) => ({ a: { $exists: v } })),
  fc.boolean().map((v) => ({ flag: { $eq: v } })),
  fc.constant({ $or: [{ b: { $like: 'a*' } }, { n: { $gte: 1 } }] }),
  fc.constantFrom(...VERSIONS).map((x) => ({ v: { $vgte: x } })),
);
const arbSort = fc
  .uniqueArray(fc.constantFrom('a', 'b', 'n', 'flag', 'd.e', 'v', 'v', 'createdAt', 'id'), { maxLength: 3 })
  .chain((keys) => fc.tuple(...keys.map((k) => fc.constantFrom('asc', 'desc').map((d) => [k, d] as const))))
  .map((pairs) => (pairs.length === 0 ? undefined : Object.fromEntries(pairs)));
const arbFields = fc.subarray([...FIELDS]);
const arbRequest = fc.record({
  filter: arbFilter,
  sort: arbSort,
  fields: arbFields,
  pageSize: fc.integer({ min: 1, max: 6 }),
});
type Request = { filter?: unknown; sort?: unknown; fields?: string[]; pageSize: number };

// --- The oracle: written from the rules in docs/query.md, sharing no code with the library. ----------
function rank(v: unknown): number {
  if (typeof v === 'number') return Number.isNaN(v) ? 0 : 1;
  if (typeof v === 'string') return 2;
  if (typeof v === 'boolean') return 3;
  return 0;
}
function codePoints(s: string): number[] {
  return Array.from(s, (c) => c.codePointAt(0)!);
}
function cmpValue(x: unknown, y: unknown): number {
  const r = rank(x) - rank(y);
  if (r !== 0) return r;
  if (typeof x === 'number' && typeof y === 'number') return x < y ? -1 : x > y ? 1 : 0;
  if (typeof x === 'boolean') return Number(x) - Number(y);
  if (typeof x === 'string' && typeof y === 'string') {
    const [p, q] = [codePoints(x), codePoints(y)];
    for (let i = 0; i < Math.min(p.length, q.length); i++) if (p[i] !== q[i]) return p[i]! - q[i]!;
    return p.length - q.length;
  }
  return 0;
}
/**
 * Versions as docs/semantics.md §4 orders them, and `undefined` for a value that is not one: it sorts
 * as missing (docs/query.md).
 */
const VERSION_GRAMMAR =
  /^v?([0-9]+(?:\.[0-9]+)*)(?:-([0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*))?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
function oracleVersion(x: unknown): { parts: string[]; pre: string[] | undefined } | undefined {
  const m = typeof x === 'string' ? VERSION_GRAMMAR.exec(x) : null;
  if (m === null) return undefined;
  const trim = (d: string) => d.replace(/^0+/, '');
  return { parts: m[1]!.split('.').map(trim), pre: m[2]?.split('.') };
}
function cmpDigits(p: string, q: string): number {
  return p.length !== q.length ? p.length - q.length : p < q ? -1 : p > q ? 1 : 0;
}
function cmpVersion(x: unknown, y: unknown): number {
  const [p, q] = [oracleVersion(x), oracleVersion(y)];
  if (p === undefined || q === undefined) return (p === undefined ? 0 : 1) - (q === undefined ? 0 : 1);
  for (let i = 0; i < Math.max(p.parts.length, q.parts.length); i++) {
    const c = cmpDigits(p.parts[i] ?? '', q.parts[i] ?? '');
    if (c !== 0) return c;
  }
  if (p.pre === undefined || q.pre === undefined) return (p.pre ? -1 : 0) - (q.pre ? -1 : 0);
  const numeric = (id: string) => /^[0-9]+$/.test(id);
  for (let i = 0; i < Math.min(p.pre.length, q.pre.length); i++) {
    const [a, b] = [p.pre[i]!, q.pre[i]!];
    if (numeric(a) !== numeric(b)) return numeric(a) ? -1 : 1;
    const c = numeric(a) ? cmpDigits(a.replace(/^0+/, ''), b.replace(/^0+/, '')) : a < b ? -1 : a > b ? 1 : 0;
    if (c !== 0) return c;
  }
  return p.pre.length - q.pre.length;
}
function oracleOrder(sort: Record<string, string> | undefined): Array<[string, number]> {
  const keys: Array<[string, number]> = Object.entries(sort ?? {}).map(([k, d]) => [k, d === 'asc' ? 1 : -1]);
  for (const k of ['createdAt', 'id']) if (!keys.some(([f]) => f === k)) keys.push([k, 1]);
  return keys;
}
function oracleCompare(order: Array<[string, number]>) {
  return (x: Thing, y: Thing) => {
    for (const [f, d] of order) {
      const [a, b] = [(x as Record<string, unknown>)[f], (y as Record<string, unknown>)[f]];
      const c = f === 'v' ? cmpVersion(a, b) : cmpValue(a, b);
      if (c !== 0) return c * d;
    }
    return 0;
  };
}

/**
 * Items compared across targets: absent, null and NaN are the same (a typed SQL column has no "absent",
 * SQLite stores NaN as NULL); ±Infinity written out, which JSON would make null.
 */
function normalize(item: Record<string, unknown>): string {
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(item).sort()) {
    const v = item[k];
    if (v === null || v === undefined || Number.isNaN(v)) continue;
    out[k] = typeof v === 'number' && !Number.isFinite(v) ? String(v) : v;
  }
  return JSON.stringify(out);
}
function project(record: Thing, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (Object.hasOwn(record, f)) out[f] = (record as Record<string, unknown>)[f];
  return out;
}

// --- Targets ----------------------------------------------------------------------------------------
interface Target {
  readonly name: string;
  load(records: readonly Thing[]): Promise<void>;
  insert(record: Thing): Promise<void>;
  remove(id: string): Promise<void>;
  page(plan: QueryPlan): Promise<Page>;
  /** False when this target cannot judge the inventory and filter (documented engine limits only). */
  judges(records: readonly Thing[], filter: unknown): boolean;
}

function memoryTarget(): Target {
  let rows: Thing[] = [];
  return {
    name: 'memory',
    load: async (records) => {
      rows = [...records];
    },
    insert: async (r) => {
      rows.push(r);
    },
    remove: async (id) => {
      rows = rows.filter((r) => r.id !== id);
    },
    page: async (plan) => queryInMemory(rows, plan),
    judges: () => true,
  };
}

/** Strings are only ordered against strings of the same field: those are the pairs mingo may misorder. */
function utf16Differs(records: readonly Thing[]): boolean {
  const byField = new Map<string, Set<string>>();
  for (const r of records)
    for (const [k, v] of Object.entries(r))
      if (typeof v === 'string') byField.set(k, (byField.get(k) ?? new Set()).add(v));
  return [...byField.values()].some((strings) => {
    const all = [...strings];
    return all.some((x) =>
      all.some((y) => Math.sign(cmpValue(x, y)) !== Math.sign(x < y ? -1 : x > y ? 1 : 0)),
    );
  });
}

/** How many inventories mingo judged: the skip must stay the exception. */
let mingoRuns = 0;

function mingoTarget(): Target {
  let docs: Record<string, unknown>[] = [];
  return {
    name: 'mingo',
    load: async (records) => {
      docs = records.map((r, i) => ({ ...r, _id: i }));
      mingoRuns += 1;
    },
    insert: async (r) => {
      docs.push({ ...r, _id: docs.length + 1000 });
    },
    remove: async (id) => {
      docs = docs.filter((d) => d.id !== id);
    },
    page: async (plan) => {
      const { pipeline } = queryToMongo(plan);
      return mongoDocsToPage(plan, new Aggregator(pipeline).run(docs) as Record<string, unknown>[]);
    },
    // mingo compares strings by UTF-16 code unit, in sorts and in range operators; MongoDB itself (and
    // every other target) by code point.
    judges: (records, filter) =>
      !utf16Differs(records) &&
      !mingoOrderDiffers(filter ?? {}, records) &&
      !nanUnderRange(records, filter) &&
      !forgedTieBreakers(records),
  };
}

/**
 * A forged cursor (`k0`, `k1`… in {@link checkAsync}'s forged-token property) whose tie-breakers, the
 * last two keys (`createdAt`, `id`: strings in every record), are not strings. Under vitest, mingo
 * drops documents the pipeline's keyset `$match` holds for in such cases (the same pipeline and documents
 * give the right page in a plain Node process), so mingo does not judge them; memory, SQLite and
 * PostgreSQL do, and so does the real-server suite.
 */
function forgedTieBreakers(records: readonly Thing[]): boolean {
  const cursor = records.at(-1) as Record<string, unknown> | undefined;
  if (cursor === undefined || !Object.hasOwn(cursor, 'k0')) return false;
  const values = Object.values(cursor);
  return values.slice(-2).some((v) => typeof v !== 'string');
}

/**
 * A filter comparing a stored NaN with a range operator is outside MongoDB's contract (docs/mongo.md:
 * BSON orders NaN below every number, mingo answers `NaN >= 1` true; our semantics: NaN orders against
 * nothing). NaN as a sort key is in it, and is judged.
 */
function nanUnderRange(records: readonly Thing[], filter: unknown): boolean {
  return (
    records.some((r) => Number.isNaN(r.n)) && /"n":\{"\$(gt|gte|lt|lte)"/.test(JSON.stringify(filter ?? {}))
  );
}

/**
 * A real MongoDB server, when MONGODB_URL is set. mingo stands in for it everywhere else, but it orders
 * strings by UTF-16 code unit (so it skips some inventories) and says nothing of indexes: the server
 * judges every inventory and runs the raw form through `find` with the index it would use. It is not
 * run by default because no MongoDB server can be installed on the project's machines (Debian ships
 * none, and only its packages and npm's are reachable), so neither CI nor a developer has one.
 */
async function mongoServerTarget(url: string): Promise<Target & { close(): Promise<void> }> {
  const client = await MongoClient.connect(url);
  const db = client.db(`svc_policy_query_${process.pid}_${Date.now()}`);
  const things: Collection<Document> = db.collection('things');
  await things.createIndex({ createdAt: 1, id: 1 });
  return {
    name: 'mongodb',
    load: async (records) => {
      await things.deleteMany({});
      // Copies: the driver writes an `_id` into what it inserts.
      if (records.length > 0) await things.insertMany(records.map((r) => ({ ...r })));
    },
    insert: async (r) => {
      await things.insertOne({ ...r });
    },
    remove: async (id) => {
      await things.deleteMany({ id: { $eq: id } });
    },
    page: async (plan) => {
      const query = queryToMongo(plan);
      const docs = query.find
        ? await things
            .find(query.find.filter as Document, {
              sort: query.find.sort,
              limit: query.find.limit,
              projection: query.find.projection,
            })
            .toArray()
        : await things.aggregate(query.pipeline as Document[]).toArray();
      return mongoDocsToPage(plan, docs as Record<string, unknown>[]);
    },
    judges: (records, filter) => !nanUnderRange(records, filter),
    close: async () => {
      await db.dropDatabase();
      await client.close();
    },
  };
}

type Layout = 'typed' | 'document';
function columnsFor(layout: Layout, dialect: DialectName): Record<string, ColumnType | ColumnMapping> {
  const json: ColumnType = dialect === 'postgres' ? 'jsonb' : 'json';
  if (layout === 'document') {
    return Object.fromEntries(FIELDS.map((f) => [f, { column: 'doc', type: json, path: [f] }]));
  }
  return {
    id: 'text',
    // PostgreSQL and DuckDB: a timestamptz holding microseconds (MICROS), ordered and paged by its millisecond.
    createdAt:
      dialect === 'postgres' || dialect === 'duckdb'
        ? { column: 'created_at_tz', type: 'timestamptz' }
        : { column: 'created_at', type: 'timestamp' },
    a: json,
    b: 'text',
    n: 'number',
    flag: 'boolean',
    'd.e': { column: 'd_e', type: 'text' },
    v: 'text',
  };
}

/**
 * JSON text as each database holds it: SQLite reads a number past the double range (`9e999`) as
 * Infinity, so ±Infinity is written that way there; PostgreSQL's json holds no Infinity (such inventories
 * are not judged there). NaN is null: no JSON holds it, and it sorts as missing.
 */
function jsonText(value: unknown, dialect: DialectName): string {
  const text = JSON.stringify(value, (_, v) =>
    typeof v === 'number' && !Number.isFinite(v) && !Number.isNaN(v) && dialect !== 'postgres'
      ? `\u0000${v}`
      : v,
  );
  return text.replace(/"\\u0000(-?)Infinity"/g, (_, sign: string) => `${sign}9e999`);
}

/** True when a record holds ±Infinity in a field the layout keeps as JSON. */
function infiniteInJson(r: Thing, layout: Layout): boolean {
  const fields = layout === 'document' ? Object.keys(r) : ['a'];
  return fields.some((f) => {
    const v = (r as Record<string, unknown>)[f];
    return typeof v === 'number' && !Number.isFinite(v) && !Number.isNaN(v);
  });
}

function sqlTarget(engine: Engine, layout: Layout): Target {
  const pg = engine.dialect === 'postgres';
  const table = `svc_things_${layout}`;
  const columns = columnsFor(layout, engine.dialect);
  const insertSql = pg
    ? `INSERT INTO ${table} (id, created_at, a, b, n, flag, v, doc, d_e, created_at_tz) VALUES ($1, $2, $3::jsonb, $4, $5, $6, $7, $8::jsonb, $9, $10)`
    : engine.dialect === 'duckdb'
      ? `INSERT INTO ${table} (id, created_at, a, b, n, flag, v, doc, d_e, created_at_tz) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`
      : `INSERT INTO ${table} (id, created_at, a, b, n, flag, v, doc, d_e) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`;
  const insert = (r: Thing) =>
    engine.query(insertSql, [
      r.id,
      r.createdAt,
      r.a === undefined ? null : jsonText(r.a, engine.dialect),
      r.b ?? null,
      r.n ?? null,
      r.flag === undefined || r.flag === null ? null : engine.dialect === 'sqlite' ? Number(r.flag) : r.flag,
      r.v ?? null,
      jsonText(r, engine.dialect),
      r['d.e'] ?? null,
      ...(pg || engine.dialect === 'duckdb' ? [withMicros(r)] : []),
    ]);
  return {
    name: `${engine.name}/${layout}`,
    async load(records) {
      await engine.exec(`DELETE FROM ${table}`);
      for (const r of records) await insert(r);
    },
    insert: async (r) => {
      await insert(r);
    },
    remove: async (id) => {
      await engine.query(`DELETE FROM ${table} WHERE id = ${engine.dialect === 'sqlite' ? '?' : '$1'}`, [id]);
    },
    async page(plan) {
      const { sql, params } = queryToSql(plan, { dialect: engine.dialect, table, columns });
      return sqlRowsToPage(plan, await engine.query(sql, params), { columns });
    },
    judges: (records) => !pg || !records.some((r) => infiniteInJson(r, layout)),
  };
}

async function createTables(engine: Engine): Promise<void> {
  const pg = engine.dialect === 'postgres';
  const duck = engine.dialect === 'duckdb';
  const json = pg ? 'jsonb' : duck ? 'JSON' : 'text';
  for (const layout of ['typed', 'document']) {
    // A database collation that is not code point order must not matter: the text columns use one.
    const collate = pg ? '' : ' COLLATE NOCASE';
    await engine.exec(
      `CREATE TABLE svc_things_${layout} (id text${collate} PRIMARY KEY, created_at text${collate}, a ${json}, b text${collate}, n ${pg || duck ? 'double precision' : 'REAL'}, flag ${pg || duck ? 'boolean' : 'INTEGER'}, v text${collate}, doc ${json}, d_e text${collate}${pg || duck ? ', created_at_tz timestamptz' : ''})`,
    );
  }
}

// --- The walk ---------------------------------------------------------------------------------------
async function walk(
  target: Target,
  request: Request,
  between: (() => Promise<void>) | undefined,
): Promise<Array<Record<string, unknown>>> {
  const out: Array<Record<string, unknown>> = [];
  let token: string | undefined;
  for (let i = 0; i < 200; i++) {
    const plan = parseQuery({ ...request, ...(token === undefined ? {} : { pageToken: token }) }, RESOURCE, {
      secret: 'walk',
    });
    const page = await target.page(plan);
    expect(page.items.length).toBeLessThanOrEqual(request.pageSize);
    // A token promises a row after it: a token on an exactly full last page would end the walk with an
    // empty page. Only rows deleted between the pages can empty the next one.
    if (token !== undefined && between === undefined && page.items.length === 0) {
      throw new Error(`${target.name}: an empty page followed a token`);
    }
    out.push(...page.items);
    if (page.nextPageToken === undefined) return out;
    // A full page is followed by a token; a short page never is.
    expect(page.items.length).toBe(request.pageSize);
    token = page.nextPageToken;
    await between?.();
  }
  throw new Error(`${target.name}: the walk did not end after 200 pages: ${JSON.stringify(out.slice(0, 6))}`);
}

function matching(records: readonly Thing[], request: Request): Thing[] {
  // The filter's meaning is tested elsewhere (conformance and the filter properties); here the in-memory
  // predicate picks the rows, and the order comes from the oracle.
  const all = queryInMemory(
    records,
    parseQuery({ filter: request.filter, fields: ['id'], pageSize: 1000 }, RESOURCE),
  );
  const keep = new Set(all.items.map((i) => i.id));
  return records
    .filter((r) => keep.has(r.id))
    .sort(oracleCompare(oracleOrder(request.sort as Record<string, string>)));
}

describe('keyset pages on every target', () => {
  const engines: Engine[] = [];
  const targets: Target[] = [memoryTarget(), mingoTarget()];
  let mongo: (Target & { close(): Promise<void> }) | undefined;
  beforeAll(async () => {
    if (process.env.MONGODB_URL) {
      mongo = await mongoServerTarget(process.env.MONGODB_URL);
      targets.push(mongo);
    }
    for (const name of ENGINE_NAMES_WITH_DUCKDB) {
      const engine = await openEngine(name);
      engines.push(engine);
      await createTables(engine);
      targets.push(sqlTarget(engine, 'typed'), sqlTarget(engine, 'document'));
    }
  });
  afterAll(async () => {
    for (const engine of engines) await engine.close();
    await mongo?.close();
  });

  it(titled('walking every page yields exactly the filtered, sorted list'), {
    timeout: 600_000,
  }, async () => {
    let runs = 0;
    mingoRuns = 0;
    await checkAsync(
      fc.asyncProperty(arbInventory, arbRequest, async (records, request) => {
        const expected = matching(records, request).map((r) =>
          normalize(project(r, request.fields.length ? request.fields : FIELDS)),
        );
        for (const target of targets) {
          if (!target.judges(records, request.filter)) continue;
          await target.load(records);
          const got = (await walk(target, request, undefined)).map(normalize);
          if (JSON.stringify(got) !== JSON.stringify(expected)) {
            throw new Error(
              `${target.name}: got ${JSON.stringify(got)}\nexpected ${JSON.stringify(expected)}`,
            );
          }
        }
        runs += 1;
      }),
    );
    expect(mingoRuns).toBeGreaterThan(runs / 2);
  });

  /**
   * A forged key: values of every type at every place (wrong types, nulls, ±Infinity, text no database
   * holds, non-ISO timestamps), usually as many as the sort has keys.
   */
  const arbKeyValue = fc.oneof(
    fc.constant(null),
    fc.boolean(),
    arbNumber,
    fc.constantFrom(...STRINGS, ...TIMES, 'a\u0000', '\uD800', '2026-01-02', '2026-01-02T00:00:00Z'),
    fc.string({ maxLength: 3 }),
  );
  /** The JSON of a key value as a token writes it (±Infinity explicitly). */
  const keyJson = (v: unknown) => (typeof v === 'number' && !Number.isFinite(v) ? { number: String(v) } : v);

  it(titled(
    'a forged unsigned token gives INVALID_PAGE_TOKEN or the page after its position, on every target',
  ), {
    timeout: 600_000,
  }, async () => {
    await checkAsync(
      fc.asyncProperty(
        arbInventory,
        arbRequest,
        fc.array(arbKeyValue, { minLength: 1, maxLength: 6 }),
        async (records, request, values) => {
          const binding = parseQuery(request, RESOURCE).binding;
          const keys = parseQuery(request, RESOURCE).sort.length;
          const key = values.length >= keys ? values.slice(0, keys) : values;
          const pageToken = base64url(
            new TextEncoder().encode(JSON.stringify([1, binding, key.map(keyJson)])),
          );
          let plan: QueryPlan;
          try {
            plan = parseQuery({ ...request, pageToken }, RESOURCE);
          } catch (error) {
            // Judged before any target: a key of another length.
            expect((error as QueryError).code).toBe('INVALID_PAGE_TOKEN');
            expect(key.length).not.toBe(keys);
            return;
          }
          const cursor = Object.fromEntries(key.map((v, i) => [`k${i}`, v])) as unknown as Thing;
          let expected: Page | undefined;
          for (const target of targets) {
            if (!target.judges([...records, cursor], request.filter)) continue;
            await target.load(records);
            let page: Page;
            try {
              page = await target.page(plan);
            } catch (error) {
              if (error instanceof QueryError && error.code === 'INVALID_PAGE_TOKEN') continue;
              throw new Error(`${target.name}: ${String(error)} for key ${JSON.stringify(key.map(keyJson))}`);
            }
            expected ??= page;
            expect(
              { items: page.items.map(normalize), more: page.nextPageToken !== undefined },
              `${target.name}, key ${JSON.stringify(key.map(keyJson))}`,
            ).toEqual({ items: expected.items.map(normalize), more: expected.nextPageToken !== undefined });
          }
        },
      ),
    );
  });

  const arbChange = fc.oneof(
    fc.tuple(fc.constant('insert' as const), arbId, arbBody),
    fc.tuple(fc.constant('delete' as const), fc.nat()),
  );

  it(titled('rows present for the whole walk appear exactly once, in order, while rows come and go'), {
    timeout: 600_000,
  }, async () => {
    await checkAsync(
      fc.asyncProperty(
        arbInventory,
        arbRequest,
        fc.array(fc.array(arbChange, { maxLength: 3 }), { maxLength: 30 }),
        async (records, request, changes) => {
          const req = {
            ...request,
            fields: request.fields.includes('id') ? request.fields : [...request.fields, 'id'],
          };
          const order = oracleCompare(oracleOrder(request.sort as Record<string, string>));
          for (const target of targets) {
            // Every target sees the same changes; ids are made unique against the whole history.
            const live = new Map(records.map((r) => [r.id, r]));
            const everything = new Map(live);
            const deleted = new Set<string>();
            let step = 0;
            let judged = target.judges(records, request.filter);
            const between = async () => {
              for (const change of changes[step++] ?? []) {
                if (change[0] === 'insert') {
                  const id = `+${change[1]}`;
                  if (everything.has(id)) continue;
                  const r = thing(id, change[2]);
                  everything.set(id, r);
                  live.set(id, r);
                  await target.insert(r);
                } else if (live.size > 0) {
                  const id = [...live.keys()][change[1] % live.size]!;
                  live.delete(id);
                  deleted.add(id);
                  await target.remove(id);
                }
              }
              judged &&= target.judges([...everything.values()], request.filter);
            };
            await target.load(records);
            const got = (await walk(target, req, between)).map((item) => String(item.id));
            if (!judged) continue;
            // No row twice, and the walk is in order (each page starts after the previous one).
            expect(new Set(got).size).toBe(got.length);
            for (let i = 1; i < got.length; i++) {
              expect(order(everything.get(got[i - 1]!)!, everything.get(got[i]!)!)).toBeLessThan(0);
            }
            // Rows present throughout that match appear exactly once (order checked above).
            const stable = matching(
              records.filter((r) => !deleted.has(r.id)),
              request,
            ).map((r) => r.id);
            const seen = new Set(got);
            const missed = stable.filter((id) => !seen.has(id));
            if (missed.length > 0)
              throw new Error(
                `${target.name}: rows present throughout were skipped: ${JSON.stringify(missed)}`,
              );
          }
        },
      ),
    );
  });
});
