import { isArray, mapGet, option, own } from '../builtins.js';
import type { CompileOptions } from '../compile/filter.js';
import { FilterError } from '../errors.js';
import { describe } from '../parse/operands.js';
import { type CompiledPolicy, compilePolicy, type PolicyResult } from './compile.js';

/** The result of one policy for one resource. */
export interface PolicyOutcome {
  readonly policy: string;
  readonly result: PolicyResult;
}

/** What `onResult` receives for each resource. */
export interface ResourceResults {
  /** Position of the resource in the input, from 0. */
  readonly index: number;
  readonly resource: unknown;
  /** One outcome per evaluated policy (inactive and skipped policies are left out), in the order given. */
  readonly results: readonly PolicyOutcome[];
}

/** Options of {@link evaluateInventory}. */
export interface InventoryOptions extends CompileOptions {
  /**
   * Called once per resource, in input order. When it returns a promise, the next resource waits for
   * it, so a slow consumer (a stream being written) applies back-pressure and memory stays constant.
   */
  readonly onResult?: (results: ResourceResults) => void | PromiseLike<void>;
  /**
   * The kind of the resources (`component`, `certificate`). Policies whose `resource` names another kind
   * are skipped (reported with `skipped: 'resource'`); policies that name no kind are evaluated.
   */
  readonly resource?: string;
  /** Stops the evaluation between two resources; the promise then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
}

/** Count of one status of one policy. */
export interface StatusCount {
  readonly status: string;
  readonly criticality: number;
  readonly isDefault: boolean;
  readonly count: number;
}

/** What happened to one policy over the inventory. */
export interface PolicySummary {
  readonly policy: string;
  /** Why the policy was not evaluated: `inactive` (`isActive: false`) or `resource` (another kind); `null` when it was. */
  readonly skipped: 'inactive' | 'resource' | null;
  /** Resources in the policy's scope (each got one status). */
  readonly applicable: number;
  /** Resources outside the scope (no status). */
  readonly notApplicable: number;
  /** Every status, in definition order, with its count (0 included). */
  readonly statuses: readonly StatusCount[];
}

/** The summary returned by {@link evaluateInventory}. */
export interface InventorySummary {
  /** Resources read. */
  readonly resources: number;
  /** Wall-clock time of the whole evaluation, reading the input included. */
  readonly durationMs: number;
  readonly resourcesPerSecond: number;
  readonly policies: readonly PolicySummary[];
}

function isCompiled(p: unknown): p is CompiledPolicy {
  // Own properties (compiled policies have them all): a definition is not taken for a compiled policy
  // because Object.prototype was given an `evaluate` function.
  return (
    typeof p === 'object' &&
    p !== null &&
    typeof own(p, 'evaluate') === 'function' &&
    typeof own(p, 'explain') === 'function' &&
    isArray(own(p, 'statuses'))
  );
}

function isThenable(value: unknown): value is PromiseLike<void> {
  return (
    typeof value === 'object' && value !== null && typeof (value as PromiseLike<void>).then === 'function'
  );
}

class Tally {
  readonly counts = new Map<string, number>();
  notApplicable = 0;
  applicable = 0;

  constructor(readonly policy: CompiledPolicy) {}

