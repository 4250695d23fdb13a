import fc from 'fast-check';
import { Aggregator } from 'mingo';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compileFilter, FilterError, parseQuery } from '../../../src/index.js';
import {
  policyDiffMongo,
  policyToMongo,
  prepareMongoQuery,
  queryToMongo,
  toMongo,
  toMongoExpr,
} from '../../../src/mongo.js';
import { timestampMs } from '../../../src/semantics/time.js';
import { FIRST_DATE_INSTANT, instantExpr, LAST_DATE_INSTANT } from '../../../src/targets/mongo/time.js';
import { mingoEngine } from '../../support/mongo-engines.js';
import { check, NUM_RUNS, titled } from '../../support/property.js';
import { arbTimestamp } from '../../support/time-arbitraries.js';

const AS_OF = '2026-06-01T12:00:00Z';
const AS_OF_MS = Date.parse(AS_OF);
const DAY = 86_400_000;

/** The instants mingo computes with the target's expression for each value, null for "none". */
function mongoInstants(values: readonly unknown[]): unknown[] {
  let n = 0;
  const expr = instantExpr('$x', () => `v${++n}`);
  const docs = values.map((x, i) => ({ _id: i, x }));
  const out = new Aggregator([{ $project: { t: expr } }]).run(docs) as { _id: number; t?: unknown }[];
  const byId = new Map(out.map((d) => [d._id, d.t ?? null]));
  return values.map((_, i) => byId.get(i));
}

/** The instant memory reads from a value (a `Date` through its ISO string), null for none. */
function memoryInstant(value: unknown): number | null {
  const s = value instanceof Date ? (Number.isNaN(value.getTime()) ? null : value.toISOString()) : value;
  if (typeof s !== 'string') return null;
  const ms = timestampMs(s);
  return Number.isNaN(ms) ? null : ms;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Mostly `valid`, sometimes `other`: each part of a built timestamp is out of its range now and then. */
const mostly = <T>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 12, arbitrary: valid }, { weight: 1, arbitrary: other });
const twoDigits = fc.integer({ min: 0, max: 99 });

/** Timestamps built from parts, each part sometimes out of its range (month 13, day 31 of April…). */
const arbBuilt = fc
  .record({
    y: fc.oneof(fc.integer({ min: 0, max: 9999 }), fc.constantFrom(0, 1600, 1900, 2000, 2024, 2100, 9999)),
    mo: mostly(fc.integer({ min: 1, max: 12 }), twoDigits),
    d: fc.oneof(fc.integer({ min: 1, max: 28 }), fc.constantFrom(29, 30, 31), twoDigits),
    h: mostly(fc.integer({ min: 0, max: 23 }), twoDigits),
    mi: mostly(fc.integer({ min: 0, max: 59 }), twoDigits),
    s: mostly(fc.integer({ min: 0, max: 59 }), twoDigits),
    t: mostly(fc.constantFrom('T', 't'), fc.constantFrom(' ', '_', '')),
    fraction: fc.oneof(fc.constant(''), fc.stringMatching(/^\.[0-9]{0,12}$/)),
    zone: mostly(
      fc.oneof(
        fc.constantFrom('Z', 'z'),
        fc
          .tuple(fc.constantFrom('+', '-'), fc.integer({ min: 0, max: 23 }), fc.integer({ min: 0, max: 59 }))
          .map(([sign, oh, om]) => `${sign}${pad(oh, 2)}:${pad(om, 2)}`),
      ),
      fc.oneof(
        fc.constantFrom('', '+00', 'UTC', '+0200', '+24:00', '-00:60', 'Z\n', 'ZZ'),
        fc
          .tuple(fc.constantFrom('+', '-'), twoDigits, twoDigits)
          .map(([sign, oh, om]) => `${sign}${pad(oh, 2)}:${pad(om, 2)}`),
      ),
    ),
  })
  .map(
    (p) =>
      `${pad(p.y, 4)}-${pad(p.mo, 2)}-${pad(p.d, 2)}${p.t}${pad(p.h, 2)}:${pad(p.mi, 2)}:${pad(p.s, 2)}${p.fraction}${p.zone}`,
  );

/** A built timestamp with one character replaced, inserted or removed. */
const arbMutated = fc
  .tuple(
    arbBuilt,
    fc.nat(),
    fc.constantFrom('replace', 'insert', 'remove'),
    fc.constantFrom('0', '9', '-', ':', '.', 'T', 'Z', '+', ' ', '\n', '\0', 'x', '٣', '０', '😀', '\uD800'),
  )
  .map(([s, at, how, c]) => {
    const i = at % (s.length + 1);
    if (how === 'insert') return s.slice(0, i) + c + s.slice(i);
    if (how === 'remove') return s.slice(0, i) + s.slice(i + 1);
    return s.slice(0, i) + c + s.slice(i + 1);
  });

