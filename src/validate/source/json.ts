import { pointer, showPointer, showText } from '../../errors.js';
import { DEFAULT_LIMITS, type Limits, limitError } from '../../limits.js';
import { SourcePositions } from './positions.js';

/** A problem found while reading the text: its offset and a message. */
export interface SourceProblem {
  readonly code:
    | 'SYNTAX_ERROR'
    | 'DUPLICATE_KEY'
    | 'TOO_DEEP'
    | 'YAML_WARNING'
    | 'MAX_DOCUMENT_VALUES_EXCEEDED';
  readonly severity: 'error' | 'warning';
  readonly offset: number;
  readonly path: string;
  readonly message: string;
}

/** A parsed document: its value (absent after a syntax error), positions and problems. */
export interface ParsedSource {
  readonly value?: unknown;
  readonly positions: SourcePositions;
  readonly problems: readonly SourceProblem[];
}

/** Deepest nesting of arrays and objects read; far beyond any policy, far below the stack limit. */
export const MAX_NESTING = 256;

class SyntaxFailure extends Error {
  constructor(
    readonly offset: number,
    message: string,
    readonly code: 'SYNTAX_ERROR' | 'TOO_DEEP' | 'MAX_DOCUMENT_VALUES_EXCEEDED' = 'SYNTAX_ERROR',
    readonly path = '',
  ) {
    super(message);
  }
}

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
const ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  b: '\b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
};

function show(c: string | undefined): string {
  if (c === undefined) return 'end of the text';
  const code = c.codePointAt(0)!;
  return code < 0x20 || code === 0x7f
    ? `character U+${code.toString(16).toUpperCase().padStart(4, '0')}`
    : `"${c}"`;
}

/**
 * A strict JSON (RFC 8259) reader that records the position of every value and key by JSON pointer, and
 * reports duplicate keys (where `JSON.parse` silently keeps the last).
 */
class Reader {
  i = 0;
  readonly problems: SourceProblem[] = [];
  /** Values and keys read so far, against `limits.maxDocumentValues`. */
  values = 0;

  constructor(
    readonly text: string,
    readonly positions: SourcePositions,
    readonly limits: Limits,
  ) {}

  /** Counts a value or a key read at `offset`; refuses the document past `maxDocumentValues`. */
  count(offset: number, at: string): void {
    if (++this.values <= this.limits.maxDocumentValues) return;
    const error = limitError(
      'maxDocumentValues',
      at,
      `a document of more than ${this.limits.maxDocumentValues} values`,
      this.limits,
    );
    throw new SyntaxFailure(offset, error.message, 'MAX_DOCUMENT_VALUES_EXCEEDED', at);
  }

  fail(message: string, offset = this.i): never {
    throw new SyntaxFailure(offset, message);
  }

  space(): void {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(this.i);
      if (c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09) this.i++;
      else return;
    }
  }

  value(at: string, depth: number, key?: number): unknown {
    this.space();
    const start = this.i;
    this.count(start, at);
    this.positions.set(at, key === undefined ? { value: start } : { value: start, key });
    const c = this.text[start];
    if (c === '{' || c === '[') {
      if (depth >= MAX_NESTING) {
        throw new SyntaxFailure(start, `nesting deeper than ${MAX_NESTING} levels`, 'TOO_DEEP');
      }
      return c === '{' ? this.object(at, depth + 1) : this.array(at, depth + 1);
    }
    if (c === '"') return this.string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) {
      NUMBER.lastIndex = start;
      const m = NUMBER.exec(this.text);
      if (m === null) this.fail(`invalid number`);
      this.i = start + m[0].length;
      return Number(m[0]);
    }
    for (const [word, v] of [
      ['true', true],
      ['false', false],
      ['null', null],
    ] as const) {
      if (this.text.startsWith(word, start)) {
        this.i = start + word.length;
        return v;
      }
    }
    return this.fail(`unexpected ${show(c)}, expected a JSON value`);
  }

  string(): string {
    const t = this.text;
    let i = this.i + 1;
    let out = '';
    let from = i;
    for (;;) {
      const c = t.charCodeAt(i);
      if (Number.isNaN(c)) this.fail('unterminated string', this.i);
      if (c === 0x22) break;
      if (c < 0x20) this.fail(`${show(t[i])} must be escaped in a string`, i);
      if (c === 0x5c) {
        out += t.slice(from, i);
        const e = t[i + 1];
        if (e === 'u') {
          const hex = t.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('invalid \\u escape', i);
          out += String.fromCharCode(Number.parseInt(hex, 16));
          i += 6;
        } else {
          const r = e === undefined ? undefined : ESCAPES[e];
          if (r === undefined) this.fail(`invalid escape "\\${e ?? ''}"`, i);
          out += r;
          i += 2;
        }
        from = i;
        continue;
      }
      i++;
    }
    out += t.slice(from, i);
    this.i = i + 1;
    return out;
  }

  object(at: string, depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    const seen = new Set<string>();
    this.i++;
    this.space();
    if (this.text[this.i] === '}') {
      this.i++;
      return out;
    }
    for (;;) {
      this.space();
      const keyAt = this.i;
      if (this.text[keyAt] !== '"')
        this.fail(`unexpected ${show(this.text[keyAt])}, expected a key in double quotes`);
      const key = this.string();
      this.count(keyAt, pointer(at, key));
      this.space();
      if (this.text[this.i] !== ':')
        this.fail(`unexpected ${show(this.text[this.i])}, expected ":" after the key`);
      this.i++;
      const child = pointer(at, key);
      if (seen.has(key)) {
        this.problems.push({
          code: 'DUPLICATE_KEY',
          severity: 'error',
          offset: keyAt,
          path: child,
          message: `duplicate key "${showText(key)}" at ${showPointer(child)}: JSON parsers silently keep only the last`,
        });
      }
      seen.add(key);
      const value = this.value(child, depth, keyAt);
      // `__proto__` is an ordinary key in JSON: define it, never call the prototype setter.
      if (key === '__proto__') {
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      } else out[key] = value;
      this.space();
      const c = this.text[this.i];
      this.i++;
      if (c === '}') return out;
      if (c !== ',') this.fail(`unexpected ${show(c)}, expected "," or "}"`, this.i - 1);
    }
  }

  array(at: string, depth: number): unknown[] {
    const out: unknown[] = [];
    this.i++;
    this.space();
    if (this.text[this.i] === ']') {
      this.i++;
      return out;
    }
    for (;;) {
      out.push(this.value(pointer(at, out.length), depth));
      this.space();
      const c = this.text[this.i];
      this.i++;
      if (c === ']') return out;
      if (c !== ',') this.fail(`unexpected ${show(c)}, expected "," or "]"`, this.i - 1);
    }
  }
}

