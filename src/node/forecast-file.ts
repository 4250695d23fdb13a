import { createReadStream } from 'node:fs';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { option } from '../builtins.js';
import { FilterError, MAX_CLI_MESSAGE, safeMessage } from '../errors.js';
import { InventoryError, type Rejection, readInventory, readNdjson } from '../inventory/records.js';
import type { NormalizedPolicy } from '../policy/check.js';
import type { CompiledPolicy } from '../policy/compile.js';
import type { Transition } from '../policy/forecast.js';
import {
  type ForecastOptions,
  type ForecastPlan,
  type ForecastSummary,
  forecastCompiled,
  forecastPlan,
  forecastPolicies,
  PolicyTally,
  policiesOf,
} from '../policy/forecast-inventory.js';
import { skipReason } from '../policy/inventory.js';
import type { NormalizedWaiver } from '../policy/waivers.js';
import { isoOf } from '../semantics/time.js';
import { gunzipped } from './gzip.js';
import { openRegularFile } from './regular.js';
import { coreJobs, splitRanges, splittable } from './split.js';

/**
 * `forecastInventory` over a file (svc-policy/node and `svc-policy forecast`): read as `eval` reads
 * its input (NDJSON, a JSON array or an `{ items }` envelope, gzipped or not), and an NDJSON file split
 * on line boundaries across worker threads, each forecasting ranges of it. Transitions and rejected
 * lines are passed on in input order and the summaries merged, so that any `jobs` gives what one
 * thread gives.
 */

/** Options of `forecastInventoryFile`. */
export interface ForecastFileOptions extends ForecastOptions {
  /** Worker threads for an NDJSON file (capped at the cores); default 1. */
  readonly jobs?: number;
  /** Called for a line that is not a JSON object, which is skipped; without it the first one throws. */
  readonly onReject?: (rejection: Rejection) => void;
}

interface ForecastSetup {
  readonly svcPolicyForecastWorker: true;
  readonly file: string;
  readonly definitions: readonly NormalizedPolicy[];
  /** The waivers the policies were compiled with: the workers bind them alike. */
  readonly waivers: readonly NormalizedWaiver[];
  readonly codegen: boolean | undefined;
  readonly plan: ForecastPlan;
  readonly resource: string | undefined;
  readonly kindField: string | null | undefined;
  readonly transitions: boolean;
  readonly rejections: boolean;
}

type FromForecastWorker =
  | { readonly t: 'out'; readonly k: number; readonly items: Transition[] }
  | { readonly t: 'reject'; readonly k: number; readonly rejection: Rejection }
  | { readonly t: 'done'; readonly k: number; readonly summary: ForecastSummary; readonly newlines: number }
  | {
      readonly t: 'error';
      readonly k: number;
      readonly code: string | undefined;
      readonly message: string;
      readonly line: number | undefined;
      readonly index: number | undefined;
    };

/** Whether this thread is a worker started to forecast ranges of a file. */
export function isForecastWorker(): boolean {
  return (
    !isMainThread &&
    typeof workerData === 'object' &&
    workerData !== null &&
    (workerData as Partial<ForecastSetup>).svcPolicyForecastWorker === true
  );
}

/** Counts newline bytes passing through (the line numbers of the ranges after this one start after them). */
async function* counted(stream: AsyncIterable<Buffer>, tally: { newlines: number }): AsyncGenerator<Buffer> {
  for await (const chunk of stream) {
    let at = chunk.indexOf(0x0a);
    while (at >= 0) {
      tally.newlines++;
      at = chunk.indexOf(0x0a, at + 1);
    }
    yield chunk;
  }
}

