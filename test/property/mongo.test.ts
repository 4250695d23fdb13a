import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { compileFilter } from '../../src/index.js';
import { policyToMongo, toMongo, toMongoExpr } from '../../src/mongo.js';
import { compilePolicy } from '../../src/policy/compile.js';
import {
  arbFilter,
  arbFilterAndRecords,
  arbRecordAt,
  arbRecordFor,
  arbTimeFilter,
  arbTimeFilterAndRecords,
  arbVersionFilterAndRecords,
  type FilterJson,
} from '../support/arbitraries.js';
import { policyWithinDefaultLimits } from '../support/limits.js';
import {
  isDocument,
  type MongoEngine,
  mingoEngine,
  mingoOrderDiffers,
  onlyTimeComparisons,
  openedEngine,
  serverEngine,
} from '../support/mongo-engines.js';
import { checkAsync, NUM_RUNS, titled } from '../support/property.js';
import { referenceInstant } from '../support/reference.js';
import { arbAsOf } from '../support/time-arbitraries.js';

const url = process.env.MONGODB_URL;

/** Paths the field-knowledge property declares scalar, and records that respect the declaration. */
const SCALAR_PATHS = ['a', 'b', 'o', 'o$.x', 'o$.y', 'o$.o', 'o$.o$.x', 'arr$.__svcArrayAny__$.x'];

function holdsArrayAt(record: unknown, path: readonly string[]): boolean {
  const [head, ...rest] = path;
  if (head === undefined) return Array.isArray(record);
  if (head === '__svcArrayAny__') return Array.isArray(record) && record.some((e) => holdsArrayAt(e, rest));
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return false;
  return Object.hasOwn(record, head) && holdsArrayAt((record as Record<string, unknown>)[head], rest);
}

function respectsKnowledge(record: unknown): boolean {
  return SCALAR_PATHS.every((p) => !holdsArrayAt(record, p.split('$.')));
}

/** Documents for one engine: objects only, and for mingo none that its string order cannot judge. */
function documentsFor(engine: MongoEngine, filter: unknown, generated: readonly unknown[]): object[] {
  return generated.filter(
    (r): r is object => isDocument(r) && !(engine.name === 'mingo' && mingoOrderDiffers(filter, [r])),
  );
}

function failure(what: string, got: unknown, expected: unknown, details: Record<string, unknown>): Error {
  const lines = Object.entries(details).map(([k, v]) => `${k} ${JSON.stringify(v)}`);
  return new Error(
    `${what}: got ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}\n${lines.join('\n')}`,
  );
}

// --- policies -------------------------------------------------------------------------------------

interface PolicyCase {
  readonly policy: {
    name: string;
    statusDefinitions: Record<string, { isDefault: boolean; criticality: number; rules?: unknown[] }>;
    query: { filter?: FilterJson };
  };
  /** Every filter of the policy, so that records can be aimed at them. */
  readonly conditions: FilterJson[];
}

/**
 * Random valid policies of `filter`s: 1–4 statuses, ties in criticality, a default with or without
 * rules of its own, an optional scope.
 */
const policies = (filter: fc.Arbitrary<FilterJson>): fc.Arbitrary<PolicyCase> => {
  const arbRule = fc.array(filter, { minLength: 1, maxLength: 2 });
  return fc
    .tuple(
      fc.array(
        fc.record({
          criticality: fc.constantFrom(10, 20, 20, 30),
          rules: fc.array(arbRule, { minLength: 1, maxLength: 2 }),
          defaultHasRules: fc.boolean(),
        }),
        { minLength: 1, maxLength: 4 },
      ),
      fc.nat(),
      fc.option(filter, { nil: undefined }),
    )
    .map(([defs, d, scope]) => {
      const defaultIndex = d % defs.length;
      const statusDefinitions: PolicyCase['policy']['statusDefinitions'] = {};
      const conditions: FilterJson[] = [];
      defs.forEach((def, i) => {
        const isDefault = i === defaultIndex;
        const rules =
          isDefault && !def.defaultHasRules
            ? undefined
            : def.rules.map((rule) => {
                conditions.push(...rule);
                return { conditions: rule.map((filter) => ({ type: 'filter', condition: { filter } })) };
              });
        statusDefinitions[`s${i}`] = {
          isDefault,
          criticality: def.criticality,
          ...(rules === undefined ? {} : { rules }),
        };
      });
      if (scope !== undefined) conditions.push(scope);
      return {
        policy: { name: 'random', statusDefinitions, query: scope === undefined ? {} : { filter: scope } },
        conditions,
      };
    })
    .filter((p) => policyWithinDefaultLimits(p.policy));
};

