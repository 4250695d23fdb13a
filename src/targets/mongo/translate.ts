import type { FilterNode } from '../../ast/nodes.js';
import { ownOptions } from '../../builtins.js';
import { toFilterNode } from '../../parse/node-input.js';
import type { Filter } from '../../typed/filter.js';
import { filterToExpr, type MongoExpr } from './expr.js';
import { filterQuery, type MongoQuery } from './filter.js';
import { checkMongoLimits } from './limits.js';
import { type MongoExprOptions, type MongoOptions, resolveKnowledge } from './options.js';
import { translationAsOf } from './time.js';

/**
 * Translates a filter (JSON or AST) into a MongoDB query document that matches exactly the documents
 * the in-memory predicate (`compileFilter`) accepts, per docs/semantics.md. Operands are always
 * literal (`$eq`, `$in`, an escaped `$regex`); the output never contains `$where`, `$function` or
 * `$accumulator`, and `$expr` only around expressions built here (for keys with `.` or a leading `$`,
 * and a few element shapes; see docs/mongo.md). Throws `FilterError` for an invalid filter, and
 * with code `UNSUPPORTED` for a path longer than MongoDB documents can nest (100 segments). With a
 * record type (`toMongo<Certificate>(…)`) the filter is checked by the compiler (`Filter<T>`).
 * Time comparisons (`{ $now }`, `{ $at }`) are written with their instant as a number, counted from
 * `options.asOf` (default: the clock, read once per call).
 *
 * @example
 * const query = toMongo({ technology: { $eq: 'postgres' }, region: { $like: 'eu-*' } }, {
 *   scalarPaths: ['technology', 'region'],
 * });
 * // { technology: { $eq: 'postgres' }, region: { $regex: '^eu-' } }
 * await db.collection('components').find(query).toArray();
 */
export function toMongo<T = unknown>(filter: Filter<T>, given?: MongoOptions): MongoQuery {
  const options = ownOptions(given);
  const node: FilterNode = toFilterNode(filter, options);
  checkMongoLimits(node);
  return filterQuery(node, { known: resolveKnowledge(options), asOf: translationAsOf(options) });
}

/**
 * Translates a filter (JSON or AST) into a boolean MongoDB aggregation expression with the same
 * meaning as {@link toMongo}'s query, for `$expr`, `$cond`, `$switch` or `$filter`. It never uses an
 * index; prefer {@link toMongo} in `find` and `$match`.
 *
 * @example
 * const isPostgres = toMongoExpr({ technology: { $eq: 'postgres' } });
 * await components.aggregate([{ $addFields: { isPostgres } }]).toArray();
 */
export function toMongoExpr<T = unknown>(filter: Filter<T>, given?: MongoExprOptions): MongoExpr {
  const options = ownOptions(given);
  const node: FilterNode = toFilterNode(filter, options);
  checkMongoLimits(node);
  return filterToExpr(node, translationAsOf(options));
}
