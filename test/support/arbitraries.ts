import fc from 'fast-check';
import { withinDefaultLimits } from './limits.js';
import {
  arbAsOf,
  arbInstantOperand,
  arbTimestamp,
  instantOf,
  isInstantOperand,
  nearInstant,
} from './time-arbitraries.js';

/**
 * Random filters and records that meet often enough to be interesting: fields come from a small set of
 * paths, values from a pool that mixes types, plus arbitrary full-Unicode strings (astral characters
 * included; always well-formed, since databases cannot store lone surrogates).
 */

/** Object keys records use; filters read these (and a few that records never have). */
export const RECORD_KEYS = ['a', 'b', 'o', 'x', 'y', 'arr', 'k.e.y', '$d'] as const;

/** Field paths filters use: plain, nested, dotted keys, `$` keys, selectors at every position. */
export const FILTER_PATHS = [
  'a',
  'b',
  'missing',
  'o$.x',
  'o$.y',
  'o$.o$.x',
  'o$.k.e.y',
  'a$.x',
  'arr$.__svcArrayAny__',
  'arr$.__svcArrayAny__$.x',
  'arr$.__svcArrayAny__$.arr$.__svcArrayAny__',
  'o$.arr$.__svcArrayAny__$.y',
  'o$.$d',
  // Directly nested selectors, and a numeric key, which must read an object's key "0", never an index.
  'arr$.__svcArrayAny__$.__svcArrayAny__$.x',
  'o$.0',
] as const;

/**
 * Paths that end at a selector, where `$elemMatch` goes: on the record, below a key, directly nested
 * selectors, and a selector below an element's key. Inner filters reuse {@link FILTER_PATHS}, relative
 * to the element (elements are values over the same keys).
 */
export const ELEM_MATCH_PATHS = [
  'arr$.__svcArrayAny__',
  'o$.arr$.__svcArrayAny__',
  'arr$.__svcArrayAny__$.__svcArrayAny__',
  'arr$.__svcArrayAny__$.arr$.__svcArrayAny__',
] as const;

const POOL_STRINGS = [
  '',
  'a',
  'b',
  'ab',
  'A',
  'é',
  'e\u0301',
  '😀',
  '\uffff',
  // U+FFFD and its neighbours, which SQLite's pattern functions once read as one character; other
  // noncharacters, and the last code point.
  '\ufffd',
  '\ufffe',
  'a\ufffdb',
  '\ufdd0',
  '\u{1fffe}',
  '\u{10ffff}',
  '\ue000',
  '%',
  '_',
  '\\',
  '*',
  '10',
  '2026-01-01T00:00:00.000Z',
  '1.2',
  '1.10.0',
  'v1.2.0-rc.1',
];
const POOL_NUMBERS = [-1, 0, 1, 1.5, 10, 9007199254740991];

/** Well-formed full-Unicode strings, short. */
export const arbUnicode: fc.Arbitrary<string> = fc.string({ unit: 'binary', maxLength: 6 });

export const arbString: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...POOL_STRINGS) },
  { weight: 1, arbitrary: arbUnicode },
);

export const arbNumber: fc.Arbitrary<number> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom(...POOL_NUMBERS) },
  { weight: 1, arbitrary: fc.integer({ min: -1000, max: 1000 }) },
  {
    weight: 1,
    arbitrary: fc
      .double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 })
      .map((n) => (Object.is(n, -0) ? 0 : n)),
  },
);

export const arbScalar: fc.Arbitrary<string | number | boolean> = fc.oneof(
  arbString,
  arbNumber,
  fc.boolean(),
);
export const arbScalarOrNull: fc.Arbitrary<string | number | boolean | null> = fc.oneof(
  { weight: 6, arbitrary: arbScalar },
  { weight: 1, arbitrary: fc.constant(null) },
);

/** A `$like` pattern built from pool pieces, stars and escapes. */
export const arbPattern: fc.Arbitrary<string> = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        '*',
        '*',
        '\\*',
        '\\\\',
        '\\',
        'a',
        'b',
        'é',
        '😀',
        '%',
        '_',
        '.',
        '\ufffd',
        '\ufffe',
        '\uffff',
        '\ufdd0',
        '\u{1fffe}',
        '\u{10ffff}',
      ),
      arbUnicode,
    ),
    {
      maxLength: 5,
    },
  )
  .map((parts) => parts.join(''));

