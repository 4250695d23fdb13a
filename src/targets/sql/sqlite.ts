import { arraySome, regexpTest, weakMapGet, weakMapSet } from '../../builtins.js';
import { FilterError } from '../../errors.js';
import type { LikePattern } from '../../semantics/like.js';
import { instantOfParts } from './instants.js';
import type { ParamSink, SqlDialect } from './types.js';

/**
 * A JSON value in SQLite: a document (`root`) and a JSON path into it. Inside a selector, `element` is
 * the alias of the `json_each` row, whose `fullkey` is the path of the element from the root, and the
 * root is that row's hidden `json` column (the same document): inside the subquery a bare column name
 * would resolve to a `json_each` column first when it is called `value`, `key`, `type`, `id`, `json`…
 */
export interface LiteRef {
  readonly root: string;
  readonly element: string | null;
  readonly keys: readonly string[];
}

/** A quoted path label; SQLite (≥ 3.45) reads JSON string escapes inside it, so any key is reachable. */
const label = (key: string): string => `.${JSON.stringify(key)}`;

const paths = new WeakMap<LiteRef, string>();

/** The SQL expression of the ref's path, bound once and reused (`?NNN` placeholders can repeat). */
function pathOf(ref: LiteRef, p: ParamSink): string {
  let path = weakMapGet.call(paths, ref);
  if (path === undefined) {
    const suffix = ref.keys.map(label).join('');
    if (ref.element === null) path = p.add(`$${suffix}`);
    else path = suffix === '' ? `${ref.element}.fullkey` : `(${ref.element}.fullkey || ${p.add(suffix)})`;
    weakMapSet.call(paths, ref, path);
  }
  return path;
}

/** `json_type` names: 'null', 'true', 'false', 'integer', 'real', 'text', 'array', 'object'; NULL when absent. */
function typeOf(ref: LiteRef, p: ParamSink): string {
  if (ref.element !== null && ref.keys.length === 0) return `${ref.element}.type`;
  return `json_type(${ref.root}, ${pathOf(ref, p)})`;
}

function extract(ref: LiteRef, p: ParamSink): string {
  if (ref.element !== null && ref.keys.length === 0) return `${ref.element}.value`;
  return `json_extract(${ref.root}, ${pathOf(ref, p)})`;
}

const encoder = new TextEncoder();
const bytes = (s: string): number => encoder.encode(s).length;

