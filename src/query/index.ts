export { QueryError, type QueryErrorCode, type QueryProblem } from './errors.js';
export {
  LEGACY_OPERATIONS,
  type LegacyConversion,
  type LegacyOperation,
  type LegacyTarget,
  legacySearchToQuery,
} from './legacy.js';
export { queryInMemory } from './memory.js';
export {
  compareKeys,
  compareSortValues,
  keyOf,
  rankOf,
  type SortDirection,
  type SortKey,
  type SortValue,
  sortValue,
  TYPE_RANK,
  type TypeRank,
} from './order.js';
export {
  finishPage,
  type Page,
  pageTokenAfter,
  parseQuery,
  projectRecord,
  type QueryOptions,
  type QueryPlan,
  type QueryRequest,
  resourceDescription,
} from './plan.js';
export { base64url, fromBase64url, hmacSha256, sha256 } from './sha256.js';
export { TOKEN_VERSION } from './token.js';
