import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compilePolicies, compilePolicy, type PolicyResult } from '../../src/index.js';
import { arbAnyRecord, arbFilter, arbRecordFor, type FilterJson } from '../support/arbitraries.js';
import { policyWithinDefaultLimits } from '../support/limits.js';
import { check, titled } from '../support/property.js';

type Json = Record<string, unknown>;

/**
 * Policy sets shaped like real ones, so that the joint compiler's shortcuts are exercised: scopes that
 * test equality on the same fields (the dispatch), conditions drawn from one pool shared by every policy
 * of the set (the memo), policies for different kinds (checked first), and random filters beside them.
 */
const DISPATCH_PATHS = ['a', 'o$.x', 'b'] as const;
const DISPATCH_VALUES = ['p', 'q', 'r', ''] as const;

const arbDispatchClause: fc.Arbitrary<FilterJson> = fc
  .tuple(
    fc.constantFrom(...DISPATCH_PATHS),
    fc.oneof(
      fc.constantFrom(...DISPATCH_VALUES).map((v) => ({ $eq: v })),
      fc
        .uniqueArray(fc.constantFrom(...DISPATCH_VALUES), { minLength: 1, maxLength: 3 })
        .map((vs) => ({ $in: vs })),
      // Not a string equality: never dispatched on, always evaluated.
      fc.constantFrom({ $eq: 1 }, { $in: ['p', null] }, { $ne: 'p' }, { $exists: true }),
    ),
  )
  .map(([path, ops]) => ({ [path]: ops }));

const arbScope: fc.Arbitrary<FilterJson | null> = fc.option(
  fc.oneof(
    arbDispatchClause,
    fc.tuple(arbDispatchClause, arbDispatchClause).map(([x, y]) => ({ ...y, ...x })),
    fc.tuple(arbFilter, arbDispatchClause).map(([f, d]) => ({ ...f, ...d })),
    arbFilter,
  ),
);

function arbPolicyFrom(pool: readonly FilterJson[]): fc.Arbitrary<Json> {
  const arbRule = fc
    .array(fc.constantFrom(...pool), { minLength: 1, maxLength: 3 })
    .map((filters) => ({ conditions: filters.map((filter) => ({ type: 'filter', condition: { filter } })) }));
  return fc
    .record({
      scope: arbScope,
      resource: fc.constantFrom(undefined, 'component', 'certificate'),
      isActive: fc.constantFrom(undefined, true, false),
      statuses: fc.array(
        fc.record({
          criticality: fc.constantFrom(0, 10, 10, 20, -5),
          rules: fc.array(arbRule, { minLength: 1, maxLength: 3 }),
        }),
        { maxLength: 3 },
      ),
      defaultRules: fc.array(arbRule, { maxLength: 1 }),
    })
    .map(({ scope, resource, isActive, statuses, defaultRules }) => ({
      name: 'generated',
      ...(resource === undefined ? {} : { resource }),
      ...(isActive === undefined ? {} : { isActive }),
      ...(scope === null ? {} : { query: { filter: scope } }),
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0, rules: defaultRules },
        ...Object.fromEntries(statuses.map((s, i) => [`s${i}`, s])),
      },
    }))
    .filter(policyWithinDefaultLimits);
}

const arbSetAndResources = fc
  .array(fc.oneof(arbFilter, arbDispatchClause, fc.constant({})), { minLength: 1, maxLength: 5 })
  .chain((pool) =>
    fc.tuple(
      fc.array(arbPolicyFrom(pool), { minLength: 1, maxLength: 8 }),
      fc.array(
        fc.tuple(
          fc.oneof(
            arbAnyRecord,
            fc.constantFrom(...pool).chain(arbRecordFor),
            // Records carrying the dispatched values (and other types there).
            fc.record({
              a: fc.constantFrom('p', 'q', 'z', 1, null),
              b: fc.constantFrom('r', '', 'p'),
              o: fc.record({ x: fc.constantFrom('p', 'q', new Date(0), 'r') }),
            }),
          ),
          fc.constantFrom(undefined, null, 'component', 'certificate', 'other'),
        ),
        { minLength: 1, maxLength: 6 },
      ),
    ),
  );

describe('compilePolicies: a set compiled together answers as separate compilePolicy calls', () => {
  it(titled('evaluate, with and without a kind, and forEachApplicable'), () => {
    check(
      fc.property(arbSetAndResources, ([definitions, resources]) => {
        const separate = definitions.map((d) => compilePolicy(d));
        const set = compilePolicies(definitions);
        expect(set.policies.map((p) => p.name)).toEqual(separate.map((p) => p.name));
        for (const [resource, kind] of resources) {
          const alone = separate.map((p) => p.evaluate(resource));
          expect(set.evaluate(resource)).toEqual(alone);
          expect(set.policies.map((p) => p.evaluate(resource))).toEqual(alone);
          // With a kind, a policy naming another kind is not applicable, unevaluated.
          const expected = separate.map((p, i): PolicyResult => {
            const mismatch = typeof kind === 'string' && p.resource !== undefined && p.resource !== kind;
            return mismatch
              ? { applicable: false, status: null, criticality: null, isDefault: false, matched: null }
              : alone[i]!;
          });
          expect(set.evaluate(resource, kind)).toEqual(expected);
          const found: [number, PolicyResult][] = [];
          set.forEachApplicable(resource, kind, (i, result) => found.push([i, result]));
          found.sort((x, y) => x[0] - y[0]);
          expect(found).toEqual(expected.flatMap((r, i) => (r.applicable ? [[i, r]] : [])));
        }
      }),
    );
  });

  it(titled('explain gives what each policy explains'), () => {
    check(
      fc.property(arbSetAndResources, ([definitions, resources]) => {
        // One instant for both: an explanation names the instant it was made at.
        const asOf = '2026-06-01T00:00:00Z';
        const separate = definitions.map((d) => compilePolicy(d, { asOf }));
        const set = compilePolicies(definitions, { asOf });
        const [resource] = resources[0]!;
        expect(set.explain(resource)).toEqual(separate.map((p) => p.explain(resource)));
      }),
      { numRuns: 100 },
    );
  });

  it(titled('compiled policies and definitions mix, with either compiler'), () => {
    check(
      fc.property(arbSetAndResources, fc.boolean(), ([definitions, resources], codegen) => {
        const mixed = definitions.map((d, i) => (i % 2 === 0 ? compilePolicy(d, { codegen: !codegen }) : d));
        const set = compilePolicies(mixed, { codegen });
        for (const [resource] of resources) {
          expect(set.evaluate(resource)).toEqual(definitions.map((d) => compilePolicy(d).evaluate(resource)));
        }
      }),
      { numRuns: 100 },
    );
  });
});
