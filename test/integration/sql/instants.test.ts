import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { timestampMs } from '../../../src/semantics/time.js';
import { postgres } from '../../../src/targets/sql/postgres.js';
import { Params } from '../../../src/targets/sql/sql-text.js';
import { sqlite } from '../../../src/targets/sql/sqlite.js';
import type { SqlDialect } from '../../../src/targets/sql/types.js';
import { checkAsync, titled } from '../../support/property.js';
import { ENGINE_NAMES, type Engine, openEngine } from './engines.js';

// The instant SQL computes from a text (the dialect's `instantMs`) is `timestampMs` of it, on every
// string: valid timestamps of every format, and near misses of every part.

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** A number written in `width` digits, mostly in range, sometimes just past it or in another width. */
const arbField = (min: number, max: number, width: number, edges: readonly number[]): fc.Arbitrary<string> =>
  fc.oneof(
    { weight: 8, arbitrary: fc.integer({ min, max }).map((n) => pad(n, width)) },
    { weight: 4, arbitrary: fc.constantFrom(...edges).map((n) => pad(n, width)) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 10 ** width - 1 }).map((n) => pad(n, width)) },
    { weight: 1, arbitrary: fc.integer({ min: 0, max: 99 }).map(String) },
    {
      weight: 1,
      arbitrary: fc.constantFrom('', '+1', '-1', ' 1', '1a', '\u0661\u0662', '\uFF11\uFF12', '1.'),
    },
  );

const arbZone: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('Z', 'z') },
  {
    weight: 6,
    arbitrary: fc
      .tuple(fc.constantFrom('+', '-'), arbField(0, 23, 2, [0, 23, 24, 99]), arbField(0, 59, 2, [0, 59, 60]))
      .map(([s, h, m]) => `${s}${h}:${m}`),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom('', 'UTC', ' Z', 'Z ', 'ZZ', '+0100', '+01', '\u22120100', '+01:00Z', '\n'),
  },
);

const arbFraction: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constant('') },
  { weight: 6, arbitrary: fc.stringMatching(/^\.[0-9]{1,12}$/) },
  { weight: 1, arbitrary: fc.constantFrom('.', ',5', '.5.5', '.-1', '.\u0665') },
);

/** Timestamps assembled from parts, each part sometimes wrong; then, sometimes, one character changed. */
const arbTimestamp: fc.Arbitrary<string> = fc
  .tuple(
    arbField(0, 9999, 4, [0, 1, 1600, 1900, 1970, 2000, 2024, 2100, 9999]),
    arbField(1, 12, 2, [0, 1, 2, 12, 13]),
    arbField(1, 31, 2, [0, 1, 28, 29, 30, 31, 32]),
    fc.constantFrom('T', 't', 'T', ' ', '_'),
    arbField(0, 23, 2, [0, 23, 24]),
    arbField(0, 59, 2, [0, 59, 60]),
    arbField(0, 59, 2, [0, 59, 60, 61]),
    arbFraction,
    arbZone,
    fc.constantFrom('-', '-', '-', '/'),
    fc.constantFrom(':', ':', ':', '.'),
  )
  .map(([y, mo, d, t, h, mi, s, f, z, ds, ts]) => `${y}${ds}${mo}${ds}${d}${t}${h}${ts}${mi}:${s}${f}${z}`);

const arbEdit: fc.Arbitrary<(s: string) => string> = fc.oneof(
  { weight: 6, arbitrary: fc.constant((s: string) => s) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.nat(), fc.constantFrom('', '0', '9', 'x', ' ', '\u0000', '\u00e9', '\u{1F600}', ':', '-'))
      .map(
        ([at, c]) =>
          (s: string) =>
            s.slice(0, at % (s.length + 1)) + c + s.slice((at % (s.length + 1)) + 1),
      ),
  },
);

const arbText: fc.Arbitrary<string> = fc.oneof(
  { weight: 8, arbitrary: fc.tuple(arbTimestamp, arbEdit).map(([s, edit]) => edit(s)) },
  { weight: 1, arbitrary: fc.string({ maxLength: 30 }) },
  {
    weight: 1,
    arbitrary: fc
      .date({
        min: new Date('0000-01-01T00:00:00Z'),
        max: new Date('9999-12-31T23:59:59.999Z'),
        noInvalidDate: true,
      })
      .map((d) => d.toISOString()),
  },
);

