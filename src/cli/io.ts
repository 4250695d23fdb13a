import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** A record of the input that could not be read; reading goes on with the next one. */
export interface Rejection {
  /** 1-based line where the record starts. */
  readonly line: number;
  readonly message: string;
}

/** Input that cannot be read any further (a broken JSON array, an I/O error). */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** What {@link readRecords} reports while reading. */
export interface ReadHandlers {
  /** A malformed NDJSON line or array element: reported, skipped, and reading goes on. */
  readonly onReject?: (rejection: Rejection) => void;
  /** Bytes consumed so far (for a progress bar). */
  readonly onBytes?: (bytes: number) => void;
}

/** Opens the input: a file, or standard input for `-`. `size` is known for regular files only. */
export async function openInput(path: string): Promise<{ stream: Readable; size: number | null }> {
  if (path === '-') return { stream: process.stdin, size: null };
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    throw new InputError(
      `cannot read input ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  if (info.isDirectory()) throw new InputError(`cannot read input ${path}: it is a directory`);
  return { stream: createReadStream(path), size: info.isFile() ? info.size : null };
}

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;
}

/** Decoded text chunks of a byte stream, with the byte count reported as it goes. */
async function* chunks(stream: Readable, onBytes: ((n: number) => void) | undefined): AsyncGenerator<string> {
  const decoder = new StringDecoder('utf8');
  let bytes = 0;
  let first = true;
  try {
    for await (const raw of stream) {
      const buffer = typeof raw === 'string' ? Buffer.from(raw) : (raw as Buffer);
      bytes += buffer.length;
      onBytes?.(bytes);
      let text = decoder.write(buffer);
      // Editors on Windows start UTF-8 files with a byte order mark; it is not part of the first record.
      if (first && text !== '') {
        first = false;
        if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
      }
      if (text !== '') yield text;
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read input: ${(error as Error).message}`);
  }
  const rest = decoder.end();
  if (rest !== '') yield rest;
}

/**
 * Reads records from a JSON array or from NDJSON, told apart by the first non-blank character (`[`
 * starts an array). Either way one record is held at a time, so the input may be larger than memory.
 *
 * NDJSON: one JSON value per line; blank lines are skipped; a line that is not JSON is rejected
 * (`onReject`, with its line number) and reading goes on. JSON array: an element that is balanced but
 * not valid JSON (`{"a": tru}`) is rejected the same way; a broken structure (a missing comma, an
 * unterminated array) throws {@link InputError}, since nothing after it can be trusted.
 */
export async function* readRecords(stream: Readable, handlers: ReadHandlers = {}): AsyncGenerator<unknown> {
  const source = chunks(stream, handlers.onBytes);
  let first = await source.next();
  while (!first.done) {
    const text = first.value;
    let i = 0;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    if (i < text.length) {
      if (text.charCodeAt(i) === 0x5b /* [ */) yield* readArray(text, source, handlers);
      else yield* readLines(text, source, handlers);
      return;
    }
    first = await source.next();
  }
}

async function* readLines(
  head: string,
  source: AsyncGenerator<string>,
  handlers: ReadHandlers,
): AsyncGenerator<unknown> {
  let pending = '';
  let line = 0;
  const parse = (text: string): { ok: true; value: unknown } | { ok: false } => {
    line++;
    const trimmed = text.endsWith('\r') ? text.slice(0, -1) : text;
    if (trimmed.trim() === '') return { ok: false };
    try {
      return { ok: true, value: JSON.parse(trimmed) };
    } catch (error) {
      handlers.onReject?.({ line, message: `not valid JSON: ${(error as Error).message}` });
      return { ok: false };
    }
  };
  let text: string | undefined = head;
  while (text !== undefined) {
    let start = 0;
    let nl = text.indexOf('\n', start);
    while (nl >= 0) {
      const full = pending === '' ? text.slice(start, nl) : pending + text.slice(start, nl);
      pending = '';
      const r = parse(full);
      if (r.ok) yield r.value;
      start = nl + 1;
      nl = text.indexOf('\n', start);
    }
    pending += text.slice(start);
    const next = await source.next();
    text = next.done ? undefined : next.value;
  }
  if (pending !== '') {
    const r = parse(pending);
    if (r.ok) yield r.value;
  }
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
  handlers: ReadHandlers,
): AsyncGenerator<unknown> {
  let state: State = State.Value;
  let opened = false;
  let afterComma = false;
  let line = 1;
  let valueLine = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts: string[] = [];
  let text: string | undefined = head;
  const fail = (message: string): never => {
    throw new InputError(`malformed JSON array at line ${line}: ${message}`);
  };
  const finish = (piece: string): { ok: true; value: unknown } | { ok: false } => {
    parts.push(piece);
    const raw = parts.join('');
    parts = [];
    try {
      return { ok: true, value: JSON.parse(raw) };
    } catch (error) {
      handlers.onReject?.({
        line: valueLine,
        message: `array element is not valid JSON: ${(error as Error).message}`,
      });
      return { ok: false };
    }
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
    if (state === State.InValue) parts.push(text.slice(start));
    const next = await source.next();
    text = next.done ? undefined : next.value;
  }
  if ((state as State) !== State.Done) fail('the input ends before the closing "]"');
}

/** Writes to a stream, waiting for `drain` when its buffer is full (back-pressure). */
export function write(stream: NodeJS.WritableStream, text: string): void | Promise<void> {
  if (stream.write(text)) return;
  return new Promise((resolve) => stream.once('drain', () => resolve()));
}
