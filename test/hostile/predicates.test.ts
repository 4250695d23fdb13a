import { describe, expect, it } from 'vitest';
import { canGenerateCode } from '../../src/compile/codegen.js';
import { compileFilter, parsePath, resolvePath } from '../../src/index.js';
import { UNBOUNDED } from '../support/limits.js';
import { guardPrototypes, quickly } from './support.js';

/**
 * Compiled predicates and path reads against hostile records. Records are data the caller got from
 * elsewhere: prototypes are never read, a Proxy or an object with getters is read like any object, and
 * pathological `$like` patterns answer in linear time.
 */

guardPrototypes();

const both = (filter: unknown) => [compileFilter(filter), compileFilter(filter, { codegen: true })];

describe('paths never reach prototypes, whatever the record', () => {
  it('inherited keys, class instances and JSON `__proto__` keys read as in the record only', () => {
    const inherited = Object.create({ isAdmin: true, tags: { owner: 'x' } }) as object;
    class Account {
      get isAdmin() {
        return true;
      }
    }
    const fromJson = JSON.parse('{"__proto__": {"isAdmin": true}, "name": "n"}') as object;
    for (const match of both({ isAdmin: { $eq: true } })) {
      expect(match(inherited)).toBe(false);
      expect(match(new Account())).toBe(false);
      expect(match(fromJson)).toBe(false);
      expect(match({ isAdmin: true })).toBe(true);
    }
    for (const match of both({ isAdmin: { $exists: false } })) {
      expect(match(inherited)).toBe(true);
      expect(match(new Account())).toBe(true);
    }
    for (const match of both({ length: { $eq: 0 } })) {
      expect(match([])).toBe(false);
      expect(match('')).toBe(false);
      expect(match({ length: 0 })).toBe(true);
    }
    expect(resolvePath(inherited, parsePath('isAdmin', ''))).toEqual([]);
  });

  it('records holding Proxies, toJSON, Symbols and cycles answer like the plain data they hold', () => {
    const cyclic: Record<string, unknown> = { a: 'x' };
    cyclic.self = cyclic;
    const records: [unknown, boolean][] = [
      [new Proxy({ a: 'x' }, {}), true],
      [{ a: 'x', toJSON: () => ({ a: 'y' }) }, true],
      [{ a: { toJSON: () => 'x' } }, false],
      [{ a: Symbol('x') }, false],
      [{ a: 1n }, false],
      [cyclic, true],
      [{ self: cyclic, a: 'z' }, false],
    ];
    for (const match of both({ a: { $eq: 'x' } })) {
      for (const [record, expected] of records) expect(match(record)).toBe(expected);
    }
    for (const match of both({ 'self$.self$.self$.a': { $eq: 'x' } })) expect(match(cyclic)).toBe(true);
  });

  it("a record's throwing getter is the caller's own error: it propagates unchanged, nothing else fails", () => {
    const boom = new Error('getter');
    const record = Object.defineProperty({ b: 1 }, 'a', {
      enumerable: true,
      get() {
        throw boom;
      },
    });
    for (const match of both({ a: { $eq: 1 } })) expect(() => match(record)).toThrow(boom);
    // Keys the filter does not read are never touched.
    for (const match of both({ b: { $eq: 1 } })) expect(match(record)).toBe(true);
  });
});

describe('regular-expression and wildcard bombs', () => {
  const text = `${'a'.repeat(50_000)}b`;
  const patterns: [string, boolean][] = [
    [`${'*a'.repeat(1_000)}*c`, false],
    [`${'a*'.repeat(1_000)}b`, true],
    [`*${'a*'.repeat(500)}*b*`, true],
    [`${'*'.repeat(5_000)}b`, true],
    [`(a+)+$*${'\\*'.repeat(100)}`, false],
  ];
  it.each(patterns)('%# answers in linear time, exactly, with the limits raised', (pattern, expected) => {
    const filter = { a: { $like: pattern } };
    const limits = { limits: UNBOUNDED };
    for (const match of [
      compileFilter(filter, limits),
      compileFilter(filter, { ...limits, codegen: true }),
    ]) {
      expect(quickly(() => match({ a: text }))).toBe(expected);
    }
  });

  // The last pattern has one wildcard and 207 characters: within the defaults, and answered above.
  it.each(patterns.slice(0, 4))('%# is refused by the default limits, before it is compiled', (pattern) => {
    expect(() => compileFilter({ a: { $like: pattern } })).toThrow(
      expect.objectContaining({ code: expect.stringMatching(/^MAX_(WILDCARDS|PATTERN_LENGTH)_EXCEEDED$/) }),
    );
  });

  it('regular-expression syntax in a pattern is literal', () => {
    for (const match of both({ a: { $like: '^.*[a-z]+$' } })) {
      expect(match({ a: '^.*[a-z]+$' })).toBe(true);
      expect(match({ a: 'abc' })).toBe(false);
    }
  });
});

describe('where code generation is forbidden', () => {
  it('each test project runs the runtime it names: closures forbids code generation, codegen allows it', () => {
    // vitest.config.ts: the "closures" project runs with --disallow-code-generation-from-strings.
    const project = process.env.SVC_POLICY_TEST_PROJECT;
    expect(['closures', 'codegen']).toContain(project);
    const forbidden = project === 'closures';
    expect(process.execArgv.includes('--disallow-code-generation-from-strings')).toBe(forbidden);
    let refused = false;
    try {
      new Function('return 1')();
    } catch {
      refused = true;
    }
    expect(refused).toBe(forbidden);
    expect(canGenerateCode()).toBe(!forbidden);
  });

  it('codegen: true still compiles, with the closure compiler, and answers alike', () => {
    const filter = { a: { $like: 'x*' }, 'b$.__svcArrayAny__$.c': { $in: [1, 2, 3] } };
    const generated = compileFilter(filter, { codegen: true });
    const closures = compileFilter(filter, { codegen: false });
    for (const record of [{ a: 'xy', b: [{ c: 2 }] }, { a: 'y', b: [{ c: 2 }] }, { a: 'xy', b: [] }, null]) {
      expect(generated(record)).toBe(closures(record));
    }
  });
});
