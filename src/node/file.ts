import { fileURLToPath } from 'node:url';
import { option } from '../builtins.js';
import { FilterError, showText } from '../errors.js';
import { readNdjsonSelected } from '../inventory/selected-lines.js';
import { type LimitOptions, passLimits } from '../limits.js';
import { describe } from '../parse/operands.js';
import {
  type CompiledPolicy,
  InventoryError,
  type InventoryOptions,
  type InventorySummary,
  type PolicyOutcome,
  type ReadOptions,
  type ResourceResults,
  readInventory,
} from '../policy/index.js';
import {
  compileEach,
  evaluateInventory,
  inventoryCompileOptions,
  kindReader,
  policyList,
  skipReason,
} from '../policy/inventory.js';
import { type NormalizedWaiver, readWaivers } from '../policy/waivers.js';
import { fileChunks } from './chunks.js';
import { evaluateFileWithDuckdb } from './duckdb.js';
import { sniffInput } from './duckdb-input.js';
import { gunzipped } from './gzip.js';
import { evaluateRanges, type FileRange } from './parallel.js';
import { openRegularFile } from './regular.js';
import { resultCodec } from './results.js';
import { chosenReader, debugReader, readPaths } from './select.js';
import { coreJobs, SPLIT_THRESHOLD, splittable } from './split.js';
import type { OutputFactory } from './worker.js';

/**
 * Options of `evaluateInventoryFile`: those of `evaluateInventory`, of the readers, and the threads.
 *
 * @example
 * const options: InventoryFileOptions = {
 *   jobs: 2, // two worker threads, whatever the size of the file
 *   resource: 'component',
 *   onReject: ({ line, message }) => console.error(`line ${line}: ${message}`),
 *   onResult: ({ index, results }) => {
 *     if (results[0]?.result.status === 'idle') idle.push(index); // in input order, whatever `jobs`
 *   },
 * };
 */
export interface InventoryFileOptions extends InventoryOptions, Pick<ReadOptions, 'maxRecordLength'> {
  /**
   * Called for a line (or array element) that is not JSON, which is then skipped, with its line number
   * in the file, in input order (whatever `jobs`). Without it, the first such line rejects with an
   * `InventoryError` `MALFORMED_RECORD` whose `line` is set.
   */
  readonly onReject?: ReadOptions['onReject'];
  /**
   * Worker threads evaluating an NDJSON file, split on line boundaries into byte ranges: a positive
   * integer, capped at the available cores (`os.availableParallelism()`: more threads add memory, not
   * speed). Default: the available cores for files of 8 MiB or more, 1 otherwise; with `onResult`, one
   * fewer (the calling thread parses each record again to pass it on), so 1 on two cores. A gzip file, a JSON array, an `{ items }` envelope or one document over several lines
   * is read by one thread whatever `jobs` says, as is a file whose `kindField` is a function unless
   * `jobs` asks for more (a function cannot be passed to a thread: `INVALID_OPTION`).
   */
  readonly jobs?: number;
  /**
   * Called as each range of a split file has been passed on (in file order): its bytes, the worker
   * thread that evaluated it, its resources, lines and malformed lines. Never called when the file is
   * read by one thread.
   */
  readonly onRange?: (range: FileRange) => void;
  /**
   * `'memory'` (the default): records parsed and evaluated in JavaScript, as described above.
   * `'duckdb'`: the policies pushed down into one DuckDB query over the file (NDJSON, a JSON array, an
   * `{ items }` envelope, gzipped or not, or Parquet), on `jobs` threads (default: every core); needs
   * the optional package `@duckdb/node-api`. The same summary; a record that is not a JSON object stops
   * it (`MALFORMED_RECORD`/`MALFORMED_INPUT`: DuckDB gives no line numbers, so none is skipped);
   * `onResult`, `onRange`, `maxRecordLength` and a `kindField` function are the in-process engine's
   * (`INVALID_OPTION`). See docs/cli.md, "--engine duckdb".
   */
  readonly engine?: 'memory' | 'duckdb';
  /**
   * How the records of an NDJSON file are read by the in-process engine. `'selective'` (the default):
   * each line is decoded only where the policies' filters and the kind field read, the rest checked
   * against JSON's grammar and skipped; the records, rejections (line numbers and messages), errors and
   * summary are the full parse's. `'full'`: every record parsed whole with `JSON.parse`. Without it, the
   * environment's `SVC_POLICY_READER` (`selective` or `full`) decides. Whole records are parsed whatever
   * this says where they are needed or the input is not a plain NDJSON file: with `onResult`, a
   * `kindField` function, gzip, a JSON array or an `{ items }` envelope.
   */
  readonly reader?: 'selective' | 'full';
}

