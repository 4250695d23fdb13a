import type { FilterNode, PathStep, TimeNode, VersionNode } from '../ast/nodes.js';
import { OPERATOR_NAMES } from '../ast/nodes.js';
import { hasOwn, isArray } from '../builtins.js';
import { type AsOf, compileNode, resolveAsOf } from '../compile/filter.js';
import { FilterError } from '../errors.js';
import { printPath } from '../parse/path.js';
import { comparisonOf } from '../semantics/operators.js';
import { isoOf, MAX_INSTANT, parseDuration, timestampMs } from '../semantics/time.js';
import { buildPolicy, type CompiledPolicy, type PolicyResult } from './compile.js';

/**
 * The forecast of one record under one policy (docs/forecast.md): the exact instants in
 * `(asOf, asOf + horizon]` at which its status changes. A `$now` comparison of a value v with now + d
 * changes its answer at one instant that v − d gives; those instants are the only ones at which a
 * status can change, so evaluating the policy there (and nowhere else) gives every transition.
 */

/** Where a status came from: the status and the index of its rule that held (`null`: the default). */
export interface RuleRef {
  readonly status: string;
  readonly ruleIndex: number;
}

/**
 * The state of a record at an instant. Two states are one when {@link sameState} says so; a field added
 * here (a waiver's mark) is added to that comparison, and what can change it to the candidate instants.
 */
export interface ForecastState {
  /** The status, or `null` when the record is outside the policy's scope. */
  readonly status: string | null;
  readonly criticality: number | null;
  /** The rule that decided the status; `null` for the default status and out of scope. */
  readonly rule: RuleRef | null;
  /** The id of the active waiver that marks the record (docs/waivers.md), or `null`: not waived. */
  readonly waiver: string | null;
}

/**
 * Whether two states are the same for the forecast: a transition is a change of this answer. A change
 * of waiver mark alone (a waiver's expiry) is one: what fails a gate changes with it.
 */
export function sameState(a: ForecastState, b: ForecastState): boolean {
  return a.status === b.status && a.waiver === b.waiver;
}

/** A `$now` comparison whose answer flips at a transition's instant: what made it one. */
export interface TimeCause {
  /** The field path, as filters write it (`details$.postgres$.lastActiveConnectionTime`). */
  readonly path: string;
  /** `$lt`, `$lte`, `$gt`, `$gte`, `$eq` or `$ne`. */
  readonly operator: string;
  /** The duration of `{ "$now": … }`, as written (`P30D`). */
  readonly now: string;
  /** The record's value, as written (a timestamp, or a `Date`'s ISO string). */
  readonly value: string;
}

/** A version comparison of the rule deciding the transition (`version $vlt 1.30`). */
export interface VersionBound {
  readonly path: string;
  /** `$veq`, `$vne`, `$vgt`, `$vgte`, `$vlt` or `$vlte`. */
  readonly operator: string;
  readonly version: string;
}

/** One change of a record's status. */
export interface Transition {
  readonly policy: string;
  /** The record's position in the input (from 0); 0 for {@link PolicyForecaster.record} without one. */
  readonly index: number;
  /** The record's own `id` (a string or a number), or `null`: for reports. */
  readonly id: string | number | null;
  /** The instant (ISO 8601, UTC, to the millisecond) from which the new state holds. */
  readonly at: string;
  /** The same instant in milliseconds since the epoch. */
  readonly ms: number;
  readonly from: ForecastState;
  readonly to: ForecastState;
  /** The `$now` comparisons of the policy whose answer for this record flips at this instant. */
  readonly causes: readonly TimeCause[];
  /** The id of the waiver marking the record that expires at this instant, or `null`. */
  readonly waiverExpired: string | null;
  /**
   * The version comparisons of the rule that decides the new state (of the old one when the new one
   * is the default status or out of scope): for an end-of-life table, the version bound of its row.
   */
  readonly versions: readonly VersionBound[];
}

/** The forecast of one record: its state at asOf and its transitions, in time order. */
export interface RecordForecast {
  readonly initial: ForecastState;
  readonly transitions: readonly Transition[];
}

