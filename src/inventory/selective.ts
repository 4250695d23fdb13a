import { defineProperty } from '../builtins.js';

/**
 * Which parts of a record to decode: `true` decodes the whole value; a selection decodes, of an object,
 * only the keys it names, and of an array, each element under `any` (the `__svcArrayAny__` segment of a
 * path) or none. Built from the paths a run reads ({@link selectionOf}).
 */
export type Selection = true | { readonly keys: ReadonlyMap<string, Selection>; readonly any?: Selection };

const ANY = '__svcArrayAny__';

/** The selection that decodes every one of `paths` (segments of field paths) and nothing else. */
export function selectionOf(paths: Iterable<readonly string[]>): Selection {
  interface Node {
    whole: boolean;
    keys: Map<string, Node>;
    any: Node | undefined;
  }
  const node = (): Node => ({ whole: false, keys: new Map(), any: undefined });
  const root = node();
  for (const path of paths) {
    let at = root;
    for (const segment of path) {
      if (at.whole) break;
      if (segment === ANY) at = at.any ??= node();
      else {
        let next = at.keys.get(segment);
        if (next === undefined) {
          next = node();
          at.keys.set(segment, next);
        }
        at = next;
      }
    }
    at.whole = true;
  }
  const freezeNode = (n: Node): Selection => {
    if (n.whole) return true;
    const keys = new Map([...n.keys].map(([k, v]) => [k, freezeNode(v)]));
    return n.any === undefined ? { keys } : { keys, any: freezeNode(n.any) };
  };
  // The record itself is always an object whose selected keys are read, never a leaf.
  const top = freezeNode(root);
  return top === true ? { keys: new Map() } : top;
}

/**
 * The outcome of {@link parseSelected}: the record with only the selected parts decoded, or `undefined`
 * where the text is not one JSON object, as `JSON.parse` would refuse it or read it as something else.
 */
type Parsed = { readonly ok: true; readonly value: Record<string, unknown> } | { readonly ok: false };

