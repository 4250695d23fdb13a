import type { FilterNode } from '../../ast/nodes.js';
import type { FilterJson } from '../../ast/print.js';
import { compileToSql } from './compiler.js';
import { dialectFor } from './dialects.js';
import type { SqlFragment, ToSqlOptions } from './types.js';

export {
  type PolicyDefinitionInput,
  type PolicySql,
  policyToSql,
  type StatusCountOptions,
  statusCountSql,
} from './policy.js';
export {
  type PageIndexOptions,
  pageIndexSql,
  prepareSqlQuery,
  queryToSql,
  type SqlQuery,
  type SqlQueryOptions,
  sqlRowsToPage,
} from './query.js';
export type {
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
 * the dialect cannot express exactly is `UNSUPPORTED`.
 *
 * @example
 * const { sql, params } = toSql(
 *   { technology: { $eq: 'postgres' }, 'details$.database$.version': { $gte: 14 } },
 *   { dialect: 'postgres', columns: { technology: 'text', details: 'jsonb' } },
 * );
 * await client.query(`SELECT id FROM components WHERE ${sql}`, params);
 */
export function toSql(filter: FilterJson | FilterNode | unknown, options: ToSqlOptions): SqlFragment {
  return compileToSql(dialectFor(options?.dialect), filter, options);
}