/** Ranges are about this long (or the file divided by the jobs, when that is shorter). */
const RANGE_BYTES = 16 * 1024 * 1024;
/**
 * With `onResult`, a range's results (the text of each record) wait in memory until the ranges before
 * them are passed on: ranges are shorter.
 */
const RANGE_BYTES_WITH_RESULTS = 4 * 1024 * 1024;

/**
 * The per-resource output of the library's workers: `[line, kind, ...codes]`, the text the record was
 * parsed from and its results as numbers (see {@link resultCodec}), its index posted apart. Copying
 * the parsed record and its result objects to the calling thread would cost several times what
 * parsing the text again there costs.
 */
export const resultsOutput: OutputFactory = (policies) => {
  const codecs = policies.map(resultCodec);
  return (event, line) => {
    const item: unknown[] = [line, event.kind];
    for (let i = 0; i < codecs.length; i++) item.push(codecs[i]!.encode(event.results[i]!.result));
    return item;
  };
};

/** The calling thread's side of {@link resultsOutput}: the event `onResult` receives. */
function resultsInput(policies: readonly CompiledPolicy[], resource: string | undefined) {
  const active = policies.filter((p) => skipReason(p, resource) === null);
  const codecs = active.map(resultCodec);
  return (item: unknown, index: number): ResourceResults => {
    const fields = item as [string, string | null, ...number[]];
    const results: PolicyOutcome[] = new Array(codecs.length);
    for (let i = 0; i < codecs.length; i++) {
      results[i] = { policy: active[i]!.name, result: codecs[i]!.decode(fields[2 + i] as number) };
    }
    return { index, resource: JSON.parse(fields[0]), kind: fields[1], results };
  };
}

function filePath(path: unknown): string {
  if (typeof path === 'string' && path !== '') return path;
  if (path instanceof URL && path.protocol === 'file:') return fileURLToPath(path);
  throw new FilterError(
    'INVALID_OPTION',
    '',
    `the inventory file must be a path (a string or a file: URL), got ${describe(path)}`,
  );
}

/**
 * `evaluateInventoryFile` (svc-policy/node), its workers started on `entry`: the URL of the entry file,
 * which runs `runRangeWorker` when started as a worker.
 */
