import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseQuery, QueryError, queryInMemory } from '../../../src/index.js';

/** A keyset walk keeps the instant of its first page, carried (and signed) in its page tokens. */

const T0 = Date.parse('2026-06-01T00:00:00.000Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** Certificates expiring one minute apart around T0 + 30 days. */
const certificates = Array.from({ length: 40 }, (_, i) => ({
  id: `cert${String(i).padStart(3, '0')}`,
  createdAt: iso(T0 - DAY + i),
  expirationDate: iso(T0 + 30 * DAY + (i - 20) * MINUTE),
}));
const expiring = { expirationDate: { $lt: { $now: 'P30D' } } };

/** Every id a walk of pages of `pageSize` gives, each page parsed when the clock reads `clock(page)`. */
function walk(options: object, clock: (page: number) => number, filter: object = expiring): string[] {
  const ids: string[] = [];
  let pageToken: string | undefined;
  for (let page = 0; page < 100; page++) {
    vi.setSystemTime(clock(page));
    const plan = parseQuery(
      { pageSize: 3, filter, ...(pageToken === undefined ? {} : { pageToken }) },
      'certificate',
      options,
    );
    const result = queryInMemory(certificates, plan);
    ids.push(...result.items.map((item) => item.id as string));
    pageToken = result.nextPageToken;
    if (pageToken === undefined) return ids;
  }
  throw new Error('the walk did not end');
}

const body = (token: string) =>
  JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString('utf8')) as unknown[];

afterEach(() => {
  vi.useRealTimers();
});

describe('page walks and asOf', () => {
  it('a walk spanning a change of the clock keeps the instant of its first page', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // The first 20 certificates expire within 30 days of T0; ten minutes per page moves that line.
    const atT0 = certificates.slice(0, 20).map((c) => c.id);
    for (const options of [{}, { secret: 's3cret' }]) {
      expect(walk(options, (page) => T0 + page * 10 * MINUTE)).toEqual(atT0);
      // The asOf option names the first page's instant; later pages keep it whatever they are given.
      expect(walk({ ...options, asOf: iso(T0) }, (page) => T0 + page * 10 * MINUTE)).toEqual(atT0);
    }
  });

  it('the plan says its instant: the option, the clock, or the token', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const first = parseQuery({ pageSize: 3, filter: expiring }, 'certificate');
    expect(first.asOf).toBe(T0);
    expect(parseQuery({ filter: expiring }, 'certificate', { asOf: new Date(T0 + 1) }).asOf).toBe(T0 + 1);
    const token = queryInMemory(certificates, first).nextPageToken!;
    expect(body(token)).toHaveLength(4);
    expect(body(token)[3]).toBe(T0);
    vi.setSystemTime(T0 + DAY);
    const next = parseQuery({ pageSize: 3, filter: expiring, pageToken: token }, 'certificate', {
      asOf: T0 + 2 * DAY,
    });
    expect(next.asOf).toBe(T0);
  });

  it('the tokens of a filter without $now are as before: no instant in them', () => {
    const plan = parseQuery({ pageSize: 3, filter: { id: { $ne: 'x' } } }, 'certificate');
    const token = queryInMemory(certificates, plan).nextPageToken!;
    expect(body(token)).toHaveLength(3);
  });

  it('a signed token whose instant was changed is refused', () => {
    const options = { secret: 's3cret', asOf: T0 };
    const plan = parseQuery({ pageSize: 3, filter: expiring }, 'certificate', options);
    const token = queryInMemory(certificates, plan).nextPageToken!;
    const fields = body(token);
    fields[3] = T0 + DAY;
    const forged = `${Buffer.from(JSON.stringify(fields)).toString('base64url')}.${token.split('.')[1]}`;
    expect(() =>
      parseQuery({ pageSize: 3, filter: expiring, pageToken: forged }, 'certificate', options),
    ).toThrowError(QueryError);
  });

  it('an asOf option that names no instant is an INVALID_OPTION', () => {
    expect(() => parseQuery({ filter: expiring }, 'certificate', { asOf: 'tomorrow' })).toThrowError(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
  });
});