/** The instant and window of a forecast. */
export interface ForecastWindowOptions {
  /** The start of the window (excluded): a `Date`, an RFC 3339 timestamp or epoch ms; default: the clock. */
  readonly asOf?: AsOf;
  /** The length of the window: a positive ISO 8601 duration of fixed units (`P90D`), as `$now` takes. */
  readonly horizon: string;
}

/** The window `(asOf, until]` of a forecast, in milliseconds. */
export interface ForecastWindow {
  readonly asOf: number;
  readonly until: number;
  readonly horizon: string;
}

/** Checks the window options: a bad `asOf` or `horizon` is a `FilterError` `INVALID_OPTION`. */
export function forecastWindow(options: ForecastWindowOptions | undefined): ForecastWindow {
  const horizon = options !== undefined && hasOwn(options, 'horizon') ? options.horizon : undefined;
  if (typeof horizon !== 'string') {
    throw new FilterError(
      'INVALID_OPTION',
      '/horizon',
      'horizon must be an ISO 8601 duration such as "P90D"',
    );
  }
  const parsed = parseDuration(horizon);
  if (!parsed.ok) {
    throw new FilterError(
      'INVALID_OPTION',
      '/horizon',
      `horizon ${JSON.stringify(horizon.slice(0, 40))}: ${parsed.why}`,
    );
  }
  if (parsed.ms < 0) {
    throw new FilterError('INVALID_OPTION', '/horizon', `horizon must not be negative, got "${horizon}"`);
  }
  const asOf = resolveAsOf(
    options !== undefined && hasOwn(options, 'asOf') ? options.asOf : undefined,
    '/asOf',
  );
  const until = asOf + parsed.ms;
  if (until > MAX_INSTANT) {
    throw new FilterError(
      'INVALID_OPTION',
      '/horizon',
      'asOf + horizon is past the last instant a date can hold',
    );
  }
  return { asOf, until, horizon };
}

/** A `$now` comparison of the policy, with the path it reads (selectors and `$elemMatch` included). */
interface TimeRead {
  readonly steps: readonly PathStep[];
  readonly path: string;
  readonly op: TimeNode;
}

/** Every `$now` comparison of a filter, with its full path (an `$elemMatch`'s paths go on from its own). */
function timeReads(node: FilterNode, prefix: readonly PathStep[], out: TimeRead[]): void {
  for (const clause of node.clauses) {
    switch (clause.kind) {
      case 'field': {
        const steps = [...prefix, ...clause.path];
        for (const op of clause.operators) {
          if (op.kind === 'elemMatch') timeReads(op.filter, steps, out);
          else if ('instant' in op && op.instant.base === 'now') {
            out.push({ steps, path: printPath(steps), op });
          }
        }
        break;
      }
      case 'and':
      case 'or':
        for (const f of clause.filters) timeReads(f, prefix, out);
        break;
      case 'not':
        timeReads(clause.filter, prefix, out);
        break;
    }
  }
}

/** Every version comparison of a filter, with its path. */
function versionReads(node: FilterNode, prefix: readonly PathStep[], out: VersionBound[]): void {
  for (const clause of node.clauses) {
    switch (clause.kind) {
      case 'field': {
        const steps = [...prefix, ...clause.path];
        for (const op of clause.operators) {
          if (op.kind === 'elemMatch') versionReads(op.filter, steps, out);
          else if (isVersion(op)) {
            out.push({ path: printPath(steps), operator: OPERATOR_NAMES[op.kind], version: op.value });
          }
        }
        break;
      }
      case 'and':
      case 'or':
        for (const f of clause.filters) versionReads(f, prefix, out);
        break;
      case 'not':
        versionReads(clause.filter, prefix, out);
        break;
    }
  }
}

function isVersion(op: { readonly kind: string }): op is VersionNode {
  return op.kind.length > 1 && op.kind[0] === 'v';
}

const toISOString = Date.prototype.toISOString;
const getTime = Date.prototype.getTime;

/** The instant of a leaf value as the time operators read it (docs/semantics.md §4); NaN for none. */
function leafInstant(v: unknown): { ms: number; text: string } | null {
  if (typeof v === 'string') {
    const ms = timestampMs(v);
    return Number.isNaN(ms) ? null : { ms, text: v };
  }
  if (v instanceof Date && !Number.isNaN(getTime.call(v))) {
    // A valid Date is read as its ISO string, which is a timestamp only for years 0000–9999.
    const text = toISOString.call(v);
    const ms = timestampMs(text);
    return Number.isNaN(ms) ? null : { ms, text };
  }
  return null;
}

