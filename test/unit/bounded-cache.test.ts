import { describe, expect, it } from 'vitest';
import { BoundedCache } from '../../src/bounded-cache.js';

describe('BoundedCache', () => {
  it('evicts the least recently used shape, a hit making a shape the most recent', () => {
    const cache = new BoundedCache<number>(2, 1_000);
    cache.set('a', 1);
    cache.set('b', 2);
    expect(cache.get('a')).toBe(1);
    cache.set('c', 3);
    expect([cache.get('a'), cache.get('b'), cache.get('c'), cache.size]).toEqual([1, undefined, 3, 2]);
  });

  it('counts a source put in twice once, and bounds the characters held too', () => {
    const cache = new BoundedCache<number>(10, 20);
    cache.set('0123456789', 1);
    cache.set('0123456789', 1);
    expect(cache.size).toBe(1);
    cache.set('abcdefghijk', 2);
    expect([cache.get('0123456789'), cache.get('abcdefghijk'), cache.size]).toEqual([undefined, 2, 1]);
    // Longer than the bound on characters: not held.
    cache.set('x'.repeat(21), 3);
    expect([cache.get('x'.repeat(21)), cache.size]).toEqual([undefined, 1]);
    cache.clear();
    expect([cache.get('abcdefghijk'), cache.size]).toEqual([undefined, 0]);
  });
});
