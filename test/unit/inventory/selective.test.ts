import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSelected, type Selection, selectionOf } from '../../../src/inventory/selective.js';
import { check, titled } from '../../support/property.js';

type Sel = Exclude<Selection, true>;

/** What the full parse gives, cut down to `selection`: the reference the selective reader must equal. */
function project(value: unknown, selection: Selection): unknown {
  if (selection === true) return value;
  if (Array.isArray(value))
    return selection.any === undefined ? [] : value.map((e) => project(e, selection.any!));
  if (typeof value !== 'object' || value === null) return value;
  const out: Record<string, unknown> = {};
  for (const [k, sub] of selection.keys) {
    if (Object.hasOwn(value, k)) {
      Object.defineProperty(out, k, {
        value: project((value as Record<string, unknown>)[k], sub),
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
  }
  return out;
}

/** A canonical text: own keys sorted, -0 told apart, prototypes named. */
function canon(v: unknown): string {
  if (Object.is(v, -0)) return '-0';
  if (Array.isArray(v)) return `[${v.map(canon).join(',')}]`;
  if (typeof v === 'object' && v !== null) {
    const proto = Object.getPrototypeOf(v) === Object.prototype ? '' : '!proto';
    const keys = Object.keys(v).sort();
    return `${proto}{${keys.map((k) => `${JSON.stringify(k)}:${canon((v as Record<string, unknown>)[k])}`).join(',')}}`;
  }
  return JSON.stringify(v) ?? String(v);
}

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

function agree(line: string, selection: Sel): void {
  const expected = full(line);
  const got = parseSelected(line, selection);
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

describe('the selective NDJSON reader', () => {
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
        fc.oneof(arbEdited, fc.string({ unit: 'binary', maxLength: 30 })),
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
    ['raw lone surrogates', '{"a":"\ud800x\udc00"}'],
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
