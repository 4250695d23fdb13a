import { debuglog } from 'node:util';
import { Worker } from 'node:worker_threads';
import type { CompiledPolicy } from '../policy/compile.js';
import { mergeCoverage } from '../policy/coverage.js';
import {
  InventoryError,
  type InventoryErrorCode,
  type InventorySummary,
  type PolicySummary,
  type Rejection,
} from '../policy/index.js';
import { kindNotice } from '../policy/inventory.js';
import type { FromWorker, ToWorker, WorkerError, WorkerSetup } from './protocol.js';
import { splitRanges } from './split.js';

/**
 * The main thread's side of evaluating an NDJSON file in worker threads (`svc-policy eval --jobs N`,
 * `evaluateInventoryFile` with `jobs`): the file split on line boundaries into byte ranges, each
 * parsed and evaluated by a worker (see worker.ts), the output of each resource and each malformed
 * line passed on in input order with the numbers of the whole file, and the summaries merged, so that
 * the result is the result of one thread reading the file.
 *
 * Memory stays bounded: a worker streams its range, and at most `2 × jobs` ranges are under way, each
 * holding at most its own output until the ranges before it are passed on.
 */

/** `NODE_DEBUG=svc-policy`: how the file was split and which worker thread evaluated each range. */
const debug = debuglog('svc-policy');

/**
 * A range of a file split across worker threads, once evaluated: its bytes, the thread that evaluated
 * it and what it held (see `onRange` in `evaluateInventoryFile`).
 *
 * @example
 * const threads = new Set<number>();
 * await evaluateInventoryFile(policies, 'inventory.ndjson', { jobs: 4, onRange: (r) => threads.add(r.threadId) });
 * threads.size; // 4 on a file of four ranges or more: every worker thread took part
 */
export interface FileRange {
  /** Bytes `[start, end)` of the file; `start` is the beginning of a line. */
  readonly start: number;
  readonly end: number;
  /** The `threadId` of the worker thread that evaluated it (never 0, the main thread's). */
  readonly threadId: number;
  /** Resources read in the range. */
  readonly resources: number;
  /** Newlines in the range. */
  readonly lines: number;
  /** Malformed lines in the range. */
  readonly rejected: number;
}

/** What to evaluate, and how: what every worker is set up with ({@link WorkerSetup}), and the split. */
export interface RangeRun
  extends Pick<
    WorkerSetup,
    | 'file'
    | 'resource'
    | 'kindField'
    | 'codegen'
    | 'asOf'
    | 'waivers'
    | 'maxRecordLength'
    | 'maxRejections'
    | 'output'
    | 'select'
    | 'coverage'
  > {
  /** The URL of the file the workers run: an entry file that calls `runRangeWorker` in a worker. */
  readonly entry: string;
  readonly size: number;
  readonly jobs: number;
  /** Ranges are about this long (or the file divided by `jobs`, when that is shorter). */
  readonly rangeBytes: number;
  readonly policies: readonly CompiledPolicy[];
  readonly signal: AbortSignal | undefined;
}

/** What the main thread does with the merged stream: every callback in input order. */
export interface RangeSink {
  /** The output of the resource at `index` (in the whole file); a promise holds the next one back. */
  output?(item: unknown, index: number): void | PromiseLike<void>;
  /** A malformed line (its number in the whole file). */
  reject?(rejection: Rejection): void;
  /** Records and bytes done so far. */
  progress?(records: number, bytes: number): void;
  /** A range, once all it held was passed on. */
  range?(range: FileRange): void;
}

/** A queue of one range's messages, consumed in order by the main thread. */
class Inbox {
  private readonly items: FromWorker[] = [];
  private waiting: ((m: FromWorker | null) => void) | null = null;

  push(m: FromWorker | null): void {
    if (this.waiting !== null) {
      const w = this.waiting;
      this.waiting = null;
      w(m);
    } else if (m !== null) this.items.push(m);
  }

  /** The next message; `null` when woken by a failure elsewhere. */
  next(): Promise<FromWorker | null> {
    const m = this.items.shift();
    if (m !== undefined) return Promise.resolve(m);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }
}

