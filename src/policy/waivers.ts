import type { FilterNode } from '../ast/nodes.js';
import { freeze, hasOwn, isArray, jsonStringify, numberIsFinite, objectKeys } from '../builtins.js';
import { FilterError, ownFilterError, pointer, restateAt, showPointer, showText } from '../errors.js';
import { type ParseOptions, parseFilter } from '../parse/filter.js';
import { describe, isPlainObject } from '../parse/operands.js';
import { compareCodePoints } from '../semantics/compare.js';
import { isoOf, timestampMs } from '../semantics/time.js';

/**
 * Waivers: accepted exceptions as data (docs/waivers.md). A waiver names a policy, the resources it
 * covers (by `id` and/or a filter), the statuses it accepts and when it expires; a resource it covers
 * whose computed status it accepts keeps that status and is marked waived, while `asOf < expires`.
 */

/** What a waiver accepts: one status by name, or any status of criticality at most `maxCriticality`. */
export type WaiverAccepts = { readonly status: string } | { readonly maxCriticality: number };

/** A waiver as written in a waiver file (`{ "waivers": [ … ] }`). */
export interface WaiverDefinition {
  /** Unique in its list: the name of the mark. */
  readonly id: string;
  /** The `name` of the policy it waives. */
  readonly policy: string;
  /** Resources by their `id` field (a string). With `filter` too, a resource must be in both. */
  readonly ids?: readonly string[];
  /** Resources by a filter (the filter language of policies). */
  readonly filter?: unknown;
  readonly accepts: WaiverAccepts;
  /** RFC 3339 instant with an offset (`Z` or `±hh:mm`): active while `asOf < expires`, to the millisecond. */
  readonly expires: string;
  readonly owner: string;
  readonly reason: string;
  /** A link to the ticket tracking the exception. */
  readonly ticket?: string;
}

/** A checked waiver. */
export interface NormalizedWaiver {
  readonly id: string;
  readonly policy: string;
  readonly ids: readonly string[] | null;
  /** The filter as given (a JSON filter), `null` without one. */
  readonly filter: unknown;
  /** What it covers: `{ id: { $in: ids } }` and the filter, as one filter AST. */
  readonly covers: FilterNode;
  /** The covering filter as JSON (what SQL and MongoDB translate). */
  readonly coversJson: Readonly<Record<string, unknown>>;
  /** The parts `covers` is the AND of (`ids`, `filter`), each with its JSON pointer, for errors of targets. */
  readonly coverParts: readonly { readonly node: FilterNode; readonly at: string }[];
  readonly accepts: WaiverAccepts;
  /** As written. */
  readonly expires: string;
  /** Its instant, milliseconds since the epoch (a fraction past the millisecond is truncated). */
  readonly expiresMs: number;
  readonly owner: string;
  readonly reason: string;
  readonly ticket: string | null;
  /** JSON pointer of the waiver in the document it was read from. */
  readonly path: string;
}

/** Stable codes of waiver problems, besides the filter error codes of a waiver's `filter`. */
export type WaiverProblemCode =
  | 'INVALID_TYPE'
  | 'MISSING_PROPERTY'
  | 'UNKNOWN_PROPERTY'
  | 'EMPTY_VALUE'
  /** A waiver without `expires`: every waiver ends. */
  | 'MISSING_EXPIRY'
  /** `expires` that is not an RFC 3339 instant with an offset. */
  | 'INVALID_EXPIRY'
  /** Two waivers with one `id`. */
  | 'DUPLICATE_WAIVER_ID'
  /** Neither `ids` nor `filter`: a waiver covers named resources, never a whole policy by accident. */
  | 'MISSING_COVERAGE'
  /** `accepts` that is neither `{ status }` nor `{ maxCriticality }`. */
  | 'INVALID_ACCEPTS'
  /** `accepts.status` is not a status of the policy it waives. */
  | 'UNKNOWN_STATUS'
  | string;

