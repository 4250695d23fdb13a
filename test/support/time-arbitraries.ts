import fc from 'fast-check';
import { referenceDuration, referenceInstant } from './reference.js';

/**
 * Random instants, written as RFC 3339 timestamps of every shape docs/semantics.md §4 accepts (offsets,
 * `t`/`z`, fractions of any length) and of shapes it refuses (hour 24, second 60, 29 February of a
 * common year, no offset, date only…), durations for `{ $now }`, and asOf values. Strings are built from
 * a `Date`'s UTC fields, never parsed by one: what a string means is the reference's business.
 */

const DAY = 86_400_000;
/** 0000-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z: the instants a timestamp can write in UTC. */
const FIRST = referenceInstant('0000-01-01T00:00:00Z');
const LAST = referenceInstant('9999-12-31T23:59:59.999Z');

/** Instants that stress the calendar: year ends, leap days, the epoch, the first and last instants. */
const NOTABLE = [
  '0000-01-01T00:00:00Z',
  '0000-02-29T12:00:00Z',
  '1969-12-31T23:59:59.999Z',
  '1970-01-01T00:00:00Z',
  '2000-02-29T00:00:00Z',
  '2026-03-08T07:00:00Z',
  '2026-11-28T12:00:00Z',
  '2026-12-31T23:59:59.999Z',
  '2028-02-29T23:59:59.999Z',
  '2100-03-01T00:00:00Z',
  '9999-12-31T23:59:59.999Z',
].map(referenceInstant);

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** An offset in minutes: UTC mostly, half and quarter hours, the extremes ±23:59. */
const arbOffset: fc.Arbitrary<number> = fc.oneof(
  { weight: 3, arbitrary: fc.constant(0) },
  { weight: 3, arbitrary: fc.constantFrom(60, 120, -300, -240, 330, -330, 345, 1439, -1439, -1) },
  { weight: 1, arbitrary: fc.integer({ min: -1439, max: 1439 }) },
);

/** How an instant is written: offset, letter case, digits past the millisecond (which are cut off). */
interface Style {
  readonly offset: number;
  readonly lower: boolean;
  /** -1: the fewest digits that say the milliseconds (none for .000); else 3 digits and these after. */
  readonly extra: number;
  readonly extraDigit: string;
  /** For offset 0: `Z`, `+00:00` or `-00:00`. */
  readonly zero: 'Z' | '+00:00' | '-00:00';
}

const arbStyle: fc.Arbitrary<Style> = fc.record({
  offset: arbOffset,
  lower: fc.boolean(),
  extra: fc.constantFrom(-1, -1, 0, 1, 3, 6),
  extraDigit: fc.constantFrom('0', '5', '9'),
  zero: fc.constantFrom('Z', 'Z', '+00:00', '-00:00'),
});

/**
 * `ms` written as an RFC 3339 timestamp in `style`, or undefined when its local time in that offset
 * falls outside years 0000–9999 (no four-digit year writes it).
 */