/** The worker's side: compiles once, forecasts each range it is given. */
export function runForecastWorker(): void {
  const setup = workerData as ForecastSetup;
  const port = parentPort!;
  const policies = policiesOf(setup.definitions, setup.plan.window.asOf, setup.codegen, setup.waivers);
  const post = (message: FromForecastWorker) => port.postMessage(message);
  port.on('message', async ({ k, start, end }: { k: number; start: number; end: number }) => {
    // A range after the first is read from the newline ending the line before it: a blank line 1.
    const skew = start > 0 ? 1 : 0;
    let items: Transition[] = [];
    const flush = () => {
      if (items.length > 0) post({ t: 'out', k, items });
      items = [];
    };
    const stream = createReadStream(setup.file, { start: start - skew, end: end - 1 });
    try {
      const tally = { newlines: 0 };
      const records = readNdjson(counted(stream, tally), {
        ...(setup.rejections
          ? {
              onReject: ({ line, message }: Rejection) => {
                flush();
                post({ t: 'reject', k, rejection: { line: line - skew, message } });
              },
            }
          : {}),
      });
      const summary = await forecastCompiled(
        policies,
        records,
        {
          horizon: setup.plan.window.horizon,
          ...(setup.resource === undefined ? {} : { resource: setup.resource }),
          ...(setup.kindField === undefined ? {} : { kindField: setup.kindField }),
          ...(setup.transitions
            ? {
                onTransition: (t: Transition) => {
                  items.push(t);
                  if (items.length >= 512) flush();
                },
              }
            : {}),
        },
        setup.plan,
      );
      flush();
      post({ t: 'done', k, summary, newlines: tally.newlines - skew });
    } catch (error) {
      flush();
      const e = error as { code?: unknown; line?: unknown; index?: unknown };
      post({
        t: 'error',
        k,
        code: typeof e?.code === 'string' ? e.code : undefined,
        message: safeMessage(error, MAX_CLI_MESSAGE),
        line: typeof e?.line === 'number' ? e.line - skew : undefined,
        index: typeof e?.index === 'number' ? e.index : undefined,
      });
    } finally {
      stream.destroy();
    }
  });
}

