import type { LikePattern } from '../../semantics/like.js';
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
  let expr = exprs.get(ref);
  if (expr === undefined) {
    expr = ref.keys.reduce((e, key) => `(${e} -> ${p.add(key)}::text)`, ref.base);
    exprs.set(ref, expr);
  }
  return expr;
}

/** `LIKE` pattern text: our pieces joined by `%`, with `!` escaping `!`, `%` and `_`. */
function likePattern(pattern: LikePattern): string {
  return pattern.pieces.map((piece) => piece.replace(/[!%_]/g, '!$&')).join('%');
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
  },
  placeholder: (index) => `$${index}`,
  quoteIdentifier: (name) => `"${name.replace(/"/g, '""')}"`,
  numberParam: (placeholder) => `${placeholder}::float8`,
  timestampParam: (placeholder) => `${placeholder}::timestamptz`,
  textParam: (placeholder) => `${placeholder}::text`,
  // "C" orders by byte, which on UTF-8 is code point order, whatever the database's collation.
  collateOrder: (expr) => `${expr} COLLATE "C"`,
  collateEq: (expr) => expr,
  inList: (expr, kind, values, p) =>
    `${expr} = ANY(${p.add(values)}::${kind === 'number' ? 'float8' : kind}[])`,
  like: (expr, pattern, p) => `${expr} COLLATE "C" LIKE ${p.add(likePattern(pattern))} ESCAPE '!'`,
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
