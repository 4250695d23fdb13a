import {
  assertNever,
  type ClauseNode,
  type FieldNode,
  type FilterNode,
  LOGICAL_NAMES,
  OPERATOR_NAMES,
  type OperatorNode,
  type PathStep,
  type Scalar,
} from '../../ast/nodes.js';
import {
  arrayEvery,
  arrayIncludes,
  arraySome,
  isArray,
  mapGet,
  option,
  ownOptions,
  regexpTest,
  setHas,
  stringIncludes,
  stringStartsWith,
} from '../../builtins.js';
import { FilterError, pointer, showPointer, showText } from '../../errors.js';
import { type LimitOptions, passLimits } from '../../limits.js';
import { toFilterNode } from '../../parse/node-input.js';
import { printPath } from '../../parse/path.js';
import { parseLike } from '../../semantics/like.js';
import { parseVersion, versionKey } from '../../semantics/version.js';
import { filterNesting, sqlHeight } from './height.js';
import type {
  ColumnDefinition,
  ColumnType,
  ExpressionLimits,
  ParamSink,
  SqlDialect,
  SqlFragment,
  ToSqlOptions,
} from './types.js';

/**
 * The one SQL compiler. It walks the AST once and asks the dialect's hooks for every piece of SQL that
 * differs between engines. Every expression it returns is two-valued: never SQL `NULL`, so `NOT` is the
 * exact complement (docs/semantics.md §5) and `$ne`/`$nin`/`$not` match missing values exactly when the
 * in-memory predicate does.
 */

const TRUE = 'TRUE';
const FALSE = 'FALSE';

const COLUMN_TYPES: ReadonlySet<string> = new Set<ColumnType>([
  'text',
  'timestamp',
  'number',
  'boolean',
  'timestamptz',
  'json',
  'jsonb',
]);

/** The exact form `Date.prototype.toISOString` gives for years 0001–9999. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const LAST_INSTANT = Date.parse('9999-12-31T23:59:59.999Z');

/** The ISO instant one millisecond after an ISO instant of years 0001–9999; none after the last. */
function nextMillisecond(instant: string): string | undefined {
  const next = Date.parse(instant) + 1;
  return next > LAST_INSTANT ? undefined : new Date(next).toISOString();
}

/** Where a value is read: a typed column, or a JSON value (in the dialect's own representation). */
export type Slot<Ref> =
  | { readonly kind: 'column'; readonly type: Exclude<ColumnType, 'json' | 'jsonb'>; readonly sql: string }
  | { readonly kind: 'json'; readonly ref: Ref };

interface ResolvedColumn {
  readonly column: string;
  readonly type: ColumnType;
  readonly path: readonly string[];
}

/**
 * Operands of one flat `AND`/`OR`; longer lists nest as a balanced tree. SQLite parses `a OR b OR …`
 * into a tree as deep as the list is long and refuses depth 1000 ("Expression tree is too large"),
 * so a `$or` of 1,000 filters would fail there; balanced, 70,000 operands nest about 20 deep.
 */
const FLAT = 8;

function join(op: 'AND' | 'OR', parts: readonly string[]): string {
  if (parts.length <= FLAT) return `(${parts.join(` ${op} `)})`;
  const half = Math.ceil(parts.length / 2);
  return `(${join(op, parts.slice(0, half))} ${op} ${join(op, parts.slice(half))})`;
}

export function and(parts: readonly string[]): string {
  if (parts.length === 0) return TRUE;
  if (parts.length === 1) return parts[0]!;
  return join('AND', parts);
}

export function or(parts: readonly string[]): string {
  if (parts.length === 0) return FALSE;
  if (parts.length === 1) return parts[0]!;
  return join('OR', parts);
}

function not(expr: string): string {
  if (expr === TRUE) return FALSE;
  if (expr === FALSE) return TRUE;
  return `(NOT ${expr})`;
}

/** Numbered placeholders, so one value can be referenced twice and fragments compose in any order. */
export class Params implements ParamSink {
  readonly values: unknown[] = [];
  #aliases = 0;
  constructor(
    private readonly placeholder: (index: number) => string,
    private readonly offset = 0,
  ) {}
  add(value: unknown): string {
    this.values.push(value);
    return this.placeholder(this.offset + this.values.length);
  }
  alias(): string {
    this.#aliases += 1;
    return `svc_e${this.#aliases}`;
  }
}