/** Calls `visit` with every value a path reads (own properties of objects; every element at a selector). */
function eachValue(v: unknown, steps: readonly PathStep[], i: number, visit: (leaf: unknown) => void): void {
  if (i === steps.length) {
    visit(v);
    return;
  }
  if (typeof v !== 'object' || v === null || v instanceof Date) return;
  const step = steps[i]!;
  if (step.kind === 'any') {
    if (isArray(v)) for (const e of v) eachValue(e, steps, i + 1, visit);
    return;
  }
  if (!isArray(v) && hasOwn(v, step.key))
    eachValue((v as Record<string, unknown>)[step.key], steps, i + 1, visit);
}

/**
 * The instants `a` at which `t op (a + d)` can answer otherwise than at `a − 1 ms`, for a value instant
 * `t`: `t < a + d` first holds at `a = t − d + 1`, `t ≤ a + d` at `t − d`, `t > a + d` first fails at
 * `t − d`, `t ≥ a + d` at `t − d + 1`; `=` and `≠` change at both.
 */
function flips(op: TimeNode, t: number): readonly number[] {
  const x = t - op.instant.ms;
  switch (comparisonOf(op)) {
    case 'lt':
    case 'gte':
      return [x + 1];
    case 'lte':
    case 'gt':
      return [x];
    case 'eq':
    case 'ne':
      return [x, x + 1];
  }
}

