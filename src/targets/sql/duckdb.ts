import { mapGet, weakMapGet, weakMapSet } from '../../builtins.js';
import type { LikePattern } from '../../semantics/like.js';
import { VERSION_PATTERN } from '../../semantics/version.js';
import { FIRST_ISO_INSTANT, type InstantParts, instantOfParts, LAST_ISO_INSTANT } from './instants.js';
import type { ParamSink, SqlDialect } from './types.js';

/**
 * A JSON value in DuckDB: a JSON document (`root`: a `JSON` or JSON text `VARCHAR` expression, SQL
 * `NULL` when absent) and the keys still to read from it, as one JSONPath bound once.
 */
export interface DuckRef {
  readonly root: string;
  readonly keys: readonly string[];
}

const paths = new WeakMap<DuckRef, string>();
const bound = new WeakMap<ParamSink, Map<string, string>>();

/**
 * The ref's JSONPath (`$."a"."b"`, keys written as JSON strings, which DuckDB unescapes), bound once
 * per statement: every read of one path is then the same SQL text, which DuckDB's common
 * subexpression elimination computes once per row (a version key read in five `$or` branches).
 * A quoted key never indexes an array (`$."0"` on `[5]` is absent), unlike a JSON pointer's `/0`.
 */
function pathOf(ref: DuckRef, p: ParamSink): string {
  let path = weakMapGet.call(paths, ref);
  if (path === undefined) {
    const text = `$${ref.keys.map((key) => `.${JSON.stringify(key)}`).join('')}`;
    let byText = weakMapGet.call(bound, p) as Map<string, string> | undefined;
    if (byText === undefined) {
      byText = new Map();
      weakMapSet.call(bound, p, byText);
    }
    path = mapGet.call(byText, text) as string | undefined;
    if (path === undefined) {
      path = p.add(text);
      byText.set(text, path);
    }
    weakMapSet.call(paths, ref, path);
  }
  return path;
}

/** `json_type` names: 'NULL', 'BOOLEAN', 'BIGINT', 'UBIGINT', 'DOUBLE', 'VARCHAR', 'ARRAY', 'OBJECT'; NULL when absent. */
const typeOf = (ref: DuckRef, p: ParamSink): string => `json_type(${ref.root}, ${pathOf(ref, p)})`;
const extract = (ref: DuckRef, p: ParamSink): string => `json_extract(${ref.root}, ${pathOf(ref, p)})`;
const NUMBER_TYPES = `'BIGINT', 'UBIGINT', 'DOUBLE'`;

/**
 * The value as SQL: a string's text (`json_extract_string`, escapes read, U+0000 kept), or a number as
 * a DOUBLE: an integer past 2^53 rounds to the nearest double as `JSON.parse` rounds it, and `1e999`
 * is Infinity as in memory.
 */
function scalar(ref: DuckRef, type: 'string' | 'number', p: ParamSink): string {
  if (type === 'string') return `json_extract_string(${ref.root}, ${pathOf(ref, p)})`;
  return `CAST(${extract(ref, p)} AS DOUBLE)`;
}

const isType = (ref: DuckRef, type: 'string' | 'number', p: ParamSink): string =>
  type === 'string' ? `${typeOf(ref, p)} = 'VARCHAR'` : `${typeOf(ref, p)} IN (${NUMBER_TYPES})`;

/** `LIKE` pattern text: our pieces joined by `%`, with `!` escaping `!`, `%` and `_`. */
function likePattern(pattern: LikePattern): string {
  return pattern.pieces.map((piece) => piece.replace(/[!%_]/g, '!$&')).join('%');
}

/** A number (digits, no leading zeros) as its key: digit count of its digit count, digit count, digits. */
const encodeNumber = (d: string) =>
  `CAST(length(CAST(length(${d}) AS VARCHAR)) AS VARCHAR) || CAST(length(${d}) AS VARCHAR) || ${d}`;

const isVersion = (text: string) => `regexp_full_match(${text}, '${VERSION_PATTERN}')`;
const coreOf = (text: string) => `regexp_extract(${text}, '^v?([0-9.]+)', 1)`;
const preOf = (text: string) => `regexp_extract(${text}, '^v?[0-9.]+-([^+]*)', 1)`;

/** One numeric part (no leading zeros) as its piece of the key. */
const encodePart = (d: string) => `'.' || ${encodeNumber(d)}`;

/** The key of the numeric parts of `core` (digits and dots), trailing zero parts cut off. */
const partsKey = (core: string) =>
  `regexp_replace(array_to_string(list_transform(string_split(${core}, '.'), lambda svc_x: ${encodePart(`ltrim(svc_x, '0')`)}), ''), '([.]10)+$', '')`;