function mergePolicies(a: readonly PolicySummary[], b: readonly PolicySummary[]): PolicySummary[] {
  return a.map((p, i) => {
    const q = b[i]!;
    return {
      policy: p.policy,
      skipped: p.skipped,
      applicable: p.applicable + q.applicable,
      waived: p.waived + q.waived,
      expiredWaivers: p.expiredWaivers,
      notApplicable: p.notApplicable + q.notApplicable,
      otherKind: p.otherKind + q.otherKind,
      statuses: p.statuses.map((s, j) => ({
        ...s,
        count: s.count + q.statuses[j]!.count,
        waived: s.waived + q.statuses[j]!.waived,
      })),
    };
  });
}

/**
 * What a worker met reading its range other than an `InventoryError`: an I/O error (its message,
 * and its `code`, `EACCES`, `EIO`…, as the worker's error had them).
 */
export class RangeReadError extends Error {
  readonly code: string | undefined;

  constructor(error: WorkerError) {
    super(error.message);
    Object.defineProperty(this, 'name', { value: error.name, enumerable: false, configurable: true });
    this.code = error.code;
  }
}

const INVENTORY_CODES: readonly string[] = [
  'INVALID_RESOURCE',
  'MALFORMED_RECORD',
  'MALFORMED_INPUT',
  'UNKNOWN_KIND',
];

/**
 * The error a worker met, with the line number and resource index of the whole file: an
 * `InventoryError` as one thread throws it (its message starts `line N:` or `record N `, N 1-based), or a
 * {@link RangeReadError}.
 */
function rebuild(error: WorkerError, lines: number, records: number): Error {
  if (error.name === 'InventoryError' && error.code !== undefined && INVENTORY_CODES.includes(error.code)) {
    const line = error.line === undefined ? undefined : lines + error.line;
    const index = error.index === undefined ? undefined : records + error.index;
    let message = error.message;
    if (line !== undefined) message = message.replace(/^line \d+:/, `line ${line}:`);
    if (index !== undefined) message = message.replace(/^record \d+ /, `record ${index + 1} `);
    return new InventoryError(error.code as InventoryErrorCode, message, {
      ...(line === undefined ? {} : { line }),
      ...(index === undefined ? {} : { index }),
    });
  }
  return new RangeReadError(error);
}

/**
 * Evaluates the file in worker threads; resolves to the merged summary (as `evaluateInventory` returns
 * it for the whole file) and the number of malformed lines. Rejects with what one thread would have
 * thrown (numbers of the whole file), with the signal's reason when aborted, or with the error of a
 * worker that could not start or stopped.
 */
