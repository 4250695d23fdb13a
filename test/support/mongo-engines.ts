import { Aggregator, Query } from 'mingo';
import { type Collection, type Document, MongoClient } from 'mongodb';
import { afterAll, beforeAll } from 'vitest';

/**
 * The engines the MongoDB target is run on: mingo (MongoDB's query language in JavaScript, always) and
 * a real server (when MONGODB_URL is set). Both answer with the `_id`s of the documents, `_id` being
 * the record's index in the list given.
 */
export interface MongoEngine {
  readonly name: string;
  /** The `_id`s the query selects, ascending. */
  find(query: object, records: readonly object[]): Promise<number[]>;
  /** The value of `field` after `stage`, per `_id` (null when absent). */
  addFields(stage: object, field: string, records: readonly object[]): Promise<unknown[]>;
  /** The documents a whole pipeline outputs over the records. */
  aggregate(pipeline: readonly object[], records: readonly object[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

/** A MongoDB document is always an object; records that are not (the record-is-an-array cases) are skipped. */
export function isDocument(record: unknown): record is Record<string, unknown> {
  // A Date is stored as its string (see `bsonLike`), which is no document.
  return typeof record === 'object' && record !== null && !Array.isArray(record) && !(record instanceof Date);
}

/**
 * A BSON document has no prototype chain, but mingo reads inherited properties (it finds `toString`
 * on `{}`). Copies whose prototype holds nothing but `constructor` (which mingo's hashing reads, and
 * which filters cannot name) make it see what a server would store.
 */
const DOCUMENT_PROTOTYPE: object = Object.freeze(
  Object.create(null, { constructor: { value: Object, enumerable: false } }),
);

/**
 * How an engine stores a record's `Date`s. `'strings'` (the default): as what they read as, their ISO
 * string (`null` when invalid, as JSON has it), since docs/mongo.md asks for timestamps stored as
 * strings, which a BSON date is not for most operators. `'dates'`: as BSON dates, which the time
 * comparisons read as instants (an invalid `Date` still `null`: BSON has no invalid date).
 */
export type StoredDates = 'strings' | 'dates';

function storedDate(value: Date, dates: StoredDates): unknown {
  if (Number.isNaN(value.getTime())) return null;
  return dates === 'dates' ? value : value.toISOString();
}

function bsonLike(value: unknown, dates: StoredDates): unknown {
  if (value instanceof Date) return storedDate(value, dates);
  if (Array.isArray(value)) return value.map((v) => bsonLike(v, dates));
  if (typeof value === 'object' && value !== null) {
    const out = Object.create(DOCUMENT_PROTOTYPE) as Record<string, unknown>;
    for (const [k, v] of Object.entries(value)) out[k] = bsonLike(v, dates);
    return out;
  }
  return value;
}

function withIds(records: readonly object[]): Record<string, unknown>[] {
  return records.map((r, i) => {
    if (Object.hasOwn(r, '_id')) throw new Error('test records must not have an _id');
    return { ...r, _id: i };
  });
}

export function mingoEngine(dates: StoredDates = 'strings'): MongoEngine {
  return {
    name: 'mingo',
    async find(query, records) {
      const q = new Query(query as Record<string, unknown>);
      return withIds(records).flatMap((doc, i) =>
        q.test(bsonLike(doc, dates) as Record<string, unknown>) ? [i] : [],
      );
    },
    async addFields(stage, field, records) {
      const docs = withIds(records).map((r) => bsonLike(r, dates)) as Record<string, unknown>[];
      const out = new Aggregator([stage as Record<string, unknown>]).run(docs) as Record<string, unknown>[];
      const byId = new Map(out.map((d) => [d._id as number, d[field] ?? null]));
      return records.map((_, i) => byId.get(i) ?? null);
    },
    async aggregate(pipeline, records) {
      const docs = withIds(records).map((r) => bsonLike(r, dates)) as Record<string, unknown>[];
      return new Aggregator(pipeline as Record<string, unknown>[]).run(docs) as Record<string, unknown>[];
    },
    async close() {},
  };
}

/** A record with its `Date`s stored as `dates` says (see `bsonLike`). */
function storedDates(value: unknown, dates: StoredDates): unknown {
  if (value instanceof Date) return storedDate(value, dates);
  if (Array.isArray(value)) return value.map((v) => storedDates(v, dates));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, storedDates(v, dates)]));
  }
  return value;
}

