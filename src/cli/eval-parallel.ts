import type { Limits } from '../limits.js';
import { evaluateRanges, RangeReadError } from '../node/parallel.js';
import { coreJobs, splittable as splittableFile } from '../node/split.js';
import type { CompiledPolicy } from '../policy/compile.js';
import type { InventorySummary, Rejection } from '../policy/index.js';
import { UsageError } from './args.js';
import type { EvalFormat } from './eval-output.js';
import { InputError } from './io.js';
import type { Reporter } from './runner.js';
import type { SarifPlan } from './sarif-plan.js';

export { SPLIT_THRESHOLD } from '../node/split.js';

/**
 * `svc-policy eval --jobs N`: an NDJSON file split on line boundaries into byte ranges, each parsed and
 * evaluated in a worker thread, the per-resource output written in input order and the summaries
 * merged, so that the output is the output of `--jobs 1`, byte for byte. The splitting, the workers
 * and the merging are src/node/ (shared with `evaluateInventoryFile`, svc-policy/node); here is what
 * the command line adds: each resource rendered as text in the worker.
 *
 * The workers run the CLI bundle itself (`bin/svc-policy.js`, `dist/cli.js`): `src/cli.ts` registers
 * its own URL with {@link setWorkerEntry} and, started as a worker, runs `runRangeWorker` with the
 * renderer instead of the command line.
 */

/** A placeholder for the record index in a rendered output text: never in JSON or escaped text. */
export const INDEX_MARK = '\u0000index\u0000';
/** The same for the record's 1-based ordinal (`record N` in text output). */
export const ORDINAL_MARK = '\u0000ordinal\u0000';

/**
 * Ranges are about this long (or the file divided by the jobs, when that is shorter). The output of a
 * range waits in memory until the ranges before it are written: with a line per resource (ndjson,
 * explanations), which can be many times the input, ranges are shorter.
 */
const RANGE_BYTES = 16 * 1024 * 1024;
const RANGE_BYTES_PER_RESOURCE_OUTPUT = 4 * 1024 * 1024;

/** The CLI prints the first 100 malformed lines of the input: they are among the first 100 of each range. */
const MAX_REJECTIONS = 100;

/** What the worker needs to render a resource as the main thread would: the eval options. */
export interface RenderOptions {
  readonly format: EvalFormat;
  /** `--format sarif`: what each status's results say (plain data, as the rest). */
  readonly sarif?: SarifPlan | undefined;
  readonly explain?: boolean | undefined;
  readonly id?: readonly string[] | undefined;
  readonly where?: string | undefined;
  /** `--explain-limit`: at most this many selected resources are explained. */
  readonly explainLimit: number;
  /** The limits `--where` is parsed under (plain data: it goes to the workers). */
  readonly limits: Limits;
  /** The run's instant (ms): a `--where` with `$now` selects at it, as the policies evaluate. */
  readonly asOf: number;
}

let entry: string | null = null;

/** Called by the CLI's entry module with its own URL: the file a worker runs. */
export function setWorkerEntry(url: string): void {
  entry = url;
}

/** The file worker threads run (the CLI bundle), or `null` when run from source without one. */
export function workerEntry(): string | null {
  return entry;
}

/** Whether the file can be split across workers (see src/node/split.ts; never without a worker entry). */
export async function splittable(file: string, size: number): Promise<boolean> {
  return entry !== null && (await splittableFile(file, size));
}

/** What a worker's output has seen in a range: the `--id` values met, the resources left unexplained. */
export interface WorkerSeen {
  readonly ids: readonly string[];
  readonly leftOut: number;
}

