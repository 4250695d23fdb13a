import { arraySome, isArray, ownOptions, setHas, stringIncludes } from '../../builtins.js';
import { FilterError } from '../../errors.js';
import type { ColumnDefinition, ColumnType, SqlDialect } from './types.js';

/**
 * The SQL compiler's options checked before anything is compiled: the column mapping, identifiers,
 * parameter offsets and counts, and text a dialect cannot hold. Each refusal is an `INVALID_OPTION`
 * (or `UNSUPPORTED` for what the engine cannot run), never a malformed statement.
 */

const COLUMN_TYPES: ReadonlySet<string> = new Set<ColumnType>([
  'text',
  'timestamp',
  'number',
  'boolean',
  'timestamptz',
  'json',
  'jsonb',
]);

export interface ResolvedColumn {
  readonly column: string;
  readonly type: ColumnType;
  readonly path: readonly string[];
}

export function checkOffset(offset: unknown): number {
  if (offset === undefined) return 0;
  if (typeof offset !== 'number' || !Number.isSafeInteger(offset) || offset < 0) {
    throw new FilterError('INVALID_OPTION', '', `"paramOffset" must be a non-negative integer`);
  }
  return offset;
}

/**
 * Past the dialect's limit the statement cannot even be prepared (PostgreSQL drivers fail with a
 * confusing protocol error), so the limit is a compile-time `UNSUPPORTED`.
 */
export function checkParamCount(dialect: SqlDialect<unknown>, offset: number, count: number): void {
  const max = dialect.capabilities.maxParameters;
  if (offset + count > max) {
    throw new FilterError(
      'UNSUPPORTED',
      '',
      `the query needs ${offset + count} parameters (paramOffset ${offset} + ${count}); ${dialect.name} binds at most ${max}: split the filter or use $in (one parameter per list on PostgreSQL)`,
    );
  }
}

/** A name the dialect can quote exactly: non-empty, no U+0000, not longer than it keeps. */
export function checkIdentifier(dialect: SqlDialect<unknown>, name: unknown, what: string): string {
  if (typeof name !== 'string' || name === '') {
    throw new FilterError('INVALID_OPTION', '', `${what} must be a non-empty string`);
  }
  if (stringIncludes(name, '\u0000')) {
    throw new FilterError('INVALID_OPTION', '', `${what} ${JSON.stringify(name)} contains U+0000`);
  }
  const max = dialect.capabilities.maxIdentifierBytes;
  if (max > 0 && new TextEncoder().encode(name).length > max) {
    // PostgreSQL silently truncates longer names, which could turn one column into another.
    throw new FilterError(
      'INVALID_OPTION',
      '',
      `${what} ${JSON.stringify(name)} is longer than ${max} bytes on ${dialect.name}`,
    );
  }
  return name;
}

/** The `columns` option checked: every mapping's type, column name and JSON path. */
export function resolveColumns(dialect: SqlDialect<unknown>, columns: unknown): Map<string, ResolvedColumn> {
  if (typeof columns !== 'object' || columns === null || isArray(columns)) {
    throw new FilterError('INVALID_OPTION', '', '"columns" must map field names to column types');
  }
  const out = new Map<string, ResolvedColumn>();
  for (const [field, raw] of Object.entries(columns as Record<string, unknown>)) {
    // Own properties only, as for every option: `column` or `path` inherited from a polluted
    // Object.prototype would silently move the field to another column.
    const mapping: Partial<ColumnDefinition> =
      typeof raw === 'string'
        ? { type: raw as ColumnType }
        : ownOptions((raw ?? {}) as Partial<ColumnDefinition>);
    const where = `columns[${JSON.stringify(field)}]`;
    if (typeof mapping !== 'object' || !setHas.call(COLUMN_TYPES, mapping.type as string)) {
      throw new FilterError(
        'INVALID_OPTION',
        '',
        `${where} must be one of ${[...COLUMN_TYPES].join(', ')} or { column, type, path }`,
      );
    }
    const type = mapping.type as ColumnType;
    if (type === 'timestamptz' && !dialect.capabilities.timestamptz) {
      throw new FilterError('INVALID_OPTION', '', `${where}: ${dialect.name} has no timestamptz type`);
    }
    const column = checkIdentifier(dialect, mapping.column ?? field, `${where}.column`);
    const path = mapping.path ?? [];
    if (!isArray(path) || arraySome(path, (k) => typeof k !== 'string' || k === '')) {
      throw new FilterError('INVALID_OPTION', '', `${where}.path must be an array of non-empty strings`);
    }
    if (path.length > 0 && type !== 'json' && type !== 'jsonb') {
      throw new FilterError('INVALID_OPTION', '', `${where}.path is only allowed on json/jsonb columns`);
    }
    for (const key of path) checkText(dialect, key, `${where}.path`, 'INVALID_OPTION');
    out.set(field, { column, type, path });
  }
  return out;
}

/** PostgreSQL text cannot hold U+0000: such an operand has no exact translation there. */
export function checkText(
  dialect: SqlDialect<unknown>,
  text: string,
  at: string,
  code: 'UNSUPPORTED' | 'INVALID_OPTION' = 'UNSUPPORTED',
): void {
  if (!dialect.capabilities.nulInText && stringIncludes(text, '\u0000')) {
    throw new FilterError(
      code,
      at,
      `${dialect.name} text cannot hold U+0000 (NUL), used at ${at || 'the root'}`,
    );
  }
}