/** The key's end: `#` for no pre-release `pre`, else its identifiers. */
const preKey = (pre: string) =>
  `(CASE WHEN ${pre} = '' THEN '#' ELSE '!' || array_to_string(list_transform(string_split(${pre}, '.'), lambda svc_i: CASE WHEN regexp_full_match(svc_i, '[0-9]+') THEN ',1' || ${encodeNumber(`ltrim(svc_i, '0')`)} ELSE ',2' || svc_i END), '') END)`;

/**
 * The version key (semantics/version.ts) of a text: the grammar checked with the same regular
 * expression as in memory (RE2's `regexp_full_match`, where `$` is the end of the text), the parts
 * split with `string_split` and encoded with `list_transform`; trailing zero parts (each encoded
 * `.10`, which no other part's encoding ends with) are then cut off the key. Any digit count works:
 * parts never become numbers. Lambdas name their own variables, which no column can capture.
 */
function versionKey(expr: string): string {
  const text = `(${expr})`;
  return `(CASE WHEN ${isVersion(text)} THEN ${partsKey(coreOf(text))} || ${preKey(preOf(text))} END)`;
}

/** The shape of an RFC 3339 timestamp (semantics/time.ts), its numbers captured by name. */
const TIMESTAMP_PATTERN =
  '^([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(?:[.]([0-9]+))?(?:[Zz]|([+-])([0-9]{2}):([0-9]{2}))$';
const GROUPS = ['y', 'mo', 'd', 'h', 'mi', 's', 'f', 'sg', 'oh', 'om'] as const;

const GROUP_LIST = `[${GROUPS.map((g) => `'${g}'`).join(', ')}]`;

/** The numbers of the groups `r` (`timestampGroups`), each an SQL expression; only digits are ever cast. */
function partsOf(r: string): InstantParts {
  const int = (g: string) => `CAST(NULLIF(${r}.${g}, '') AS INTEGER)`;
  return {
    y: int('y'),
    mo: int('mo'),
    d: int('d'),
    h: int('h'),
    mi: int('mi'),
    s: int('s'),
    ms: `CAST(rpad(left(${r}.f, 3), 3, '0') AS INTEGER)`,
    sign: `(CASE ${r}.sg WHEN '-' THEN -1 WHEN '+' THEN 1 ELSE 0 END)`,
    oh: `COALESCE(${int('oh')}, 0)`,
    om: `COALESCE(${int('om')}, 0)`,
  };
}

