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
} from '../builtins.js';
import { resolveAsOf } from '../compile/filter.js';
import { FilterError, isOwnError, ownFilterError, pointer, safeMessage, showText } from '../errors.js';
import { type Limits, passLimits } from '../limits.js';
import { parseFilter } from '../parse/filter.js';
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
import { keyOf, type SortDirection, type SortKey, type SortValue } from './order.js';
import { bindingOf, keepSecret, secretBytes } from './page.js';
import { closest } from './suggest.js';
import { decodeToken } from './token.js';
import type { Page, QueryOptions, QueryPlan, QueryRequest } from './types.js';

const SCALAR_TYPES: readonly string[] = ['string', 'integer', 'number', 'boolean', 'timestamp'];
const PROPERTIES = ['pageSize', 'filter', 'sort', 'pageToken', 'fields'] as const;
const DEFAULT_MAX_PAGE_SIZE = 1000;
const DEFAULT_PAGE_SIZE = 100;
const DEFAULT_MAX_SORT_KEYS = 8;

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

/** The `asOf` option as an instant (ms), or the clock read now; a bad one is an `INVALID_OPTION`. */
function queryAsOf(given: unknown): number {
  try {
    return resolveAsOf(given);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    throw new QueryError([{ code: 'INVALID_OPTION', path: '', message: `option ${error.message}` }]);
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
  const asOf = queryAsOf(options.asOf);
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
  let walkAsOf: number | undefined;
  if (typeof token === 'string' && token !== '') {
    try {
      // Only the format can be judged when the filter or sort is wrong; the binding needs both.
      const decoded = decodeToken(token, { binding, keys: sort.length }, secret);
      after = decoded.key;
      walkAsOf = decoded.asOf;
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
    asOf: walkAsOf ?? asOf,
  });
  if (secret !== undefined) keepSecret(plan, secret);
  return plan;
}

export { finishPage, isAfterCursor, pageTokenAfter, projectRecord } from './page.js';
export type { Page, QueryOptions, QueryPlan, QueryRequest };
export { keyOf };

/**
 * The instant a page of `plan` is translated at: the plan's (`parseQuery`'s `asOf`, or the first page's,
 * carried in the page token), so that every page of a walk counts `$now` from one instant. A target's
 * own `asOf` option may only repeat it: another instant would make a walk repeat or skip records.
 */
export function pageAsOf(plan: QueryPlan, given: unknown): number {
  if (given !== undefined && resolveAsOf(given, '/asOf') !== plan.asOf) {
    throw new FilterError(
      'INVALID_OPTION',
      '/asOf',
      "asOf of a page query must be the plan's: pass it to parseQuery, whose plan keeps it for every page of the walk",
    );
  }
  return plan.asOf;
}
