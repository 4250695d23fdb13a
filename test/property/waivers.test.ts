import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePolicy } from '../../src/index.js';
import { policyToMongo } from '../../src/mongo.js';
import { policyToSql } from '../../src/sql.js';
import { ENGINE_NAMES_WITH_DUCKDB, type Engine, openEngine, TestTable } from '../integration/sql/engines.js';
import { mingoEngine } from '../support/mongo-engines.js';
import { check, checkAsync, NUM_RUNS, titled } from '../support/property.js';

/**
 * Waivers, differentially: random policies, waivers and records at instants around the waivers' expiries
 * (to the millisecond, in several offsets, ties included); the waiver memory names is the one SQL and
 * MongoDB name. Filter semantics are proven by the filter properties: here the covering filters come
 * from a small pool, and the properties exercise which waiver applies, when, and to what.
 */

type Json = Record<string, unknown>;

const IDS = ['r1', 'r2', 'r3', 'r4'];
const TEAMS = ['core', 'edge', 'ops'];
const STATUSES = ['ok', 'low', 'mid', 'high'];

/** Expiry instants, several written for the same instant in other offsets (ties by id). */
const EXPIRIES: readonly [string, number][] = [
  ['2027-01-01T00:00:00Z', Date.parse('2027-01-01T00:00:00Z')],
  ['2027-01-01T01:00:00+01:00', Date.parse('2027-01-01T00:00:00Z')],
  ['2026-12-31T19:00:00.000-05:00', Date.parse('2027-01-01T00:00:00Z')],
  ['2027-01-01T00:00:00.001Z', Date.parse('2027-01-01T00:00:00.001Z')],
  ['2027-06-30T23:59:59.999+00:00', Date.parse('2027-06-30T23:59:59.999Z')],
  ['2027-07-01T05:30:00.5+05:30', Date.parse('2027-07-01T00:00:00.500Z')],
];

const arbCover: fc.Arbitrary<Json> = fc.oneof(
  fc.record({ ids: fc.uniqueArray(fc.constantFrom(...IDS), { minLength: 1, maxLength: 3 }) }),
  fc.record({
    filter: fc.constantFrom<Json>(
      { team: { $eq: 'core' } },
      { team: { $in: ['edge', 'ops'] } },
      { v: { $gte: 5 } },
      {},
    ),
  }),
  fc.record({
    ids: fc.uniqueArray(fc.constantFrom(...IDS), { minLength: 1, maxLength: 2 }),
    filter: fc.constantFrom<Json>({ team: { $ne: 'ops' } }, { v: { $lt: 7 } }),
  }),
);

const arbWaivers = fc
  .array(
    fc.record({
      cover: arbCover,
      accepts: fc.oneof(
        fc.constantFrom(...STATUSES).map((status) => ({ status })),
        fc.constantFrom(0, 5, 10, 15, 30).map((maxCriticality) => ({ maxCriticality })),
      ),
      expires: fc.constantFrom(...EXPIRIES),
      otherPolicy: fc.boolean(),
    }),
    { maxLength: 6 },
  )
  .map((list) => ({
    waivers: list.map((w, i) => ({
      // Ids in an order unrelated to the list's, so that ties are decided by id, not by position.
      id: `w${(i * 7) % 10}${i}`,
      policy: w.otherPolicy && i % 3 === 0 ? 'other' : 'p',
      ...w.cover,
      accepts: w.accepts,
      expires: w.expires[0],
      owner: 'o',
      reason: 'r',
    })),
  }));

/** A policy on `v` with random thresholds and criticalities (ties included), scoped or not. */
const arbPolicy = fc
  .record({
    thresholds: fc.tuple(
      fc.integer({ min: 0, max: 9 }),
      fc.integer({ min: 0, max: 9 }),
      fc.integer({ min: 0, max: 9 }),
    ),
    criticalities: fc.tuple(
      fc.constantFrom(5, 10, 10, 20),
      fc.constantFrom(5, 10, 20),
      fc.constantFrom(10, 20, 30),
    ),
    scoped: fc.boolean(),
  })
  .map(({ thresholds, criticalities, scoped }) => ({
    name: 'p',
    statusDefinitions: {
      ok: { isDefault: true, criticality: 0 },
      ...Object.fromEntries(
        STATUSES.slice(1).map((s, i) => [
          s,
          {
            criticality: criticalities[i]!,
            rules: [
              { conditions: [{ type: 'filter', condition: { filter: { v: { $gte: thresholds[i]! } } } }] },
            ],
          },
        ]),
      ),
    },
    ...(scoped ? { query: { filter: { team: { $ne: 'ops' } } } } : {}),
  }));

const arbRecord = fc.record(
  {
    id: fc.oneof(fc.constantFrom(...IDS), fc.constant('x9')),
    team: fc.constantFrom(...TEAMS),
    v: fc.integer({ min: 0, max: 10 }),
  },
  { requiredKeys: ['v'] },
);

