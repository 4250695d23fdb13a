import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canGenerateCode } from '../../../src/compile/codegen.js';
import {
  compileNode,
  compileTiered,
  setDefaultCodegen,
  shapeCache,
  TIER_UP_AFTER,
  usesGeneratedCode,
} from '../../../src/compile/filter.js';
import type { Predicate } from '../../../src/compile/path.js';
import { forRecords } from '../../../src/compile/tiered.js';
import { parseFilter, parseQuery, queryInMemory } from '../../../src/index.js';
import { arbFilterAndRecords } from '../../support/arbitraries.js';
import { check, titled } from '../../support/property.js';
import { referenceMatch } from '../../support/reference.js';

describe('tiered compilation', () => {
  it(titled('answers as the reference before, at and after the switch to generated code'), () => {
    check(
      fc.property(arbFilterAndRecords, fc.nat(6), ([filter, records], limit) => {
        const predicate = compileTiered(parseFilter(filter), limit + 1);
        // Each record twice, so the switch falls inside the walk for most limits.
        for (const record of [...records, ...records]) {
          if (predicate(record) !== referenceMatch(filter, record)) {
            throw new Error(`disagree on ${JSON.stringify(record)} for ${JSON.stringify(filter)}`);
          }
        }
      }),
    );
  });

  it('runs closures until the limit, generates code once, then runs only that', () => {
    const calls: string[] = [];
    const generate = (): Predicate => {
      calls.push('generate');
      return () => {
        calls.push('hot');
        return true;
      };
    };
    const predicate = compileTiered(parseFilter({ a: { $eq: 1 } }), 3, generate);
    const answers = [predicate({ a: 2 }), predicate({ a: 2 }), predicate({ a: 2 }), predicate({ a: 2 })];
    // The third evaluation compiles and is still answered by the closures (false); the fourth is hot.
    expect(answers).toEqual([false, false, false, true]);
    expect(calls).toEqual(['generate', 'hot']);
  });

  it(titled('answers as the reference when batches and single evaluations are mixed'), () => {
    check(
      fc.property(
        arbFilterAndRecords,
        fc.nat(6),
        fc.array(fc.nat(4), { minLength: 1, maxLength: 6 }),
        ([filter, records], limit, sizes) => {
          const predicate = compileTiered(parseFilter(filter), limit + 1);
          for (const size of sizes) {
            // A batch of `size` records (each counted at once), then one record through the wrapper.
            const batch = forRecords(predicate, size);
            for (const record of [...records.slice(0, size), ...records.slice(size, size + 1)]) {
              const run = record === records[size] ? predicate : batch;
              if (run(record) !== referenceMatch(filter, record)) {
                throw new Error(`disagree on ${JSON.stringify(record)} for ${JSON.stringify(filter)}`);
              }
            }
          }
        },
      ),
    );
  });

  it('runs a batch under the count as the closures themselves, and promotes a batch that reaches it', () => {
    const calls: string[] = [];
    const generate = (): Predicate => {
      calls.push('generate');
      return () => true;
    };
    const predicate = compileTiered(parseFilter({ a: { $eq: 1 } }), 10, generate);
    const cold = forRecords(predicate, 4);
    // Not the wrapper: no counting per record, the closures' answer (false for { a: 2 }).
    expect(cold).not.toBe(predicate);
    expect(cold({ a: 2 })).toBe(false);
    expect(forRecords(predicate, 5)).toBe(cold);
    expect(calls).toEqual([]);
    // 9 of 10 counted: one evaluation through the wrapper reaches the count.
    expect(predicate({ a: 2 })).toBe(false);
    expect(calls).toEqual(['generate']);
    const hot = forRecords(predicate, 1);
    expect(hot({ a: 2 })).toBe(true);
    // A predicate that is not tiered runs as it is.
    const plain: Predicate = () => false;
    expect(forRecords(plain, 3)).toBe(plain);
    // A batch as long as what is left promotes before its first record.
    const big = compileTiered(parseFilter({ a: { $eq: 1 } }), 10, generate);
    expect(forRecords(big, 10)({ a: 2 })).toBe(true);
    expect(calls).toEqual(['generate', 'generate']);
  });

  it.skipIf(!canGenerateCode())(
    'queryInMemory counts an array of records at once: a short request stays closures, a long one is generated code',
    () => {
      setDefaultCodegen('tiered');
      try {
        const records = (n: number) =>
          Array.from({ length: n }, (_, i) => ({ id: `r${i}`, integrationId: String(i).padStart(5, '0') }));
        shapeCache(true);
        const short = queryInMemory(
          records(50),
          parseQuery({ filter: { integrationId: { $gte: '00010' } } }, 'component'),
        );
        expect(short.items.length).toBe(40);
        expect(shapeCache()).toBe(0);
        // A request as long as the count is generated code from its first record on: the cache of
        // shapes already holds its code when the predicate reads the first record.
        let atFirst: number | undefined;
        const long: unknown[] = records(TIER_UP_AFTER);
        long[0] = {
          id: 'r0',
          get integrationId() {
            atFirst ??= shapeCache();
            return '00000';
          },
        };
        const page = queryInMemory(
          long,
          parseQuery(
            { filter: { integrationId: { $gte: '00010' } }, pageSize: 5, sort: { integrationId: 'asc' } },
            'component',
          ),
        );
        expect(page.items.map((r) => (r as { integrationId: string }).integrationId)).toEqual([
          '00010',
          '00011',
          '00012',
          '00013',
          '00014',
        ]);
        expect(atFirst).toBe(1);
        expect(shapeCache()).toBe(1);
      } finally {
        setDefaultCodegen(process.env.SVC_POLICY_TEST_PROJECT === 'codegen');
      }
    },
  );

  it('keeps the closures when generating code fails', () => {
    const predicate = compileTiered(parseFilter({ a: { $eq: 1 } }), 1, () => {
      throw new RangeError('no code generation here');
    });
    expect([predicate({ a: 1 }), predicate({ a: 2 }), predicate({ a: 1 })]).toEqual([true, false, true]);
  });

  it('is re-entrant across the switch: a getter that evaluates the same predicate', () => {
    const node = parseFilter({ 'a$.b': { $eq: 1 } });
    let inner: boolean | undefined;
    const predicate = compileTiered(node, 1);
    const record = {
      a: {
        get b() {
          inner = predicate({ a: { b: 1 } });
          return 1;
        },
      },
    };
    expect(predicate(record)).toBe(true);
    expect(inner).toBe(true);
    expect(predicate(record)).toBe(true);
  });

  it.skipIf(!canGenerateCode())(
    'gives filters of new shapes wrappers of their own, and none the wrapper of one that tiered up',
    () => {
      // V8 shares type feedback between the closures of one function literal: a wrapper shared by
      // every filter calls the generated code of all of them from one site and inlines none (a long
      // scan then pays a call per record, bench/README.md "Speed II"). A wrapper's text names its literal.
      setDefaultCodegen('tiered');
      try {
        shapeCache(true);
        const filter = (i: number) => parseFilter({ [`tier${i}`]: { $eq: i } });
        const a = compileNode(filter(0));
        const b = compileNode(filter(1));
        expect(a.name).toBe('tiered');
        expect(String(a)).not.toBe(String(b));
        for (let i = 0; i < TIER_UP_AFTER + 1; i++)
          expect(a({ tier0: i % 2 === 0 ? 0 : 'x' })).toBe(i % 2 === 0);
        expect(shapeCache()).toBe(1);
        const later = Array.from({ length: 64 }, (_, i) => String(compileNode(filter(i + 2))));
        expect(later).not.toContain(String(a));
      } finally {
        setDefaultCodegen(process.env.SVC_POLICY_TEST_PROJECT === 'codegen');
      }
    },
  );

  it('is the default for filters, while policies (hot) get generated code from the start', () => {
    const node = parseFilter({ a: { $eq: 1 } });
    setDefaultCodegen('tiered');
    try {
      // Generated code is the function its source returns, named `predicate` (src/compile/codegen.ts).
      const generated = canGenerateCode();
      // A shape never compiled to generated code starts as closures (test/unit/compile/shapes.test.ts).
      shapeCache(true);
      expect(compileNode(node).name).not.toBe('predicate');
      expect(compileNode(node, undefined, true).name).toBe(generated ? 'predicate' : '');
      expect(compileNode(node, { codegen: true }).name).toBe(generated ? 'predicate' : '');
      expect(compileNode(node, { codegen: false }, true).name).not.toBe('predicate');
      expect(usesGeneratedCode()).toBe(generated);
    } finally {
      setDefaultCodegen(process.env.SVC_POLICY_TEST_PROJECT === 'codegen');
    }
  });
});
