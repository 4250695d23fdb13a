import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ARRAY_ANY, type PathStep, parsePath, printPath, resolvePath } from '../../src/index.js';
import { DEFAULT_LIMITS } from '../../src/limits.js';
import { check, titled } from '../support/property.js';
import { expectFilterError, guardPrototypes, quickly } from './support.js';

/**
 * Attacks on field paths: `parsePath` (the public path parser every filter key goes through),
 * `printPath`, and `resolvePath` over hostile records. Filters that carry such paths are in
 * parser.test.ts; compiled predicates reading them in predicates.test.ts.
 */

guardPrototypes();

describe('parsePath', () => {
  it('refuses forbidden segments in every position', () => {
    for (const path of ['__proto__', 'a$.__proto__', 'constructor$.a', 'a$.__svcArrayAny__$.prototype']) {
      expectFilterError(() => parsePath(path, '/k'), 'FORBIDDEN_PATH_SEGMENT', '/k');
    }
  });

  it('refuses empty paths and segments, lone surrogates and non-strings with typed errors', () => {
    for (const path of ['', '$.', 'a$.', '$.a', 'a$.$.b'])
      expectFilterError(() => parsePath(path, ''), 'INVALID_PATH');
    expectFilterError(() => parsePath('a\uD800', ''), 'INVALID_VALUE');
    for (const notAString of [1, null, undefined, {}, ['a'], Symbol('a')]) {
      expectFilterError(() => parsePath(notAString as never, ''), 'INVALID_PATH');
    }
  });

  it('a path of 20,000 segments is refused by the default limits, and parsed whole when they are raised', () => {
    const path = Array.from({ length: 20_000 }, (_, i) => `s${i}`).join('$.');
    quickly(() => expectFilterError(() => parsePath(path, '/k'), 'MAX_PATH_SEGMENTS_EXCEEDED', '/k'));
    const raised = { ...DEFAULT_LIMITS, maxPathSegments: 20_000 };
    const steps = quickly(() => parsePath(path, '', raised));
    expect(steps.length).toBe(20_000);
    expect(steps[19_999]).toEqual({ kind: 'key', key: 's19999' });
  });

  it(titled('printPath ∘ parsePath is the identity on every valid path, hostile characters included'), () => {
    const segment = fc
      .string({ unit: 'grapheme', minLength: 1, maxLength: 5 })
      .filter(
        (s) =>
          !s.includes('$.') && !s.startsWith('.') && !['__proto__', 'prototype', 'constructor'].includes(s),
      );
    check(
      fc.property(
        fc.array(fc.oneof(segment, fc.constant(ARRAY_ANY)), { minLength: 1, maxLength: 5 }),
        (segments) => {
          // `a$.` + `.b` would read as `a$` + `$.b`: such neighbours are not a path's segments.
          const path = segments.join('$.');
          let steps: readonly PathStep[];
          try {
            steps = parsePath(path, '');
          } catch (error) {
            expect((error as Error).name).toBe('FilterError');
            return;
          }
          expect(printPath(steps)).toBe(path);
        },
      ),
    );
  });

  it('a key parsed before (the default limits remember it) is held to the limits of each later call', () => {
    const key = 'details$.kubernetes$.nodes$.__svcArrayAny__$.version';
    const first = parsePath(key, '');
    expect(Object.isFrozen(first) && first.every((s) => Object.isFrozen(s))).toBe(true);
    expectFilterError(
      () => parsePath(key, '/k', { ...DEFAULT_LIMITS, maxPathSegments: 4 }),
      'MAX_PATH_SEGMENTS_EXCEEDED',
      '/k',
    );
    expectFilterError(
      () => parsePath(key, '/k', { ...DEFAULT_LIMITS, maxSegmentLength: 9 }),
      'MAX_SEGMENT_LENGTH_EXCEEDED',
      '/k',
    );
    // Past the number of keys remembered: every key still parses to its own steps.
    const many = Array.from({ length: 3000 }, (_, i) => `k${i}$.v`);
    for (const k of many) expect(printPath(parsePath(k, ''))).toBe(k);
    expect(parsePath(key, '')).toEqual(first);
    expect(printPath(parsePath(many[0]!, ''))).toBe(many[0]);
  });

  it(titled('parsing a key again gives what parsing it under equal limits for the first time gives'), () => {
    const segment = fc.constantFrom('a', 'b', ARRAY_ANY, '', '__proto__', 'x'.repeat(300), 'é');
    check(
      fc.property(fc.array(segment, { minLength: 1, maxLength: 14 }), (segments) => {
        const path = segments.join('$.');
        // Equal limits in another object: nothing remembered applies.
        const fresh = { ...DEFAULT_LIMITS };
        const outcome = (limits?: typeof fresh) => {
          try {
            return { steps: parsePath(path, '/k', limits) };
          } catch (error) {
            return { code: (error as { code?: string }).code, message: (error as Error).message };
          }
        };
        const once = outcome();
        expect(outcome()).toEqual(once);
        expect(outcome(fresh)).toEqual(once);
      }),
    );
  });
});

describe('resolvePath over hostile records', () => {
  it('reads own properties only: no inherited key, no array property, no string index', () => {
    const steps = parsePath('a$.length', '');
    expect(resolvePath({ a: [1, 2] }, steps)).toEqual([]);
    expect(resolvePath({ a: 'text' }, steps)).toEqual([]);
    expect(resolvePath({ a: { length: 2 } }, steps)).toEqual([{ value: 2, elements: [] }]);
    expect(resolvePath(Object.create({ a: { length: 1 } }), steps)).toEqual([]);
    expect(resolvePath({ a: ['x'] }, parsePath('a$.0', ''))).toEqual([]);
    expect(resolvePath(JSON.parse('{"__proto__": {"x": 1}}'), parsePath('x', ''))).toEqual([]);
  });

  it('fans out over wide arrays and goes down deep records without recursion', () => {
    const wide = { a: Array.from({ length: 100_000 }, (_, i) => ({ v: i })) };
    expect(quickly(() => resolvePath(wide, parsePath('a$.__svcArrayAny__$.v', ''))).length).toBe(100_000);
    let deep: unknown = 1;
    const keys: string[] = [];
    for (let i = 0; i < 900; i++) {
      deep = { k: deep };
      keys.push('k');
    }
    expect(
      quickly(() =>
        resolvePath(deep, parsePath(keys.join('$.'), '', { ...DEFAULT_LIMITS, maxPathSegments: 1000 })),
      ),
    ).toEqual([{ value: 1, elements: [] }]);
  });
});
