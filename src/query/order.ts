import { compareCodePoints } from '../semantics/compare.js';
import { readKey, readLeaf } from '../semantics/values.js';
import { parseVersion, versionKey } from '../semantics/version.js';

/** A sort key value as pages compare and tokens carry it: a JSON scalar, or `null` for missing. */
export type SortValue = null | number | string | boolean;

export type SortDirection = 'asc' | 'desc';

/** One key of a total order. */
export interface SortKey {
  readonly field: string;
  readonly direction: SortDirection;
  /**
   * `version`: the field's description has `format: 'version'`, and the key is the value's version key
   * ({@link versionSortValue}), not the value.
   */
  readonly order?: 'version';
}

/**
 * The type order of sort values, ascending (docs/query.md): missing and `null` (and any value that is
 * not a scalar: an object, an array, `NaN`), then numbers, then strings, then booleans. It is BSON's
 * order restricted to these types, so MongoDB needs no re-ranking, and SQL spells it out.
 */
export const TYPE_RANK = { missing: 0, number: 1, string: 2, boolean: 3 } as const;

export type TypeRank = (typeof TYPE_RANK)[keyof typeof TYPE_RANK];

/**
 * The value a record sorts by for a top-level field (a `Date` reads as its ISO string).
 *
 * @example
 * sortValue({ tags: { a: '1' }, n: 2 }, 'tags'); // null: objects sort as missing
 */
export function sortValue(record: unknown, field: string, order?: 'version'): SortValue {
  const value = readLeaf(readKey(record, field));
  return order === 'version' ? versionSortValue(value) : toSortValue(value);
}

/**
 * The sort value of a version key: the version key of semantics/version.ts (a string whose code point
 * order is the version order, equal for equal versions), the same string the SQL and MongoDB targets
 * compute; `null` (missing) for anything that is not a version, so non-versions sort with missing
 * values and go by the next keys.
 *
 * @example
 * versionSortValue('v1.29.0') === versionSortValue('1.29'); // true
 * versionSortValue('latest'); // null
 */
export function versionSortValue(value: unknown): SortValue {
  if (typeof value !== 'string') return null;
  const parsed = parseVersion(value);
  return parsed === undefined ? null : versionKey(parsed);
}

/** A read value as a sort value: non-scalars (and `NaN`) sort as missing. */
export function toSortValue(value: unknown): SortValue {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value;
    case 'number':
      return Number.isNaN(value) ? null : value;
    default:
      return null;
  }
}

/**
 * The rank of a value in the type order.
 *
 * @example
 * rankOf('x') > rankOf(5); // true: strings sort after numbers
 */
export function rankOf(value: SortValue): TypeRank {
  if (value === null) return TYPE_RANK.missing;
  if (typeof value === 'number') return TYPE_RANK.number;
  if (typeof value === 'string') return TYPE_RANK.string;
  return TYPE_RANK.boolean;
}

/**
 * Ascending comparison of two sort values: type order first, then numbers, code points, false < true.
 *
 * @example
 * [true, 'b', null, 2].sort(compareSortValues); // [null, 2, 'b', true]
 */
export function compareSortValues(a: SortValue, b: SortValue): number {
  const ra = rankOf(a);
  const rb = rankOf(b);
  if (ra !== rb) return ra - rb;
  if (typeof a === 'number') return a === (b as number) ? 0 : a < (b as number) ? -1 : 1;
  if (typeof a === 'string') return Math.sign(compareCodePoints(a, b as string));
  if (typeof a === 'boolean') return a === b ? 0 : a ? 1 : -1;
  return 0;
}

/**
 * Compares two keys (one value per sort key) under `sort`.
 *
 * @example
 * compareKeys(['eu', 'a'], ['eu', 'b'], plan.sort); // < 0 when both keys are ascending
 */
export function compareKeys(
  a: readonly SortValue[],
  b: readonly SortValue[],
  sort: readonly SortKey[],
): number {
  for (let i = 0; i < sort.length; i++) {
    const c = compareSortValues(a[i] ?? null, b[i] ?? null);
    if (c !== 0) return sort[i]!.direction === 'asc' ? c : -c;
  }
  return 0;
}

/**
 * The key of a record under `sort`.
 *
 * @example
 * keyOf(component, plan.sort); // ['eu-west-1', '2026-01-01T00:00:00.000Z', 'c1']
 */
export function keyOf(record: unknown, sort: readonly SortKey[]): SortValue[] {
  return sort.map((k) => sortValue(record, k.field, k.order));
}
