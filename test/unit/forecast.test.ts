import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { compilePolicy, FilterError, forecastInventory, forecastRecord } from '../../src/index.js';

const root = join(import.meta.dirname, '..', '..');
const example = (name: string): unknown =>
  JSON.parse(readFileSync(join(root, 'fixtures', 'policies', 'examples', name), 'utf8'));
const T0 = '2026-06-01T00:00:00.000Z';
const cluster = (id: string, version: string | undefined, end: string) => ({
  id,
  resource: 'component',
  technology: 'kubernetes',
  ...(version === undefined ? {} : { version }),
  details: { kubernetes: { endOfStandardSupport: end } },
});

describe('forecast: an end-of-life table as data', () => {
  const eol = compilePolicy(example('kubernetes-end-of-support.json'), { asOf: T0 });

  it('names the date a version falls out of support, the time condition and the row’s version bound', () => {
    const { initial, transitions } = forecastRecord(eol, cluster('k1', '1.30.4', '2026-07-23T00:00:00Z'), {
      asOf: T0,
      horizon: 'P90D',
    });
    expect(initial.status).toBe('support-ending');
    expect(transitions).toHaveLength(1);
    const [t] = transitions;
    expect(t!.at).toBe('2026-07-23T00:00:00.000Z');
    expect([t!.from.status, t!.to.status]).toEqual(['support-ending', 'end-of-life']);
    expect(t!.to.rule).toEqual({ status: 'end-of-life', ruleIndex: 1 });
    expect(t!.causes).toEqual([
      {
        path: 'details$.kubernetes$.endOfStandardSupport',
        operator: '$lte',
        now: 'PT0S',
        value: '2026-07-23T00:00:00Z',
      },
    ]);
    expect(t!.versions).toEqual([
      { path: 'version', operator: '$vgte', version: '1.29' },
      { path: 'version', operator: '$vlt', version: '1.31' },
    ]);
  });

  it('a version below the table is out of support from the start; an unknown version never changes', async () => {
    const summary = await forecastInventory(
      [eol],
      [
        cluster('old', '1.27', '2026-07-01T00:00:00Z'),
        cluster('k1', '1.30', '2026-07-23T00:00:00Z'),
        cluster('k2', '1.31', '2026-10-01T00:00:00Z'),
        cluster('none', undefined, '2026-07-01T00:00:00Z'),
        cluster('bad-date', '1.31', '2026-07-01'),
      ],
      { asOf: T0, horizon: 'P90D', by: 'month' },
    );
    const p = summary.policies[0]!;
    expect(summary.steps).toEqual([
      T0,
      '2026-07-01T00:00:00.000Z',
      '2026-08-01T00:00:00.000Z',
      '2026-08-30T00:00:00.000Z',
    ]);
    const series = Object.fromEntries(p.statuses.map((s) => [s.status, s.series]));
    // k2 enters support-ending 90 days before 2026-10-01: 2026-07-03.
    expect(series).toEqual({
      supported: [2, 2, 1, 1],
      'version-unknown': [1, 1, 1, 1],
      'support-ending': [1, 1, 1, 1],
      'end-of-life': [1, 1, 2, 2],
    });
    expect(p.first.map((t) => [t.id, t.at, t.to.status])).toEqual([
      ['k2', '2026-07-03T00:00:00.000Z', 'support-ending'],
      ['k1', '2026-07-23T00:00:00.000Z', 'end-of-life'],
    ]);
    expect(p.changing).toBe(2);
    expect(p.statuses.find((s) => s.status === 'end-of-life')!.reached).toBe(2);
  });
});

