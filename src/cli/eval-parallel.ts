import { createReadStream } from 'node:fs';
import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { compileNode } from '../compile/filter.js';
import { MAX_CLI_MESSAGE, safeMessage } from '../errors.js';
import type { Limits } from '../limits.js';
import type { NormalizedPolicy } from '../policy/check.js';
import { buildPolicy, type CompiledPolicy } from '../policy/compile.js';
import {
  evaluateInventory,
  type InventorySummary,
  type PolicySummary,
  type Rejection,
  type ResourceResults,
  readNdjson,
} from '../policy/index.js';
import { kindNotice, skipReason } from '../policy/inventory.js';
import { InputError } from './io.js';

/**
 * `svc-policy eval --jobs N`: an NDJSON file split on line boundaries into byte ranges, each parsed and
 * evaluated in a worker thread, the per-resource output written in input order and the summaries
 * merged, so that the output is the output of `--jobs 1`, byte for byte.
 *
 * The workers run the CLI bundle itself (`bin/svc-policy.js`, `dist/cli.js`): `src/cli.ts` registers
 * its own URL with {@link setWorkerEntry} and, started as a worker, runs {@link runEvalWorker} instead
 * of the command line. Memory stays bounded: a worker streams its range, and at most `2 × jobs` ranges
 * are under way, each holding the output of at most one range.
 */

/** A placeholder for the record index in a rendered output text: never in JSON or escaped text. */
export const INDEX_MARK = '\u0000index\u0000';

/**
 * Ranges are about this long (or the file divided by the jobs, when that is shorter). The output of a
 * range waits in memory until the ranges before it are written: with a line per resource (ndjson,
 * explanations), which can be many times the input, ranges are shorter.
 */
const RANGE_BYTES = 16 * 1024 * 1024;
const RANGE_BYTES_PER_RESOURCE_OUTPUT = 4 * 1024 * 1024;
/** The head read to decide whether the file is NDJSON that can be split. */
const HEAD_BYTES = 1024 * 1024;

/** What the worker needs to render a resource as the main thread would: the eval options. */
export interface RenderOptions {
  readonly format: 'table' | 'json' | 'ndjson';
  readonly explain?: boolean | undefined;
  readonly id?: readonly string[] | undefined;
  readonly where?: string | undefined;
  /** The limits `--where` is parsed under (plain data: it goes to the workers). */
  readonly limits: Limits;
}

interface WorkerSetup {
  readonly svcPolicyEvalWorker: true;
  readonly entry: string;
  readonly file: string;
  readonly definitions: readonly NormalizedPolicy[];
  readonly resource: string | undefined;
  readonly kindField: string | undefined;
  readonly render: RenderOptions;
}

type FromWorker =
  | { readonly t: 'out'; readonly k: number; readonly indexes: number[]; readonly texts: string[] }
  | { readonly t: 'progress'; readonly k: number; readonly records: number; readonly bytes: number }
  | { readonly t: 'reject'; readonly k: number; readonly rejection: Rejection }
  | {
      readonly t: 'done';
      readonly k: number;
      readonly summary: InventorySummary;
      readonly rejected: number;
      readonly newlines: number;
    }
  | { readonly t: 'error'; readonly k: number; readonly message: string };

let entry: string | null = null;

/** Called by the CLI's entry module with its own URL: the file a worker runs. */
export function setWorkerEntry(url: string): void {
  entry = url;
}

/** The default of `--jobs`: the cores this process may use. */
export function defaultJobs(): number {
  return availableParallelism();
}

const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;

function isEnvelope(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Array.isArray((value as { items?: unknown }).items)
  );
}

/**
 * Whether the file can be split: a regular, uncompressed file that `readInventory` reads as NDJSON
 * (not a JSON array, not an envelope, not one document over several lines). Decided from its head as
 * `readInventory` decides: the first non-blank character, and for `{`, whether the first non-blank line
 * is JSON (and not an envelope).
 */
export async function splittable(file: string, size: number): Promise<boolean> {
  if (entry === null || size === 0) return false;
  const handle = await open(file, 'r');
  try {
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    const { bytesRead } = await handle.read(head, 0, head.length, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytes[0] === 0x1f && bytes[1] === 0x8b) return false; // gzip
    const text = new TextDecoder().decode(bytes);
    let i = 0;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    if (i === text.length) return false;
    const c = text.charCodeAt(i);
    if (c === 0x5b /* [ */) return false;
    if (c !== 0x7b /* { */) return true;
    for (const raw of text.split('\n')) {
      if (raw.trim() === '') continue;
      // The head ends inside this line (no newline before the end of the head): cannot tell.
      if (bytesRead < size && text.indexOf('\n') < 0) return false;
      try {
        return !isEnvelope(JSON.parse(raw.endsWith('\r') ? raw.slice(0, -1) : raw));
      } catch {
        return false;
      }
    }
    return false;
  } finally {
    await handle.close();
  }
}

