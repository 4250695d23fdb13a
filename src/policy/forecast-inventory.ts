import { option } from '../builtins.js';
import { compileNode } from '../compile/filter.js';
import { FilterError } from '../errors.js';
import { InventoryError } from '../inventory/records.js';
import { isoOf } from '../semantics/time.js';
import type { NormalizedPolicy } from './check.js';
import { buildPolicy, type CompiledPolicy, compilePolicy } from './compile.js';
import {
  type ForecastState,
  type ForecastWindow,
  type ForecastWindowOptions,
  forecaster,
  forecastWindow,
  type PolicyForecaster,
  type Transition,
} from './forecast.js';
import { eachResource, inventoryCompileOptions, kindReader, policyList, skipReason } from './inventory.js';
import type { InventoryOptions } from './inventory-types.js';
import { isCompiled } from './set.js';
import { type NormalizedWaiver, readWaivers } from './waivers.js';

/** The calendar of a forecast's series: UTC days, ISO weeks (from Monday 00:00 UTC) or months. */
export type ForecastBucket = 'day' | 'week' | 'month';

/** Options of {@link forecastInventory}. */
export interface ForecastOptions
  extends ForecastWindowOptions,
    Pick<InventoryOptions, 'resource' | 'kindField' | 'signal' | 'codegen' | 'limits' | 'waivers'> {
  /** The steps of the series: `day` (default), `week` or `month`, in UTC. */
  readonly by?: ForecastBucket;
  /**
   * Called with each transition, in input order (a record's in time order); a returned promise holds
   * the next record back, so that a slow consumer keeps memory bounded.
   */
  readonly onTransition?: (transition: Transition) => void | PromiseLike<void>;
  /** How many of the earliest transitions each policy's summary keeps (`first`); default 20. */
  readonly first?: number;
}

/** One status of a policy over the window. */
export interface StatusSeries {
  readonly status: string;
  readonly criticality: number;
  readonly isDefault: boolean;
  /** The records in this status at each step's instant (`ForecastSummary.steps`). */
  readonly series: readonly number[];
  /** Of `series`, the records marked waived (docs/waivers.md) at each step. */
  readonly waived: readonly number[];
  /** The records in this status at some instant of `[asOf, until]` (at asOf, or reached later). */
  readonly reached: number;
  /** Of `reached`, the records in this status not waived at some instant (what `--fail-on` counts). */
  readonly reachedUnwaived: number;
  /** Transitions into this status in the window. */
  readonly entered: number;
}

/** What one policy's forecast found. */
export interface PolicyForecast {
  readonly policy: string;
  /** As `evaluateInventory` says: `inactive`, `resource` (another kind), or `null` when forecast. */
  readonly skipped: 'inactive' | 'resource' | null;
  /** Whether the policy has a `$now` operand or a waiver expiring in the window (else nothing changes). */
  readonly readsNow: boolean;
  readonly statuses: readonly StatusSeries[];
  /** The records of its kind out of its scope at each step. */
  readonly notApplicable: readonly number[];
  /** Records of another kind (not forecast). */
  readonly otherKind: number;
  /** Transitions in the window. */
  readonly transitions: number;
  /** Records with at least one transition. */
  readonly changing: number;
  /** The earliest transitions (by instant, then input order), at most `first`. */
  readonly first: readonly Transition[];
}

/** The summary of {@link forecastInventory}. */
export interface ForecastSummary {
  readonly asOf: string;
  readonly until: string;
  readonly horizon: string;
  readonly by: ForecastBucket;
  /**
   * The instants of the series: asOf, each start of a UTC day, ISO week or month inside the window,
   * and the end of the window (`until`). A count at a step is the state at that instant.
   */
  readonly steps: readonly string[];
  readonly resources: number;
  readonly policies: readonly PolicyForecast[];
  readonly kinds: Readonly<Record<string, number>>;
  readonly unknownKind: number;
  readonly durationMs: number;
}

const DAY = 86_400_000;
/** More steps than this is a calendar no chart shows: a coarser `by` is asked for. */
const MAX_STEPS = 100_000;

