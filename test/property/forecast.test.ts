import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type CompiledPolicy, compilePolicy, forecaster, sameState } from '../../src/index.js';
import { check } from '../support/property.js';

/**
 * The forecast is exact: for random policies with `$now` conditions and random records, its transitions
 * are exactly the instants where a brute-force evaluation (the policy bound to that instant) differs
 * from the evaluation one millisecond before, at every instant where any comparison could flip, and
 * nothing changes at random instants between them. A window of seconds and durations of milliseconds
 * make values, bounds and the window's ends meet often.
 */

const AS_OF = Date.parse('2026-06-01T00:00:00.000Z');
const HORIZON = 'PT10S';
const UNTIL = AS_OF + 10_000;
const DURATIONS = ['PT0S', 'PT1S', '-PT1S', 'PT0.5S', 'PT2.001S', '-PT0.001S', 'PT9.999S', 'PT10S', 'PT12S'];
const OPERATORS = ['$lt', '$lte', '$gt', '$gte', '$eq', '$ne'] as const;

const duration = fc.constantFrom(...DURATIONS);
const durationMs = (d: string): number => {
  const m = /^(-)?PT(\d+)(?:\.(\d+))?S$/.exec(d)!;
  const ms = Number(m[2]) * 1000 + Number((m[3] ?? '').padEnd(3, '0'));
  return m[1] === '-' ? -ms : ms;
};

/** A timestamp near the window, in several writings of one instant; or a value that is none. */
const value = fc.oneof(
  fc
    .integer({ min: -3000, max: 14_000 })
    .chain((k) =>
      fc.constantFrom(
        new Date(AS_OF + k).toISOString(),
        new Date(AS_OF + k).toISOString().replace('Z', '+00:00'),
        `${new Date(AS_OF + k + 3_600_000).toISOString().slice(0, 23)}+01:00`,
        `${new Date(AS_OF + k).toISOString().slice(0, 23)}999Z`,
      ),
    ),
  fc.integer({ min: -3000, max: 14_000 }).map((k) => new Date(AS_OF + k)),
  fc.constantFrom('2026-06-01', 'soon', '', 42, null, true, new Date(Number.NaN)),
);

const timeField = fc.constantFrom('t', 'u', 'list$.__svcArrayAny__');
const comparison = fc
  .tuple(timeField, fc.constantFrom(...OPERATORS), duration)
  .map(([path, op, d]) => ({ [path]: { [op]: { $now: d } } }));
const other = fc.constantFrom({ kind: { $eq: 'a' } }, { kind: { $ne: 'b' } }, { version: { $vlt: '2' } });
const elem = fc
  .tuple(fc.constantFrom(...OPERATORS), duration)
  .map(([op, d]) => ({ 'items$.__svcArrayAny__': { $elemMatch: { at: { [op]: { $now: d } } } } }));
const leaf = fc.oneof({ weight: 4, arbitrary: comparison }, other, elem);
const filter: fc.Arbitrary<Record<string, unknown>> = fc.oneof(
  { weight: 3, arbitrary: leaf },
  fc.array(leaf, { minLength: 1, maxLength: 3 }).map((f) => ({ $or: f })),
  leaf.map((f) => ({ $not: f })),
  fc.tuple(leaf, leaf).map(([a, b]) => ({ $and: [a, b] })),
);

const policy = fc
  .array(fc.array(fc.array(filter, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }), {
    minLength: 1,
    maxLength: 3,
  })
  .chain((statuses) =>
    fc.record({
      scoped: fc.boolean(),
      statuses: fc.constant(statuses),
      crit: fc.array(fc.integer({ min: 1, max: 3 }), { minLength: 3, maxLength: 3 }),
    }),
  )
  .map(({ scoped, statuses, crit }) => ({
    name: 'random',
    ...(scoped
      ? { query: { filter: { $or: [{ kind: { $eq: 'a' } }, { t: { $gte: { $now: '-PT1S' } } }] } } }
      : {}),
    statusDefinitions: {
      ok: { isDefault: true, criticality: 0 },
      ...Object.fromEntries(
        statuses.map((rules, i) => [
          `s${i}`,
          {
            criticality: crit[i]!,
            rules: rules.map((conditions) => ({
              conditions: conditions.map((f) => ({ type: 'filter', condition: { filter: f } })),
            })),
          },
        ]),
      ),
    },
  }));

const record = fc.record(
  {
    kind: fc.constantFrom('a', 'b'),
    version: fc.constantFrom('1.5', '3'),
    t: value,
    u: value,
    list: fc.array(value, { maxLength: 3 }),
    items: fc.array(fc.record({ at: value }, { requiredKeys: [] }), { maxLength: 2 }),
  },
  { requiredKeys: ['kind'] },
);

/** Every instant a value of the record stands for, wherever it is. */
function instants(v: unknown, out: number[]): number[] {
  if (typeof v === 'string') {
    // Fractions are truncated to milliseconds (docs/semantics.md §4).
    const ms = Date.parse(v.replace(/(\.\d{3})\d+/, '$1'));
    if (/T/.test(v) && !Number.isNaN(ms)) out.push(ms);
  } else if (v instanceof Date) {
    if (!Number.isNaN(v.getTime())) out.push(v.getTime());
  } else if (Array.isArray(v)) for (const e of v) instants(e, out);
  else if (typeof v === 'object' && v !== null) for (const e of Object.values(v)) instants(e, out);
  return out;
}

