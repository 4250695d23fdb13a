/**
 * The selective scanner's line reader (src/inventory/scan-wasm.ts), in AssemblyScript: a line checked
 * against JSON's grammar as src/inventory/scan.ts checks it, strings sixteen bytes at a time, and the
 * values a selection names written to a tape for the caller to build. Anything this does not take on
 * (a key with an escape or a byte from 0x80, a tape or nesting too deep) is left to scan.ts, so its
 * answer is scan.ts's or none. Compiled by scripts/generate-scan-wasm.ts (`npm run generate`).
 *
 * Memory: the selection at SELECTION_AT (a node: `any`, the key count, the first key of each length
 * up to 31 (31: and longer), then per key its length, the address of its bytes, its child and the next
 * key of its length; a child or `any` is a node's address, -2 the whole value, -1 none); the open containers of `skip`; the string cache (SLOTS slots of 32 bytes: up to 24 bytes of a
 * string, its length); the tape at TAPE_AT (entries of four i32: a tag `type | flags << 4 | (key + 1)
 * << 8`, then the value's first byte and its end, or for a string of the cache its slot, or for an
 * array its number of elements); the input at
 * INPUT_AT, followed by 16 readable bytes (strings are read sixteen bytes at a time, past a line's end).
 */

export const SELECTION_AT: u32 = 65536;
export const SELECTION_END: u32 = 131072;
export const SLOTS: u32 = 4096;
export const TAPE_AT: u32 = 327680;
export const INPUT_AT: u32 = 1441792;

const STACK: usize = 131072;
const STACK_END: usize = STACK + 4096;
const CACHE: usize = 196608;
const CACHED_BYTES: usize = 24;
const TAPE: usize = TAPE_AT;
const TAPE_LAST: usize = TAPE + 1048576 - 16;

const STR: i32 = 1;
const NUM: i32 = 2;
const TRUE: i32 = 3;
const FALSE: i32 = 4;
const NULL: i32 = 5;
const RAW: i32 = 6;
const OBJ: i32 = 7;
const ARR: i32 = 8;
const END: i32 = 9;
/** A string found in the cache (its slot in the entry's third field), or put there (in its fourth). */
const HIT: i32 = 10;
const MISS: i32 = 11;

/** Where a selection node's keys begin: after `any`, the key count and 32 heads of keys by length. */
const KEYS: usize = 136;
const WHOLE: i32 = -2;
const NONE: i32 = -1;

const ESC: i32 = 1;
const HIGH: i32 = 2;

let end: usize = 0;
let tp: usize = 0;
let flags: i32 = 0;

// @ts-ignore: decorator
@inline function ws(i: usize): usize {
  while (i < end) {
    const c = <u32>load<u8>(i);
    // Compact lines are the rule: one compare for the byte after a token.
    if (c > 0x20 || (c != 0x20 && c != 0x0d && c != 0x09)) break;
    i++;
  }
  return i;
}

// @ts-ignore: decorator
@inline function emit(tag: i32, a: usize, b: usize, c: i32 = 0): bool {
  if (tp > TAPE_LAST) return false;
  store<i32>(tp, tag);
  store<u32>(tp, <u32>a, 4);
  store<u32>(tp, <u32>b, 8);
  store<i32>(tp, c, 12);
  tp += 16;
  return true;
}

/** Bytes [p, p + 8) of a string that has `left` more, the bytes past its end as zeros. */
// @ts-ignore: decorator
@inline function word(p: usize, left: i32): u64 {
  if (left >= 8) return load<u64>(p);
  if (left <= 0) return 0;
  return load<u64>(p) & ((<u64>1 << (<u64>left << 3)) - 1);
}

/**
 * A string of at most CACHED_BYTES bytes [s, s + n), no escape, no byte from 0x80, as a tape entry: HIT
 * with its slot when the cache holds its bytes, else MISS, its bytes put in the slot.
 */
function cached(s: usize, n: i32, k: i32): bool {
  const w0 = word(s, n);
  const w1 = word(s + 8, n - 8);
  const w2 = word(s + 16, n - 16);
  const h = ((w0 ^ <u64>n) * 0x9e3779b97f4a7c15) ^ (w1 * 0xc2b2ae3d27d4eb4f) ^ (w2 * 0x165667b19e3779f9);
  const slot = <i32>(h >> 52);
  const at = CACHE + (<usize>slot << 5);
  if (load<i32>(at, 24) == n && load<u64>(at) == w0 && load<u64>(at, 8) == w1 && load<u64>(at, 16) == w2) {
    return emit(HIT | k, slot, 0);
  }
  store<u64>(at, w0);
  store<u64>(at, w1, 8);
  store<u64>(at, w2, 16);
  store<i32>(at, n, 24);
  return emit(MISS | k, s - 1, s + n + 1, slot);
}

