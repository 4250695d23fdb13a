import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canGenerateCode, generateSource } from '../../../src/compile/codegen.js';
import { compileFilter, parseFilter } from '../../../src/index.js';
import { arbFilterAndRecords, arbTimeFilterAndRecords } from '../../support/arbitraries.js';
import { UNBOUNDED } from '../../support/limits.js';
import { check, titled } from '../../support/property.js';

const hostile = [
  '"); globalThis.__pwned = 1; ("',
  "'); globalThis.__pwned = 1; ('",
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template placeholder is the attack being tested.
  '`${globalThis.__pwned = 1}`',
  '\\"; globalThis.__pwned = 1; //',
  '\u2028globalThis.__pwned = 1\u2029',
  '*/ globalThis.__pwned = 1 /*',
  '</script>',
];

/**
 * `value` with its objects, at every depth, made into objects that are not plain data, one way per
 * object in turn from `ways` (0 keeps it plain): keys inherited from a prototype, some or all of them,
 * class instances, a `Date` or an array carrying the keys, no prototype at all, a Proxy whose `has`
 * trap throws (generated code tests a key before it reads the prototype, and must not fail the record
 * for it). Only own properties of a non-array, non-`Date` object count (docs/semantics.md), however the
 * keys were found.
 */
function disguised(value: unknown, ways: readonly number[]): unknown {
  let next = 0;
  const visit = (v: unknown): unknown => {
    if (Array.isArray(v)) return v.map(visit);
    if (v === null || typeof v !== 'object') return v;
    const entries = Object.entries(v).map(([k, x]) => [k, visit(x)] as const);
    const half = Object.fromEntries(entries.slice(0, entries.length >> 1));
    const rest = Object.fromEntries(entries.slice(entries.length >> 1));
    const all = Object.fromEntries(entries);
    class Instance {}
    class Accessors {}
    for (const [k, x] of Object.entries(half))
      Object.defineProperty(Accessors.prototype, k, { get: () => x, enumerable: true });
    switch (ways[next++ % ways.length]) {
      case 1:
        return Object.assign(Object.create(half) as object, rest);
      case 2:
        return Object.create(all) as object;
      case 3:
        return Object.assign(new Instance(), all);
      case 4:
        return Object.assign(new Accessors(), rest);
      case 5:
        return Object.assign(Object.create(null) as object, all);
      case 6:
        return Object.assign(new Date(0), all);
      case 7:
        return Object.assign([], all);
      case 8:
        return new Proxy(all, {
          has() {
            throw new Error('has');
          },
        });
      default:
        return all;
    }
  };
  return visit(value);
}