export function writeInstant(ms: number, style: Style): string | undefined {
  const local = ms + style.offset * 60_000;
  if (!(local >= FIRST && local <= LAST)) return undefined;
  const d = new Date(local);
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1, 2)}-${pad(d.getUTCDate(), 2)}`;
  const time = `${pad(d.getUTCHours(), 2)}:${pad(d.getUTCMinutes(), 2)}:${pad(d.getUTCSeconds(), 2)}`;
  const milli = pad(d.getUTCMilliseconds(), 3);
  const fraction =
    style.extra < 0
      ? milli === '000'
        ? ''
        : `.${milli.replace(/0+$/, '')}`
      : `.${milli}${style.extraDigit.repeat(style.extra)}`;
  const abs = Math.abs(style.offset);
  const offset =
    style.offset === 0
      ? style.zero
      : `${style.offset < 0 ? '-' : '+'}${pad(Math.floor(abs / 60), 2)}:${pad(abs % 60, 2)}`;
  const text = `${date}T${time}${fraction}${offset}`;
  return style.lower ? text.replace('T', 't').replace('Z', 'z') : text;
}

/** Valid timestamps: notable instants and random ones over the whole range, in random styles. */
export const arbValidTimestamp: fc.Arbitrary<string> = fc
  .tuple(
    fc.oneof(
      { weight: 2, arbitrary: fc.constantFrom(...NOTABLE) },
      { weight: 2, arbitrary: fc.integer({ min: NOTABLE[4]!, max: NOTABLE[9]! }) },
      { weight: 1, arbitrary: fc.integer({ min: FIRST, max: LAST }) },
    ),
    arbStyle,
  )
  .map(([ms, style]) => writeInstant(ms, style) ?? writeInstant(ms, { ...style, offset: 0 })!);

/** Ways a timestamp stops being one; each applies to any valid timestamp. */
const BREAKS: ReadonlyArray<(s: string) => string> = [
  (s) => `${s.slice(0, 11)}24${s.slice(13)}`,
  (s) => `${s.slice(0, 17)}60${s.slice(19)}`,
  (s) => `${s.slice(0, 14)}60${s.slice(16)}`,
  (s) => `${s.slice(0, 5)}13${s.slice(7)}`,
  (s) => `${s.slice(0, 5)}00${s.slice(7)}`,
  (s) => `${s.slice(0, 8)}32${s.slice(10)}`,
  (s) => `${s.slice(0, 8)}00${s.slice(10)}`,
  (s) => `${s.slice(0, 4)}-02-29${s.slice(10)}`,
  (s) => `${s.slice(0, 4)}-02-29${s.slice(10)}`,
  (s) => `${s.slice(0, 2)}00-02-29${s.slice(10)}`,
  (s) => `${s.slice(0, 4)}-04-31${s.slice(10)}`,
  (s) => `${s.slice(0, 10)} ${s.slice(11)}`,
  (s) => s.replace(/([Zz]|[+-]\d\d:\d\d)$/, ''),
  (s) => s.replace(/([Zz]|[+-]\d\d:\d\d)$/, '+24:00'),
  (s) => s.replace(/([Zz]|[+-]\d\d:\d\d)$/, '-00:60'),
  (s) => s.replace(/([Zz]|[+-]\d\d:\d\d)$/, '+0200'),
  (s) => s.replace(/:(\d\d)(?=[.Zz+-])/, ''),
  (s) => s.replace(/(\d\d)(?=[Zz+-][^T]*$)/, '$1.'),
  (s) => s.slice(0, 10),
  (s) => ` ${s}`,
  (s) => `${s} `,
  (s) => `+0${s}`,
  (s) => s.replace(/^\d/, '\uff12'),
];

/** Invalid timestamps: valid ones broken in one place. */
export const arbInvalidTimestamp: fc.Arbitrary<string> = fc
  .tuple(arbValidTimestamp, fc.constantFrom(...BREAKS))
  .map(([s, broken]) => broken(s));

/** Timestamps of mixed formats: mostly valid, often not. */
export const arbTimestamp: fc.Arbitrary<string> = fc.oneof(
  { weight: 1, arbitrary: arbValidTimestamp },
  { weight: 1, arbitrary: arbInvalidTimestamp },
);

/** asOf values: valid timestamps (a `$now` run has one; the option's other forms are unit-tested). */
export const arbAsOf: fc.Arbitrary<string> = arbValidTimestamp;

const arbCount = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(0, 1, 2, 7, 24, 30, 59, 60, 90, 365) },
  { weight: 1, arbitrary: fc.nat(100_000) },
);

/**
 * Signed durations of the fixed units, each unit present or not (at least one), seconds with a
 * fraction of 1–3 digits; now and then the longest one accepted (100,000,000 days).
 */
export const arbDuration: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 12,
    arbitrary: fc
      .tuple(
        fc.boolean(),
        fc.option(arbCount, { freq: 3 }),
        fc.option(arbCount, { freq: 2 }),
        fc.option(arbCount, { freq: 2 }),
        fc.option(arbCount, { freq: 2 }),
        fc.option(fc.tuple(arbCount, fc.option(fc.constantFrom('5', '05', '001', '999', '500'))), {
          freq: 2,
        }),
      )
      .map(([minus, w, d, h, m, s]) => {
        const time = `${h === null ? '' : `${h}H`}${m === null ? '' : `${m}M`}${s === null ? '' : `${s[0]}${s[1] === null ? '' : `.${s[1]}`}S`}`;
        const date = `${w === null ? '' : `${w}W`}${d === null ? '' : `${d}D`}`;
        const body = date === '' && time === '' ? 'T0S' : `${date}${time === '' ? '' : `T${time}`}`;
        return `${minus ? '-' : ''}P${body}`;
      }),
  },
  { weight: 1, arbitrary: fc.constantFrom('P100000000D', '-P100000000D', 'P14285714W', 'PT0S', '-P0D') },
);

/** An instant operand: `{ $now: duration }` or `{ $at: timestamp }`. */
export type InstantJson = { readonly $now: string } | { readonly $at: string };

export const arbInstantOperand: fc.Arbitrary<InstantJson> = fc.oneof(
  { weight: 3, arbitrary: arbDuration.map(($now) => ({ $now })) },
  { weight: 2, arbitrary: arbValidTimestamp.map(($at) => ({ $at })) },
);

/** True for an operand `{ $now }` or `{ $at }`. */
export function isInstantOperand(x: unknown): x is InstantJson {
  return typeof x === 'object' && x !== null && ('$now' in x || '$at' in x);
}

/** The instant an operand names at `asOf` (an RFC 3339 string), by the reference's reading. */
export function instantOf(x: InstantJson, asOf: string): number {
  return '$at' in x ? referenceInstant(x.$at) : referenceInstant(asOf) + referenceDuration(x.$now);
}

/**
 * Values near the instant `ms`: it and its neighbours by a millisecond, a second, a minute, a day,
 * written in random styles (so equal instants meet in other offsets and fractions), as Dates, broken,
 * and as the number of milliseconds (no timestamp).
 */
export function nearInstant(ms: number): fc.Arbitrary<unknown> {
  const delta = fc.constantFrom(0, 0, 1, -1, 999, -999, 1000, -1000, 60_000, -60_000, DAY, -DAY);
  const written = fc
    .tuple(delta, arbStyle)
    .map(([d, style]) => writeInstant(ms + d, style) ?? writeInstant(ms + d, { ...style, offset: 0 }));
  return fc.oneof(
    { weight: 6, arbitrary: written.map((s) => s ?? null) },
    { weight: 2, arbitrary: delta.map((d) => new Date(ms + d)) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(written, fc.constantFrom(...BREAKS))
        .map(([s, broken]) => (s === undefined ? null : broken(s))),
    },
    { weight: 1, arbitrary: fc.constantFrom(ms, String(ms), new Date(Number.NaN)) },
  );
}