/** A numeric version part: small, with leading zeros, zero, and beyond 2^53 (any size is exact). */
const arbVersionNumber: fc.Arbitrary<string> = fc.oneof(
  { weight: 6, arbitrary: fc.constantFrom('0', '1', '2', '9', '10', '29', '100') },
  { weight: 2, arbitrary: fc.constantFrom('00', '01', '007', '0010') },
  { weight: 1, arbitrary: fc.nat(999).map(String) },
  {
    weight: 1,
    arbitrary: fc.constantFrom(
      '9007199254740991',
      '9007199254740992',
      '9007199254740993',
      '18446744073709551616',
      '123456789012345678901234567890',
      '0000123456789012345678901234567890',
      // Either side of the limits of the plain key (2^15 for the second and third parts, 2^21 for
      // the first: src/semantics/version.ts), where values and operands go to the general scan.
      '32767',
      '32768',
      '0032768',
      '2097151',
      '2097152',
      '000000001',
    ),
  },
);

/** A pre-release or build identifier: numeric (leading zeros too), alphanumeric, with hyphens. */
const arbIdentifier: fc.Arbitrary<string> = fc.oneof(
  fc.constantFrom('rc', 'alpha', 'beta', 'RC', 'a', 'x-y', '-', 'rc-1', '1a', 'Z'),
  arbVersionNumber,
);

/**
 * Versions (docs/semantics.md §4): one to six parts, an optional `v`, pre-release and build
 * identifiers; all of them valid operands.
 */
export const arbVersion: fc.Arbitrary<string> = fc
  .tuple(
    fc.boolean(),
    fc.array(arbVersionNumber, { minLength: 1, maxLength: 6 }),
    fc.option(fc.array(arbIdentifier, { minLength: 1, maxLength: 3 }), { freq: 3 }),
    fc.option(fc.array(arbIdentifier, { minLength: 1, maxLength: 2 }), { freq: 4 }),
  )
  .map(
    ([v, parts, pre, build]) =>
      `${v ? 'v' : ''}${parts.join('.')}${pre === null ? '' : `-${pre.join('.')}`}${build === null ? '' : `+${build.join('.')}`}`,
  );

/** Strings that look like versions and are not. */
export const VERSION_JUNK = [
  '1.2.x',
  'v',
  '1..2',
  '-1',
  '1.',
  '.1',
  'V1.2',
  'vv1',
  '1.2-',
  '1.2+',
  '1.2 ',
  ' 1.2',
  '1.2-rc..1',
  '1.2+b+c',
  '1.2-rc_1',
  '1,2',
  '\u0661.\u0662',
  '1.2\n',
  '1.2\u0000',
  '1.2-é',
  '',
  // The code points on either side of the digits ('/' and ':'), where a part starts and inside one.
  '1.:',
  ':1',
  'v:1',
  '1./',
  '/1',
  '1:2',
  '1/2',
  '1.2.:',
] as const;

/** Version-like strings: mostly versions, sometimes junk. */
export const arbVersionString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: arbVersion },
  { weight: 1, arbitrary: fc.constantFrom(...VERSION_JUNK) },
);

/** Versions next to `x`: a part more or fewer, zeros added, suffixes, prefixes, junk. */
function nearVersion(x: string): fc.Arbitrary<unknown> {
  const bare = x.replace(/^v/, '').replace(/[+].*$/, '');
  return fc.oneof(
    fc.constantFrom(
      x,
      `${bare}.0`,
      `${bare}.1`,
      `v${bare}`,
      `0${bare}`,
      `${bare.replace(/-.*$/, '')}`,
      `${bare.replace(/-.*$/, '')}-rc.1`,
      `${bare}.rc`,
      `${bare}+build.5`,
      bare.replace(/\d+$/, (d) => String(BigInt(d) + 1n)),
      bare.replace(/\d+$/, (d) => (d === '0' ? '0' : String(BigInt(d) - 1n))),
      `${bare}x`,
    ),
    arbVersionString,
  );
}

