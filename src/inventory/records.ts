import { isArray } from '../builtins.js';
import { FilterError, safeMessage } from '../errors.js';
import { describe } from '../parse/operands.js';
import { type EnvelopeItem, EnvelopeScanner, EnvelopeStop, isSpace } from './envelope.js';

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

const DEFAULT_MAX_RECORD = 64 * 1024 * 1024;

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
async function* decode(
  source: TextSource,
  onBytes: ((n: number) => void) | undefined,
): AsyncGenerator<string> {
  const decoder = new TextDecoder('utf-8');
  let count = 0;
  let first = true;
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
    // (TextDecoder drops it from bytes; text chunks keep it.)
    if (first && text !== '') {
      first = false;
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    }
    if (text !== '') yield text;
  }
  const rest = decoder.decode();
  if (rest !== '') yield rest;
}

type Parsed = { ok: true; value: unknown } | { ok: false };

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
function record(value: unknown, line: number, options: ReadOptions, what = ''): Parsed {
  if (isRecord(value)) return { ok: true, value };
  return reject(options, line, `${what}not a record: ${jsonKind(value)} (a record is a JSON object)`);
}

function reject(options: ReadOptions, line: number, message: string): { ok: false } {
  if (options.onReject === undefined) {
    throw new InventoryError('MALFORMED_RECORD', `line ${line}: ${message}`, { line });
  }
  options.onReject({ line, message });
  return { ok: false };
}

function tooLong(options: ReadOptions, line: number): never {
  throw new InventoryError(
    'MALFORMED_INPUT',
    `line ${line}: a record longer than ${options.maxRecordLength ?? DEFAULT_MAX_RECORD} UTF-16 code units (maxRecordLength; is the input NDJSON?)`,
    { line },
  );
}