// With the shared timestamps of every accepted and refused shape (test/support/time-arbitraries.ts).
const arbTimestampish = fc.oneof(arbBuilt, arbBuilt, arbMutated, arbTimestamp, fc.string({ maxLength: 30 }));

/** Dates around the years a `Date`'s ISO string has four digits for, and far outside them. */
const arbDate = fc
  .oneof(
    fc.integer({ min: FIRST_DATE_INSTANT - DAY, max: LAST_DATE_INSTANT + DAY }),
    fc.constantFrom(
      FIRST_DATE_INSTANT - 1,
      FIRST_DATE_INSTANT,
      LAST_DATE_INSTANT,
      LAST_DATE_INSTANT + 1,
      0,
      -1,
      8.64e15,
      -8.64e15,
    ),
    fc.integer({ min: -8.64e15, max: 8.64e15 }),
  )
  .map((ms) => new Date(ms));

describe('the instant of a value on MongoDB (mingo) is the instant memory reads', () => {
  it(titled('random timestamp strings, valid and not: the expression gives timestampMs, or none'), () => {
    let valid = 0;
    let invalid = 0;
    check(
      fc.property(fc.array(arbTimestampish, { minLength: 1, maxLength: 20 }), (strings) => {
        const expected = strings.map(memoryInstant);
        valid += expected.filter((x) => x !== null).length;
        invalid += expected.filter((x) => x === null).length;
        expect(mongoInstants(strings)).toEqual(expected);
      }),
    );
    // The generator reaches both sides of the shape check.
    expect(valid).toBeGreaterThan(NUM_RUNS);
    expect(invalid).toBeGreaterThan(NUM_RUNS);
  });

  it('pins the edges: leap days, ranges, offsets, fractions truncated, T/Z in either case', () => {
    const cases = [
      '2024-02-29T00:00:00Z',
      '2023-02-29T00:00:00Z',
      '2000-02-29T00:00:00Z',
      '1900-02-29T00:00:00Z',
      '2026-04-30T23:59:59Z',
      '2026-04-31T00:00:00Z',
      '2026-12-31T23:59:59.9999999z',
      '2026-01-01t00:00:00.5+02:00',
      '2026-01-01T00:00:00.123-23:59',
      '2026-01-01T00:00:00+24:00',
      '2026-01-01T00:00:00+00:60',
      '2026-01-01T24:00:00Z',
      '2026-01-01T00:60:00Z',
      '2026-01-01T00:00:60Z',
      '2026-01-01T00:00:00.Z',
      '2026-01-01T00:00:00Z\n',
      '2026-01-01T00:00:00',
      '2026-01-01',
      '0000-01-01T00:00:00Z',
      '0000-02-29T00:00:00Z',
      '9999-12-31T23:59:59.999Z',
      '+02026-01-01T00:00:00Z',
      '２０２６-01-01T00:00:00Z',
    ];
    const expected = cases.map(memoryInstant);
    expect(expected.filter((x) => x === null).length).toBeGreaterThan(5);
    expect(mongoInstants(cases)).toEqual(expected);
  });

  it(titled('BSON dates: their milliseconds in the years 0000–9999, none outside'), () => {
    check(
      fc.property(fc.array(arbDate, { minLength: 1, maxLength: 20 }), (dates) => {
        expect(mongoInstants(dates)).toEqual(dates.map(memoryInstant));
      }),
    );
  });

  it('no other value is an instant, and none raises', () => {
    const values = [5, 1767225600000, 0, -1.5, true, false, null, {}, { a: '2026-01-01T00:00:00Z' }];
    // No invalid `Date`: BSON has none (the harness stores it as null, as JSON does).
    const more = [['2026-01-01T00:00:00Z'], [], /x/];
    expect(mongoInstants([...values, ...more])).toEqual([...values, ...more].map(() => null));
  });
});

/**
 * Filters with time comparisons on records holding BSON dates and strings, on mingo (dates kept as
 * BSON dates), against `compileFilter` with the same asOf.
 */
