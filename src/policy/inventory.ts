import type { FilterNode, PathStep } from '../ast/nodes.js';
import { arrayEvery, arraySome, hasOwn, isArray, mapGet, option } from '../builtins.js';
import { type CompileOptions, compileNode, resolveAsOf } from '../compile/filter.js';
import { FilterError, showText } from '../errors.js';
import { recordBatches } from '../inventory/batches.js';
import { InventoryError } from '../inventory/records.js';
import { passLimits } from '../limits.js';
import { describe } from '../parse/operands.js';
import { parsePath } from '../parse/path.js';
import { isoOf } from '../semantics/time.js';
import {
  type CompiledPolicy,
  compilePolicy,
  type PolicyResult,
  type WaiverMarker,
  waiverMarker,
} from './compile.js';
import { coverageRecorder } from './coverage.js';
import {
  DEFAULT_KIND_FIELD,
  type InventoryOptions,
  type InventorySummary,
  type PolicyOutcome,
  type PolicySummary,
} from './inventory-types.js';
import { type CompiledPolicySet, compilePolicies, isCompiled } from './set.js';
import { readWaivers } from './waivers.js';

export type { ResourceResults, StatusCount } from './inventory-types.js';
export { DEFAULT_KIND_FIELD } from './inventory-types.js';
export type { InventoryOptions, InventorySummary, PolicyOutcome, PolicySummary };

function isThenable(value: unknown): value is PromiseLike<void> {
  return (
    typeof value === 'object' && value !== null && typeof (value as PromiseLike<void>).then === 'function'
  );
}

/** What one policy reached: the statuses of the resources in its scope. */
class Tally {
  private readonly counts = new Map<string, number>();
  readonly waivedCounts = new Map<string, number>();
  /**
   * Results counted by identity: a compiled policy gives one shared result per rule and status, so
   * a record costs a comparison or two here, not two lookups by status name.
   */
  private readonly seen: PolicyResult[] = [];
  private readonly seenCounts: number[] = [];
  applicable = 0;
  waived = 0;

  constructor(
    readonly policy: CompiledPolicy,
    readonly expired: readonly string[] = [],
  ) {}

  add(result: PolicyResult): void {
    if (result.status === null) return;
    this.applicable++;
    if (result.waiver !== undefined) {
      this.waived++;
      this.waivedCounts.set(result.status, (mapGet.call(this.waivedCounts, result.status) ?? 0) + 1);
    } else {
      const seen = this.seen;
      for (let i = 0; i < seen.length; i++) {
        if (seen[i] === result) {
          this.seenCounts[i]!++;
          return;
        }
      }
      if (seen.length < MAX_SEEN) {
        seen.push(result);
        this.seenCounts.push(1);
        return;
      }
    }
    this.counts.set(result.status, (mapGet.call(this.counts, result.status) ?? 0) + 1);
  }

  /** The resources that reached `status`. */
  count(status: string): number {
    let n = mapGet.call(this.counts, status) ?? 0;
    for (let i = 0; i < this.seen.length; i++) if (this.seen[i]!.status === status) n += this.seenCounts[i]!;
    return n;
  }
}

/** Results a {@link Tally} counts by identity; those past it are counted by status name. */
const MAX_SEEN = 16;

/**
 * The counts of resources not evaluated (`otherKind`) or out of scope (`notApplicable`), from the kinds
 * read: a policy naming a kind evaluates the records of that kind and those of unknown kind.
 */
interface KindCounts {
  readonly total: number;
  readonly kinds: ReadonlyMap<string, number>;
  readonly unknownKind: number;
}