/**
 * Reads JSON text, keeping the position of every node, within `limits.maxDocumentValues` (counted as it
 * reads, so the refusal comes before the rest of the text is read). Never throws.
 */
export function parseJsonSource(text: string, limits: Limits = DEFAULT_LIMITS): ParsedSource {
  const positions = new SourcePositions(text);
  const reader = new Reader(text, positions, limits);
  try {
    const value = reader.value('', 0);
    reader.space();
    if (reader.i < text.length) reader.fail(`unexpected ${show(text[reader.i])} after the JSON value`);
    return { value, positions, problems: reader.problems };
  } catch (error) {
    if (!(error instanceof SyntaxFailure)) throw error;
    const problem: SourceProblem = {
      code: error.code,
      severity: 'error',
      offset: error.offset,
      path: error.path,
      message: error.code === 'SYNTAX_ERROR' ? `invalid JSON: ${error.message}` : error.message,
    };
    return { positions, problems: [...reader.problems, problem] };
  }
}

/**
 * What a JSON file must pass before `JSON.parse` reads it (the CLI's policy files): nesting within
 * {@link MAX_NESTING} and, when `limits` are given, values and keys within `maxDocumentValues`. One
 * pass over the text, building nothing and recursing never: a file of 500,000 nested arrays is refused
 * at its 257th, where `JSON.parse` would build them all. Text that is not JSON is left to the parser
 * to report (the scan counts only what it recognises).
 */
export function jsonTextProblem(text: string, limits?: Limits): SourceProblem | undefined {
  const max = limits === undefined ? Number.POSITIVE_INFINITY : limits.maxDocumentValues;
  let depth = 0;
  let values = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const start = i;
    if (c === 0x22 /* " */) {
      // A string (a value or a key): skip to its closing quote, escapes included.
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22) break;
      }
    } else if (c === 0x7b /* { */ || c === 0x5b /* [ */) {
      if (++depth > MAX_NESTING) {
        return {
          code: 'TOO_DEEP',
          severity: 'error',
          offset: start,
          path: '',
          message: `nesting deeper than ${MAX_NESTING} levels`,
        };
      }
    } else if (c === 0x7d /* } */ || c === 0x5d /* ] */) {
      depth--;
      continue;
    } else if (c === 0x2d /* - */ || (c >= 0x30 && c <= 0x39) || c === 0x74 || c === 0x66 || c === 0x6e) {
      // A number, true, false or null: skip the rest of the token.
      while (i + 1 < text.length && /[0-9A-Za-z.+-]/.test(text[i + 1]!)) i++;
    } else continue;
    if (++values > max) {
      const error = limitError('maxDocumentValues', '', `a document of more than ${max} values`, limits!);
      return {
        code: 'MAX_DOCUMENT_VALUES_EXCEEDED',
        severity: 'error',
        offset: start,
        path: '',
        message: error.message,
      };
    }
  }
  return undefined;
}
