/**
 * `svc-policy/sql`: filters and policies pushed down to PostgreSQL and SQLite, with exactly the
 * in-memory semantics. See docs/sql.md.
 */
export {
  type ColumnDefinition,
  type ColumnMapping,
  type ColumnType,
  type DialectCapabilities,
  type DialectName,
  type PageIndexOptions,
  type PolicyDefinitionInput,
  type PolicySql,
  pageIndexSql,
  policyDiffSql,
  policyToSql,
  prepareSqlQuery,
  queryToSql,
  type SqlFragment,
  type SqlQuery,
  type SqlQueryOptions,
  type StatusCountOptions,
  sqlRowsToPage,
  statusCountSql,
  type ToSqlOptions,
  toSql,
} from './targets/sql/index.js';