function checkOffset(offset: unknown): number {
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
function checkParamCount(dialect: SqlDialect<unknown>, offset: number, count: number): void {
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
function checkIdentifier(dialect: SqlDialect<unknown>, name: unknown, what: string): string {
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

/** Compiles filters for one dialect and one column mapping. */
export class SqlCompiler<Ref> {
  readonly #dialect: SqlDialect<Ref>;
  readonly #columns: ReadonlyMap<string, ResolvedColumn>;
  readonly #alias: string | undefined;

  constructor(dialect: SqlDialect<Ref>, options: Pick<ToSqlOptions, 'columns' | 'tableAlias'>) {
    this.#dialect = dialect;
    this.#columns = this.#resolveColumns(options.columns);
    if (options.tableAlias !== undefined) this.#identifier(options.tableAlias, 'tableAlias');
    this.#alias = options.tableAlias;
  }

  /** Compiles a filter (JSON or AST) into a never-NULL boolean expression. */
  compile(filter: unknown, params: ParamSink, options: LimitOptions & { at?: string } = {}): string {
    const node = toFilterNode(filter, passLimits(options));
    const at = option(options, 'at') ?? '';
    const limits = this.#dialect.capabilities.expressionLimits;
    const nesting = filterNesting(node, at);
    if (nesting.subqueries > limits.maxSubqueries) {
      throw tooDeep(
        this.#dialect.name,
        limits,
        nesting.subqueriesAt,
        `nests ${nesting.subqueries} subqueries (selectors and "$elemMatch"; at most ${limits.maxSubqueries})`,
      );
    }
    const sql = this.#filter(node, at, params);
    const measured = sqlHeight(sql);
    if (measured.nested > limits.maxNestedHeight || measured.height > limits.maxHeight) {
      const height = Math.max(measured.nested, measured.height);
      throw tooDeep(this.#dialect.name, limits, nesting.deepestAt, `is an expression about ${height} deep`);
    }
    if (measured.parentheses > limits.maxParentheses) {
      throw tooDeep(
        this.#dialect.name,
        limits,
        nesting.deepestAt,
        `nests ${measured.parentheses} parentheses (at most ${limits.maxParentheses})`,
      );
    }
    return sql;
  }

  /** Where a top-level field is read (for ordering and select lists); `undefined` when not mapped. */
  fieldSlot(field: string, p: ParamSink): Slot<Ref> | undefined {
    const mapping = this.#columns.get(field);
    if (mapping === undefined) return undefined;
    const column = this.columnSql(mapping.column);
    if (mapping.type === 'json' || mapping.type === 'jsonb') {
      return { kind: 'json', ref: this.#dialect.jsonColumn(column, mapping.type, mapping.path, p) };
    }
    return { kind: 'column', type: mapping.type, sql: column };
  }

  /** A column reference, quoted (and qualified by the table alias when there is one). */
  columnSql(column: string): string {
    const quoted = this.#dialect.quoteIdentifier(column);
    return this.#alias === undefined ? quoted : `${this.#dialect.quoteIdentifier(this.#alias)}.${quoted}`;
  }

  #identifier(name: unknown, what: string): string {
    return checkIdentifier(this.#dialect as SqlDialect<unknown>, name, what);
  }

  #resolveColumns(columns: unknown): Map<string, ResolvedColumn> {
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
      if (type === 'timestamptz' && !this.#dialect.capabilities.timestamptz) {
        throw new FilterError(
          'INVALID_OPTION',
          '',
          `${where}: ${this.#dialect.name} has no timestamptz type`,
        );
      }
      const column = this.#identifier(mapping.column ?? field, `${where}.column`);
      const path = mapping.path ?? [];
      if (!isArray(path) || arraySome(path, (k) => typeof k !== 'string' || k === '')) {
        throw new FilterError('INVALID_OPTION', '', `${where}.path must be an array of non-empty strings`);
      }
      if (path.length > 0 && type !== 'json' && type !== 'jsonb') {
        throw new FilterError('INVALID_OPTION', '', `${where}.path is only allowed on json/jsonb columns`);
      }
      for (const key of path) this.#checkText(key, `${where}.path`, 'INVALID_OPTION');
      out.set(field, { column, type, path });
    }
    return out;
  }

  /** PostgreSQL text cannot hold U+0000: such an operand has no exact translation there. */
  #checkText(text: string, at: string, code: 'UNSUPPORTED' | 'INVALID_OPTION' = 'UNSUPPORTED'): void {
    if (!this.#dialect.capabilities.nulInText && stringIncludes(text, '\u0000')) {
      throw new FilterError(
        code,
        at,
        `${this.#dialect.name} text cannot hold U+0000 (NUL), used at ${at || 'the root'}`,
      );
    }
  }

  /**
   * `element` is the JSON value that paths start from inside an `$elemMatch`; `undefined` at the top,
   * where the first key of a path is a mapped column.
   */
  #filter(node: FilterNode, at: string, p: ParamSink, element?: Ref): string {
    return and(node.clauses.map((clause) => this.#clause(clause, at, p, element)));
  }

  #clause(clause: ClauseNode, at: string, p: ParamSink, element: Ref | undefined): string {
    switch (clause.kind) {
      case 'field': {
        const where = pointer(at, printPath(clause.path));
        if (element !== undefined) return this.#walk(element, clause.path, clause.operators, where, p);
        return this.#field(clause, where, p);
      }
      case 'and':
        return and(
          clause.filters.map((f, i) => this.#filter(f, pointer(at, LOGICAL_NAMES.and, i), p, element)),
        );
      case 'or':
        return or(
          clause.filters.map((f, i) => this.#filter(f, pointer(at, LOGICAL_NAMES.or, i), p, element)),
        );
      case 'not':
        return not(this.#filter(clause.filter, pointer(at, LOGICAL_NAMES.not), p, element));
      default:
        return assertNever(clause, 'clause');
    }
  }

  /**
   * `$elemMatch` on one element (docs/semantics.md §3): `{}` holds for every element, any other filter
   * only for an object that satisfies it, all conditions read from that one element.
   */
  #elemMatch(slot: Slot<Ref>, filter: FilterNode, at: string, p: ParamSink): string {
    if (filter.clauses.length === 0) return TRUE;
    // The parser puts `$elemMatch` only after a selector, which only a JSON value has.
    if (slot.kind !== 'json') {
      throw new FilterError('UNSUPPORTED', at, `"$elemMatch" needs a JSON value at ${at}`);
    }
    return and([this.#dialect.jsonIs(slot.ref, 'object', p), this.#filter(filter, at, p, slot.ref)]);
  }

  #field(field: FieldNode, at: string, p: ParamSink): string {
    const [first, ...rest] = field.path;
    if (first === undefined) throw new FilterError('INVALID_PATH', at, `empty field path at ${at}`);
    // A row is an object, never an array: a selector on the record itself has no elements.
    if (first.kind === 'any') return FALSE;
    // A Map, not an object: a field named like an Object.prototype member is simply not mapped.
    const mapping = mapGet.call(this.#columns, first.key);
    if (mapping === undefined) {
      throw new FilterError(
        'UNKNOWN_FIELD',
        at,
        `field "${showText(first.key)}" is not in the column mapping (used at ${at})`,
      );
    }
    const column = this.columnSql(mapping.column);
    if (mapping.type === 'json' || mapping.type === 'jsonb') {
      const ref = this.#dialect.jsonColumn(column, mapping.type, mapping.path, p);
      return this.#walk(ref, rest, field.operators, at, p);
    }
    if (rest.length > 0) {
      throw new FilterError(
        'UNKNOWN_FIELD',
        at,
        `field path "${showText(printPath(field.path))}" reads below the ${mapping.type} column of "${showText(first.key)}"; nested paths are allowed only below json/jsonb columns (at ${at})`,
      );
    }
    const slot: Slot<Ref> = { kind: 'column', type: mapping.type, sql: column };
    return and(
      field.operators.map((op) => this.#operator(slot, op, pointer(at, OPERATOR_NAMES[op.kind]), p)),
    );
  }

  /** Follows the path inside JSON; a selector wraps the rest of the path and all the operators. */
  #walk(
    ref: Ref,
    steps: readonly PathStep[],
    ops: readonly OperatorNode[],
    at: string,
    p: ParamSink,
  ): string {
    for (let i = 0; i < steps.length; i++) {
      const step = steps[i]!;
      switch (step.kind) {
        case 'key':
          this.#checkText(step.key, at);
          ref = this.#dialect.jsonKey(ref, step.key, p);
          break;
        case 'any': {
          const rest = steps.slice(i + 1);
          return this.#dialect.jsonAny(ref, (element) => this.#walk(element, rest, ops, at, p), p);
        }
        default:
          return assertNever(step, 'path step');
      }
    }
    const slot: Slot<Ref> = { kind: 'json', ref };
    return and(ops.map((op) => this.#operator(slot, op, pointer(at, OPERATOR_NAMES[op.kind]), p)));
  }

  #missing(slot: Slot<Ref>, p: ParamSink): string {
    return slot.kind === 'column' ? `${slot.sql} IS NULL` : this.#dialect.jsonIs(slot.ref, 'missing', p);
  }

  /** `test(value)` when the value is a string (false otherwise). */
  #ifString(slot: Slot<Ref>, p: ParamSink, test: (value: string) => string): string {
    if (slot.kind === 'json') return this.#dialect.jsonScalar(slot.ref, 'string', test, p);
    if (slot.type !== 'text' && slot.type !== 'timestamp') return FALSE;
    return `(${slot.sql} IS NOT NULL AND ${test(slot.sql)})`;
  }

  #ifNumber(slot: Slot<Ref>, p: ParamSink, test: (value: string) => string): string {
    if (slot.kind === 'json') return this.#dialect.jsonScalar(slot.ref, 'number', test, p);
    if (slot.type !== 'number') return FALSE;
    return `(${slot.sql} IS NOT NULL AND ${test(slot.sql)})`;
  }

  #ifBoolean(slot: Slot<Ref>, value: boolean, p: ParamSink): string {
    if (slot.kind === 'json') return this.#dialect.jsonIs(slot.ref, value ? 'true' : 'false', p);
    if (slot.type !== 'boolean') return FALSE;
    return `(${slot.sql} IS ${value ? TRUE : FALSE})`;
  }

  /** A timestamptz column compares with operands in the exact `toISOString` form only. */
  #instant(value: string, at: string): string {
    const ok = regexpTest(ISO_INSTANT, value) && !stringStartsWith.call(value, '0000') && isRoundTrip(value);
    if (!ok) {
      throw new FilterError(
        'INVALID_OPERAND',
        at,
        `a timestamptz column compares only with ISO timestamps like "2026-01-01T00:00:00.000Z"; got ${JSON.stringify(value)} at ${at}`,
      );
    }
    return value;
  }

  #eq(slot: Slot<Ref>, value: Scalar | null, at: string, p: ParamSink): string {
    if (value === null) return this.#missing(slot, p);
    if (typeof value === 'boolean') return this.#ifBoolean(slot, value, p);
    if (typeof value === 'number') {
      return this.#ifNumber(slot, p, (v) => `${v} = ${this.#dialect.numberParam(p.add(value))}`);
    }
    this.#checkText(value, at);
    if (slot.kind === 'column' && slot.type === 'timestamptz') {
      // The record reads as the millisecond (`toISOString`) while the column may hold microseconds: the
      // value equals the operand when it lies within the operand's millisecond.
      const c = this.#instant(value, at);
      const from = `${slot.sql} >= ${this.#dialect.timestampParam(p.add(c))}`;
      const next = nextMillisecond(c);
      if (next === undefined) return `(${slot.sql} IS NOT NULL AND ${from})`;
      return `(${slot.sql} IS NOT NULL AND ${from} AND ${slot.sql} < ${this.#dialect.timestampParam(p.add(next))})`;
    }
    return this.#ifString(slot, p, (v) => `${this.#dialect.collateEq(v)} = ${p.add(value)}`);
  }

  #range(
    slot: Slot<Ref>,
    op: '>' | '>=' | '<' | '<=',
    value: string | number,
    at: string,
    p: ParamSink,
  ): string {
    if (typeof value === 'number') {
      const guardNaN =
        slot.kind === 'column' && this.#dialect.capabilities.nanInNumberColumns && op.startsWith('>');
      return this.#ifNumber(slot, p, (v) => {
        const cmp = `${v} ${op} ${this.#dialect.numberParam(p.add(value))}`;
        // PostgreSQL orders NaN above every number; in memory NaN orders against nothing.
        return guardNaN ? `${cmp} AND ${v} <> ${this.#dialect.numberParam(p.add('NaN'))}` : cmp;
      });
    }
    this.#checkText(value, at);
    if (slot.kind === 'column' && slot.type === 'timestamptz') {
      // Compared as the millisecond the record reads as, in a form an index on the column serves:
      // after the operand's millisecond is from the next one on; up to it is before the next one.
      const c = this.#instant(value, at);
      let bound: string | undefined = c;
      let cmp: string = op;
      if (op === '>' || op === '<=') {
        bound = nextMillisecond(c);
        cmp = op === '>' ? '>=' : '<';
      }
      // Past the last millisecond of year 9999 (the last instant the column type allows here).
      if (bound === undefined) return op === '>' ? FALSE : `${slot.sql} IS NOT NULL`;
      const param = this.#dialect.timestampParam(p.add(bound));
      return `(${slot.sql} IS NOT NULL AND ${slot.sql} ${cmp} ${param})`;
    }
    return this.#ifString(slot, p, (v) => `${this.#dialect.collateOrder(v)} ${op} ${p.add(value)}`);
  }

  #in(slot: Slot<Ref>, values: readonly (Scalar | null)[], at: string, p: ParamSink): string {
    const strings = [...new Set(values.filter((v): v is string => typeof v === 'string'))];
    const numbers = [...new Set(values.filter((v): v is number => typeof v === 'number'))];
    const booleans = [...new Set(values.filter((v): v is boolean => typeof v === 'boolean'))];
    const parts: string[] = [];
    if (arrayIncludes(values, null)) parts.push(this.#missing(slot, p));
    for (const b of booleans) parts.push(this.#ifBoolean(slot, b, p));
    if (numbers.length === 1) parts.push(this.#eq(slot, numbers[0]!, at, p));
    else if (numbers.length > 1) {
      parts.push(this.#ifNumber(slot, p, (v) => this.#dialect.inList(v, 'number', numbers, p)));
    }
    // Each operand checked where it stands, in one pass (a search per operand made this quadratic).
    values.forEach((s, i) => {
      if (typeof s !== 'string') return;
      const where = pointer(at, i);
      this.#checkText(s, where);
      if (slot.kind === 'column' && slot.type === 'timestamptz') this.#instant(s, where);
    });
    if (strings.length === 1) parts.push(this.#eq(slot, strings[0]!, at, p));
    else if (strings.length > 1) {
      if (slot.kind === 'column' && slot.type === 'timestamptz') {
        // One millisecond range per operand (see #eq), each served by an index on the column.
        parts.push(or(strings.map((s) => this.#eq(slot, s, at, p))));
      } else {
        parts.push(
          this.#ifString(slot, p, (v) =>
            this.#dialect.inList(this.#dialect.collateEq(v), 'text', strings, p),
          ),
        );
      }
    }
    return or(parts.filter((part) => part !== FALSE));
  }

  #like(slot: Slot<Ref>, pattern: string, at: string, p: ParamSink): string {
    this.#checkText(pattern, at);
    if (slot.kind === 'column' && slot.type === 'timestamptz') {
      throw new FilterError(
        'UNSUPPORTED',
        at,
        `"$like" on a timestamptz column is not supported (its text form is not stored) at ${at}`,
      );
    }
    const parsed = parseLike(pattern);
    if (parsed.pieces.length === 1) return this.#eq(slot, parsed.pieces[0]!, at, p);
    if (arrayEvery(parsed.pieces, (piece) => piece === '')) return this.#ifString(slot, p, () => TRUE);
    const bound = this.#dialect.capabilities.likePatternLimit;
    if (bound !== null) {
      // Limits raised past the defaults (256 characters) can make a pattern the database refuses when
      // the statement runs: refused here, at the place, like SQL nested deeper than it runs.
      const bytes = this.#dialect.likePatternBytes(parsed);
      if (bytes > bound.maxBytes) {
        throw new FilterError(
          'UNSUPPORTED',
          at,
          `the "$like" pattern at ${showPointer(at)} is ${bytes} bytes as ${this.#dialect.name} matches it, past ${bound.name}`,
        );
      }
    }
    return this.#ifString(slot, p, (v) => this.#dialect.like(v, parsed, p));
  }

  /**
   * A version comparison: the record value's sortable key, built in SQL by the dialect, against the
   * operand's key computed here (both ASCII, compared byte by byte). A non-version has a `NULL` key,
   * made false; a timestamptz column never holds a version (ISO text has a `:`).
   */
  #version(slot: Slot<Ref>, op: '=' | '>' | '>=' | '<' | '<=', value: string, p: ParamSink): string {
    const key = versionKey(parseVersion(value)!);
    return this.#ifString(slot, p, (v) => {
      const test = `${this.#dialect.collateOrder(this.#dialect.versionKey(v, p))} ${op} ${this.#dialect.textParam(p.add(key))}`;
      return `COALESCE(${test}, FALSE)`;
    });
  }

  #operator(slot: Slot<Ref>, op: OperatorNode, at: string, p: ParamSink): string {
    switch (op.kind) {
      case 'eq':
        return this.#eq(slot, op.value, at, p);
      case 'ne':
        return not(this.#eq(slot, op.value, at, p));
      case 'gt':
        return this.#range(slot, '>', op.value, at, p);
      case 'gte':
        return this.#range(slot, '>=', op.value, at, p);
      case 'lt':
        return this.#range(slot, '<', op.value, at, p);
      case 'lte':
        return this.#range(slot, '<=', op.value, at, p);
      case 'in':
        return this.#in(slot, op.values, at, p);
      case 'nin':
        return not(this.#in(slot, op.values, at, p));
      case 'like':
        return this.#like(slot, op.pattern, at, p);
      case 'exists':
        return op.value ? not(this.#missing(slot, p)) : this.#missing(slot, p);
      case 'veq':
        return this.#version(slot, '=', op.value, p);
      case 'vne':
        return not(this.#version(slot, '=', op.value, p));
      case 'vgt':
        return this.#version(slot, '>', op.value, p);
      case 'vgte':
        return this.#version(slot, '>=', op.value, p);
      case 'vlt':
        return this.#version(slot, '<', op.value, p);
      case 'vlte':
        return this.#version(slot, '<=', op.value, p);
      case 'elemMatch':
        return this.#elemMatch(slot, op.filter, at, p);
      default:
        return assertNever(op, 'operator');
    }
  }
}

/** The typed refusal of SQL nested deeper than a dialect runs (docs/sql.md, "Expression depth"). */
function tooDeep(dialect: string, limits: ExpressionLimits, at: string, what: string): FilterError {
  return new FilterError(
    'UNSUPPORTED',
    at,
    `the ${dialect} SQL of this filter ${what}, past ${limits.name}; the deepest place is ${showPointer(at)}`,
  );
}

function isRoundTrip(iso: string): boolean {
  const time = Date.parse(iso);
  return !Number.isNaN(time) && new Date(time).toISOString() === iso;
}

/** Compiles `filter` with `dialect` into `{ sql, params }`. */
export function compileToSql<Ref>(
  dialect: SqlDialect<Ref>,
  filter: unknown,
  options: ToSqlOptions,
): SqlFragment {
  const compiler = new SqlCompiler(dialect, options);
  const params = new Params((i) => dialect.placeholder(i), checkOffset(options.paramOffset));
  const sql = compiler.compile(filter, params, passLimits(options));
  checkParamCount(dialect as SqlDialect<unknown>, checkOffset(options.paramOffset), params.values.length);
  return { sql, params: params.values };
}

export { checkIdentifier, checkOffset, checkParamCount };
