import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SITES } from '../../../src/compile/generated/key-sites.js';
import { compileFilter } from '../../../src/index.js';
import { polluted } from '../../hostile/support.js';
import { arbFilterAndRecords } from '../../support/arbitraries.js';
import { expectGeneratedUpToDate } from '../../support/generated.js';
import { check, titled } from '../../support/property.js';
import { referenceMatch } from '../../support/reference.js';

/**
 * The closure compiler reads each key through a copy of its own (src/compile/generated/key-sites.ts)
 * until the copies run out; every later key shares the last one. These tests take the copies in order
 * (module state is per test file) and check the exact answers on both sides of that line: keys with a
 * copy of their own, and keys sharing the last.
 */

/** Records on which the fast read of `key` and the exact read differ, and some on which they agree. */
function records(key: string, value: unknown): unknown[] {
  class Resource {
    constructor() {
      (this as Record<string, unknown>)[key] = value;
    }
  }
  return [
    { [key]: value },
    Object.create({ [key]: value }),
    Object.assign(Object.create(null), { [key]: value }),
    new Resource(),
    Object.assign([], { [key]: value }),
    // An array whose prototype is Object.prototype is still an array: its keys are missing.
    Object.setPrototypeOf(Object.assign([], { [key]: value }), Object.prototype),
    Object.assign(new Date(0), { [key]: value }),
    // An own data property named "__proto__" (JSON.parse makes one), holding the key.
    JSON.parse(`{"__proto__": ${JSON.stringify({ [key]: value })}}`),
    [{ [key]: value }],
    { [key]: [value] },
    { [key]: { inner: value } },
    Object.create({ [key]: { inner: value } }),
    { [key]: Object.create({ inner: value }) },
    // Primitives and arrays have properties too ("text".length is 4): missing on every target.
    'text',
    [1, 2, 3, 4],
    7,
    null,
    undefined,
    {},
  ];
}

/** Filters on `key` through every kind of closure: `$eq`, another test, a `Date`-aware one, nested, a selector. */
function filters(key: string, value: string | number): Record<string, unknown>[] {
  return [
    { [key]: { $eq: value } },
    { [key]: { $in: [value, 'other'] } },
    { [key]: { $ne: value } },
    { [key]: { $exists: false } },
    { [key]: { $gte: value } },
    { [`${key}$.inner`]: { $eq: value } },
    { [`${key}$.inner`]: { $nin: [value] } },
    { [`${key}$.__svcArrayAny__`]: { $eq: value } },
  ];
}

/** Both compilers (generated code where the project allows it) give the reference's answers. */
function expectExact(key: string, value: string | number = 'v'): void {
  for (const filter of filters(key, value)) {
    for (const codegen of [false, true]) {
      const predicate = compileFilter(filter, { codegen });
      for (const record of records(key, value)) {
        const want = referenceMatch(filter, record);
        if (predicate(record) !== want) {
          throw new Error(
            `${JSON.stringify(filter)} (codegen: ${codegen}) on ${String(record)} ${JSON.stringify(record)}: want ${want}`,
          );
        }
      }
    }
  }
}

describe('key reads of the closure compiler', () => {
  // The tests below run in this order, each taking the next keys.
  const own = Array.from({ length: SITES.length - 2 }, (_, i) => `own${i}`);
  const shared = Array.from({ length: 8 }, (_, i) => `shared${i}`);

  it('are exact for keys with a copy of their own', () => {
    expectExact('length', 4);
    for (const key of own) expectExact(key);
  });

  it('are exact for keys that share the last copy, on a clean and on a polluted Object.prototype', () => {
    for (const key of shared) expectExact(key);
    // A key that Object.prototype holds is never read as present from the prototype.
    polluted(Object.prototype, { shared0: 'v', own0: 'v' }, () => {
      for (const key of ['shared0', 'own0']) {
        const predicate = compileFilter({ [key]: { $eq: 'v' } }, { codegen: false });
        expect(predicate({})).toBe(false);
        expect(predicate({ [key]: 'v' })).toBe(true);
      }
    });
  });

  it(titled('equal the reference interpreter on random filters once every copy is taken'), () => {
    // The arbitraries' keys come after the keys above: they all share the last copy.
    check(
      fc.property(arbFilterAndRecords, ([filter, rs]) => {
        const predicate = compileFilter(filter, { codegen: false });
        for (const record of rs) {
          if (predicate(record) !== referenceMatch(filter, record)) {
            throw new Error(`disagree on ${JSON.stringify(record)} for ${JSON.stringify(filter)}`);
          }
        }
      }),
    );
  });

  it('come from a generated file that is up to date', () => {
    expectGeneratedUpToDate('generate-key-sites.ts');
  });
});