export interface WaiverProblem {
  readonly code: WaiverProblemCode;
  /** RFC 6901 JSON pointer into the waiver document as given. */
  readonly path: string;
  readonly message: string;
}

/**
 * A waiver list that cannot be used. `problems` lists every problem (never empty); `code` is
 * `INVALID_WAIVERS` and `path` the first problem's, so code catching {@link FilterError} catches it too.
 */
export class WaiverError extends FilterError {
  readonly problems: readonly WaiverProblem[];

  constructor(problems: readonly WaiverProblem[]) {
    const first = problems[0];
    const head =
      problems.length === 1 ? 'invalid waiver: ' : `invalid waivers (${problems.length} problems): `;
    super(
      'INVALID_WAIVERS',
      first?.path ?? '',
      head + problems.map((p) => `${p.message} [${p.code}]`).join('; '),
    );
    Object.defineProperty(this, 'name', { value: 'WaiverError', enumerable: false, configurable: true });
    this.problems = freeze([...problems]);
  }
}

const WAIVER_KEYS = new Set([
  'id',
  'policy',
  'ids',
  'filter',
  'accepts',
  'expires',
  'owner',
  'reason',
  'ticket',
]);
/** Names a waiver file may carry at its root besides `waivers` (the editor's schema reference). */
const ROOT_KEYS = new Set(['waivers', '$schema']);
/** The field `ids` are matched against. */
export const WAIVER_ID_FIELD = 'id';

/** The result of {@link checkWaivers}: `waivers` is set when there is no problem. */
export interface WaiverCheck {
  readonly problems: readonly WaiverProblem[];
  readonly waivers?: readonly NormalizedWaiver[];
  /** The waivers without a problem of their own, even when others have some (what validation reads on). */
  readonly checked: readonly NormalizedWaiver[];
}

/**
 * Checks a waiver document: `{ "waivers": [ … ] }` (the file's shape) or the list itself. Every
 * problem is collected; none is thrown.
 */
export function checkWaivers(input: unknown, options?: ParseOptions): WaiverCheck {
  const problems: WaiverProblem[] = [];
  const add: Add = (code, path, what) => {
    problems.push(freeze({ code, path, message: `${what} at ${showPointer(path)}` }));
  };
  add.raw = (p) => problems.push(freeze(p));
  add.count = () => problems.length;
  let list: unknown = input;
  let base = '';
  if (isPlainObject(input)) {
    for (const key of objectKeys(input)) {
      if (!ROOT_KEYS.has(key))
        add('UNKNOWN_PROPERTY', pointer('', key), `unknown property "${showText(key)}" in a waiver file`);
    }
    if (!hasOwn(input, 'waivers')) {
      add('MISSING_PROPERTY', '', 'a waiver file needs "waivers": [ … ]');
      return { problems, checked: [] };
    }
    list = input.waivers;
    base = '/waivers';
  }
  if (!isArray(list)) {
    add('INVALID_TYPE', base, `waivers must be a list, got ${describe(list)}`);
    return { problems, checked: [] };
  }
  const seen = new Map<string, string>();
  const waivers: NormalizedWaiver[] = [];
  list.forEach((item: unknown, i: number) => {
    const at = `${base}/${i}`;
    const w = checkWaiver(item, at, add, options);
    if (w === undefined) return;
    const first = seen.get(w.id);
    if (first !== undefined) {
      add(
        'DUPLICATE_WAIVER_ID',
        pointer(at, 'id'),
        `waiver id ${jsonStringify(showText(w.id))} is already the id of ${showPointer(first)}`,
      );
      return;
    }
    seen.set(w.id, at);
    waivers.push(w);
  });
  return problems.length === 0
    ? { problems, waivers: freeze(waivers), checked: waivers }
    : { problems, checked: waivers };
}

