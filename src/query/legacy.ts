import { ARRAY_ANY, PATH_SEPARATOR } from '../ast/nodes.js';
import {
  arrayIncludes,
  countOwnKeys,
  hasOwn,
  isArray,
  objectKeys,
  own,
  stringIncludes,
} from '../builtins.js';
import { isOwnError, pointer, safeMessage, showText, showValue } from '../errors.js';
import { DEFAULT_LIMITS } from '../limits.js';
import type { ResourceName } from '../resources/descriptions.js';
import { QueryError, type QueryProblem } from './errors.js';
import { parseQuery, type QueryRequest } from './plan.js';
import { closest } from './suggest.js';

/** The deprecated legacy search operations of the API description (removed on 2026-09-04). */
export type LegacyOperation = 3 | 6 | 7 | 12;

/** What a legacy search operation becomes. */
export interface LegacyTarget {
  readonly operation: LegacyOperation;
  /** The legacy operation's path. */
  readonly legacyPath: string;
  /** The replacement query operation's path. */
  readonly path: string;
  /** The built-in resource the request is validated against, when the replacement has one. */
  readonly resource: ResourceName | undefined;
  /** Filter properties the legacy body may carry. */
  readonly filters: readonly string[];
  /** Largest `pageSize` of the operation. */
  readonly maxPageSize: number;
}

/** The legacy operations and their replacements, by operation number. */
export const LEGACY_OPERATIONS: { readonly [K in LegacyOperation]: LegacyTarget } = {
  3: {
    operation: 3,
    legacyPath: 'POST /policy/search',
    path: 'POST /policy/query',
    resource: 'policy',
    filters: ['name'],
    maxPageSize: 1000,
  },
  6: {
    operation: 6,
    legacyPath: 'POST /policy/{policyId}/component/search',
    path: 'POST /policy/{policyId}/component/query',
    // The replacement's shape is not in the description: the request is carried over unvalidated.
    resource: undefined,
    filters: ['technology', 'tags', 'dueDate'],
    maxPageSize: 100,
  },
  7: {
    operation: 7,
    legacyPath: 'POST /component/search',
    path: 'POST /component/query',
    resource: 'component',
    filters: ['tags', 'technology'],
    maxPageSize: 1000,
  },
  12: {
    operation: 12,
    legacyPath: 'POST /integration/search',
    path: 'POST /integration/query',
    resource: undefined,
    filters: ['type'],
    maxPageSize: 1000,
  },
};

/** A legacy search body rewritten as a query request. */
export interface LegacyConversion extends LegacyTarget {
  readonly request: QueryRequest;
  /** What changed in meaning or was left out (a dropped `nextToken`), for the person migrating. */
  readonly notices: readonly string[];
}

const BODY_KEYS = ['filter', 'sort', 'nextToken', 'pageSize'];
/**
 * Most keys an object of the body (the body, `sort`, `filter`, `dueDate`, a tag pair) and most pairs
 * `tags` may have: the query's own bound on an object's keys. Counted before anything is listed, so a
 * body of a million keys is refused at once.
 */
const MAX_KEYS = DEFAULT_LIMITS.maxKeys;
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'prototype', 'constructor']);

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !isArray(value);
}

function operationOf(operation: unknown): LegacyTarget | undefined {
  const n = typeof operation === 'string' && /^\d+$/.test(operation.trim()) ? Number(operation) : operation;
  if (typeof n === 'number' && hasOwn(LEGACY_OPERATIONS, n)) return LEGACY_OPERATIONS[n as LegacyOperation];
  if (typeof operation === 'string') {
    const text = operation.trim().replace(/\s+/g, ' ');
    return Object.values(LEGACY_OPERATIONS).find(
      (t) => t.legacyPath === text || t.legacyPath.slice('POST '.length) === text,
    );
  }
  return undefined;
}

