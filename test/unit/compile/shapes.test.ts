import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canGenerateCode, generateSource } from '../../../src/compile/codegen.js';
import { compileNode, setDefaultCodegen, shapeCache, TIER_UP_AFTER } from '../../../src/compile/filter.js';
import { forRecords } from '../../../src/compile/tiered.js';
import { compileFilter, FilterError, parseFilter } from '../../../src/index.js';
import {
  arbFilter,
  arbNumber,
  arbRecordFor,
  arbString,
  arbVersion,
  type FilterJson,
} from '../../support/arbitraries.js';
import { check, titled } from '../../support/property.js';
import { referenceMatch } from '../../support/reference.js';

/** Constants that must stay data: code-like text, keys JavaScript treats specially, escapes. */
const HOSTILE = [
  '__proto__',
  'constructor',
  'toString',
  '"); globalThis.__pwned = 1; ("',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder is the attack being tested.
  '`${globalThis.__pwned = 1}`',
  '\\',
  '\u2028\u2029',
  '',
];

const VALUE_OPERATORS = new Set(['$eq', '$ne', '$gt', '$gte', '$lt', '$lte', '$in', '$nin']);

/**
 * `filter` with its constants replaced, in order, by `strings`, `numbers` and `versions` (cycled):
 * the same paths and operators, other operands. Patterns and booleans are kept (they choose the code).
 */
function substituted(
  filter: FilterJson,
  strings: readonly string[],
  numbers: readonly number[],
  versions: readonly string[],
): FilterJson {
  let s = 0;
  let n = 0;
  let v = 0;
  const scalar = (x: unknown): unknown => {
    if (typeof x === 'string') return strings[s++ % strings.length];
    if (typeof x === 'number') return numbers[n++ % numbers.length];
    return x;
  };
  const visit = (value: unknown, key: string): unknown => {
    if (VALUE_OPERATORS.has(key)) return Array.isArray(value) ? value.map(scalar) : scalar(value);
    if (key.startsWith('$v') && typeof value === 'string') return versions[v++ % versions.length];
    if (Array.isArray(value)) return value.map((x) => visit(x, ''));
    if (value === null || typeof value !== 'object') return value;
    return Object.fromEntries(Object.entries(value).map(([k, x]) => [k, visit(x, k)]));
  };
  return visit(filter, '') as FilterJson;
}

function valid(filter: FilterJson): FilterJson | undefined {
  try {
    parseFilter(filter);
    return filter;
  } catch (error) {
    if (error instanceof FilterError) return undefined;
    throw error;
  }
}

const arbPair = arbFilter.chain((a) =>
  fc
    .tuple(
      fc.array(fc.oneof(fc.constantFrom(...HOSTILE), arbString), { minLength: 1, maxLength: 4 }),
      fc.array(fc.oneof(fc.constantFrom(0, -0, 1e21, -1.5), arbNumber), { minLength: 1, maxLength: 4 }),
      fc.array(arbVersion, { minLength: 1, maxLength: 3 }),
    )
    .chain(([strings, numbers, versions]) => {
      // Where an operand is not allowed at its place (a filter's own error), `a` is its own pair.
      const b = valid(substituted(a, strings, numbers, versions)) ?? a;
      return fc.tuple(
        fc.constant(a),
        fc.constant(b),
        fc.array(fc.oneof(arbRecordFor(a), arbRecordFor(b)), { minLength: 1, maxLength: 16 }),
      );
    }),
);

/** `filter` compiled with the tiered default (closures when its shape is new, generated code if known). */
function tiered(filter: FilterJson): (record: unknown) => boolean {
  setDefaultCodegen('tiered');
  try {
    return compileNode(parseFilter(filter));
  } finally {
    setDefaultCodegen(process.env.SVC_POLICY_TEST_PROJECT === 'codegen');
  }
}