describe('time comparisons on MongoDB (mingo) select what compileFilter selects', () => {
  const dates = mingoEngine('dates');
  const strings = mingoEngine();
  const near = (days: number, ms = 0) => new Date(AS_OF_MS + days * DAY + ms);
  const values: unknown[] = [
    near(29),
    near(30),
    near(30, 1),
    near(31),
    near(-90, -1),
    near(-90),
    near(0),
    near(0).toISOString(),
    '2026-07-01T14:00:00+02:00',
    '2026-07-01T12:00:00.0001Z',
    '2026-07-01T11:59:59.999999Z',
    '2026-07-01',
    '2026-02-29T00:00:00Z',
    'yesterday',
    new Date(Date.UTC(10_000, 0, 1)),
    new Date(-62_167_219_200_001),
    new Date(Number.NaN),
    AS_OF_MS,
    true,
    null,
    { d: near(0) },
    [near(0)],
  ];
  const records = [
    {},
    ...values.map((d) => ({ d })),
    ...values.map((d) => ({ arr: [d, 'x'] })),
    ...values.map((d) => ({ o: { d } })),
    ...values.map((d) => ({ arr: [{ d }, 5] })),
    { arr: [] },
    { arr: near(0) },
  ];
  const filters: Record<string, unknown>[] = [
    { d: { $lt: { $now: 'P30D' } } },
    { d: { $lte: { $now: 'P30D' } } },
    { d: { $gt: { $now: 'P30D' } } },
    { d: { $gte: { $now: '-P90D' }, $lt: { $now: 'P30D' } } },
    { d: { $eq: { $now: 'P30D' } } },
    { d: { $ne: { $now: 'P30D' } } },
    { d: { $ne: { $at: '2026-07-01T12:00:00Z' }, $exists: true } },
    { d: { $eq: { $at: '2026-07-01T12:00:00Z' } } },
    { 'o$.d': { $lt: { $now: 'PT0S' } } },
    { 'o$.d': { $ne: { $now: 'PT0S' } } },
    { 'arr$.__svcArrayAny__': { $gte: { $now: '-P90D' } } },
    { 'arr$.__svcArrayAny__': { $ne: { $now: 'PT0S' } } },
    { 'arr$.__svcArrayAny__$.d': { $lt: { $now: 'P30D' } } },
    { 'arr$.__svcArrayAny__': { $elemMatch: { d: { $gte: { $now: '-P90D' }, $lte: { $now: 'P30D' } } } } },
    { 'arr$.__svcArrayAny__': { $elemMatch: { d: { $ne: { $now: 'PT0S' } } } } },
    { $not: { d: { $lt: { $now: 'P30D' } } } },
    { $or: [{ d: { $lt: { $now: '-P90D' } } }, { 'o$.d': { $gt: { $at: '2026-01-01T00:00:00+02:00' } } }] },
  ];

  it.each(filters)('%j', async (filter) => {
    const predicate = compileFilter(filter, { asOf: AS_OF });
    const expected = records.flatMap((r, i) => (predicate(r) ? [i] : []));
    expect(expected.length).toBeGreaterThan(0);
    expect(expected.length).toBeLessThan(records.length);
    for (const engine of [dates, strings]) {
      expect(await engine.find(toMongo(filter, { asOf: AS_OF }), records)).toEqual(expected);
      expect(await engine.find({ $expr: toMongoExpr(filter, { asOf: AS_OF }) }, records)).toEqual(expected);
    }
  });
});

/** Every number a `$literal` holds: the bounds of the time comparisons in the output. */
function bounds(output: unknown, out: number[] = []): number[] {
  if (Array.isArray(output)) for (const x of output) bounds(x, out);
  else if (typeof output === 'object' && output !== null) {
    for (const [k, v] of Object.entries(output)) {
      if (k === '$literal' && typeof v === 'number') out.push(v);
      else bounds(v, out);
    }
  }
  return out;
}

const expiring = { expirationDate: { $lt: { $now: 'P30D' } } };
const policy = {
  name: 'certificates',
  statusDefinitions: {
    ok: { isDefault: true, criticality: 10 },
    expiring: {
      isDefault: false,
      criticality: 20,
      rules: [
        {
          conditions: [
            { type: 'filter', condition: { filter: { expirationDate: { $lt: { $now: 'P30D' } } } } },
          ],
        },
      ],
    },
    expired: {
      isDefault: false,
      criticality: 30,
      rules: [
        {
          conditions: [
            { type: 'filter', condition: { filter: { expirationDate: { $lt: { $now: 'P30D' } } } } },
          ],
        },
      ],
    },
  },
  query: { filter: { expirationDate: { $gte: { $now: '-P365D' } } } },
};

