import type { FilterNode } from '../../ast/nodes.js';
import {
  arrayEvery,
  hasOwn,
  option,
  regexpTest,
  stringIncludes,
  stringIsWellFormed,
  stringStartsWith,
} from '../../builtins.js';
import { FilterError } from '../../errors.js';
import { QueryError, unsupportedFilter } from '../../query/errors.js';
import { rankOf, type SortKey, type SortValue, TYPE_RANK, toSortValue } from '../../query/order.js';
import {
  finishPage,
  type Page,
  pageAsOf,
  parseQuery,
  projectRecord,
  type QueryOptions,
  type QueryPlan,
} from '../../query/plan.js';
import type { ResourceDescription, ResourceName } from '../../resources/descriptions.js';
import { versionSortExpr } from './expr.js';
import { filterQuery, MATCH_NOTHING, type MongoQuery } from './filter.js';
import { checkMongoLimits } from './limits.js';
import { type MongoOptions, resolveKnowledge } from './options.js';
import { branch } from './policy.js';
import { translationAsOf } from './time.js';
import type { MongoStage } from './types.js';

export type { MongoStage };

/**
 * A page's projection: fields kept (1) or `_id` left out (0), and a selected field whose name a
 * projection cannot address read by `$getField` (MongoDB 5.0).
 */
export type MongoProjection = Record<
  string,
  0 | 1 | { $getField: { field: { $literal: string }; input: '$$ROOT' } }
>;

/** The arguments of `collection.find(filter, { sort, limit, projection })` for a page. */
export interface MongoFind {
  readonly filter: MongoQuery;
  readonly sort: Record<string, 1 | -1>;
  readonly limit: number;
  readonly projection: MongoProjection;
}

/**
 * A page query for MongoDB: run `pipeline` with `aggregate`, or, when `find` is present, the same query
 * with `find` (either one); then give the documents to {@link mongoDocsToPage}.
 */
export interface MongoPageQuery {
  readonly pipeline: MongoStage[];
  /**
   * Present when every sort key is read raw (see {@link queryToMongo}): the page as a plain `find`,
   * which an index on the sort fields serves.
   */
  readonly find?: MongoFind;
}

const NUMBER_TYPES = ['double', 'int', 'long', 'decimal'];
const ISO_FORMAT = '%Y-%m-%dT%H:%M:%S.%LZ';

const INDEX_LIKE = /^\d+$/;

const rankField = (i: number) => `__svc_r${i}`;
const keyField = (i: number) => `__svc_k${i}`;

/**
 * The sort value of a top-level field as an expression: the value when it is a number, string or boolean
 * (a BSON date as its ISO string, like `Date` in memory), `null` for anything else. Numbers become
 * doubles: a `long` or `decimal` would otherwise reach the page as a BSON object that the token cannot
 * carry, while it ranks as a number (the computed key, not the stored value, is what the sort and the
 * keyset compare, so the pages stay exact; two decimals equal as doubles tie and fall to the next key).
 * Read by `$getField` on a literal name, so no field name is ever taken for a path or an operator.
 */
function sortExprs(field: string, order: 'version' | undefined): { rank: unknown; value: unknown } {
  if (order === 'version') {
    // The version key, a string, or null (missing) for a value that is not a version.
    const key = versionSortExpr(field);
    return {
      rank: { $cond: [{ $eq: [{ $type: key }, 'string'] }, TYPE_RANK.string, TYPE_RANK.missing] },
      value: key,
    };
  }
  const f = getField(field);
  const type = { $type: f };
  // NaN sorts as missing, where BSON puts it before every number. BSON's comparisons hold NaN equal to
  // NaN, so this is false for NaN alone.
  const notNaN = { $ne: [f, Number.NaN] };
  return {
    rank: {
      $switch: {
        branches: [
          branch({ $and: [{ $in: [type, NUMBER_TYPES] }, notNaN] }, TYPE_RANK.number),
          branch({ $in: [type, ['string', 'date']] }, TYPE_RANK.string),
          branch({ $eq: [type, 'bool'] }, TYPE_RANK.boolean),
        ],
        default: TYPE_RANK.missing,
      },
    },
    value: {
      $switch: {
        branches: [
          branch({ $not: [notNaN] }, null),
          branch({ $in: [type, ['double', 'int']] }, f),
          branch({ $in: [type, ['long', 'decimal']] }, { $toDouble: f }),
          branch({ $in: [type, ['string', 'bool']] }, f),
          branch({ $eq: [type, 'date'] }, { $dateToString: { date: f, format: ISO_FORMAT } }),
        ],
        default: null,
      },
    },
  };
}

