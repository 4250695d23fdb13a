import { describe, expect, it } from 'vitest';
import { FilterError, type FilterErrorCode, parseFilter } from '../../../src/index.js';

function errorOf(input: unknown, options?: { maxDepth?: number }): FilterError {
  try {
    parseFilter(input, options);
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error(`expected a FilterError for ${JSON.stringify(input)}`);
}

const cases: Array<[string, unknown, FilterErrorCode, string, RegExp]> = [
  ['non-object filter', 'x', 'INVALID_FILTER', '', /a filter must be an object at the root, got a string/],
  ['array filter', [], 'INVALID_FILTER', '', /got an array/],
  ['null filter', null, 'INVALID_FILTER', '', /got null/],
  ['bare value', { region: 'eu' }, 'EXPECTED_OPERATOR_OBJECT', '/region', /write \{ "\$eq": "eu" \}/],
  ['bare null', { region: null }, 'EXPECTED_OPERATOR_OBJECT', '/region', /\{ "\$eq": null \}/],
  ['bare array', { region: ['a'] }, 'EXPECTED_OPERATOR_OBJECT', '/region', /\$in/],
  ['empty operator object', { region: {} }, 'EMPTY_OPERATOR_OBJECT', '/region', /empty operator object/],
  [
    'unknown operator',
    { region: { $regex: 'x' } },
    'UNKNOWN_OPERATOR',
    '/region/$regex',
    /unknown operator "\$regex" at \/region\/\$regex/,
  ],
  [
    'nested field in operator object',
    { details: { database: { $eq: 1 } } },
    'UNKNOWN_OPERATOR',
    '/details/database',
    /details\$\.database/,
  ],
  ['unknown logical operator', { $nor: [{}] }, 'UNKNOWN_OPERATOR', '/$nor', /unknown operator "\$nor"/],
  ['comparison at filter level', { $eq: 1 }, 'UNKNOWN_OPERATOR', '/$eq', /belongs inside a field/],
  [
    '$in not an array',
    { technology: { $in: 'postgres' } },
    'INVALID_OPERAND',
    '/technology/$in',
    /"\$in" expects an array at \/technology\/\$in/,
  ],
  [
    '$in with an object',
    { technology: { $in: ['a', { b: 1 }] } },
    'INVALID_OPERAND',
    '/technology/$in/1',
    /"\$in" expects strings, numbers, booleans or null at \/technology\/\$in\/1/,
  ],
  ['$nin with an array', { technology: { $nin: [['a']] } }, 'INVALID_OPERAND', '/technology/$nin/0', /\$nin/],
  [
    '$gt with a boolean',
    { a: { $gt: true } },
    'INVALID_OPERAND',
    '/a/$gt',
    /"\$gt" expects a string or a number at \/a\/\$gt, got a boolean/,
  ],
  ['$lte with null', { a: { $lte: null } }, 'INVALID_OPERAND', '/a/$lte', /\$lte/],
  [
    '$eq with an object',
    { a: { $eq: { $gt: 1 } } },
    'INVALID_OPERAND',
    '/a/$eq',
    /"\$eq" expects a string, number, boolean or null/,
  ],
  ['$eq with an array', { a: { $eq: [1] } }, 'INVALID_OPERAND', '/a/$eq', /got an array/],
  ['$like with a number', { a: { $like: 5 } }, 'INVALID_OPERAND', '/a/$like', /"\$like" expects a string/],
  [
    '$exists with a string',
    { a: { $exists: 'yes' } },
    'INVALID_OPERAND',
    '/a/$exists',
    /"\$exists" expects a boolean/,
  ],
  ['NaN', { a: { $eq: Number.NaN } }, 'INVALID_OPERAND', '/a/$eq', /got NaN/],
  ['Infinity', { a: { $gt: Number.POSITIVE_INFINITY } }, 'INVALID_OPERAND', '/a/$gt', /finite/],
  ['unsafe integer', { a: { $eq: 2 ** 53 } }, 'INVALID_OPERAND', '/a/$eq', /safe range/],
  ['unsafe integer in $in', { a: { $in: [1, 1e20] } }, 'INVALID_OPERAND', '/a/$in/1', /safe range/],
  [
    'empty $and',
    { $and: [] },
    'INVALID_OPERAND',
    '/$and',
    /"\$and" expects a non-empty array of filters at \/\$and, got an empty array/,
  ],
  [
    '$or not an array',
    { $or: { a: { $eq: 1 } } },
    'INVALID_OPERAND',
    '/$or',
    /"\$or" expects a non-empty array/,
  ],
  [
    '$or item not an object',
    { $or: [{ a: { $eq: 1 } }, 3] },
    'INVALID_FILTER',
    '/$or/1',
    /"\$or" expects a filter object at \/\$or\/1, got a number/,
  ],
  ['$not not an object', { $not: [] }, 'INVALID_FILTER', '/$not', /"\$not" expects a filter object/],
  ['empty path', { '': { $eq: 1 } }, 'INVALID_PATH', '/', /empty field path/],
  ['empty segment', { 'a$.$.b': { $eq: 1 } }, 'INVALID_PATH', '/a$.$.b', /empty segment/],
  ['trailing separator', { 'a$.': { $eq: 1 } }, 'INVALID_PATH', '/a$.', /empty segment/],
  [
    '__proto__',
    JSON.parse('{"__proto__": {"$eq": 1}}'),
    'FORBIDDEN_PATH_SEGMENT',
    '/__proto__',
    /forbidden segment "__proto__"/,
  ],
  [
    'constructor deep',
    { 'a$.constructor$.prototype': { $eq: 1 } },
    'FORBIDDEN_PATH_SEGMENT',
    '/a$.constructor$.prototype',
    /constructor/,
  ],
  [
    'prototype',
    { 'x$.prototype': { $exists: true } },
    'FORBIDDEN_PATH_SEGMENT',
    '/x$.prototype',
    /prototype/,
  ],
  ['pointer escaping', { 'a/b~c': { $in: 1 } }, 'INVALID_OPERAND', '/a~1b~0c/$in', /\/a~1b~0c\/\$in/],
  [
    'nested pointer',
    { $and: [{ x: { $eq: 1 } }, { $not: { 'y$.z': { $gte: false } } }] },
    'INVALID_OPERAND',
    '/$and/1/$not/y$.z/$gte',
    /\$gte/,
  ],
  ['lone surrogate', { a: { $eq: '\ud800' } }, 'INVALID_VALUE', '/a/$eq', /well-formed/],
  ['function operand', { a: { $eq: () => 1 } }, 'INVALID_VALUE', '/a/$eq', /got a function/],
  ['symbol operand', { a: { $eq: Symbol('x') } }, 'INVALID_VALUE', '/a/$eq', /got a symbol/],
  ['BigInt operand', { a: { $eq: 1n } }, 'INVALID_VALUE', '/a/$eq', /got a BigInt/],
  ['undefined operand', { a: { $eq: undefined } }, 'INVALID_VALUE', '/a/$eq', /got undefined/],
  ['symbol key', { [Symbol('k')]: { $eq: 1 } }, 'INVALID_VALUE', '', /symbol keys/],
  ['lone surrogate in a key', { 'a$.\udc00': { $eq: 1 } }, 'INVALID_VALUE', '/a$.\udc00', /well-formed/],
  ['function at a path', { a: () => 1 }, 'INVALID_VALUE', '/a', /got a function/],
  ['BigInt at a path', { a: 1n }, 'INVALID_VALUE', '/a', /got a BigInt/],
  ['undefined at a path', { a: undefined }, 'INVALID_VALUE', '/a', /got undefined/],
  // JSON.stringify(NaN) is "null": the hint must not suggest matching null.
  [
    'NaN at a path',
    { a: Number.NaN },
    'EXPECTED_OPERATOR_OBJECT',
    '/a',
    /got NaN; write \{ "\$eq": <value> \}/,
  ],
  [
    '__proto__ in an object literal (sets the prototype)',
    { __proto__: { $eq: 1 } },
    'INVALID_FILTER',
    '',
    /not a plain object/,
  ],
  ['Date as filter', new Date(0), 'INVALID_FILTER', '', /got an object that is not a plain object \(Date\)/],
  [
    'Map as operator object',
    { a: new Map([['$eq', 1]]) },
    'EXPECTED_OPERATOR_OBJECT',
    '/a',
    /operator object/,
  ],
  ['class instance as filter', new (class Filter {})(), 'INVALID_FILTER', '', /must be an object/],
];

describe('parseFilter errors', () => {
  it.each(cases)('%s', (_name, input, code, path, message) => {
    const error = errorOf(input);
    expect(error).toBeInstanceOf(Error);
    expect(error.name).toBe('FilterError');
    expect(error.code).toBe(code);
    expect(error.path).toBe(path);
    expect(error.message).toMatch(message);
  });

  it('rejects nesting deeper than maxDepth, default 32', () => {
    let filter: Record<string, unknown> = { a: { $eq: 1 } };
    for (let i = 1; i < 32; i++) filter = { $not: filter };
    expect(() => parseFilter(filter)).not.toThrow();
    const error = errorOf({ $not: filter });
    expect(error.code).toBe('MAX_DEPTH_EXCEEDED');
    expect(error.path).toBe(`${'/$not'.repeat(32)}`);
    expect(() => parseFilter({ $not: filter }, { maxDepth: 33 })).not.toThrow();
    expect(errorOf({ $and: [{ $or: [{}] }] }, { maxDepth: 2 }).path).toBe('/$and/0/$or/0');
  });

  it('rejects a 100,000-deep filter and a cyclic one without exhausting the stack', () => {
    let deep: Record<string, unknown> = {};
    for (let i = 0; i < 100_000; i++) deep = { $and: [deep] };
    expect(errorOf(deep).code).toBe('MAX_DEPTH_EXCEEDED');
    const cyclic: Record<string, unknown> = { a: { $eq: 1 } };
    cyclic.$not = cyclic;
    expect(errorOf(cyclic).code).toBe('MAX_DEPTH_EXCEEDED');
    const list: unknown[] = [];
    list.push({ $or: list });
    expect(errorOf({ $or: list }).code).toBe('MAX_DEPTH_EXCEEDED');
  });

  it('validates the maxDepth option', () => {
    for (const maxDepth of [0, -1, 1.5, Number.NaN, 1_000_000]) {
      expect(errorOf({}, { maxDepth }).code).toBe('INVALID_OPTION');
    }
  });

  it('reports a throwing getter in a hand-built filter as INVALID_VALUE', () => {
    const filter = {
      get a(): unknown {
        throw new Error('boom');
      },
    };
    const error = errorOf(filter);
    expect(error.code).toBe('INVALID_VALUE');
    expect(error.cause).toBeInstanceOf(Error);
  });

  it('leaves Object.prototype untouched by pollution attempts', () => {
    const before = Object.getOwnPropertyNames(Object.prototype).sort();
    const attempts = [
      '{"__proto__": {"polluted": {"$eq": 1}}}',
      '{"a$.__proto__$.polluted": {"$eq": 1}}',
      '{"$and": [{"__proto__": {"$eq": 1}}]}',
      '{"a": {"__proto__": {"$eq": 1}}}',
      '{"a": {"$in": [{"__proto__": {"polluted": 1}}]}}',
    ];
    for (const text of attempts) expect(() => parseFilter(JSON.parse(text))).toThrow(FilterError);
    expect(Object.getOwnPropertyNames(Object.prototype).sort()).toEqual(before);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('accepts null-prototype objects and objects from JSON.parse', () => {
    const filter = Object.assign(Object.create(null) as Record<string, unknown>, { a: { $eq: 1 } });
    expect(parseFilter(filter).clauses).toHaveLength(1);
    expect(parseFilter(JSON.parse('{"a":{"$eq":-0}}'))).toEqual(parseFilter({ a: { $eq: 0 } }));
  });
});
