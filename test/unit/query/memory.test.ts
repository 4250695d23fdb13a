import { describe, expect, it, vi } from 'vitest';
import { parseQuery, queryInMemory } from '../../../src/index.js';
import * as order from '../../../src/query/order.js';

// Every comparison of two sort keys is counted: queryInMemory (and the cursor test of plan.ts) import
// compareKeys from this module, so the spy sees them all.
vi.mock('../../../src/query/order.js', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../../src/query/order.js')>();
  return { ...original, compareKeys: vi.fn(original.compareKeys) };
});

const compareKeys = vi.mocked(order.compareKeys);

/** A deterministic shuffle (a linear congruential generator), so the count does not vary by run. */
function shuffled<T>(items: T[]): T[] {
  let seed = 42;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

const N = 20_000;
const records = Array.from({ length: N }, (_, i) => ({
  id: `c${String(i).padStart(6, '0')}`,
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString(),
  region: ['eu', 'us', 'ap'][i % 3],
}));

/** Key comparisons one page costs. */
function comparisons(input: readonly unknown[], request: object): { count: number; ids: unknown[] } {
  compareKeys.mockClear();
  const page = queryInMemory(input, parseQuery(request, 'component'));
  return { count: compareKeys.mock.calls.length, ids: page.items.map((item) => item.id) };
}

describe('queryInMemory does bounded work', () => {
  it('keeps pageSize + 1 entries: about one comparison a record on random input, not a sort of N', () => {
    const { count, ids } = comparisons(shuffled([...records]), { pageSize: 10, fields: ['id'] });
    expect(ids).toEqual(records.slice(0, 10).map((r) => r.id));
    // A sort of 20,000 keys costs about N log2 N ≈ 286,000 comparisons; the heap rejects nearly every
    // record with one comparison against its top.
    expect(count).toBeLessThan(2 * N);
  });

  it('costs O(N log pageSize) on the worst input, where every record displaces the top of the heap', () => {
    // Descending input for an ascending walk: each record beats the worst entry kept and sinks through
    // the heap, two comparisons a level, log2(pageSize + 1) levels; then the heap itself is sorted.
    const pageSize = 10;
    const { count, ids } = comparisons([...records].reverse(), { pageSize, fields: ['id'] });
    expect(ids).toEqual(records.slice(0, pageSize).map((r) => r.id));
    const levels = Math.ceil(Math.log2(pageSize + 2));
    expect(count).toBeLessThanOrEqual(N * (1 + 2 * levels) + (pageSize + 1) * levels * 2);
    // And it grows with log pageSize, not log N: a page of 1 costs less than half a page of 100's.
    const one = comparisons([...records].reverse(), { pageSize: 1, fields: ['id'] }).count;
    const hundred = comparisons([...records].reverse(), { pageSize: 100, fields: ['id'] }).count;
    expect(one).toBeLessThan(hundred / 2);
  });

  it('after a token, one more comparison a record (the cursor), still no sort', () => {
    const first = queryInMemory(records, parseQuery({ pageSize: 10, fields: ['id'] }, 'component'));
    const { count, ids } = comparisons(shuffled([...records]), {
      pageSize: 10,
      fields: ['id'],
      pageToken: first.nextPageToken,
    });
    expect(ids).toEqual(records.slice(10, 20).map((r) => r.id));
    expect(count).toBeLessThan(3 * N);
  });
});