/**
 * Rewrites the body of a legacy search (operations 3, 6, 7 and 12 of the API description) as the
 * common query request of its replacement: `name`, `type` and `technology` become `$eq`, each `tags`
 * pair `{key, value}` becomes `tags$.<key>: { $eq: value }` (the query representation's map), `dueDate`
 * `{gte, lt}` becomes `$gte`/`$lt`; `sort` and `pageSize` carry over; `nextToken` is dropped with a notice
 * (a legacy cursor means nothing to the query operation: the walk starts again). Anything else is a
 * `QueryError` listing every part that cannot be carried over, code `NOT_CONVERTIBLE` (or
 * `INVALID_REQUEST` for a malformed body). For operations 3 and 7 the result is checked with
 * `parseQuery` against the replacement's resource.
 *
 * @example
 * legacySearchToQuery(7, { filter: { technology: 'postgres', tags: [{ key: 'env', value: 'prod' }] }, nextToken: 'x' });
 * // { path: 'POST /component/query', request: { filter: { technology: { $eq: 'postgres' }, 'tags$.env': { $eq: 'prod' } } },
 * //   notices: ['nextToken dropped: …'], … }
 */
export function legacySearchToQuery(operation: LegacyOperation | string, body: unknown): LegacyConversion {
  try {
    return convert(operation, body);
  } catch (error) {
    if (isOwnError(error)) throw error;
    // A getter or a Proxy trap of a body handed in as a value threw (or the Proxy was revoked).
    throw new QueryError([
      {
        code: 'INVALID_REQUEST',
        path: '',
        message: `the legacy search body could not be read: ${safeMessage(error)}`,
      },
    ]);
  }
}

/** A `QueryError` when `value` has more than {@link MAX_KEYS} own keys (`what` names it). */
function checkKeyCount(value: object, at: string, what: string): void {
  if (countOwnKeys(value, MAX_KEYS) > MAX_KEYS) {
    throw new QueryError([
      { code: 'INVALID_REQUEST', path: at, message: `${what} has more than ${MAX_KEYS} keys` },
    ]);
  }
}

/**
 * {@link legacySearchToQuery}, reading own properties only: a property inherited from a polluted
 * `Object.prototype` is not part of a body.
 */
