export type { MongoExpr } from './expr.js';
export type { MongoQuery } from './filter.js';
export type { MongoExprOptions, MongoOptions } from './options.js';
export {
  type MongoPageQuery,
  type MongoStage,
  mongoDocsToPage,
  prepareMongoQuery,
  queryToMongo,
} from './page.js';
export {
  type MongoPartition,
  type MongoPolicy,
  type MongoPolicyOptions,
  policyDiffMongo,
  policyToMongo,
} from './policy.js';
export { toMongo, toMongoExpr } from './translate.js';