export type OperatorJson = Record<string, unknown>;

export const arbOperator: fc.Arbitrary<OperatorJson> = fc.oneof(
  arbScalarOrNull.map((x) => ({ $eq: x })),
  arbScalarOrNull.map((x) => ({ $ne: x })),
  fc
    .constantFrom('$gt', '$gte', '$lt', '$lte')
    .chain((op) => fc.oneof(arbString, arbNumber).map((x) => ({ [op]: x }))),
  fc.array(arbScalarOrNull, { maxLength: 4 }).map((xs) => ({ $in: xs })),
  fc.array(arbScalarOrNull, { maxLength: 4 }).map((xs) => ({ $nin: xs })),
  arbPattern.map((p) => ({ $like: p })),
  fc.boolean().map((b) => ({ $exists: b })),
  fc
    .constantFrom('$veq', '$vne', '$vgt', '$vgte', '$vlt', '$vlte')
    .chain((op) => arbVersion.map((x) => ({ [op]: x }))),
);

/** A time comparison: `$eq` … `$lte` with an instant operand, `{ $now: duration }` or `{ $at: timestamp }`. */
export const arbTimeOperator: fc.Arbitrary<OperatorJson> = fc
  .constantFrom('$eq', '$ne', '$gt', '$gte', '$lt', '$lte')
  .chain((op) => arbInstantOperand.map((x) => ({ [op]: x })));

/** One to three operators (distinct names), all of which must hold; time comparisons among them if `time`. */
function operatorObjects(time: boolean): fc.Arbitrary<OperatorJson> {
  const operator = time
    ? fc.oneof({ weight: 3, arbitrary: arbOperator }, { weight: 2, arbitrary: arbTimeOperator })
    : arbOperator;
  return fc
    .array(operator, { minLength: 1, maxLength: 3 })
    .map((ops) => Object.assign({}, ...ops) as OperatorJson);
}

/** An operator object: one to three operators (distinct names), all of which must hold. */
export const arbOperatorObject: fc.Arbitrary<OperatorJson> = operatorObjects(false);

export type FilterJson = Record<string, unknown>;

/**
 * Random valid filters, nested up to a few levels of `$and`/`$or`/`$not`/`$elemMatch` (whose inner
 * filter is any random filter, sometimes `{}`, sometimes with other operators on the same element).
 */
const filters = (arbOperatorObject: fc.Arbitrary<OperatorJson>): fc.Arbitrary<FilterJson> =>
  fc
    .letrec<{ filter: FilterJson }>((tie) => ({
      filter: fc
        .tuple(
          fc
            .uniqueArray(fc.constantFrom(...FILTER_PATHS), { maxLength: 3 })
            .chain((paths) =>
              fc.tuple(...paths.map((p) => arbOperatorObject.map((ops) => [p, ops] as const))),
            ),
          fc.option(
            fc.oneof(
              { depthSize: 'small', withCrossShrink: true },
              fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map((fs) => ({ $and: fs })),
              fc.array(tie('filter'), { minLength: 1, maxLength: 3 }).map((fs) => ({ $or: fs })),
              tie('filter').map((f) => ({ $not: f })),
              fc
                .tuple(
                  fc.constantFrom(...ELEM_MATCH_PATHS),
                  tie('filter'),
                  fc.option(arbOperatorObject, { freq: 4, nil: undefined }),
                )
                .map(([path, inner, others]) => ({ [path]: { $elemMatch: inner, ...others } })),
            ),
            { depthSize: 'small' },
          ),
        )
        .map(([fields, logical]) => Object.assign(Object.fromEntries(fields), logical ?? {}) as FilterJson),
    }))
    .filter.filter(withinDefaultLimits);

/** Random filters without time comparisons (which need an asOf: see {@link arbTimeFilterAndRecords}). */
export const arbFilter: fc.Arbitrary<FilterJson> = filters(arbOperatorObject);

/** Random filters whose operators include time comparisons (`$now`, `$at`) anywhere. */
export const arbTimeFilter: fc.Arbitrary<FilterJson> = filters(operatorObjects(true));

export type RecordJson = Record<string, unknown>;