/** A real server: a fresh database per run, dropped on close. */
export async function serverEngine(url: string, dates: StoredDates = 'strings'): Promise<MongoEngine> {
  const client = await MongoClient.connect(url);
  const db = client.db(`svc_policy_test_${process.pid}_${Date.now()}`);
  const collection: Collection<Document> = db.collection('records');
  async function load(records: readonly object[]): Promise<void> {
    await collection.deleteMany({});
    if (records.length > 0) {
      const docs = withIds(records).map((r) => storedDates(r, dates) as Document);
      await collection.insertMany(docs, { checkKeys: false });
    }
  }
  return {
    name: 'mongodb',
    async find(query, records) {
      await load(records);
      const docs = await collection
        .find(query as Document, { projection: { _id: 1 } })
        .sort({ _id: 1 })
        .toArray();
      return docs.map((d) => d._id as unknown as number);
    },
    async addFields(stage, field, records) {
      await load(records);
      const docs = await collection.aggregate([stage as Document, { $sort: { _id: 1 } }]).toArray();
      const byId = new Map(docs.map((d) => [d._id as unknown as number, d[field] ?? null]));
      return records.map((_, i) => byId.get(i) ?? null);
    },
    async aggregate(pipeline, records) {
      await load(records);
      return (await collection.aggregate(pipeline as Document[]).toArray()) as Record<string, unknown>[];
    },
    async close() {
      await db.dropDatabase();
      await client.close();
    },
  };
}

const UTF16 = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
function codePoints(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0)!);
  const y = Array.from(b, (c) => c.codePointAt(0)!);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return Math.sign(x[i]! - y[i]!);
  return Math.sign(x.length - y.length);
}

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) strings(v, out);
  else if (typeof value === 'object' && value !== null) for (const v of Object.values(value)) strings(v, out);
  return out;
}

function rangeOperands(filter: unknown, out: string[] = []): string[] {
  if (Array.isArray(filter)) for (const f of filter) rangeOperands(f, out);
  else if (typeof filter === 'object' && filter !== null) {
    for (const [k, v] of Object.entries(filter)) {
      if (['$gt', '$gte', '$lt', '$lte'].includes(k) && typeof v === 'string') out.push(v);
      else rangeOperands(v, out);
    }
  }
  return out;
}

/**
 * mingo orders strings by UTF-16 code unit (JavaScript's `<`); MongoDB, like our semantics, by code
 * point (binary UTF-8). They differ only between an astral character and U+E000–U+FFFF. True when a
 * range operand of the filter and a string of the records compare differently in the two orders:
 * mingo cannot judge that case, the real-server suite does.
 */
export function mingoOrderDiffers(filter: unknown, records: readonly unknown[]): boolean {
  const operands = rangeOperands(filter);
  if (operands.length === 0) return false;
  const values = records.flatMap((r) => strings(r));
  return operands.some((x) => values.some((v) => UTF16(v, x) !== codePoints(v, x)));
}

const TIME_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte']);
const isInstant = (x: unknown) => typeof x === 'object' && x !== null && ('$now' in x || '$at' in x);

/**
 * True when every comparison of the filter is a time comparison (through `$and`, `$or`, `$not`,
 * `$elemMatch`): the filters whose records' `Date`s may be stored as BSON dates, which only the time
 * comparisons read as what memory reads (docs/mongo.md).
 */
export function onlyTimeComparisons(filter: unknown): boolean {
  if (typeof filter !== 'object' || filter === null) return false;
  return Object.entries(filter).every(([key, value]) => {
    if (key === '$and' || key === '$or') return Array.isArray(value) && value.every(onlyTimeComparisons);
    if (key === '$not') return onlyTimeComparisons(value);
    if (typeof value !== 'object' || value === null) return false;
    return Object.entries(value).every(([op, x]) =>
      op === '$elemMatch' ? onlyTimeComparisons(x) : TIME_OPERATORS.has(op) && isInstant(x),
    );
  });
}

/** Opens the engine before the tests of the enclosing suite and closes it after them. */
export function openedEngine(open: () => Promise<MongoEngine>): { readonly engine: MongoEngine } {
  const holder: { engine?: MongoEngine } = {};
  beforeAll(async () => {
    holder.engine = await open();
  });
  afterAll(async () => {
    await holder.engine?.close();
  });
  return holder as { readonly engine: MongoEngine };
}
