import { describe, expect, it } from 'vitest';
import { FilterError, parseFilter } from '../../../src/index.js';
import { policyToMongo, toMongo, toMongoExpr } from '../../../src/mongo.js';
import { MAX_REGEX_BYTES } from '../../../src/targets/mongo/limits.js';
import { likeToRegex } from '../../../src/targets/mongo/regex.js';
import { UNBOUNDED } from '../../support/limits.js';

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

  it('translates keys below a selector to an exact $expr behind an $elemMatch prefilter', () => {
    const query = toMongo({ 'details$.db$.users$.__svcArrayAny__$.name': { $eq: 'admin' } });
    expect(Object.keys(query)).toEqual(['details.db.users', '$expr']);
    expect(query['details.db.users']).toEqual({ $elemMatch: { name: { $eq: 'admin' } } });
  });

  it('nests the prefilter for every selector, one element holding all positive operators', () => {
    const query = toMongo({ 'a$.__svcArrayAny__$.b$.__svcArrayAny__$.c': { $gte: 1, $lt: 3, $ne: 2 } });
    expect(query.a).toEqual({ $elemMatch: { b: { $elemMatch: { c: { $gte: 1, $lt: 3 } } } } });
    expect(toMongo({ 'a$.__svcArrayAny__$.__svcArrayAny__$.c': { $like: 'x*' } }).a).toEqual({
      $elemMatch: { $elemMatch: { c: { $regex: '^x' } } },
    });
  });

  it('gives no prefilter when no operator needs a present value, or a key is not a plain field', () => {
    expect(Object.keys(toMongo({ 'a$.__svcArrayAny__$.b': { $ne: 1 } }))).toEqual(['$expr']);
    expect(Object.keys(toMongo({ 'a$.__svcArrayAny__$.b.c': { $eq: 1 } }))).toEqual(['$expr']);
  });

  it('reads keys with "." or a leading "$" with $getField, never as a path', () => {
    const query = toMongo({ 'tags$.app.kubernetes.io/name': { $eq: 'web' } });
    expect(Object.keys(query)).toEqual(['$expr']);
    expect(JSON.stringify(query)).toContain('{"$getField":{"field":{"$literal":"app.kubernetes.io/name"}');
  });

  it('passes string range operands unchanged, so MongoDB orders them by code point', () => {
    // MongoDB compares strings by their UTF-8 bytes (binary collation), which is code point order:
    // the operand must reach it untouched. mingo orders by UTF-16 unit, so the conformance cases
    // that depend on the difference (range/*-astral.json) run only on a real server.
    expect(toMongo({ v: { $gt: '\uE000' } })).toEqual({ v: { ...NOT_ARRAY, $gt: '\uE000' } });
    expect(toMongo({ v: { $lt: '\uFFFF' } }, { scalarPaths: ['v'] })).toEqual({ v: { $lt: '\uFFFF' } });
    expect(JSON.stringify(toMongoExpr({ v: { $lt: '\u{1F600}' } }))).toContain(
      '{"$and":[{"$eq":[{"$type":"$$v1"},"string"]},{"$lt":["$$v1",{"$literal":"\u{1F600}"}]}]}',
    );
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

describe('path length limit', () => {
  const path = (n: number, segment = 'a') => Array.from({ length: n }, () => segment).join('$.');

  it('translates a path of 100 segments', () => {
    expect(Object.keys(toMongo({ [path(100)]: { $eq: 1 } }, { limits: UNBOUNDED }))).toHaveLength(100);
    expect(() => toMongoExpr({ [path(100, 'a.b')]: { $eq: 1 } }, { limits: UNBOUNDED })).not.toThrow();
  });

  it('refuses a longer path with UNSUPPORTED at its place, never a RangeError', () => {
    for (const n of [101, 20_000]) {
      for (const segment of ['a', 'a.b', '__svcArrayAny__']) {
        const key = `x$.${path(n, segment)}`;
        for (const translate of [toMongo, toMongoExpr]) {
          expect(() =>
            translate({ $or: [{ b: { $eq: 1 } }, { $not: { [key]: { $eq: 1 } } }] }, { limits: UNBOUNDED }),
          ).toThrow(
            expect.objectContaining({
              name: 'FilterError',
              code: 'UNSUPPORTED',
              path: `/$or/1/$not/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
            }),
          );
        }
      }
    }
  });

  it('refuses a longer path in a policy, at its place in the definition', () => {
    const key = path(101);
    const policy = {
      name: 'p',
      query: { filter: { b: { $eq: 1 } } },
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        bad: {
          criticality: 1,
          rules: [{ conditions: [{ type: 'filter', condition: { filter: { [key]: { $eq: 1 } } } }] }],
        },
      },
    };
    expect(() => policyToMongo(policy, { limits: UNBOUNDED })).toThrow(
      expect.objectContaining({
        code: 'UNSUPPORTED',
        path: `/statusDefinitions/bad/rules/0/conditions/0/condition/filter/${key}`,
      }),
    );
    expect(() =>
      policyToMongo({ ...policy, query: { filter: { [key]: { $eq: 1 } } } }, { limits: UNBOUNDED }),
    ).toThrow(expect.objectContaining({ code: 'UNSUPPORTED', path: `/query/filter/${key}` }));
  });
});

describe('regular expression length limit', () => {
  it('a $like whose regular expression is longer than 16,384 bytes is UNSUPPORTED at its place', () => {
    // 3,000 wildcards: a pattern of 60 KB and 3,000 capture groups, which MongoDB refuses.
    const stars = `${'*a'.repeat(3_000)}*`;
    const longest = `${'a'.repeat(MAX_REGEX_BYTES - 1)}*`;
    expect(likeToRegex(longest)).toHaveLength(MAX_REGEX_BYTES);
    for (const translate of [toMongo, toMongoExpr]) {
      expect(() => translate({ $or: [{ name: { $like: stars } }] }, { limits: UNBOUNDED })).toThrow(
        expect.objectContaining({ code: 'UNSUPPORTED', path: '/$or/0/name/$like' }),
      );
      expect(() => translate({ name: { $like: longest } }, { limits: UNBOUNDED })).not.toThrow();
      expect(() => translate({ name: { $like: `a${longest}` } }, { limits: UNBOUNDED })).toThrow(
        expect.objectContaining({ code: 'UNSUPPORTED', message: expect.stringContaining('16384') }),
      );
    }
    const policy = {
      name: 'p',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        bad: {
          criticality: 1,
          rules: [{ conditions: [{ type: 'filter', condition: { filter: { name: { $like: stars } } } }] }],
        },
      },
    };
    expect(() => policyToMongo(policy, { limits: UNBOUNDED })).toThrow(
      expect.objectContaining({
        code: 'UNSUPPORTED',
        path: '/statusDefinitions/bad/rules/0/conditions/0/condition/filter/name/$like',
      }),
    );
  });

  it('the default limits keep every regular expression far below it', () => {
    const worst = `${'.'.repeat(240)}${'*.'.repeat(16)}`.slice(0, 256);
    expect(likeToRegex(worst).length).toBeLessThan(MAX_REGEX_BYTES / 8);
    expect(() => toMongo({ name: { $like: worst } })).not.toThrow();
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