/** Byte ranges of the file, each starting at the beginning of a line. */
async function ranges(
  file: string,
  size: number,
  jobs: number,
  rangeBytes: number,
): Promise<Array<[number, number]>> {
  const count = Math.max(jobs, Math.ceil(size / rangeBytes));
  const step = Math.ceil(size / count);
  const handle = await open(file, 'r');
  const starts = [0];
  try {
    const buffer = Buffer.alloc(64 * 1024);
    for (let k = 1; k < count; k++) {
      let at = Math.max(k * step, starts.at(-1)!);
      // The start of the next line after `at - 1`: just after the first newline at or after it.
      let found = -1;
      while (found < 0 && at < size) {
        const { bytesRead } = await handle.read(buffer, 0, buffer.length, at - 1);
        if (bytesRead === 0) break;
        const nl = buffer.subarray(0, bytesRead).indexOf(0x0a);
        if (nl >= 0) found = at - 1 + nl + 1;
        else at += bytesRead;
      }
      if (found < 0 || found >= size) break;
      if (found > starts.at(-1)!) starts.push(found);
    }
  } finally {
    await handle.close();
  }
  return starts.map((s, k) => [s, k + 1 < starts.length ? starts[k + 1]! : size]);
}

/** A queue of one range's messages, consumed in order by the main thread. */
class Inbox {
  private readonly items: FromWorker[] = [];
  private waiting: ((m: FromWorker) => void) | null = null;

  push(m: FromWorker): void {
    if (this.waiting !== null) {
      const w = this.waiting;
      this.waiting = null;
      w(m);
    } else this.items.push(m);
  }

  next(): Promise<FromWorker> {
    const m = this.items.shift();
    if (m !== undefined) return Promise.resolve(m);
    return new Promise((resolve) => {
      this.waiting = resolve;
    });
  }
}

/** What the main thread does with the merged stream of results. */
export interface ParallelSink {
  /** A rendered text of the resource at `index` (the global index, already in the text). */
  output(text: string): void | Promise<void>;
  /** A rejected line (global line number), in input order. */
  reject(rejection: Rejection): void;
  /** Records and bytes done so far, for the progress line. */
  progress(records: number, bytes: number): void;
}

export interface ParallelRun {
  readonly file: string;
  readonly size: number;
  readonly jobs: number;
  readonly policies: readonly CompiledPolicy[];
  readonly resource: string | undefined;
  readonly kindField: string | undefined;
  readonly render: RenderOptions;
}

function mergePolicies(a: readonly PolicySummary[], b: readonly PolicySummary[]): PolicySummary[] {
  return a.map((p, i) => {
    const q = b[i]!;
    return {
      policy: p.policy,
      skipped: p.skipped,
      applicable: p.applicable + q.applicable,
      notApplicable: p.notApplicable + q.notApplicable,
      otherKind: p.otherKind + q.otherKind,
      statuses: p.statuses.map((s, j) => ({ ...s, count: s.count + q.statuses[j]!.count })),
    };
  });
}

/**
 * Evaluates the file in `jobs` worker threads; resolves to the merged summary (as `evaluateInventory`
 * returns it for the whole file) and the number of rejected lines.
 */
