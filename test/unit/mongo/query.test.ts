import { Aggregator } from 'mingo';
import { Decimal128, Long } from 'mongodb';
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
      { _id: 1, id: 'a', createdAt: '2026-01-01T00:00:00.000Z', region: '2' },
      { _id: 2, id: 'b', createdAt: '2026-01-01T00:00:00.000Z', region: null },
      { _id: 3, id: 'c', createdAt: '2026-01-01T00:00:00.000Z', region: 10 },
      {
        _id: 4,
        id: 'd',
        createdAt: '2026-01-01T00:00:00.000Z',
        region: new Date('2026-01-01T00:00:00.000Z'),
      },
      { _id: 5, id: 'e', createdAt: '2026-01-01T00:00:00.000Z', region: true },
      { _id: 6, id: 'f', createdAt: '2026-01-01T00:00:00.000Z', region: { major: 1 } },
    ];
    const ids: string[] = [];
    let pageToken: string | undefined;
    do {
      const query = prepareMongoQuery(
        { pageSize: 2, sort: { region: 'asc' }, fields: ['id'], ...(pageToken ? { pageToken } : {}) },
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
      parseQuery({ pageSize: 10, sort: { region: 'asc' }, fields: ['id'] }, 'component'),
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

  it('reads createdAt and id raw when the description says every record has them: find + sort + limit', () => {
    const first = parseQuery({ pageSize: 2, fields: ['id'] }, 'component');
    expect(queryToMongo(first)).toEqual({
      pipeline: [
        { $sort: { createdAt: 1, id: 1 } },
        { $limit: 3 },
        { $project: { _id: 0, id: 1, createdAt: 1 } },
      ],
      find: {
        filter: {},
        sort: { createdAt: 1, id: 1 },
        limit: 3,
        projection: { _id: 0, id: 1, createdAt: 1 },
      },
    });
    // After a token: the implied bound on the first key, so an index on { createdAt, id } is entered at
    // the cursor; descending, the bounds turn round.
    const at = '2026-01-01T00:00:00.000Z';
    for (const [sort, lead, op] of [
      [undefined, '$gte', '$gt'],
      [{ createdAt: 'desc', id: 'desc' }, '$lte', '$lt'],
    ] as const) {
      const base = {
        pageSize: 2,
        fields: ['id'],
        filter: { region: { $eq: 'eu' } },
        ...(sort ? { sort } : {}),
      };
      const token = pageTokenAfter(parseQuery(base, 'component'), [at, 'c1']);
      const query = queryToMongo(parseQuery({ ...base, pageToken: token }, 'component'), {
        scalarPaths: ['region'],
      });
      expect(query.find?.filter).toEqual({
        $and: [
          { region: { $eq: 'eu' } },
          {
            $and: [
              { createdAt: { [lead]: at } },
              { $or: [{ createdAt: { [op]: at } }, { createdAt: { $eq: at }, id: { [op]: 'c1' } }] },
            ],
          },
        ],
      });
      expect(query.pipeline[0]).toEqual({ $match: query.find?.filter });
      expect(query.pipeline[1]).toEqual({
        $sort: sort ? { createdAt: -1, id: -1 } : { createdAt: 1, id: 1 },
      });
    }
  });

  it('keeps the computed form for a sort key whose name an object would move to the front', () => {
    const resource = {
      name: 'r',
      fields: {
        id: { type: 'string', required: true, sortable: true, filterable: true },
        createdAt: { type: 'timestamp', required: true, sortable: true, filterable: true },
        '7': { type: 'string', required: true, sortable: true, filterable: true },
      },
      selectable: ['id'],
    } as const;
    expect(
      queryToMongo(parseQuery({ sort: { createdAt: 'asc', '7': 'asc' } }, resource)).find,
    ).toBeUndefined();
    expect(queryToMongo(parseQuery({ sort: { createdAt: 'asc' } }, resource)).find).toBeDefined();
  });

  it('walks raw and computed orders on mingo exactly as memory does', () => {
    const docs = Array.from({ length: 23 }, (_, i) => ({
      id: `c${(i * 7) % 23}`,
      createdAt: `2026-01-0${1 + (i % 3)}T00:00:00.000Z`,
      ...(i % 4 === 0 ? {} : { region: ['eu', 'us', 'é'][i % 3] }),
    }));
    for (const sort of [
      undefined,
      { createdAt: 'desc', id: 'desc' },
      { createdAt: 'desc' },
      { id: 'desc', createdAt: 'asc' },
      { region: 'desc' },
    ] as const) {
      const base = { pageSize: 4, fields: ['id'], ...(sort ? { sort } : {}) };
      const raw = queryToMongo(parseQuery(base, 'component')).find !== undefined;
      expect(raw).toBe(sort === undefined || !('region' in sort));
      const ids: unknown[] = [];
      let pageToken: string | undefined;
      do {
        const query = prepareMongoQuery({ ...base, ...(pageToken ? { pageToken } : {}) }, 'component');
        const page = query.toPage(new Aggregator(query.pipeline).run(docs) as Record<string, unknown>[]);
        ids.push(...page.items.map((item) => item.id));
        pageToken = page.nextPageToken;
      } while (pageToken !== undefined);
      const memory = queryInMemory(docs, parseQuery({ ...base, pageSize: 100 }, 'component'));
      expect(ids, JSON.stringify(sort)).toEqual(memory.items.map((item) => item.id));
    }
  });

  it('ranks long and decimal values as numbers and carries them in tokens as numbers', () => {
    const plan = parseQuery({ pageSize: 1, sort: { region: 'asc' }, fields: ['id'] }, 'component');
    // The computed key is a double, whatever numeric type the document holds.
    expect(JSON.stringify(queryToMongo(plan).pipeline[0])).toContain('{"$toDouble":');
    // A driver that hands over BSON numbers as objects still gives the token a number, not null.
    for (const [value, expected] of [
      [Decimal128.fromString('1.5'), 1.5],
      [Long.fromNumber(7), 7],
    ] as const) {
      const docs = [
        { id: 'a', __svc_k0: value, __svc_k1: '2026-01-01T00:00:00.000Z', __svc_k2: 'a' },
        { id: 'b', __svc_k0: 9, __svc_k1: '2026-01-01T00:00:00.000Z', __svc_k2: 'b' },
      ];
      const page = mongoDocsToPage(plan, docs);
      const next = parseQuery(
        { pageSize: 1, sort: { region: 'asc' }, fields: ['id'], pageToken: page.nextPageToken },
        'component',
      );
      expect(next.after).toEqual([expected, '2026-01-01T00:00:00.000Z', 'a']);
    }
  });
});
