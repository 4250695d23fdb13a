import { FilterError } from '../../errors.js';
import type { LikePattern } from '../../semantics/like.js';
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
  let path = paths.get(ref);
  if (path === undefined) {
    const suffix = ref.keys.map(label).join('');
    if (ref.element === null) path = p.add(`$${suffix}`);
    else path = suffix === '' ? `${ref.element}.fullkey` : `(${ref.element}.fullkey || ${p.add(suffix)})`;
    paths.set(ref, path);
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

/** GLOB pattern: `*`, `?` and `[` become one-character classes; everything else is itself. */
function globPattern(pattern: LikePattern): string {
  return pattern.pieces.map((piece) => piece.replace(/[*?[]/g, '[$&]')).join('*');
}

/**
 * `$like` over the UTF-8 bytes of a blob: prefix, suffix, and a greedy leftmost walk over the middle
 * pieces (a recursive CTE). Byte matching equals code point matching on valid UTF-8. Used when U+0000
 * is involved, because GLOB (like every SQLite pattern function) stops at the first NUL.
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
  },
  placeholder: (index) => `?${index}`,
  quoteIdentifier: (name) => `"${name.replace(/"/g, '""')}"`,
  numberParam: (placeholder) => placeholder,
  timestampParam: () => {
    throw new FilterError('UNSUPPORTED', '', 'SQLite has no timestamptz type');
  },
  textParam: (placeholder) => placeholder,
  collateOrder: (expr) => `${expr} COLLATE BINARY`,
  collateEq: (expr) => `${expr} COLLATE BINARY`,
  inList: (expr, _kind, values, p) =>
    `${expr} IN (SELECT value FROM json_each(${p.add(JSON.stringify(values))}))`,
  like: (expr, pattern, p) => {
    const blob = blobLike(expr, pattern, p);
    if (pattern.pieces.some((piece) => piece.includes('\u0000'))) return blob;
    return `(CASE WHEN instr(CAST(${expr} AS BLOB), x'00') > 0 THEN ${blob} ELSE ${expr} GLOB ${p.add(globPattern(pattern))} END)`;
  },
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
