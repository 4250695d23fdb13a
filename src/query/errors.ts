import { freeze } from '../builtins.js';
import { markOwn } from '../errors.js';

/** Stable codes of the problems a {@link QueryError} lists. Never renamed, only added to. */
export type QueryErrorCode =
  /** The request is not a JSON object, or a property of it has the wrong type. */
  | 'INVALID_REQUEST'
  /** A property of the request that the query request does not have. */
  | 'UNKNOWN_PROPERTY'
  /** `pageSize` is not an integer in the allowed range (1–1000 by default). */
  | 'INVALID_PAGE_SIZE'
  /**
   * `sort` is not an object or has more keys than allowed; or a page's last sort key is too long for a
   * page token.
   */
  | 'INVALID_SORT'
  /** A `sort` key that is not a field of the resource. */
  | 'UNKNOWN_SORT_FIELD'
  /** A `sort` key naming a field that cannot be sorted on. */
  | 'UNSORTABLE_FIELD'
  /** A `sort` direction other than `asc` or `desc`. */
  | 'INVALID_SORT_DIRECTION'
  /** `fields` is not an array of strings, or names a field twice. */
  | 'INVALID_FIELDS'
  /** A `fields` item that is not a field of the resource. */
  | 'UNKNOWN_FIELD'
  /** A `fields` item naming a field that cannot be selected. */
  | 'UNSELECTABLE_FIELD'
  /** The `filter` is not a valid filter (the filter's own code is in `filterCode`). */
  | 'INVALID_FILTER'
  /**
   * A valid filter that the target cannot run as written (the target's `FilterError` code is in
   * `filterCode`): text holding U+0000 on PostgreSQL, SQL nested deeper than the database allows, a
   * non-ISO operand on a `timestamptz` column…
   */
  | 'UNSUPPORTED_FILTER'
  /** A filter path naming a field the resource does not have, at any segment (or a key of a scalar). */
  | 'UNKNOWN_FILTER_FIELD'
  /** A filter path reading a field (or a value below it) that cannot be filtered on. */
  | 'UNFILTERABLE_FIELD'
  /**
   * A filter that can never match the type at its path (resources/schema.ts): an operand of another
   * type than the values (`{ createdAt: { $gte: 5 } }`), `$like` or a version operator on a value that
   * holds no strings, an order on booleans, a scalar compared with an object or a map, an array compared
   * or read by key without `__svcArrayAny__`, or a selector on a value that is not an array.
   */
  | 'FILTER_TYPE_MISMATCH'
  /**
   * The `pageToken` is not one this server issued for this filter and sort: malformed, truncated,
   * tampered with, of another format version, made for another filter or sort, or signed with another
   * secret (or unsigned where a signature is required).
   */
  | 'INVALID_PAGE_TOKEN'
  /** A resource name that is not built in. */
  | 'UNKNOWN_RESOURCE'
  /** An option passed to the API is out of range, or a resource description is malformed. */
  | 'INVALID_OPTION'
  /** `legacySearchToQuery`: an operation that is not one of the legacy searches (3, 6, 7, 12). */
  | 'UNKNOWN_OPERATION'
  /** `legacySearchToQuery`: a part of a legacy body that has no equivalent in a query request. */
  | 'NOT_CONVERTIBLE';

/** One problem of a query request: where (an RFC 6901 pointer into the request), what, and a hint. */
export interface QueryProblem {
  readonly code: QueryErrorCode;
  /** JSON pointer into the request body (`/sort/name`, `/fields/2`); `''` is the whole request. */
  readonly path: string;
  readonly message: string;
  /** For unknown names: the closest known name. */
  readonly suggestion?: string;
  /** For `INVALID_FILTER` and `UNSUPPORTED_FILTER`: the `FilterError` code. */
  readonly filterCode?: string;
  /**
   * For `legacySearchToQuery`, when the converted request was refused: the pointer into that request,
   * where it differs from `path` (then a pointer into the legacy body, such as `/filter/tags/0/value`
   * for the request's `/filter/tags$.env/$eq`).
   */
  readonly requestPath?: string;
}

/**
 * A query request that cannot be carried out: every problem found, not only the first. `code` and `path`
 * are those of the first problem, so a request with one problem reads like a plain error.
 *
 * @example
 * try {
 *   parseQuery({ pageSize: 0, sort: { nmae: 'asc' } }, 'policy');
 * } catch (e) {
 *   if (e instanceof QueryError) console.log(e.problems.map((p) => `${p.path} ${p.code}`));
 *   // ['/pageSize INVALID_PAGE_SIZE', '/sort/nmae UNKNOWN_SORT_FIELD']
 * }
 */
export class QueryError extends Error {
  override readonly name = 'QueryError';
  readonly code: QueryErrorCode;
  readonly path: string;
  readonly problems: readonly QueryProblem[];

  constructor(problems: readonly QueryProblem[]) {
    const first = problems[0];
    if (first === undefined) throw new TypeError('a QueryError needs at least one problem');
    const more =
      problems.length > 1
        ? ` (and ${problems.length - 1} more problem${problems.length > 2 ? 's' : ''})`
        : '';
    super(`${first.message}${more}`);
    this.code = first.code;
    this.path = first.path;
    this.problems = freeze(problems.map((p) => freeze({ ...p })));
    markOwn(this);
  }
}

/**
 * A filter that parsed but that a target cannot run, as a problem of the request: code
 * `UNSUPPORTED_FILTER`, the pointer inside `/filter`, the target's code in `filterCode`. A server
 * answers it like any bad request (400), never as an internal error.
 */
export function unsupportedFilter(error: {
  readonly code: string;
  readonly path: string;
  readonly message: string;
}): QueryError {
  return new QueryError([
    {
      code: 'UNSUPPORTED_FILTER',
      path: `/filter${error.path}`,
      message: `filter: ${error.message}`,
      filterCode: error.code,
    },
  ]);
}
