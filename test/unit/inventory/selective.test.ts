import fc from 'fast-check';
import { beforeEach, describe, expect, it } from 'vitest';
import { canGenerateCode } from '../../../src/compile/codegen.js';
import { scanRecord } from '../../../src/inventory/scan.js';
import { wasmScanner } from '../../../src/inventory/scan-wasm.js';
import {
  type ByteNode,
  byteSelection,
  type Selection,
  selectionOf,
} from '../../../src/inventory/selective.js';
import { expectGeneratedUpToDate } from '../../support/generated.js';
import { check, titled } from '../../support/property.js';
import { canon, project } from '../../support/selection.js';

type Sel = Exclude<Selection, true>;

/** The full parse's answer for a line: an object record, or not one. */
function full(line: string): { ok: true; value: Record<string, unknown> } | { ok: false } {
  try {
    const value: unknown = JSON.parse(line);
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? { ok: true, value: value as Record<string, unknown> }
      : { ok: false };
  } catch {
    return { ok: false };
  }
}

const encoder = new TextEncoder();
// What the readers decode a line with (a U+FEFF inside a line is a character of it).
const decoder = new TextDecoder('utf-8', { ignoreBOM: true });

/** The WebAssembly scanner's answer alone: `undefined` for a line it leaves to scan.ts. */
function wasmRecord(
  bytes: Uint8Array,
  selection: Sel,
  generate?: boolean,
): Record<string, unknown> | undefined {
  const scanner = wasmScanner(byteSelection(selection) as ByteNode, generate);
  if (scanner === undefined) throw new Error('WebAssembly did not start');
  try {
    // As the reader gives it a line: in a chunk, ended by a line feed (the line holds none).
    const chunk = new Uint8Array([...bytes, 0x0a]);
    if (!scanner.load(chunk)) return undefined;
    const record = scanner.scan(0);
    return record !== undefined && scanner.lineEnd === bytes.length ? record : undefined;
  } finally {
    scanner.release();
  }
}

/**
 * Which scanner the suite below runs: scan.ts alone, or WebAssembly first as the reader runs them, its
 * records built as by default (generated code where allowed) or by closures, the default where code
 * generation is refused (so that variant runs only where it is not the default already).
 */
type Scanner = 'JavaScript' | 'WebAssembly' | 'WebAssembly without generated code';
const SCANNERS: Scanner[] = [
  'JavaScript',
  'WebAssembly',
  ...(canGenerateCode() ? (['WebAssembly without generated code'] as const) : []),
];
let scanner: Scanner = 'JavaScript';

/** The scanner's answer for a line's UTF-8 bytes. */
function parseSelected(line: string | Uint8Array, selection: Sel) {
  const bytes = typeof line === 'string' ? encoder.encode(line) : line;
  const value =
    (scanner === 'JavaScript'
      ? undefined
      : wasmRecord(bytes, selection, scanner === 'WebAssembly' ? undefined : false)) ??
    scanRecord(bytes, 0, bytes.length, byteSelection(selection) as never);
  return value === undefined ? { ok: false } : { ok: true, value };
}

/** The scanner agrees with JSON.parse of the text the readers decode from the line's bytes. */
function agree(line: string | Uint8Array, selection: Sel): void {
  const bytes = typeof line === 'string' ? encoder.encode(line) : line;
  const expected = full(decoder.decode(bytes));
  const got = parseSelected(bytes, selection);
  if (got.ok !== expected.ok) {
    throw new Error(
      `${JSON.stringify(line)}: selective ${got.ok ? 'accepts' : 'rejects'}, JSON.parse ${expected.ok ? 'accepts' : 'rejects'}`,
    );
  }
  if (got.ok && expected.ok) {
    expect(canon(got.value)).toBe(canon(project(expected.value, selection)));
  }
}

const KEYS = [
  'id',
  'kind',
  'details',
  'postgres',
  'a',
  'b',
  '__proto__',
  'é\u2028',
  '"q"',
  '\\',
  '__svcArrayAny__',
];
const arbKey = fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 4 }));
const arbPath = fc.array(fc.oneof(arbKey, fc.constant('__svcArrayAny__')), { minLength: 1, maxLength: 4 });
const arbSelection = fc.array(arbPath, { maxLength: 5 }).map((paths) => selectionOf(paths) as Sel);
const arbValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(
      null,
      true,
      false,
      0,
      -0,
      1e21,
      1e-7,
      -1.5,
      2 ** 53,
      'x',
      '',
      '\u2028',
      '\ud800',
      '\\"\n\t\u0001',
    ),
    fc.double(),
    fc.string({ unit: 'binary' }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(arbKey, tie('value'), { maxKeys: 5 }),
  ),
})).value;
const arbRecord = fc.dictionary(arbKey, arbValue, { maxKeys: 6 });
const arbSpace = fc.constantFrom(undefined, 1, '\t', '\r\n ');