export async function evaluateParallel(
  run: ParallelRun,
  sink: ParallelSink,
): Promise<{ summary: InventorySummary; rejected: number }> {
  const started = performance.now();
  const { format, explain, id, where } = run.render;
  const perResource = format === 'ndjson' || explain === true || id !== undefined || where !== undefined;
  const parts = await ranges(
    run.file,
    run.size,
    run.jobs,
    perResource ? RANGE_BYTES_PER_RESOURCE_OUTPUT : RANGE_BYTES,
  );
  const inboxes = parts.map(() => new Inbox());
  const setup: WorkerSetup = {
    svcPolicyEvalWorker: true,
    entry: entry!,
    file: run.file,
    definitions: run.policies.map((p) => p.definition),
    resource: run.resource,
    kindField: run.kindField,
    render: run.render,
  };
  const workers = Array.from(
    { length: Math.min(run.jobs, parts.length) },
    () => new Worker(new URL(entry!), { workerData: setup, stdout: false, stderr: false }),
  );
  const idle: Worker[] = [];
  let assigned = 0;
  let written = 0;
  const window = 2 * run.jobs;
  const assign = () => {
    while (idle.length > 0 && assigned < parts.length && assigned < written + window) {
      const worker = idle.pop()!;
      const [start, end] = parts[assigned]!;
      worker.postMessage({ k: assigned, start, end });
      assigned++;
    }
  };
  let failure: Error | null = null;
  for (const worker of workers) {
    worker.on('message', (m: FromWorker) => {
      inboxes[m.k]!.push(m);
      if (m.t === 'done' || m.t === 'error') {
        idle.push(worker);
        assign();
      }
    });
    worker.on('error', (error) => {
      failure = error;
      // Wake the range being read, whichever it is.
      for (const inbox of inboxes) inbox.push({ t: 'error', k: 0, message: String(error.message) });
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
    for (let k = 0; k < parts.length; k++) {
      const [start, end] = parts[k]!;
      for (;;) {
        const m = await inboxes[k]!.next();
        if (failure !== null) throw failure;
        if (m.t === 'out') {
          for (let i = 0; i < m.texts.length; i++) {
            const pending = sink.output(m.texts[i]!.replace(INDEX_MARK, String(records + m.indexes[i]!)));
            if (pending !== undefined) await pending;
          }
        } else if (m.t === 'progress') {
          sink.progress(records + m.records, doneBytes + m.bytes);
        } else if (m.t === 'reject') {
          sink.reject({ line: lines + m.rejection.line, message: m.rejection.message });
        } else if (m.t === 'error') {
          // What the reader or evaluation threw in the worker (a line too long): reported as input errors are.
          throw new InputError(m.message);
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
                };
          records += s.resources;
          lines += m.newlines;
          rejected += m.rejected;
          doneBytes += end - start;
          sink.progress(records, doneBytes);
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
      },
      rejected,
    };
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
}

/** Whether this thread is an eval worker started by {@link evaluateParallel}. */
export function isEvalWorker(): boolean {
  return (
    !isMainThread &&
    typeof workerData === 'object' &&
    workerData !== null &&
    (workerData as Partial<WorkerSetup>).svcPolicyEvalWorker === true
  );
}

/** Counts newline bytes passing through, for the line numbers of the ranges after this one. */
async function* counted(
  stream: AsyncIterable<Buffer>,
  tally: { newlines: number; bytes: number },
): AsyncGenerator<Buffer> {
  for await (const chunk of stream) {
    let at = chunk.indexOf(0x0a);
    while (at >= 0) {
      tally.newlines++;
      at = chunk.indexOf(0x0a, at + 1);
    }
    tally.bytes += chunk.length;
    yield chunk;
  }
}

/**
 * The worker's side: compiles the policies once, then evaluates each range it is given with what
 * `svc-policy eval` runs (`readNdjson`, `evaluateInventory`), rendering each resource as the main
 * thread would, with {@link INDEX_MARK} for the index.
 */
export async function runEvalWorker(
  render: (
    policies: readonly CompiledPolicy[],
    options: RenderOptions,
  ) => (event: ResourceResults, index: string) => string | null,
): Promise<void> {
  const setup = workerData as WorkerSetup;
  const port = parentPort!;
  const policies = setup.definitions.map((d) => buildPolicy(d, (node) => compileNode(node)));
  // Rendered as the main thread renders: over the policies evaluated (inactive or other-kind ones left out).
  const renderOne = render(
    policies.filter((p) => skipReason(p, setup.resource) === null),
    setup.render,
  );
  port.on('message', async ({ k, start, end }: { k: number; start: number; end: number }) => {
    try {
      const tally = { newlines: 0, bytes: 0 };
      let rejected = 0;
      const stream = createReadStream(setup.file, { start, end: end - 1 });
      let indexes: number[] = [];
      let texts: string[] = [];
      let size = 0;
      const flush = () => {
        if (texts.length > 0) port.postMessage({ t: 'out', k, indexes, texts } satisfies FromWorker);
        indexes = [];
        texts = [];
        size = 0;
      };
      const summary = await evaluateInventory(
        policies,
        readNdjson(counted(stream, tally), {
          onReject: (rejection) => {
            // The first 100 of the whole input are among the first 100 of each range.
            if (++rejected <= 100) port.postMessage({ t: 'reject', k, rejection } satisfies FromWorker);
          },
        }),
        {
          ...(setup.resource === undefined ? {} : { resource: setup.resource }),
          ...(setup.kindField === undefined ? {} : { kindField: setup.kindField }),
          onResult: (event) => {
            const text = renderOne(event, INDEX_MARK);
            if (text !== null) {
              indexes.push(event.index);
              texts.push(text);
              size += text.length;
            }
            if (size > 256 * 1024 || (event.index & 0x3fff) === 0x3fff) {
              flush();
              port.postMessage({
                t: 'progress',
                k,
                records: event.index + 1,
                bytes: tally.bytes,
              } satisfies FromWorker);
            }
          },
        },
      );
      flush();
      port.postMessage({ t: 'done', k, summary, rejected, newlines: tally.newlines } satisfies FromWorker);
    } catch (error) {
      port.postMessage({
        t: 'error',
        k,
        message: safeMessage(error, MAX_CLI_MESSAGE),
      } satisfies FromWorker);
    }
  });
}
