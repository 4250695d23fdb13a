import type { FilterNode } from '../ast/nodes.js';
import {
  arrayIncludes,
  arraySome,
  countOwnKeys,
  freeze,
  hasOwn,
  isArray,
  objectKeys,
  own,
  ownOptions,
  weakMapGet,
  weakMapSet,
} from '../builtins.js';
import { isOwnError, ownFilterError, pointer, safeMessage, showText } from '../errors.js';
import { type LimitOptions, type Limits, passLimits } from '../limits.js';
import { parseFilter } from '../parse/filter.js';
import { type FilterJson, printParsed } from '../parse/print.js';
import {
  DEFAULT_TIE_BREAKERS,
  type FieldDescription,
  type ResourceDescription,
  type ResourceName,
  resolveResource,
} from '../resources/descriptions.js';
import { describe } from './describe.js';
import { QueryError, type QueryProblem } from './errors.js';
import { checkFilterFields } from './filter-fields.js';
import { compareKeys, keyOf, type SortDirection, type SortKey, type SortValue } from './order.js';
import { base64url, sha256, utf8 } from './sha256.js';
import { closest } from './suggest.js';
import { decodeToken, encodeToken } from './token.js';

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
}

/** A page of results: `nextPageToken` is absent on the last page. */
export interface Page<T = Record<string, unknown>> {
  readonly items: T[];
  readonly nextPageToken?: string;
}

const SCALAR_TYPES: readonly string[] = ['string', 'integer', 'number', 'boolean', 'timestamp'];
const PROPERTIES = ['pageSize', 'filter', 'sort', 'pageToken', 'fields'] as const;
const DEFAULT_MAX_PAGE_SIZE = 1000;
const DEFAULT_PAGE_SIZE = 100;
const DEFAULT_MAX_SORT_KEYS = 8;

/** Secrets of plans, kept out of the plan object so printing a plan never shows them. */
const SECRETS = new WeakMap<QueryPlan, Uint8Array>();

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !isArray(value);
}

function positiveInteger(value: unknown, name: string, fallback: number, max = 1_000_000): number {
  if (value === undefined) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    throw new QueryError([
      {
        code: 'INVALID_OPTION',
        path: '',
        message: `option ${name} must be an integer from 1 to ${max}, got ${describe(value)}`,
      },
    ]);
  }
  return value;
}

function checkDescription(description: ResourceDescription): ResourceDescription {
  const bad = (message: string) =>
    new QueryError([{ code: 'INVALID_OPTION', path: '', message: `resource description: ${message}` }]);
  if (!isObject(description) || !isObject(description.fields) || !isArray(description.selectable)) {
    throw bad('expected { name, fields, selectable }');
  }
  for (const field of description.selectable) {
    if (!hasOwn(description.fields, field)) throw bad(`selectable field "${field}" is not in fields`);
  }
  for (const field of description.tieBreakers ?? DEFAULT_TIE_BREAKERS) {
    if (!hasOwn(description.fields, field)) throw bad(`tie-breaker "${field}" is not in fields`);
    // Versions equal as versions (`1.2`, `v1.2.0`) tie, and every non-version sorts as missing.
    if (isVersionField(description.fields[field])) {
      throw bad(`tie-breaker "${field}" is a version field, whose values tie; tie-breakers must be unique`);
    }
  }
  for (const [field, d] of Object.entries(description.fields)) {
    const format = (d as { format?: unknown } | undefined)?.format;
    if (format !== undefined && (format !== 'version' || d?.type !== 'string')) {
      throw bad(`field "${field}": format must be "version", on a string field`);
    }
    // A required field is read raw by the SQL and MongoDB targets (no type rank): it must be one scalar type.
    if (d?.required === true && (d.nullable === true || !arrayIncludes(SCALAR_TYPES, d.type))) {
      throw bad(`required field "${field}" must be a scalar type that is not nullable`);
    }
  }
  return description;
}