function convert(operation: LegacyOperation | string, body: unknown): LegacyConversion {
  const target = operationOf(operation);
  if (target === undefined) {
    throw new QueryError([
      {
        code: 'UNKNOWN_OPERATION',
        path: '',
        message: `unknown legacy search operation ${showValue(operation)} (known: 3 ${LEGACY_OPERATIONS[3].legacyPath}, 6 ${LEGACY_OPERATIONS[6].legacyPath}, 7 ${LEGACY_OPERATIONS[7].legacyPath}, 12 ${LEGACY_OPERATIONS[12].legacyPath})`,
      },
    ]);
  }
  if (!isObject(body)) {
    throw new QueryError([
      { code: 'INVALID_REQUEST', path: '', message: 'a legacy search body must be a JSON object' },
    ]);
  }
  checkKeyCount(body, '', 'a legacy search body');
  const problems: QueryProblem[] = [];
  const notices: string[] = [];
  const request: { -readonly [K in keyof QueryRequest]: QueryRequest[K] } = {};
  for (const key of objectKeys(body)) {
    if (arrayIncludes(BODY_KEYS, key)) continue;
    const suggestion = closest(key, BODY_KEYS);
    problems.push({
      code: 'NOT_CONVERTIBLE',
      path: pointer('', key),
      message: `"${showText(key)}" is not part of a legacy search body and has no equivalent in a query request${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
      ...(suggestion === undefined ? {} : { suggestion }),
    });
  }
  const nextToken = own(body, 'nextToken');
  const pageSize = own(body, 'pageSize');
  const sort = own(body, 'sort');
  if (nextToken !== undefined && nextToken !== null) {
    notices.push(
      'nextToken dropped: a legacy cursor cannot be carried over, so the query starts again from the first page (continue with nextPageToken)',
    );
  }
  if (pageSize !== undefined && pageSize !== null) {
    const n = pageSize;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > target.maxPageSize) {
      problems.push({
        code: 'INVALID_REQUEST',
        path: '/pageSize',
        message: `pageSize must be an integer from 1 to ${target.maxPageSize}, got ${showValue(n)}`,
      });
    } else request.pageSize = n;
  }
  if (sort !== undefined && sort !== null) {
    if (!isObject(sort)) {
      problems.push({
        code: 'INVALID_REQUEST',
        path: '/sort',
        message: 'sort must be an object such as { "createdAt": "asc" }',
      });
    } else {
      checkKeyCount(sort, '/sort', 'sort');
      // Read once: what is checked is what is carried over.
      const entries = Object.entries(sort);
      for (const [field, direction] of entries) {
        if (direction !== 'asc' && direction !== 'desc') {
          problems.push({
            code: 'NOT_CONVERTIBLE',
            path: pointer('/sort', field),
            message: `sort direction of "${showText(field)}" must be "asc" or "desc", got ${showValue(direction)}`,
          });
        }
      }
      // fromEntries defines each key as an own property, `__proto__` included.
      if (entries.length > 0) request.sort = Object.fromEntries(entries) as Record<string, 'asc' | 'desc'>;
    }
  }
  const origins: Origins = new Map();
  const filter = convertFilter(own(body, 'filter'), target, problems, origins);
  if (filter !== undefined && objectKeys(filter).length > 0) request.filter = filter;
  if (problems.length === 0 && target.resource !== undefined) {
    try {
      parseQuery(request, target.resource, { maxPageSize: target.maxPageSize });
    } catch (error) {
      if (!(error instanceof QueryError)) throw error;
      // Pointers into the legacy body, which the person migrating has; the query request's beside.
      for (const p of error.problems) {
        const path = legacyPointer(p.path, origins);
        problems.push({
          ...p,
          code: 'NOT_CONVERTIBLE',
          path,
          message: `in ${target.path}: ${p.message}`,
          ...(path === p.path ? {} : { requestPath: p.path }),
        });
      }
    }
  }
  if (problems.length > 0) throw new QueryError(problems);
  return { ...target, request, notices };
}

/**
 * Where each key of the converted filter came from in the legacy body: the pointer of what became the
 * key (a tag pair's `key`), of what became its `$eq` operand (a tag pair's `value`), and, for `dueDate`,
 * of each bound by its operator.
 */
type Origins = Map<
  string,
  { readonly key: string; readonly value: string; readonly ops?: Readonly<Record<string, string>> }
>;

/** A pointer into the converted request as a pointer into the legacy body (see {@link Origins}). */
function legacyPointer(path: string, origins: Origins): string {
  const match = /^\/filter\/([^/]*)(\/([^/]*))?/.exec(path);
  if (match === null) return path;
  const key = match[1]!.replace(/~1/g, '/').replace(/~0/g, '~');
  const origin = origins.get(key);
  if (origin === undefined) return path;
  const op = match[3];
  if (op === undefined) return origin.key;
  return origin.ops?.[op] ?? origin.value;
}

function convertFilter(
  filter: unknown,
  target: LegacyTarget,
  problems: QueryProblem[],
  origins: Origins,
): Record<string, unknown> | undefined {
  if (filter === undefined || filter === null) return undefined;
  if (!isObject(filter)) {
    problems.push({
      code: 'INVALID_REQUEST',
      path: '/filter',
      message: 'filter must be an object of legacy filter properties',
    });
    return undefined;
  }
  checkKeyCount(filter, '/filter', 'filter');
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(filter)) {
    const at = pointer('/filter', key);
    if (!arrayIncludes(target.filters, key)) {
      const suggestion = closest(key, target.filters);
      problems.push({
        code: 'NOT_CONVERTIBLE',
        path: at,
        message: `filter property "${showText(key)}" is not one of ${target.legacyPath} (${target.filters.join(', ')}); it cannot be carried over${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
        ...(suggestion === undefined ? {} : { suggestion }),
      });
      continue;
    }
    if (value === undefined || value === null) continue;
    switch (key) {
      case 'name':
      case 'type':
      case 'technology':
        if (typeof value !== 'string') {
          problems.push({
            code: 'INVALID_REQUEST',
            path: at,
            message: `filter property "${showText(key)}" must be a string, got ${showValue(value)}`,
          });
        } else {
          out[key] = { $eq: value };
          origins.set(key, { key: at, value: at });
        }
        break;
      case 'tags':
        convertTags(value, at, out, problems, origins);
        break;
      case 'dueDate':
        convertDueDate(value, at, out, problems, origins);
        break;
    }
  }
  return out;
}