/** Documents strictly after the cursor: the same expansion as SQL, over the computed rank and value. */
function keysetMatch(sort: readonly SortKey[], after: readonly SortValue[]): MongoQuery {
  const equal = (i: number): MongoQuery => {
    const c = after[i] ?? null;
    return c === null
      ? { [rankField(i)]: TYPE_RANK.missing }
      : { [rankField(i)]: rankOf(c), [keyField(i)]: { $eq: c } };
  };
  const branches: MongoQuery[] = [];
  for (let i = 0; i < sort.length; i++) {
    const c = after[i] ?? null;
    const asc = sort[i]!.direction === 'asc';
    let next: MongoQuery | undefined;
    if (c === null) next = asc ? { [rankField(i)]: { $gt: TYPE_RANK.missing } } : undefined;
    else {
      const op = asc ? '$gt' : '$lt';
      next = {
        $or: [
          { [rankField(i)]: { [op]: rankOf(c) } },
          { [rankField(i)]: rankOf(c), [keyField(i)]: { [op]: c } },
        ],
      };
    }
    if (next === undefined) continue;
    const parts = [...Array.from({ length: i }, (_, j) => equal(j)), next];
    branches.push(parts.length === 1 ? parts[0]! : { $and: parts });
  }
  if (branches.length === 0) return MATCH_NOTHING;
  return branches.length === 1 ? branches[0]! : { $or: branches };
}

/**
 * True when every sort key can be read raw: a field the description marks `required` (present, never
 * null) of type string or timestamp (stored as ISO strings, docs/mongo.md), with a plain name, and a
 * cursor, if any, of strings. Then BSON's order (binary, that is code point, without a collation) is
 * the pages' order, with no type rank to compute. Numbers are left to the computed keys: a `long` or
 * `decimal` compared with the token's double would not be exact.
 */
function readsRaw(plan: QueryPlan): boolean {
  const fields = plan.resource.fields;
  const raw = arrayEvery(plan.sort, (k) => {
    const d = hasOwn(fields, k.field) ? fields[k.field] : undefined;
    return (
      k.order === undefined &&
      d?.required === true &&
      (d.type === 'string' || d.type === 'timestamp') &&
      k.field !== '' &&
      k.field !== '_id' &&
      !stringIncludes(k.field, '.') &&
      !stringStartsWith.call(k.field, '$') &&
      // A sort document is an object: a key that reads as an array index would be moved to its front.
      !regexpTest(INDEX_LIKE, k.field)
    );
  });
  return raw && (plan.after === undefined || arrayEvery(plan.after, (c) => typeof c === 'string'));
}

/**
 * The raw keyset condition, `a > c0 OR (a = c0 AND b > c1) …`, behind the implied bound on the first
 * key (`a >= c0`, or `a <= c0` descending), so an index on the sort fields is entered at the cursor.
 */
function rawKeysetMatch(sort: readonly SortKey[], after: readonly SortValue[]): MongoQuery {
  const op = (k: SortKey) => (k.direction === 'asc' ? '$gt' : '$lt');
  const branches: MongoQuery[] = sort.map((k, i) => {
    const branchQuery: MongoQuery = {};
    for (let j = 0; j < i; j++) branchQuery[sort[j]!.field] = { $eq: after[j] };
    branchQuery[k.field] = { [op(k)]: after[i] };
    return branchQuery;
  });
  const first = sort[0]!;
  const lead = { [first.field]: { [first.direction === 'asc' ? '$gte' : '$lte']: after[0] } };
  return { $and: [lead, branches.length === 1 ? branches[0]! : { $or: branches }] };
}

