import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePolicy, diffPolicies } from '../../../src/index.js';
import { checkAsync, NUM_RUNS, titled } from '../../support/property.js';

/** A policy: `base` is the default status, `other` is reached by `x == hit`; out of scope when `x == out`. */
function policy(base: string, other: string, hit: number, out: number | null) {
  return {
    name: 'p',
    ...(out === null ? {} : { query: { filter: { x: { $ne: out } } } }),
    statusDefinitions: {
      [base]: { isDefault: true, criticality: 0 },
      [other]: {
        criticality: 10,
        rules: [{ conditions: [{ type: 'filter', condition: { filter: { x: { $eq: hit } } } }] }],
      },
    },
  };
}

/** The cells as sorted [before, after, count] triples, for comparison. */
function triples(cells: readonly { before: string | null; after: string | null; count: number }[]) {
  return cells
    .map((c) => [c.before, c.after, c.count] as const)
    .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
}

describe('diffPolicies: the transition matrix', () => {
  it('keeps transitions apart whatever characters the status names hold (U+0000, "=")', async () => {
    // Joined as "before\0after", "a" → "b\0" and "a\0=b" → (none) made the same key: one cell of 2.
    const before = policy('a', 'a\u0000=b', 1, null);
    const after = {
      name: 'p',
      query: { filter: { x: { $ne: 1 } } },
      statusDefinitions: { 'b\u0000': { isDefault: true, criticality: 0 } },
    };
    const diff = await diffPolicies(before, after, [{ x: 0 }, { x: 1 }]);
    expect(triples(diff.matrix)).toEqual([
      ['a', 'b\u0000', 1],
      ['a\u0000=b', null, 1],
    ]);
  });

  it(
    titled('counts each (before, after) pair of statuses in its own cell, for any status names'),
    async () => {
      // Mostly names made of the separators a joined key would use (the example's), some random ones.
      const name = fc.oneof(
        { arbitrary: fc.constantFrom('a', 'b\u0000', 'a\u0000=b', '='), weight: 4 },
        {
          arbitrary: fc.string({
            unit: fc.constantFrom('a', 'b', '=', '\u0000'),
            minLength: 1,
            maxLength: 4,
          }),
          weight: 1,
        },
      );
      const x = fc.integer({ min: 0, max: 3 });
      const side = fc
        .tuple(name, name, x, fc.option(x, { nil: null }))
        .filter(([base, other]) => base !== other);
      await checkAsync(
        fc.asyncProperty(
          side,
          side,
          fc.array(fc.integer({ min: 0, max: 3 }), { maxLength: 8 }),
          async (b, a, xs) => {
            const before = policy(...b);
            const after = policy(...a);
            const records = xs.map((x) => ({ x }));
            const pb = compilePolicy(before);
            const pa = compilePolicy(after);
            const expected: { before: string | null; after: string | null; count: number }[] = [];
            for (const r of records) {
              const s = [pb.evaluate(r).status, pa.evaluate(r).status] as const;
              const cell = expected.find((c) => c.before === s[0] && c.after === s[1]);
              if (cell) cell.count++;
              else expected.push({ before: s[0], after: s[1], count: 1 });
            }
            const diff = await diffPolicies(before, after, records);
            expect(triples(diff.matrix)).toEqual(triples(expected));
          },
        ),
        // A collision needs both names of a side and a scope to line up: enough runs to meet one.
        { numRuns: Math.max(NUM_RUNS, 1000) },
      );
    },
  );
});