/** The record's own `id`, when it is a string or a number. */
function idOf(resource: unknown): string | number | null {
  if (typeof resource !== 'object' || resource === null || isArray(resource) || !hasOwn(resource, 'id'))
    return null;
  const id = (resource as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

const NOWHERE: ForecastState = Object.freeze({ status: null, criticality: null, rule: null, waiver: null });

function stateOf(result: PolicyResult): ForecastState {
  if (result.status === null) return NOWHERE;
  return {
    status: result.status,
    criticality: result.criticality,
    rule:
      result.matched === null ? null : { status: result.matched.status, ruleIndex: result.matched.ruleIndex },
    waiver: result.waiver?.id ?? null,
  };
}

/** A candidate instant, the comparisons that flip there and the waivers that expire there. */
interface Candidate {
  readonly ms: number;
  readonly causes: TimeCause[];
  readonly expiring: readonly string[];
}

/** Policies bound to this many instants are kept for reuse (many records share a date). */
const AT_CACHE = 64;

/** The forecast of one policy over a window, for one record at a time. */
export interface PolicyForecaster {
  readonly policy: CompiledPolicy;
  readonly window: ForecastWindow;
  /** Whether any record can change state (a `$now` operand, or a waiver expiring in the window). */
  readonly readsNow: boolean;
  /** The state at asOf and every transition in the window, in time order. Never throws on a record. */
  record(resource: unknown, index?: number): RecordForecast;
}

/**
 * Prepares the forecast of one compiled policy over a window.
 *
 * @example
 * const f = forecaster(compilePolicy(certificateExpiry), { asOf: '2026-06-01T00:00:00Z', horizon: 'P90D' });
 * f.record({ type: 'ssl', expirationDate: '2026-07-01T00:00:00Z' }).transitions.map((t) => [t.at, t.to.status]);
 * // [['2026-06-01T00:00:00.001Z', 'expiring-soon'], ['2026-07-01T00:00:00.001Z', 'expired']]
 */
export function forecaster(
  policy: CompiledPolicy,
  options: ForecastWindowOptions | ForecastWindow,
): PolicyForecaster {
  const window = 'until' in options ? options : forecastWindow(options);
  const { asOf, until } = window;
  const reads: TimeRead[] = [];
  const def = policy.definition;
  timeReads(def.scope, [], reads);
  for (const s of def.statuses)
    for (const r of s.rules) for (const c of r.conditions) timeReads(c.filter, [], reads);
  // A waiver's filter may read `$now` too; its expiry is an instant of its own.
  for (const w of policy.waivers) timeReads(w.covers, [], reads);
  const expiring = new Map<number, string[]>();
  for (const w of policy.waivers) {
    if (!(w.expiresMs > asOf && w.expiresMs <= until)) continue;
    const ids = expiring.get(w.expiresMs);
    if (ids === undefined) expiring.set(w.expiresMs, [w.id]);
    else ids.push(w.id);
  }
  // One read per distinct comparison (a filter shared by rules is read once).
  const seen = new Set<string>();
  const distinct = reads.filter((r) => {
    const key = `${r.path}\u0000${r.op.kind}\u0000${r.op.instant.ms}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  const versions = new Map<string, readonly VersionBound[]>();
  for (const s of def.statuses) {
    s.rules.forEach((r, i) => {
      const out: VersionBound[] = [];
      for (const c of r.conditions) versionReads(c.filter, [], out);
      versions.set(`${s.name}\u0000${i}`, out);
    });
  }
  const base = policy.readsNow ? policy.at(asOf) : policy;
  // Bound to one instant per candidate, evaluated once or twice: closures, which compile fastest.
  const closures = buildPolicy(
    def,
    (node, ms) => compileNode(node, { codegen: false }, true, ms),
    asOf,
    policy.waivers,
  );
  const cache = new Map<number, CompiledPolicy>();
  const at = (ms: number): CompiledPolicy => {
    let p = cache.get(ms);
    if (p === undefined) {
      if (cache.size >= AT_CACHE) cache.clear();
      p = closures.at(ms);
      cache.set(ms, p);
    }
    return p;
  };
  const rulesOf = (s: ForecastState): readonly VersionBound[] =>
    s.rule === null ? [] : (versions.get(`${s.rule.status}\u0000${s.rule.ruleIndex}`) ?? []);

  const record = (resource: unknown, index = 0): RecordForecast => {
    const initial = stateOf(base.evaluate(resource));
    if (distinct.length === 0 && expiring.size === 0) return { initial, transitions: [] };
    const byInstant = new Map<number, Candidate>();
    // Only the expiry of the waiver marking the record can change its mark (the one named is the
    // first in waiver order; removing another leaves it first): checked against the state before.
    for (const [ms, ids] of expiring) byInstant.set(ms, { ms, causes: [], expiring: ids });
    for (const read of distinct) {
      eachValue(resource, read.steps, 0, (leaf) => {
        const instant = leafInstant(leaf);
        if (instant === null) return;
        for (const ms of flips(read.op, instant.ms)) {
          if (!(ms > asOf && ms <= until)) continue;
          let c = byInstant.get(ms);
          if (c === undefined) {
            c = { ms, causes: [], expiring: expiring.get(ms) ?? [] };
            byInstant.set(ms, c);
          }
          c.causes.push({
            path: read.path,
            operator: OPERATOR_NAMES[read.op.kind],
            now: read.op.instant.text,
            value: instant.text,
          });
        }
      });
    }
    if (byInstant.size === 0) return { initial, transitions: [] };
    const candidates = [...byInstant.values()].sort((a, b) => a.ms - b.ms);
    const transitions: Transition[] = [];
    const id = idOf(resource);
    let previous = initial;
    // Nothing changes between two candidates, so the state just before one is the previous one's.
    for (const c of candidates) {
      const expired =
        previous.waiver !== null && c.expiring.includes(previous.waiver) ? previous.waiver : null;
      if (c.causes.length === 0 && expired === null) continue;
      const state = stateOf(at(c.ms).evaluate(resource));
      if (sameState(previous, state)) {
        previous = state;
        continue;
      }
      transitions.push({
        policy: policy.name,
        index,
        id,
        at: isoOf(c.ms),
        ms: c.ms,
        from: previous,
        to: state,
        causes: c.causes,
        waiverExpired: expired,
        versions: state.rule !== null ? rulesOf(state) : rulesOf(previous),
      });
      previous = state;
    }
    return { initial, transitions };
  };
  return { policy, window, readsNow: distinct.length > 0 || expiring.size > 0, record };
}

/**
 * The forecast of one record under one compiled policy: see {@link forecaster}, which prepares the
 * policy once for many records.
 */
export function forecastRecord(
  policy: CompiledPolicy,
  resource: unknown,
  options: ForecastWindowOptions,
): RecordForecast {
  return forecaster(policy, options).record(resource);
}
