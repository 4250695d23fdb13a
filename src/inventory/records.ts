import { isArray } from '../builtins.js';
import { safeMessage } from '../errors.js';
import { type EnvelopeItem, EnvelopeScanner, EnvelopeStop, isSpace } from './envelope.js';
import {
  DEFAULT_MAX_RECORD,
  decode,
  InventoryError,
  type InventoryErrorCode,
  isBlankLine,
  lineBatches,
  type Parsed,
  parsedLines,
  parseLine,
  type ReadOptions,
  type Rejection,
  record,
  reject,
  type TextSource,
  tooLong,
} from './text.js';

export {
  InventoryError,
  type InventoryErrorCode,
  isBlankLine,
  type ReadOptions,
  type Rejection,
  type TextSource,
};

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