/** JSON values: scalars, null, nested objects over the record keys, nested arrays. */
export const arbValue: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    arbScalar,
    fc.constant(null),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(fc.constantFrom(...RECORD_KEYS), tie('value'), { maxKeys: 3 }),
  ),
})).value;

/** Random records: objects over the record keys (what filters read), values of every JSON type. */
export const arbRecord: fc.Arbitrary<RecordJson> = fc.dictionary(fc.constantFrom(...RECORD_KEYS), arbValue, {
  maxKeys: 5,
});

/** Anything at all, including non-objects, as a record. */
export const arbAnyRecord: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 4, arbitrary: arbRecord },
  { weight: 1, arbitrary: arbValue },
);

/**
 * Every `[path, operands, inner]` a filter mentions, through `$and`/`$or`/`$not`; `inner` is the filter
 * of an `$elemMatch` on the path, if any.
 */
export function filterTargets(filter: FilterJson): Array<[string, unknown[], FilterJson | undefined]> {
  const out: Array<[string, unknown[], FilterJson | undefined]> = [];
  for (const [key, value] of Object.entries(filter)) {
    if (key === '$and' || key === '$or') for (const f of value as FilterJson[]) out.push(...filterTargets(f));
    else if (key === '$not') out.push(...filterTargets(value as FilterJson));
    else {
      const operands = Object.entries(value as OperatorJson).flatMap(([op, x]) => {
        if (op === '$in' || op === '$nin') return x as unknown[];
        if (op === '$like') return [(x as string).replace(/\\(.)/g, '$1').replace(/\*/g, ''), x];
        if (op === '$exists' || op === '$elemMatch') return [];
        return [x];
      });
      out.push([key, operands, (value as OperatorJson).$elemMatch as FilterJson | undefined]);
    }
  }
  return out;
}

const VERSION_SHAPE = /^v?[0-9]/;

/**
 * Values near an operand: itself, its neighbours of the same type, and the same text in another type;
 * for an instant operand, timestamps near the instant it names at `asOf`.
 */
function near(x: unknown, asOf: string | undefined): fc.Arbitrary<unknown> {
  if (isInstantOperand(x)) {
    return '$now' in x && asOf === undefined ? arbTimestamp : nearInstant(instantOf(x, asOf ?? ''));
  }
  if (typeof x === 'number') return fc.constantFrom(x, x + 1, x - 1, x + 0.5, String(x), x !== 0);
  if (typeof x === 'string') {
    // The last: U+FFFD, U+FFFE and U+FFFF swapped for one another (one SQLite function read them alike).
    const swapped = x.replace(/[\uFFFD-\uFFFF]/g, (c) =>
      String.fromCharCode(0xfffd + ((c.charCodeAt(0) - 0xfffc) % 3)),
    );
    const near = fc.constantFrom(
      x,
      `${x}a`,
      x.slice(0, -1),
      x.toUpperCase(),
      `a${x}`,
      Number(x) || 0,
      swapped,
    );
    // The instant itself, as records from a driver hold it: it reads as this very string.
    if (ISO_SHAPE.test(x)) return fc.oneof(near, fc.constant(new Date(x)));
    return VERSION_SHAPE.test(x) ? fc.oneof(near, nearVersion(x)) : near;
  }
  if (typeof x === 'boolean') return fc.constantFrom(x, !x, Number(x), String(x));
  // An invalid Date reads as null, what JSON (and so every database) makes of it.
  return fc.constantFrom(null, new Date(Number.NaN));
}

const ISO_SHAPE = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

const DATE_WITH_KEYS = '2026-01-01T00:00:00.000Z';

function place(segments: readonly string[], leaf: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  if (segments.length === 0) return leaf;
  const [head, ...rest] = segments as [string, ...string[]];
  const inner = place(rest, leaf);
  if (head === '__svcArrayAny__') {
    return fc.oneof(
      {
        weight: 6,
        arbitrary: fc.tuple(fc.array(arbValue, { maxLength: 2 }), inner).map(([others, v]) => [...others, v]),
      },
      { weight: 1, arbitrary: fc.constantFrom([], null, {}) },
    );
  }
  return fc.oneof(
    { weight: 8, arbitrary: inner.map((v) => ({ [head]: v })) },
    { weight: 1, arbitrary: inner.map((v) => [{ [head]: v }]) },
    { weight: 1, arbitrary: arbValue },
    // A Date carrying the key as an own property: a leaf, so the key is missing on every target.
    { weight: 1, arbitrary: inner.map((v) => Object.assign(new Date(DATE_WITH_KEYS), { [head]: v })) },
  );
}