/** JSON whitespace: space, tab, line feed, carriage return (and nothing else: not U+FEFF, not U+00A0). */
function isWs(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

/** The index after the run of digits starting at `i`. */
function digits(s: string, i: number): number {
  while (isDigit(s.charCodeAt(i))) i++;
  return i;
}

function isHex(c: number): boolean {
  return (c >= 0x30 && c <= 0x39) || ((c | 0x20) >= 0x61 && (c | 0x20) <= 0x66);
}

/**
 * A scanner over one line: `pos` moves as values are read; `-1` marks text that is not JSON. Every
 * method either consumes one grammatical unit or sets `pos` to -1.
 */
class Scanner {
  pos = 0;
  /** Whether the last string scanned held an escape (then its value comes from `JSON.parse`). */
  escaped = false;

  constructor(readonly s: string) {}

  ws(): void {
    const s = this.s;
    let i = this.pos;
    while (isWs(s.charCodeAt(i))) i++;
    this.pos = i;
  }

  /** A string starting at `pos` (a `"`): its end, just after the closing quote. */
  string(): void {
    const s = this.s;
    let i = this.pos + 1;
    let escaped = false;
    for (;;) {
      const c = s.charCodeAt(i);
      if (c === 0x22) {
        this.pos = i + 1;
        this.escaped = escaped;
        return;
      }
      if (c === 0x5c) {
        escaped = true;
        const e = s.charCodeAt(i + 1);
        if (e === 0x75) {
          if (
            !(
              isHex(s.charCodeAt(i + 2)) &&
              isHex(s.charCodeAt(i + 3)) &&
              isHex(s.charCodeAt(i + 4)) &&
              isHex(s.charCodeAt(i + 5))
            )
          ) {
            this.pos = -1;
            return;
          }
          i += 6;
          continue;
        }
        // " \ / b f n r t
        if (
          e === 0x22 ||
          e === 0x5c ||
          e === 0x2f ||
          e === 0x62 ||
          e === 0x66 ||
          e === 0x6e ||
          e === 0x72 ||
          e === 0x74
        ) {
          i += 2;
          continue;
        }
        this.pos = -1;
        return;
      }
      // A raw control character, or the end of the text (NaN).
      if (!(c >= 0x20)) {
        this.pos = -1;
        return;
      }
      i++;
    }
  }

  /** A number in JSON's grammar: -?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)? */
  number(): void {
    const s = this.s;
    let i = this.pos;
    if (s.charCodeAt(i) === 0x2d) i++;
    const c = s.charCodeAt(i);
    if (c === 0x30) i++;
    else if (c >= 0x31 && c <= 0x39) i = digits(s, i + 1);
    else {
      this.fail();
      return;
    }
    if (s.charCodeAt(i) === 0x2e) {
      if (!isDigit(s.charCodeAt(i + 1))) {
        this.fail();
        return;
      }
      i = digits(s, i + 2);
    }
    const e = s.charCodeAt(i);
    if (e === 0x65 || e === 0x45) {
      i++;
      const sign = s.charCodeAt(i);
      if (sign === 0x2b || sign === 0x2d) i++;
      if (!isDigit(s.charCodeAt(i))) {
        this.fail();
        return;
      }
      i = digits(s, i + 1);
    }
    this.pos = i;
  }

  fail(): void {
    this.pos = -1;
  }

  literal(word: string): void {
    if (this.s.startsWith(word, this.pos)) this.pos += word.length;
    else this.pos = -1;
  }

  /** Skips one value of any depth without building it (iteratively: no depth limit, no stack overflow). */
  skip(): void {
    const s = this.s;
    // Open containers: 1 an object, 2 an array; `expectValue` after `[`, `,` in an array, `:`.
    const open: number[] = [];
    for (;;) {
      this.ws();
      const c = s.charCodeAt(this.pos);
      // A value.
      if (c === 0x7b) {
        this.pos++;
        this.ws();
        if (s.charCodeAt(this.pos) === 0x7d) this.pos++;
        else {
          open.push(1);
          if (!this.key()) return;
          continue;
        }
      } else if (c === 0x5b) {
        this.pos++;
        this.ws();
        if (s.charCodeAt(this.pos) === 0x5d) this.pos++;
        else {
          open.push(2);
          continue;
        }
      } else if (!this.scalar(c)) return;
      // After a value: close containers, or go on to the next member or element.
      for (;;) {
        if (open.length === 0) return;
        this.ws();
        const d = s.charCodeAt(this.pos);
        const top = open[open.length - 1];
        if (d === 0x2c) {
          this.pos++;
          if (top === 1) {
            this.ws();
            if (!this.key()) return;
          }
          break;
        }
        if ((top === 1 && d === 0x7d) || (top === 2 && d === 0x5d)) {
          this.pos++;
          open.pop();
          continue;
        }
        this.pos = -1;
        return;
      }
    }
  }

  /** `"name" :` at `pos`; false (and `pos` -1) if not. */
  private key(): boolean {
    if (this.s.charCodeAt(this.pos) !== 0x22) {
      this.pos = -1;
      return false;
    }
    this.string();
    if (this.pos < 0) return false;
    this.ws();
    if (this.s.charCodeAt(this.pos) !== 0x3a) {
      this.pos = -1;
      return false;
    }
    this.pos++;
    return true;
  }

  /** A string, number or literal starting with `c`; false (and `pos` -1) if `c` starts none. */
  private scalar(c: number): boolean {
    if (c === 0x22) this.string();
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) this.number();
    else if (c === 0x74) this.literal('true');
    else if (c === 0x66) this.literal('false');
    else if (c === 0x6e) this.literal('null');
    else this.pos = -1;
    return this.pos >= 0;
  }

  /** One value at `pos` (after white space), decoded as `selection` says; `undefined` with `pos` -1 if not JSON. */
  value(selection: Selection): unknown {
    this.ws();
    const s = this.s;
    const start = this.pos;
    const c = s.charCodeAt(start);
    if (selection === true || !(c === 0x7b || c === 0x5b)) {
      if (c === 0x22) {
        this.string();
        if (this.pos < 0) return undefined;
        return this.escaped ? JSON.parse(s.slice(start, this.pos)) : s.slice(start + 1, this.pos - 1);
      }
      if (c === 0x2d || (c >= 0x30 && c <= 0x39)) {
        this.number();
        // JSON's number grammar is a subset of Number's, which reads it to the same double.
        return this.pos < 0 ? undefined : Number(s.slice(start, this.pos));
      }
      if (c === 0x74 || c === 0x66 || c === 0x6e) {
        const word = c === 0x74 ? 'true' : c === 0x66 ? 'false' : 'null';
        this.literal(word);
        return c === 0x74 ? true : c === 0x66 ? false : null;
      }
      this.skip();
      return this.pos < 0 ? undefined : JSON.parse(s.slice(start, this.pos));
    }
    return c === 0x7b ? this.object(selection) : this.array(selection);
  }

  private object(selection: Exclude<Selection, true>): Record<string, unknown> | undefined {
    const s = this.s;
    const out: Record<string, unknown> = {};
    this.pos++;
    this.ws();
    if (s.charCodeAt(this.pos) === 0x7d) {
      this.pos++;
      return out;
    }
    for (;;) {
      this.ws();
      const keyStart = this.pos;
      if (s.charCodeAt(keyStart) !== 0x22) {
        this.pos = -1;
        return undefined;
      }
      this.string();
      if (this.pos < 0) return undefined;
      const name: string = this.escaped
        ? JSON.parse(s.slice(keyStart, this.pos))
        : s.slice(keyStart + 1, this.pos - 1);
      this.ws();
      if (s.charCodeAt(this.pos) !== 0x3a) {
        this.pos = -1;
        return undefined;
      }
      this.pos++;
      const sub = selection.keys.get(name);
      if (sub === undefined) {
        this.skip();
        if (this.pos < 0) return undefined;
      } else {
        const v = this.value(sub);
        if (this.pos < 0) return undefined;
        // As JSON.parse: an own data property even for `__proto__`, and the last of two members wins.
        if (name === '__proto__')
          defineProperty(out, name, { value: v, writable: true, enumerable: true, configurable: true });
        else out[name] = v;
      }
      this.ws();
      const d = s.charCodeAt(this.pos);
      this.pos++;
      if (d === 0x7d) return out;
      if (d !== 0x2c) {
        this.pos = -1;
        return undefined;
      }
    }
  }

  private array(selection: Exclude<Selection, true>): unknown[] | undefined {
    const s = this.s;
    const out: unknown[] = [];
    this.pos++;
    this.ws();
    if (s.charCodeAt(this.pos) === 0x5d) {
      this.pos++;
      return out;
    }
    const each = selection.any;
    for (;;) {
      if (each === undefined) this.skip();
      else out.push(this.value(each));
      if (this.pos < 0) return undefined;
      this.ws();
      const d = s.charCodeAt(this.pos);
      this.pos++;
      if (d === 0x5d) return out;
      if (d !== 0x2c) {
        this.pos = -1;
        return undefined;
      }
    }
  }
}

/**
 * Reads one line of NDJSON as a record, decoding only what `selection` names and skipping the rest
 * without building it, yet accepting exactly the lines `JSON.parse` accepts as an object. `{ ok: false }`
 * for any other line: the caller then runs `JSON.parse(line)` for the error (or the non-object value) a
 * full parse gives, so the line is treated exactly as before.
 */
export function parseSelected(line: string, selection: Exclude<Selection, true>): Parsed {
  const scanner = new Scanner(line);
  scanner.ws();
  if (line.charCodeAt(scanner.pos) === 0x7b) {
    const value = scanner.value(selection);
    if (scanner.pos >= 0) {
      scanner.ws();
      if (scanner.pos === line.length) return { ok: true, value: value as Record<string, unknown> };
    }
  }
  return { ok: false };
}