describe('generated code', () => {
  it(titled('agrees with the closure compiler'), () => {
    check(
      fc.property(arbFilterAndRecords, ([filter, records]) => {
        const closures = compileFilter(filter, { codegen: false });
        const generated = compileFilter(filter, { codegen: true });
        for (const record of records) expect(generated(record)).toBe(closures(record));
      }),
    );
  });

  it(titled('agrees with the closure compiler on time comparisons at one asOf'), () => {
    check(
      fc.property(arbTimeFilterAndRecords, ([filter, records, asOf]) => {
        const closures = compileFilter(filter, { codegen: false, asOf });
        const generated = compileFilter(filter, { codegen: true, asOf });
        for (const record of records) expect(generated(record)).toBe(closures(record));
      }),
    );
  });

  it(titled('agrees with the closure compiler on records that are not plain data'), () => {
    check(
      fc.property(
        arbFilterAndRecords,
        fc.array(fc.integer({ min: 0, max: 8 }), { minLength: 1, maxLength: 12 }),
        ([filter, records], ways) => {
          const closures = compileFilter(filter, { codegen: false });
          const generated = compileFilter(filter, { codegen: true });
          for (const record of records) {
            const other = disguised(record, ways);
            expect(generated(other)).toBe(closures(other));
          }
        },
      ),
    );
  });

  it("checks a filter's own properties once all its clauses hold", () => {
    const body = (filter: object) =>
      /return function predicate\(r\)\{return (.*);\};$/.exec(
        generateSource(parseFilter(filter)).source,
      )?.[1];
    // Fields whose missing value answers false leave their check to the end; `$nin` keeps its own.
    expect(body({ a: { $eq: 1 }, b: { $in: [1, 2] }, c: { $nin: [3] } })).toMatch(
      /^c\d+\(r\)&&c\d+\(r\)&&c\d+\(r\)&&o\d+\(r\)&&o\d+\(r\)$/,
    );
    expect(body({ 'a$.__svcArrayAny__$.x': { $eq: 1 } })).toMatch(/^c\d+\(r\)&&o\d+\(r\)$/);
    // The filter of `$elemMatch` checks its fields last too, on the element.
    const inner = { 'a$.__svcArrayAny__': { $elemMatch: { x: { $eq: 1 }, y: { $eq: 2 } } } };
    expect(body(inner)).toMatch(/^c\d+\(r\)&&o\d+\(r\)$/);
    expect(generateSource(parseFilter(inner)).source).toMatch(
      /function m\d+\(r\)\{return c\d+\(r\)&&c\d+\(r\)&&o\d+\(r\)&&o\d+\(r\);\}/,
    );
    const match = compileFilter({ a: { $eq: 1 }, b: { $eq: 2 } }, { codegen: true });
    expect(match({ a: 1, b: 2 })).toBe(true);
    expect(match(Object.assign(Object.create({ a: 1 }) as object, { b: 2 }))).toBe(false);
    expect(match(Object.assign(Object.create({ b: 2 }) as object, { a: 1 }))).toBe(false);
    const elements = compileFilter({ 'a$.__svcArrayAny__$.x': { $eq: 1 }, b: { $eq: 2 } }, { codegen: true });
    expect(elements({ a: [{ y: 0 }, { x: 1 }], b: 2 })).toBe(true);
    expect(elements({ a: [Object.create({ x: 1 }) as object], b: 2 })).toBe(false);
    expect(elements(Object.assign(Object.create({ a: [{ x: 1 }] }) as object, { b: 2 }))).toBe(false);
    const elemMatch = compileFilter(inner, { codegen: true });
    expect(elemMatch({ a: [{ x: 1 }, { x: 1, y: 2 }] })).toBe(true);
    expect(elemMatch({ a: [{ x: 1 }, Object.assign(Object.create({ x: 1 }) as object, { y: 2 })] })).toBe(
      false,
    );
  });

  it('reads a record whose Proxy traps throw on `has` as the closure compiler does, at every level', () => {
    const has = () => {
      throw new Error('has');
    };
    const record = new Proxy(
      { technology: 'postgres', details: new Proxy({ postgres: { since: '2026' } }, { has }) },
      { has },
    );
    const filters = [
      { technology: { $eq: 'postgres' } },
      { technology: { $in: ['mysql', 'postgres'] }, 'details$.postgres$.since': { $gte: '2025' } },
      { 'details$.postgres$.since': { $exists: false } },
    ];
    const answers = filters.map((f) => compileFilter(f, { codegen: true })(record));
    expect(answers).toEqual([true, true, false]);
    expect(answers).toEqual(filters.map((f) => compileFilter(f, { codegen: false })(record)));
  });

  // Generated code only: in the closures project `codegen: true` falls back to the closure compiler,
  // whose key sites read `o.__proto__` (cheaper there, bench/README.md), so a replaced getter can fool it.
  it.skipIf(!canGenerateCode())(
    'reads no `__proto__`: a replaced `__proto__` getter cannot pass a class instance for a plain object',
    () => {
      class Resource {
        get technology() {
          return 'postgres';
        }
      }
      const filters = [{ technology: { $eq: 'postgres' } }, { 'details$.technology': { $eq: 'postgres' } }];
      const predicates = filters.map((f) => compileFilter(f, { codegen: true }));
      const records = [new Resource(), { details: new Resource() }];
      const descriptor = Object.getOwnPropertyDescriptor(Object.prototype, '__proto__')!;
      Object.defineProperty(Object.prototype, '__proto__', { ...descriptor, get: () => Object.prototype });
      let answers: boolean[];
      try {
        answers = predicates.map((p, i) => p(records[i]));
      } finally {
        Object.defineProperty(Object.prototype, '__proto__', descriptor);
      }
      expect(answers).toEqual([false, false]);
      // The same predicates on the same values as plain objects: the answers above are the prototype's.
      expect([
        predicates[0]!({ technology: 'postgres' }),
        predicates[1]!({ details: { technology: 'postgres' } }),
      ]).toEqual([true, true]);
    },
  );

  it('carries hostile keys and values as data, never as code', () => {
    const g = globalThis as { __pwned?: number };
    for (const text of hostile) {
      const filter = {
        [text]: { $eq: text },
        [`a$.${text}`]: { $in: [text, 'x'] },
        [`b$.__svcArrayAny__$.${text}`]: { $like: `${text}*` },
        c: { $gt: text, $nin: [text] },
      };
      const { source } = generateSource(parseFilter(filter));
      // Every occurrence of the text is inside a JSON string literal.
      expect(source).not.toContain(`${text}(`);
      const predicate = compileFilter(filter, { codegen: true });
      const record = { [text]: text, a: { [text]: text }, b: [{ [text]: `${text}!` }], c: `${text}z` };
      expect(predicate(record)).toBe(true);
      expect(predicate({ ...record, c: text })).toBe(false);
      expect(g.__pwned).toBeUndefined();
    }
  });

  it('passes large $in lists and $like matchers as values, not source', () => {
    const values = Array.from({ length: 1000 }, (_, i) => `value-${i}`);
    const { source, values: passed } = generateSource(
      parseFilter({ a: { $in: values }, b: { $like: '*x*y*' } }, { limits: UNBOUNDED }),
    );
    expect(source).not.toContain('value-999');
    expect(source.length).toBeLessThan(2000);
    expect(passed.some((v) => v instanceof Set)).toBe(true);
  });

  it('compiles filters nested as deep as maxDepth allows (1,000) without overflowing the parser', () => {
    // `wrap` adds `levels` levels of nesting; the result is 999 or 1,000 levels deep.
    const build = (levels: number, wrap: (inner: object) => object) => {
      let filter: object = { a: { $eq: 1 } };
      for (let depth = 1; depth + levels <= 1000; depth += levels) filter = wrap(filter);
      return filter;
    };
    const filters = [
      build(1, (inner) => ({ $and: [inner] })),
      build(1, (inner) => ({ $or: [inner] })),
      build(2, (inner) => ({ $and: [{ b: { $exists: false } }, { $or: [inner] }] })),
      build(2, (inner) => ({ $not: { $not: inner } })),
    ];
    for (const filter of filters) {
      const closures = compileFilter(filter, { maxDepth: 1000, limits: UNBOUNDED, codegen: false });
      const generated = compileFilter(filter, { maxDepth: 1000, limits: UNBOUNDED, codegen: true });
      for (const record of [{ a: 1 }, { a: 2 }, {}, { a: 1, b: 0 }]) {
        expect(generated(record)).toBe(closures(record));
      }
    }
    expect(compileFilter(filters[0]!, { maxDepth: 1000, limits: UNBOUNDED, codegen: true })({ a: 1 })).toBe(
      true,
    );
  });
});
