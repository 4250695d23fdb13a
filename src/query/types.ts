import type { FilterNode } from '../ast/nodes.js';
import type { LimitOptions } from '../limits.js';
import type { FilterJson } from '../parse/print.js';
import type { ResourceDescription } from '../resources/descriptions.js';
import type { SortDirection, SortKey, SortValue } from './order.js';

/**
 * The common query request of the API's Q operations, as the JSON body gives it. The description leaves
 * the field-selection property unnamed; this library names it `fields`.
 */
export interface QueryRequest {
  /** 1 to 1000 (or the configured bound); default {@link QueryOptions.defaultPageSize}. */
  readonly pageSize?: number;
  readonly filter?: FilterJson;
  /** Field name → `asc` | `desc`, in priority order. Default (absent or `{}`): `createdAt` ascending. */
  readonly sort?: Readonly<Record<string, SortDirection>>;
  /** The `nextPageToken` of the previous page. */
  readonly pageToken?: string;
  /** The fields each item carries; all selectable fields when empty or absent. */
  readonly fields?: readonly string[];
}

/** Options of {@link parseQuery}. */
export interface QueryOptions extends LimitOptions {
  /** Largest page size accepted (default 1000; the policy-scoped component search uses 100). */
  readonly maxPageSize?: number;
  /** Page size when the request has none (default 100, or `maxPageSize` when smaller). */
  readonly defaultPageSize?: number;
  /** Most keys a request's `sort` may have (default 8). */
  readonly maxSortKeys?: number;
  /**
   * A server secret: tokens are signed with HMAC-SHA-256 under it, and only tokens signed with it are
   * accepted. Without it tokens are bound to their filter and sort by a hash but can be forged.
   */
  readonly secret?: string | Uint8Array;
  /**
   * The instant the filter's `{ $now: … }` operands count from on a first page: a `Date`, an RFC 3339
   * timestamp or epoch milliseconds; default the clock, read once by `parseQuery`. A later page keeps
   * the instant of the walk's first page, which its `pageToken` carries (signed with the token).
   */
  readonly asOf?: Date | string | number;
}

/** An immutable, validated query: what to match, in which total order, from where, and what to return. */
export interface QueryPlan {
  readonly resource: ResourceDescription;
  readonly pageSize: number;
  /** The parsed filter; `undefined` matches every record. */
  readonly filter: FilterNode | undefined;
  /** The requested keys, then the tie-breakers (`createdAt` asc, `id` asc) not already requested. */
  readonly sort: readonly SortKey[];
  /** The fields items carry: the selection, or every selectable field. */
  readonly fields: readonly string[];
  /** True when the request selected fields (`fields` present and non-empty). */
  readonly selected: boolean;
  /** The key of the last row of the previous page; `undefined` on the first page. */
  readonly after: readonly SortValue[] | undefined;
  /** Hash of the normalized filter and sort, which page tokens carry. */
  readonly binding: string;
  /**
   * The instant (epoch milliseconds) every target evaluates the filter's `$now` operands at: the
   * `pageToken`'s on a later page of a walk (the first page's), else the `asOf` option, else the clock
   * when the plan was made. A target of your own binds this, never its own clock.
   */
  readonly asOf: number;
}

/** A page of results: `nextPageToken` is absent on the last page. */
export interface Page<T = Record<string, unknown>> {
  readonly items: T[];
  readonly nextPageToken?: string;
}