/** Hand-picked cases every run checks, whatever the generator draws. */
const PINNED = [
  '2026-01-01T00:00:00Z',
  '2026-01-01T00:00:00+02:00',
  '2026-01-01t00:00:00.123456789z',
  '2024-02-29T12:00:00Z',
  '2026-02-29T12:00:00Z',
  '2000-02-29T00:00:00Z',
  '1900-02-29T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '0000-02-29T00:00:00-23:59',
  '9999-12-31T23:59:59.999+00:00',
  '9999-12-31T23:59:59.9999-23:59',
  '2026-01-01T24:00:00Z',
  '2026-12-31T23:59:60Z',
  '2026-01-01T00:00:00+24:00',
  '2026-01-01T00:00:00+01:60',
  '2026-01-01T00:00:00.Z',
  '2026-01-01T00:00:00',
  '2026-01-01',
  '2026-01-01T00:00:00.5',
  '2026-01-01T00:00:00.1+01:00',
  '2026-01-01 00:00:00Z',
  '2026-04-31T00:00:00Z',
  '2026-13-01T00:00:00Z',
  '2026-00-10T00:00:00Z',
  '1970-01-01T00:00:00.000Z',
  '1969-12-31T23:59:59.999Z',
  '+02026-01-01T00:00:00Z',
  ' 2026-01-01T00:00:00Z',
  '2026-01-01T00:00:00Z\n',
  '2026-01-01T00:00:00Z\u0000',
  '\uFF12026-01-01T00:00:00Z',
  '',
  'yesterday',
];

function instantQuery(engine: Engine): (texts: readonly string[]) => Promise<(number | null)[]> {
  const dialect = (engine.dialect === 'postgres' ? postgres : sqlite) as SqlDialect<unknown>;
  const p = new Params((i) => dialect.placeholder(i));
  const list = p.add('');
  const sql =
    engine.dialect === 'postgres'
      ? `SELECT e.i AS i, (${dialect.instantMs('e.t', p)})::text AS ms FROM jsonb_array_elements_text(${list}::jsonb) WITH ORDINALITY AS e(t, i) ORDER BY e.i`
      : `SELECT e.key AS i, CAST(${dialect.instantMs('e.value', p)} AS TEXT) AS ms FROM json_each(${list}) AS e ORDER BY e.key`;
  return async (texts) => {
    const rows = await engine.query(sql, [JSON.stringify(texts)]);
    expect(rows.length).toBe(texts.length);
    return rows.map((r) => (r.ms === null ? null : Number(r.ms)));
  };
}

/** What memory says, as SQL gives it: the instant, or NULL for no timestamp. */
const expected = (text: string): number | null => {
  const ms = timestampMs(text);
  return Number.isNaN(ms) ? null : ms;
};

describe.each(ENGINE_NAMES)('the instant of a text on %s', (engineName) => {
  let engine: Engine;
  let instants: (texts: readonly string[]) => Promise<(number | null)[]>;
  // PostgreSQL text cannot hold U+0000; nothing can hold a lone surrogate.
  const storable = (s: string) =>
    !/[\uD800-\uDFFF]/u.test(s.replace(/[\uD800-\uDBFF][\uDC00-\uDFFF]/g, '')) &&
    (engineName === 'sqlite' || !s.includes('\u0000'));
  beforeAll(async () => {
    engine = await openEngine(engineName);
    instants = instantQuery(engine);
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('is timestampMs of each pinned text', async () => {
    const texts = PINNED.filter(storable);
    const got = await instants(texts);
    expect(got.map((ms, i) => [texts[i], ms])).toEqual(texts.map((s) => [s, expected(s)]));
    // The pinned list holds both kinds, so the comparison cannot pass with one answer for all.
    expect(got.filter((ms) => ms !== null).length).toBeGreaterThan(8);
    expect(got.filter((ms) => ms === null).length).toBeGreaterThan(8);
  });

  it(titled('is timestampMs of random texts of mixed formats, valid and not'), async () => {
    let valid = 0;
    let invalid = 0;
    await checkAsync(
      fc.asyncProperty(fc.array(arbText, { minLength: 1, maxLength: 40 }), async (generated) => {
        const texts = generated.filter(storable);
        const got = await instants(texts);
        texts.forEach((s, i) => {
          const want = expected(s);
          if (want === null) invalid++;
          else valid++;
          if (got[i] !== want) {
            throw new Error(`${engineName}: ${JSON.stringify(s)} read as ${got[i]}, memory ${want}`);
          }
        });
      }),
    );
    // Both kinds drawn in numbers: a generator of only one would prove little.
    expect(valid).toBeGreaterThan(100);
    expect(invalid).toBeGreaterThan(100);
  });
});