/** The waivers of `input` (a document or a list, or already checked), or a {@link WaiverError}. */
export function readWaivers(input: unknown, options?: ParseOptions): readonly NormalizedWaiver[] {
  if (isArray(input) && input.every(isNormalized)) return input as readonly NormalizedWaiver[];
  const { problems, waivers } = checkWaivers(input, options);
  if (waivers === undefined) throw new WaiverError(problems);
  return waivers;
}

const normalized = new WeakSet<object>();
function isNormalized(value: unknown): boolean {
  return typeof value === 'object' && value !== null && normalized.has(value);
}

/** Records a problem ("<what> at <pointer>"); `raw` one whose message names its place; `count` so far. */
interface Add {
  (code: WaiverProblemCode, path: string, what: string): void;
  raw: (problem: WaiverProblem) => void;
  count: () => number;
}

function nonEmptyString(
  input: Record<string, unknown>,
  key: string,
  at: string,
  add: Add,
  required: boolean,
): string | undefined {
  if (!hasOwn(input, key)) {
    if (required) add('MISSING_PROPERTY', at, `a waiver needs "${key}"`);
    return undefined;
  }
  const value = input[key];
  if (typeof value !== 'string') {
    add('INVALID_TYPE', pointer(at, key), `"${key}" must be a string, got ${describe(value)}`);
    return undefined;
  }
  if (value.trim() === '') {
    add('EMPTY_VALUE', pointer(at, key), `"${key}" must not be empty`);
    return undefined;
  }
  return value;
}

function checkWaiver(
  input: unknown,
  at: string,
  add: Add,
  options: ParseOptions | undefined,
): NormalizedWaiver | undefined {
  if (!isPlainObject(input)) {
    add('INVALID_TYPE', at, `a waiver must be an object, got ${describe(input)}`);
    return undefined;
  }
  const before = add.count();
  for (const key of objectKeys(input)) {
    if (!WAIVER_KEYS.has(key))
      add('UNKNOWN_PROPERTY', pointer(at, key), `unknown property "${showText(key)}" in a waiver`);
  }
  const id = nonEmptyString(input, 'id', at, add, true);
  const policy = nonEmptyString(input, 'policy', at, add, true);
  const owner = nonEmptyString(input, 'owner', at, add, true);
  const reason = nonEmptyString(input, 'reason', at, add, true);
  const ticket = nonEmptyString(input, 'ticket', at, add, false);

  let expires: string | undefined;
  let expiresMs = Number.NaN;
  if (!hasOwn(input, 'expires')) {
    add(
      'MISSING_EXPIRY',
      at,
      'a waiver needs "expires" (an RFC 3339 instant such as "2027-03-01T00:00:00Z"): every waiver ends',
    );
  } else if (typeof input.expires !== 'string' || Number.isNaN(timestampMs(input.expires))) {
    add(
      'INVALID_EXPIRY',
      pointer(at, 'expires'),
      `"expires" must be an RFC 3339 instant with an offset ("2027-03-01T00:00:00Z", "2027-03-01T09:00:00+01:00"), got ${describe(input.expires)}`,
    );
  } else {
    expires = input.expires;
    expiresMs = timestampMs(expires);
  }

  let ids: string[] | null = null;
  if (hasOwn(input, 'ids')) {
    const given = input.ids;
    if (!isArray(given) || given.length === 0) {
      add(
        'INVALID_TYPE',
        pointer(at, 'ids'),
        `"ids" must be a non-empty list of resource ids, got ${describe(given)}`,
      );
    } else {
      ids = [];
      given.forEach((v: unknown, i: number) => {
        if (typeof v !== 'string' || v === '') {
          add(
            'INVALID_TYPE',
            pointer(pointer(at, 'ids'), String(i)),
            `a resource id must be a non-empty string, got ${describe(v)}`,
          );
        } else ids!.push(v);
      });
    }
  }
  let filter: unknown = null;
  let filterNode: FilterNode | undefined;
  if (hasOwn(input, 'filter')) {
    filter = input.filter;
    const fat = pointer(at, 'filter');
    try {
      filterNode = parseFilter(filter, options);
    } catch (error) {
      const e = ownFilterError(error);
      if (e === undefined) throw error;
      add.raw({ code: e.code, path: fat + e.path, message: restateAt(e.message, e.path, fat) });
    }
  }
  if (!hasOwn(input, 'ids') && !hasOwn(input, 'filter')) {
    add('MISSING_COVERAGE', at, 'a waiver names the resources it covers: "ids", "filter" or both');
  }

  let accepts: WaiverAccepts | undefined;
  if (!hasOwn(input, 'accepts'))
    add('MISSING_PROPERTY', at, 'a waiver needs "accepts": { "status": … } or { "maxCriticality": … }');
  else accepts = checkAccepts(input.accepts, pointer(at, 'accepts'), add);

  if (add.count() !== before) return undefined;
  const coversJson: Record<string, unknown> = {};
  const parts: Record<string, unknown>[] = [];
  if (ids !== null) parts.push({ [WAIVER_ID_FIELD]: { $in: ids } });
  if (filterNode !== undefined) parts.push(filter as Record<string, unknown>);
  if (parts.length === 1) Object.assign(coversJson, parts[0]);
  else coversJson.$and = parts;
  const coverParts: { node: FilterNode; at: string }[] = [];
  if (ids !== null) coverParts.push({ node: parseFilter(parts[0], options), at: pointer(at, 'ids') });
  if (filterNode !== undefined) coverParts.push({ node: filterNode, at: pointer(at, 'filter') });
  const waiver: NormalizedWaiver = freeze({
    id: id!,
    policy: policy!,
    ids: ids === null ? null : freeze(ids),
    filter,
    covers: parseFilter(coversJson, options),
    coversJson: freeze(coversJson),
    coverParts: freeze(coverParts.map((part) => freeze(part))),
    accepts: accepts!,
    expires: expires!,
    expiresMs,
    owner: owner!,
    reason: reason!,
    ticket: ticket ?? null,
    path: at,
  });
  normalized.add(waiver);
  return waiver;
}

