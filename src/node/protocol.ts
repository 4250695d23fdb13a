import { isMainThread, workerData } from 'node:worker_threads';
import type { NormalizedPolicy } from '../policy/check.js';
import type { InventorySummary, Rejection } from '../policy/index.js';
import type { NormalizedWaiver } from '../policy/waivers.js';

/**
 * The messages between the main thread and the worker threads that evaluate ranges of an NDJSON file
 * (`svc-policy eval --jobs`, `evaluateInventoryFile`). Every field is plain data (structured clone).
 */

/** What a worker is started with (`workerData`): the same for every range it is given. */
export interface WorkerSetup {
  /** Marks the thread as one of these workers: the entry file it runs serves other purposes too. */
  readonly svcPolicyEvalWorker: true;
  readonly file: string;
  /** The policies, as checked by the main thread (each worker compiles them once). */
  readonly definitions: readonly NormalizedPolicy[];
  readonly resource: string | undefined;
  readonly kindField: string | null | undefined;
  readonly codegen: boolean | undefined;
  /** The run's one instant (ms): every worker compiles and evaluates at it, whatever its own clock. */
  readonly asOf: number;
  /** The run's waivers, checked by the main thread (each worker binds them to its policies). */
  readonly waivers: readonly NormalizedWaiver[];
  readonly maxRecordLength: number | undefined;
  /**
   * Malformed lines: `null` stops the range at the first one (an `InventoryError` `MALFORMED_RECORD`,
   * as the readers do without `onReject`); a number passes on at most that many per range (all are
   * counted).
   */
  readonly maxRejections: number | null;
  /**
   * What the worker makes of each resource, handed to the output factory of the entry file (the CLI
   * renders text, the library passes the results on); `null`: nothing per resource, only the summary.
   */
  readonly output: unknown;
  /**
   * The field paths the evaluation reads: each line is decoded only there (see
   * src/inventory/selected-lines.ts); `null`: each record is parsed whole.
   */
  readonly select: readonly (readonly string[])[] | null;
  /** Whether each range's summary carries the coverage of its records (merged by the main thread). */
  readonly coverage: boolean;
}

/** A range to evaluate: bytes `[start, end)` of the file, `start` at the beginning of a line. */
export interface ToWorker {
  readonly k: number;
  readonly start: number;
  readonly end: number;
}

/** An error thrown while a worker read or evaluated its range, with numbers local to the range. */
export interface WorkerError {
  readonly name: string;
  readonly code: string | undefined;
  readonly message: string;
  /** Line within the range (from 1). */
  readonly line: number | undefined;
  /** Resource index within the range (from 0). */
  readonly index: number | undefined;
}

/** Messages of range `k`; line numbers and resource indexes are local to the range. */
export type FromWorker =
  | { readonly t: 'out'; readonly k: number; readonly indexes: number[]; readonly items: unknown[] }
  | { readonly t: 'progress'; readonly k: number; readonly records: number; readonly bytes: number }
  | { readonly t: 'reject'; readonly k: number; readonly rejection: Rejection }
  | {
      readonly t: 'done';
      readonly k: number;
      readonly summary: InventorySummary;
      readonly rejected: number;
      /** Newlines in the range: the line numbers of the ranges after it start after these. */
      readonly newlines: number;
      readonly threadId: number;
      /** What the worker's output has seen so far (see `OutputFactory`), or `null`. */
      readonly seen: unknown;
    }
  | { readonly t: 'error'; readonly k: number; readonly error: WorkerError };

/** Whether this thread is a worker started to evaluate ranges of a file. */
export function isEvalWorker(): boolean {
  return (
    !isMainThread &&
    typeof workerData === 'object' &&
    workerData !== null &&
    (workerData as Partial<WorkerSetup>).svcPolicyEvalWorker === true
  );
}