// @ts-ignore: decorator
@inline function isHex(c: u32): bool {
  return c - 0x30 < 10 || (c | 0x20) - 0x61 < 6;
}

// @ts-ignore: decorator
@inline function isDigit(i: usize): bool {
  return i < end && <u32>load<u8>(i) - 0x30 < 10;
}

/** The string at `i` (a quote): the index after its closing quote, or 0; sets `flags`. */
// @ts-ignore: decorator
@inline function str(i: usize): usize {
  i++;
  let fl = 0;
  const q = i8x16.splat(0x22);
  const bs = i8x16.splat(0x5c);
  const sp = i8x16.splat(0x20);
  while (true) {
    const v = v128.load(i);
    const m = i8x16.bitmask(v128.or(v128.or(i8x16.eq(v, q), i8x16.eq(v, bs)), i8x16.lt_u(v, sp)));
    const h = i8x16.bitmask(v);
    if (m == 0) {
      if (h != 0) fl |= HIGH;
      i += 16;
      if (i >= end) return 0;
      continue;
    }
    const k = ctz(m);
    if ((h & ((1 << k) - 1)) != 0) fl |= HIGH;
    i += k;
    if (i >= end) return 0;
    const c = <u32>load<u8>(i);
    if (c == 0x22) {
      flags = fl;
      return i + 1;
    }
    if (c != 0x5c) return 0;
    fl |= ESC;
    const x = <u32>load<u8>(i + 1);
    if (x == 0x75) {
      if (
        i + 5 >= end ||
        !(
          isHex(<u32>load<u8>(i + 2)) &&
          isHex(<u32>load<u8>(i + 3)) &&
          isHex(<u32>load<u8>(i + 4)) &&
          isHex(<u32>load<u8>(i + 5))
        )
      ) {
        return 0;
      }
      i += 6;
    } else if (
      x == 0x22 ||
      x == 0x5c ||
      x == 0x2f ||
      x == 0x62 ||
      x == 0x66 ||
      x == 0x6e ||
      x == 0x72 ||
      x == 0x74
    ) {
      i += 2;
    } else return 0;
  }
}

function num(i: usize): usize {
  if (load<u8>(i) == 0x2d) i++;
  if (i >= end) return 0;
  const c = <u32>load<u8>(i);
  if (c == 0x30) i++;
  else if (c - 0x31 < 9) {
    i++;
    while (isDigit(i)) i++;
  } else return 0;
  if (i < end && load<u8>(i) == 0x2e) {
    i++;
    if (!isDigit(i)) return 0;
    while (isDigit(i)) i++;
  }
  if (i < end && (<u32>load<u8>(i) | 0x20) == 0x65) {
    i++;
    if (i < end && (load<u8>(i) == 0x2b || load<u8>(i) == 0x2d)) i++;
    if (!isDigit(i)) return 0;
    while (isDigit(i)) i++;
  }
  return i;
}

function literal(i: usize, c: u32): usize {
  if (c == 0x74) return i + 4 <= end && load<u32>(i) == 0x65757274 ? i + 4 : 0;
  if (c == 0x6e) return i + 4 <= end && load<u32>(i) == 0x6c6c756e ? i + 4 : 0;
  return i + 5 <= end && load<u32>(i + 1) == 0x65736c61 ? i + 5 : 0;
}

function scalar(i: usize, c: u32): usize {
  if (c == 0x22) return str(i);
  if (c == 0x2d || c - 0x30 < 10) return num(i);
  if (c == 0x74 || c == 0x66 || c == 0x6e) return literal(i, c);
  return 0;
}

/** One value of any depth at `i`, checked and skipped: its end, or 0. */
function skip(i: usize): usize {
  let depth: usize = 0;
  let wantKey = false;
  while (true) {
    i = ws(i);
    if (i >= end) return 0;
    let c = <u32>load<u8>(i);
    if (wantKey && c != 0x22) return 0;
    if (c == 0x22) {
      i = str(i);
      if (i == 0) return 0;
      if (wantKey) {
        wantKey = false;
        i = ws(i);
        if (i >= end || load<u8>(i) != 0x3a) return 0;
        i++;
        continue;
      }
    } else if (c == 0x7b || c == 0x5b) {
      const close = c + 2;
      i = ws(i + 1);
      if (i >= end) return 0;
      if (<u32>load<u8>(i) == close) i++;
      else {
        if (STACK + depth >= STACK_END) return 0;
        store<u8>(STACK + depth, <u8>close);
        depth++;
        wantKey = c == 0x7b;
        continue;
      }
    } else {
      i = scalar(i, c);
      if (i == 0) return 0;
    }
    while (true) {
      if (depth == 0) return i;
      i = ws(i);
      if (i >= end) return 0;
      c = <u32>load<u8>(i);
      const top = <u32>load<u8>(STACK + depth - 1);
      if (c == 0x2c) {
        i++;
        wantKey = top == 0x7d;
        break;
      }
      if (c != top) return 0;
      i++;
      depth--;
    }
  }
}

