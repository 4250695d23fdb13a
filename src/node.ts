/**
 * svc-policy/node: inventories read from files, across worker threads. Node only (`node:fs`,
 * `node:worker_threads`); the core entry point (`svc-policy`) stays free of Node-only imports.
 */

import { evaluateFile, type InventoryFileOptions, resultsOutput } from './node/file.js';
import {
  type ForecastFileOptions,
  forecastFile,
  isForecastWorker,
  runForecastWorker,
} from './node/forecast-file.js';
import { isEvalWorker } from './node/protocol.js';
import { runRangeWorker } from './node/worker.js';
import type { ForecastSummary, InventorySummary } from './policy/index.js';

export type { InventoryFileOptions } from './node/file.js';
export type { ForecastFileOptions } from './node/forecast-file.js';
export type { FileRange } from './node/parallel.js';

/**
 * The file the worker threads run: this entry file itself, in the ESM build (`dist/node.js`) as in the
 * CommonJS one (`dist/node.cjs`, where tsup makes `import.meta.url` the URL of the module's `__filename`;
 * test/integration/node-file.test.ts runs both).
 */
const SELF: string = import.meta.url;

// Started as one of the worker threads of evaluateInventoryFile: evaluate the ranges the main thread
// hands over, and post each resource's results when it asks for them.
if (isEvalWorker()) runRangeWorker(resultsOutput);
// Started as a worker thread of forecastInventoryFile: forecast the ranges it is given.
if (isForecastWorker()) runForecastWorker();

/**
 * Evaluates policies over an inventory file, as `evaluateInventory` does over its records, and as
 * `svc-policy eval` reads its input: a JSON array, NDJSON or the API's `{ items }` envelope, gzipped
 * or not (told apart by content). An NDJSON file is split on line boundaries into byte ranges, parsed
 * and evaluated in `jobs` worker threads (default: the available cores for files of 8 MiB or more,
 * one fewer with `onResult`; never more than the cores), and the summaries merged: the summary is the one `jobs: 1` gives (apart
 * from `durationMs` and `resourcesPerSecond`), `onReject` gets the same lines with the same numbers in
 * the same order, and `onResult` the same results (index in the whole file) in input order, a returned
 * promise holding the next one back. Memory stays bounded: nothing reads the whole file. The path must
 * name a regular file: a FIFO or a device is refused before it is opened for reading (`INVALID_OPTION`;
 * read a stream with `evaluateInventory(policies, readInventory(stream), { signal })`).
 *
 * The worker threads run this module's own file (`svc-policy/node` as installed, ESM or CommonJS); an
 * application bundled into one file must leave `svc-policy` out of the bundle (an external) to split
 * files. Options are `evaluateInventory`'s, plus `onReject` and `maxRecordLength` (as the readers
 * take them), `jobs` and `onRange` (see {@link InventoryFileOptions}).
 *
 * @example
 * import { evaluateInventoryFile } from 'svc-policy/node';
 *
 * const summary = await evaluateInventoryFile([idleDatabases, eolVersions], 'inventory.ndjson', {
 *   onReject: ({ line, message }) => console.error(`inventory.ndjson:${line}: ${message}`),
 * });
 * summary.policies[0]?.statuses; // [{ status: 'active', count: 912000, … }, { status: 'idle', … }]
 */
export function evaluateInventoryFile(
  policies: readonly unknown[],
  path: string | URL,
  options?: InventoryFileOptions,
): Promise<InventorySummary> {
  return evaluateFile(SELF, policies, path, options);
}

/**
 * Forecasts policies over an inventory file (docs/forecast.md), read as `evaluateInventoryFile` reads
 * it (NDJSON, a JSON array or an `{ items }` envelope, gzipped or not). With `jobs` above 1 an NDJSON
 * file is split on line boundaries across worker threads; the summary, the transitions passed to
 * `onTransition` and the lines passed to `onReject` are those of one thread, in input order.
 *
 * @example
 * const summary = await forecastInventoryFile([certificateExpiry], 'inventory.ndjson.gz', { horizon: 'P90D', by: 'week' });
 */
export function forecastInventoryFile(
  policies: readonly unknown[],
  path: string,
  options: ForecastFileOptions,
): Promise<ForecastSummary> {
  return forecastFile(SELF, policies, path, options);
}