const arbPolicyAndRecords = policies(arbFilter).chain((p) =>
  fc.tuple(
    fc.constant(p),
    fc.array(fc.oneof(...[{}, ...p.conditions].map((c) => arbRecordFor(c))), { minLength: 1, maxLength: 16 }),
  ),
);

/** Policies with time comparisons, an asOf, and records aimed at the instants they name then. */
const arbTimePolicyAndRecords = fc.tuple(policies(arbTimeFilter), arbAsOf).chain(([p, asOf]) =>
  fc.tuple(
    fc.constant(p),
    fc.array(fc.oneof(...[{}, ...p.conditions].map((c) => arbRecordAt(c, asOf))), {
      minLength: 1,
      maxLength: 16,
    }),
    fc.constant(asOf),
  ),
);

function suite(open: () => Promise<MongoEngine>, openWithDates: () => Promise<MongoEngine>): void {
  const opened = openedEngine(open);
  const withDates = openedEngine(openWithDates);

  it(
    titled('time comparisons: toMongo and toMongoExpr select what compileFilter selects at the same asOf'),
    async () => {
      let compared = 0;
      await checkAsync(
        fc.asyncProperty(arbTimeFilterAndRecords, async ([filter, generated, asOf]) => {
          const records = documentsFor(opened.engine, filter, generated);
          const predicate = compileFilter(filter, { asOf });
          const expected = records.flatMap((r, i) => (predicate(r) ? [i] : []));
          // Dates stored as ISO strings, and as BSON dates where only instants are compared.
          const engines = [opened.engine, ...(onlyTimeComparisons(filter) ? [withDates.engine] : [])];
          for (const engine of engines) {
            for (const query of [toMongo(filter, { asOf }), { $expr: toMongoExpr(filter, { asOf }) }]) {
              const got = await engine.find(query, records);
              if (JSON.stringify(got) !== JSON.stringify(expected)) {
                throw failure(engine.name, got, expected, { filter, asOf, records, query });
              }
            }
          }
          compared += records.length;
        }),
      );
      expect(compared).toBeGreaterThan(0);
    },
  );

  it.each([
    ['random filters', arbFilterAndRecords],
    ['version operators on versions', arbVersionFilterAndRecords],
  ] as const)(
    titled('toMongo selects exactly the records the compiled predicate accepts (%s)'),
    async (_, arbitrary) => {
      let compared = 0;
      await checkAsync(
        fc.asyncProperty(arbitrary, async ([filter, generated]) => {
          const records = documentsFor(opened.engine, filter, generated);
          const predicate = compileFilter(filter);
          const expected = records.flatMap((r, i) => (predicate(r) ? [i] : []));
          const query = toMongo(filter);
          const got = await opened.engine.find(query, records);
          if (JSON.stringify(got) !== JSON.stringify(expected)) {
            throw failure(opened.engine.name, got, expected, { filter, records, query });
          }
          compared += records.length;
        }),
      );
      expect(compared).toBeGreaterThan(0);
    },
  );

  it.each([
    ['random filters', arbFilterAndRecords],
    ['version operators on versions', arbVersionFilterAndRecords],
  ] as const)(
    titled('toMongoExpr under $expr selects exactly the same records (%s)'),
    async (_, arbitrary) => {
      await checkAsync(
        fc.asyncProperty(arbitrary, async ([filter, generated]) => {
          const records = documentsFor(opened.engine, filter, generated);
          const predicate = compileFilter(filter);
          const expected = records.flatMap((r, i) => (predicate(r) ? [i] : []));
          const query = { $expr: toMongoExpr(filter) };
          const got = await opened.engine.find(query, records);
          if (JSON.stringify(got) !== JSON.stringify(expected)) {
            throw failure(opened.engine.name, got, expected, { filter, records, query });
          }
        }),
      );
    },
  );

  it(
    titled('field knowledge drops guards without changing the result on records that respect it'),
    async () => {
      let compared = 0;
      await checkAsync(
        fc.asyncProperty(arbFilterAndRecords, async ([filter, generated]) => {
          const records = documentsFor(opened.engine, filter, generated).filter(respectsKnowledge);
          const predicate = compileFilter(filter);
          const expected = records.flatMap((r, i) => (predicate(r) ? [i] : []));
          const query = toMongo(filter, { scalarPaths: SCALAR_PATHS });
          const got = await opened.engine.find(query, records);
          if (JSON.stringify(got) !== JSON.stringify(expected)) {
            throw failure(opened.engine.name, got, expected, { filter, records, query });
          }
          compared += records.length;
        }),
      );
      expect(compared).toBeGreaterThan(0);
    },
  );

  it.each([
    [
      'random policies',
      arbPolicyAndRecords.map(([p, records]) => [p, records, undefined] as const),
      NUM_RUNS,
    ],
    // A quarter of the runs: mingo interprets each time comparison's instant (a sizeable expression)
    // per document, for the stage and every partition.
    ['policies with time comparisons at a random asOf', arbTimePolicyAndRecords, Math.ceil(NUM_RUNS / 4)],
  ] as const)(
    titled('policyToMongo: partitions and the status stage agree with the policy rules (%s)'),
    async (_, arbitrary: fc.Arbitrary<readonly [PolicyCase, unknown[], string | undefined]>, numRuns) => {
      await checkAsync(
        fc.asyncProperty(arbitrary, async ([{ policy, conditions }, generated, asOf]) => {
          const records = documentsFor(opened.engine, conditions, generated);
          // The policy engine's clock stands at asOf while it compiles; policyToMongo is told it.
          const clock =
            asOf === undefined ? undefined : vi.spyOn(Date, 'now').mockReturnValue(referenceInstant(asOf));
          let evaluate: ReturnType<typeof compilePolicy>['evaluate'];
          try {
            evaluate = compilePolicy(policy).evaluate;
          } finally {
            clock?.mockRestore();
          }
          const expected = records.map((r) => evaluate(r).status);
          const { partitions, addStatusStage } = policyToMongo(policy, asOf === undefined ? {} : { asOf });
          const details = { policy, records, partitions, addStatusStage };
          const statuses = await opened.engine.addFields(addStatusStage, 'policyStatus', records);
          if (JSON.stringify(statuses) !== JSON.stringify(expected)) {
            throw failure(`${opened.engine.name} status stage`, statuses, expected, details);
          }
          expect(partitions.map((p) => p.status)).toEqual(Object.keys(policy.statusDefinitions));
          for (const { status, query } of partitions) {
            const got = await opened.engine.find(query, records);
            const want = expected.flatMap((s, i) => (s === status ? [i] : []));
            if (JSON.stringify(got) !== JSON.stringify(want)) {
              throw failure(`${opened.engine.name} partition ${status}`, got, want, details);
            }
          }
        }),
        { numRuns },
      );
    },
  );
}

describe('MongoDB target on mingo: differential against the compiled predicate', () => {
  suite(
    async () => mingoEngine(),
    async () => mingoEngine('dates'),
  );
});

// A real server is optional (nothing in CI depends on it): set MONGODB_URL to run the same properties
// there, e.g. MONGODB_URL=mongodb://localhost:27017 (see docs/mongo.md).
describe.skipIf(!url)('MongoDB target on a real server: differential against the compiled predicate', () => {
  suite(
    async () => serverEngine(url!),
    async () => serverEngine(url!, 'dates'),
  );
});
