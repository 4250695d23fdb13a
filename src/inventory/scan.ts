import { IN_STRING, isHex, isWs } from './json-bytes.js';
import { numberAt, setMember, stringAt, text } from './scan-values.js';
import type { ByteNode, ByteSelection } from './selective.js';

/**
 * One NDJSON line read from its UTF-8 bytes as a record, decoding only the parts a {@link Selection}
 * names: every other value is checked against JSON's grammar and skipped without building a string or
 * an object. A line is accepted only when `JSON.parse` of its decoded text gives an object; the caller
 * reads any other line (bad JSON, a value that is not an object, a case this scanner does not take on)
 * with the full parse, which gives its error or value, so a line is never treated differently.
 *
 * The text the full parse sees is the line decoded by `TextDecoder` (invalid UTF-8 becomes U+FFFD): a
 * byte from 0x80 can only stand inside a string there (elsewhere it is a syntax error either way), and
 * the strings decoded here go through the same decoder, so they hold the same characters.
 */

// The line being read: bytes [0, end) of `b`. Module state: one line is read at a time, synchronously.
let b: Uint8Array = new Uint8Array(0);
let end = 0;
/** Set by {@link str}: whether the string just skipped held an escape, or a byte from 0x80. */
let escaped = false;
let high = false;

function ws(i: number): number {
  while (i < end && isWs(b[i]!)) i++;
  return i;
}

/** The string at `i` (a `"`): the index after its closing quote, or -1. Sets `escaped` and `high`. */
function str(i: number): number {
  const bytes = b;
  const table = IN_STRING;
  const stop = end;
  i++;
  let e = false;
  let h = false;
  for (;;) {
    // The common run, ended by the table (past the line's last byte, `undefined` ends it too).
    let t = table[bytes[i]!]!;
    while (t === 0) t = table[bytes[++i]!]!;
    if (i >= stop) return -1;
    if (t === 1) {
      escaped = e;
      high = h;
      return i + 1;
    }
    if (t === 4) {
      h = true;
      i++;
      continue;
    }
    if (t === 3) return -1;
    // A backslash.
    e = true;
    const x = bytes[i + 1];
    if (x === 0x75) {
      if (
        i + 5 >= stop ||
        !(isHex(bytes[i + 2]!) && isHex(bytes[i + 3]!) && isHex(bytes[i + 4]!) && isHex(bytes[i + 5]!))
      ) {
        return -1;
      }
      i += 6;
    } else if (
      x === 0x22 ||
      x === 0x5c ||
      x === 0x2f ||
      x === 0x62 ||
      x === 0x66 ||
      x === 0x6e ||
      x === 0x72 ||
      x === 0x74
    ) {
      i += 2;
    } else return -1;
  }
}

function digits(i: number): number {
  while (i < end) {
    const c = b[i]!;
    if (c < 0x30 || c > 0x39) break;
    i++;
  }
  return i;
}

function isDigit(i: number): boolean {
  if (i >= end) return false;
  const c = b[i]!;
  return c >= 0x30 && c <= 0x39;
}

/** A number in JSON's grammar at `i`: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?; its end, or -1. */
function num(i: number): number {
  if (b[i] === 0x2d) i++;
  if (i >= end) return -1;
  const c = b[i]!;
  if (c === 0x30) i++;
  else if (c >= 0x31 && c <= 0x39) i = digits(i + 1);
  else return -1;
  if (i < end && b[i] === 0x2e) {
    if (!isDigit(i + 1)) return -1;
    i = digits(i + 2);
  }
  if (i < end && (b[i] === 0x65 || b[i] === 0x45)) {
    i++;
    if (i < end && (b[i] === 0x2b || b[i] === 0x2d)) i++;
    if (!isDigit(i)) return -1;
    i = digits(i + 1);
  }
  return i;
}

/** `word` (true, false, null) at `i`: its end, or -1. */
function literal(i: number, c: number): number {
  if (c === 0x74)
    return i + 3 < end && b[i + 1] === 0x72 && b[i + 2] === 0x75 && b[i + 3] === 0x65 ? i + 4 : -1;
  if (c === 0x66) {
    return i + 4 < end && b[i + 1] === 0x61 && b[i + 2] === 0x6c && b[i + 3] === 0x73 && b[i + 4] === 0x65
      ? i + 5
      : -1;
  }
  return i + 3 < end && b[i + 1] === 0x75 && b[i + 2] === 0x6c && b[i + 3] === 0x6c ? i + 4 : -1;
}