/** What the main thread does with the merged stream of results. */
export interface ParallelSink {
  /** A rendered text of a resource (the index in the whole input already in the text). */
  output(text: string): void | Promise<void>;
  /** A rejected line (its line number in the whole input), in input order. */
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
  /** The run's one instant (ms), which every worker evaluates at. */
  readonly asOf: number;
  readonly render: RenderOptions;
  /** The field paths the evaluation and the output read (see `WorkerSetup.select`), or `null`. */
  readonly select: readonly (readonly string[])[] | null;
  /** `--coverage`: the summary carries the merged coverage. */
  readonly coverage: boolean;
}

/**
 * Evaluates the file in `jobs` worker threads; resolves to the merged summary (as `evaluateInventory`
 * returns it for the whole file) and the number of rejected lines. What stops the reading throws as
 * with one thread: an `InventoryError` (numbered in the whole file), an {@link InputError} for I/O.
 */
export async function evaluateParallel(
  run: ParallelRun,
  sink: ParallelSink,
): Promise<{
  summary: InventorySummary;
  rejected: number;
  matchedIds: ReadonlySet<string>;
  unexplained: number;
}> {
  const { format, explain, id, where } = run.render;
  const perResource =
    format === 'ndjson' || format === 'sarif' || explain === true || id !== undefined || where !== undefined;
  // The workers' candidates for an explanation come in input order: the first `explainLimit` are.
  let explained = 0;
  let unexplained = 0;
  const pick = (item: unknown): string | null => {
    if (!Array.isArray(item)) return item as string | null;
    if (explained < run.render.explainLimit) {
      explained++;
      return item[0] as string;
    }
    unexplained++;
    return item[1] as string | null;
  };
  try {
    const { summary, rejected, seen } = await evaluateRanges(
      {
        entry: entry!,
        file: run.file,
        size: run.size,
        jobs: run.jobs,
        rangeBytes: perResource ? RANGE_BYTES_PER_RESOURCE_OUTPUT : RANGE_BYTES,
        policies: run.policies,
        resource: run.resource,
        kindField: run.kindField,
        codegen: undefined,
        asOf: run.asOf,
        // Each policy was compiled with the run's waivers: the workers bind them alike.
        waivers: [...new Set(run.policies.flatMap((p) => p.waivers))],
        maxRecordLength: undefined,
        maxRejections: MAX_REJECTIONS,
        // Without a line per resource, the workers evaluate for the summary alone: no event per record.
        output: perResource ? run.render : null,
        select: run.select,
        signal: undefined,
        coverage: run.coverage,
      },
      {
        output: (item, index) => {
          const text = pick(item);
          return text === null
            ? undefined
            : sink.output(
                text.replaceAll(INDEX_MARK, String(index)).replaceAll(ORDINAL_MARK, String(index + 1)),
              );
        },
        reject: (rejection) => sink.reject(rejection),
        progress: (records, bytes) => sink.progress(records, bytes),
      },
    );
    // Each worker reports, per range, the `--id` values it has met and the selected resources it left
    // unexplained (see src/cli.ts).
    const matchedIds = new Set<string>();
    for (const s of seen as readonly WorkerSeen[]) {
      for (const id of s.ids) matchedIds.add(id);
      unexplained += s.leftOut;
    }
    return { summary, rejected, matchedIds, unexplained };
  } catch (error) {
    if (error instanceof RangeReadError) throw new InputError(`cannot read input: ${error.message}`);
    throw error;
  }
}

/** `--jobs N`: a positive integer; by default the available cores. */
export function parseJobs(value: string | undefined): number {
  if (value === undefined) return coreJobs();
  if (!/^[1-9]\d{0,3}$/.test(value))
    throw new UsageError(`--jobs must be a positive integer, got "${value}"`);
  return Number(value);
}

/** `--jobs` capped at the cores (more threads add memory, not speed), with a notice when it was more. */
export function capJobs(jobs: number, err: Reporter): number {
  const max = coreJobs();
  if (jobs <= max) return jobs;
  err.notice(`--jobs ${jobs} is more than the ${max} available core${max === 1 ? '' : 's'}; using ${max}`);
  return max;
}
