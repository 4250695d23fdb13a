import { defineProperty } from '../builtins.js';

/**
 * Values decoded from the bytes of a line by the selective scanners (scan.ts and scan-wasm.ts), once
 * they have checked them against JSON's grammar: as `JSON.parse` of the text `TextDecoder` gives.
 */

// `ignoreBOM`: a U+FEFF inside a value is a character of it (only the input's first bytes lose one).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
const fromCharCode = String.fromCharCode;

const apply = Reflect.apply;
/** Reused arguments of `fromCharCode`, by length (13 to FLAT_BYTES). */
const codes: number[][] = [];
/** Past this, the decoder's call costs less than filling the arguments (bench/README.md). */
const FLAT_BYTES = 28;

/** Text of bytes [s, e): short printable ASCII built directly, anything else through the reader's decoder. */
export function text(x: Uint8Array, s: number, e: number, ascii: boolean): string {
  const n = e - s;
  if (!ascii || n > FLAT_BYTES) return decoder.decode(x.subarray(s, e));
  if (n > 12) {
    // One call: past 12 characters a concatenation is a cons string, which its first reader (a
    // timestamp's digits, a comparison) must flatten, at several times the cost of reading it.
    let args = codes[n];
    if (args === undefined) {
      args = new Array<number>(n).fill(0);
      codes[n] = args;
    }
    for (let k = 0; k < n; k++) args[k] = x[s + k]!;
    return apply(fromCharCode, undefined, args);
  }
  // Eight characters a call (a flat string below 13): faster than a decoder call.
  let out = '';
  for (; e - s >= 8; s += 8) {
    out += fromCharCode(x[s]!, x[s + 1]!, x[s + 2]!, x[s + 3]!, x[s + 4]!, x[s + 5]!, x[s + 6]!, x[s + 7]!);
  }
  switch (e - s) {
    case 0:
      return out;
    case 1:
      return out + fromCharCode(x[s]!);
    case 2:
      return out + fromCharCode(x[s]!, x[s + 1]!);
    case 3:
      return out + fromCharCode(x[s]!, x[s + 1]!, x[s + 2]!);
    case 4:
      return out + fromCharCode(x[s]!, x[s + 1]!, x[s + 2]!, x[s + 3]!);
    case 5:
      return out + fromCharCode(x[s]!, x[s + 1]!, x[s + 2]!, x[s + 3]!, x[s + 4]!);
    case 6:
      return out + fromCharCode(x[s]!, x[s + 1]!, x[s + 2]!, x[s + 3]!, x[s + 4]!, x[s + 5]!);
    default:
      return out + fromCharCode(x[s]!, x[s + 1]!, x[s + 2]!, x[s + 3]!, x[s + 4]!, x[s + 5]!, x[s + 6]!);
  }
}

/**
 * Strings read from printable ASCII bytes of at most {@link CACHED_BYTES}, by a hash of their bytes:
 * records repeat most of the values policies read (kinds, technologies, versions, statuses), and a
 * string found here is neither built nor collected again. A slot holds its bytes, compared in full.
 */
const CACHED_BYTES = 24;
const SLOTS = 4096;
const slotText: string[] = new Array<string>(SLOTS).fill('');
const slotLength = new Int32Array(SLOTS).fill(-1);
const slotBytes = new Uint8Array(SLOTS * CACHED_BYTES);

/** The text of bytes [s, e) (printable ASCII, at most {@link CACHED_BYTES}), from the cache if there. */
function cached(x: Uint8Array, s: number, e: number): string {
  const n = e - s;
  let h = n;
  for (let k = s; k < e; k++) h = Math.imul(h ^ x[k]!, 0x01000193);
  const slot = (h ^ (h >>> 15)) & (SLOTS - 1);
  const base = slot * CACHED_BYTES;
  if (slotLength[slot] === n) {
    let k = 0;
    while (k < n && slotBytes[base + k] === x[s + k]) k++;
    if (k === n) return slotText[slot]!;
  }
  const t = text(x, s, e, true);
  slotText[slot] = t;
  slotLength[slot] = n;
  for (let k = 0; k < n; k++) slotBytes[base + k] = x[s + k]!;
  return t;
}

/**
 * The string at bytes [s, e) of `x` (its quotes included), checked: `escaped` when it holds an escape,
 * `high` when a byte from 0x80.
 */
export function stringAt(x: Uint8Array, s: number, e: number, escaped: boolean, high: boolean): string {
  if (escaped) return JSON.parse(text(x, s, e, !high));
  return high || e - s - 2 > CACHED_BYTES ? text(x, s + 1, e - 1, !high) : cached(x, s + 1, e - 1);
}

/** The number at bytes [s, e) of `x`, checked against JSON's grammar. */
export function numberAt(x: Uint8Array, s: number, e: number): number {
  // A short integer read directly (-0 included); JSON's grammar is a subset of Number's otherwise.
  const neg = x[s] === 0x2d;
  const from = neg ? s + 1 : s;
  if (e - from <= 15) {
    let n = 0;
    let k = from;
    for (; k < e; k++) {
      const d = x[k]!;
      if (d < 0x30 || d > 0x39) break;
      n = n * 10 + (d - 0x30);
    }
    if (k === e) return neg ? -n : n;
  }
  return Number(text(x, s, e, true));
}

/** A member of a record being built, as JSON.parse sets it: an own data property even for `__proto__`. */
export function setMember(out: Record<string, unknown>, key: string, v: unknown): void {
  if (key === '__proto__') {
    defineProperty(out, key, { value: v, writable: true, enumerable: true, configurable: true });
  } else out[key] = v;
}