/** A string, number or literal starting at `i` with `c`: its end, or -1. */
function scalar(i: number, c: number): number {
  if (c === 0x22) return str(i);
  if (c === 0x2d || (c >= 0x30 && c <= 0x39)) return num(i);
  if (c === 0x74 || c === 0x66 || c === 0x6e) return literal(i, c);
  return -1;
}

/** Open containers of {@link skip}: 1 an object, 2 an array (reused; grows with the deepest value). */
let open = new Uint8Array(64);

/** The escape at `i` (a backslash) inside a string: the index after it, or -1. */
function escapeEnd(i: number): number {
  const x = b[i + 1];
  if (x === 0x75) {
    return i + 5 < end && isHex(b[i + 2]!) && isHex(b[i + 3]!) && isHex(b[i + 4]!) && isHex(b[i + 5]!)
      ? i + 6
      : -1;
  }
  return x === 0x22 ||
    x === 0x5c ||
    x === 0x2f ||
    x === 0x62 ||
    x === 0x66 ||
    x === 0x6e ||
    x === 0x72 ||
    x === 0x74
    ? i + 2
    : -1;
}

/**
 * Skips one value at `i` of any depth without building it: its end, or -1. One loop with the line in
 * locals (no recursion, no call per token): this is where most of a line is read.
 */
function skip(i: number): number {
  const bytes = b;
  const stop = end;
  const table = IN_STRING;
  let depth = 0;
  // After `{` or `,` in an object: a member name, then `:`, comes first.
  let wantKey = false;
  for (;;) {
    let c = bytes[i]!;
    while (i < stop && (c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a)) c = bytes[++i]!;
    if (i >= stop) return -1;
    if (wantKey) {
      if (c !== 0x22) return -1;
    }
    if (c === 0x22) {
      i++;
      for (;;) {
        let t = table[bytes[i]!]!;
        while (t === 0) t = table[bytes[++i]!]!;
        if (t === 1 && i < stop) break;
        if (t === 4 && i < stop) {
          i++;
          continue;
        }
        if (t === 2 && i < stop) {
          i = escapeEnd(i);
          if (i < 0) return -1;
          continue;
        }
        return -1;
      }
      i++;
      if (wantKey) {
        wantKey = false;
        c = bytes[i]!;
        while (i < stop && (c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a)) c = bytes[++i]!;
        if (i >= stop || c !== 0x3a) return -1;
        i++;
        continue;
      }
    } else if (c === 0x7b || c === 0x5b) {
      const close = c === 0x7b ? 0x7d : 0x5d;
      i++;
      c = bytes[i]!;
      while (i < stop && (c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a)) c = bytes[++i]!;
      if (i >= stop) return -1;
      if (c === close) i++;
      else {
        if (depth === open.length) {
          const grown = new Uint8Array(open.length * 2);
          grown.set(open);
          open = grown;
        }
        open[depth++] = close === 0x7d ? 1 : 2;
        wantKey = close === 0x7d;
        continue;
      }
    } else {
      i = scalar(i, c);
      if (i < 0) return -1;
    }
    // After a value: close containers, or go on to the next member or element.
    for (;;) {
      if (depth === 0) return i;
      c = bytes[i]!;
      while (i < stop && (c === 0x20 || c === 0x09 || c === 0x0d || c === 0x0a)) c = bytes[++i]!;
      if (i >= stop) return -1;
      const top = open[depth - 1];
      if (c === 0x2c) {
        i++;
        wantKey = top === 1;
        break;
      }
      if (c === (top === 1 ? 0x7d : 0x5d)) {
        i++;
        depth--;
        continue;
      }
      return -1;
    }
  }
}

// Set by {@link value}: the index after the value read, or -1.
let at = 0;

/** The value at `i` (after white space), decoded as `selection` says; sets `at`. */
function value(i: number, selection: ByteSelection): unknown {
  const c = b[i]!;
  if (c === 0x22) {
    const e = str(i);
    at = e;
    return e < 0 ? undefined : stringAt(b, i, e, escaped, high);
  }
  if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
    const e = num(i);
    at = e;
    return e < 0 ? undefined : numberAt(b, i, e);
  }
  if (c === 0x74 || c === 0x66 || c === 0x6e) {
    at = literal(i, c);
    return c === 0x74 ? true : c === 0x66 ? false : null;
  }
  if (selection === true || (c !== 0x7b && c !== 0x5b)) {
    const e = skip(i);
    at = e;
    return e < 0 ? undefined : JSON.parse(text(b, i, e, false));
  }
  return c === 0x7b ? object(i, selection) : array(i, selection);
}

