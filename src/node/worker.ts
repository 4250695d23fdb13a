import { createReadStream } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';
import { parentPort, threadId, workerData } from 'node:worker_threads';
import { compileNode } from '../compile/filter.js';
import { MAX_CLI_MESSAGE, safeMessage } from '../errors.js';
import { readNdjsonLines } from '../inventory/records.js';
import { readNdjsonSelected } from '../inventory/selected-lines.js';
import { buildPolicy, type CompiledPolicy } from '../policy/compile.js';
import { evaluateInventory, type ReadOptions, type ResourceResults, readNdjson } from '../policy/index.js';
import { skipReason } from '../policy/inventory.js';
import { fileChunks } from './chunks.js';
import type { FromWorker, ToWorker, WorkerError, WorkerSetup } from './protocol.js';

/**
 * What a worker makes of each resource (its results, and the text of the line it was read from), from
 * the `output` of its setup and the policies evaluated (inactive and other-kind ones left out, as in
 * `onResult`): a value posted to the main thread in input order, or `null` for nothing. Each entry
 * file that starts workers (the CLI, svc-policy/node) gives its own.
 */
export type OutputFactory = (
  policies: readonly CompiledPolicy[],
  output: unknown,
) => ((event: ResourceResults, line: string) => unknown) & {
  /**
   * Plain data about what the output has seen so far (the CLI: the `--id` values met), posted with
   * the summary of each range; the main thread merges them.
   */
  readonly seen?: () => unknown;
};

/** Flush the output of a range to the main thread past this many characters of text, or items. */
const FLUSH_CHARS = 256 * 1024;
const FLUSH_ITEMS = 512;

/** The text an output item holds, for the flush threshold: a string, or the strings of an array. */
function textLength(item: unknown, line: string): number {
  if (typeof item === 'string') return item.length;
  if (!Array.isArray(item)) return line.length;
  let n = 0;
  for (const x of item) if (typeof x === 'string') n += x.length;
  return n;
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

function workerError(error: unknown, skew: number): WorkerError {
  const e = error as { name?: unknown; code?: unknown; message?: unknown; line?: unknown; index?: unknown };
  const isObject = typeof error === 'object' && error !== null;
  return {
    name: isObject && typeof e.name === 'string' ? e.name : 'Error',
    code: isObject && typeof e.code === 'string' ? e.code : undefined,
    message: safeMessage(error, MAX_CLI_MESSAGE),
    line: isObject && typeof e.line === 'number' ? e.line - skew : undefined,
    index: isObject && typeof e.index === 'number' ? e.index : undefined,
  };
}

/**
 * The worker's side: compiles the policies once, then evaluates each range it is given with what one
 * thread runs (`readNdjson`, `evaluateInventory`), posting the output of each resource (see
 * {@link OutputFactory}), the malformed lines and the summary of the range.
 */
export function runRangeWorker(makeOutput: OutputFactory): void {
  const setup = workerData as WorkerSetup;
  const port = parentPort!;
  const codegen = setup.codegen === undefined ? undefined : { codegen: setup.codegen };
  const policies = setup.definitions.map((d) =>
    buildPolicy(d, (node, asOf) => compileNode(node, codegen, true, asOf), setup.asOf, setup.waivers),
  );
  const outputOf =
    setup.output === null
      ? null
      : makeOutput(
          policies.filter((p) => skipReason(p, setup.resource) === null),
          setup.output,
        );
  const post = (message: FromWorker) => port.postMessage(message);

  const evaluateRange = async ({ k, start, end }: ToWorker) => {
    // A range after the first is read from the newline that ends the line before it, so that its first
    // line is read as in one pass (a byte order mark there belongs to the line; only the file's first
    // bytes can start with one); that newline is a blank line 1, and numbers are shifted back by one.
    const skew = start > 0 ? 1 : 0;
    let indexes: number[] = [];
    let items: unknown[] = [];
    let chars = 0;
    const flush = () => {
      if (items.length > 0) post({ t: 'out', k, indexes, items });
      indexes = [];
      items = [];
      chars = 0;
    };
    let stream: ReturnType<typeof createReadStream> | undefined;
    let handle: FileHandle | undefined;
    try {
      const tally = { newlines: 0, bytes: 0 };
      let rejected = 0;
      const max = setup.maxRejections;
      const read: ReadOptions = {
        ...(setup.maxRecordLength === undefined ? {} : { maxRecordLength: setup.maxRecordLength }),
        ...(max === null
          ? {}
          : {
              onReject: ({ line, message }) => {
                if (++rejected > max) return;
                // What came before the line goes first: the main thread passes both on in input order.
                flush();
                post({ t: 'reject', k, rejection: { line: line - skew, message } });
              },
            }),
      };
      let line = '';
      let records: AsyncIterable<unknown>;
      if (setup.select !== null) {
        handle = await open(setup.file, 'r');
        records = readNdjsonSelected(
          counted(fileChunks(handle, start - skew, end), tally),
          setup.select,
          read,
        );
      } else {
        stream = createReadStream(setup.file, { start: start - skew, end: end - 1 });
        records =
          outputOf === null
            ? readNdjson(counted(stream, tally), read)
            : readNdjsonLines(counted(stream, tally), read, (text) => {
                line = text;
              });
      }
      const summary = await evaluateInventory(policies, records, {
        ...(setup.resource === undefined ? {} : { resource: setup.resource }),
        ...(setup.kindField === undefined ? {} : { kindField: setup.kindField }),
        ...(codegen ?? {}),
        asOf: setup.asOf,
        ...(setup.coverage ? { coverage: true } : {}),
        ...(outputOf === null
          ? {}
          : {
              onResult: (event: ResourceResults) => {
                const item = outputOf(event, line);
                if (item !== null) {
                  indexes.push(event.index);
                  items.push(item);
                  chars += textLength(item, line);
                }
                if (chars > FLUSH_CHARS || items.length >= FLUSH_ITEMS) flush();
                if ((event.index & 0x3fff) === 0x3fff) {
                  flush();
                  post({ t: 'progress', k, records: event.index + 1, bytes: tally.bytes - skew });
                }
              },
            }),
      });
      flush();
      const seen = outputOf?.seen?.() ?? null;
      post({ t: 'done', k, summary, rejected, newlines: tally.newlines - skew, threadId, seen });
    } catch (error) {
      // The resources before the error were evaluated, and are passed on, as with one thread.
      flush();
      post({ t: 'error', k, error: workerError(error, skew) });
    } finally {
      stream?.destroy();
      await handle?.close();
    }
  };
  port.on('message', (range: ToWorker) => void evaluateRange(range));
}