/** The step instants of a window (see {@link ForecastSummary.steps}). */
export function forecastSteps(window: ForecastWindow, by: ForecastBucket): number[] {
  const steps = [window.asOf];
  const next = (ms: number): number => {
    const d = new Date(ms);
    if (by === 'day') return Math.floor(ms / DAY) * DAY + DAY;
    if (by === 'week') {
      const day = Math.floor(ms / DAY);
      // 1970-01-01 was a Thursday: day 4 (Monday) is a week's start.
      const sinceMonday = (((day - 4) % 7) + 7) % 7;
      return (day - sinceMonday + 7) * DAY;
    }
    return Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1);
  };
  for (let s = next(window.asOf); s < window.until; s = next(s)) {
    steps.push(s);
    if (steps.length > MAX_STEPS) {
      throw new FilterError(
        'INVALID_OPTION',
        '/by',
        `the window has more than ${MAX_STEPS} ${by}s: choose a coarser "by"`,
      );
    }
  }
  if (window.until > window.asOf) steps.push(window.until);
  return steps;
}

/** The first step at or after `ms` (the first whose count includes a transition at `ms`). */
function stepOf(steps: readonly number[], ms: number): number {
  let lo = 0;
  let hi = steps.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (steps[mid]! < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Orders transitions by instant, then input order, then policy (the order of `first`). */
export function earlier(a: Transition, b: Transition): number {
  return a.ms - b.ms || a.index - b.index;
}

/** The running counts of one policy: a difference array per status, over the steps. */
export class PolicyTally {
  readonly delta: Map<string | null, Int32Array>;
  /** Per status, the difference array of its waived records. */
  readonly waived = new Map<string, Int32Array>();
  readonly reached = new Map<string, number>();
  readonly unwaived = new Map<string, number>();
  readonly entered = new Map<string, number>();
  transitions = 0;
  changing = 0;
  otherKind = 0;
  first: Transition[] = [];

  constructor(
    readonly policy: CompiledPolicy,
    readonly steps: readonly number[],
    readonly keep: number,
  ) {
    this.delta = new Map([[null, new Int32Array(steps.length)]]);
    for (const s of policy.statuses) {
      this.delta.set(s.name, new Int32Array(steps.length));
      this.waived.set(s.name, new Int32Array(steps.length));
    }
  }

  private bump(state: ForecastState, step: number, by: number): void {
    const d = this.delta.get(state.status);
    if (d === undefined || step >= d.length) return;
    d[step]! += by;
    if (state.waiver !== null && state.status !== null) this.waived.get(state.status)![step]! += by;
  }

  add(initial: ForecastState, transitions: readonly Transition[]): void {
    this.bump(initial, 0, 1);
    const met = new Set<string>();
    const unwaived = new Set<string>();
    const meet = (s: ForecastState) => {
      if (s.status === null) return;
      met.add(s.status);
      if (s.waiver === null) unwaived.add(s.status);
    };
    meet(initial);
    for (const t of transitions) {
      const k = stepOf(this.steps, t.ms);
      this.bump(t.from, k, -1);
      this.bump(t.to, k, 1);
      meet(t.to);
      // A change of waiver mark alone is a transition but no entry into the status.
      if (t.to.status !== null && t.to.status !== t.from.status)
        this.entered.set(t.to.status, (this.entered.get(t.to.status) ?? 0) + 1);
      this.keepFirst(t);
    }
    for (const s of met) this.reached.set(s, (this.reached.get(s) ?? 0) + 1);
    for (const s of unwaived) this.unwaived.set(s, (this.unwaived.get(s) ?? 0) + 1);
    this.transitions += transitions.length;
    if (transitions.length > 0) this.changing++;
  }

  keepFirst(t: Transition): void {
    if (this.keep === 0) return;
    const first = this.first;
    if (first.length === this.keep && earlier(t, first[first.length - 1]!) >= 0) return;
    // Insertion in a short sorted list: `keep` is small.
    let i = first.length;
    while (i > 0 && earlier(t, first[i - 1]!) < 0) i--;
    first.splice(i, 0, t);
    if (first.length > this.keep) first.pop();
  }

  /** Adds the tally of a later part of the input (its indexes shifted by `offset`). */
  merge(other: PolicyForecast, offset: number): void {
    for (const s of other.statuses) {
      const d = this.delta.get(s.status)!;
      const w = this.waived.get(s.status)!;
      // Series to differences again: step 0 keeps its count, each later step its change.
      for (let k = 0; k < d.length; k++) {
        d[k]! += s.series[k]! - (k > 0 ? s.series[k - 1]! : 0);
        w[k]! += s.waived[k]! - (k > 0 ? s.waived[k - 1]! : 0);
      }
      this.reached.set(s.status, (this.reached.get(s.status) ?? 0) + s.reached);
      this.unwaived.set(s.status, (this.unwaived.get(s.status) ?? 0) + s.reachedUnwaived);
      this.entered.set(s.status, (this.entered.get(s.status) ?? 0) + s.entered);
    }
    const na = this.delta.get(null)!;
    for (let k = 0; k < na.length; k++)
      na[k]! += other.notApplicable[k]! - (k > 0 ? other.notApplicable[k - 1]! : 0);
    this.transitions += other.transitions;
    this.changing += other.changing;
    this.otherKind += other.otherKind;
    for (const t of other.first) this.keepFirst(offset === 0 ? t : { ...t, index: t.index + offset });
  }

  summary(skipped: PolicyForecast['skipped'], readsNow: boolean): PolicyForecast {
    const series = (d: Int32Array): number[] => {
      const out: number[] = new Array(d.length);
      let sum = 0;
      for (let k = 0; k < d.length; k++) out[k] = sum += d[k]!;
      return out;
    };
    return {
      policy: this.policy.name,
      skipped,
      readsNow,
      statuses: this.policy.statuses.map((s) => ({
        status: s.name,
        criticality: s.criticality,
        isDefault: s.isDefault,
        series: skipped === null ? series(this.delta.get(s.name)!) : [],
        waived: skipped === null ? series(this.waived.get(s.name)!) : [],
        reached: this.reached.get(s.name) ?? 0,
        reachedUnwaived: this.unwaived.get(s.name) ?? 0,
        entered: this.entered.get(s.name) ?? 0,
      })),
      notApplicable: skipped === null ? series(this.delta.get(null)!) : [],
      otherKind: this.otherKind,
      transitions: this.transitions,
      changing: this.changing,
      first: this.first,
    };
  }
}

/** The checked options of a forecast over an inventory, shared with the file reader's worker threads. @internal */
export interface ForecastPlan {
  readonly window: ForecastWindow;
  readonly by: ForecastBucket;
  readonly steps: readonly number[];
  readonly first: number;
}

/** Checks `by`, `first` and the window. @internal */
export function forecastPlan(options: ForecastOptions | undefined): ForecastPlan {
  const window = forecastWindow(options);
  const by = option(options, 'by') ?? 'day';
  if (by !== 'day' && by !== 'week' && by !== 'month') {
    throw new FilterError(
      'INVALID_OPTION',
      '/by',
      `by must be "day", "week" or "month", got ${JSON.stringify(String(by)).slice(0, 40)}`,
    );
  }
  const first = option(options, 'first') ?? 20;
  if (!(Number.isSafeInteger(first) && first >= 0)) {
    throw new FilterError('INVALID_OPTION', '/first', 'first must be a non-negative integer');
  }
  return { window, by, steps: forecastSteps(window, by), first };
}

/** The policies of a forecast, compiled at asOf (definitions checked as compilePolicy checks them). @internal */
export function forecastPolicies(
  policies: readonly unknown[],
  options: ForecastOptions | undefined,
  asOf: number,
): CompiledPolicy[] {
  policyList(policies);
  const compileOptions = {
    ...inventoryCompileOptions({
      ...(option(options, 'codegen') === undefined ? {} : { codegen: option(options, 'codegen')! }),
      ...(option(options, 'limits') === undefined ? {} : { limits: option(options, 'limits')! }),
    }),
    asOf,
  };
  // As evaluateInventory: the option's waivers replace those compiled policies were compiled with.
  const given = option(options, 'waivers');
  const waivers = given === undefined ? undefined : readWaivers(given, compileOptions);
  const codegen = option(options, 'codegen');
  const c = codegen === undefined ? undefined : { codegen };
  return policies.map((p) => {
    if (!isCompiled(p))
      return compilePolicy(p, { ...compileOptions, ...(given === undefined ? {} : { waivers }) });
    if (waivers === undefined) return p.readsNow || p.waivers.length > 0 ? p.at(asOf) : p;
    return buildPolicy(p.definition, (node, ms) => compileNode(node, c, true, ms), asOf, waivers);
  });
}

/** Policies from checked definitions, as worker threads rebuild them. @internal */
export function policiesOf(
  definitions: readonly NormalizedPolicy[],
  asOf: number,
  codegen: boolean | undefined,
  waivers: readonly NormalizedWaiver[] = [],
): CompiledPolicy[] {
  const c = codegen === undefined ? undefined : { codegen };
  return definitions.map((d) => buildPolicy(d, (node, ms) => compileNode(node, c, true, ms), asOf, waivers));
}

/**
 * Forecasts policies over an inventory (an array, an iterable or an async iterable, read one record at
 * a time: memory is bounded by the policies and the steps, not the records): for each policy, the count
 * of records in each status at each step of a UTC calendar over `(asOf, asOf + horizon]`, the earliest
 * transitions, and every transition passed to `onTransition` in input order. Kinds are read as
 * `evaluateInventory` reads them (`resource`, `kindField`). See docs/forecast.md.
 *
 * @example
 * const summary = await forecastInventory([certificateExpiry], records, { asOf: '2026-06-01T00:00:00Z', horizon: 'P90D', by: 'week' });
 * summary.policies[0]?.statuses.find((s) => s.status === 'expired')?.series; // [12, 12, 15, …]
 */
export async function forecastInventory(
  policies: readonly unknown[],
  resources: Iterable<unknown> | AsyncIterable<unknown>,
  options: ForecastOptions,
): Promise<ForecastSummary> {
  const started = performance.now();
  const plan = forecastPlan(options);
  const compiled = forecastPolicies(policies, options, plan.window.asOf);
  return forecastCompiled(compiled, resources, options, plan, started);
}

/** {@link forecastInventory} of compiled policies under a checked plan. @internal */
export async function forecastCompiled(
  compiled: readonly CompiledPolicy[],
  resources: Iterable<unknown> | AsyncIterable<unknown>,
  options: ForecastOptions | undefined,
  plan: ForecastPlan,
  started = performance.now(),
): Promise<ForecastSummary> {
  const resource = option(options, 'resource');
  const onTransition = option(options, 'onTransition');
  const signal = option(options, 'signal');
  const kindField = option(options, 'kindField');
  const readKind = kindReader(kindField);
  const skip = compiled.map((p) => skipReason(p, resource));
  const active = compiled.flatMap((_p, i) => (skip[i] === null ? [i] : []));
  const forecasters: PolicyForecaster[] = active.map((i) => forecaster(compiled[i]!, plan.window));
  const tallies = active.map((i) => new PolicyTally(compiled[i]!, plan.steps, plan.first));
  const named = [
    ...new Set(active.map((i) => compiled[i]!.resource).filter((k): k is string => k !== undefined)),
  ];
  const kinds = new Map<string, number>();
  let unknownKind = 0;
  let index = 0;

  const visit = (record: unknown): void | Promise<void> => {
    signal?.throwIfAborted();
    const kind = readKind?.(record) ?? resource ?? null;
    if (kind === null && named.length > 1) {
      throw new InventoryError(
        'UNKNOWN_KIND',
        `record ${index + 1} has no kind and the policies are for several kinds: give the kind of the records (resource option, --resource KIND) or say where records name it (kindField, --kind-field PATH)`,
        { index },
      );
    }
    if (kind === null) unknownKind++;
    else kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    let found: Transition[] | null = null;
    for (let i = 0; i < forecasters.length; i++) {
      const f = forecasters[i]!;
      const want = f.policy.resource;
      if (want !== undefined && kind !== null && kind !== want) {
        tallies[i]!.otherKind++;
        continue;
      }
      const { initial, transitions } = f.record(record, index);
      tallies[i]!.add(initial, transitions);
      if (onTransition !== undefined && transitions.length > 0) {
        found ??= [];
        found.push(...transitions);
      }
    }
    index++;
    if (found !== null) return pass(found);
  };
  // The transitions of a record in policy order; a promise returned holds the next record back.
  const pass = async (found: readonly Transition[]): Promise<void> => {
    for (const t of found) await onTransition!(t);
  };
  await eachResource(resources, visit);

  let t = 0;
  return {
    asOf: isoOf(plan.window.asOf),
    until: isoOf(plan.window.until),
    horizon: plan.window.horizon,
    by: plan.by,
    steps: plan.steps.map(isoOf),
    resources: index,
    policies: compiled.map((p, i) => {
      if (skip[i] !== null) return new PolicyTally(p, plan.steps, 0).summary(skip[i]!, false);
      const k = t++;
      return tallies[k]!.summary(null, forecasters[k]!.readsNow);
    }),
    kinds: Object.fromEntries([...kinds].sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    unknownKind,
    durationMs: performance.now() - started,
  };
}
