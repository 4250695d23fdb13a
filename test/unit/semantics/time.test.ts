import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  asOfMs,
  daysFromCivil,
  instantOf,
  isoOf,
  MAX_INSTANT,
  parseDuration,
  timestampMs,
} from '../../../src/semantics/time.js';
import { check, titled } from '../../support/property.js';
import { referenceDuration, referenceInstant } from '../../support/reference.js';
import { arbDuration, arbTimestamp } from '../../support/time-arbitraries.js';

const S = 1000;
const MIN = 60 * S;
const H = 60 * MIN;
const D = 24 * H;

/** The instant of a UTC calendar time, by the platform's calendar arithmetic (years 0–99 included). */
function utc(y: number, mo: number, d: number, h = 0, mi = 0, s = 0, ms = 0): number {
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  date.setUTCHours(h, mi, s, ms);
  return date.getTime();
}

describe('parseDuration', () => {
  it.each([
    ['P30D', 30 * D],
    ['-P90D', -90 * D],
    ['PT0S', 0],
    ['P0D', 0],
    ['P2W', 14 * D],
    ['PT36H', 36 * H],
    ['PT90M', 90 * MIN],
    ['PT3600S', H],
    ['PT0.5S', 500],
    ['PT1.05S', 1050],
    ['PT1.005S', 1005],
    ['-PT0.001S', -1],
    ['P1W2DT3H4M5.678S', 9 * D + 3 * H + 4 * MIN + 5678],
    ['-P1W2DT3H4M5.678S', -(9 * D + 3 * H + 4 * MIN + 5678)],
    ['P1DT1M', D + MIN],
    ['PT1M', MIN],
    ['P007D', 7 * D],
    ['P100000000D', MAX_INSTANT],
    ['-P100000000D', -MAX_INSTANT],
  ])('%s is %d ms', (text, ms) => {
    expect(parseDuration(text)).toEqual({ ok: true, ms });
  });

  it('reads -P0D as 0, never -0 (the AST holds one zero, as for numbers)', () => {
    const d = parseDuration('-P0D');
    expect(d.ok && Object.is(d.ms, 0)).toBe(true);
    const t = parseDuration('-PT0.000S');
    expect(t.ok && Object.is(t.ms, 0)).toBe(true);
  });

  it.each(['P1M', 'P1Y', 'P1Y2M', 'P1M1D', '-P2M', 'P1Y2M3DT4H', 'P1W1Y'])(
    'refuses months and years in %s, naming the fixed units',
    (text) => {
      const d = parseDuration(text);
      expect(d.ok).toBe(false);
      if (!d.ok) {
        expect(d.why).toMatch(/months and years have no fixed length/);
        expect(d.why).toMatch(/weeks \(W\), days \(D\), hours \(H\), minutes \(M after T\) and seconds \(S/);
      }
    },
  );

  it.each([
    '',
    'P',
    '-P',
    'PT',
    '-PT',
    'P1DT',
    'p1d',
    'P1d',
    'pt1s',
    '+P1D',
    '--P1D',
    'P-1D',
    'P1.5D',
    'PT1.5H',
    'PT1.5M',
    'PT1.2345S',
    'PT0.0001S',
    'PT.5S',
    'PT1.S',
    'P1D2W',
    'PT1M1H',
    'PT1S1M',
    'P1H',
    'P1S',
    'T1H',
    '1D',
    ' P1D',
    'P1D ',
    'P\uff11D',
    'P\u0661D',
    'P1DT1H1M1S1',
    'P1D1D',
  ])('refuses %j', (text) => {
    const d = parseDuration(text);
    expect(d.ok).toBe(false);
    if (!d.ok) expect(d.why).toMatch(/ISO 8601 duration|months and years/);
  });

  it.each([
    'P100000001D',
    'P14285715W',
    'PT8640000000000.001S',
    'PT2400000001H',
    `P${'9'.repeat(400)}D`,
    `-P${'9'.repeat(30)}W`,
  ])('refuses %s, longer than any instant a date holds', (text) => {
    expect(parseDuration(text)).toEqual({ ok: false, why: expect.stringMatching(/±100,000,000 days/) });
  });
});

describe('timestampMs', () => {
  it.each([
    ['2026-01-01T00:00:00Z', utc(2026, 1, 1)],
    ['2026-01-01t00:00:00z', utc(2026, 1, 1)],
    ['2026-01-01T00:00:00+00:00', utc(2026, 1, 1)],
    ['2026-01-01T00:00:00-00:00', utc(2026, 1, 1)],
    ['2026-01-01T02:00:00+02:00', utc(2026, 1, 1)],
    ['2025-12-31T18:30:00-05:30', utc(2026, 1, 1)],
    ['2026-01-01T23:59:00+23:59', utc(2026, 1, 1)],
    ['2025-12-31T00:01:00-23:59', utc(2026, 1, 1)],
    ['2026-06-15T12:34:56Z', utc(2026, 6, 15, 12, 34, 56)],
    ['2026-06-15T12:34:56.7Z', utc(2026, 6, 15, 12, 34, 56, 700)],
    ['2026-06-15T12:34:56.78Z', utc(2026, 6, 15, 12, 34, 56, 780)],
    ['2026-06-15T12:34:56.789Z', utc(2026, 6, 15, 12, 34, 56, 789)],
    ['2026-06-15T12:34:56.7891Z', utc(2026, 6, 15, 12, 34, 56, 789)],
    ['2026-06-15T12:34:56.78912Z', utc(2026, 6, 15, 12, 34, 56, 789)],
    ['2026-06-15T12:34:56.789123Z', utc(2026, 6, 15, 12, 34, 56, 789)],
    ['2026-06-15T12:34:56.7891234Z', utc(2026, 6, 15, 12, 34, 56, 789)],
    ['2026-06-15T12:34:56.78912345Z', utc(2026, 6, 15, 12, 34, 56, 789)],
    ['2026-06-15T12:34:56.789123456Z', utc(2026, 6, 15, 12, 34, 56, 789)],
    ['2026-06-15T12:34:56.9999Z', utc(2026, 6, 15, 12, 34, 56, 999)],
    ['2026-06-15T12:34:56.999999999999999999999Z', utc(2026, 6, 15, 12, 34, 56, 999)],
    ['2026-06-15T12:34:56.0009Z', utc(2026, 6, 15, 12, 34, 56, 0)],
    ['2026-06-15T12:34:56.000+01:00', utc(2026, 6, 15, 11, 34, 56)],
    ['2028-02-29T12:00:00Z', utc(2028, 2, 29, 12)],
    ['2000-02-29T00:00:00Z', utc(2000, 2, 29)],
    ['0000-02-29T00:00:00Z', utc(0, 2, 29)],
    ['0000-01-01T00:00:00Z', -62_167_219_200_000],
    ['0000-01-01T00:00:00+00:01', -62_167_219_200_000 - MIN],
    ['0099-12-31T23:59:59Z', utc(99, 12, 31, 23, 59, 59)],
    ['1969-12-31T23:59:59.999Z', -1],
    ['1970-01-01T00:00:00Z', 0],
    ['9999-12-31T23:59:59.999Z', 253_402_300_799_999],
    ['9999-12-31T23:59:59.999-23:59', 253_402_300_799_999 + 23 * H + 59 * MIN],
  ])('%s is %d', (s, ms) => {
    expect(timestampMs(s)).toBe(ms);
  });

  it.each([
    '2026-02-29T00:00:00Z',
    '2100-02-29T00:00:00Z',
    '1900-02-29T00:00:00Z',
    '2026-04-31T00:00:00Z',
    '2026-13-01T00:00:00Z',
    '2026-00-01T00:00:00Z',
    '2026-01-00T00:00:00Z',
    '2026-01-32T00:00:00Z',
    '2026-01-01T24:00:00Z',
    '2026-01-01T23:60:00Z',
    '2026-12-31T23:59:60Z',
    '2026-01-01T00:00:00+24:00',
    '2026-01-01T00:00:00+00:60',
    '2026-01-01T00:00:00+0000',
    '2026-01-01T00:00:00+00',
    '2026-01-01T00:00:00 +00:00',
    '2026-01-01T00:00:00UTC',
    '2026-01-01T00:00:00',
    '2026-01-01T00:00Z',
    '2026-01-01',
    '2026-01-01 00:00:00Z',
    '2026-01-01T00:00:00.Z',
    '2026-01-01T00:00:00,5Z',
    '2026-01-01T00:00:00ZZ',
    '2026-01-01T00:00:00Z ',
    ' 2026-01-01T00:00:00Z',
    '2026-01-01T00:00:00Z\n',
    '2026-1-01T00:00:00Z',
    '20260101T000000Z',
    '+010000-01-01T00:00:00.000Z',
    '-000001-01-01T00:00:00.000Z',
    '10000-01-01T00:00:00Z',
    '\uff12026-01-01T00:00:00Z',
    '\u0662026-01-01T00:00:00Z',
    '2026-01-01T00:00:00.5+02:00:00',
    'Thu, 01 Jan 2026 00:00:00 GMT',
    'yesterday',
    '',
  ])('%j is no timestamp', (s) => {
    expect(timestampMs(s)).toBeNaN();
  });

  it('is the calendar of UTC Date setters on the 1st, 28th and last day of every month of 0000–9999', () => {
    for (let y = 0; y <= 9999; y++) {
      for (let m = 1; m <= 12; m++) {
        const last = new Date(utc(y, m + 1, 1) - D).getUTCDate();
        for (const d of [1, 28, last]) {
          const text = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}T12:00:00Z`;
          if (timestampMs(text) !== utc(y, m, d, 12)) throw new Error(`${text}: ${timestampMs(text)}`);
        }
        // The day after the last of the month does not exist.
        const next = `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${last + 1}T12:00:00Z`;
        if (!Number.isNaN(timestampMs(next))) throw new Error(`${next} read as an instant`);
      }
    }
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
  });

  it('does not depend on a patched String.prototype.charCodeAt', () => {
    const original = String.prototype.charCodeAt;
    try {
      String.prototype.charCodeAt = () => 48;
      expect(timestampMs('2026-01-01T00:00:00Z')).toBe(utc(2026, 1, 1));
      expect(timestampMs('0000-00-00T00:00:00Z')).toBeNaN();
    } finally {
      String.prototype.charCodeAt = original;
    }
  });
});

describe('instantOf, asOfMs, isoOf', () => {
  it('reads only timestamp strings as instants (Dates are read as their ISO strings before)', () => {
    expect(instantOf('2026-01-01T00:00:00Z')).toBe(utc(2026, 1, 1));
    for (const v of [utc(2026, 1, 1), null, undefined, true, {}, [], 'x']) expect(instantOf(v)).toBeNaN();
  });

  it('takes a Date, an RFC 3339 timestamp or integer epoch milliseconds within ±8.64e15 as asOf', () => {
    expect(asOfMs(new Date(5))).toBe(5);
    expect(asOfMs('1970-01-01T00:00:00.005Z')).toBe(5);
    expect(asOfMs('1970-01-01T02:00:00.0059+02:00')).toBe(5);
    expect(asOfMs(5)).toBe(5);
    expect(asOfMs(-MAX_INSTANT)).toBe(-MAX_INSTANT);
    for (const bad of [
      new Date(Number.NaN),
      '2026-02-29T00:00:00Z',
      '2026-01-01',
      1.5,
      MAX_INSTANT + 1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      null,
      true,
      {},
      10n,
    ]) {
      expect(asOfMs(bad)).toBeNaN();
    }
  });

  it('prints an instant as its ISO string, and a bound past what a Date holds as its number', () => {
    expect(isoOf(0)).toBe('1970-01-01T00:00:00.000Z');
    expect(isoOf(MAX_INSTANT + 1)).toBe(String(MAX_INSTANT + 1));
  });
});

describe('against the reference interpreter', () => {
  it(titled('reads every timestamp of mixed formats, valid or not, as the reference does'), () => {
    check(
      fc.property(fc.oneof(arbTimestamp, fc.string({ maxLength: 30 })), (s) => {
        expect(timestampMs(s)).toBe(referenceInstant(s));
      }),
      { numRuns: 2000 },
    );
  });

  it(titled('reads every duration as the reference does'), () => {
    check(
      fc.property(arbDuration, (text) => {
        const d = parseDuration(text);
        expect(d.ok ? d.ms : undefined).toBe(referenceDuration(text));
      }),
      { numRuns: 2000 },
    );
  });
});