function merge(a: unknown, b: unknown): unknown {
  if (
    typeof a === 'object' &&
    a !== null &&
    !Array.isArray(a) &&
    typeof b === 'object' &&
    b !== null &&
    !Array.isArray(b)
  ) {
    const out: Record<string, unknown> = { ...(a as Record<string, unknown>) };
    for (const [k, v] of Object.entries(b)) out[k] = k in out ? merge(out[k], v) : v;
    return out;
  }
  return a;
}

/**
 * Records aimed at a filter: its operands (and near misses of them) placed at its paths, selectors
 * turned into arrays, so that every operator meets equal, smaller, greater and wrong-typed values.
 */
export function arbRecordFor(filter: FilterJson): fc.Arbitrary<unknown> {
  return arbRecordAt(filter, undefined);
}

/** {@link arbRecordFor} for a filter with time comparisons: values near the instants they name at `asOf`. */
export function arbRecordAt(filter: FilterJson, asOf: string | undefined): fc.Arbitrary<unknown> {
  const targets = filterTargets(filter);
  if (targets.length === 0) return arbAnyRecord;
  const parts = targets.map(([key, operands, inner]) => {
    const segments = key.split('$.');
    // An `$elemMatch` (its path ends at a selector) gets arrays of elements aimed at its inner filter,
    // so that one element often meets several of its conditions and its neighbours meet some.
    const placed =
      inner !== undefined
        ? place(
            segments.slice(0, -1),
            fc.oneof(
              {
                weight: 6,
                arbitrary: fc.array(
                  fc.oneof(
                    { weight: 6, arbitrary: arbRecordAt(inner, asOf) },
                    { weight: 1, arbitrary: arbValue },
                  ),
                  { minLength: 1, maxLength: 3 },
                ),
              },
              { weight: 1, arbitrary: fc.constantFrom([], null, {}) },
            ),
          )
        : place(
            segments,
            operands.length === 0
              ? arbValue
              : fc.oneof(
                  { weight: 4, arbitrary: fc.constantFrom(...operands).chain((x) => near(x, asOf)) },
                  { weight: 1, arbitrary: arbValue },
                ),
          );
    return fc.option(placed, { freq: 4, nil: undefined });
  });
  return fc.oneof(
    {
      weight: 8,
      arbitrary: fc
        .tuple(arbRecord, ...parts)
        .map(([base, ...placed]) =>
          placed.reduce((acc: unknown, p) => (p === undefined ? acc : merge(p, acc)), base),
        ),
    },
    { weight: 1, arbitrary: arbAnyRecord },
  );
}

/** A filter with records aimed at it. */
export const arbFilterAndRecords: fc.Arbitrary<[FilterJson, unknown[]]> = arbFilter.chain((filter) =>
  fc.tuple(fc.constant(filter), fc.array(arbRecordFor(filter), { minLength: 1, maxLength: 16 })),
);

/** Paths of the time-focused filters: a top-level key, a nested key, and array elements. */
const TIME_PATHS = ['a', 'o$.x', 'arr$.__svcArrayAny__$.x', 'arr$.__svcArrayAny__'] as const;

/** One or two time comparisons (distinct operators) on one key. */
const arbTimeOperators: fc.Arbitrary<OperatorJson> = fc
  .uniqueArray(fc.constantFrom('$eq', '$ne', '$gt', '$gte', '$lt', '$lte'), { minLength: 1, maxLength: 2 })
  .chain((ops) => fc.tuple(...ops.map((op) => arbInstantOperand.map((x) => [op, x] as const))))
  .map((entries) => Object.fromEntries(entries));

/**
 * Filters of time comparisons only (now and then under `$not`), with records dense in timestamps near
 * the instants the operands name at asOf: the sharpest probe of instants on every target.
 */
