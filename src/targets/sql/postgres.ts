import { weakMapGet, weakMapSet } from '../../builtins.js';
import type { LikePattern } from '../../semantics/like.js';
import { VERSION_PATTERN } from '../../semantics/version.js';
import { FIRST_ISO_INSTANT, instantOfParts, LAST_ISO_INSTANT } from './instants.js';
import type { ParamSink, SqlDialect } from './types.js';

/**
 * A JSON value in PostgreSQL: an expression of type `json` or `jsonb` (SQL `NULL` when absent) and the
 * keys still to read from it. Keys are bound only when the value is used, so no parameter is left
 * unreferenced (PostgreSQL rejects those).
 */
export interface PgRef {
  readonly base: string;
  readonly keys: readonly string[];
  readonly fn: 'json' | 'jsonb';
}

const exprs = new WeakMap<PgRef, string>();

function exprOf(ref: PgRef, p: ParamSink): string {
  let expr = weakMapGet.call(exprs, ref);
  if (expr === undefined) {
    expr = ref.keys.reduce((e, key) => `(${e} -> ${p.add(key)}::text)`, ref.base);
    weakMapSet.call(exprs, ref, expr);
  }
  return expr;
}

/** `LIKE` pattern text: our pieces joined by `%`, with `!` escaping `!`, `%` and `_`. */
function likePattern(pattern: LikePattern): string {
  return pattern.pieces.map((piece) => piece.replace(/[!%_]/g, '!$&')).join('%');
}

/** A number (digits, no leading zeros) as its key: digit count of its digit count, digit count, digits. */
const encodeNumber = (d: string) => `length(length(${d})::text) || length(${d}) || ${d}`;

/**
 * The version key (semantics/version.ts) of a text: the grammar checked with the same regular
 * expression as in memory (`$` is end of text in PostgreSQL's regular expressions), then the parts
 * split with `string_to_array` and numbered with `WITH ORDINALITY`. Any digit count works: parts
 * never become numbers. The text is read only inside function arguments, where the subqueries' own
 * column names cannot capture a column of the table.
 */
function versionKey(expr: string, p: ParamSink): string {
  const a = p.alias();
  const text = `(${expr})`;
  const core = `substring(${text} from '^v?([0-9.]+)')`;
  const pre = `substring(${text} from '^v?[0-9.]+-([^+]*)')`;
  // Parts up to the last non-zero one: trailing zero parts do not change a version.
  const parts =
    `COALESCE((SELECT string_agg('.' || ${encodeNumber(`${a}.d`)}, '' ORDER BY ${a}.i) FROM ` +
    `(SELECT ${a}_u.i AS i, ltrim(${a}_u.p, '0') AS d, max(CASE WHEN ltrim(${a}_u.p, '0') <> '' THEN ${a}_u.i END) OVER () AS m ` +
    `FROM unnest(string_to_array(${core}, '.')) WITH ORDINALITY AS ${a}_u(p, i)) AS ${a} WHERE ${a}.i <= ${a}.m), '')`;
  const id = `${a}_w.p`;
  const ids =
    `(SELECT string_agg(CASE WHEN ${id} ~ '^[0-9]+$' THEN ',1' || ${encodeNumber(`ltrim(${id}, '0')`)} ELSE ',2' || ${id} END, '' ORDER BY ${a}_w.i) ` +
    `FROM unnest(string_to_array(${pre}, '.')) WITH ORDINALITY AS ${a}_w(p, i))`;
  return `(CASE WHEN ${text} COLLATE "C" ~ '${VERSION_PATTERN}' THEN ${parts} || (CASE WHEN ${pre} IS NULL THEN '#' ELSE '!' || ${ids} END) END)`;
}

/** The shape of an RFC 3339 timestamp (semantics/time.ts), its numbers captured; no backslash needed. */
const TIMESTAMP_PATTERN =
  '^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:[.]([0-9]+))?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))$';

/**
 * The instant of a text: `regexp_match` (under `COLLATE "C"`, so `[0-9]` is ASCII digits whatever the
 * collation) gives the digit groups, `NULL` when the shape is wrong; only digits are ever cast, so no
 * text raises. The arithmetic is `instantOfParts`, in `bigint` past the day count.
 */
function instantMs(expr: string, p: ParamSink): string {
  const a = `${p.alias()}_t`;
  const group = (i: number) => `(${a}.r)[${i}]`;
  const int = (i: number) => `${group(i)}::int`;
  const parts = {
    y: int(1),
    mo: int(2),
    d: int(3),
    h: int(4),
    mi: int(5),
    s: int(6),
    ms: `COALESCE(rpad(left(${group(7)}, 3), 3, '0')::int, 0)`,
    sign: `(CASE ${group(8)} WHEN '-' THEN -1 WHEN '+' THEN 1 ELSE 0 END)`,
    oh: `COALESCE(${int(9)}, 0)`,
    om: `COALESCE(${int(10)}, 0)`,
  };
  const instant = instantOfParts(parts, (e) => `${e}::bigint`);
  return `(SELECT ${instant} FROM (SELECT regexp_match((${expr}) COLLATE "C", '${TIMESTAMP_PATTERN}') AS r) AS ${a})`;
}

/**
 * PostgreSQL hooks. Keys travel as `text` parameters of `->` (a text key on an array or a scalar is
 * `NULL`, so arrays are never indexed implicitly; `#>` would index them). Casts sit inside `CASE`, the
 * only construct whose evaluation order PostgreSQL guarantees, so a non-number is never cast.
 */
