import { describe, expect, it } from 'vitest';
import { legacySearchToQuery, parseQuery, QueryError } from '../../../src/index.js';

function problems(operation: Parameters<typeof legacySearchToQuery>[0], body: unknown) {
  try {
    legacySearchToQuery(operation, body);
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    return (e as QueryError).problems.map((p) => [p.path, p.code]);
  }
  throw new Error('expected a QueryError');
}

describe('legacySearchToQuery', () => {
  it('rewrites a component search: technology, tags as map paths, sort and pageSize; drops nextToken with a notice', () => {
    const out = legacySearchToQuery(7, {
      filter: {
        technology: 'postgres',
        tags: [
          { key: 'env', value: 'prod' },
          { key: 'team.name', value: 'db' },
        ],
      },
      sort: { createdAt: 'desc' },
      pageSize: 50,
      nextToken: 'opaque',
    });
    expect(out.path).toBe('POST /component/query');
    expect(out.request).toEqual({
      pageSize: 50,
      sort: { createdAt: 'desc' },
      filter: {
        technology: { $eq: 'postgres' },
        'tags$.env': { $eq: 'prod' },
        'tags$.team.name': { $eq: 'db' },
      },
    });
    expect(out.notices).toHaveLength(1);
    expect(out.notices[0]).toMatch(/nextToken dropped/);
    // The result is a valid query request of the replacement.
    expect(() => parseQuery(out.request, 'component')).not.toThrow();
  });

  it('rewrites the policy, policy-scoped component and integration searches', () => {
    expect(legacySearchToQuery(3, { filter: { name: 'eol' } }).request).toEqual({
      filter: { name: { $eq: 'eol' } },
    });
    expect(legacySearchToQuery('POST /policy/search', {}).request).toEqual({});
    const scoped = legacySearchToQuery('6', {
      filter: {
        technology: 'k8s',
        dueDate: { gte: '2026-01-01T00:00:00.000Z', lt: '2026-02-01T00:00:00.000Z' },
      },
      pageSize: 100,
    });
    expect(scoped.path).toBe('POST /policy/{policyId}/component/query');
    expect(scoped.request).toEqual({
      pageSize: 100,
      filter: {
        technology: { $eq: 'k8s' },
        dueDate: { $gte: '2026-01-01T00:00:00.000Z', $lt: '2026-02-01T00:00:00.000Z' },
      },
    });
    expect(legacySearchToQuery(12, { filter: { type: 'aws' } })).toMatchObject({
      path: 'POST /integration/query',
      request: { filter: { type: { $eq: 'aws' } } },
      notices: [],
    });
  });

  it('lists everything that cannot be carried over', () => {
    expect(
      problems(7, {
        filter: {
          technology: 5,
          region: 'eu',
          tags: [
            { key: 'env', value: 'prod' },
            { key: 'env', value: 'dev' },
            { key: 'a$.b', value: 'x' },
            'x',
          ],
        },
        sort: { createdAt: 'up' },
        totalCount: 3,
      }),
    ).toEqual([
      ['/totalCount', 'NOT_CONVERTIBLE'],
      ['/sort/createdAt', 'NOT_CONVERTIBLE'],
      ['/filter/technology', 'INVALID_REQUEST'],
      ['/filter/region', 'NOT_CONVERTIBLE'],
      ['/filter/tags/1', 'NOT_CONVERTIBLE'],
      ['/filter/tags/2/key', 'NOT_CONVERTIBLE'],
      ['/filter/tags/3', 'INVALID_REQUEST'],
    ]);
    expect(problems(6, { pageSize: 101 })).toEqual([['/pageSize', 'INVALID_REQUEST']]);
    expect(problems(6, { filter: { dueDate: { gt: '2026-01-01T00:00:00.000Z', lt: 'soon' } } })).toEqual([
      ['/filter/dueDate/gt', 'NOT_CONVERTIBLE'],
      ['/filter/dueDate/lt', 'INVALID_REQUEST'],
    ]);
    // A sort the replacement cannot do is caught by checking the result against the resource.
    expect(problems(7, { sort: { tags: 'asc' } })).toEqual([['/sort/tags', 'NOT_CONVERTIBLE']]);
    expect(problems(4 as 3, {})).toEqual([['', 'UNKNOWN_OPERATION']]);
    expect(problems(3, [])).toEqual([['', 'INVALID_REQUEST']]);
  });

  it('points into the legacy body when the converted request is refused, the request pointer beside', () => {
    const refused = (operation: 3 | 7, body: unknown) => {
      try {
        legacySearchToQuery(operation, body);
      } catch (e) {
        return (e as QueryError).problems.map((p) => [p.path, p.requestPath, p.filterCode]);
      }
      throw new Error('expected a QueryError');
    };
    const long = 'v'.repeat(600);
    expect(
      refused(7, {
        filter: {
          technology: 'postgres',
          tags: [
            { key: 'env', value: 'prod' },
            { key: 'team', value: long },
          ],
        },
      }),
    ).toEqual([['/filter/tags/1/value', '/filter/tags$.team/$eq', 'MAX_STRING_LENGTH_EXCEEDED']]);
    expect(refused(7, { filter: { tags: [{ key: 'k'.repeat(200), value: 'v' }] } })).toEqual([
      ['/filter/tags/0/key', `/filter/tags$.${'k'.repeat(200)}`, 'MAX_SEGMENT_LENGTH_EXCEEDED'],
    ]);
    expect(refused(3, { filter: { name: long } })).toEqual([
      ['/filter/name', '/filter/name/$eq', 'MAX_STRING_LENGTH_EXCEEDED'],
    ]);
    // A pointer that is the same in both has no requestPath.
    expect(refused(7, { sort: { tags: 'asc' } })).toEqual([['/sort/tags', undefined, undefined]]);
  });
});