/**
 * What GLOB cannot match exactly: it stops at U+0000, and it decodes U+FFFE and U+FFFF as U+FFFD (its
 * UTF-8 reader maps noncharacters to the replacement character), so the three would match each other.
 * A pattern holding one of them goes the byte-wise way, which compares code points exactly. On the
 * value's side only U+0000 matters (decided in SQL from its byte, since the value is not known here):
 * a folded U+FFFE or U+FFFF in a value can only meet a `*` of a pattern without the trio, which takes
 * any character alike, or a literal character of it, which is never U+FFFD.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is one of the characters GLOB cannot match
const GLOB_UNSAFE = /[\u0000\uFFFD-\uFFFF]/;

/** GLOB pattern: `*`, `?` and `[` become one-character classes; everything else is itself. */
function globPattern(pattern: LikePattern): string {
  return pattern.pieces.map((piece) => piece.replace(/[*?[]/g, '[$&]')).join('*');
}

/**
 * `$like` over the UTF-8 bytes of a blob: prefix, suffix, and a greedy leftmost walk over the middle
 * pieces (a recursive CTE). Byte matching equals code point matching on valid UTF-8. Used where GLOB is
 * not exact (see `GLOB_UNSAFE`).
 */
function blobLike(expr: string, pattern: LikePattern, p: ParamSink): string {
  const { pieces } = pattern;
  const first = pieces[0]!;
  const last = pieces[pieces.length - 1]!;
  const middle = pieces.slice(1, -1).filter((piece) => piece !== '');
  const blob = `CAST(${expr} AS BLOB)`;
  const min = bytes(first) + bytes(last) + middle.reduce((n, piece) => n + bytes(piece), 0);
  const parts = [`length(${blob}) >= ${p.add(min)}`];
  const lf = first === '' ? '0' : p.add(bytes(first));
  const ll = last === '' ? '0' : p.add(bytes(last));
  if (first !== '') parts.push(`substr(${blob}, 1, ${lf}) = CAST(${p.add(first)} AS BLOB)`);
  if (last !== '') parts.push(`substr(${blob}, -${ll}) = CAST(${p.add(last)} AS BLOB)`);
  if (middle.length > 0) {
    const region = `substr(${blob}, ${lf} + 1, length(${blob}) - ${lf} - ${ll})`;
    parts.push(
      `(WITH RECURSIVE svc_p(i, piece) AS (SELECT CAST(key AS INTEGER), CAST(value AS BLOB) FROM json_each(${p.add(JSON.stringify(middle))})), ` +
        `svc_w(i, rest) AS (SELECT 0, ${region} UNION ALL SELECT svc_w.i + 1, substr(svc_w.rest, instr(svc_w.rest, svc_p.piece) + length(svc_p.piece)) ` +
        `FROM svc_w JOIN svc_p ON svc_p.i = svc_w.i WHERE instr(svc_w.rest, svc_p.piece) > 0) SELECT max(i) FROM svc_w) = ${p.add(middle.length)}`,
    );
  }
  return `(${parts.join(' AND ')})`;
}

/** A number (digits, no leading zeros) as its key: digit count of its digit count, digit count, digits. */
const encodeNumber = (d: string) => `length(length(${d})) || length(${d}) || ${d}`;

/** Dot-separated identifiers of `[0-9A-Za-z-]`, tested with GLOB (SQLite has no regular expressions). */
const identifiers = (x: string) =>
  `(${x} <> '' AND ${x} NOT GLOB '*[^0-9A-Za-z.-]*' AND ${x} NOT GLOB '*..*' AND ${x} NOT GLOB '.*' AND ${x} NOT GLOB '*.')`;

/** The dot-separated parts of `x` (checked: no quote, no backslash) as rows of `json_each`. */
const split = (x: string, alias: string) =>
  `json_each('["' || replace(${x}, '.', '","') || '"]') AS ${alias}`;

/**
 * The version key (semantics/version.ts) of a text. The text is split with `instr`/`substr` at the
 * first `+` (build) and the first `-` (pre-release), each piece checked with GLOB, and, once known
 * to be digits, letters, `-` and dots only, split into rows by `json_each` over a JSON array made with
 * `replace`. Any digit count works: parts never become numbers. GLOB stops at U+0000, so a text holding
 * one is not a version (it cannot be). The text enters through a derived table, so that no name of
 * the subqueries captures a column of the table (see `jsonAny`).
 */
function versionKey(expr: string, p: ParamSink): string {
  const a = p.alias();
  const s0 = `${a}_0`;
  const s1 = `${a}_1`;
  const split0 = `(SELECT CASE WHEN substr(${a}_t.t, 1, 1) = 'v' THEN substr(${a}_t.t, 2) ELSE ${a}_t.t END AS s, instr(CAST(${a}_t.t AS BLOB), x'00') AS z FROM (SELECT ${expr} AS t) AS ${a}_t) AS ${s0}`;
  const plus = `instr(${s0}.s, '+')`;
  const split1 = `(SELECT ${s0}.z AS z, CASE WHEN ${plus} > 0 THEN substr(${s0}.s, 1, ${plus} - 1) ELSE ${s0}.s END AS m, CASE WHEN ${plus} > 0 THEN substr(${s0}.s, ${plus} + 1) END AS b FROM ${split0}) AS ${s1}`;
  const dash = `instr(${s1}.m, '-')`;
  const split2 = `(SELECT ${s1}.z AS z, ${s1}.b AS b, CASE WHEN ${dash} > 0 THEN substr(${s1}.m, 1, ${dash} - 1) ELSE ${s1}.m END AS c, CASE WHEN ${dash} > 0 THEN substr(${s1}.m, ${dash} + 1) END AS r FROM ${split1}) AS ${a}`;
  const c = `${a}.c`;
  const valid =
    `${a}.z = 0 AND ${c} <> '' AND ${c} NOT GLOB '*[^0-9.]*' AND ${c} NOT GLOB '*..*' AND ${c} NOT GLOB '.*' AND ${c} NOT GLOB '*.' ` +
    `AND (${a}.r IS NULL OR ${identifiers(`${a}.r`)}) AND (${a}.b IS NULL OR ${identifiers(`${a}.b`)})`;
  // Parts up to the last non-zero one: trailing zero parts do not change a version.
  const parts =
    `COALESCE((SELECT group_concat('.' || ${encodeNumber(`${a}_p.d`)}, '' ORDER BY ${a}_p.i) FROM ` +
    `(SELECT ${a}_j.key AS i, ltrim(${a}_j.value, '0') AS d, max(CASE WHEN ltrim(${a}_j.value, '0') <> '' THEN ${a}_j.key END) OVER () AS m ` +
    `FROM ${split(c, `${a}_j`)}) AS ${a}_p WHERE ${a}_p.i <= ${a}_p.m), '')`;
  const id = `${a}_w.value`;
  const ids =
    `(SELECT group_concat(CASE WHEN ${id} NOT GLOB '*[^0-9]*' THEN ',1' || ${encodeNumber(`ltrim(${id}, '0')`)} ELSE ',2' || ${id} END, '' ORDER BY ${a}_w.key) ` +
    `FROM ${split(`${a}.r`, `${a}_w`)})`;
  return `(SELECT CASE WHEN ${valid} THEN ${parts} || (CASE WHEN ${a}.r IS NULL THEN '#' ELSE '!' || ${ids} END) END FROM ${split2})`;
}

/** The fixed start of a timestamp, up to the seconds, followed by at least one character. */
const TIMESTAMP_START = '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9][Tt][0-9][0-9]:[0-9][0-9]:[0-9][0-9]?*';

/**
 * The instant of a text. SQLite has no regular expressions: GLOB checks the start (up to the seconds)
 * and the zone at the end (`Z`, or `±hh:mm`: its length `zl`), and what lies between must be empty or a
 * `.` and digits. GLOB and `length` stop at U+0000, so a text holding one is never a timestamp (it is
 * not one). `CAST(… AS INTEGER)` never raises; the parts are read only once the shape is right.
 */
function instantMs(expr: string, p: ParamSink): string {
  const a = p.alias();
  const t = `${a}_z.t`;
  const zone =
    `(CASE WHEN instr(CAST(${a}_s.t AS BLOB), x'00') = 0 AND ${a}_s.t GLOB '${TIMESTAMP_START}' THEN ` +
    `(CASE WHEN ${a}_s.t GLOB '*[Zz]' THEN 1 WHEN ${a}_s.t GLOB '*[+-][0-9][0-9]:[0-9][0-9]' THEN 6 END) END)`;
  const middle = `substr(${t}, 20, length(${t}) - 19 - ${a}_z.zl)`;
  const shape =
    `(${a}_z.zl IS NOT NULL AND length(${t}) >= 19 + ${a}_z.zl AND ` +
    `(${middle} = '' OR (${middle} GLOB '.[0-9]*' AND substr(${middle}, 2) NOT GLOB '*[^0-9]*')))`;
  const int = (from: number, n: number) => `CAST(substr(${t}, ${from}, ${n}) AS INTEGER)`;
  const offset = (from: number) =>
    `(CASE WHEN ${a}_z.zl = 6 THEN CAST(substr(${t}, ${from}, 2) AS INTEGER) ELSE 0 END)`;
  const field = (sql: string, name: string) => `(CASE WHEN ${shape} THEN ${sql} END) AS ${name}`;
  const columns = [
    field(int(1, 4), 'y'),
    field(int(6, 2), 'mo'),
    field(int(9, 2), 'd'),
    field(int(12, 2), 'h'),
    field(int(15, 2), 'mi'),
    field(int(18, 2), 's'),
    `CAST(substr(substr(${middle}, 2) || '000', 1, 3) AS INTEGER) AS ms`,
    `(CASE WHEN ${a}_z.zl = 6 THEN (CASE substr(${t}, -6, 1) WHEN '-' THEN -1 ELSE 1 END) ELSE 0 END) AS sign`,
    `${offset(-5)} AS oh`,
    `${offset(-2)} AS om`,
  ];
  const q = (name: string) => `${a}.${name}`;
  const instant = instantOfParts(
    {
      y: q('y'),
      mo: q('mo'),
      d: q('d'),
      h: q('h'),
      mi: q('mi'),
      s: q('s'),
      ms: q('ms'),
      sign: q('sign'),
      oh: q('oh'),
      om: q('om'),
    },
    (e) => e,
  );
  return (
    `(SELECT ${instant} FROM (SELECT ${columns.join(', ')} FROM ` +
    `(SELECT ${a}_s.t AS t, ${zone} AS zl FROM (SELECT ${expr} AS t) AS ${a}_s) AS ${a}_z) AS ${a})`
  );
}

/**
 * SQLite hooks. Placeholders are numbered (`?NNN`) so one bound path serves both `json_type` and
 * `json_extract`. `COLLATE BINARY` compares UTF-8 bytes, which is code point order, and overrides a
 * `NOCASE` column. `$like` is GLOB (case-sensitive, unlike LIKE) with `*?[` escaped as classes.
 */
export const sqlite: SqlDialect<LiteRef> = {
  name: 'sqlite',
  capabilities: {
    nulInText: true,
    timestamptz: false,
    nanInNumberColumns: false,
    maxIdentifierBytes: 0,
    maxParameters: 32766,
    integerBooleans: true,
    indexNullsOrder: false,
    rowValueNullUnknown: true,
    // SQLITE_MAX_EXPR_DEPTH (1000): SQLite checks each expression with the heights of the expressions
    // around the subqueries it sits in, so nested selectors and `$elemMatch` use it up fast (the SQL of
    // 24 nested `$elemMatch` is refused). The subquery count only stops hopeless filters early.
    expressionLimits: {
      name: 'SQLITE_MAX_EXPR_DEPTH (1000)',
      maxSubqueries: 40,
      maxNestedHeight: 1000,
      maxHeight: 1000,
      maxParentheses: 2000,
    },
    // The default of node:sqlite and of most builds, in UTF-8 bytes.
    likePatternLimit: { name: 'SQLITE_MAX_LIKE_PATTERN_LENGTH (50,000 bytes)', maxBytes: 50_000 },
  },
  placeholder: (index) => `?${index}`,
  quoteIdentifier: (name) => `"${name.replace(/"/g, '""')}"`,
  numberParam: (placeholder) => placeholder,
  // SQLite stores NaN as NULL.
  numberKey: (expr) => expr,
  timestampParam: () => {
    throw new FilterError('UNSUPPORTED', '', 'SQLite has no timestamptz type');
  },
  instantKey: () => {
    throw new FilterError('UNSUPPORTED', '', 'SQLite has no timestamptz type');
  },
  instantText: () => {
    throw new FilterError('UNSUPPORTED', '', 'SQLite has no timestamptz type');
  },
  textParam: (placeholder) => placeholder,
  // Integers are 64-bit in SQLite: no cast needed.
  msParam: (placeholder) => placeholder,
  instantMs,
  columnInstantMs: () => {
    throw new FilterError('UNSUPPORTED', '', 'SQLite has no timestamptz type');
  },
  collateOrder: (expr) => `${expr} COLLATE BINARY`,
  collateEq: (expr) => `${expr} COLLATE BINARY`,
  inList: (expr, _kind, values, p) =>
    `${expr} IN (SELECT value FROM json_each(${p.add(JSON.stringify(values))}))`,
  // The byte-wise way binds its pieces, not a pattern; GLOB is given the pattern whole.
  likePatternBytes: (pattern) =>
    arraySome(pattern.pieces, (piece) => regexpTest(GLOB_UNSAFE, piece)) ? 0 : bytes(globPattern(pattern)),
  like: (expr, pattern, p) => {
    const blob = blobLike(expr, pattern, p);
    if (arraySome(pattern.pieces, (piece) => regexpTest(GLOB_UNSAFE, piece))) return blob;
    const nul = `instr(CAST(${expr} AS BLOB), x'00') > 0`;
    return `(CASE WHEN ${nul} THEN ${blob} ELSE ${expr} GLOB ${p.add(globPattern(pattern))} END)`;
  },
  versionKey,
  jsonColumn: (column, _type, path) => ({ root: column, element: null, keys: path }),
  jsonKey: (ref, key) => ({ root: ref.root, element: ref.element, keys: [...ref.keys, key] }),
  jsonIs: (ref, shape, p) => {
    const type = typeOf(ref, p);
    return shape === 'missing' ? `(COALESCE(${type}, 'null') = 'null')` : `(${type} IS '${shape}')`;
  },
  jsonScalar: (ref, type, test, p) => {
    const types = type === 'string' ? `'text'` : `'integer', 'real'`;
    return `(CASE WHEN ${typeOf(ref, p)} IN (${types}) THEN ${test(extract(ref, p))} ELSE FALSE END)`;
  },
  jsonValue: (ref, type, p) => {
    const t = typeOf(ref, p);
    if (type === 'boolean') return `(CASE ${t} WHEN 'true' THEN 1 WHEN 'false' THEN 0 END)`;
    const types = type === 'string' ? `'text'` : `'integer', 'real'`;
    return `(CASE WHEN ${t} IN (${types}) THEN ${extract(ref, p)} END)`;
  },
  jsonText: (ref, p) =>
    ref.element !== null && ref.keys.length === 0
      ? `json_quote(${ref.element}.value)`
      : `(${ref.root} -> ${pathOf(ref, p)})`,
  jsonAny: (ref, body, p) => {
    const alias = p.alias();
    const where = body({ root: `${alias}.json`, element: alias, keys: [] });
    // SQLite resolves a bare name in json_each's own arguments against json_each's columns first, so a
    // table column (unqualified: toSql does not know the table) enters through a derived table.
    const from =
      ref.element === null
        ? `(SELECT ${ref.root} AS doc) AS ${alias}_doc, json_each(${alias}_doc.doc, ${pathOf(ref, p)}) AS ${alias}`
        : `json_each(${ref.root}, ${pathOf(ref, p)}) AS ${alias}`;
    return `(CASE WHEN ${typeOf(ref, p)} IS 'array' THEN EXISTS (SELECT 1 FROM ${from} WHERE ${where}) ELSE FALSE END)`;
  },
};