/** A JSON text with one edit: a character inserted, deleted or replaced, from JSON's own alphabet mostly. */
const arbEdited = fc
  .tuple(
    arbRecord,
    arbSpace,
    fc.nat(),
    fc.nat(2),
    fc.constantFrom(...'{}[]",:\\ 0123456789-+.eEtrufalsn\u0000\u001f\ufeff\u00a0x'),
  )
  .map(([record, space, at, op, ch]) => {
    const text = JSON.stringify(record, null, space);
    const i = text.length === 0 ? 0 : at % text.length;
    if (op === 0) return text.slice(0, i) + ch + text.slice(i);
    if (op === 1) return text.slice(0, i) + text.slice(i + 1);
    return text.slice(0, i) + ch + text.slice(i + 1);
  });

describe.each(SCANNERS)('the selective NDJSON scanner in %s', (kind) => {
  beforeEach(() => {
    scanner = kind;
  });

  it(titled('decodes what the full parse decodes, cut to the selection, on valid records'), () => {
    check(
      fc.property(arbRecord, arbSpace, arbSelection, (record, space, selection) => {
        agree(JSON.stringify(record, null, space), selection);
      }),
    );
  });

  it(titled('accepts exactly the lines JSON.parse accepts as an object, on edited and random lines'), () => {
    check(
      fc.property(
        fc.oneof(
          arbEdited,
          fc.string({ unit: 'binary', maxLength: 30 }),
          // Raw bytes: invalid UTF-8 too, inside strings and out.
          fc.uint8Array({ maxLength: 30 }),
          fc
            .tuple(arbRecord, fc.uint8Array({ minLength: 1, maxLength: 3 }), fc.nat())
            .map(([record, noise, at]) => {
              const text = encoder.encode(JSON.stringify(record));
              const i = at % (text.length + 1);
              return new Uint8Array([...text.subarray(0, i), ...noise, ...text.subarray(i)]);
            }),
        ),
        arbSelection,
        (line, selection) => {
          agree(line, selection);
        },
      ),
    );
  });

  it.each([
    ['duplicate keys: the last wins', '{"a":1,"a":{"b":2},"a":3}'],
    ['__proto__ is an own key', '{"__proto__":{"b":1},"a":{"__proto__":2}}'],
    ['escaped keys and values', '{"\\u0061":"\\u00e9\\n","b":"\\ud800"}'],
    ['raw lone surrogates (bytes decode them to U+FFFD)', '{"a":"\ud800x\udc00","z":"\udc00"}'],
    ['a byte order mark inside a value', '{"a":"\ufeffx","b":{"\ufeff":1}}'],
    ['a line separator in a key', '{"é\u2028":1,"a":"é"}'],
    ['numbers at the edges', '{"a":1e400,"b":-0,"c":-1e-400,"d":123456789012345678901234567890,"e":0.1e1}'],
    ['white space of JSON around everything', ' \t{ "a" :\r\n[ 1 , { "b" : 2 } ] }\r'],
    ['a byte order mark', '\ufeff{"a":1}'],
    ['no-break space', '{"a":1}\u00a0'],
    ['a raw tab in a string', '{"a":"x\ty"}'],
    ['a raw tab in a skipped string', '{"z":"x\ty","a":1}'],
    ['bad escapes', '{"z":"\\x","a":1}'],
    ['a short \\u escape', '{"z":"\\u12","a":1}'],
    ['leading zeros', '{"z":01,"a":1}'],
    ['a dot without digits', '{"z":1.,"a":1}'],
    ['a plus sign', '{"z":+1,"a":1}'],
    ['an exponent without digits', '{"z":1e,"a":1}'],
    ['a trailing comma', '{"z":[1,],"a":1}'],
    ['a trailing comma in an object', '{"a":1,}'],
    ['mismatched brackets', '{"z":[1},"a":1}'],
    ['text after the record', '{"a":1} x'],
    ['two records on a line', '{"a":1}{"a":2}'],
    ['a string, not a record', '"a string"'],
    ['an array, not a record', '[{"a":1}]'],
    ['null', 'null'],
    ['an empty line', ''],
    ['truncated', '{"a":{"b":[1,2'],
    ['NaN', '{"z":NaN,"a":1}'],
    ['misspelt literals, skipped', '{"z":[trux,fals],"a":1}'],
    ['misspelt literals, read', '{"a":nul}'],
    ['a literal cut short', '{"a":tru}'],
    ['a literal of the right length, misspelt', '{"a":trux,"z":[nulx]}'],
    ['single quotes', "{'a':1}"],
  ])('agrees with JSON.parse: %s', (_, line) => {
    for (const selection of [
      selectionOf([['a']]),
      selectionOf([['a', 'b']]),
      selectionOf([['a', '__svcArrayAny__', 'b']]),
      selectionOf([['z'], ['__proto__', 'b'], ['b']]),
      selectionOf([]),
    ])
      agree(line, selection as Sel);
  });

  it('reads short values through its cache of strings exactly, whatever collides or is evicted', () => {
    // More distinct values than the cache has slots, of every cached length and one more, differing in
    // one byte (the last, the first) or in length only; read twice in two orders, so later reads find
    // slots filled, or refilled, by other values.
    const values: string[] = [];
    for (let n = 0; n <= 25; n++) {
      for (let k = 0; k < 60; k++) {
        const base = `${k}`.padStart(Math.min(n, 3), 'x').padEnd(n, 'y').slice(0, n);
        values.push(base, `${base.slice(0, -1)}z`, `q${base.slice(1)}`);
      }
    }
    const lines = values.map((v, i) =>
      JSON.stringify({ a: v, b: { c: values[(i * 7919) % values.length] } }),
    );
    const selection = selectionOf([['a'], ['b', 'c']]) as Sel;
    const wrong: string[] = [];
    for (const order of [lines, [...lines].reverse(), lines]) {
      for (const line of order) {
        const got = parseSelected(line, selection);
        if (!got.ok || canon(got.value) !== canon(JSON.parse(line))) wrong.push(line);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('skips values nested deeper than any recursion could go', () => {
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    expect(parseSelected(`{"z":${deep},"a":1}`, selectionOf([['a']]) as Sel)).toEqual({
      ok: true,
      value: { a: 1 },
    });
    expect(parseSelected(`{"z":${deep.slice(1)},"a":1}`, selectionOf([['a']]) as Sel)).toEqual({ ok: false });
  });

  it('builds a selection where a whole value covers the paths below it', () => {
    const selection = selectionOf([
      ['details', 'postgres', 'x'],
      ['details'],
      ['nodes', '__svcArrayAny__', 'v'],
    ]) as Sel;
    expect(selection.keys.get('details')).toBe(true);
    const nodes = selection.keys.get('nodes');
    expect(nodes !== true && nodes?.any).toEqual({ keys: new Map([['v', true]]) });
  });
});

/** Objects as JSON.parse makes them (prototype Object.prototype) and arrays without holes, all the way down. */
function expectPlain(v: unknown): void {
  if (Array.isArray(v)) {
    for (let i = 0; i < v.length; i++) {
      expect(i in v).toBe(true);
      expectPlain(v[i]);
    }
  } else if (typeof v === 'object' && v !== null) {
    expect(Object.getPrototypeOf(v)).toBe(Object.prototype);
    for (const x of Object.values(v)) expectPlain(x);
  }
}

describe('the selective NDJSON scanner in WebAssembly, alone', () => {
  const arbPlainKey = fc.oneof(
    fc.constantFrom('id', 'kind', 'details', 'a', 'b', '__proto__', '__svcArrayAny__'),
    fc.string({ unit: fc.constantFrom(...'abz_-'), maxLength: 12 }),
  );
  const arbPlainValue = fc.letrec<{ value: unknown }>((tie) => ({
    value: fc.oneof(
      { depthSize: 'small' },
      arbValue.filter((v) => v === null || typeof v !== 'object'),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(arbPlainKey, tie('value'), { maxKeys: 5 }),
    ),
  })).value;
  const arbPlainPath = fc.array(fc.oneof(arbPlainKey, fc.constant('__svcArrayAny__')), {
    minLength: 1,
    maxLength: 4,
  });

  it(titled('takes on every valid record whose keys need no decoding, with the full parse’s values'), () => {
    check(
      fc.property(
        fc.dictionary(arbPlainKey, arbPlainValue, { maxKeys: 6 }),
        arbSpace,
        fc.array(arbPlainPath, { maxLength: 5 }),
        (record, space, paths) => {
          // A line holds no line feed: the indentation's become carriage returns (a string's are escaped).
          const line = JSON.stringify(record, null, space).replaceAll('\n', '\r');
          const selection = selectionOf(paths) as Sel;
          const got = wasmRecord(encoder.encode(line), selection);
          expect(got).toBeDefined();
          expect(canon(got)).toBe(canon(project(JSON.parse(line), selection)));
          expectPlain(got);
        },
      ),
    );
  });

  it('leaves to scan.ts a line whose selected values overflow its tape, and one nested past its stack', () => {
    const many = `{"a":[${'1,'.repeat(100_000)}2]}`;
    const selection = selectionOf([['a', '__svcArrayAny__']]) as Sel;
    expect(wasmRecord(encoder.encode(many), selection)).toBeUndefined();
    expect(wasmRecord(encoder.encode('{"a":[1,2]}'), selection)).toEqual({ a: [1, 2] });
    scanner = 'WebAssembly';
    expect(parseSelected(many, selection)).toEqual({ ok: true, value: JSON.parse(many) });
    const deep = `{"z":${'['.repeat(5000)}${']'.repeat(5000)},"a":1}`;
    expect(wasmRecord(encoder.encode(deep), selectionOf([['a']]) as Sel)).toBeUndefined();
    expect(parseSelected(deep, selectionOf([['a']]) as Sel)).toEqual({ ok: true, value: { a: 1 } });
  });

  it('forgets the strings it cached from a line it then declined (their values were never built)', () => {
    const selection = selectionOf([['a'], ['b']]) as Sel;
    for (const bad of ['{"a":"x","b":"y",', '{"a":"x","b":"y"} x', '{"a":"x","b":"y","\\u0062":1}']) {
      expect(wasmRecord(encoder.encode(bad), selection)).toBeUndefined();
      expect(wasmRecord(encoder.encode('{"b":"y","a":"x"}'), selection)).toEqual({ a: 'x', b: 'y' });
    }
  });

  it('grows its memory for a chunk larger than it holds, and reads the chunks after it', () => {
    const scannerFor = wasmScanner(byteSelection(selectionOf([['a']])) as ByteNode)!;
    try {
      for (const size of [10, 3 << 20, 100]) {
        const line = encoder.encode(JSON.stringify({ z: 'x'.repeat(size), a: size }));
        expect(scannerFor.load(new Uint8Array([...line, 0x0a]))).toBe(true);
        expect(scannerFor.scan(0)).toEqual({ a: size });
        expect(scannerFor.lineEnd).toBe(line.length);
      }
    } finally {
      scannerFor.release();
    }
  });

  it('declines a chunk its memory cannot grow to hold (scan.ts reads it), and takes the next that fits', () => {
    const scannerFor = wasmScanner(byteSelection(selectionOf([['a']])) as ByteNode)!;
    const grow = Object.getOwnPropertyDescriptor(WebAssembly.Memory.prototype, 'grow')!;
    // As V8 fails a grow it cannot back with memory.
    WebAssembly.Memory.prototype.grow = () => {
      throw new RangeError('WebAssembly.Memory.grow(): Maximum memory size exceeded');
    };
    try {
      const line = (size: number) => encoder.encode(`${JSON.stringify({ z: 'x'.repeat(size), a: size })}\n`);
      expect(scannerFor.load(line(32 << 20))).toBe(false);
      expect(scannerFor.load(line(100))).toBe(true);
      expect(scannerFor.scan(0)).toEqual({ a: 100 });
    } finally {
      Object.defineProperty(WebAssembly.Memory.prototype, 'grow', grow);
      scannerFor.release();
    }
  });

  it('reads, with two scanners of one selection used in turn, each its own chunk and cached strings', () => {
    // Readers of one selection share its builder (tape.ts): each call must read its caller's memory.
    const selection = byteSelection(selectionOf([['a'], ['b', '__svcArrayAny__', 'c']])) as ByteNode;
    const scanners = [wasmScanner(selection)!, wasmScanner(selection)!];
    try {
      const records = (k: number) =>
        Array.from({ length: 6 }, (_, i) => ({
          a: `s${k}-${i % 2}`,
          b: [{ c: k * 10 + i }, { c: 'x'.repeat(k + 1) }],
        }));
      const lines = [0, 1].map((k) => records(k).map((r) => JSON.stringify(r)));
      scanners.forEach((s, k) => {
        expect(s.load(encoder.encode(`${lines[k]!.join('\n')}\n`))).toBe(true);
      });
      const at = [0, 0];
      for (let i = 0; i < 6; i++) {
        for (const k of [0, 1]) {
          const s = scanners[k]!;
          expect(s.scan(at[k]!)).toEqual(records(k)[i]);
          at[k] = s.lineEnd + 1;
        }
      }
    } finally {
      for (const s of scanners) s.release();
    }
  });

  it('is the module its AssemblyScript source compiles to', () => {
    expectGeneratedUpToDate('generate-scan-wasm.ts');
  });
});