describe('forecastInventory', () => {
  const expiry = compilePolicy(example('certificate-expiry.json'), { asOf: T0 });

  it('counts every record at every step, weeks from Monday 00:00 UTC (2026-06-01 is a Monday)', async () => {
    const records = Array.from({ length: 50 }, (_, i) => ({
      id: i,
      type: 'ssl',
      expirationDate: new Date(Date.parse(T0) + i * 2 * 86_400_000).toISOString(),
    }));
    const summary = await forecastInventory([expiry], records, {
      asOf: '2026-06-03T12:00:00Z',
      horizon: 'P20D',
      by: 'week',
    });
    expect(summary.steps).toEqual([
      '2026-06-03T12:00:00.000Z',
      '2026-06-08T00:00:00.000Z',
      '2026-06-15T00:00:00.000Z',
      '2026-06-22T00:00:00.000Z',
      '2026-06-23T12:00:00.000Z',
    ]);
    const p = summary.policies[0]!;
    for (let k = 0; k < summary.steps.length; k++) {
      expect(p.statuses.reduce((n, s) => n + s.series[k]!, 0) + p.notApplicable[k]!).toBe(50);
      // Each step's counts are the statuses evaluated at that instant.
      const at = expiry.at(summary.steps[k]!);
      for (const s of p.statuses) {
        expect(s.series[k], `${s.status} at ${summary.steps[k]}`).toBe(
          records.filter((r) => at.evaluate(r).status === s.status).length,
        );
      }
    }
  });

  it('passes every transition on in input order, and keeps the earliest `first`', async () => {
    const seen: Array<[number, number]> = [];
    const records = [
      { type: 'ssl', expirationDate: '2026-06-20T00:00:00Z' },
      { type: 'ssl', expirationDate: '2026-06-10T00:00:00Z' },
    ];
    const summary = await forecastInventory([expiry], records, {
      asOf: T0,
      horizon: 'P30D',
      first: 1,
      onTransition: (t) => {
        seen.push([t.index, t.ms]);
      },
    });
    expect(seen.map(([i]) => i)).toEqual([0, 1]);
    expect(summary.policies[0]!.first).toHaveLength(1);
    expect(summary.policies[0]!.first[0]!.index).toBe(1);
    expect(summary.policies[0]!.transitions).toBe(2);
  });

  it('refuses a bad horizon, asOf or by with INVALID_OPTION', async () => {
    for (const options of [
      { horizon: 'P1M' },
      { horizon: '-P1D' },
      { horizon: 'soon' },
      { horizon: 'P90D', asOf: 'yesterday' },
      { horizon: 'P90D', by: 'year' },
      { horizon: 'P99999999D', asOf: T0 },
    ]) {
      const error = await forecastInventory([expiry], [], options as never).catch((e: unknown) => e);
      expect(error, JSON.stringify(options)).toBeInstanceOf(FilterError);
      expect((error as FilterError).code).toBe('INVALID_OPTION');
    }
  });
});

describe('forecastInventory with waivers', () => {
  const expiry = example('certificate-expiry.json');
  const day = 86_400_000;
  const t0 = Date.parse(T0);
  const cert = (id: string, days: number) => ({
    id,
    resource: 'certificate',
    type: 'ssl',
    expirationDate: new Date(t0 + days * day).toISOString(),
  });
  const waiver = (id: string, ids: string[], days: number) => ({
    id,
    policy: 'Certificate expiry',
    ids,
    accepts: { maxCriticality: 20 },
    expires: new Date(t0 + days * day).toISOString(),
    owner: 'o',
    reason: 'r',
  });
  const records = [cert('c1', -5), cert('c2', 3)];

  it('counts the waived per step; an expiry changes the mark, not the status entered', async () => {
    const s = await forecastInventory([expiry], records, {
      asOf: T0,
      horizon: 'P7D',
      waivers: { waivers: [waiver('W-1', ['c1', 'c2'], 2)] },
    });
    const p = s.policies[0]!;
    const of = (name: string) => p.statuses.find((x) => x.status === name)!;
    // c1 expired, c2 expiring soon, both waived until day 2; c2 expires on day 3.
    expect(s.steps.slice(0, 5)).toEqual([0, 1, 2, 3, 4].map((d) => new Date(t0 + d * day).toISOString()));
    expect(of('expired').series.slice(0, 5)).toEqual([1, 1, 1, 1, 2]);
    expect(of('expired').waived.slice(0, 5)).toEqual([1, 1, 0, 0, 0]);
    expect(of('expiring-soon').waived.slice(0, 5)).toEqual([1, 1, 0, 0, 0]);
    expect([of('expired').entered, of('expired').reached, of('expired').reachedUnwaived]).toEqual([1, 2, 2]);
    expect(p.transitions).toBe(3);
    expect(p.first.map((t) => [t.id, t.ms - t0, t.waiverExpired])).toEqual([
      ['c1', 2 * day, 'W-1'],
      ['c2', 2 * day, 'W-1'],
      ['c2', 3 * day + 1, null],
    ]);
  });

  it('the option replaces the waivers a compiled policy has, as evaluateInventory does', async () => {
    const compiled = compilePolicy(expiry, { asOf: T0, waivers: [waiver('W-1', ['c1'], 2)] });
    const own = await forecastInventory([compiled], records, { asOf: T0, horizon: 'P7D' });
    expect(own.policies[0]!.first.map((t) => t.waiverExpired)).toEqual(['W-1', null]);
    const other = await forecastInventory([compiled], records, {
      asOf: T0,
      horizon: 'P7D',
      waivers: [waiver('W-2', ['c1'], 5)],
    });
    expect(other.policies[0]!.first.map((t) => [t.id, t.ms - t0, t.waiverExpired])).toEqual([
      ['c2', 3 * day + 1, null],
      ['c1', 5 * day, 'W-2'],
    ]);
  });
});
