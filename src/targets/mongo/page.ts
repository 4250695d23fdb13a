import type { FilterNode } from '../../ast/nodes.js';
import { rankOf, type SortKey, type SortValue, TYPE_RANK, toSortValue } from '../../query/order.js';
import {
  finishPage,
  type Page,
  parseQuery,
  projectRecord,
  type QueryOptions,
  type QueryPlan,
} from '../../query/plan.js';
import type { ResourceDescription, ResourceName } from '../../query/resources.js';
import { checkMongoLimits } from './limits.js';
import { type MongoOptions, resolveKnowledge } from './options.js';
import { branch } from './policy.js';
import { filterQuery, MATCH_NOTHING, type MongoQuery } from './query.js';

/** An aggregation stage. */
export type MongoStage = { [stage: string]: unknown };

/** A page query for MongoDB: run `pipeline` with `aggregate`, then give the documents to `toPage`. */
export interface MongoPageQuery {
  readonly pipeline: MongoStage[];
}

const NUMBER_TYPES = ['double', 'int', 'long', 'decimal'];
const ISO_FORMAT = '%Y-%m-%dT%H:%M:%S.%LZ';

const rankField = (i: number) => `__svc_r${i}`;
const keyField = (i: number) => `__svc_k${i}`;

/**
 * The sort value of a top-level field as an expression: the value when it is a number, string or boolean
 * (a BSON date as its ISO string, like `Date` in memory), `null` for anything else. Read by `$getField` on
 * a literal name, so no field name is ever taken for a path or an operator.
 */
function sortExprs(field: string): { rank: unknown; value: unknown } {
  const f = { $getField: { field: { $literal: field }, input: '$$ROOT' } };
  const type = { $type: f };
  return {
    rank: {
      $switch: {
        branches: [
          branch({ $in: [type, NUMBER_TYPES] }, TYPE_RANK.number),
          branch({ $in: [type, ['string', 'date']] }, TYPE_RANK.string),
          branch({ $eq: [type, 'bool'] }, TYPE_RANK.boolean),
        ],
        default: TYPE_RANK.missing,
      },
    },
    value: {
      $switch: {
        branches: [
          branch({ $in: [type, [...NUMBER_TYPES, 'string', 'bool']] }, f),
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

function filterMatch(filter: FilterNode, options: MongoOptions | undefined): MongoQuery {
  checkMongoLimits(filter);
  return filterQuery(filter, { known: resolveKnowledge(options) });
}

/**
 * Translates a query plan into an aggregation pipeline: `$match` (the filter, as `toMongo` writes it,
 * so an index can serve it), `$addFields` with each sort key's type rank and scalar value, `$match` on
 * the page token's keyset condition, `$sort`, `$limit: pageSize + 1` and `$project` of the selected
 * fields. A pipeline rather than `find`, because the sort must read objects and arrays as missing and
 * dates as strings (docs/query.md), which a `find` sort does not.
 *
 * @example
 * const { pipeline } = queryToMongo(parseQuery(body, 'certificate'));
 * const page = mongoDocsToPage(plan, await db.collection('certificates').aggregate(pipeline).toArray());
 */
export function queryToMongo(plan: QueryPlan, options?: MongoOptions): MongoPageQuery {
  const pipeline: MongoStage[] = [];
  if (plan.filter !== undefined) pipeline.push({ $match: filterMatch(plan.filter, options) });
  const computed: Record<string, unknown> = {};
  plan.sort.forEach((k, i) => {
    const { rank, value } = sortExprs(k.field);
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
  const project: Record<string, 0 | 1> = { _id: 0 };
  for (const field of plan.fields) {
    if (field !== '_id' && !field.includes('.') && !field.startsWith('$')) project[field] = 1;
  }
  plan.sort.forEach((_, i) => {
    project[keyField(i)] = 1;
  });
  if (plan.fields.includes('_id')) delete project._id;
  pipeline.push({ $project: project });
  return { pipeline };
}

/** Turns the documents of {@link queryToMongo}'s pipeline into the page (items and `nextPageToken`). */
export function mongoDocsToPage(plan: QueryPlan, docs: readonly Record<string, unknown>[]): Page {
  return finishPage(
    plan,
    docs,
    (doc) => projectRecord(doc, plan.fields),
    (doc) => plan.sort.map((_, i) => toSortValue(doc[keyField(i)])),
  );
}

/**
 * The one call a server needs per request on MongoDB: validates the body and returns the plan, the
 * pipeline and `toPage(docs)`. Throws a `QueryError` for a bad request.
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
  return { plan, ...queryToMongo(plan, options), toPage: (docs) => mongoDocsToPage(plan, docs) };
}