const stateAt = (p: CompiledPolicy, r: unknown, ms: number) => {
  const result = p.at(ms).evaluate(r);
  return {
    status: result.status,
    criticality: result.criticality,
    rule: result.matched,
    waiver: result.waiver?.id ?? null,
  };
};

/** Waivers of the random policy expiring around and inside the window, by id, by filter (one reads `$now`). */
const waivers = fc
  .array(
    fc.record({
      cover: fc.constantFrom<Record<string, unknown>>(
        { ids: ['r1'] },
        { ids: ['r1', 'r2'] },
        { filter: { kind: { $eq: 'a' } } },
        { ids: ['r1'], filter: { t: { $lt: { $now: 'PT1S' } } } },
      ),
      accepts: fc.oneof(
        fc.constantFrom({ status: 's0' }, { status: 'ok' }),
        fc.integer({ min: 0, max: 3 }).map((n) => ({ maxCriticality: n })),
      ),
      // Often at one instant: ties are named by id.
      k: fc.oneof(fc.integer({ min: -100, max: 12_000 }), fc.constantFrom(1, 5000, 10_000)),
    }),
    { maxLength: 4 },
  )
  .map((list) => ({
    waivers: list.map((w, i) => ({
      id: `W-${i}`,
      policy: 'random',
      ...w.cover,
      accepts: w.accepts,
      expires: new Date(AS_OF + w.k).toISOString(),
      owner: 'team',
      reason: 'accepted',
    })),
  }));

describe('forecast', () => {
  it('equals a brute-force evaluation at every candidate instant, 1 ms before it and between them', () => {
    check(
      fc.property(
        policy,
        record,
        fc.array(fc.integer({ min: 1, max: 10_000 }), { maxLength: 8 }),
        (def, r, samples) => {
          const p = compilePolicy(def, { asOf: AS_OF });
          const { initial, transitions } = forecaster(p, { asOf: AS_OF, horizon: HORIZON }).record(r, 7);
          expect(initial.status).toBe(stateAt(p, r, AS_OF).status);
          // Every instant where some comparison of some value with some bound could flip.
          const candidates = new Set<number>();
          for (const v of instants(r, [])) {
            for (const d of [...DURATIONS, '-PT1S']) {
              for (const c of [v - durationMs(d), v - durationMs(d) + 1])
                if (c > AS_OF && c <= UNTIL) candidates.add(c);
            }
          }
          const expected: Array<{ ms: number; from: string | null; to: string | null }> = [];
          for (const c of [...candidates].sort((a, b) => a - b)) {
            const before = stateAt(p, r, c - 1);
            const after = stateAt(p, r, c);
            if (!sameState(before, after)) expected.push({ ms: c, from: before.status, to: after.status });
          }
          expect(transitions.map((t) => ({ ms: t.ms, from: t.from.status, to: t.to.status }))).toEqual(
            expected,
          );
          for (const t of transitions) {
            expect(t.index).toBe(7);
            expect(t.at).toBe(new Date(t.ms).toISOString());
            expect(t.causes.length).toBeGreaterThan(0);
            expect(t.to).toEqual(stateAt(p, r, t.ms));
          }
          // Between transitions, the state is the last transition's (or the initial one).
          for (const k of samples) {
            const ms = AS_OF + k;
            const last = transitions.filter((t) => t.ms <= ms).at(-1);
            expect(stateAt(p, r, ms).status).toBe((last?.to ?? initial).status);
          }
        },
      ),
    );
  });

  it('with waivers: a waiver expiring in the window is a transition, the mark part of the state', () => {
    check(
      fc.property(
        policy,
        fc.tuple(record, fc.constantFrom('r1', 'r2')).map(([r, id]) => ({ ...r, id })),
        waivers,
        (def, r, list) => {
          const p = compilePolicy(def, { asOf: AS_OF, waivers: list });
          const { initial, transitions } = forecaster(p, { asOf: AS_OF, horizon: HORIZON }).record(r);
          const at = (ms: number) => {
            const s = stateAt(p, r, ms);
            return { status: s.status, waiver: s.waiver };
          };
          expect({ status: initial.status, waiver: initial.waiver }).toEqual(at(AS_OF));
          const candidates = new Set<number>();
          for (const w of list.waivers) {
            const ms = Date.parse(w.expires);
            if (ms > AS_OF && ms <= UNTIL) candidates.add(ms);
          }
          for (const v of instants(r, [])) {
            for (const d of [...DURATIONS, '-PT1S']) {
              for (const c of [v - durationMs(d), v - durationMs(d) + 1])
                if (c > AS_OF && c <= UNTIL) candidates.add(c);
            }
          }
          const expected: Array<{ ms: number; from: unknown; to: unknown }> = [];
          for (const c of [...candidates].sort((a, b) => a - b)) {
            const before = at(c - 1);
            const after = at(c);
            if (before.status !== after.status || before.waiver !== after.waiver)
              expected.push({ ms: c, from: before, to: after });
          }
          expect(
            transitions.map((t) => ({
              ms: t.ms,
              from: { status: t.from.status, waiver: t.from.waiver },
              to: { status: t.to.status, waiver: t.to.waiver },
            })),
          ).toEqual(expected);
          for (const t of transitions) {
            // An expiry names the waiver that marked the record before; anything else has a cause.
            if (t.waiverExpired !== null) {
              expect(t.from.waiver).toBe(t.waiverExpired);
              expect(Date.parse(list.waivers.find((w) => w.id === t.waiverExpired)!.expires)).toBe(t.ms);
            } else expect(t.causes.length).toBeGreaterThan(0);
          }
        },
      ),
    );
  });
});