/** asOf just before, at and after an expiry instant. */
const arbAsOf = fc
  .tuple(fc.constantFrom(...EXPIRIES), fc.constantFrom(-1, 0, 1, -86_400_000))
  .map(([[, ms], d]) => new Date(ms + d).toISOString());

const arbCase = fc.tuple(
  arbPolicy,
  arbWaivers,
  fc.array(arbRecord, { minLength: 1, maxLength: 10 }),
  arbAsOf,
);

/** What memory gives each record: its status and the waiver named. */
function memory(policy: Json, waivers: unknown, records: readonly Json[], asOf: string, codegen: boolean) {
  const p = compilePolicy(policy, { asOf, waivers, codegen });
  return records.map((r) => {
    const result = p.evaluate(r);
    return { status: result.status, waiver: result.waiver?.id ?? null };
  });
}

describe('waivers: memory against a direct reading of docs/waivers.md', () => {
  it(
    titled(
      'the waiver named is the active one covering the record and accepting its status that expires last, then the smallest id',
    ),
    () => {
      check(
        fc.property(arbCase, ([policy, waivers, records, asOf]) => {
          const at = Date.parse(asOf);
          const statuses = policy.statusDefinitions as Record<string, { criticality: number }>;
          for (const [i, got] of memory(policy, waivers, records, asOf, false).entries()) {
            const r = records[i]!;
            const candidates = waivers.waivers.filter((w) => {
              if (w.policy !== 'p' || got.status === null) return false;
              if (!(at < Date.parse(w.expires))) return false;
              const a = w.accepts as { status?: string; maxCriticality?: number };
              const ok =
                a.status !== undefined
                  ? a.status === got.status
                  : statuses[got.status]!.criticality <= a.maxCriticality!;
              if (!ok) return false;
              const ids = (w as { ids?: string[] }).ids;
              if (ids !== undefined && !ids.includes(r.id as string)) return false;
              const f = (w as { filter?: Json }).filter;
              return (
                f === undefined ||
                compilePolicy({
                  name: 'f',
                  statusDefinitions: { y: { isDefault: true, criticality: 0 } },
                  query: { filter: f },
                }).evaluate(r).applicable
              );
            });
            candidates.sort(
              (a, b) => Date.parse(b.expires) - Date.parse(a.expires) || (a.id < b.id ? -1 : 1),
            );
            expect(got.waiver).toBe(candidates[0]?.id ?? null);
          }
        }),
      );
    },
  );

  it(titled('closures and generated code name the same waivers'), () => {
    check(
      fc.property(arbCase, ([policy, waivers, records, asOf]) => {
        expect(memory(policy, waivers, records, asOf, true)).toEqual(
          memory(policy, waivers, records, asOf, false),
        );
      }),
    );
  });
});

describe('waivers on MongoDB (mingo): differential against memory', () => {
  it(titled('the waiver stage names the waiver memory names'), async () => {
    const engine = mingoEngine();
    await checkAsync(
      fc.asyncProperty(arbCase, async ([policy, waivers, records, asOf]) => {
        const { addStatusStage, addWaiverStage } = policyToMongo(policy, { asOf, waivers });
        const out = await engine.aggregate([addStatusStage, addWaiverStage!], records);
        const got = records.map((_, i) => {
          const d = out.find((o) => o._id === i)!;
          return { status: d.policyStatus ?? null, waiver: d.policyWaiver ?? null };
        });
        expect(got).toEqual(memory(policy, waivers, records, asOf, false));
      }),
      { numRuns: Math.ceil(NUM_RUNS / 2) },
    );
  });
});

describe.each(ENGINE_NAMES_WITH_DUCKDB)('waivers on SQL (%s): differential against memory', (engineName) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine(engineName);
  });
  afterAll(async () => {
    await engine?.close();
  });

  it(titled('the waiver expression names the waiver memory names'), async () => {
    const table = new TestTable(engine, ['team', 'v'], 'svc_waiver_props');
    await table.create();
    await checkAsync(
      fc.asyncProperty(arbCase, async ([policy, waivers, records, asOf]) => {
        await table.clear();
        await table.insert(records);
        const columns = {
          ...table.mappings('json', records, new Set())[0]!,
          id: { column: 'doc', type: 'json', path: ['id'] },
        } as const;
        const { statusExpression, waiverExpression, params } = policyToSql(policy, {
          dialect: engine.dialect,
          columns,
          asOf,
          waivers,
        });
        const rows = await engine.query(
          `SELECT ${statusExpression} AS status, ${waiverExpression} AS waiver FROM "svc_waiver_props" ORDER BY id`,
          params,
        );
        expect(rows.map((r) => ({ status: r.status, waiver: r.waiver }))).toEqual(
          memory(policy, waivers, records, asOf, false),
        );
      }),
      // Each run is a few statements on a real engine.
      { numRuns: Math.ceil(NUM_RUNS / 4) },
    );
  });
});