function filterMatch(filter: FilterNode, options: MongoOptions | undefined): MongoQuery {
  checkMongoLimits(filter);
  return filterQuery(filter, { known: resolveKnowledge(options), asOf: translationAsOf(options) });
}

/** A top-level field read by its literal name: never taken for a path or an operator. */
function getField(field: string): { $getField: { field: { $literal: string }; input: '$$ROOT' } } {
  return { $getField: { field: { $literal: field }, input: '$$ROOT' } };
}

/**
 * A name a projection cannot address (`a.b` is a path, `$a` an operator, `''` nothing): the selected
 * field is read with `$getField` into `__svc_f<i>` (its place in the selection) and given back its name
 * by {@link mongoDocsToPage}.
 */
function unaddressable(field: string): boolean {
  return field === '' || stringIncludes(field, '.') || stringStartsWith.call(field, '$');
}

const selectedField = (i: number) => `__svc_f${i}`;

function projectionOf(plan: QueryPlan, extra: readonly string[]): MongoProjection {
  const project: MongoProjection = { _id: 0 };
  plan.fields.forEach((field, i) => {
    if (unaddressable(field)) project[selectedField(i)] = getField(field);
    else if (field !== '_id') project[field] = 1;
  });
  for (const field of extra) project[field] = 1;
  if (plan.fields.includes('_id')) delete project._id;
  return project;
}

/**
 * Translates a query plan into a MongoDB page query, in one of two forms.
 *
 * - **Raw** (`find` present, and a `pipeline` of the same stages): when every sort key is a field the
 *   description marks `required` of type string or timestamp — the default order `createdAt`, `id` of
 *   the built-in resources. The filter and the keyset condition on the raw fields, `sort` on the raw
 *   fields, `limit: pageSize + 1`, and a projection of the selected fields plus the sort fields. An
 *   index on the sort fields (`{ createdAt: 1, id: 1 }`) serves it, entered at the cursor.
 * - **Computed** (`pipeline` only): `$match` (the filter, as `toMongo` writes it, so an index can serve
 *   it), `$addFields` with each sort key's type rank and scalar value, `$match` on the keyset condition,
 *   `$sort`, `$limit` and `$project`. Needed where a key may be missing or null or of mixed types: the
 *   sort must read objects and arrays as missing and dates as strings (docs/query.md), which a raw sort
 *   does not, and place null first ascending and last descending.
 *
 * @example
 * const plan = parseQuery(body, 'certificate');
 * const { pipeline } = queryToMongo(plan);
 * const page = mongoDocsToPage(plan, await db.collection('certificates').aggregate(pipeline).toArray());
 */
export function queryToMongo(plan: QueryPlan, options?: MongoOptions): MongoPageQuery {
  // A forged cursor's lone surrogate would reach the server as U+FFFD, another position.
  if (
    plan.after !== undefined &&
    !arrayEvery(plan.after, (c) => typeof c !== 'string' || stringIsWellFormed(c))
  ) {
    throw new QueryError([
      {
        code: 'INVALID_PAGE_TOKEN',
        path: '/pageToken',
        message: 'pageToken holds text MongoDB cannot store',
      },
    ]);
  }
  const asOf = pageAsOf(plan, option(options, 'asOf'));
  const filter = plan.filter === undefined ? undefined : filterMatch(plan.filter, { ...options, asOf });
  if (readsRaw(plan)) return rawQuery(plan, filter);
  const pipeline: MongoStage[] = [];
  if (filter !== undefined) pipeline.push({ $match: filter });
  const computed: Record<string, unknown> = {};
  plan.sort.forEach((k, i) => {
    const { rank, value } = sortExprs(k.field, k.order);
    computed[rankField(i)] = rank;
    computed[keyField(i)] = value;
  });
  pipeline.push({ $addFields: computed });
  if (plan.after !== undefined) pipeline.push({ $match: keysetMatch(plan.sort, plan.after) });
  const order: Record<string, 1 | -1> = {};
  plan.sort.forEach((k, i) => {
    const d = k.direction === 'asc' ? 1 : -1;
    order[rankField(i)] = d;
    order[keyField(i)] = d;
  });
  pipeline.push({ $sort: order });
  pipeline.push({ $limit: plan.pageSize + 1 });
  pipeline.push({
    $project: projectionOf(
      plan,
      plan.sort.map((_, i) => keyField(i)),
    ),
  });
  return { pipeline };
}

