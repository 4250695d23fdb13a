import { type BatchedRecords, RECORD_BATCHES } from './batches.js';
import { scanRecord } from './scan.js';
import { wasmScanner } from './scan-wasm.js';
import { type ByteSelection, byteSelection, selectionOf } from './selective.js';
import { DEFAULT_MAX_RECORD, InventoryError, parseLine, type ReadOptions, tooLong } from './text.js';

/** What {@link readNdjsonSelected}'s line reader returns for a line it leaves to the slow path. */
const SLOW = Symbol('slow');

/**
 * NDJSON read from bytes decoding only the parts of each record at `paths` (segments of field paths,
 * `__svcArrayAny__` for the elements of an array): the rest of each line is checked and skipped, not
 * built. The records are the full parse's (`readNdjson`'s) cut down to those paths, and every other
 * line is treated as `readNdjson` treats it — the same blank lines, rejections (message and line
 * number), byte order mark, `\r\n` and `maxRecordLength` — since a line the scanner does not accept is
 * decoded and read by the full parse (see scan.ts).
 *
 * The records also come in a batch per chunk ({@link RECORD_BATCHES}), which `evaluateInventory`
 * visits without an await per record. A batch ends before a line that is rejected or stops the read,
 * so the records before it are visited before `onReject` hears of it, as one at a time.
 *
 * For callers that read only those paths of each record: the evaluation of compiled policies, whose
 * filters read own properties along their paths and nothing else.
 * @internal
 */
export function readNdjsonSelected(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  paths: Iterable<readonly string[]>,
  options: ReadOptions = {},
): BatchedRecords {
  const batches = () => selectedBatches(source, paths, options);
  return {
    [RECORD_BATCHES]: batches,
    async *[Symbol.asyncIterator]() {
      for await (const batch of batches()) yield* batch;
    },
  };
}