/** Merges the summaries of consecutive parts of one input (indexes of each shifted by those before). */
function merge(
  policies: readonly CompiledPolicy[],
  plan: ForecastPlan,
  parts: readonly ForecastSummary[],
  resource: string | undefined,
  durationMs: number,
): ForecastSummary {
  const tallies = policies.map((p) => new PolicyTally(p, plan.steps, plan.first));
  const kinds = new Map<string, number>();
  let resources = 0;
  let unknownKind = 0;
  for (const part of parts) {
    part.policies.forEach((p, i) => {
      if (p.skipped === null) tallies[i]!.merge(p, resources);
    });
    for (const [kind, n] of Object.entries(part.kinds)) kinds.set(kind, (kinds.get(kind) ?? 0) + n);
    resources += part.resources;
    unknownKind += part.unknownKind;
  }
  const first = parts[0]!;
  return {
    ...first,
    resources,
    policies: policies.map((p, i) => {
      const skipped = skipReason(p, resource);
      return tallies[i]!.summary(skipped, skipped === null && first.policies[i]!.readsNow);
    }),
    kinds: Object.fromEntries([...kinds].sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    unknownKind,
    durationMs,
  };
}

/**
 * Forecasts policies over an inventory file: see {@link ForecastFileOptions}; `entry` is the file the
 * worker threads run (it must call {@link runForecastWorker} when {@link isForecastWorker}).
 */
export async function forecastFile(
  entry: string,
  policies: readonly unknown[],
  path: string,
  options: ForecastFileOptions,
): Promise<ForecastSummary> {
  const started = performance.now();
  const plan = forecastPlan(options);
  const compiled = forecastPolicies(policies, options, plan.window.asOf);
  const explicit = option(options, 'jobs') ?? 1;
  if (!(Number.isSafeInteger(explicit) && explicit >= 1)) {
    throw new FilterError('INVALID_OPTION', '/jobs', 'jobs must be a positive integer');
  }
  const kindField = option(options, 'kindField');
  if (typeof kindField === 'function' && explicit > 1) {
    throw new FilterError(
      'INVALID_OPTION',
      '/kindField',
      'kindField is a function, which worker threads cannot call: give it as a field path',
    );
  }
  const onReject = option(options, 'onReject');
  const opened = await openRegularFile(path);
  if ('kind' in opened) {
    throw new FilterError('INVALID_OPTION', '', `the inventory file is ${opened.kind}, not a regular file`);
  }
  const { handle, info } = opened;
  const jobs = Math.min(explicit, coreJobs());
  let split = false;
  try {
    split = jobs > 1 && (await splittable(path, info.size));
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (!split) {
    const stream = handle.createReadStream();
    try {
      const bytes = gunzipped(
        stream[Symbol.asyncIterator](),
        (error) => new InventoryError('MALFORMED_INPUT', `not valid gzip: ${error.message}`),
      );
      const records = readInventory(bytes, onReject === undefined ? {} : { onReject });
      return await forecastCompiled(compiled, records, options, plan, started);
    } finally {
      stream.destroy();
    }
  }
  await handle.close();
  const ranges = await splitRanges(path, info.size, jobs, 16 * 1024 * 1024);
  const onTransition = option(options, 'onTransition');
  const setup: ForecastSetup = {
    svcPolicyForecastWorker: true,
    file: path,
    definitions: compiled.map((p) => p.definition),
    waivers: [...new Set(compiled.flatMap((p) => p.waivers))],
    codegen: option(options, 'codegen'),
    plan,
    resource: option(options, 'resource'),
    kindField: kindField as string | null | undefined,
    transitions: onTransition !== undefined,
    rejections: onReject !== undefined,
  };
  const workers = Array.from(
    { length: Math.min(jobs, ranges.length) },
    () => new Worker(new URL(entry), { workerData: setup }),
  );
  // What each range gave, kept until the ranges before it are passed on.
  const pending = ranges.map(() => ({
    events: [] as FromForecastWorker[],
    done: null as ForecastSummary | null,
    newlines: 0,
  }));
  const parts: ForecastSummary[] = [];
  let head = 0;
  let next = 0;
  let resources = 0;
  let lines = 0;
  try {
    await new Promise<void>((resolve, reject) => {
      let chain: Promise<void> = Promise.resolve();
      const pass = async (event: FromForecastWorker): Promise<void> => {
        if (event.t === 'out') {
          for (const t of event.items) await onTransition?.({ ...t, index: t.index + resources });
        } else if (event.t === 'reject') {
          onReject?.({ line: event.rejection.line + lines, message: event.rejection.message });
        } else if (event.t === 'error') {
          const message = event.message.replace(
            /^record (\d+)/,
            (_, n: string) => `record ${Number(n) + resources}`,
          );
          const line = event.line === undefined ? undefined : event.line + lines;
          throw event.code === undefined
            ? new Error(message)
            : new InventoryError(event.code as never, message, {
                ...(line === undefined ? {} : { line }),
                ...(event.index === undefined ? {} : { index: event.index + resources }),
              });
        }
      };
      const drain = async (): Promise<void> => {
        while (head < ranges.length) {
          const range = pending[head]!;
          while (range.events.length > 0) await pass(range.events.shift()!);
          if (range.done === null) return;
          parts.push(range.done);
          resources += range.done.resources;
          lines += range.newlines;
          head++;
        }
        resolve();
      };
      const give = (worker: Worker) => {
        if (next >= ranges.length) return;
        const [start, end] = ranges[next]!;
        worker.postMessage({ k: next++, start, end });
      };
      for (const worker of workers) {
        worker.on('message', (message: FromForecastWorker) => {
          const range = pending[message.k]!;
          if (message.t === 'done') {
            range.done = message.summary;
            range.newlines = message.newlines;
            give(worker);
          } else range.events.push(message);
          chain = chain.then(drain).catch(reject);
        });
        worker.on('error', reject);
        give(worker);
      }
    });
  } finally {
    await Promise.all(workers.map((w) => w.terminate()));
  }
  const summary = merge(compiled, plan, parts, option(options, 'resource'), performance.now() - started);
  return { ...summary, asOf: isoOf(plan.window.asOf) };
}
