import type { ClauseNode, FilterNode } from '../../../src/ast/nodes.js';
import { FilterError, parseFilter } from '../../../src/index.js';
import { type SqlFragment, type ToSqlOptions, toSql } from '../../../src/sql.js';
import type { Engine, Layout, TestTable } from './engines.js';

/** Top-level fields a filter reads, and those it reads below the top level (which need JSON). */
export function fieldsOf(filter: unknown): { fields: Set<string>; nested: Set<string> } {
  const fields = new Set<string>();
  const nested = new Set<string>();
  const visit = (node: FilterNode): void => {
    for (const clause of node.clauses as readonly ClauseNode[]) {
      if (clause.kind === 'field') {
        const [first] = clause.path;
        if (first?.kind === 'key') {
          fields.add(first.key);
          if (clause.path.length > 1) nested.add(first.key);
        }
      } else if (clause.kind === 'not') visit(clause.filter);
      else for (const f of clause.filters) visit(f);
    }
  };
  visit(parseFilter(filter));
  return { fields, nested };
}

/** True when `text` (an operand or a key of the filter) contains U+0000. */
export function filterHasNul(filter: unknown): boolean {
  return JSON.stringify(filter).includes('\\u0000');
}

/**
 * Compiles `filter` for a layout of the test table, trying the candidate mappings in order: a typed
 * column may refuse an operand (a non-ISO string on timestamptz, `$like` on timestamptz); that refusal
 * must be a typed error, and the next candidate is tried. Returns undefined only for the documented
 * PostgreSQL refusal of U+0000.
 */
export function compileFor(
  table: TestTable,
  layout: Layout,
  filter: unknown,
  records: readonly Record<string, unknown>[],
  extra: Pick<ToSqlOptions, 'asOf'> = {},
): { fragment: SqlFragment; options: ToSqlOptions } | undefined {
  const { nested } = fieldsOf(filter);
  const candidates = table.mappings(layout, records, nested);
  let lastError: unknown;
  for (const columns of candidates) {
    // `extra` carries the asOf (the instant `$now` counts from), such as a conformance case's.
    const options: ToSqlOptions = { ...extra, dialect: table.engine.dialect, columns };
    try {
      return { fragment: toSql(filter, options), options };
    } catch (error) {
      if (!(error instanceof FilterError)) throw error;
      const timestamptz = Object.values(columns).some((c) => c.type === 'timestamptz');
      if (error.code === 'UNSUPPORTED' && table.engine.dialect === 'postgres' && filterHasNul(filter)) {
        return undefined;
      }
      if (timestamptz && (error.code === 'INVALID_OPERAND' || error.code === 'UNSUPPORTED')) {
        lastError = error;
        continue;
      }
      throw error;
    }
  }
  throw lastError;
}

/**
 * The records an engine can hold: objects (a row is an object), well-formed Unicode (a lone surrogate
 * is not text to any database; JSON.stringify writes it as an escape, a well-formed pair raw), and on
 * PostgreSQL no U+0000.
 */
export function storable(engine: Engine, record: unknown): record is Record<string, unknown> {
  // A Date record is its ISO string (JSON), which is no row.
  if (typeof record !== 'object' || record === null || Array.isArray(record) || record instanceof Date) {
    return false;
  }
  const json = JSON.stringify(record);
  if (/\\ud[89a-f][0-9a-f]{2}/i.test(json)) return false;
  return engine.dialect !== 'postgres' || !json.includes('\\u0000');
}