function checkAccepts(value: unknown, at: string, add: Add): WaiverAccepts | undefined {
  const shape = 'accepts must be { "status": "<name>" } or { "maxCriticality": <number> }';
  if (!isPlainObject(value)) {
    add('INVALID_ACCEPTS', at, `${shape}, got ${describe(value)}`);
    return undefined;
  }
  const keys = objectKeys(value);
  if (keys.length !== 1 || (keys[0] !== 'status' && keys[0] !== 'maxCriticality')) {
    add('INVALID_ACCEPTS', at, shape);
    return undefined;
  }
  if (keys[0] === 'status') {
    if (typeof value.status !== 'string' || value.status === '') {
      add('INVALID_ACCEPTS', pointer(at, 'status'), `a status name, got ${describe(value.status)}`);
      return undefined;
    }
    return freeze({ status: value.status });
  }
  const n = value.maxCriticality;
  if (typeof n !== 'number' || !numberIsFinite(n)) {
    add('INVALID_ACCEPTS', pointer(at, 'maxCriticality'), `a finite number, got ${describe(n)}`);
    return undefined;
  }
  return freeze({ maxCriticality: n });
}

/** Whether `waiver` accepts a status of that name and criticality. */
export function accepts(waiver: NormalizedWaiver, status: string, criticality: number): boolean {
  const a = waiver.accepts;
  return 'status' in a ? a.status === status : criticality <= a.maxCriticality;
}

/** Whether the waiver is active at `asOf` (ms): until its expiry instant, excluded. */
export function isActive(waiver: NormalizedWaiver, asOf: number): boolean {
  return asOf < waiver.expiresMs;
}

/**
 * The order in which waivers are tried, so that the one named is the same on every target: the one that
 * expires last first; on equal expiry instants, the smallest id (code point order).
 */