async function* selectedBatches(
  source: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  paths: Iterable<readonly string[]>,
  options: ReadOptions,
): AsyncGenerator<unknown[]> {
  const selection = byteSelection(selectionOf(paths)) as Exclude<ByteSelection, true>;
  // Lines of the chunk it holds go through WebAssembly first; scan.ts reads what it leaves.
  const fast = wasmScanner(selection);
  let held: Uint8Array | undefined;
  const max = options.maxRecordLength ?? DEFAULT_MAX_RECORD;
  const onBytes = options.onBytes;
  const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
  let line = 0;
  let count = 0;
  // A line begun in an earlier chunk: its pieces.
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  let batch: unknown[] = [];

  /**
   * One complete line, bytes [s, e) of `bytes` without its newline: a record, `undefined` (a blank
   * line), or {@link SLOW} for a line that may be rejected or stop the read (see {@link slow}).
   */
  const one = (bytes: Uint8Array, s: number, e: number): unknown => {
    line++;
    if (line === 1) s = afterBom(bytes, s, e);
    // UTF-16 units are never more than bytes: only a long line may be too long.
    if (e - s > max) return SLOW;
    const record = scanRecord(bytes, s, e, selection);
    if (record !== undefined) return record;
    return blank(bytes, s, e) ? undefined : SLOW;
  };
  /** The line `one` left (its number already counted): measured, then read by the full parse. */
  const slow = (bytes: Uint8Array, s: number, e: number): unknown => {
    if (line === 1) s = afterBom(bytes, s, e);
    // Measured first, as readNdjson does: a blank line longer than maxRecordLength stops the read too.
    if (e - s > max) measure(bytes, s, e);
    if (blank(bytes, s, e)) return undefined;
    const record = scanRecord(bytes, s, e, selection);
    if (record !== undefined) return record;
    const r = parseLine(decoder.decode(bytes.subarray(s, e)), line, options);
    return r.ok ? r.value : undefined;
  };
  const measure = (bytes: Uint8Array, s: number, e: number) => {
    const text = decoder.decode(bytes.subarray(s, e));
    if ((text.endsWith('\r') ? text.length - 1 : text.length) > max) tooLong(options, line);
  };

  try {
    for await (const chunk of source) {
      if (!(chunk instanceof Uint8Array)) {
        throw new InventoryError('MALFORMED_INPUT', 'expected byte chunks');
      }
      held = fast?.load(chunk) === true ? chunk : undefined;
      count += chunk.length;
      onBytes?.(count);
      let s = 0;
      let nl = chunk.indexOf(0x0a, 0);
      if (nl >= 0 && pendingBytes > 0) {
        pending.push(chunk.subarray(0, nl));
        const whole = concat(pending, pendingBytes + nl);
        pending = [];
        pendingBytes = 0;
        let r = one(whole, 0, whole.length);
        if (r === SLOW) {
          if (batch.length > 0) {
            yield batch;
            batch = [];
          }
          r = slow(whole, 0, whole.length);
        }
        if (r !== undefined) batch.push(r);
        s = nl + 1;
      }
      for (;;) {
        // Line 1 is left to `one` (its byte order mark), as is a line too long or not taken on here.
        if (held !== undefined && line > 0) {
          const r = fast!.scan(s);
          if (r !== undefined && fast!.lineEnd - s <= max) {
            line++;
            batch.push(r);
            s = fast!.lineEnd + 1;
            continue;
          }
        }
        nl = chunk.indexOf(0x0a, s);
        if (nl < 0) break;
        let r = one(chunk, s, nl);
        if (r === SLOW) {
          // The records before the line first (see above); the chunk is not read again until then.
          if (batch.length > 0) {
            yield batch;
            batch = [];
          }
          r = slow(chunk, s, nl);
        }
        if (r !== undefined) batch.push(r);
        s = nl + 1;
      }
      if (batch.length > 0) {
        yield batch;
        batch = [];
      }
      if (s < chunk.length) {
        // Copied (a Buffer's `slice` would not copy): a source may reuse its buffer for the next chunk.
        pending.push(Uint8Array.prototype.slice.call(chunk, s));
        pendingBytes += chunk.length - s;
        // An unfinished line may end in the `\r` of a `\r\n`: one unit more (as lineBatches).
        if (pendingBytes > max + 1) {
          const whole = concat(pending, pendingBytes);
          // The first line is measured without the input's byte order marks, as `one` reads it.
          const from = line === 0 ? afterBom(whole, 0, whole.length) : 0;
          const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(whole.subarray(from), {
            stream: true,
          });
          if (text.length > max + 1 || (text.length > max && !text.endsWith('\r')))
            tooLong(options, line + 1);
        }
      }
    }
    if (pendingBytes > 0) {
      const whole = concat(pending, pendingBytes);
      let r = one(whole, 0, whole.length);
      if (r === SLOW) r = slow(whole, 0, whole.length);
      if (r !== undefined) yield [r];
    }
  } finally {
    fast?.release();
  }
}

function concat(pieces: readonly Uint8Array[], length: number): Uint8Array {
  if (pieces.length === 1 && pieces[0]!.length === length) return pieces[0]!;
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of pieces) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** Where a first line starts: after the input's byte order mark (the decoder's, and one more that `decode` strips). */
function afterBom(bytes: Uint8Array, s: number, e: number): number {
  for (
    let k = 0;
    k < 2 && e - s >= 3 && bytes[s] === 0xef && bytes[s + 1] === 0xbb && bytes[s + 2] === 0xbf;
    k++
  ) {
    s += 3;
  }
  return s;
}

/** Whether bytes [s, e) are only spaces, tabs and carriage returns (a blank line). */
function blank(bytes: Uint8Array, s: number, e: number): boolean {
  for (let k = s; k < e; k++) {
    const c = bytes[k]!;
    if (c !== 0x20 && c !== 0x09 && c !== 0x0d) return false;
  }
  return true;
}
