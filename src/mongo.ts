/**
 * svc-policy/mongo: filters and policies as MongoDB queries and aggregation stages, with exactly the
 * semantics of the in-memory evaluator. See docs/mongo.md.
 */
export {
  type MongoExpr,
  type MongoExprOptions,
  type MongoOptions,
  type MongoPageQuery,
  type MongoPartition,
  type MongoPolicy,
  type MongoPolicyOptions,
  type MongoQuery,
  type MongoStage,
  mongoDocsToPage,
  policyDiffMongo,
  policyToMongo,
  prepareMongoQuery,
  queryToMongo,
  toMongo,
  toMongoExpr,
} from './targets/mongo/index.js';
