import type { FilterNode } from '../ast/nodes.js';
import { hasOwn, isArray, objectKeys, weakMapGet, weakMapSet } from '../builtins.js';
import { readsNow } from '../compile/filter.js';
import { printParsed } from '../parse/print.js';
import type { ResourceDescription } from '../resources/descriptions.js';
import { QueryError } from './errors.js';
import { compareKeys, type SortKey, type SortValue } from './order.js';
import { base64url, sha256, utf8 } from './sha256.js';
import { encodeToken } from './token.js';
import type { Page, QueryPlan } from './types.js';

/** Page tokens and pages: what binds a token to its query, the signing secret, a page from rows. */

/** Secrets of plans, kept out of the plan object so printing a plan never shows them. */
const SECRETS = new WeakMap<QueryPlan, Uint8Array>();

/** Keeps the secret of a signing server's plan. */
export function keepSecret(plan: QueryPlan, secret: Uint8Array): void {
  // Captured: a replaced WeakMap.prototype.set must not leave a plan of a signing server unsigned.
  weakMapSet.call(SECRETS, plan, secret);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !isArray(value);
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

export function bindingOf(
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

export function secretBytes(secret: unknown): Uint8Array | undefined {
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
  // The walk's instant travels with it, for a filter whose answers depend on it (only then: the
  // tokens of other filters are as before).
  const asOf = plan.filter !== undefined && readsNow(plan.filter) ? plan.asOf : undefined;
  return encodeToken(
    { binding: plan.binding, key, asOf },
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
