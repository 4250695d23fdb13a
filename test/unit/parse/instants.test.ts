import { describe, expect, it } from 'vitest';
import { FilterError, parseFilter, printFilter } from '../../../src/index.js';

function errorOf(input: unknown): FilterError {
  try {
    parseFilter(input);
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error(`expected a FilterError for ${JSON.stringify(input)}`);
}

const NOW = { $now: 'P1D' };
const AT = { $at: '2026-01-01T00:00:00Z' };
const ONLY = /instants are compared only by \$eq, \$ne, \$gt, \$gte, \$lt and \$lte/;

describe('instant operands where no instant goes', () => {
  it.each([
    ['$in', { a: { $in: ['x', NOW] } }, '/a/$in/1', /"\$in" expects strings, numbers, booleans or null/],
    ['$nin', { a: { $nin: [AT] } }, '/a/$nin/0', /"\$nin" expects strings, numbers, booleans or null/],
    ['$like', { a: { $like: NOW } }, '/a/$like', /"\$like" expects a string/],
    ['$exists', { a: { $exists: AT } }, '/a/$exists', /"\$exists" expects a boolean/],
    ['$vlt', { a: { $vlt: AT } }, '/a/$vlt', /"\$vlt" expects a version string/],
    ['$veq', { a: { $veq: NOW } }, '/a/$veq', /"\$veq" expects a version string/],
    [
      '$like inside $elemMatch',
      { 'a$.__svcArrayAny__': { $elemMatch: { b: { $like: NOW } } } },
      '/a$.__svcArrayAny__/$elemMatch/b/$like',
      /"\$like" expects a string/,
    ],
    ['$in under $not', { $not: { a: { $in: [NOW] } } }, '/$not/a/$in/0', /"\$in" expects/],
  ])(
    '%s: INVALID_OPERAND naming the operator and the ones that take instants',
    (_, filter, path, message) => {
      const error = errorOf(filter);
      expect(error.code).toBe('INVALID_OPERAND');
      expect(error.path).toBe(path);
      expect(error.message).toMatch(message);
      expect(error.message).toMatch(/got an instant/);
      expect(error.message).toMatch(ONLY);
    },
  );

  it('an instant as an operator is UNKNOWN_OPERATOR, showing the comparison it belongs in', () => {
    const field = errorOf({ a: NOW });
    expect([field.code, field.path]).toEqual(['UNKNOWN_OPERATOR', '/a/$now']);
    expect(field.message).toMatch(
      /an instant is the operand of a comparison: \{ "\$lt": \{ "\$now": … \} \}/,
    );
    expect(field.message).toMatch(ONLY);
    const top = errorOf(AT);
    expect([top.code, top.path]).toEqual(['UNKNOWN_OPERATOR', '/$at']);
    expect(top.message).toMatch(/\{ "<field>": \{ "\$lt": \{ "\$at": … \} \} \}/);
  });
});

describe('malformed instant operands', () => {
  it.each([
    [
      '$now not a string',
      { a: { $lt: { $now: 1 } } },
      '/a/$lt/$now',
      /"\$now" expects a string, an ISO 8601 duration such as "P30D" or "-PT12H", at \/a\/\$lt\/\$now, got a number/,
    ],
    ['$now null', { a: { $gt: { $now: null } } }, '/a/$gt/$now', /"\$now" expects a string.*got null/],
    [
      '$at not a string',
      { a: { $eq: { $at: 5 } } },
      '/a/$eq/$at',
      /"\$at" expects a string, an RFC 3339 timestamp such as "2026-06-01T00:00:00Z", at \/a\/\$eq\/\$at, got a number/,
    ],
    [
      '$now and $at together',
      { a: { $lt: { $now: 'P1D', $at: '2026-01-01T00:00:00Z' } } },
      '/a/$lt',
      /"\$lt" expects a string or a number, or an instant, .* got an object with more keys: an instant has "\$now" or "\$at" alone/,
    ],
    [
      '$now with another key',
      { a: { $gte: { $now: 'P1D', x: 1 } } },
      '/a/$gte',
      /"\$gte" expects a string or a number, or an instant.*an instant has "\$now" or "\$at" alone/,
    ],
    [
      'another key alone',
      { a: { $ne: { $then: 'P1D' } } },
      '/a/$ne',
      /"\$ne" .*got an object with key "\$then"/,
    ],
    [
      'an empty object',
      { a: { $eq: {} } },
      '/a/$eq',
      /"\$eq" expects a string, number, boolean or null, or an instant.*got an empty object/,
    ],
    [
      'months',
      { a: { $gt: { $now: '-P1M' } } },
      '/a/$gt/$now',
      /"\$now" at \/a\/\$gt\/\$now: "-P1M" is not a duration: months and years have no fixed length; use weeks \(W\), days \(D\), hours \(H\), minutes \(M after T\) and seconds/,
    ],
    ['years', { a: { $lt: { $now: 'P1Y' } } }, '/a/$lt/$now', /months and years have no fixed length/],
    [
      'a fraction finer than a millisecond',
      { a: { $lt: { $now: 'PT0.0001S' } } },
      '/a/$lt/$now',
      /"PT0.0001S" is not a duration: expected a signed ISO 8601 duration/,
    ],
    ['an empty duration', { a: { $lt: { $now: 'P' } } }, '/a/$lt/$now', /"P" is not a duration/],
    ['PT', { a: { $lt: { $now: 'PT' } } }, '/a/$lt/$now', /"PT" is not a duration/],
    ['overflow', { a: { $lt: { $now: 'P100000001D' } } }, '/a/$lt/$now', /±100,000,000 days/],
    [
      'an invalid timestamp',
      { a: { $lte: { $at: '2026-02-29T00:00:00Z' } } },
      '/a/$lte/$at',
      /"\$at" expects an RFC 3339 timestamp .* got "2026-02-29T00:00:00Z"/,
    ],
    [
      'a date without a time',
      { 'a$.__svcArrayAny__': { $eq: { $at: '2026-01-01' } } },
      '/a$.__svcArrayAny__/$eq/$at',
      /"\$at" expects an RFC 3339 timestamp/,
    ],
    [
      'inside $elemMatch',
      { 'a$.__svcArrayAny__': { $elemMatch: { b: { $lt: { $now: 'P1M' } } } } },
      '/a$.__svcArrayAny__/$elemMatch/b/$lt/$now',
      /months and years/,
    ],
  ])('%s: INVALID_OPERAND at its pointer', (_, filter, path, message) => {
    const error = errorOf(filter);
    expect(error.code).toBe('INVALID_OPERAND');
    expect(error.path).toBe(path);
    expect(error.message).toMatch(message);
  });

  it('quotes a long operand cut short', () => {
    for (const instant of [
      { $now: `P${'1'.repeat(480)}D` },
      { $at: `2026-01-01T00:00:00.${'1'.repeat(480)}` },
    ]) {
      const error = errorOf({ a: { $lt: instant } });
      expect(error.code).toBe('INVALID_OPERAND');
      expect(error.message.length).toBeLessThan(400);
    }
  });

  it('refuses an operand that is not well-formed Unicode', () => {
    const error = errorOf({ a: { $lt: { $at: '2026-01-01T00:00:00Z\ud800' } } });
    expect([error.code, error.path]).toEqual(['INVALID_VALUE', '/a/$lt/$at']);
  });
});

describe('time filters print back as written', () => {
  it.each([
    { expirationDate: { $lt: { $now: 'P30D' } } },
    { a: { $gte: { $now: '-PT1H30M' }, $lt: { $now: 'PT36H' } } },
    { a: { $ne: { $now: '-P0D' } } },
    { a: { $eq: { $at: '2026-01-01t02:00:00.123456789+02:00' } } },
    { 'a$.__svcArrayAny__': { $elemMatch: { b: { $gt: { $now: 'P1W2DT3H4M5.678S' } } } } },
    { $or: [{ a: { $lt: { $now: 'PT0S' } } }, { $not: { b: { $lte: { $at: '0000-01-01T00:00:00Z' } } } }] },
  ])('%j', (filter) => {
    const node = parseFilter(filter);
    expect(printFilter(node)).toEqual(filter);
    expect(parseFilter(printFilter(node))).toEqual(node);
  });

  it('tells a time comparison from a scalar one by its operand', () => {
    const [scalar, time] = parseFilter({ a: { $lt: '2026-01-01T00:00:00Z' }, b: { $lt: AT } }).clauses;
    expect(scalar).toMatchObject({ operators: [{ kind: 'lt', value: '2026-01-01T00:00:00Z' }] });
    expect(time).toMatchObject({
      operators: [{ kind: 'tlt', instant: { base: 'at', text: AT.$at, ms: Date.UTC(2026, 0, 1) } }],
    });
  });
});