/** `instantOfParts` with its divisions made integer divisions (`//`: DuckDB's `/` divides integers into a DOUBLE). */
const instantOf = (parts: InstantParts): string =>
  instantOfParts(parts, (e) => `CAST(${e} AS BIGINT)`).replace(/ \/ (?=[0-9(])/g, ' // ');

/**
 * The instant of a text: RE2's `regexp_extract` with names gives the groups as one struct (`[0-9]` is
 * ASCII digits), named once by a lambda over a one-element list; a text without the shape gives every
 * group '', so no number, and `instantOfParts` NULL. Only digits are ever cast, so no text raises.
 */
function instantMs(expr: string, p: ParamSink): string {
  const r = `${p.alias()}_r`;
  const text = `(${expr})`;
  const groups = `regexp_extract(${text}, '${TIMESTAMP_PATTERN}', ${GROUP_LIST})`;
  return `list_transform([${groups}], lambda ${r}: ${instantOf(partsOf(r))})[1]`;
}

/**
 * A `TIMESTAMPTZ` value's instant in epoch milliseconds, floored (`toISOString` cuts microseconds;
 * `//` truncates toward zero, so the remainder is taken off first): SQL `NULL` for ±infinity. Read
 * from `epoch_us`, which no session time zone changes.
 */
function tzMs(expr: string): string {
  const us = `epoch_us(${expr})`;
  return `((${us} - ((${us} % 1000 + 1000) % 1000)) // 1000)`;
}

/**
 * DuckDB hooks. JSON values are read with `json_type`/`json_extract` and one bound JSONPath per value;
 * text compares under the `binary` collation (UTF-8 bytes, which is code point order, whatever the
 * column's collation); `$like` is a case-sensitive `LIKE` with `!` as its escape. DuckDB evaluates a
 * `CASE` branch only on the rows its condition selects, so no cast meets a value of another type.
 */
export const duckdb: SqlDialect<DuckRef> = {
  name: 'duckdb',
  capabilities: {
    nulInText: true,
    timestamptz: true,
    // A DOUBLE column holds NaN, which DuckDB orders above every number (and, unlike PostgreSQL, also
    // takes for equal to itself): the same guards as PostgreSQL's.
    nanInNumberColumns: true,
    maxIdentifierBytes: 0,
    // DuckDB has no parameter limit of its own; this keeps fragments within what drivers bind.
    maxParameters: 65535,
    integerBooleans: false,
    indexNullsOrder: false,
    // `(1, NULL) > (1, 0)` is true in DuckDB: a NULL item compares above every value.
    rowValueNullUnknown: false,
    // DuckDB's `max_expression_depth` (1000 by default) bounds the parsed expression tree; subqueries
    // count in it like any other expression.
    expressionLimits: {
      name: 'DuckDB max_expression_depth (1000)',
      maxSubqueries: 40,
      maxNestedHeight: Number.POSITIVE_INFINITY,
      maxHeight: 900,
      maxParentheses: 900,
    },
    likePatternLimit: null,
  },
  placeholder: (index) => `$${index}`,
  quoteIdentifier: (name) => `"${name.replace(/"/g, '""')}"`,
  numberParam: (placeholder) => `CAST(${placeholder} AS DOUBLE)`,
  numberKey: (expr) => `NULLIF(${expr}, CAST('NaN' AS DOUBLE))`,
  // The operand's text names its offset (`Z`), so the session's time zone changes nothing.
  timestampParam: (placeholder) => `CAST(${placeholder} AS TIMESTAMPTZ)`,
  instantKey: tzMs,
  // Formatted from the millisecond as a TIMESTAMP (no zone), so the session's time zone changes nothing.
  instantText: (expr) => `strftime(make_timestamp(${tzMs(expr)} * 1000), '%Y-%m-%dT%H:%M:%S.%gZ')`,
  msParam: (placeholder) => `CAST(${placeholder} AS BIGINT)`,
  instantMs,
  // Outside years 0001–9999 the ISO form has no 4-digit year: no timestamp in memory.
  columnInstantMs: (expr) =>
    `(CASE WHEN ${tzMs(expr)} BETWEEN ${FIRST_ISO_INSTANT} AND ${LAST_ISO_INSTANT} THEN ${tzMs(expr)} END)`,
  textParam: (placeholder) => `CAST(${placeholder} AS VARCHAR)`,
  collateOrder: (expr) => `(${expr}) COLLATE "binary"`,
  collateEq: (expr) => `(${expr}) COLLATE "binary"`,
  // One parameter per list, JSON text (any driver binds a string): list_contains compares without
  // collation, byte by byte.
  inList: (expr, kind, values, p) =>
    `list_contains(CAST(CAST(${p.add(JSON.stringify(values))} AS JSON) AS ${kind === 'number' ? 'DOUBLE' : 'VARCHAR'}[]), ${expr})`,
  likePatternBytes: (pattern) => new TextEncoder().encode(likePattern(pattern)).length,
  like: (expr, pattern, p) =>
    `((${expr}) COLLATE "binary" LIKE CAST(${p.add(likePattern(pattern))} AS VARCHAR) ESCAPE '!')`,
  versionKey: (expr) => versionKey(expr),
  jsonColumn: (column, _type, path) => ({ root: column, keys: path }),
  jsonKey: (ref, key) => ({ root: ref.root, keys: [...ref.keys, key] }),
  jsonIs: (ref, shape, p) => {
    const type = typeOf(ref, p);
    if (shape === 'missing') return `(COALESCE(${type}, 'NULL') = 'NULL')`;
    if (shape === 'object') return `COALESCE(${type} = 'OBJECT', FALSE)`;
    return `COALESCE(${type} = 'BOOLEAN' AND ${scalar(ref, 'string', p)} = '${shape}', FALSE)`;
  },
  jsonScalar: (ref, type, test, p) =>
    `(CASE WHEN ${isType(ref, type, p)} THEN ${test(scalar(ref, type, p))} ELSE FALSE END)`,
  jsonValue: (ref, type, p) => {
    if (type === 'boolean') {
      return `(CASE WHEN ${typeOf(ref, p)} = 'BOOLEAN' THEN ${scalar(ref, 'string', p)} = 'true' END)`;
    }
    return `(CASE WHEN ${isType(ref, type, p)} THEN ${scalar(ref, type, p)} END)`;
  },
  jsonText: (ref, p) => `CAST(${extract(ref, p)} AS VARCHAR)`,
  // A lambda over the elements, not a correlated subquery: DuckDB plans a statement of many
  // `EXISTS (… unnest …)` slowly (each is decorrelated into a join), and a lambda has no FROM clause
  // whose names could capture a column. `list_bool_or` of no elements is NULL: false.
  jsonAny: (ref, body, p) => {
    const alias = p.alias();
    const where = body({ root: alias, keys: [] });
    const array = `CAST(CASE WHEN ${typeOf(ref, p)} = 'ARRAY' THEN ${extract(ref, p)} END AS JSON[])`;
    return `COALESCE(list_bool_or(list_transform(${array}, lambda ${alias}: ${where})), FALSE)`;
  },
};

/**
 * The DuckDB hooks for one statement over the rows of a subquery (the DuckDB engine of inventory
 * files): every read of a JSON value whose root is one of `base` (a type, a string, a number, an
 * array, its JSON text) becomes a column `svc_h<n>` of the rows, computed once per row, where each
 * condition would compute it again: DuckDB eliminates no common subexpression inside `CASE`. A hoisted
 * read raises on no value (each cast is guarded as it is inline), so computing it for rows no condition
 * reaches changes nothing. Reads below a selector's element stay inline (their root is a lambda's
 * variable).
 *
 * `levels[0]` are those reads, from the record's columns; each later level reads only the columns of
 * the levels before it (selected in turn, one subquery each): a version key of a hoisted text (level
 * 1), and an instant of one: its groups (level 1), their numbers (level 2) and the arithmetic (level
 * 3), each named once, where the inline form names the groups with a lambda, which costs four times
 * as much.
 */
export function duckdbHoisting(base: ReadonlySet<string>): {
  readonly dialect: SqlDialect<DuckRef>;
  readonly levels: readonly ReadonlyMap<string, string>[];
} {
  const levels = [
    new Map<string, string>(),
    new Map<string, string>(),
    new Map<string, string>(),
    new Map<string, string>(),
  ];
  // By what is read (the read, the root, the keys; a key or instant, the value's name), so that the
  // policies of the statement, each with its own placeholders, share one column per value.
  const byKey = new Map<string, string>();
  let count = 0;
  const hoist = (key: string, sql: () => string, level = 0): string => {
    let name = byKey.get(key);
    if (name === undefined) {
      name = `svc_h${++count}`;
      levels[level]!.set(name, sql());
      byKey.set(key, name);
    }
    return name;
  };
  const isBase = (ref: DuckRef) => base.has(ref.root);
  const at = (read: string, ref: DuckRef) => JSON.stringify([read, ref.root, ref.keys]);
  const type = (ref: DuckRef, p: ParamSink) => hoist(at('type', ref), () => typeOf(ref, p));
  // The value when it is of `t`, else NULL: never NULL when it is (a string's text, a number).
  const value = (ref: DuckRef, t: 'string' | 'number', p: ParamSink) =>
    hoist(at(t, ref), () => `(CASE WHEN ${isType(ref, t, p)} THEN ${scalar(ref, t, p)} END)`);
  const isHoisted = (expr: string) => levels[0]!.has(expr);
  /**
   * The version key of a hoisted text, in stages: the core (NULL when the text is no version) and
   * the pre-release (level 1); the first four parts without leading zeros, and whether there are at
   * most four (level 2); the key (level 3), from those parts where there are at most four, trailing
   * zero parts (empty) left out, else as `versionKey` builds it. Lambdas cost twice as much.
   */
  const stagedVersionKey = (expr: string): string =>
    hoist(
      `version ${expr}`,
      () => {
        const core = hoist(
          `core ${expr}`,
          () => `(CASE WHEN ${isVersion(expr)} THEN ${coreOf(expr)} END)`,
          1,
        );
        const pre = hoist(`pre ${expr}`, () => preOf(expr), 1);
        const d = [1, 2, 3, 4].map((i) =>
          hoist(`part${i} ${expr}`, () => `ltrim(split_part(${core}, '.', ${i}), '0')`, 2),
        );
        const few = hoist(`few ${expr}`, () => `length(${core}) - length(replace(${core}, '.', '')) <= 3`, 2);
        const upTo = (n: number) => `concat(${d.slice(0, n).map(encodePart).join(', ')})`;
        const fast = `(CASE WHEN ${d[3]} <> '' THEN ${upTo(4)} WHEN ${d[2]} <> '' THEN ${upTo(3)} WHEN ${d[1]} <> '' THEN ${upTo(2)} WHEN ${d[0]} <> '' THEN ${upTo(1)} ELSE '' END)`;
        return `(CASE WHEN ${core} IS NOT NULL THEN (CASE WHEN ${few} THEN ${fast} ELSE ${partsKey(core)} END) || ${preKey(pre)} END)`;
      },
      3,
    );
  /**
   * The instant of a hoisted text, in stages: the text when it has the shape (level 1; RE2's DFA
   * without captures), its numbers read at their places (level 2: the first 19 characters are fixed;
   * an offset is the last 6, else the text ends in `Z`; the fraction lies between), the arithmetic
   * `instantOfParts` (level 3).
   */
  const stagedInstant = (expr: string): string =>
    hoist(
      `instant ${expr}`,
      () => {
        const t = hoist(
          `shaped ${expr}`,
          () => `(CASE WHEN regexp_full_match(${expr}, '${TIMESTAMP_PATTERN}') THEN ${expr} END)`,
          1,
        );
        const part = (k: string, sql: () => string) => hoist(`${k} ${expr}`, sql, 2);
        const at = (from: number, n: number) => `CAST(substr(${t}, ${from}, ${n}) AS INTEGER)`;
        const signed = `substr(${t}, -6, 1) IN ('+', '-')`;
        const tail = `(CASE WHEN ${signed} THEN 6 ELSE 1 END)`;
        const parts: InstantParts = {
          y: part('y', () => at(1, 4)),
          mo: part('mo', () => at(6, 2)),
          d: part('d', () => at(9, 2)),
          h: part('h', () => at(12, 2)),
          mi: part('mi', () => at(15, 2)),
          s: part('s', () => at(18, 2)),
          ms: part(
            'ms',
            () =>
              `(CASE WHEN substr(${t}, 20, 1) = '.' THEN CAST(rpad(substr(${t}, 21, least(3, length(${t}) - 20 - ${tail})), 3, '0') AS INTEGER) ELSE 0 END)`,
          ),
          sign: part('sign', () => `(CASE substr(${t}, -6, 1) WHEN '-' THEN -1 WHEN '+' THEN 1 ELSE 0 END)`),
          oh: part('oh', () => `(CASE WHEN ${signed} THEN CAST(substr(${t}, -5, 2) AS INTEGER) ELSE 0 END)`),
          om: part('om', () => `(CASE WHEN ${signed} THEN CAST(substr(${t}, -2, 2) AS INTEGER) ELSE 0 END)`),
        };
        return instantOf(parts);
      },
      3,
    );
  const dialect: SqlDialect<DuckRef> = {
    ...duckdb,
    // The engine's own database, whose default collation is DuckDB's: text compares by its UTF-8
    // bytes (code point order) with no COLLATE, which costs a third of a condition's time.
    collateOrder: (expr) => expr,
    collateEq: (expr) => expr,
    // A key of a value read per row: a column of its own, from the value's column.
    versionKey: (expr) => (isHoisted(expr) ? stagedVersionKey(expr) : versionKey(expr)),
    instantMs: (expr, p) => (isHoisted(expr) ? stagedInstant(expr) : instantMs(expr, p)),
    jsonIs: (ref, shape, p) => {
      if (!isBase(ref)) return duckdb.jsonIs(ref, shape, p);
      const t = type(ref, p);
      if (shape === 'missing') return `(COALESCE(${t}, 'NULL') = 'NULL')`;
      if (shape === 'object') return `COALESCE(${t} = 'OBJECT', FALSE)`;
      return `COALESCE(${t} = 'BOOLEAN' AND ${hoist(at('text', ref), () => scalar(ref, 'string', p))} = '${shape}', FALSE)`;
    },
    jsonScalar: (ref, t, test, p) => {
      if (!isBase(ref)) return duckdb.jsonScalar(ref, t, test, p);
      const v = value(ref, t, p);
      return `(CASE WHEN ${v} IS NOT NULL THEN ${test(v)} ELSE FALSE END)`;
    },
    jsonValue: (ref, t, p) => {
      if (!isBase(ref)) return duckdb.jsonValue(ref, t, p);
      return t === 'boolean'
        ? hoist(at('boolean', ref), () => duckdb.jsonValue(ref, t, p))
        : value(ref, t, p);
    },
    jsonText: (ref, p) => {
      if (!isBase(ref)) return duckdb.jsonText(ref, p);
      return hoist(at('json', ref), () => duckdb.jsonText(ref, p));
    },
    jsonAny: (ref, body, p) => {
      if (!isBase(ref)) return duckdb.jsonAny(ref, body, p);
      const alias = p.alias();
      const where = body({ root: alias, keys: [] });
      const array = hoist(
        at('array', ref),
        () => `CAST(CASE WHEN ${typeOf(ref, p)} = 'ARRAY' THEN ${extract(ref, p)} END AS JSON[])`,
      );
      return `COALESCE(list_bool_or(list_transform(${array}, lambda ${alias}: ${where})), FALSE)`;
    },
  };
  return { dialect, levels };
}
