import { isArray } from '../builtins.js';
import { FilterError, safeMessage } from '../errors.js';
import { describe } from '../parse/operands.js';

/** What the inventory readers share: their errors and options, text decoding, one record's parsing. */

/**
 * Codes of {@link InventoryError}: `INVALID_RESOURCE` (a string or bytes handed over as a resource),
 * `MALFORMED_RECORD` (one NDJSON line or array element that is not JSON, or is JSON but not an object,
 * when no `onReject` handles it), `MALFORMED_INPUT` (input that cannot be read any further: a broken
 * array, an over-long line, a chunk that is neither text nor bytes), `UNKNOWN_KIND` (a record of unknown
 * kind while the policies are for several kinds: see `evaluateInventory`).
 */
export type InventoryErrorCode = 'INVALID_RESOURCE' | 'MALFORMED_RECORD' | 'MALFORMED_INPUT' | 'UNKNOWN_KIND';

/**
 * An inventory that cannot be read or evaluated as given. A {@link FilterError}, so code that catches
 * those catches this too; `line` is the 1-based input line (reading), `index` the resource position
 * (evaluating), and `path` is `/index` for a resource, `''` otherwise.
 *
 * @example
 * try {
 *   await evaluateInventory(policies, fs.createReadStream('inventory.ndjson'));
 * } catch (e) {
 *   if (e instanceof InventoryError) console.error(e.code); // INVALID_RESOURCE: use readNdjson(stream)
 * }
 */
export class InventoryError extends FilterError {
  readonly line: number | undefined;
  readonly index: number | undefined;

  constructor(
    code: InventoryErrorCode,
    message: string,
    where: { readonly line?: number; readonly index?: number } = {},
  ) {
    super(code, where.index === undefined ? '' : `/${where.index}`, message);
    Object.defineProperty(this, 'name', { value: 'InventoryError', enumerable: false, configurable: true });
    this.line = where.line;
    this.index = where.index;
  }
}

/** A record of the input that could not be read; reading goes on with the next one. */
export interface Rejection {
  /** 1-based line where the record starts. */
  readonly line: number;
  readonly message: string;
}

/** Options of {@link readNdjson} and {@link readInventory}. */
export interface ReadOptions {
  /**
   * Called for a line (or array element) that is not JSON, or is JSON but not an object (a record is a
   * JSON object), which is then skipped. Without it, the first such line throws an
   * {@link InventoryError} `MALFORMED_RECORD` with its line number.
   */
  readonly onReject?: (rejection: Rejection) => void;
  /** Bytes (or, for text chunks, UTF-16 code units) consumed so far, for a progress bar. */
  readonly onBytes?: (bytes: number) => void;
  /**
   * Longest line (or array element) accepted, in UTF-16 code units (a JavaScript string's `length`: a
   * character outside the BMP counts 2), without its line ending; default 64 Mi. Every line is
   * measured, wherever the input's chunks end. Bounds memory.
   */
  readonly maxRecordLength?: number;
}

/** What {@link readNdjson} reads: bytes, or text or bytes in chunks. */
export type TextSource =
  | Uint8Array
  | AsyncIterable<string | Uint8Array>
  | Iterable<string | Uint8Array>
  | ReadableStream<Uint8Array | string>;

export const DEFAULT_MAX_RECORD = 64 * 1024 * 1024;

async function* fromReader(stream: ReadableStream<Uint8Array | string>): AsyncGenerator<unknown> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

function chunkSource(source: unknown): AsyncIterable<unknown> | Iterable<unknown> {
  if (typeof source === 'string') {
    // A lone string reads as a file name as easily as text: neither guess is safe.
    throw new FilterError(
      'INVALID_OPTION',
      '',
      'the source is a string: pass a stream (fs.createReadStream(path)) or text chunks ([text]), not a file name or bare text',
    );
  }
  if (source instanceof Uint8Array) return [source];
  if (typeof source === 'object' && source !== null) {
    if (Symbol.asyncIterator in source) return source as AsyncIterable<unknown>;
    if (Symbol.iterator in source) return source as Iterable<unknown>;
    // Web streams are async iterable in Node and recent browsers, not in every browser.
    if (typeof (source as ReadableStream).getReader === 'function') {
      return fromReader(source as ReadableStream<Uint8Array | string>);
    }
  }
  throw new FilterError(
    'INVALID_OPTION',
    '',
    `the source must be text, bytes, a stream or an (async) iterable of text or byte chunks, got ${describe(source)}`,
  );
}

/**
 * Decoded text of a source of text or byte chunks (UTF-8, decoded with `TextDecoder`, so multi-byte
 * characters may straddle chunks), without a leading byte order mark.
 */