function convertTags(
  value: unknown,
  at: string,
  out: Record<string, unknown>,
  problems: QueryProblem[],
  origins: Origins,
): void {
  if (!isArray(value)) {
    problems.push({
      code: 'INVALID_REQUEST',
      path: at,
      message: 'tags must be an array of { "key": …, "value": … } pairs',
    });
    return;
  }
  if (value.length > MAX_KEYS) {
    throw new QueryError([
      { code: 'INVALID_REQUEST', path: at, message: `tags has more than ${MAX_KEYS} pairs` },
    ]);
  }
  value.forEach((pair: unknown, i) => {
    const where = pointer(at, i);
    const key = isObject(pair) ? own(pair, 'key') : undefined;
    const tagValue = isObject(pair) ? own(pair, 'value') : undefined;
    if (!isObject(pair) || typeof key !== 'string' || typeof tagValue !== 'string') {
      problems.push({
        code: 'INVALID_REQUEST',
        path: where,
        message: `tags/${i} must be { "key": string, "value": string }`,
      });
      return;
    }
    checkKeyCount(pair, where, `tags/${i}`);
    const extra = objectKeys(pair).filter((k) => k !== 'key' && k !== 'value');
    if (extra.length > 0) {
      problems.push({
        code: 'NOT_CONVERTIBLE',
        path: pointer(where, extra[0]!),
        message: `tag property "${showText(extra[0]!)}" has no equivalent`,
      });
      return;
    }
    if (
      key === '' ||
      stringIncludes(key, PATH_SEPARATOR) ||
      key === ARRAY_ANY ||
      FORBIDDEN_SEGMENTS.has(key)
    ) {
      problems.push({
        code: 'NOT_CONVERTIBLE',
        path: pointer(where, 'key'),
        message: `tag key ${showValue(key)} cannot be written as a filter path (empty, containing "${PATH_SEPARATOR}", or reserved)`,
      });
      return;
    }
    const path = `tags${PATH_SEPARATOR}${key}`;
    const previous = out[path] as { $eq: string } | undefined;
    if (previous !== undefined && previous.$eq !== tagValue) {
      // One key with two values: the legacy meaning (either? both?) is not documented, so nothing is guessed.
      problems.push({
        code: 'NOT_CONVERTIBLE',
        path: where,
        message: `tag "${showText(key)}" is given twice with different values; a tag map holds one value per key, so the intent cannot be carried over`,
      });
      return;
    }
    out[path] = { $eq: tagValue };
    if (!origins.has(path)) origins.set(path, { key: pointer(where, 'key'), value: pointer(where, 'value') });
  });
}

function convertDueDate(
  value: unknown,
  at: string,
  out: Record<string, unknown>,
  problems: QueryProblem[],
  origins: Origins,
): void {
  if (!isObject(value)) {
    problems.push({
      code: 'INVALID_REQUEST',
      path: at,
      message: 'dueDate must be { "gte": timestamp, "lt": timestamp }',
    });
    return;
  }
  checkKeyCount(value, at, 'dueDate');
  const range: Record<string, string> = {};
  for (const [bound, v] of Object.entries(value)) {
    const op = bound === 'gte' ? '$gte' : bound === 'lt' ? '$lt' : undefined;
    if (op === undefined) {
      problems.push({
        code: 'NOT_CONVERTIBLE',
        path: pointer(at, bound),
        message: `dueDate bound "${showText(bound)}" has no equivalent (only gte and lt)`,
      });
    } else if (typeof v !== 'string' || Number.isNaN(Date.parse(v))) {
      problems.push({
        code: 'INVALID_REQUEST',
        path: pointer(at, bound),
        message: `dueDate.${bound} must be a timestamp string, got ${showValue(v)}`,
      });
    } else range[op] = v;
  }
  if (objectKeys(range).length > 0) {
    out.dueDate = range;
    origins.set('dueDate', {
      key: at,
      value: at,
      ops: { $gte: pointer(at, 'gte'), $lt: pointer(at, 'lt') },
    });
  }
}
