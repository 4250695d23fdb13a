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
import { parseFilter } from '../../../src/index.js';
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