/**
 * The index in `node` of the key at [s, e) (a string just read by `str`, without escapes or bytes from
 * 0x80), or -1: its bytes compared with each selected key of its length, no string built.
 */
function selected(s: number, e: number, node: ByteNode): number {
  const n = e - s;
  const candidates = node.byLength[n];
  if (candidates === undefined) return -1;
  const names = node.names;
  const x = b;
  outer: for (let c = 0; c < candidates.length; c++) {
    const k = candidates[c]!;
    const name = names[k]!;
    for (let j = 0; j < n; j++) if (name[j] !== x[s + j]) continue outer;
    return k;
  }
  return -1;
}

function object(i: number, node: ByteNode): Record<string, unknown> | undefined {
  const out: Record<string, unknown> = {};
  const x = b;
  i = ws(i + 1);
  if (i < end && x[i] === 0x7d) {
    at = i + 1;
    return out;
  }
  for (;;) {
    if (i >= end || x[i] !== 0x22) return fail();
    const keyEnd = str(i);
    if (keyEnd < 0) return fail();
    let sub: ByteSelection | undefined;
    let key = '';
    if (escaped || high) {
      // Decoded, and looked up by name: invalid UTF-8 decodes to U+FFFD, which no byte compare gives.
      key = escaped ? (JSON.parse(text(b, i, keyEnd, false)) as string) : text(b, i + 1, keyEnd - 1, false);
      sub = node.byName.get(key);
    } else {
      const k = selected(i + 1, keyEnd - 1, node);
      if (k >= 0) {
        sub = node.subs[k];
        key = node.keys[k]!;
      }
    }
    i = keyEnd;
    if (x[i] !== 0x3a) {
      i = ws(i);
      if (i >= end || x[i] !== 0x3a) return fail();
    }
    // White space is rare here: ws() only at a byte that may be some (or past the end, checked next).
    if (x[++i]! <= 0x20) i = ws(i);
    if (i >= end) return fail();
    if (sub === undefined) {
      // Most skipped members are strings: read here, without the general skip's set-up.
      i = x[i] === 0x22 ? str(i) : skip(i);
      if (i < 0) return fail();
    } else {
      const v = value(i, sub);
      if (at < 0) return fail();
      i = at;
      // The last of two members wins, as in JSON.parse.
      setMember(out, key, v);
    }
    let d = x[i];
    if (d !== 0x2c && d !== 0x7d) {
      i = ws(i);
      if (i >= end) return fail();
      d = x[i];
    }
    if (d === 0x7d) {
      at = i + 1;
      return out;
    }
    if (d !== 0x2c) return fail();
    if (x[++i]! <= 0x20) i = ws(i);
  }
}

function array(i: number, node: ByteNode): unknown[] | undefined {
  const out: unknown[] = [];
  i = ws(i + 1);
  if (i < end && b[i] === 0x5d) {
    at = i + 1;
    return out;
  }
  const each = node.any;
  for (;;) {
    if (i >= end) return fail();
    if (each === undefined) {
      i = skip(i);
      if (i < 0) return fail();
    } else {
      const v = value(i, each);
      if (at < 0) return fail();
      i = at;
      out.push(v);
    }
    i = ws(i);
    if (i >= end) return fail();
    const d = b[i]!;
    if (d === 0x5d) {
      at = i + 1;
      return out;
    }
    if (d !== 0x2c) return fail();
    i = ws(i + 1);
  }
}

function fail(): undefined {
  at = -1;
  return undefined;
}

/**
 * The record on bytes [start, stop) of `bytes` (one line, without its newline), decoded as `selection`
 * says; `undefined` when the line is not accepted (then it is read with the full parse).
 */
export function scanRecord(
  bytes: Uint8Array,
  start: number,
  stop: number,
  selection: Exclude<ByteSelection, true>,
): Record<string, unknown> | undefined {
  b = bytes;
  end = stop;
  const i = ws(start);
  if (i >= end || b[i] !== 0x7b) return undefined;
  const record = object(i, selection);
  if (record === undefined || at < 0 || ws(at) !== end) return undefined;
  return record;
}