describe('asOf: the instant is a literal of the output', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('writes asOf + duration as a number, never $$NOW; a Date, a string and milliseconds agree', () => {
    const outputs = [AS_OF, new Date(AS_OF_MS), AS_OF_MS, '2026-06-01T14:00:00+02:00'].map((asOf) =>
      JSON.stringify([toMongo(expiring, { asOf }), toMongoExpr(expiring, { asOf })]),
    );
    expect(new Set(outputs).size).toBe(1);
    expect(outputs[0]).not.toContain('NOW');
    expect(bounds(JSON.parse(outputs[0]!))).toEqual([AS_OF_MS + 30 * DAY, AS_OF_MS + 30 * DAY]);
    expect(JSON.stringify(toMongo(expiring, { asOf: AS_OF_MS + 1 }))).not.toBe(
      JSON.stringify(toMongo(expiring, { asOf: AS_OF })),
    );
    // `$at` does not depend on asOf.
    const at = { d: { $gte: { $at: '2026-01-01T00:00:00+02:00' } } };
    expect(bounds(toMongoExpr(at, { asOf: 0 }))).toEqual([Date.parse('2025-12-31T22:00:00Z')]);
  });

  it('the query form: an $expr behind the prefilter "a string or a date"; $ne has no prefilter', () => {
    const query = toMongo(expiring, { asOf: AS_OF });
    expect(query).toEqual({ expirationDate: { $type: ['string', 'date'] }, $expr: expect.anything() });
    expect(query.$expr).toEqual(toMongoExpr(expiring, { asOf: AS_OF }));
    expect(Object.keys(toMongo({ d: { $ne: { $now: 'P1D' } } }, { asOf: AS_OF }))).toEqual(['$expr']);
  });

  it('reads the clock once per call when asOf is unset: every partition and the stage agree', () => {
    let clock = AS_OF_MS;
    vi.spyOn(Date, 'now').mockImplementation(() => (clock += 1000));
    const { partitions, addStatusStage } = policyToMongo(policy);
    const all = bounds([partitions, addStatusStage]);
    expect(new Set(all.map((b) => b - (b > AS_OF_MS ? 30 * DAY : -365 * DAY)))).toEqual(
      new Set([AS_OF_MS + 1000]),
    );
    const diff = bounds(policyDiffMongo(policy, { ...policy, name: 'edited' }));
    expect(new Set(diff.map((b) => b - (b > AS_OF_MS ? 30 * DAY : -365 * DAY)))).toEqual(
      new Set([AS_OF_MS + 2000]),
    );
    expect(bounds(toMongo(expiring))).toEqual([AS_OF_MS + 3000 + 30 * DAY]);
  });

  it('policyToMongo and policyDiffMongo take asOf', () => {
    const { partitions, addStatusStage } = policyToMongo(policy, { asOf: AS_OF });
    expect(new Set(bounds([partitions, addStatusStage]))).toEqual(
      new Set([AS_OF_MS + 30 * DAY, AS_OF_MS - 365 * DAY]),
    );
    expect(new Set(bounds(policyDiffMongo(policy, policy, { asOf: AS_OF })))).toEqual(
      new Set([AS_OF_MS + 30 * DAY, AS_OF_MS - 365 * DAY]),
    );
  });

  it('pages take asOf: the filter of queryToMongo and prepareMongoQuery', () => {
    const body = { filter: expiring, fields: ['id'] };
    const plan = parseQuery(body, 'certificate');
    expect(bounds(queryToMongo(plan, { asOf: AS_OF }).pipeline)).toContain(AS_OF_MS + 30 * DAY);
    expect(bounds(prepareMongoQuery(body, 'certificate', { asOf: AS_OF }).pipeline)).toContain(
      AS_OF_MS + 30 * DAY,
    );
  });

  it('an asOf that names no instant is INVALID_OPTION at /asOf, on every entry', () => {
    const plan = parseQuery({ filter: expiring }, 'certificate');
    for (const asOf of ['2026-06-01', 'now', Number.NaN, 1.5, new Date(Number.NaN), {}] as unknown[]) {
      const options = { asOf } as { asOf: string };
      for (const call of [
        () => toMongo(expiring, options),
        () => toMongoExpr(expiring, options),
        () => policyToMongo(policy, options),
        () => policyDiffMongo(policy, policy, options),
        () => queryToMongo(plan, options),
        () => prepareMongoQuery({ filter: expiring }, 'certificate', options),
      ]) {
        expect(call).toThrow(FilterError);
        try {
          call();
        } catch (error) {
          expect(error).toMatchObject({ code: 'INVALID_OPTION', path: '/asOf' });
        }
      }
    }
  });
});
