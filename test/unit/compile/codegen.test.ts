import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateSource } from '../../../src/compile/codegen.js';
import { compileFilter, parseFilter } from '../../../src/index.js';
import { arbFilterAndRecords } from '../../support/arbitraries.js';
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