function summary(
  policy: CompiledPolicy,
  skipped: PolicySummary['skipped'],
  tally: Tally | undefined,
  read: KindCounts,
): PolicySummary {
  const want = policy.resource;
  const evaluated =
    tally === undefined
      ? 0
      : want === undefined
        ? read.total
        : ((mapGet.call(read.kinds, want) as number | undefined) ?? 0) + read.unknownKind;
  return {
    policy: policy.name,
    skipped,
    applicable: tally?.applicable ?? 0,
    waived: tally?.waived ?? 0,
    expiredWaivers: tally?.expired ?? [],
    notApplicable: evaluated - (tally?.applicable ?? 0),
    otherKind: tally === undefined ? 0 : read.total - evaluated,
    statuses: policy.statuses.map((s) => ({
      status: s.name,
      criticality: s.criticality,
      isDefault: s.isDefault,
      count: tally?.count(s.name) ?? 0,
      waived: (tally === undefined ? undefined : mapGet.call(tally.waivedCounts, s.name)) ?? 0,
    })),
  };
}

/**
 * The function reading a record's kind, for the `kindField` option; `null` when no kind is read.
 * A path is read like a filter path (own properties only), without selectors.
 * @internal
 */
export function kindReader(
  kindField: InventoryOptions['kindField'],
): ((record: unknown) => string | undefined) | null {
  if (kindField === null) return null;
  if (typeof kindField === 'function') {
    return (record) => {
      const kind = kindField(record);
      return typeof kind === 'string' && kind !== '' ? kind : undefined;
    };
  }
  if (kindField !== undefined && typeof kindField !== 'string') {
    throw new FilterError(
      'INVALID_OPTION',
      '',
      `kindField must be a field path, a function or null, got ${describe(kindField)}`,
    );
  }
  const steps: readonly PathStep[] = parsePath(kindField ?? DEFAULT_KIND_FIELD, '');
  const keys = steps.map((step) => {
    if (step.kind !== 'key') {
      throw new FilterError('INVALID_OPTION', '', 'kindField cannot contain an array selector');
    }
    return step.key;
  });
  return (record) => {
    let value: unknown = record;
    for (const key of keys) {
      if (typeof value !== 'object' || value === null || isArray(value) || !hasOwn(value, key)) {
        return undefined;
      }
      value = (value as Record<string, unknown>)[key];
    }
    return typeof value === 'string' && value !== '' ? value : undefined;
  };
}

function isBytes(value: unknown): boolean {
  return ArrayBuffer.isView(value) || value instanceof ArrayBuffer;
}

/** A string or bytes is what an unparsed stream yields: a chunk of the input, never a resource. */
function checkResource(resource: unknown, index: number): void {
  if (typeof resource !== 'string' && !isBytes(resource)) return;
  throw new InventoryError(
    'INVALID_RESOURCE',
    `record ${index + 1} is ${typeof resource === 'string' ? 'a string' : 'bytes (a Buffer or typed array)'}, ` +
      'not a record: a stream of text or bytes must be parsed first, e.g. evaluateInventory(policies, readNdjson(stream))',
    { index },
  );
}

/**
 * Refuses an inventory that is text or bytes: a string (a file name, or text that was never parsed), or
 * a stream of bytes (what a file stream is before it is parsed). The same error as a string or bytes
 * among the resources.
 */
function checkResources(resources: unknown): void {
  if (typeof resources === 'string') {
    throw new InventoryError(
      'INVALID_RESOURCE',
      'resources is a string (a file name, or text not parsed yet), not records: parse it first, e.g. evaluateInventory(policies, readNdjson(createReadStream(path))) or readInventory([text])',
    );
  }
  if (isBytes(resources) || (resources as { readableObjectMode?: unknown })?.readableObjectMode === false) {
    throw new InventoryError(
      'INVALID_RESOURCE',
      'resources is a stream of bytes, not of records: parse it first, e.g. evaluateInventory(policies, readNdjson(stream))',
    );
  }
}

/**
 * Calls `visit` on each resource of an array, an iterable or an async iterable, in order, waiting for
 * the promise it returns (back-pressure); a string or bytes among them is refused (`INVALID_RESOURCE`).
 * @internal
 */
