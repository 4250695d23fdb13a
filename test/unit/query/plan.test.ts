import { describe, expect, it } from 'vitest';
import {
  base64url,
  fromBase64url,
  parseQuery,
  QueryError,
  type QueryProblem,
  queryInMemory,
  type ResourceDescription,
} from '../../../src/index.js';

function problems(request: unknown, resource: Parameters<typeof parseQuery>[1] = 'component', options = {}) {
  try {
    parseQuery(request, resource, options);
  } catch (e) {
    expect(e).toBeInstanceOf(QueryError);
    return (e as QueryError).problems.map((p: QueryProblem) => [p.path, p.code, p.suggestion]);
  }
  throw new Error('expected a QueryError');
}

const records = Array.from({ length: 7 }, (_, i) => ({
  id: `c${i}`,
  region: i % 2 === 0 ? 'eu' : 'us',
  createdAt: `2026-01-0${1 + (i % 3)}T00:00:00.000Z`,
  technology: 'postgres',
}));

describe('parseQuery', () => {
  it('builds an immutable plan with the total order and the default selection', () => {
    const plan = parseQuery({ pageSize: 10, sort: { region: 'desc' }, fields: ['id'] }, 'component');
    expect(plan.sort).toEqual([
      { field: 'region', direction: 'desc' },
      { field: 'createdAt', direction: 'asc' },
      { field: 'id', direction: 'asc' },
    ]);
    expect(plan.fields).toEqual(['id']);
    expect(Object.isFrozen(plan) && Object.isFrozen(plan.sort) && Object.isFrozen(plan.fields)).toBe(true);
    const all = parseQuery({}, 'policy');
    expect(all.pageSize).toBe(100);
    expect(all.fields).toEqual(['id', 'name', 'description', 'createdAt', 'updatedAt']);
    expect(all.sort).toEqual([
      { field: 'createdAt', direction: 'asc' },
      { field: 'id', direction: 'asc' },
    ]);
    expect(parseQuery({ fields: [] }, 'policy').selected).toBe(false);
    // A requested createdAt keeps its direction and is not repeated.
    expect(parseQuery({ sort: { createdAt: 'desc' } }, 'policy').sort).toEqual([
      { field: 'createdAt', direction: 'desc' },
      { field: 'id', direction: 'asc' },
    ]);
  });

  it('lists every problem with its pointer and code', () => {
    expect(
      problems({
        pageSize: 0,
        sort: { regon: 'asc', tags: 'desc', region: 'up' },
        fields: ['id', 'regoin', 'id', 7],
        filter: { technolgy: { $eq: 'x' } },
        nextToken: 'abc',
      }),
    ).toEqual([
      ['/nextToken', 'UNKNOWN_PROPERTY', 'pageToken'],
      ['/pageSize', 'INVALID_PAGE_SIZE', undefined],
      ['/filter/technolgy', 'UNKNOWN_FILTER_FIELD', 'technology'],
      ['/sort/regon', 'UNKNOWN_SORT_FIELD', 'region'],
      ['/sort/tags', 'UNSORTABLE_FIELD', undefined],
      ['/sort/region', 'INVALID_SORT_DIRECTION', undefined],
      ['/fields/1', 'UNKNOWN_FIELD', 'region'],
      ['/fields/2', 'INVALID_FIELDS', undefined],
      ['/fields/3', 'INVALID_FIELDS', undefined],
    ]);
  });

  it.each([[1.5], [1001], [-1], ['10'], [Number.NaN]])('rejects pageSize %s', (pageSize) => {
    expect(problems({ pageSize })).toEqual([['/pageSize', 'INVALID_PAGE_SIZE', undefined]]);
  });

  it('takes a configurable page-size bound', () => {
    expect(parseQuery({ pageSize: 1000 }, 'component').pageSize).toBe(1000);
    expect(problems({ pageSize: 101 }, 'component', { maxPageSize: 100 })).toEqual([
      ['/pageSize', 'INVALID_PAGE_SIZE', undefined],
    ]);
    expect(parseQuery({}, 'component', { maxPageSize: 50 }).pageSize).toBe(50);
  });

  it('reads an empty sort as the default order, tokens included', () => {
    const empty = parseQuery({ sort: {}, pageSize: 2 }, 'component');
    const absent = parseQuery({ pageSize: 2 }, 'component');
    expect(empty.sort).toEqual(absent.sort);
    expect(empty.binding).toBe(absent.binding);
    const first = queryInMemory(records, empty);
    const next = parseQuery({ sort: {}, pageSize: 2, pageToken: first.nextPageToken }, 'component');
    expect(queryInMemory(records, next)).toEqual(
      queryInMemory(records, parseQuery({ pageSize: 2, pageToken: first.nextPageToken }, 'component')),
    );
  });

  it('rejects oversized and malformed sorts, and certificate fields outside the selectable list', () => {
    expect(problems({ sort: ['region'] })).toEqual([['/sort', 'INVALID_SORT', undefined]]);
    expect(
      problems({ sort: { id: 'asc', region: 'asc', type: 'asc' } }, 'component', { maxSortKeys: 2 }),
    ).toEqual([['/sort', 'INVALID_SORT', undefined]]);
    expect(problems({ fields: ['displayType'] }, 'certificate')).toEqual([
      ['/fields/0', 'UNSELECTABLE_FIELD', undefined],
    ]);
    expect(problems({ fields: 'id' }, 'certificate')).toEqual([['/fields', 'INVALID_FIELDS', undefined]]);
  });

  it('reports filter errors at their place inside the request, and non-filterable fields', () => {
    expect(problems({ filter: { region: { $in: 'eu' } } })).toEqual([
      ['/filter/region/$in', 'INVALID_FILTER', undefined],
    ]);
    const custom = {
      name: 'host',
      fields: {
        id: { type: 'string', sortable: true, filterable: true },
        createdAt: { type: 'timestamp', sortable: true, filterable: true },
        secret: { type: 'string', sortable: false, filterable: false },
      },
      selectable: ['id', 'createdAt'],
    } as const satisfies ResourceDescription;
    expect(problems({ filter: { $or: [{ id: { $eq: 'a' } }, { secret: { $eq: 'x' } }] } }, custom)).toEqual([
      ['/filter/$or/1/secret', 'UNFILTERABLE_FIELD', undefined],
    ]);
  });

  it('refuses operands of another type than a scalar field holds, at the operand', () => {
    expect(
      problems({
        filter: {
          createdAt: { $gte: 5 },
          hasAvailableSvcs: { $in: [true, 'yes', null] },
          $or: [{ version: { $ne: 1 } }, { hasAvailableSvcs: { $like: 't*' } }],
        },
      }),
    ).toEqual([
      ['/filter/createdAt/$gte', 'FILTER_TYPE_MISMATCH', undefined],
      ['/filter/hasAvailableSvcs/$in/1', 'FILTER_TYPE_MISMATCH', undefined],
      ['/filter/$or/0/version/$ne', 'FILTER_TYPE_MISMATCH', undefined],
      ['/filter/$or/1/hasAvailableSvcs/$like', 'FILTER_TYPE_MISMATCH', undefined],
    ]);
    // Presence (null, $exists), fields of no single type (details, tags) and paths below a field pass.
    expect(() =>
      parseQuery(
        {
          filter: {
            createdAt: { $ne: null },
            version: { $exists: false },
            'details$.postgres$.size': { $gt: 5 },
            'tags$.env': { $eq: 'prod' },
          },
        },
        'component',
      ),
    ).not.toThrow();
  });

  it('takes instant operands ($now, $at) on timestamp fields only', () => {
    expect(
      problems({
        filter: {
          region: { $lt: { $now: 'P30D' } },
          hasAvailableSvcs: { $ne: { $at: '2026-01-01T00:00:00Z' } },
          createdAt: { $gte: { $now: '-P90D' }, $lt: { $at: '2026-01-01T00:00:00Z' } },
          'details$.postgres$.lastActiveConnectionTime': { $lt: { $now: '-P90D' } },
        },
      }),
    ).toEqual([
      ['/filter/region/$lt', 'FILTER_TYPE_MISMATCH', undefined],
      ['/filter/hasAvailableSvcs/$ne', 'FILTER_TYPE_MISMATCH', undefined],
    ]);
  });

  it('rejects an unknown resource and a request that is not an object', () => {
    expect(() => parseQuery({}, 'database' as 'policy')).toThrow(
      expect.objectContaining({ code: 'UNKNOWN_RESOURCE' }),
    );
    expect(() => parseQuery([], 'policy')).toThrow(expect.objectContaining({ code: 'INVALID_REQUEST' }));
  });
});

