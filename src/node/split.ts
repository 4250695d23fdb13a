import { open } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { isSpace } from '../inventory/envelope.js';
import { isBlankLine } from '../inventory/records.js';

/**
 * Splitting an NDJSON file into byte ranges that start at the beginning of a line, for the worker
 * threads of `svc-policy eval --jobs` and `evaluateInventoryFile` (svc-policy/node).
 */

/** Files of this size or more are split across the available cores unless told otherwise. */
export const SPLIT_THRESHOLD = 8 * 1024 * 1024;

/** The head read to decide whether the file is NDJSON that can be split. */
const HEAD_BYTES = 1024 * 1024;

/**
 * The worker threads a file is split across by default, and at most: the cores this process may use.
 * More threads than cores add no speed, only memory (each is a V8 isolate holding ranges of the file).
 */
export function coreJobs(): number {
  return availableParallelism();
}

/** The readers' default `maxRecordLength`. */
const DEFAULT_MAX_RECORD = 64 * 1024 * 1024;

function isEnvelope(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !Array.isArray(value) &&
    Array.isArray((value as { items?: unknown }).items)
  );
}

/**
 * Whether the file can be split: an uncompressed file that `readInventory` reads as NDJSON (not a
 * JSON array, not an envelope, not one document over several lines). Decided from its head as
 * `readInventory` decides, with its rules for blanks: the first non-blank character, and for `{`,
 * whether the first non-blank line is JSON, and when that line is an object holding an `items` array,
 * whether a line that is not blank follows it (NDJSON whose first record has `items`) or not (a
 * one-line envelope). When the head cannot tell, the file is read by one thread, which is always right.
 */
export async function splittable(
  file: string,
  size: number,
  maxRecordLength = DEFAULT_MAX_RECORD,
): Promise<boolean> {
  if (size === 0) return false;
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
    // The first non-blank line: it starts at the line holding `i`. A byte order mark before it makes a
    // line that is not blank (see isBlankLine) which the reader reads another way: one thread.
    const start = text.lastIndexOf('\n', i) + 1;
    if (text.slice(0, start).includes('\uFEFF')) return false;
    const end = text.indexOf('\n', start);
    // The head ends inside this line: cannot tell.
    if (end < 0) return false;
    const raw = text.slice(start, end);
    let first: unknown;
    try {
      first = JSON.parse(raw.endsWith('\r') ? raw.slice(0, -1) : raw);
    } catch {
      return false;
    }
    if (!isEnvelope(first)) return true;
    // An envelope-like line reaching maxRecordLength is streamed as an envelope (no record is that long).
    if (end >= maxRecordLength) return false;
    // NDJSON when a line that is not blank follows; a lone envelope when none does.
    // (The head may end inside the last line: a piece of a line that is not blank is enough.)
    return text
      .slice(end + 1)
      .split('\n')
      .some((line) => !isBlankLine(line));
  } finally {
    await handle.close();
  }
}

/**
 * Byte ranges `[start, end)` of the file, each starting at the beginning of a line: about
 * `rangeBytes` long, or the file divided by `jobs` when that is shorter.
 */
export async function splitRanges(
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
