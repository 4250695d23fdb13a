import type { LimitOptions } from '../../limits.js';
import type { LikePattern } from '../../semantics/like.js';

/** The SQL dialects `toSql` writes. */
export type DialectName = 'postgres' | 'sqlite' | 'duckdb';

/**
 * How a top-level field is stored.
 *
 * - `text`: a text column; its value is the field's string (SQL `NULL` is missing).
 * - `timestamp`: ISO 8601 text (the API's `YYYY-MM-DDTHH:mm:ss.sssZ`); compared as text, exactly like `text`.
 * - `number`: a numeric column (PostgreSQL `double precision` ideally; operands are bound as `float8`).
 * - `boolean`: PostgreSQL `boolean`; SQLite an integer 0/1.
 * - `timestamptz`: PostgreSQL and DuckDB. The field's value is the instant's `toISOString()`, cut to the
 *   millisecond (a column holding microseconds is filtered and paged by that millisecond); values must
 *   be in years 0001–9999, and operands must be in that exact form.
 * - `json` / `jsonb`: a JSON document (PostgreSQL `json`/`jsonb`; SQLite JSON text or a JSONB blob).
 *   Nested paths and selectors are allowed only below these.
 */
export type ColumnType = 'text' | 'timestamp' | 'number' | 'boolean' | 'timestamptz' | 'json' | 'jsonb';

/** Where one top-level field lives, in full. */
export interface ColumnDefinition {
  /** The column name (default: the field name). Quoted, never interpolated raw. */
  readonly column?: string;
  readonly type: ColumnType;
  /**
   * For `json`/`jsonb` only: the field is stored at this key path inside the column (for instance a
   * whole record kept in one `doc` column: `{ column: 'doc', type: 'jsonb', path: ['technology'] }`).
   */
  readonly path?: readonly string[];
}

/** One entry of the `columns` option: a column type (`'text'`: the column named as the field), or in full. */
export type ColumnMapping = ColumnType | ColumnDefinition;

/** Options of {@link toSql}. */
export interface ToSqlOptions extends LimitOptions {
  readonly dialect: DialectName;
  /** The allow-list: each top-level field the filter may use, and its column. */
  readonly columns: Readonly<Record<string, ColumnMapping>>;
  /** A table name or alias that qualifies every column (`"t"."col"`). */
  readonly tableAlias?: string;
  /** Number of parameters already used by the surrounding query: the first one is `$offset+1`. */
  readonly paramOffset?: number;
  /**
   * The instant `{ $now: … }` operands count from: a `Date`, an RFC 3339 timestamp or milliseconds since
   * the epoch; unset, the clock read once per call. Bound as one parameter of the statement (epoch
   * milliseconds), so the SQL replays for another instant by changing that parameter alone.
   */
  readonly asOf?: Date | string | number;
}

/** A WHERE-clause expression and the values it binds, in placeholder order. */
export interface SqlFragment {
  readonly sql: string;
  readonly params: unknown[];
  /**
   * Where the statement's asOf (epoch ms) is in `params`, when a `$now` reads it: set
   * `params[asOfIndex]` to run the same SQL for another instant.
   */
  readonly asOfIndex?: number;
}

/** Collects parameters (the dialect decides how a placeholder is written) and names subquery aliases. */
export interface ParamSink {
  /** Binds `value` and returns its placeholder. */
  add(value: unknown): string;
  /** A fresh alias for a subquery over array elements. */
  alias(): string;
  /** The placeholder of the statement's asOf (epoch milliseconds), bound on first use, then reused. */
  asOf(): string;
}

/** The scalar JSON types a comparison can require. */
export type JsonScalarType = 'string' | 'number';
/** The JSON shapes a test can ask about. */
export type JsonShape = 'missing' | 'true' | 'false' | 'object';

/**
 * Documented capabilities of a dialect: the shared compiler branches on these flags, never on the
 * dialect's name.
 */
export interface DialectCapabilities {
  /** Text can hold U+0000. PostgreSQL text and jsonb cannot, so such operands are `UNSUPPORTED` there. */
  readonly nulInText: boolean;
  /** A `timestamptz` type exists. */
  readonly timestamptz: boolean;
  /** Floating-point columns can hold NaN, which the database orders above every number. */
  readonly nanInNumberColumns: boolean;
  /** Maximum identifier length in bytes (longer names would be silently truncated), or 0 for none. */
  readonly maxIdentifierBytes: number;
  /**
   * Most parameters one statement can bind (PostgreSQL's protocol counts them in 16 bits; SQLite's
   * default `SQLITE_MAX_VARIABLE_NUMBER`). More is `UNSUPPORTED` at compile time, never a driver error.
   */
  readonly maxParameters: number;
  /** Booleans are the integers 0 and 1 (SQLite), so a boolean operand is bound as one. */
  readonly integerBooleans: boolean;
  /**
   * `CREATE INDEX` takes `NULLS FIRST`/`NULLS LAST` per column (PostgreSQL). SQLite's has no such
   * clause: its indexes always hold NULL first ascending, which is already the pages' order.
   */
  readonly indexNullsOrder: boolean;
  /**
   * A row value with a `NULL` item compares as unknown, as the SQL standard says (PostgreSQL, SQLite):
   * `(1, NULL) > (1, 0)` is `NULL`. DuckDB compares row values as structs, a `NULL` item above every
   * value (`true` there), so its keyset takes the row-value form only over columns never `NULL`.
   */
  readonly rowValueNullUnknown: boolean;
  /**
   * How deep the database can nest expressions, checked at compile time (src/targets/sql/height.ts;
   * docs/sql.md, "Expression depth"): past these the filter is `UNSUPPORTED`, never a database error.
   */
  readonly expressionLimits: ExpressionLimits;
  /**
   * The longest pattern the database matches with `LIKE` or `GLOB`, or `null` for no bound of its own.
   * SQLite refuses a longer one when the statement runs ("LIKE or GLOB pattern too complex"); here it
   * is `UNSUPPORTED` at compile time, at the `$like`.
   */
  readonly likePatternLimit: { readonly name: string; readonly maxBytes: number } | null;
}