/** The index of the key at bytes [s, e) among `node`'s keys, or -1. */
function match(node: usize, s: usize, e: usize): i32 {
  const n = <u32>(e - s);
  let j = load<i32>(node + 8 + (<usize>min(n, 31) << 2));
  while (j >= 0) {
    const p = node + KEYS + (<usize>j << 4);
    if (load<u32>(p) == n) {
      const kb = <usize>load<u32>(p, 4);
      let q: usize = 0;
      while (q + 8 <= n && load<u64>(kb + q) == load<u64>(s + q)) q += 8;
      while (q < n && load<u8>(kb + q) == load<u8>(s + q)) q++;
      if (q == n) return j;
    }
    j = load<i32>(p, 12);
  }
  return -1;
}

function value(i: usize, sel: i32, key: i32): usize {
  const c = <u32>load<u8>(i);
  const k = (key + 1) << 8;
  let e: usize = 0;
  let t = 0;
  if (c == 0x22) {
    e = str(i);
    if (e != 0 && flags == 0 && e - i - 2 <= CACHED_BYTES) return cached(i + 1, <i32>(e - i - 2), k) ? e : 0;
    t = STR | (flags << 4);
  } else if (c == 0x2d || c - 0x30 < 10) {
    e = num(i);
    t = NUM;
  } else if (c == 0x74 || c == 0x66 || c == 0x6e) {
    e = literal(i, c);
    t = c == 0x74 ? TRUE : c == 0x66 ? FALSE : NULL;
  } else if (sel == WHOLE || (c != 0x7b && c != 0x5b)) {
    e = skip(i);
    t = RAW;
  } else return c == 0x7b ? obj(i, <usize>sel, k) : arr(i, <usize>sel, k);
  if (e == 0 || !emit(t | k, i, e)) return 0;
  return e;
}

function obj(i: usize, node: usize, k: i32): usize {
  if (!emit(OBJ | k, i, 0)) return 0;
  i = ws(i + 1);
  if (i < end && load<u8>(i) == 0x7d) return emit(END, 0, 0) ? i + 1 : 0;
  while (true) {
    if (i >= end || load<u8>(i) != 0x22) return 0;
    const ke = str(i);
    if (ke == 0 || flags != 0) return 0;
    const m = match(node, i + 1, ke - 1);
    i = ws(ke);
    if (i >= end || load<u8>(i) != 0x3a) return 0;
    i = ws(i + 1);
    if (i >= end) return 0;
    if (m < 0) i = load<u8>(i) == 0x22 ? str(i) : skip(i);
    else i = value(i, load<i32>(node + KEYS + (<usize>m << 4), 8), m);
    if (i == 0) return 0;
    i = ws(i);
    if (i >= end) return 0;
    const d = load<u8>(i);
    if (d == 0x7d) return emit(END, 0, 0) ? i + 1 : 0;
    if (d != 0x2c) return 0;
    i = ws(i + 1);
  }
}

/** An array: its entry's third field is the number of elements on the tape (none when `any` is NONE). */
function arr(i: usize, node: usize, k: i32): usize {
  const at = tp;
  if (!emit(ARR | k, i, 0)) return 0;
  i = ws(i + 1);
  if (i < end && load<u8>(i) == 0x5d) return emit(END, 0, 0) ? i + 1 : 0;
  const each = load<i32>(node);
  let n = 0;
  while (true) {
    if (i >= end) return 0;
    i = each == NONE ? skip(i) : value(i, each, -1);
    if (i == 0) return 0;
    if (each != NONE) n++;
    i = ws(i);
    if (i >= end) return 0;
    const d = load<u8>(i);
    if (d == 0x5d) {
      store<i32>(at, n, 8);
      return emit(END, 0, 0) ? i + 1 : 0;
    }
    if (d != 0x2c) return 0;
    i = ws(i + 1);
  }
}

/**
 * The record at `s`, up to the first line feed before `e`, as a tape of the selection at `root`: the
 * line feed's index, or 0 when the line is not taken on here (a line has no line feed inside, so none is
 * white space here). The tape's first entry is the record's.
 */
export function scan(s: usize, e: usize, root: usize): usize {
  end = e;
  tp = TAPE;
  let i = ws(s);
  if (i >= end || load<u8>(i) != 0x7b) return 0;
  i = obj(i, root, 0);
  if (i != 0) i = ws(i);
  if (i != 0 && i < end && load<u8>(i) == 0x0a) return i;
  // The caller builds no value of this tape, so knows no string put in the cache by it: drop them.
  for (let t = TAPE; t < tp; t += 16) {
    if ((load<i32>(t) & 15) == MISS) store<i32>(CACHE + (<usize>load<i32>(t, 12) << 5), -1, 24);
  }
  return 0;
}