const arbTimeOnlyFilterAndRecords: fc.Arbitrary<[FilterJson, unknown[], string]> = fc
  .tuple(
    fc
      .uniqueArray(fc.constantFrom(...TIME_PATHS), { minLength: 1, maxLength: 2 })
      .chain((paths) => fc.tuple(...paths.map((p) => arbTimeOperators.map((ops) => [p, ops] as const))))
      .map((fields) => Object.fromEntries(fields) as FilterJson)
      .chain((filter) => fc.constantFrom(filter, filter, filter, { $not: filter })),
    arbAsOf,
  )
  .chain(([filter, asOf]) => {
    const operands = JSON.stringify(filter)
      .match(/\{"\$(?:now|at)":"[^"]*"\}/g)!
      .map((x) => JSON.parse(x));
    const value = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...operands).chain((x) => nearInstant(instantOf(x, asOf))) },
      { weight: 2, arbitrary: arbTimestamp },
      { weight: 1, arbitrary: arbValue },
    );
    const record = fc.record(
      {
        a: value,
        o: fc.record({ x: value }, { requiredKeys: [] }),
        arr: fc.array(fc.oneof(value, fc.record({ x: value }, { requiredKeys: [] })), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
    return fc.tuple(
      fc.constant(filter),
      fc.array(record, { minLength: 1, maxLength: 16 }),
      fc.constant(asOf),
    );
  });

/**
 * A filter with time comparisons, an asOf, and records aimed at it: timestamps near the instants its
 * operands name at that asOf, in other offsets and fractions, as Dates and broken. Random filters with
 * time comparisons among their operators, and filters of time comparisons only. Kept apart from
 * {@link arbFilterAndRecords} so that a target turns time on by running this one (with `{ asOf }`).
 */
export const arbTimeFilterAndRecords: fc.Arbitrary<[FilterJson, unknown[], string]> = fc.oneof(
  fc
    .tuple(arbTimeFilter, arbAsOf)
    .chain(([filter, asOf]) =>
      fc.tuple(
        fc.constant(filter),
        fc.array(arbRecordAt(filter, asOf), { minLength: 1, maxLength: 16 }),
        fc.constant(asOf),
      ),
    ),
  arbTimeOnlyFilterAndRecords,
);

/** Paths of the version-focused filters: a top-level key, a nested key, and array elements. */
const VERSION_PATHS = ['a', 'o$.x', 'arr$.__svcArrayAny__$.x', 'arr$.__svcArrayAny__'] as const;

/** One to three version operators (distinct names) on one key. */
const arbVersionOperators: fc.Arbitrary<OperatorJson> = fc
  .uniqueArray(fc.constantFrom('$veq', '$vne', '$vgt', '$vgte', '$vlt', '$vlte'), {
    minLength: 1,
    maxLength: 3,
  })
  .chain((ops) => fc.tuple(...ops.map((op) => arbVersion.map((x) => [op, x] as const))))
  .map((entries) => Object.fromEntries(entries));

/**
 * Filters of version operators only, with records dense in versions near the operands (and junk, and
 * values of other types): the differential tests' sharpest probe of the version order on every target.
 */
export const arbVersionFilterAndRecords: fc.Arbitrary<[FilterJson, unknown[]]> = fc
  .uniqueArray(fc.constantFrom(...VERSION_PATHS), { minLength: 1, maxLength: 2 })
  .chain((paths) => fc.tuple(...paths.map((p) => arbVersionOperators.map((ops) => [p, ops] as const))))
  .map((fields) => Object.fromEntries(fields) as FilterJson)
  .chain((filter) => {
    const operands = Object.values(filter).flatMap((ops) => Object.values(ops as OperatorJson)) as string[];
    const value = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom(...operands).chain(nearVersion) },
      { weight: 3, arbitrary: arbVersionString },
      { weight: 1, arbitrary: arbValue },
    );
    const record = fc.record(
      {
        a: value,
        o: fc.record({ x: value }, { requiredKeys: [] }),
        arr: fc.array(fc.oneof(value, fc.record({ x: value }, { requiredKeys: [] })), { maxLength: 3 }),
      },
      { requiredKeys: [] },
    );
    return fc.tuple(fc.constant(filter), fc.array(record, { minLength: 1, maxLength: 16 }));
  });