/** Bounds on the nesting of the SQL of one filter (see {@link DialectCapabilities}). */
export interface ExpressionLimits {
  /** What the database calls the limit, for messages. */
  readonly name: string;
  /** Subqueries (a selector in a path, an `$elemMatch`) nested one inside another, counted on the AST. */
  readonly maxSubqueries: number;
  /** The bound on the expression height, subquery heights added up as SQLite adds them (`nested`). */
  readonly maxNestedHeight: number;
  /** The bound on the expression height of the whole tree (`height`). */
  readonly maxHeight: number;
  /** Nested parentheses, which a parser's stack grows with. */
  readonly maxParentheses: number;
}

/**
 * The hooks a dialect provides. Every boolean a hook returns must be two-valued (never SQL `NULL`), so
 * that `NOT` is the exact complement. `Ref` is the dialect's handle on a JSON value.
 */
export interface SqlDialect<Ref> {
  readonly name: DialectName;
  readonly capabilities: DialectCapabilities;
  placeholder(index: number): string;
  quoteIdentifier(name: string): string;
  /** A number operand as bound in a comparison. */
  numberParam(placeholder: string): string;
  /**
   * A number column as pages order and compare it, as an immutable expression an index can hold: `NaN`
   * as `NULL` where columns hold it (capability `nanInNumberColumns`), since `NaN` sorts as missing.
   */
  numberKey(expr: string): string;
  /** A timestamp operand (capability `timestamptz`). */
  timestampParam(placeholder: string): string;
  /**
   * A `timestamptz` value cut to the millisecond, as an immutable expression an index can hold: what
   * pages order and compare by, since the API's timestamps (and page tokens) carry milliseconds while
   * the column may hold microseconds (capability `timestamptz`).
   */
  instantKey(expr: string): string;
  /** A `timestamptz` value as its `toISOString()` text, cut to the millisecond (capability `timestamptz`). */
  instantText(expr: string): string;
  /** An integer parameter (epoch or duration milliseconds) in instant arithmetic. */
  msParam(placeholder: string): string;
  /**
   * The instant of `expr` (non-null text) in epoch milliseconds when it is an RFC 3339 timestamp as
   * `timestampMs` of semantics/time.ts reads it, SQL `NULL` otherwise: read by its digits in plain
   * SQL, never by the database's date parser, and never raising on any text.
   */
  instantMs(expr: string, p: ParamSink): string;
  /**
   * The instant of a `timestamptz` value in epoch milliseconds, cut to the millisecond as its
   * `toISOString()` reads; SQL `NULL` when that form is no timestamp (capability `timestamptz`).
   */
  columnInstantMs(expr: string): string;
  /** A text parameter standing alone as a `CASE` result, where the database cannot infer its type. */
  textParam(placeholder: string): string;
  /** Text in code point order, for `<`, `>`, … */
  collateOrder(expr: string): string;
  /** Text for exact equality whatever the column's collation. */
  collateEq(expr: string): string;
  /** `expr` (non-null, of `kind`) equals one of `values` (at least two). */
  inList(
    expr: string,
    kind: 'text' | 'number' | 'timestamptz',
    values: readonly unknown[],
    p: ParamSink,
  ): string;
  /** `expr` (non-null text) matches the `$like` pattern, which has at least one star. */
  like(expr: string, pattern: LikePattern, p: ParamSink): string;
  /** The UTF-8 bytes of the pattern `like` gives the database's `LIKE` or `GLOB` (0 when it gives none). */
  likePatternBytes(pattern: LikePattern): number;
  /**
   * The sortable key of `expr` (non-null text) when it is a version, SQL `NULL` otherwise: the key
   * `versionKey` of semantics/version.ts gives, built in plain SQL (no user-defined function).
   */
  versionKey(expr: string, p: ParamSink): string;
  /** The root of a JSON column, possibly below a key path. */
  jsonColumn(column: string, type: 'json' | 'jsonb', path: readonly string[], p: ParamSink): Ref;
  /** Own key `key` of an object; missing for anything else (arrays included). */
  jsonKey(ref: Ref, key: string, p: ParamSink): Ref;
  /** Missing (absent or JSON null), the JSON literal `true`/`false`, or an object (not an array). */
  jsonIs(ref: Ref, shape: JsonShape, p: ParamSink): string;
  /** `test(value)` when the JSON value is of `type` (value as SQL text or number), else false. */
  jsonScalar(ref: Ref, type: JsonScalarType, test: (value: string) => string, p: ParamSink): string;
  /**
   * The JSON value as a SQL value of `type` when it is of that type, else SQL `NULL` (booleans as the
   * dialect stores them). Used to order and page by a JSON field.
   */
  jsonValue(ref: Ref, type: 'number' | 'string' | 'boolean', p: ParamSink): string;
  /** The JSON value as JSON text (SQL `NULL` when absent), for a select list. */
  jsonText(ref: Ref, p: ParamSink): string;
  /** Some element of the array at `ref` satisfies `body`; false for anything but a non-empty array. */
  jsonAny(ref: Ref, body: (element: Ref) => string, p: ParamSink): string;
}
