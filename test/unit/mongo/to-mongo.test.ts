import { describe, expect, it } from 'vitest';
import { FilterError, parseFilter } from '../../../src/index.js';
import { toMongo, toMongoExpr } from '../../../src/mongo.js';

const NOT_ARRAY = { $not: { $type: 'array' } };

describe('toMongo: the translation table', () => {
  it('writes every equality as an explicit $eq, with an array guard on the leaf', () => {
    expect(toMongo({ technology: { $eq: 'postgres' } })).toEqual({
      technology: { ...NOT_ARRAY, $eq: 'postgres' },
    });
  });

  it('drops the guards on paths the caller declares scalar', () => {
    expect(toMongo({ technology: { $eq: 'postgres' } }, { scalarPaths: ['technology'] })).toEqual({
      technology: { $eq: 'postgres' },
    });
    expect(
      toMongo({ 'details$.db$.v': { $gte: 10 } }, { scalarPaths: (p) => p.startsWith('details') }),
    ).toEqual({ 'details.db.v': { $gte: 10 } });
  });

  it('guards every intermediate prefix when a missing value fails', () => {
    expect(toMongo({ 'details$.db$.v': { $gte: 10 } })).toEqual({
      details: NOT_ARRAY,
      'details.db': NOT_ARRAY,
      'details.db.v': { ...NOT_ARRAY, $gte: 10 },
    });
  });

  it('lets an array prefix pass when a missing value passes ($ne reads missing through it)', () => {
    expect(toMongo({ 'a$.b': { $ne: 1 } })).toEqual({
      $or: [{ a: { $type: 'array' } }, { $or: [{ 'a.b': { $type: 'array' } }, { 'a.b': { $ne: 1 } }] }],
    });
  });

  it('writes $exists as "not null" / "null", which in MongoDB include missing', () => {
    expect(toMongo({ a: { $exists: true } })).toEqual({
      $or: [{ a: { $type: 'array' } }, { a: { $ne: null } }],
    });
    expect(toMongo({ a: { $exists: false } })).toEqual({ a: { ...NOT_ARRAY, $eq: null } });
  });

  it('uses another encoding when two operators need the same MongoDB name', () => {
    expect(toMongo({ a: { $eq: 1, $exists: false } }, { scalarPaths: ['a'] })).toEqual({
      a: { $eq: 1, $in: [null] },
    });
  });

  it('translates $like to an anchored, escaped regex; a prefix stays ^literal', () => {
    expect(toMongo({ region: { $like: 'eu-*' } }, { scalarPaths: ['region'] })).toEqual({
      region: { $regex: '^eu-' },
    });
    expect(toMongo({ v: { $like: 'a.b' } }, { scalarPaths: ['v'] })).toEqual({
      v: { $regex: '^a\\.b(?![\\s\\S])' },
    });
  });

  it('translates $not to $nor, the exact complement', () => {
    expect(toMongo({ $not: { a: { $eq: 1 } } }, { scalarPaths: ['a'] })).toEqual({
      $nor: [{ a: { $eq: 1 } }],
    });
    expect(toMongo({ $not: {} })).toEqual({ $nor: [{}] });
  });

  it('translates $and and $or, and {} to {}', () => {
    expect(toMongo({})).toEqual({});
    expect(
      toMongo(
        { $or: [{ a: { $eq: 1 } }, { b: { $eq: 2 } }], $and: [{ c: { $lt: 3 } }] },
        { scalarPaths: ['a', 'b', 'c'] },
      ),
    ).toEqual({ $or: [{ a: { $eq: 1 } }, { b: { $eq: 2 } }], c: { $lt: 3 } });
  });

  it('translates a selector ending the path to an operator-form $elemMatch', () => {
    expect(toMongo({ 'domains$.__svcArrayAny__': { $like: '*.example' } })).toEqual({
      domains: { $elemMatch: { ...NOT_ARRAY, $regex: '^[\\s\\S]*\\.example(?![\\s\\S])' } },
    });
    expect(toMongo({ 'm$.__svcArrayAny__$.__svcArrayAny__': { $eq: 1 } })).toEqual({
      m: { $elemMatch: { $elemMatch: { ...NOT_ARRAY, $eq: 1 } } },
    });
  });

  it('splits "the element is an array, or …" into two $elemMatch', () => {
    expect(toMongo({ 'tags$.__svcArrayAny__': { $ne: 'x' } })).toEqual({
      $or: [{ tags: { $elemMatch: { $type: 'array' } } }, { tags: { $elemMatch: { $ne: 'x' } } }],
    });
  });

  it('translates keys below a selector to an exact $expr behind an index-friendly prefilter', () => {
    const query = toMongo({ 'details$.db$.users$.__svcArrayAny__$.name': { $eq: 'admin' } });
    expect(Object.keys(query)).toEqual(['details.db.users.name', '$expr']);
    expect(query['details.db.users.name']).toEqual({ $eq: 'admin' });
  });

  it('reads keys with "." or a leading "$" with $getField, never as a path', () => {
    const query = toMongo({ 'tags$.app.kubernetes.io/name': { $eq: 'web' } });
    expect(Object.keys(query)).toEqual(['$expr']);
    expect(JSON.stringify(query)).toContain('{"$getField":{"field":{"$literal":"app.kubernetes.io/name"}');
  });

  it('matches nothing for a selector at the root: a document is never an array', () => {
    expect(toMongo({ '__svcArrayAny__$.a': { $eq: 1 } })).toEqual({ $nor: [{}] });
  });

  it('accepts an AST and re-validates a hand-built one', () => {
    const node = parseFilter({ a: { $eq: 1 } });
    expect(toMongo(node)).toEqual(toMongo({ a: { $eq: 1 } }));
    const forged = {
      kind: 'filter',
      clauses: [
        { kind: 'field', path: [{ kind: 'key', key: 'a' }], operators: [{ kind: 'eq', value: { $gt: '' } }] },
      ],
    };
    expect(() => toMongo(forged)).toThrow(FilterError);
  });

  it('throws typed errors for invalid filters and options', () => {
    expect(() => toMongo({ a: 1 })).toThrow(expect.objectContaining({ code: 'EXPECTED_OPERATOR_OBJECT' }));
    expect(() => toMongo({ $where: 'x' })).toThrow(expect.objectContaining({ code: 'UNKNOWN_OPERATOR' }));
    expect(() => toMongo({}, { scalarPaths: 5 as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
    expect(() => toMongo({}, { scalarPaths: [5] as never })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPTION' }),
    );
    expect(() => toMongoExpr({ a: { $in: 'x' } })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPERAND' }),
    );
  });
});

describe('toMongoExpr', () => {
  it('wraps every operand in $literal and tests null by $type', () => {
    expect(toMongoExpr({})).toBe(true);
    const expr = JSON.stringify(toMongoExpr({ a: { $eq: '$b' }, c: { $eq: null } }));
    expect(expr).toContain('{"$literal":"$b"}');
    expect(expr).toContain('["missing","null","undefined"]');
  });
});