describe('page tokens', () => {
  const request = {
    pageSize: 2,
    sort: { region: 'asc' },
    filter: { technology: { $eq: 'postgres' } },
  } as const;
  const first = queryInMemory(records, parseQuery(request, 'component', { secret: 's3cret' }));
  const token = first.nextPageToken!;

  it('continue the walk under the same filter, sort and secret', () => {
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    const next = queryInMemory(
      records,
      parseQuery({ ...request, pageToken: token }, 'component', { secret: 's3cret' }),
    );
    expect(next.items.map((r) => r.id)).toEqual(['c4', 'c2']);
  });

  const rejected = (pageToken: string, req: object = request, options: object = { secret: 's3cret' }) =>
    expect(problems({ ...req, pageToken }, 'component', options)).toEqual([
      ['/pageToken', 'INVALID_PAGE_TOKEN', undefined],
    ]);

  it('rejects tampered, truncated, foreign-filter, foreign-sort and foreign-secret tokens', () => {
    const [body, signature] = token.split('.') as [string, string];
    const decoded = new TextDecoder().decode(fromBase64url(body));
    const forged = base64url(new TextEncoder().encode(decoded.replace('"eu"', '"us"')));
    expect(forged).not.toBe(body);
    rejected(`${forged}.${signature}`);
    rejected(token.slice(0, -3));
    rejected(body.slice(0, -2));
    rejected(`${body}.`);
    rejected(token, { ...request, filter: { technology: { $eq: 'mysql' } } });
    rejected(token, { ...request, sort: { region: 'desc' } });
    rejected(token, request, { secret: 'another secret' });
    rejected(body, request);
    rejected(token, request, {});
    rejected('not a token at all!');
    expect(problems({ pageToken: 42 })).toEqual([['/pageToken', 'INVALID_PAGE_TOKEN', undefined]]);
  });

  it('without a secret, are bound to filter and sort but unsigned', () => {
    const plain = queryInMemory(records, parseQuery(request, 'component')).nextPageToken!;
    expect(plain).not.toContain('.');
    rejected(plain, { ...request, filter: { technology: { $eq: 'mysql' } } }, {});
    const forgedVersion = base64url(new TextEncoder().encode(JSON.stringify([2, 'x', []])));
    rejected(forgedVersion, request, {});
    // Filters that differ only in key order are the same filter.
    const swapped = { ...request, filter: { technology: { $eq: 'postgres' } } };
    expect(() => parseQuery({ ...swapped, pageToken: plain }, 'component')).not.toThrow();
  });

  it('keep working after the row they point at is deleted: the key is the position', () => {
    const remaining = records.filter((r) => r.id !== first.items[1]!.id);
    const next = queryInMemory(
      remaining,
      parseQuery({ ...request, pageToken: token }, 'component', { secret: 's3cret' }),
    );
    expect(next.items.map((r) => r.id)).toEqual(['c4', 'c2']);
  });
});