export const postgres: SqlDialect<PgRef> = {
  name: 'postgres',
  capabilities: {
    nulInText: false,
    timestamptz: true,
    nanInNumberColumns: true,
    maxIdentifierBytes: 63,
    maxParameters: 65535,
    integerBooleans: false,
    indexNullsOrder: true,
    rowValueNullUnknown: true,
    // PostgreSQL has no fixed expression limit: its stack (`max_stack_depth`) and its parser's stack
    // ("memory exhausted" past 10,000 entries) bound it. Measured on PGlite, whose stack is the smaller:
    // 700 nested selectors and expression heights of 7,000 run; so do these bounds, with room.
    expressionLimits: {
      name: "PostgreSQL's stack depth",
      maxSubqueries: 100,
      maxNestedHeight: Number.POSITIVE_INFINITY,
      maxHeight: 8000,
      maxParentheses: 5000,
    },
    // PostgreSQL's LIKE has no length bound of its own.
    likePatternLimit: null,
  },
  placeholder: (index) => `$${index}`,
  quoteIdentifier: (name) => `"${name.replace(/"/g, '""')}"`,
  numberParam: (placeholder) => `${placeholder}::float8`,
  // PostgreSQL orders NaN above every number (Infinity included); pages read it as missing.
  numberKey: (expr) => `NULLIF(${expr}, 'NaN'::float8)`,
  timestampParam: (placeholder) => `${placeholder}::timestamptz`,
  // `date_trunc` of a timestamptz depends on the session's time zone, so it cannot be indexed; of the
  // UTC wall-clock time (a timestamp) it is immutable. Cutting UTC time to the millisecond is cutting
  // the instant: zone offsets are whole seconds.
  instantKey: (expr) => `date_trunc('milliseconds', ${expr} AT TIME ZONE 'UTC')`,
  // Text made by the server, not a Date parsed by the driver: PGlite misreads years before 1000, and
  // `MS` cuts microseconds as the key does.
  instantText: (expr) => `to_char(${expr} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
  textParam: (placeholder) => `${placeholder}::text`,
  msParam: (placeholder) => `${placeholder}::bigint`,
  instantMs,
  // The epoch is exact `numeric` (PostgreSQL 14 on), floored to the millisecond as `to_char`'s `MS`
  // cuts it. An infinite value, or one whose ISO form has no 4-digit year, is no timestamp in memory.
  columnInstantMs: (expr) => {
    const ms = `floor(extract(epoch from ${expr}) * 1000)`;
    return `(CASE WHEN isfinite(${expr}) AND ${ms} BETWEEN ${FIRST_ISO_INSTANT} AND ${LAST_ISO_INSTANT} THEN ${ms}::bigint END)`;
  },
  // "C" orders by byte, which on UTF-8 is code point order, whatever the database's collation.
  collateOrder: (expr) => `${expr} COLLATE "C"`,
  collateEq: (expr) => expr,
  inList: (expr, kind, values, p) =>
    `${expr} = ANY(${p.add(values)}::${kind === 'number' ? 'float8' : kind}[])`,
  likePatternBytes: (pattern) => new TextEncoder().encode(likePattern(pattern)).length,
  like: (expr, pattern, p) => `${expr} COLLATE "C" LIKE ${p.add(likePattern(pattern))} ESCAPE '!'`,
  versionKey,
  jsonColumn: (column, type, path) => ({ base: column, keys: path, fn: type }),
  jsonKey: (ref, key) => ({ base: ref.base, keys: [...ref.keys, key], fn: ref.fn }),
  jsonIs: (ref, shape, p) => {
    const expr = exprOf(ref, p);
    const type = `${ref.fn}_typeof(${expr})`;
    if (shape === 'missing') return `(COALESCE(${type}, 'null') = 'null')`;
    if (shape === 'object') return `COALESCE(${type} = 'object', FALSE)`;
    return `COALESCE(${type} = 'boolean' AND (${expr} #>> '{}') = '${shape}', FALSE)`;
  },
  jsonScalar: (ref, type, test, p) => {
    const expr = exprOf(ref, p);
    const text = `(${expr} #>> '{}')`;
    const value = type === 'number' ? `${text}::float8` : text;
    return `(CASE WHEN ${ref.fn}_typeof(${expr}) = '${type}' THEN ${test(value)} ELSE FALSE END)`;
  },
  jsonValue: (ref, type, p) => {
    const expr = exprOf(ref, p);
    const text = `(${expr} #>> '{}')`;
    const value = type === 'number' ? `${text}::float8` : type === 'boolean' ? `(${text} = 'true')` : text;
    return `(CASE WHEN ${ref.fn}_typeof(${expr}) = '${type}' THEN ${value} END)`;
  },
  jsonText: (ref, p) => `(${exprOf(ref, p)})::text`,
  jsonAny: (ref, body, p) => {
    const expr = exprOf(ref, p);
    const alias = p.alias();
    const array = `CASE WHEN ${ref.fn}_typeof(${expr}) = 'array' THEN ${expr} END`;
    const where = body({ base: `${alias}.v`, keys: [], fn: ref.fn });
    return `EXISTS (SELECT 1 FROM ${ref.fn}_array_elements(${array}) AS ${alias}(v) WHERE ${where})`;
  },
};