export async function eachResource(
  resources: unknown,
  visit: (resource: unknown) => void | PromiseLike<void>,
): Promise<void> {
  checkResources(resources);
  let index = 0;
  const one = (resource: unknown): void | PromiseLike<void> => {
    checkResource(resource, index++);
    return visit(resource);
  };
  const batches = recordBatches(resources);
  if (batches !== undefined) {
    // A reader's batch per chunk: one await per chunk, and per record only when `visit` asks.
    for await (const batch of batches()) {
      for (let i = 0; i < batch.length; i++) {
        const pending = one(batch[i]);
        if (isThenable(pending)) await pending;
      }
    }
  } else if (resources !== null && typeof resources === 'object' && Symbol.asyncIterator in resources) {
    for await (const resource of resources as AsyncIterable<unknown>) {
      const pending = one(resource);
      if (isThenable(pending)) await pending;
    }
  } else if (resources !== null && typeof resources === 'object' && Symbol.iterator in resources) {
    for (const resource of resources as Iterable<unknown>) {
      const pending = one(resource);
      if (isThenable(pending)) await pending;
    }
  } else {
    throw new FilterError(
      'INVALID_OPTION',
      '',
      'resources must be an array, an iterable or an async iterable',
    );
  }
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

/** The kinds the policies name, without repeats, in order. */
function namedKinds(policyKinds: readonly (string | undefined)[]): string[] {
  return [...new Set(policyKinds.filter((k): k is string => k !== undefined))];
}

/** Why a record has no kind, for messages. */
function noKindReason(kindField: InventoryOptions['kindField']): string {
  return kindField === null
    ? 'no kind field is read'
    : typeof kindField === 'function'
      ? 'the kindField function gave none'
      : `no "${showText(kindField ?? DEFAULT_KIND_FIELD)}" field`;
}

/**
 * @internal The notice of records of unknown kind evaluated by policies that all name one kind (shared
 * with the parallel evaluation).
 */
export function kindNotice(
  unknown: number,
  total: number,
  policyKinds: readonly (string | undefined)[],
  kindField: InventoryOptions['kindField'],
): string {
  const kind = `"${showText(namedKinds(policyKinds)[0] ?? '')}"`;
  return (
    `${unknown} of ${total} records have no kind (${noKindReason(kindField)}); every policy naming a kind ` +
    `is for ${kind} records, so they were evaluated as ${kind} records. If some are of another kind, ` +
    'say where records name theirs (kindField, --kind-field PATH), or give the kind (resource, --resource KIND)'
  );
}

/**
 * A record of unknown kind while the policies name several kinds: counting it under each would mix
 * kinds (a component counted as a certificate), so the evaluation stops.
 */
function unknownKindError(index: number, named: readonly string[], kindField: InventoryOptions['kindField']) {
  const list = named
    .slice(0, 5)
    .map((k) => `"${showText(k)}"`)
    .join(', ');
  return new InventoryError(
    'UNKNOWN_KIND',
    `record ${index + 1} has no kind (${noKindReason(kindField)}) and the policies are for several kinds ` +
      `(${list}${named.length > 5 ? ', …' : ''}): give the kind of the records (resource option, --resource KIND), ` +
      'say where records name it (kindField, --kind-field PATH), or evaluate the policies of one kind',
    { index },
  );
}

/**
 * The last set compiled for a list of compiled policies (keyed by its first): a caller evaluating one
 * list over many inputs (the CLI's `--jobs` workers, a range at a time) compiles it once. Sets are
 * stateless and compiled policies immutable, so sharing one is safe.
 */
const sets = new WeakMap<
  CompiledPolicy,
  { readonly list: readonly CompiledPolicy[]; readonly codegen: unknown; readonly set: CompiledPolicySet }
>();

function policySet(list: readonly CompiledPolicy[], options: CompileOptions): CompiledPolicySet {
  const first = list[0];
  if (first === undefined) return compilePolicies(list, options);
  const codegen = option(options, 'codegen');
  const cached = sets.get(first);
  if (
    cached !== undefined &&
    cached.codegen === codegen &&
    cached.list.length === list.length &&
    arrayEvery(list, (p, i) => cached.list[i] === p)
  ) {
    // A set without `$now` answers alike at every instant; one with is bound to this run's instant,
    // only its `$now` filters compiled again.
    if (!cached.set.readsNow) return cached.set;
    const set = cached.set.at(option(options, 'asOf')!);
    sets.set(first, { ...cached, set });
    return set;
  }
  const set = compilePolicies(list, options);
  sets.set(first, { list: [...list], codegen, set });
  return set;
}

/**
 * The compile options of an inventory's options (own properties only), with the run's one instant:
 * the `asOf` option, or the clock read here, once per run. @internal
 */
export function inventoryCompileOptions(
  options: InventoryOptions | undefined,
): CompileOptions & { readonly asOf: number } {
  const codegen = option(options, 'codegen');
  const asOf = resolveAsOf(option(options, 'asOf'), '/asOf');
  return { ...passLimits(options), ...(codegen === undefined ? {} : { codegen }), asOf };
}

/**
 * The waiver marker of each policy of a run, at its instant: the `waivers` option's, or (without the
 * option) the waivers a compiled policy was compiled with. @internal
 */
export function runWaivers(
  options: InventoryOptions | undefined,
  policies: readonly CompiledPolicy[],
  compileOptions: CompileOptions & { readonly asOf: number },
): WaiverMarker[] {
  const given = option(options, 'waivers');
  const all = given === undefined ? undefined : readWaivers(given, compileOptions);
  const codegen = option(options, 'codegen');
  const compile = (node: FilterNode) =>
    compileNode(node, codegen === undefined ? undefined : { codegen }, true, compileOptions.asOf);
  return policies.map((p) => waiverMarker(all ?? p.waivers, p, compileOptions.asOf, compile));
}

/** Refuses policies that are not an array. @internal */
export function policyList(policies: unknown): asserts policies is readonly unknown[] {
  if (!isArray(policies)) {
    throw new FilterError(
      'INVALID_OPTION',
      '',
      `policies must be an array of policy definitions or compiled policies, got ${describe(policies)}`,
    );
  }
}

/**
 * The policies compiled, definitions checked one by one (a bad one throws what compilePolicy throws
 * for it), compiled policies kept, those with `$now` filters bound to the options' instant. @internal
 */
export function compileEach(
  policies: readonly unknown[],
  options: CompileOptions & { readonly asOf: number },
): CompiledPolicy[] {
  return policies.map((p) =>
    isCompiled(p) ? (p.readsNow ? p.at(options.asOf) : p) : compilePolicy(p, options),
  );
}

/**
 * Evaluates policies over an inventory: an array, any iterable, or an async iterable (a stream of
 * records, read one at a time, so memory stays constant whatever its size). Per-resource results go to
 * `onResult`; the returned summary counts each status of each policy, the resources out of scope, and
 * the time taken. Policies may be definitions (compiled here; a bad one throws {@link PolicyError}) or
 * compiled policies. Inactive policies (`isActive: false`) are not evaluated and are reported as skipped.
 * A policy naming a `resource` kind applies only to records of that kind (see `kindField`).
 *
 * Resources are parsed records: a string or bytes among them (what a file stream yields before
 * parsing), a byte stream, or a string as the whole inventory (a file name?) rejects with an
 * {@link InventoryError} `INVALID_RESOURCE`; read text with {@link readNdjson}.
 *
 * @example
 * const summary = await evaluateInventory([certificateExpiry], readNdjson(createReadStream('inventory.ndjson')), {
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
  const compileOptions = inventoryCompileOptions(options);
  const resource = option(options, 'resource');
  const onResult = option(options, 'onResult');
  const signal = option(options, 'signal');
  policyList(policies);
  checkResources(resources);
  // Compiled policies are bound to the run's instant by the set (only those reading `$now` change).
  const given = policies.map((p) => (isCompiled(p) ? p : compilePolicy(p, compileOptions)));
  const compiled = given.map((p) => (p.readsNow ? p.at(compileOptions.asOf) : p));
  const skip = compiled.map((p) => skipReason(p, resource));
  const active = compiled.filter((_, i) => skip[i] === null);
  const markers = runWaivers(options, active, compileOptions);
  const tallies = active.map(
    (p, i) =>
      new Tally(
        p,
        markers[i]!.expired.map((w) => w.id),
      ),
  );
  // Coverage: an instrumented evaluation beside the compiled one, only when asked for.
  const recorders = option(options, 'coverage') === true ? compiled.map(coverageRecorder) : null;
  const activeRecorders = recorders?.filter((_, i) => skip[i] === null) ?? [];
  // The active policies compiled together: shared conditions evaluated once per resource, and
  // dispatch on the scopes' equalities (see compilePolicies). The cache is keyed by the policies as
  // given, so that a caller evaluating the same compiled policies run after run reuses the set.
  const set = policySet(
    given.filter((_, i) => skip[i] === null),
    compileOptions,
  );
  const policyKinds = active.map((p) => p.resource);
  const kinded = arraySome(policyKinds, (k) => k !== undefined);
  const named = namedKinds(policyKinds);
  const kindField = option(options, 'kindField');
  const readKind = kindReader(kindField);
  const fallbackKind = resource;
  const kinds = new Map<string, number>();
  let unknownKind = 0;
  let index = 0;

  const waived = markers.some((m) => m.waivers.length > 0);
  let current: unknown;
  const tallyOne = waived
    ? (i: number, result: PolicyResult): void => tallies[i]!.add(markers[i]!.mark(current, result))
    : (i: number, result: PolicyResult): void => tallies[i]!.add(result);
  const visit = (resource: unknown): void | PromiseLike<void> => {
    signal?.throwIfAborted();
    const kind = readKind?.(resource) ?? fallbackKind ?? null;
    if (kind === null && named.length > 1) throw unknownKindError(index, named, kindField);
    if (kind === null) unknownKind++;
    else kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
    for (let i = 0; i < activeRecorders.length; i++) {
      // As the set does: a policy naming a kind evaluates records of that kind, or of unknown kind.
      const own = policyKinds[i];
      if (own === undefined || kind === null || own === kind) activeRecorders[i]!.record(resource);
    }
    if (onResult === undefined) {
      // Only the policies in whose scope the resource is: the others are counted from the kinds.
      current = resource;
      set.forEachApplicable(resource, kind, tallyOne);
      index++;
      return;
    }
    // With a kind, policies for another kind come back not applicable, unevaluated.
    const evaluated = set.evaluate(resource, kind);
    const results: PolicyOutcome[] = new Array(evaluated.length);
    for (let i = 0; i < evaluated.length; i++) {
      const result = waived ? markers[i]!.mark(resource, evaluated[i]!) : evaluated[i]!;
      tallies[i]!.add(result);
      results[i] = { policy: active[i]!.name, result };
    }
    return onResult({ index: index++, resource, kind, results });
  };

  await eachResource(resources, visit);

  const durationMs = performance.now() - started;
  let t = 0;
  return {
    resources: index,
    asOf: isoOf(compileOptions.asOf),
    durationMs,
    resourcesPerSecond: durationMs > 0 ? Math.round((index * 1000) / durationMs) : 0,
    policies: compiled.map((p, i) =>
      summary(p, skip[i]!, skip[i] === null ? tallies[t++] : undefined, { total: index, kinds, unknownKind }),
    ),
    kindField:
      readKind === null
        ? null
        : typeof kindField === 'function'
          ? 'function'
          : (kindField ?? DEFAULT_KIND_FIELD),
    kinds: Object.fromEntries([...kinds].sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    unknownKind,
    notice: kinded && unknownKind > 0 ? kindNotice(unknownKind, index, policyKinds, kindField) : null,
    ...(recorders === null ? {} : { coverage: recorders.map((r) => r.report()) }),
  };
}
