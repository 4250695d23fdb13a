import { SCAN_WASM } from './generated/scan-wasm.js';
import type { ByteNode, ByteSelection } from './selective.js';
import { tapeBuilder } from './tape.js';

/**
 * The selective scanner of scan.ts in WebAssembly (src/inventory/wasm/scan.ts): the line is checked and
 * its selected values located there, about twice as fast as in JavaScript (bench/README.md), and built
 * here from that tape. It accepts a subset of what scan.ts accepts, with the same values: the caller
 * reads every line it leaves with scan.ts. Each reader holds an instance of its own (its memory holds
 * the reader's chunk and selection), taken from a pool and given back when the read ends.
 */
export interface WasmScanner {
  /** Copies `chunk` into the instance's memory; false when it cannot (then scan nothing of it). */
  load(chunk: Uint8Array): boolean;
  /**
   * The record of the line at `s` in the chunk loaded last (up to its next line feed, at
   * {@link lineEnd}), or `undefined` when not taken on here (nor the line's end found).
   */
  scan(s: number): Record<string, unknown> | undefined;
  /** The index of the line feed that ends the line last scanned. */
  readonly lineEnd: number;
  /** Gives the instance back: the scanner is not used again. */
  release(): void;
}

const PAGE = 65536;
/** Past this, a chunk is left to scan.ts rather than grow an instance's memory further. */
const MAX_CHUNK = 64 << 20;
/** Instances kept for the next reader: a worker reads two ranges at once. */
const MAX_SPARE = 4;

interface Instance {
  readonly memory: WebAssembly.Memory;
  readonly scan: (s: number, e: number, root: number) => number;
  /** The strings of the cache's slots (src/inventory/wasm/scan.ts): its bytes are in `memory`. */
  readonly slots: string[];
}

let module: WebAssembly.Module | null | undefined;
const spare: Instance[] = [];

/** The compiled module, or null where WebAssembly is missing or refused (a content security policy). */
function compiled(): WebAssembly.Module | null {
  if (module === undefined) {
    try {
      module = new WebAssembly.Module(Uint8Array.from(atob(SCAN_WASM), (c) => c.charCodeAt(0)));
    } catch {
      module = null;
    }
  }
  return module;
}

let layout:
  | { selection: number; selectionEnd: number; slots: number; tape: number; input: number }
  | undefined;

function instance(): Instance | undefined {
  const reused = spare.pop();
  if (reused !== undefined) return reused;
  const m = compiled();
  if (m === null) return undefined;
  try {
    const exports = new WebAssembly.Instance(m, {}).exports;
    const at = (name: string) => (exports[name] as WebAssembly.Global).value as number;
    layout ??= {
      selection: at('SELECTION_AT'),
      selectionEnd: at('SELECTION_END'),
      slots: at('SLOTS'),
      tape: at('TAPE_AT'),
      input: at('INPUT_AT'),
    };
    return {
      memory: exports.memory as WebAssembly.Memory,
      scan: exports.scan as Instance['scan'],
      slots: new Array<string>(layout.slots).fill(''),
    };
  } catch {
    return undefined;
  }
}

/**
 * A scanner for `selection`, or `undefined` where WebAssembly cannot run or the selection is too large.
 * `generate`: whether its records are built by generated code (tape.ts; by default where allowed).
 */
export function wasmScanner(selection: ByteNode, generate?: boolean): WasmScanner | undefined {
  const inst = instance();
  if (inst === undefined) return undefined;
  const { memory } = inst;
  const at = layout!;
  const builder = tapeBuilder(selection, generate);
  const slots = inst.slots;
  let bytes = new Uint8Array(memory.buffer);
  let tape = new Int32Array(memory.buffer);
  /** Whether the memory holds a chunk of `length` bytes, grown if need be (false when it cannot grow). */
  const room = (length: number): boolean => {
    const pages = Math.ceil((at.input + length + 16) / PAGE) - memory.buffer.byteLength / PAGE;
    if (pages > 0) {
      try {
        memory.grow(pages);
      } catch {
        return false;
      }
      bytes = new Uint8Array(memory.buffer);
      tape = new Int32Array(memory.buffer);
    }
    return true;
  };
  const root = room(1 << 20) ? encode(selection, bytes, at.selection, at.selectionEnd) : undefined;
  if (root === undefined) {
    release(inst);
    return undefined;
  }
  let released = false;
  let loaded = 0;
  let lineEnd = 0;
  return {
    load(chunk) {
      if (released || chunk.length > MAX_CHUNK || !room(chunk.length)) return false;
      bytes.set(chunk, at.input);
      loaded = chunk.length;
      return true;
    },
    scan(s) {
      const nl = inst.scan(at.input + s, at.input + loaded, root);
      if (nl === 0) return undefined;
      lineEnd = nl - at.input;
      return builder.build(at.tape >> 2, bytes, tape, slots);
    },
    get lineEnd() {
      return lineEnd;
    },
    release() {
      if (released) return;
      released = true;
      release(inst);
    },
  };
}

function release(inst: Instance): void {
  if (spare.length < MAX_SPARE) spare.push(inst);
}

/** Where a node's keys begin (src/inventory/wasm/scan.ts). */
const KEYS = 136;

/**
 * Writes `selection` at bytes [from, to) of `bytes` in the module's layout (src/inventory/wasm/scan.ts):
 * its root's address, or `undefined` when it does not fit.
 */
function encode(selection: ByteNode, bytes: Uint8Array, from: number, to: number): number | undefined {
  const view = new DataView(bytes.buffer);
  let free = from;
  const take = (n: number): number | undefined => {
    const at = (free + 3) & ~3;
    if (at + n > to) return undefined;
    free = at + n;
    return at;
  };
  const node = (n: ByteNode): number | undefined => {
    const at = take(KEYS + 16 * n.keys.length);
    if (at === undefined) return undefined;
    const child = (s: ByteSelection | undefined): number | undefined =>
      s === undefined ? -1 : s === true ? -2 : node(s);
    const any = child(n.any);
    if (any === undefined) return undefined;
    view.setInt32(at, any, true);
    view.setInt32(at + 4, n.keys.length, true);
    for (let b = 0; b < 32; b++) view.setInt32(at + 8 + 4 * b, -1, true);
    for (let j = 0; j < n.names.length; j++) {
      const name = n.names[j]!;
      const sub = child(n.subs[j]);
      const kb = take(name.length);
      if (sub === undefined || kb === undefined) return undefined;
      bytes.set(name, kb);
      const key = at + KEYS + 16 * j;
      const head = at + 8 + 4 * Math.min(name.length, 31);
      view.setInt32(key, name.length, true);
      view.setInt32(key + 4, kb, true);
      view.setInt32(key + 8, sub, true);
      view.setInt32(key + 12, view.getInt32(head, true), true);
      view.setInt32(head, j, true);
    }
    return at;
  };
  return node(selection);
}