export async function evaluateRanges(
  run: RangeRun,
  sink: RangeSink,
): Promise<{ summary: InventorySummary; rejected: number; seen: readonly unknown[] }> {
  const started = performance.now();
  run.signal?.throwIfAborted();
  const parts = await splitRanges(run.file, run.size, run.jobs, run.rangeBytes);
  const inboxes = parts.map(() => new Inbox());
  const setup: WorkerSetup = {
    svcPolicyEvalWorker: true,
    file: run.file,
    definitions: run.policies.map((p) => p.definition),
    resource: run.resource,
    kindField: run.kindField,
    codegen: run.codegen,
    asOf: run.asOf,
    waivers: run.waivers,
    maxRecordLength: run.maxRecordLength,
    maxRejections: run.maxRejections,
    output: run.output,
    select: run.select,
    coverage: run.coverage,
  };
  const count = Math.min(run.jobs, parts.length);
  debug(
    '%s: %d bytes in %d ranges, %d worker threads, %s',
    run.file,
    run.size,
    parts.length,
    count,
    run.output === null ? 'the summary alone' : 'an output per resource',
  );
  let failure: unknown = null;
  let closing = false;
  const fail = (error: unknown) => {
    if (failure !== null) return;
    failure = error;
    // Wake the range being read, whichever it is.
    for (const inbox of inboxes) inbox.push(null);
  };
  const onAbort = () => fail(run.signal!.reason);
  run.signal?.addEventListener('abort', onAbort, { once: true });
  const workers = Array.from(
    { length: count },
    () => new Worker(new URL(run.entry), { workerData: setup, stdout: false, stderr: false }),
  );
  const idle: Worker[] = [];
  let assigned = 0;
  let written = 0;
  const window = 2 * run.jobs;
  const assign = () => {
    while (idle.length > 0 && assigned < parts.length && assigned < written + window) {
      const worker = idle.pop()!;
      const [start, end] = parts[assigned]!;
      worker.postMessage({ k: assigned, start, end } satisfies ToWorker);
      assigned++;
    }
  };
  for (const worker of workers) {
    worker.on('message', (m: FromWorker) => {
      inboxes[m.k]!.push(m);
      if (m.t === 'done' || m.t === 'error') {
        idle.push(worker);
        assign();
      }
    });
    worker.on('error', fail);
    worker.on('exit', (code) => {
      if (!closing) fail(new Error(`a worker thread evaluating ${run.file} stopped (exit code ${code})`));
    });
    idle.push(worker);
  }
  try {
    assign();
    let summary: InventorySummary | null = null;
    let rejected = 0;
    let records = 0;
    let lines = 0;
    let doneBytes = 0;
    const kinds = new Map<string, number>();
    const seen: unknown[] = [];
    for (let k = 0; k < parts.length; k++) {
      const [start, end] = parts[k]!;
      for (;;) {
        const m = await inboxes[k]!.next();
        if (failure !== null || m === null) throw failure;
        if (m.t === 'out') {
          for (let i = 0; i < m.items.length; i++) {
            const pending = sink.output?.(m.items[i], records + m.indexes[i]!);
            if (pending !== undefined) await pending;
            if (failure !== null) throw failure;
          }
        } else if (m.t === 'progress') {
          sink.progress?.(records + m.records, doneBytes + m.bytes);
        } else if (m.t === 'reject') {
          sink.reject?.({ line: lines + m.rejection.line, message: m.rejection.message });
        } else if (m.t === 'error') {
          throw rebuild(m.error, lines, records);
        } else {
          const s = m.summary;
          for (const [kind, n] of Object.entries(s.kinds)) kinds.set(kind, (kinds.get(kind) ?? 0) + n);
          const before = summary as InventorySummary | null;
          summary =
            before === null
              ? s
              : {
                  ...before,
                  resources: before.resources + s.resources,
                  policies: mergePolicies(before.policies, s.policies),
                  unknownKind: before.unknownKind + s.unknownKind,
                  ...(before.coverage === undefined || s.coverage === undefined
                    ? {}
                    : { coverage: before.coverage.map((c, i) => mergeCoverage(c, s.coverage![i]!)) }),
                };
          const range: FileRange = {
            start,
            end,
            threadId: m.threadId,
            resources: s.resources,
            lines: m.newlines,
            rejected: m.rejected,
          };
          debug(
            '%s: range %d of %d, bytes %d-%d: %d records, %d lines, %d rejected, thread %d',
            run.file,
            k + 1,
            parts.length,
            start,
            end,
            range.resources,
            range.lines,
            range.rejected,
            range.threadId,
          );
          if (m.seen !== null) seen.push(m.seen);
          records += s.resources;
          lines += m.newlines;
          rejected += m.rejected;
          doneBytes += end - start;
          sink.progress?.(records, doneBytes);
          sink.range?.(range);
          break;
        }
      }
      written++;
      assign();
    }
    const merged = summary!;
    const durationMs = performance.now() - started;
    const active = run.policies.filter((_, i) => merged.policies[i]!.skipped === null);
    const policyKinds = active.map((p) => p.resource);
    const kinded = policyKinds.some((kind) => kind !== undefined);
    return {
      summary: {
        resources: merged.resources,
        asOf: merged.asOf,
        durationMs,
        resourcesPerSecond: durationMs > 0 ? Math.round((merged.resources * 1000) / durationMs) : 0,
        policies: merged.policies,
        kindField: merged.kindField,
        kinds: Object.fromEntries([...kinds].sort((a, b) => (a[0] < b[0] ? -1 : 1))),
        unknownKind: merged.unknownKind,
        notice:
          kinded && merged.unknownKind > 0
            ? kindNotice(merged.unknownKind, merged.resources, policyKinds, run.kindField)
            : null,
        ...(merged.coverage === undefined ? {} : { coverage: merged.coverage }),
      },
      rejected,
      seen,
    };
  } finally {
    closing = true;
    run.signal?.removeEventListener('abort', onAbort);
    await Promise.all(workers.map((w) => w.terminate()));
  }
}