/** One NDJSON line: a record, or nothing for a blank line or a rejected one. */
function parseLine(text: string, line: number, options: ReadOptions): Parsed {
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
const lineLength = (text: string) => (text.endsWith('\r') ? text.length - 1 : text.length);

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
async function* lineBatches(
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
async function* parsedLines(
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

/**
 * Reads NDJSON (one JSON value per line) from text or bytes: a Node stream, a web `ReadableStream`,
 * any (async) iterable of string or `Uint8Array` chunks (`[text]` for text in memory). Yields one record
 * (a JSON object) per non-blank line, holding one line at a time, so memory stays constant whatever the
 * size of the input. Lines may end in `\n` or `\r\n`; a UTF-8 byte order mark at the start is ignored;
 * a blank line holds only spaces, tabs and a carriage return (see {@link isBlankLine}).
 *
 * A line that is not JSON, or is JSON but not an object (`"text"`, `42`, `[1]`), throws an
 * {@link InventoryError} (`MALFORMED_RECORD`, with `line`), unless `onReject` is given: it then receives
 * `{ line, message }` and reading goes on with the next line. A line longer than `maxRecordLength`
 * throws `MALFORMED_INPUT`.
 *
 * @example
 * // createReadStream: node:fs (any stream of bytes or text will do)
 * const summary = await evaluateInventory(policies, readNdjson(createReadStream('inventory.ndjson'), {
 *   onReject: ({ line, message }) => console.error(`inventory.ndjson:${line}: ${message}`),
 * }));
 */
export async function* readNdjson(source: TextSource, options: ReadOptions = {}): AsyncGenerator<unknown> {
  yield* parsedLines(lineBatches(undefined, decode(source, options.onBytes), options), options);
}

/**
 * {@link readNdjson}, calling `onLine` with the text of each line read as a value just before the value
 * is yielded (the worker threads of svc-policy/node pass the text on: it is cheaper to copy to another
 * thread than the parsed value, and parses there to the same value).
 * @internal
 */
export async function* readNdjsonLines(
  source: TextSource,
  options: ReadOptions,
  onLine: (text: string) => void,
): AsyncGenerator<unknown> {
  yield* parsedLines(lineBatches(undefined, decode(source, options.onBytes), options), options, onLine);
}

function isEnvelope(value: unknown): value is { items: unknown[] } {
  return (
    typeof value === 'object' &&
    value !== null &&
    !isArray(value) &&
    isArray((value as { items?: unknown }).items)
  );
}

/**
 * Reads the records of an inventory in any of the forms the CLI accepts, told apart by content: a JSON
 * array (first non-blank character `[`), the API's list envelope (`{ "items": [...], "nextPageToken": … }`,
 * one JSON object holding an `items` array; its items are the records), or NDJSON. All three are
 * streamed: one record in memory at a time, whatever the size of the input. (An envelope written on one
 * line is told from a first NDJSON record holding an `items` array by what follows it, so a one-line
 * envelope of at most `maxRecordLength` characters is read whole first; a longer one is streamed.)
 *
 * A bad NDJSON line, or an array or `items` element that is balanced but not JSON or not an object, is
 * rejected as with {@link readNdjson}. A broken structure (a missing comma, an unterminated array or envelope) throws an
 * {@link InventoryError} `MALFORMED_INPUT`, since nothing after it can be trusted.
 *
 * @example
 * for await (const record of readInventory(response.body)) console.log(record);
 */
export async function* readInventory(source: TextSource, options: ReadOptions = {}): AsyncGenerator<unknown> {
  const text = decode(source, options.onBytes);
  let first = await text.next();
  while (!first.done) {
    const head = first.value;
    let i = 0;
    while (i < head.length && isSpace(head.charCodeAt(i))) i++;
    if (i < head.length) {
      const c = head.charCodeAt(i);
      if (c === 0x5b /* [ */) yield* readArray(head, text, options);
      else if (c === 0x7b /* { */) yield* readObjects(head, text, options);
      else yield* parsedLines(lineBatches(head, text, options), options);
      return;
    }
    first = await text.next();
  }
}

/**
 * Input starting with `{`: an envelope, NDJSON of objects, or one record written over several lines.
 * The envelope scanner reads first: once it knows the input is an envelope (see {@link EnvelopeScanner}),
 * the items stream out as they are parsed; when it stops before knowing, the text it has seen (at most
 * `maxRecordLength` characters and one chunk) and the rest are read by {@link readObjectLines}.
 */
async function* readObjects(
  head: string,
  text: AsyncGenerator<string>,
  options: ReadOptions,
): AsyncGenerator<unknown> {
  const scanner = new EnvelopeScanner(options.maxRecordLength ?? DEFAULT_MAX_RECORD);
  const seen: string[] = [];
  let items: EnvelopeItem[] = [];
  const ready = function* (): Generator<unknown> {
    const done = items;
    items = [];
    for (const { text, line } of done) {
      let value: unknown;
      try {
        value = JSON.parse(text);
      } catch (error) {
        // An element that is balanced but not JSON is rejected alone, as in a JSON array.
        reject(options, line, `element of "items" is not valid JSON: ${(error as Error).message}`);
        continue;
      }
      if (record(value, line, options, 'element of "items" is ').ok) yield value;
    }
  };
  const malformed = (stop: EnvelopeStop) =>
    new InventoryError(
      'MALFORMED_INPUT',
      `malformed {"items": [...]} envelope at line ${stop.line}: ${stop.message}`,
      { line: stop.line },
    );
  let chunk: string | undefined = head;
  try {
    while (chunk !== undefined) {
      seen.push(chunk);
      scanner.scan(chunk, items);
      if (scanner.committed) {
        seen.length = 0;
        yield* ready();
      }
      const next = await text.next();
      chunk = next.done ? undefined : next.value;
    }
    scanner.finish();
    return;
  } catch (error) {
    if (!(error instanceof EnvelopeStop)) throw error;
    if (scanner.committed) {
      // What was read before the fault is given first, as a JSON array's elements are.
      yield* ready();
      throw malformed(error);
    }
  }
  yield* readObjectLines(seen.join(''), text, options);
}

/**
 * Input starting with `{` that is not known to be an envelope: NDJSON of objects, or one JSON document
 * (a one-line envelope, or a single record written over several lines). The first line decides: when it
 * is JSON, the input is NDJSON, and a lone envelope line (only blank lines follow) yields its items; when it
 * is not, the whole input is read as one document, and if that is not JSON either it is read as NDJSON
 * after all, so bad lines keep their numbers.
 */
async function* readObjectLines(
  head: string,
  text: AsyncGenerator<string>,
  options: ReadOptions,
): AsyncGenerator<unknown> {
  const max = options.maxRecordLength ?? DEFAULT_MAX_RECORD;
  let mode: 'first' | 'ndjson' | 'document' = 'first';
  // A first line that is an envelope, held until what follows says whether it is one (and its line).
  let held: { items: unknown[] } | undefined;
  let heldLine = 0;
  // One document over several lines (a record, or an envelope whose "items" begins too late): its lines.
  const document: string[] = [];
  let documentStart = 0;
  let length = 0;
  for await (const { start, texts } of lineBatches(head, text, options)) {
    for (let i = 0; i < texts.length; i++) {
      const raw = texts[i]!;
      const line = start + i;
      if (mode === 'ndjson') {
        // Any line that is not blank after an envelope-like first line makes that line a record (the
        // splitter of svc-policy/node decides the same from the same lines).
        if (held !== undefined && !isBlankLine(raw)) {
          yield held;
          held = undefined;
        }
        const r = parseLine(raw, line, options);
        if (r.ok) yield r.value;
      } else if (mode === 'document') {
        document.push(raw);
        length += raw.length + 1;
        if (length > max) {
          throw new InventoryError(
            'MALFORMED_INPUT',
            `a JSON document over several lines longer than ${max} characters (from line ${documentStart}): a record is read whole, and an {"items": [...]} envelope is streamed only when its "items" array begins within the first ${max} characters`,
            { line: documentStart },
          );
        }
      } else if (!isBlankLine(raw)) {
        let value: unknown;
        try {
          value = JSON.parse(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
        } catch {
          mode = 'document';
          document.push(raw);
          documentStart = line;
          length = raw.length;
          continue;
        }
        mode = 'ndjson';
        if (isEnvelope(value)) {
          held = value;
          heldLine = line;
        } else yield value;
      }
    }
  }
  if (held !== undefined) {
    yield* envelopeItems(held.items, heldLine, options);
    return;
  }
  if (mode !== 'document') return;
  let parsed: unknown;
  try {
    parsed = JSON.parse(document.join('\n'));
  } catch {
    // Not one document either: NDJSON after all, so that bad lines keep their numbers.
    for (let i = 0; i < document.length; i++) {
      const r = parseLine(document[i]!, documentStart + i, options);
      if (r.ok) yield r.value;
    }
    return;
  }
  if (isEnvelope(parsed)) yield* envelopeItems(parsed.items, documentStart, options);
  else yield parsed;
}

/** The elements of an envelope read whole that are records; the others rejected at `line`. */
function* envelopeItems(items: readonly unknown[], line: number, options: ReadOptions): Generator<unknown> {
  for (const item of items) if (record(item, line, options, 'element of "items" is ').ok) yield item;
}

/** States of the array reader. */
const State = {
  /** After `[` or `,`: a value or (after `[` only) `]`. */
  Value: 0,
  /** Inside a value. */
  InValue: 1,
  /** After a value: `,` or `]`. */
  Separator: 2,
  /** After the closing `]`: only blanks. */
  Done: 3,
} as const;
type State = (typeof State)[keyof typeof State];

async function* readArray(
  head: string,
  source: AsyncGenerator<string>,
  options: ReadOptions,
): AsyncGenerator<unknown> {
  const max = options.maxRecordLength ?? DEFAULT_MAX_RECORD;
  let state: State = State.Value;
  let opened = false;
  let afterComma = false;
  let line = 1;
  let valueLine = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: string[] = [];
  let partsLength = 0;
  let text: string | undefined = head;
  const fail = (message: string): never => {
    throw new InventoryError('MALFORMED_INPUT', `malformed JSON array at line ${line}: ${message}`, { line });
  };
  const finish = (piece: string): Parsed => {
    parts.push(piece);
    const raw = parts.join('');
    parts = [];
    partsLength = 0;
    // Measured whole, not only when it crosses a chunk (see lineBatches).
    if (raw.length > max) tooLong(options, valueLine);
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      return reject(options, valueLine, `array element is not valid JSON: ${safeMessage(error)}`);
    }
    return record(value, valueLine, options, 'array element is ');
  };
  while (text !== undefined) {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (state === State.InValue) {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 0x5c /* \ */) escaped = true;
          else if (c === 0x22 /* " */) inString = false;
          else if (c === 0x0a) line++;
          if (inString || depth > 0) continue;
          // A top-level string ends with its closing quote.
          const r = finish(text.slice(start, i + 1));
          if (r.ok) yield r.value;
          state = State.Separator;
          continue;
        }
        if (c === 0x22) inString = true;
        else if (c === 0x7b || c === 0x5b) depth++;
        else if (c === 0x7d || c === 0x5d) {
          if (depth === 0) {
            // `]` ends a top-level scalar and the array.
            const r = finish(text.slice(start, i));
            if (r.ok) yield r.value;
            if (c === 0x7d) fail('unexpected "}"');
            state = State.Done;
            continue;
          }
          depth--;
          if (depth === 0) {
            const r = finish(text.slice(start, i + 1));
            if (r.ok) yield r.value;
            state = State.Separator;
          }
        } else if (depth === 0 && (c === 0x2c || isSpace(c))) {
          // A top-level number, true, false or null ends at a comma or a blank.
          const r = finish(text.slice(start, i));
          if (r.ok) yield r.value;
          state = State.Separator;
          if (c === 0x2c) {
            state = State.Value;
            afterComma = true;
          } else if (c === 0x0a) line++;
        } else if (c === 0x0a) line++;
        continue;
      }
      if (c === 0x0a) {
        line++;
        continue;
      }
      if (isSpace(c)) continue;
      switch (state) {
        case State.Value:
          if (!opened) {
            // The first non-blank character, known to be `[`.
            opened = true;
            continue;
          }
          if (c === 0x5d && !afterComma) {
            state = State.Done;
            continue;
          }
          if (c === 0x2c || c === 0x5d) fail(`unexpected "${String.fromCharCode(c)}", expected a value`);
          state = State.InValue;
          valueLine = line;
          start = i;
          parts = [];
          partsLength = 0;
          if (c === 0x22) inString = true;
          else if (c === 0x7b || c === 0x5b) depth = 1;
          afterComma = false;
          break;
        case State.Separator:
          if (c === 0x2c) {
            state = State.Value;
            afterComma = true;
          } else if (c === 0x5d) state = State.Done;
          else fail(`unexpected "${String.fromCharCode(c)}", expected "," or "]"`);
          break;
        case State.Done:
          fail('unexpected data after the end of the array');
      }
    }
    if (state === State.InValue) {
      parts.push(text.slice(start));
      partsLength += text.length - start;
      if (partsLength > max) tooLong(options, valueLine);
    }
    const next = await source.next();
    text = next.done ? undefined : next.value;
  }
  if ((state as State) !== State.Done) fail('the input ends before the closing "]"');
}