export async function* decode(
  source: TextSource,
  onBytes: ((n: number) => void) | undefined,
): AsyncGenerator<string> {
  // BOMs are taken off below, not by the decoder: Node's decoder drops two when the first is split
  // across chunks, so its answer would depend on where the chunks end.
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let count = 0;
  // Leading byte order marks still to drop: none decided until the first chunk (see below).
  let boms = -1;
  for await (const chunk of chunkSource(source)) {
    let text: string;
    if (typeof chunk === 'string') {
      count += chunk.length;
      text = chunk;
    } else if (chunk instanceof Uint8Array || chunk instanceof ArrayBuffer) {
      count += chunk.byteLength;
      text = decoder.decode(chunk, { stream: true });
    } else {
      throw new InventoryError(
        'MALFORMED_INPUT',
        `expected text or byte chunks, got ${describe(chunk)} (is it an object-mode stream of records? pass it to evaluateInventory directly)`,
      );
    }
    onBytes?.(count);
    // Editors on Windows start UTF-8 files with a byte order mark; it is not part of the first record.
    // Bytes lose two at most (the one a decoder drops, and one more), text one, wherever chunks end.
    if (boms < 0) boms = typeof chunk === 'string' ? 1 : 2;
    while (boms > 0 && text.charCodeAt(0) === 0xfeff) {
      text = text.slice(1);
      boms--;
    }
    if (text !== '') {
      boms = 0;
      yield text;
    }
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

export type Parsed = { ok: true; value: unknown } | { ok: false };

/**
 * A blank line: nothing but JSON whitespace (space, tab, carriage return). Any other character (a byte
 * order mark after the input's first bytes, U+00A0, U+2028…) makes it a line to parse, rejected as not
 * JSON. Shared with the splitter of svc-policy/node, which must see the same lines.
 * @internal
 */
export function isBlankLine(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}

/** What a JSON value is, for the message of a value that is not a record. */
function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (isArray(value)) return 'an array';
  return typeof value === 'string' ? 'a string' : typeof value === 'number' ? 'a number' : 'a boolean';
}

/** A record is a JSON object: any other JSON value (a string, a number, an array…) is rejected. */
function isRecord(value: unknown): boolean {
  return typeof value === 'object' && value !== null && !isArray(value);
}

/** A parsed value checked to be a record; `what` names it in the message (`'array element '`). */
export function record(value: unknown, line: number, options: ReadOptions, what = ''): Parsed {
  if (isRecord(value)) return { ok: true, value };
  return reject(options, line, `${what}not a record: ${jsonKind(value)} (a record is a JSON object)`);
}

export function reject(options: ReadOptions, line: number, message: string): { ok: false } {
  if (options.onReject === undefined) {
    throw new InventoryError('MALFORMED_RECORD', `line ${line}: ${message}`, { line });
  }
  options.onReject({ line, message });
  return { ok: false };
}

export function tooLong(options: ReadOptions, line: number): never {
  throw new InventoryError(
    'MALFORMED_INPUT',
    `line ${line}: a record longer than ${options.maxRecordLength ?? DEFAULT_MAX_RECORD} UTF-16 code units (maxRecordLength; is the input NDJSON?)`,
    { line },
  );
}

/** One NDJSON line: a record, or nothing for a blank line or a rejected one. */
export function parseLine(text: string, line: number, options: ReadOptions): Parsed {
  if (isBlankLine(text)) return { ok: false };
  let value: unknown;
  try {
    value = JSON.parse(text.endsWith('\r') ? text.slice(0, -1) : text);
  } catch (error) {
    return reject(options, line, `not valid JSON: ${safeMessage(error)}`);
  }
  return record(value, line, options);
}

/** The length {@link ReadOptions.maxRecordLength} bounds: without the `\r` of a `\r\n` line ending. */
export const lineLength = (text: string) => (text.endsWith('\r') ? text.length - 1 : text.length);

/** The complete lines of one chunk: `texts[i]` is line `start + i` (numbered from 1). */
interface LineBatch {
  readonly start: number;
  readonly texts: readonly string[];
}

/**
 * Lines of decoded text, a batch per chunk (one await per chunk, not per line: the per-record cost of
 * async iteration is paid once, by the caller), the last line without its newline. Only a partial
 * line is carried from one chunk to the next.
 */
export async function* lineBatches(
  head: string | undefined,
  text: AsyncIterator<string>,
  options: ReadOptions,
): AsyncGenerator<LineBatch> {
  const max = options.maxRecordLength ?? DEFAULT_MAX_RECORD;
  let pending = '';
  let line = 0;
  let chunk = head;
  if (chunk === undefined) {
    const next = await text.next();
    chunk = next.done ? undefined : next.value;
  }
  while (chunk !== undefined) {
    const texts: string[] = [];
    let start = 0;
    let nl = chunk.indexOf('\n', start);
    while (nl >= 0) {
      const text = pending === '' ? chunk.slice(start, nl) : pending + chunk.slice(start, nl);
      pending = '';
      start = nl + 1;
      // Every line is measured, not only one that crosses a chunk: the lines before it go first.
      if (lineLength(text) > max) {
        if (texts.length > 0) yield { start: line + 1, texts };
        tooLong(options, line + texts.length + 1);
      }
      texts.push(text);
      nl = chunk.indexOf('\n', start);
    }
    pending += chunk.slice(start);
    if (texts.length > 0) {
      yield { start: line + 1, texts };
      line += texts.length;
    }
    // An unfinished line may end in the `\r` of a `\r\n` the next chunk completes: one unit more.
    if (pending.length > max + 1 || (pending.length > max && !pending.endsWith('\r'))) {
      tooLong(options, line + 1);
    }
    const next = await text.next();
    chunk = next.done ? undefined : next.value;
  }
  if (pending !== '') {
    if (lineLength(pending) > max) tooLong(options, line + 1);
    yield { start: line + 1, texts: [pending] };
  }
}

/** The parsed values of NDJSON lines; `onLine` gets the text of each line before its value is yielded. */
export async function* parsedLines(
  batches: AsyncGenerator<LineBatch>,
  options: ReadOptions,
  onLine?: (text: string) => void,
): AsyncGenerator<unknown> {
  for await (const { start, texts } of batches) {
    for (let i = 0; i < texts.length; i++) {
      const r = parseLine(texts[i]!, start + i, options);
      if (!r.ok) continue;
      onLine?.(texts[i]!);
      yield r.value;
    }
  }
}