function rawQuery(plan: QueryPlan, filter: MongoQuery | undefined): MongoPageQuery {
  const parts: MongoQuery[] = [];
  if (filter !== undefined) parts.push(filter);
  if (plan.after !== undefined) parts.push(rawKeysetMatch(plan.sort, plan.after));
  const match: MongoQuery = parts.length === 0 ? {} : parts.length === 1 ? parts[0]! : { $and: parts };
  const sort: Record<string, 1 | -1> = {};
  for (const k of plan.sort) sort[k.field] = k.direction === 'asc' ? 1 : -1;
  const limit = plan.pageSize + 1;
  const projection = projectionOf(
    plan,
    plan.sort.map((k) => k.field),
  );
  const pipeline: MongoStage[] = [];
  if (parts.length > 0) pipeline.push({ $match: match });
  pipeline.push({ $sort: sort }, { $limit: limit }, { $project: projection });
  return { pipeline, find: { filter: match, sort, limit, projection } };
}

/**
 * A number the driver hands over as a BSON object (a `Long` or `Decimal128` kept as such, an `Int32` or
 * `Double` when values are not promoted) as a JavaScript number; anything else unchanged.
 */
function bsonNumber(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const type = (value as { _bsontype?: unknown })._bsontype;
  if (type === 'Long' || type === 'Decimal128' || type === 'Int32' || type === 'Double') {
    const n = Number(String(value));
    return Number.isNaN(n) ? null : n;
  }
  return value;
}

/**
 * Turns the documents of {@link queryToMongo}'s query (either form) into the page (items and
 * `nextPageToken`).
 */
export function mongoDocsToPage(plan: QueryPlan, docs: readonly Record<string, unknown>[]): Page {
  const raw = readsRaw(plan);
  const item = (doc: Record<string, unknown>) => {
    const out = projectRecord(doc, plan.fields);
    plan.fields.forEach((field, i) => {
      if (unaddressable(field) && hasOwn(doc, selectedField(i))) out[field] = doc[selectedField(i)];
    });
    return out;
  };
  return finishPage(plan, docs, item, (doc) =>
    plan.sort.map((k, i) => toSortValue(bsonNumber(raw ? doc[k.field] : doc[keyField(i)]))),
  );
}

/**
 * The one call a server needs per request on MongoDB: validates the body and returns the plan, the
 * page query (`pipeline`, and `find` where it applies) and `toPage(docs)`. Throws a `QueryError` for a
 * bad request, a filter MongoDB cannot run included (`UNSUPPORTED_FILTER`).
 *
 * @example
 * const query = prepareMongoQuery(req.body, 'component', { secret });
 * res.json(query.toPage(await components.aggregate(query.pipeline).toArray()));
 */
export function prepareMongoQuery(
  request: unknown,
  resource: ResourceName | ResourceDescription,
  options: MongoOptions & QueryOptions = {},
): MongoPageQuery & { readonly plan: QueryPlan; toPage(docs: readonly Record<string, unknown>[]): Page } {
  const plan = parseQuery(request, resource, options);
  let query: MongoPageQuery;
  try {
    query = queryToMongo(plan, options);
  } catch (error) {
    // The filter parsed, so a FilterError here is one MongoDB cannot run (nested past its limit).
    if (error instanceof FilterError && error.code !== 'INVALID_OPTION') throw unsupportedFilter(error);
    throw error;
  }
  return { plan, ...query, toPage: (docs) => mongoDocsToPage(plan, docs) };
}