export function waiverOrder(a: NormalizedWaiver, b: NormalizedWaiver): number {
  return b.expiresMs - a.expiresMs || compareCodePoints(a.id, b.id);
}

/** The mark of a waived result. */
export interface WaiverMark {
  readonly id: string;
  /** The waiver's expiry instant, ISO 8601 in UTC to the millisecond. */
  readonly expires: string;
}

/** The active waiver of one resource, as {@link activeWaiver} tells it. */
export interface ActiveWaiver extends WaiverMark {
  readonly expiresMs: number;
  readonly waiver: NormalizedWaiver;
}

/** A status of a policy, as waivers read it. */
export interface WaivedStatus {
  readonly name: string;
  readonly criticality: number;
}

/**
 * Checks waivers against one policy's statuses: an `accepts.status` the policy does not have is an
 * `UNKNOWN_STATUS` problem (a waiver that could never apply is a mistake, not a no-op).
 */
export function waiverStatusProblems(
  waivers: readonly NormalizedWaiver[],
  policy: string,
  statuses: readonly WaivedStatus[],
): WaiverProblem[] {
  const out: WaiverProblem[] = [];
  for (const w of waivers) {
    if (w.policy !== policy || !('status' in w.accepts)) continue;
    const name = w.accepts.status;
    if (statuses.some((s) => s.name === name)) continue;
    const path = `${w.path}/accepts/status`;
    out.push(
      freeze({
        code: 'UNKNOWN_STATUS',
        path,
        message: `status ${jsonStringify(showText(name))} is not a status of policy ${jsonStringify(showText(policy))} (${statuses.map((s) => jsonStringify(showText(s.name))).join(', ')}) at ${showPointer(path)}`,
      }),
    );
  }
  return out;
}

/**
 * The waivers of one policy in the order they are tried (see {@link waiverOrder}), each with the
 * statuses it accepts; those expired at `asOf` apart (they change nothing but are reported).
 * Throws a {@link WaiverError} `UNKNOWN_STATUS` for an accepted status the policy does not have.
 */
export function waiversOf(
  waivers: readonly NormalizedWaiver[],
  policy: string,
  statuses: readonly WaivedStatus[],
  asOf: number,
): {
  readonly active: readonly NormalizedWaiver[];
  readonly expired: readonly NormalizedWaiver[];
  readonly accepted: ReadonlyMap<NormalizedWaiver, readonly string[]>;
} {
  const unknown = waiverStatusProblems(waivers, policy, statuses);
  if (unknown.length > 0) throw new WaiverError(unknown);
  const mine = waivers.filter((w) => w.policy === policy).sort(waiverOrder);
  const accepted = new Map<NormalizedWaiver, readonly string[]>();
  for (const w of mine) {
    accepted.set(
      w,
      statuses.filter((s) => accepts(w, s.name, s.criticality)).map((s) => s.name),
    );
  }
  return {
    active: mine.filter((w) => isActive(w, asOf)),
    expired: mine.filter((w) => !isActive(w, asOf)),
    accepted,
  };
}

/**
 * The waivers of one policy, active or not, in the order they are tried ({@link waiverOrder}); an
 * accepted status the policy lacks throws a {@link WaiverError} `UNKNOWN_STATUS`. For the targets that
 * compare each expiry with the asOf themselves (SQL binds both).
 */
export function policyWaivers(
  waivers: readonly NormalizedWaiver[],
  policy: string,
  statuses: readonly WaivedStatus[],
): NormalizedWaiver[] {
  const unknown = waiverStatusProblems(waivers, policy, statuses);
  if (unknown.length > 0) throw new WaiverError(unknown);
  return waivers.filter((w) => w.policy === policy).sort(waiverOrder);
}

/** The mark of a waiver (frozen, one per waiver). */
export function markOf(waiver: NormalizedWaiver): WaiverMark {
  return freeze({ id: waiver.id, expires: isoOf(waiver.expiresMs) });
}