  add(result: PolicyResult): void {
    if (result.status === null) {
      this.notApplicable++;
      return;
    }
    this.applicable++;
    this.counts.set(result.status, (mapGet.call(this.counts, result.status) ?? 0) + 1);
  }
}

function summary(
  policy: CompiledPolicy,
  skipped: PolicySummary['skipped'],
  tally: Tally | undefined,
): PolicySummary {
  return {
    policy: policy.name,
    skipped,
    applicable: tally?.applicable ?? 0,
    notApplicable: tally?.notApplicable ?? 0,
    statuses: policy.statuses.map((s) => ({
      status: s.name,
      criticality: s.criticality,
      isDefault: s.isDefault,
      count: (tally === undefined ? undefined : mapGet.call(tally.counts, s.name)) ?? 0,
    })),
  };
}

/**
 * Why `evaluateInventory` leaves a policy out, or `null` when it evaluates it. Shared with the CLI so
 * that the explanations it prints line up with the results it receives.
 * @internal
 */
export function skipReason(policy: CompiledPolicy, resource: string | undefined): PolicySummary['skipped'] {
  if (!policy.isActive) return 'inactive';
  if (resource !== undefined && policy.resource !== undefined && policy.resource !== resource) {
    return 'resource';
  }
  return null;
}

/**
 * Evaluates policies over an inventory: an array, any iterable, or an async iterable (a stream of
 * records, read one at a time, so memory stays constant whatever its size). Per-resource results go to
 * `onResult`; the returned summary counts each status of each policy, the resources out of scope, and
 * the time taken. Policies may be definitions (compiled here; a bad one throws {@link PolicyError}) or
 * compiled policies. Inactive policies (`isActive: false`) are not evaluated and are reported as skipped.
 *
 * @example
 * const summary = await evaluateInventory([certificateExpiry], readNdjson('inventory.ndjson'), {
 *   onResult: ({ index, results }) => console.log(index, results[0]?.result.status),
 * });
 * summary.policies[0]?.statuses; // [{ status: 'ok', count: 9120, … }, { status: 'expired', count: 880, … }]
 */
export async function evaluateInventory(
  policies: readonly unknown[],
  resources: Iterable<unknown> | AsyncIterable<unknown>,
  options?: InventoryOptions,
): Promise<InventorySummary> {
  const started = performance.now();
  // Own properties only: an option inherited from a polluted Object.prototype is no option.
  const maxDepth = option(options, 'maxDepth');
  const codegen = option(options, 'codegen');
  const resource = option(options, 'resource');
  const onResult = option(options, 'onResult');
  const signal = option(options, 'signal');
  const compileOptions: CompileOptions = {
    ...(maxDepth === undefined ? {} : { maxDepth }),
    ...(codegen === undefined ? {} : { codegen }),
  };
  if (!isArray(policies)) {
    throw new FilterError(
      'INVALID_OPTION',
      '',
      `policies must be an array of policy definitions or compiled policies, got ${describe(policies)}`,
    );
  }
  const compiled = policies.map((p) => (isCompiled(p) ? p : compilePolicy(p, compileOptions)));
  const skip = compiled.map((p) => skipReason(p, resource));
  const active = compiled.filter((_, i) => skip[i] === null);
  const tallies = active.map((p) => new Tally(p));
  const evaluators = active.map((p) => p.evaluate);
  let index = 0;

  const visit = (resource: unknown): void | PromiseLike<void> => {
    signal?.throwIfAborted();
    if (onResult === undefined) {
      for (let i = 0; i < evaluators.length; i++) tallies[i]!.add(evaluators[i]!(resource));
      index++;
      return;
    }
    const results: PolicyOutcome[] = new Array(evaluators.length);
    for (let i = 0; i < evaluators.length; i++) {
      const result = evaluators[i]!(resource);
      tallies[i]!.add(result);
      results[i] = { policy: active[i]!.name, result };
    }
    return onResult({ index: index++, resource, results });
  };

  if (resources !== null && typeof resources === 'object' && Symbol.asyncIterator in resources) {
    for await (const resource of resources as AsyncIterable<unknown>) {
      const pending = visit(resource);
      if (isThenable(pending)) await pending;
    }
  } else if (resources !== null && typeof resources === 'object' && Symbol.iterator in resources) {
    for (const resource of resources as Iterable<unknown>) {
      const pending = visit(resource);
      if (isThenable(pending)) await pending;
    }
  } else {
    throw new FilterError(
      'INVALID_OPTION',
      '',
      'resources must be an array, an iterable or an async iterable',
    );
  }

  const durationMs = performance.now() - started;
  let t = 0;
  return {
    resources: index,
    durationMs,
    resourcesPerSecond: durationMs > 0 ? Math.round((index * 1000) / durationMs) : 0,
    policies: compiled.map((p, i) => summary(p, skip[i]!, skip[i] === null ? tallies[t++] : undefined)),
  };
}
