import { Aggregator } from 'mingo';
import { describe, expect, it } from 'vitest';
import { pageTokenAfter, parseQuery, queryInMemory } from '../../../src/index.js';
import { mongoDocsToPage, prepareMongoQuery, queryToMongo } from '../../../src/mongo.js';

describe('queryToMongo', () => {
  it('builds match, computed sort keys, sort, limit and projection of the selected fields', () => {
    const plan = parseQuery(
      { pageSize: 2, filter: { region: { $eq: 'eu' } }, sort: { version: 'desc' }, fields: ['id'] },
      'component',
    );
    const { pipeline } = queryToMongo(plan, { scalarPaths: ['region'] });
    expect(pipeline.map((s) => Object.keys(s)[0])).toEqual([
      '$match',
      '$addFields',
      '$sort',
      '$limit',
      '$project',
    ]);
    expect(pipeline[0]).toEqual({ $match: { region: { $eq: 'eu' } } });
    expect(pipeline[2]).toEqual({
      $sort: { __svc_r0: -1, __svc_k0: -1, __svc_r1: 1, __svc_k1: 1, __svc_r2: 1, __svc_k2: 1 },
    });
    expect(pipeline[3]).toEqual({ $limit: 3 });
    expect(pipeline[4]).toEqual({ $project: { _id: 0, id: 1, __svc_k0: 1, __svc_k1: 1, __svc_k2: 1 } });
  });

  it('pages on mingo by a field that is not selected, with nulls, types and a BSON date', () => {
    const docs = [
      { _id: 1, id: 'a', createdAt: '2026-01-01T00:00:00.000Z', version: '2' },
      { _id: 2, id: 'b', createdAt: '2026-01-01T00:00:00.000Z', version: null },
      { _id: 3, id: 'c', createdAt: '2026-01-01T00:00:00.000Z', version: 10 },
      {
        _id: 4,
        id: 'd',
        createdAt: '2026-01-01T00:00:00.000Z',
        version: new Date('2026-01-01T00:00:00.000Z'),
      },
      { _id: 5, id: 'e', createdAt: '2026-01-01T00:00:00.000Z', version: true },
      { _id: 6, id: 'f', createdAt: '2026-01-01T00:00:00.000Z', version: { major: 1 } },
    ];
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const query = prepareMongoQuery(
        { pageSize: 2, sort: { version: 'asc' }, fields: ['id'], ...(pageToken ? { pageToken } : {}) },
        'component',
        { secret: 'k' },
      );
      const page = query.toPage(new Aggregator(query.pipeline).run(docs) as Record<string, unknown>[]);
      ids.push(...page.items.map((i) => String(i.id)));
      for (const item of page.items) expect(Object.keys(item)).toEqual(['id']);
      pageToken = page.nextPageToken;
    } while (pageToken !== undefined);
    // missing-like (null, object) < numbers < strings ("2" before the date's ISO string) < booleans.
    expect(ids).toEqual(['b', 'f', 'c', 'a', 'd', 'e']);
    const memory = queryInMemory(
      docs,
      parseQuery({ pageSize: 10, sort: { version: 'asc' }, fields: ['id'] }, 'component'),
    );
    expect(memory.items.map((i) => i.id)).toEqual(ids);
  });

  it('matches nothing after a null cursor on a descending key with no ties left', () => {
    const base = { pageSize: 1, sort: { version: 'desc' } } as const;
    const plan = parseQuery(base, 'component');
    const last = parseQuery({ ...base, pageToken: pageTokenAfter(plan, [null, '9999', '~']) }, 'component');
    const docs = [{ id: 'a', createdAt: '2026-01-01T00:00:00.000Z' }];
    expect(
      mongoDocsToPage(
        last,
        new Aggregator(queryToMongo(last).pipeline).run(docs) as Record<string, unknown>[],
      ),
    ).toEqual({
      items: [],
    });
  });
});