/** True when a field's description says its values are versions (`format: 'version'`). */
function isVersionField(d: FieldDescription | undefined): boolean {
  return d?.type === 'string' && d.format === 'version';
}

/** A sort key on `field`, ordered as versions when the description says its values are. */
function sortKey(description: ResourceDescription, field: string, direction: SortDirection): SortKey {
  const d = hasOwn(description.fields, field) ? description.fields[field] : undefined;
  return isVersionField(d) ? { field, direction, order: 'version' } : { field, direction };
}

/**
 * The description a `resource` argument names, or a typed error (`UNKNOWN_RESOURCE`, `INVALID_OPTION`).
 *
 * @example
 * resourceDescription('policy').selectable; // ['id', 'name', 'description', 'createdAt', 'updatedAt']
 */
export function resourceDescription(resource: ResourceName | ResourceDescription): ResourceDescription {
  const description = resolveResource(resource as string | ResourceDescription);
  if (description === undefined) {
    throw new QueryError([
      {
        code: 'UNKNOWN_RESOURCE',
        path: '',
        message: `unknown resource ${describe(resource)} (known: component, certificate, policy, upgradePlan, or pass a description)`,
      },
    ]);
  }
  return checkDescription(description);
}

/** JSON with object keys sorted, so equal filters hash equally whatever their key order. */
function canonical(value: unknown): string {
  if (isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (isObject(value)) {
    const keys = objectKeys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function bindingOf(
  resource: ResourceDescription,
  filter: FilterNode | undefined,
  sort: readonly SortKey[],
): string {
  const text = canonical([
    resource.name,
    filter === undefined ? null : printParsed(filter),
    // A version key's tokens carry version keys, not values: a token from before a field became a
    // version field (or after it stopped being one) is for another sort.
    sort.map((k) => (k.order === 'version' ? [k.field, k.direction, k.order] : [k.field, k.direction])),
  ]);
  return base64url(sha256(text).subarray(0, 16));
}

function parsePageSize(value: unknown, max: number, fallback: number, problems: QueryProblem[]): number {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 1 || value > max) {
    problems.push({
      code: 'INVALID_PAGE_SIZE',
      path: '/pageSize',
      message: `pageSize must be an integer from 1 to ${max}, got ${describe(value)}`,
    });
    return fallback;
  }
  return value;
}

function parseSort(
  value: unknown,
  resource: ResourceDescription,
  maxKeys: number,
  problems: QueryProblem[],
): SortKey[] | undefined {
  if (value === undefined || value === null) return [];
  if (!isObject(value)) {
    problems.push({
      code: 'INVALID_SORT',
      path: '/sort',
      message: `sort must be an object mapping field names to "asc" or "desc", got ${describe(value)}`,
    });
    return undefined;
  }
  // Counted before the entries are read: a sort of a million keys is refused at once.
  if (countOwnKeys(value, maxKeys) > maxKeys) {
    problems.push({
      code: 'INVALID_SORT',
      path: '/sort',
      message: `sort has more than ${maxKeys} keys; at most ${maxKeys} are allowed`,
    });
    return undefined;
  }
  const entries = Object.entries(value);
  // No key chosen is the default order, as `fields: []` is every field (a sort built from UI state).
  if (entries.length > maxKeys) {
    problems.push({
      code: 'INVALID_SORT',
      path: '/sort',
      message: `sort has ${entries.length} keys; at most ${maxKeys} are allowed`,
    });
    return undefined;
  }
  const keys: SortKey[] = [];
  let ok = true;
  for (const [field, direction] of entries) {
    const at = pointer('/sort', field);
    const description = hasOwn(resource.fields, field) ? resource.fields[field] : undefined;
    if (description === undefined) {
      const suggestion = closest(
        field,
        Object.entries(resource.fields)
          .filter(([, d]) => d.sortable)
          .map(([name]) => name),
      );
      problems.push({
        code: 'UNKNOWN_SORT_FIELD',
        path: at,
        message: `sort field "${showText(field)}" is not a field of ${resource.name}${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
        ...(suggestion === undefined ? {} : { suggestion }),
      });
      ok = false;
    } else if (!description.sortable) {
      problems.push({
        code: 'UNSORTABLE_FIELD',
        path: at,
        message: `field "${showText(field)}" of ${resource.name} cannot be sorted on`,
      });
      ok = false;
    }
    if (direction !== 'asc' && direction !== 'desc') {
      problems.push({
        code: 'INVALID_SORT_DIRECTION',
        path: at,
        message: `sort direction of "${showText(field)}" must be "asc" or "desc", got ${describe(direction)}`,
      });
      ok = false;
    }
    if (ok) keys.push(sortKey(resource, field, direction as SortDirection));
  }
  return ok ? keys : undefined;
}

function parseFields(
  value: unknown,
  resource: ResourceDescription,
  problems: QueryProblem[],
): string[] | undefined {
  if (value === undefined || value === null) return [];
  if (!isArray(value)) {
    problems.push({
      code: 'INVALID_FIELDS',
      path: '/fields',
      message: `fields must be an array of field names, got ${describe(value)}`,
    });
    return undefined;
  }
  const fieldCount = objectKeys(resource.fields).length;
  // Longer than the resource has fields, a list repeats or names unknown fields: refused whole, before
  // a suggestion is looked for each of a million names.
  if (value.length > fieldCount) {
    problems.push({
      code: 'INVALID_FIELDS',
      path: '/fields',
      message: `fields lists ${value.length} names; ${resource.name} has ${fieldCount} fields`,
    });
    return undefined;
  }
  const selectable = new Set(resource.selectable);
  const seen = new Set<string>();
  const out: string[] = [];
  value.forEach((field: unknown, i) => {
    const at = pointer('/fields', i);
    if (typeof field !== 'string') {
      problems.push({
        code: 'INVALID_FIELDS',
        path: at,
        message: `fields/${i} must be a field name, got ${describe(field)}`,
      });
    } else if (seen.has(field)) {
      problems.push({
        code: 'INVALID_FIELDS',
        path: at,
        message: `field "${showText(field)}" is selected twice`,
      });
    } else if (!selectable.has(field)) {
      const known = hasOwn(resource.fields, field);
      const suggestion = known ? undefined : closest(field, resource.selectable);
      problems.push({
        code: known ? 'UNSELECTABLE_FIELD' : 'UNKNOWN_FIELD',
        path: at,
        message: known
          ? `field "${showText(field)}" of ${resource.name} cannot be selected (selectable: ${resource.selectable.join(', ')})`
          : `field "${showText(field)}" is not a field of ${resource.name}${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
        ...(suggestion === undefined ? {} : { suggestion }),
      });
    } else {
      seen.add(field);
      out.push(field);
    }
  });
  return out;
}

function parseQueryFilter(
  value: unknown,
  resource: ResourceDescription,
  limits: { readonly limits: Limits },
  problems: QueryProblem[],
): FilterNode | undefined | false {
  if (value === undefined || value === null) return undefined;
  let node: FilterNode;
  try {
    node = parseFilter(value, limits);
  } catch (error) {
    const e = ownFilterError(error);
    if (e === undefined) throw error;
    problems.push({
      code: 'INVALID_FILTER',
      path: `/filter${e.path}`,
      message: `filter: ${e.message}`,
      filterCode: e.code,
    });
    return false;
  }
  const before = problems.length;
  checkFilterFields(node, '/filter', resource, problems);
  if (problems.length > before) return false;
  return node.clauses.length === 0 ? undefined : node;
}

/**
 * Validates a query request (the JSON body of a Q operation) against a resource and returns an
 * immutable plan that every target runs: `queryInMemory`, `queryToSql` (`svc-policy/sql`),
 * `queryToMongo` (`svc-policy/mongo`). Every problem is reported at once in a {@link QueryError}, each
 * with a JSON pointer into the request and a stable code.
 *
 * @example
 * const plan = parseQuery(
 *   { pageSize: 50, filter: { technology: { $eq: 'postgres' } }, sort: { region: 'asc' }, fields: ['id', 'region'] },
 *   'component',
 *   { secret: process.env.PAGE_TOKEN_SECRET },
 * );
 * plan.sort; // [{ field: 'region', direction: 'asc' }, { field: 'createdAt', … }, { field: 'id', … }]
 */
export function parseQuery(
  request: unknown,
  resource: ResourceName | ResourceDescription,
  given: QueryOptions = {},
): QueryPlan {
  const description = resourceDescription(resource);
  // Own properties only (null is "no options"): an option inherited from a polluted Object.prototype
  // is no option.
  const options = ownOptions(given);
  const limits = passLimits(options);
  try {
    return plan(request, description, options, limits);
  } catch (error) {
    if (isOwnError(error)) throw error;
    // A getter or a Proxy trap of a request handed in as a value threw while it was read.
    throw new QueryError([
      {
        code: 'INVALID_REQUEST',
        path: '',
        message: `the query request could not be read: ${safeMessage(error)}`,
      },
    ]);
  }
}

function plan(
  request: unknown,
  description: ResourceDescription,
  options: QueryOptions,
  limits: { readonly limits: Limits },
): QueryPlan {
  const maxPageSize = positiveInteger(options.maxPageSize, 'maxPageSize', DEFAULT_MAX_PAGE_SIZE);
  const defaultPageSize = positiveInteger(
    options.defaultPageSize,
    'defaultPageSize',
    Math.min(DEFAULT_PAGE_SIZE, maxPageSize),
    maxPageSize,
  );
  const maxSortKeys = positiveInteger(options.maxSortKeys, 'maxSortKeys', DEFAULT_MAX_SORT_KEYS, 100);
  const secret = secretBytes(options.secret);
  if (!isObject(request)) {
    throw new QueryError([
      {
        code: 'INVALID_REQUEST',
        path: '',
        message: `a query request must be a JSON object, got ${describe(request)}`,
      },
    ]);
  }
  const problems: QueryProblem[] = [];
  // Each unknown property gets a suggestion: a request of thousands of keys is refused before that,
  // counted before the keys are listed.
  if (countOwnKeys(request, limits.limits.maxKeys) > limits.limits.maxKeys) {
    throw new QueryError([
      {
        code: 'INVALID_REQUEST',
        path: '',
        message: `a query request has more than ${limits.limits.maxKeys} properties; it has ${PROPERTIES.length} (${PROPERTIES.join(', ')})`,
      },
    ]);
  }
  const keys = objectKeys(request);
  for (const key of keys) {
    if (arrayIncludes(PROPERTIES as readonly string[], key)) continue;
    const suggestion = key === 'nextToken' ? 'pageToken' : closest(key, PROPERTIES);
    problems.push({
      code: 'UNKNOWN_PROPERTY',
      path: pointer('', key),
      message: `unknown property "${showText(key)}" of a query request${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
      ...(suggestion === undefined ? {} : { suggestion }),
    });
  }
  // Own properties only: a polluted Object.prototype.filter is not part of any request.
  const pageSize = parsePageSize(own(request, 'pageSize'), maxPageSize, defaultPageSize, problems);
  const filter = parseQueryFilter(own(request, 'filter'), description, limits, problems);
  const requested = parseSort(own(request, 'sort'), description, maxSortKeys, problems);
  const selection = parseFields(own(request, 'fields'), description, problems);
  const token = own(request, 'pageToken');
  if (token !== undefined && token !== null && typeof token !== 'string') {
    problems.push({
      code: 'INVALID_PAGE_TOKEN',
      path: '/pageToken',
      message: `pageToken must be a string, got ${describe(token)}`,
    });
  }
  const sort: SortKey[] = [...(requested ?? [])];
  for (const field of description.tieBreakers ?? DEFAULT_TIE_BREAKERS) {
    if (!arraySome(sort, (k) => k.field === field)) sort.push(sortKey(description, field, 'asc'));
  }
  const binding = filter === false ? '' : bindingOf(description, filter, sort);
  let after: readonly SortValue[] | undefined;
  if (typeof token === 'string' && token !== '') {
    try {
      // Only the format can be judged when the filter or sort is wrong; the binding needs both.
      after = decodeToken(token, { binding, keys: sort.length }, secret);
    } catch (error) {
      if (!isOwnError(error) || !(error instanceof QueryError)) throw error;
      if (requested !== undefined && filter !== false) problems.push(...error.problems);
    }
  }
  if (problems.length > 0) throw new QueryError(problems);
  const fields = selection !== undefined && selection.length > 0 ? selection : [...description.selectable];
  const plan: QueryPlan = freeze({
    resource: description,
    pageSize,
    filter: filter === false ? undefined : filter,
    sort: freeze(sort.map((k) => freeze(k))),
    fields: freeze(fields),
    selected: selection !== undefined && selection.length > 0,
    after,
    binding,
  });
  // Captured: a replaced WeakMap.prototype.set must not leave a plan of a signing server unsigned.
  if (secret !== undefined) weakMapSet.call(SECRETS, plan, secret);
  return plan;
}

function secretBytes(secret: unknown): Uint8Array | undefined {
  if (secret === undefined) return undefined;
  if (typeof secret === 'string' && secret !== '') return utf8(secret);
  if (secret instanceof Uint8Array && secret.length > 0) return secret;
  throw new QueryError([
    { code: 'INVALID_OPTION', path: '', message: 'option secret must be a non-empty string or Uint8Array' },
  ]);
}

/**
 * The `nextPageToken` that continues after a row with sort key `key` (signed when the plan has a secret).
 *
 * @example
 * const token = pageTokenAfter(plan, keyOf(lastRow, plan.sort));
 */
export function pageTokenAfter(plan: QueryPlan, key: readonly SortValue[]): string {
  return encodeToken(
    { binding: plan.binding, key },
    weakMapGet.call(SECRETS, plan) as Uint8Array | undefined,
  );
}

/**
 * Only the plan's fields of a record that it has (a field the record lacks stays absent).
 *
 * @example
 * projectRecord({ id: 'c1', region: 'eu', vendor: 'aws' }, ['id', 'region']); // { id: 'c1', region: 'eu' }
 */
export function projectRecord(record: unknown, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (typeof record !== 'object' || record === null) return out;
  for (const field of fields) {
    if (hasOwn(record, field)) out[field] = (record as Record<string, unknown>)[field];
  }
  return out;
}

/**
 * Turns the rows a target fetched (at most `pageSize + 1`, in the plan's order) into a page: the first
 * `pageSize` items and, when there was one more row, the token of the last item's key. For a target of
 * your own.
 *
 * @example
 * finishPage(plan, rows, (r) => projectRecord(r, plan.fields), (r) => keyOf(r, plan.sort));
 */
export function finishPage<R>(
  plan: QueryPlan,
  rows: readonly R[],
  item: (row: R) => Record<string, unknown>,
  key: (row: R) => readonly SortValue[],
): Page {
  const more = rows.length > plan.pageSize;
  const shown = more ? rows.slice(0, plan.pageSize) : rows;
  const items = shown.map(item);
  if (!more) return { items };
  return { items, nextPageToken: pageTokenAfter(plan, key(shown[shown.length - 1]!)) };
}

/** True when a record's key comes after the plan's cursor (always true on the first page). */
export function isAfterCursor(plan: QueryPlan, key: readonly SortValue[]): boolean {
  return plan.after === undefined || compareKeys(key, plan.after, plan.sort) > 0;
}

export { keyOf };