describe('generated code cached by shape', () => {
  it(titled('two filters of one shape with other constants never share answers'), () => {
    check(
      fc.property(arbPair, ([a, b, records]) => {
        const g = globalThis as { __pwned?: number };
        // `a` compiled first puts its shape in the cache; `b` (and `a` again) may then come from it.
        const predicates: Array<[FilterJson, (r: unknown) => boolean]> = [
          [a, compileFilter(a, { codegen: true })],
          [b, tiered(b)],
          [b, compileFilter(b, { codegen: true })],
          [a, tiered(a)],
        ];
        for (const record of records) {
          for (const [filter, predicate] of predicates) {
            if (predicate(record) !== referenceMatch(filter, record)) {
              throw new Error(`disagree on ${JSON.stringify(record)} for ${JSON.stringify(filter)}`);
            }
          }
        }
        expect(g.__pwned).toBeUndefined();
      }),
    );
  });

  it('gives filters that differ only in their constants one source, and their own values', () => {
    const shape = (x: unknown) => generateSource(parseFilter({ a: { $eq: x }, b: { $in: [x, 'z'] } }));
    const first = shape('__proto__');
    for (const x of HOSTILE) {
      const other = shape(x);
      expect(other.source).toBe(first.source);
      expect(other.values).toContain(x);
    }
    expect(shape(-0).source).toBe(shape(12.5).source);
    // An order on a string and on a number are different code (a type test each): two shapes.
    const order = (x: unknown) => generateSource(parseFilter({ a: { $gt: x } })).source;
    expect(order('__proto__')).toBe(order('b'));
    expect(order(1)).not.toBe(order('b'));
  });

  it.skipIf(!canGenerateCode())(
    "tiers a filter of a shape compiled before up to that shape's code, with its own constants",
    () => {
      shapeCache(true);
      // Promoted at once: a batch as long as the count runs generated code (named `predicate`) from its first record.
      const hot = (filter: FilterJson) => forRecords(tiered(filter), TIER_UP_AFTER);
      const protoTiered = tiered({ a: { $eq: '__proto__' } });
      // A filter starts as closures, whatever its shape.
      expect(protoTiered.name).not.toBe('predicate');
      const proto = forRecords(protoTiered, TIER_UP_AFTER);
      expect([proto.name, shapeCache()]).toEqual(['predicate', 1]);
      const generated = compileFilter({ a: { $eq: 'x' } }, { codegen: true });
      const known = hot({ a: { $eq: 'constructor' } });
      // The same shape: its factory reused, none made.
      expect([known.name, shapeCache()]).toEqual(['predicate', 1]);
      const records = [
        JSON.parse('{"a":"__proto__"}') as unknown,
        { a: 'x' },
        { a: 'constructor' },
        JSON.parse('{"__proto__":{"a":"x"}}') as unknown,
        Object.create({ a: 'constructor' }) as unknown,
        {},
      ];
      expect(records.map(proto)).toEqual([true, false, false, false, false, false]);
      expect(records.map(generated)).toEqual([false, true, false, false, false, false]);
      expect(records.map(known)).toEqual([false, false, true, false, false, false]);
      // Numbers: -0 equals 0, as everywhere; NaN is no operand and leaves the cache as it was.
      const zero = compileFilter({ n: { $gte: -0 } }, { codegen: true });
      const five = hot({ n: { $gte: 5 } });
      expect(shapeCache()).toBe(2);
      expect([zero({ n: 0 }), zero({ n: -1 }), five({ n: 0 }), five({ n: 5 })]).toEqual([
        true,
        false,
        false,
        true,
      ]);
      // The same paths and operators on a string: another shape (a type test of its own), not the number's.
      const text = hot({ n: { $gte: 'a' } });
      expect(shapeCache()).toBe(3);
      expect([text({ n: 'b' }), text({ n: 5 })]).toEqual([true, false]);
      const size = shapeCache();
      expect(() => compileFilter({ n: { $gte: Number.NaN } }, { codegen: true })).toThrow(FilterError);
      expect(shapeCache()).toBe(size);
    },
  );

  it.skipIf(!canGenerateCode())('holds a bounded number of shapes, the most recently used', () => {
    shapeCache(true);
    for (let i = 0; i < 300; i++) compileFilter({ [`k${i}`]: { $eq: i } }, { codegen: true });
    expect(shapeCache()).toBe(256);
    shapeCache(true);
  });
});