export async function evaluateFile(
  entry: string,
  policies: readonly unknown[],
  path: string | URL,
  options?: InventoryFileOptions,
): Promise<InventorySummary> {
  // As evaluateInventory: policies first (an invalid one throws before anything is read), then options.
  const compileOptions = inventoryCompileOptions(options);
  policyList(policies);
  const file = filePath(path);
  const compiled = compileEach(policies, compileOptions);
  const kindField = option(options, 'kindField');
  kindReader(kindField);
  const explicit = option(options, 'jobs');
  if (explicit !== undefined && !(Number.isSafeInteger(explicit) && explicit >= 1)) {
    throw new FilterError('INVALID_OPTION', '', `jobs must be a positive integer, got ${describe(explicit)}`);
  }
  const onResult = option(options, 'onResult');
  const onReject = option(options, 'onReject');
  const onRange = option(options, 'onRange');
  const maxRecordLength = option(options, 'maxRecordLength');
  const signal = option(options, 'signal');
  const engine = option(options, 'engine') ?? 'memory';
  const readerOption = option(options, 'reader');
  const reader = chosenReader(readerOption);
  if (engine !== 'memory' && engine !== 'duckdb') {
    throw new FilterError(
      'INVALID_OPTION',
      '',
      `engine must be "memory" or "duckdb", got ${describe(engine)}`,
    );
  }
  if (engine === 'duckdb') {
    const coverage = option(options, 'coverage') === true ? true : undefined;
    const own = { onResult, onRange, maxRecordLength, coverage, reader: readerOption } as const;
    for (const [name, value] of Object.entries(own)) {
      if (value !== undefined) {
        throw new FilterError(
          'INVALID_OPTION',
          '',
          `${name} is an option of the in-process engine, not of engine: 'duckdb'`,
        );
      }
    }
    if (typeof kindField === 'function') {
      throw new FilterError(
        'INVALID_OPTION',
        '',
        `kindField is a function, which the duckdb engine cannot call: give it as a field path`,
      );
    }
  }
  signal?.throwIfAborted();

  // A regular file only: a FIFO no one writes would block the open, out of the signal's reach, and a
  // device such as /dev/zero never ends. A stream is read with evaluateInventory(…, readInventory(…)).
  const opened = await openRegularFile(file);
  if ('kind' in opened) {
    throw new FilterError(
      'INVALID_OPTION',
      '',
      `the inventory file ${JSON.stringify(showText(file))} is ${opened.kind}, not a regular file: read a stream with evaluateInventory(policies, readInventory(stream), { signal })`,
    );
  }
  const { handle, info } = opened;
  if (engine === 'duckdb') {
    let sniffed: Awaited<ReturnType<typeof sniffInput>>;
    try {
      sniffed = await sniffInput(handle);
    } finally {
      await handle.close();
    }
    const resource = option(options, 'resource');
    const waivers = option(options, 'waivers');
    return evaluateFileWithDuckdb(compiled, file, {
      ...sniffed,
      bytes: info.size,
      limits: passLimits(options).limits,
      kindField: kindField as string | null | undefined,
      threads: explicit === undefined ? undefined : Math.min(explicit, coreJobs()),
      asOf: compileOptions.asOf,
      ...(resource === undefined ? {} : { resource }),
      ...(signal === undefined ? {} : { signal }),
      ...(waivers === undefined ? {} : { waivers: readWaivers(waivers, passLimits(options)) }),
    });
  }
  let split: boolean;
  let jobs: number;
  // Without onResult (whose events hold whole records), NDJSON is decoded only where the policies read.
  const select =
    onResult === undefined && typeof kindField !== 'function'
      ? readPaths(compiled, kindField, reader, [], fileWaivers(options, compiled))
      : null;
  let selective = false;
  try {
    if (typeof kindField === 'function' && explicit !== undefined && explicit > 1) {
      throw new FilterError(
        'INVALID_OPTION',
        '',
        `kindField is a function, which worker threads cannot call: give it as a field path (kindField: 'meta$.kind') or set jobs: 1`,
      );
    }
    jobs = Math.min(explicit ?? (info.size >= SPLIT_THRESHOLD ? coreJobs() : 1), coreJobs());
    // With onResult the calling thread parses every record again (see resultsOutput): a core is its own.
    if (explicit === undefined && onResult !== undefined) jobs = jobs > 2 ? jobs - 1 : 1;
    if (typeof kindField === 'function') jobs = 1;
    split = jobs > 1 && (await splittable(file, info.size, maxRecordLength));
    // What the workers read: NDJSON, which one thread then reads the same way.
    selective = select !== null && (split || (await splittable(file, info.size, maxRecordLength)));
    debugReader('%s: %s', file, selective ? `selective reader, ${select!.length} paths` : 'full parse');
  } catch (error) {
    await handle.close();
    throw error;
  }

  if (split) {
    // Each worker opens the file for its own range.
    await handle.close();
    const resource = option(options, 'resource');
    const received = resultsInput(compiled, resource);
    const { summary } = await evaluateRanges(
      {
        entry,
        file,
        size: info.size,
        jobs,
        rangeBytes: onResult === undefined ? RANGE_BYTES : RANGE_BYTES_WITH_RESULTS,
        policies: compiled,
        resource,
        kindField: kindField as string | null | undefined,
        codegen: compileOptions.codegen,
        asOf: compileOptions.asOf,
        waivers: fileWaivers(options, compiled),
        maxRecordLength,
        maxRejections: onReject === undefined ? null : Number.POSITIVE_INFINITY,
        output: onResult === undefined ? null : true,
        select,
        signal,
        coverage: option(options, 'coverage') === true,
      },
      {
        ...(onResult === undefined
          ? {}
          : {
              output: (item, index) => onResult(received(item, index)),
            }),
        ...(onReject === undefined ? {} : { reject: onReject }),
        ...(onRange === undefined ? {} : { range: onRange }),
      },
    );
    return summary;
  }

  if (selective) {
    const read: ReadOptions = {
      ...(onReject === undefined ? {} : { onReject }),
      ...(maxRecordLength === undefined ? {} : { maxRecordLength }),
    };
    try {
      return await evaluateInventory(compiled, readNdjsonSelected(fileChunks(handle), select!, read), {
        ...options,
        asOf: compileOptions.asOf,
      });
    } finally {
      await handle.close();
    }
  }
  const stream = handle.createReadStream();
  try {
    const bytes = gunzipped(
      stream[Symbol.asyncIterator](),
      (error) => new InventoryError('MALFORMED_INPUT', `not valid gzip: ${error.message}`),
    );
    const read: ReadOptions = {
      ...(onReject === undefined ? {} : { onReject }),
      ...(maxRecordLength === undefined ? {} : { maxRecordLength }),
    };
    // The instant resolved above, not the clock again: the run has one.
    return await evaluateInventory(compiled, readInventory(bytes, read), {
      ...options,
      asOf: compileOptions.asOf,
    });
  } finally {
    stream.destroy();
  }
}

/**
 * The waivers a run sends its workers: the `waivers` option's, else those the compiled policies were
 * compiled with (each names its policy).
 */
function fileWaivers(
  options: (LimitOptions & { readonly waivers?: unknown }) | undefined,
  compiled: readonly { readonly waivers: readonly NormalizedWaiver[] }[],
): readonly NormalizedWaiver[] {
  const given = option(options, 'waivers');
  if (given !== undefined) return readWaivers(given, passLimits(options));
  return [...new Set(compiled.flatMap((p) => p.waivers))];
}
