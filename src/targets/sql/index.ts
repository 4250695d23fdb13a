import { ownOptions } from '../../builtins.js';
import type { Filter } from '../../typed/filter.js';
import { dialectFor } from './dialects.js';
import { compileToSql } from './filter.js';
import type { SqlFragment, ToSqlOptions } from './types.js';

export {
  type PageIndexOptions,
  pageIndexSql,
  prepareSqlQuery,
  queryToSql,
  type SqlQuery,
  type SqlQueryOptions,
  sqlRowsToPage,
} from './page.js';
export {
  type PolicyDefinitionInput,
  type PolicySql,
  policyDiffSql,
  policyToSql,
  type StatusCountOptions,
  statusCountSql,
} from './policy.js';
export type {
  ColumnDefinition,
  ColumnMapping,
  ColumnType,
  DialectCapabilities,
  DialectName,
  SqlFragment,
  ToSqlOptions,
} from './types.js';

/**
 * Translates a filter (JSON or AST) into a SQL boolean expression for a WHERE clause, with exactly the
 * semantics of the in-memory predicate (docs/semantics.md). Values (and JSON keys) are always
 * parameters; identifiers are quoted. Fields not in `columns` are an `UNKNOWN_FIELD` error; a construct
 * the dialect cannot express exactly is `UNSUPPORTED`. With a record type (`toSql<Component>(…)`) the
 * filter is checked by the compiler (`Filter<T>`).
 *
 * @example
 * const { sql, params } = toSql(
 *   { technology: { $eq: 'postgres' }, 'details$.database$.version': { $gte: 14 } },
 *   { dialect: 'postgres', columns: { technology: 'text', details: 'jsonb' } },
 * );
 * await client.query(`SELECT id FROM components WHERE ${sql}`, params);
 */
export function toSql<T = unknown>(filter: Filter<T>, options: ToSqlOptions): SqlFragment {
  const own = ownOptions(options);
  return compileToSql(dialectFor(own.dialect), filter, own);
}
