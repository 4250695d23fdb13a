import {
  assertNever,
  type ClauseNode,
  type FieldNode,
  type FilterNode,
  type InstantOperand,
  LOGICAL_NAMES,
  OPERATOR_NAMES,
  type OperatorNode,
  type PathStep,
  type Scalar,
} from '../../ast/nodes.js';
import { arrayEvery, arrayIncludes, mapGet, option, regexpTest, stringStartsWith } from '../../builtins.js';
import { resolveAsOf } from '../../compile/filter.js';
import { FilterError, pointer, showPointer, showText } from '../../errors.js';
import { type LimitOptions, passLimits } from '../../limits.js';
import { toFilterNode } from '../../parse/node-input.js';
import { printPath } from '../../parse/path.js';
import { parseLike } from '../../semantics/like.js';
import { byFamily, comparisonOf, factsOf } from '../../semantics/operators.js';
import { parseVersion, versionKey } from '../../semantics/version.js';
import {
  checkIdentifier,
  checkOffset,
  checkParamCount,
  checkText,
  type ResolvedColumn,
  resolveColumns,
} from './columns.js';
import { filterNesting, sqlHeight } from './height.js';
import { and, FALSE, not, or, Params, TRUE } from './sql-text.js';
import type {
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

/** Compiles filters for one dialect and one column mapping. */
export class SqlCompiler<Ref> {
  readonly #dialect: SqlDialect<Ref>;
  readonly #columns: ReadonlyMap<string, ResolvedColumn>;
  readonly #alias: string | undefined;

  constructor(dialect: SqlDialect<Ref>, options: Pick<ToSqlOptions, 'columns' | 'tableAlias'>) {
    this.#dialect = dialect;
    this.#columns = resolveColumns(dialect as SqlDialect<unknown>, options.columns);
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
          checkText(this.#dialect as SqlDialect<unknown>, step.key, at);
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
    checkText(this.#dialect as SqlDialect<unknown>, value, at);
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
    checkText(this.#dialect as SqlDialect<unknown>, value, at);
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
      checkText(this.#dialect as SqlDialect<unknown>, s, where);
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
    checkText(this.#dialect as SqlDialect<unknown>, pattern, at);
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

  /**
   * A time comparison (docs/semantics.md §4, "Instants"): the value's instant in epoch milliseconds,
   * computed in SQL by the dialect (`NULL` for a value that is no timestamp, made false), against the
   * operand's bound: `asOf + duration` for `$now`, computed in SQL from the statement's one asOf
   * parameter, or the `$at` instant. A timestamptz column is its instant cut to the millisecond;
   * numbers and booleans are never instants.
   */
  #time(slot: Slot<Ref>, op: '=' | Order, instant: InstantOperand, p: ParamSink): string {
    const d = this.#dialect;
    // Bound only where the comparison is written: PostgreSQL refuses a parameter the SQL does not use.
    const bound = () =>
      instant.base === 'now'
        ? `(${d.msParam(p.asOf())} + ${d.msParam(p.add(instant.ms))})`
        : d.msParam(p.add(instant.ms));
    if (slot.kind === 'column' && slot.type === 'timestamptz') {
      return `COALESCE(${d.columnInstantMs(slot.sql)} ${op} ${bound()}, FALSE)`;
    }
    return this.#ifString(slot, p, (v) => `COALESCE(${d.instantMs(v, p)} ${op} ${bound()}, FALSE)`);
  }

  /** One operator; a negated one is `NOT` of its family's positive condition. */
  #operator(slot: Slot<Ref>, op: OperatorNode, at: string, p: ParamSink): string {
    const sql = byFamily<string>(op, {
      equality: (op) => this.#eq(slot, op.value, at, p),
      order: (op) => this.#range(slot, SQL_COMPARISONS[comparisonOf(op)] as Order, op.value, at, p),
      membership: (op) => this.#in(slot, op.values, at, p),
      like: (op) => this.#like(slot, op.pattern, at, p),
      exists: (op) => (op.value ? not(this.#missing(slot, p)) : this.#missing(slot, p)),
      version: (op) => this.#version(slot, SQL_COMPARISONS[comparisonOf(op)], op.value, p),
      time: (op) => this.#time(slot, SQL_COMPARISONS[comparisonOf(op)], op.instant, p),
      elemMatch: (op) => this.#elemMatch(slot, op.filter, at, p),
    });
    return factsOf(op).negated ? not(sql) : sql;
  }
}

/** SQL's comparison of each comparison; a negated one (`ne`) is `NOT` of `=`. */
const SQL_COMPARISONS = { eq: '=', ne: '=', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const;
type Order = '>' | '>=' | '<' | '<=';

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

/**
 * The asOf of one call: a given one resolved at once (one naming no instant is `INVALID_OPTION`, even
 * when no `$now` reads it, as in `compileFilter`); unset, the clock, read once, when a `$now` first
 * needs it. Every statement of the call binds this one instant.
 */
export function asOfClock(options: Pick<ToSqlOptions, 'asOf'>): () => number {
  const given = option(options, 'asOf');
  let ms = given === undefined ? undefined : resolveAsOf(given, '/asOf');
  return () => {
    if (ms === undefined) ms = Date.now();
    return ms;
  };
}

/** Compiles `filter` with `dialect` into `{ sql, params }`. */
export function compileToSql<Ref>(
  dialect: SqlDialect<Ref>,
  filter: unknown,
  options: ToSqlOptions,
): SqlFragment {
  const compiler = new SqlCompiler(dialect, options);
  const params = new Params(
    (i) => dialect.placeholder(i),
    checkOffset(options.paramOffset),
    asOfClock(options),
  );
  const sql = compiler.compile(filter, params, passLimits(options));
  checkParamCount(dialect as SqlDialect<unknown>, checkOffset(options.paramOffset), params.values.length);
  return { sql, ...params.bound() };
}

export { and, checkIdentifier, checkOffset, checkParamCount, or, Params };
