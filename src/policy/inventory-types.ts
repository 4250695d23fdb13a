import type { CompileOptions } from '../compile/filter.js';
import type { PolicyResult } from './compile.js';
import type { PolicyCoverage } from './coverage.js';

/** What evaluating an inventory takes and gives: its options, per-resource results and summary. */

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
  /** The record's kind (from `kindField`, else the `resource` option); `null` when unknown. */
  readonly kind: string | null;
  /**
   * One outcome per evaluated policy (inactive and skipped policies are left out), in the order given.
   * A policy for another kind than the record's gives a not-applicable result.
   */
  readonly results: readonly PolicyOutcome[];
}

/**
 * The default {@link InventoryOptions.kindField}: records of a mixed inventory name their kind in
 * `resource`, as policies do (the inventory generator's mixed inventories carry it).
 *
 * @example
 * await evaluateInventory([componentPolicy], [{ resource: 'certificate', id: 'c1' }]);
 * // policies[0].otherKind === 1: a certificate is not evaluated by a component policy
 */
export const DEFAULT_KIND_FIELD = 'resource';

/** Options of {@link evaluateInventory}. */
export interface InventoryOptions extends CompileOptions {
  /**
   * Called once per resource, in input order. When it returns a promise, the next resource waits for
   * it, so a slow consumer (a stream being written) applies back-pressure and memory stays constant.
   */
  readonly onResult?: (results: ResourceResults) => void | PromiseLike<void>;
  /**
   * The kind of the resources (`component`, `certificate`): of every record that does not name its own
   * (see `kindField`). Policies whose `resource` names another kind are skipped (reported with
   * `skipped: 'resource'`); policies that name no kind are evaluated.
   */
  readonly resource?: string;
  /**
   * Where a record names its kind: a field path in filter syntax (`meta$.kind`), or a function of the
   * record returning the kind (or `undefined`). Default {@link DEFAULT_KIND_FIELD} (`resource`); `null`
   * reads no kind. A policy with a `resource` applies only to records of that kind (records of another
   * kind are counted in `otherKind` and get a not-applicable result). A record of unknown kind (none
   * read, no `resource` option) is evaluated by every policy when the policies name at most one kind
   * (`notice` in the summary says so); when they name several, which of them it belongs to cannot be
   * told: the evaluation stops with an {@link InventoryError} `UNKNOWN_KIND` at that record.
   */
  readonly kindField?: string | ((record: unknown) => string | undefined) | null;
  /**
   * Waivers (a waiver file's `{ waivers: [ … ] }` or the list; docs/waivers.md), at the run's `asOf`:
   * results they accept are marked `waiver` and counted in `waived`; expired ones are listed in
   * `expiredWaivers`. Without it, compiled policies keep the waivers they were compiled with.
   */
  readonly waivers?: unknown;
  /** Stops the evaluation between two resources; the promise then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /**
   * Counts, per policy, the records each status got, each rule decided, and each condition's true and
   * false outcomes (`coverage` in the summary; see docs/coverage.md). An instrumented evaluation that
   * runs beside the compiled one: off (the default), nothing of it runs.
   */
  readonly coverage?: boolean;
}

/** Count of one status of one policy. */
export interface StatusCount {
  readonly status: string;
  readonly criticality: number;
  readonly isDefault: boolean;
  readonly count: number;
  /** Of `count`, the resources marked waived (docs/waivers.md). */
  readonly waived: number;
}

/** What happened to one policy over the inventory. */
export interface PolicySummary {
  readonly policy: string;
  /** Why the policy was not evaluated: `inactive` (`isActive: false`) or `resource` (another kind); `null` when it was. */
  readonly skipped: 'inactive' | 'resource' | null;
  /** Resources in the policy's scope (each got one status). */
  readonly applicable: number;
  /** Of those, the resources marked waived (counted in their status too). */
  readonly waived: number;
  /** Ids of the policy's waivers expired at `asOf`: they changed nothing. */
  readonly expiredWaivers: readonly string[];
  /** Resources of the policy's kind (or of unknown kind) outside the scope (no status). */
  readonly notApplicable: number;
  /** Resources of another kind than the policy's `resource` (not evaluated, no status). */
  readonly otherKind: number;
  /** Every status, in definition order, with its count (0 included). */
  readonly statuses: readonly StatusCount[];
}

/** The summary returned by {@link evaluateInventory}. */
export interface InventorySummary {
  /** Resources read. */
  readonly resources: number;
  /**
   * The instant the run's `{ $now: … }` operands counted from, ISO 8601 in UTC: the `asOf` option, or
   * the clock read once when the run started. Every record of the run was evaluated at this instant.
   */
  readonly asOf: string;
  /** Wall-clock time of the whole evaluation, reading the input included. */
  readonly durationMs: number;
  readonly resourcesPerSecond: number;
  readonly policies: readonly PolicySummary[];
  /** Where kinds were read: the `kindField` path, `'function'`, or `null` when none was read. */
  readonly kindField: string | null;
  /** Records per kind (from `kindField`, else the `resource` option). */
  readonly kinds: Readonly<Record<string, number>>;
  /** Records whose kind is unknown (evaluated by every policy). */
  readonly unknownKind: number;
  /**
   * Set when records of unknown kind were evaluated by policies that all name one kind (records of
   * unknown kind stop the evaluation when the policies name several: `UNKNOWN_KIND`): what happened
   * and how to say where kinds are.
   */
  readonly notice: string | null;
  /**
   * With the `coverage` option: the coverage of each policy, in the order of `policies` (a skipped
   * policy's counts are all 0). Absent otherwise.
   */
  readonly coverage?: readonly PolicyCoverage[];
}
