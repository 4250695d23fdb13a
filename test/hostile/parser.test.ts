import { describe, expect, it } from 'vitest';
import { compileFilter, type FilterNode, parseFilter, parsePath, printFilter } from '../../src/index.js';
import { policyToMongo, toMongo, toMongoExpr } from '../../src/mongo.js';
import { toSql } from '../../src/sql.js';
import {
  expectFilterError,
  guardPrototypes,
  quickly,
  revokedProxy,
  throwingGetter,
  throwingProxy,
} from './support.js';

/**
 * Attacks on the filter parser and on every entry point that accepts a filter (JSON or a hand-built
 * AST). More parser errors, one per code, are in test/unit/parse/errors.test.ts.
 */

guardPrototypes();

const SQL = { dialect: 'postgres', columns: { a: 'text', x: 'jsonb', details: 'jsonb' } } as const;

/** Every entry point that takes a filter, each of which must give the same typed error. */
const ENTRY_POINTS: [string, (filter: unknown) => unknown][] = [
  ['parseFilter', (f) => parseFilter(f)],
  ['compileFilter', (f) => compileFilter(f)],
  ['compileFilter codegen', (f) => compileFilter(f, { codegen: true })],
  ['printFilter', (f) => printFilter(f as FilterNode)],
  ['toSql', (f) => toSql(f, SQL)],
  ['toMongo', (f) => toMongo(f)],
  ['toMongoExpr', (f) => toMongoExpr(f)],
];

describe('prototype paths, in every spelling', () => {
  const forbidden: [string, unknown][] = [
    ['__proto__ key from JSON text', JSON.parse('{"__proto__": {"$eq": 1}}')],
    ['__proto__ written with a JSON escape', JSON.parse('{"\\u005f_proto__": {"$eq": 1}}')],
    ['constructor.prototype chain', { 'constructor$.prototype': { $exists: true } }],
    ['a segment after a selector', { 'x$.__svcArrayAny__$.__proto__': { $eq: 1 } }],
    ['a segment after nested selectors', { 'x$.__svcArrayAny__$.__svcArrayAny__$.constructor': { $eq: 1 } }],
    ['inside $and', { $and: [JSON.parse('{"a$.__proto__": {"$eq": 1}}')] }],
    ['inside $or, array-wrapped', { $or: [{ a: { $eq: 1 } }, { 'prototype$.x': { $eq: 1 } }] }],
    ['inside $not', { $not: { 'a$.constructor': { $ne: null } } }],
  ];
  it.each(forbidden)('%s is FORBIDDEN_PATH_SEGMENT everywhere', (_, filter) => {
    for (const [, entry] of ENTRY_POINTS.filter(([name]) => name !== 'printFilter')) {
      expectFilterError(() => entry(filter), 'FORBIDDEN_PATH_SEGMENT');
    }
  });

  it('a hand-built AST with a forbidden key step is refused by every entry point', () => {
    const ast = {
      kind: 'filter',
      clauses: [
        { kind: 'field', path: [{ kind: 'key', key: '__proto__' }], operators: [{ kind: 'eq', value: 1 }] },
      ],
    };
    for (const [name, entry] of ENTRY_POINTS) {
      // printFilter prints what it is given (parsing it is what refuses); parseFilter takes JSON only.
      if (name === 'printFilter' || name === 'parseFilter') continue;
      expectFilterError(() => entry(ast), 'FORBIDDEN_PATH_SEGMENT');
    }
  });

  it('parsePath refuses the segments alone', () => {
    for (const path of ['__proto__', 'a$.prototype', 'constructor$.a', 'a$.__svcArrayAny__$.constructor']) {
      expect(() => parsePath(path, '')).toThrow(/forbidden|__proto__|prototype|constructor/);
    }
  });
});

describe('operator injection through values', () => {
  const injected: [string, unknown, string][] = [
    ['an operator object as $eq operand', { a: { $eq: { $ne: null } } }, 'INVALID_OPERAND'],
    ['an operator object in $in', { a: { $in: ['x', { $gt: '' }] } }, 'INVALID_OPERAND'],
    ['$where as an operator', { a: { $where: 'return true' } }, 'UNKNOWN_OPERATOR'],
    ['$where at the root', { $where: 'function () { return true; }' }, 'UNKNOWN_OPERATOR'],
    ['$expr at the root', { $expr: { $eq: [1, 1] } }, 'UNKNOWN_OPERATOR'],
    ['$regex as an operator', { a: { $regex: '.*' } }, 'UNKNOWN_OPERATOR'],
    ['a bare value where operators belong', { a: 'x' }, 'EXPECTED_OPERATOR_OBJECT'],
    ['a toJSON object as operand', { a: { $eq: { toJSON: () => 'x' } } }, 'INVALID_OPERAND'],
    ['a Date as operand', { a: { $eq: new Date(0) } }, 'INVALID_OPERAND'],
  ];
  it.each(injected)('%s is a typed error on every entry point', (_, filter, code) => {
    for (const [name, entry] of ENTRY_POINTS) {
      if (name === 'printFilter') continue;
      expectFilterError(() => entry(filter), code);
    }
  });

  it('operator-looking strings stay literal values', () => {
    const match = compileFilter({ a: { $eq: '{"$ne": null}' } });
    expect(match({ a: '{"$ne": null}' })).toBe(true);
    expect(match({ a: 'anything else' })).toBe(false);
    expect(match({})).toBe(false);
  });
});

describe('non-JSON values and hostile objects as filters', () => {
  const cyclic: Record<string, unknown> = { a: { $eq: 1 } };
  cyclic.$and = [cyclic];
  const cases: [string, () => unknown, string][] = [
    ['a BigInt operand', () => ({ a: { $eq: 1n } }), 'INVALID_VALUE'],
    ['a Symbol operand', () => ({ a: { $eq: Symbol('x') } }), 'INVALID_VALUE'],
    ['a function operand', () => ({ a: { $eq: () => 1 } }), 'INVALID_VALUE'],
    ['a symbol key', () => ({ [Symbol('k')]: { $eq: 1 } }), 'INVALID_VALUE'],
    ['a throwing getter at a path', () => throwingGetter('a'), 'INVALID_VALUE'],
    ['a throwing getter for an operand', () => ({ a: throwingGetter('$eq') }), 'INVALID_VALUE'],
    ['a Proxy whose traps throw', () => throwingProxy(), 'INVALID_VALUE'],
    ['a revoked Proxy', () => revokedProxy(), 'INVALID_VALUE'],
    ['a revoked Proxy as operator object', () => ({ a: revokedProxy() }), 'INVALID_VALUE'],
    ['a cyclic filter', () => cyclic, 'MAX_DEPTH_EXCEEDED'],
    ['a lone surrogate operand', () => ({ a: { $eq: '\uD800' } }), 'INVALID_VALUE'],
    ['a lone surrogate in a key', () => ({ 'a\uDC00': { $eq: 1 } }), 'INVALID_VALUE'],
    ['a lone surrogate in $like', () => ({ a: { $like: 'x*\uD83D' } }), 'INVALID_VALUE'],
  ];
  it.each(cases)('%s is a typed error on every entry point', (_, make, code) => {
    for (const [name, entry] of ENTRY_POINTS) {
      if (name === 'printFilter') continue;
      expectFilterError(() => entry(make()), code);
    }
  });

  it('a filter whose kind getter throws, or a revoked Proxy, is a FilterError everywhere (printFilter too)', () => {
    const kindThrows = Object.defineProperty({}, 'kind', {
      enumerable: true,
      get() {
        throw new Error('kind getter');
      },
    });
    const clauseKindThrows = { kind: 'filter', clauses: [kindThrows] };
    for (const hostile of [kindThrows, revokedProxy(), throwingProxy(), clauseKindThrows]) {
      for (const [, entry] of ENTRY_POINTS) {
        // The code depends on where the read failed (and parseFilter reads JSON only); typed is the point.
        const e = expectFilterError(() => entry(hostile));
        expect(e.message).not.toMatch(/^Cannot|TypeError/);
      }
    }
  });

  it('policyToMongo refuses statusField names that JavaScript reads through prototypes', () => {
    const policy = { name: 'p', statusDefinitions: { ok: { isDefault: true, criticality: 0 } } };
    for (const statusField of ['__proto__', 'constructor', 'prototype', '$x', 'a.b', '', 'a\u0000b']) {
      expectFilterError(() => policyToMongo(policy, { statusField }), 'INVALID_OPTION');
    }
    expect(Object.keys(policyToMongo(policy, { statusField: 'status' }).addStatusStage.$addFields)).toEqual([
      'status',
    ]);
  });
});

describe('bidirectional controls and other invisible characters are data, compared exactly', () => {
  it('keys and operands holding them match only themselves', () => {
    const rlo = 'admin\u202Egnp.exe';
    const match = compileFilter({ [`tags$.${rlo}`]: { $eq: `\u2066${rlo}\u2069` } });
    expect(match({ tags: { [rlo]: `\u2066${rlo}\u2069` } })).toBe(true);
    expect(match({ tags: { 'admin.exe': `\u2066${rlo}\u2069` } })).toBe(false);
    expect(match({ tags: { [rlo]: rlo } })).toBe(false);
    const { params } = toSql({ a: { $eq: rlo } }, SQL);
    expect(params).toContain(rlo);
  });
});

describe('deep and wide filters', () => {
  it('a 100,000-deep $not is refused quickly, on every entry point', () => {
    let filter: unknown = { a: { $eq: 1 } };
    for (let i = 0; i < 100_000; i++) filter = { $not: filter };
    for (const [name, entry] of ENTRY_POINTS) {
      if (name === 'printFilter') continue;
      expectFilterError(() => entry(filter), 'MAX_DEPTH_EXCEEDED');
    }
  });

  it('a 100,000-deep hand-built AST is refused quickly by printFilter, at the depth limit', () => {
    let node: unknown = { kind: 'filter', clauses: [] };
    for (let i = 0; i < 100_000; i++) node = { kind: 'filter', clauses: [{ kind: 'not', filter: node }] };
    expectFilterError(() => printFilter(node as FilterNode), 'MAX_DEPTH_EXCEEDED', '/$not'.repeat(32));
    expectFilterError(
      () => printFilter(node as FilterNode, { limits: { maxDepth: 1000, maxNodes: 1_000_000 } }),
      'MAX_DEPTH_EXCEEDED',
    );
  });

  it('a wide filter (10,000 keys) is refused by the default limits, and answers right with them raised', () => {
    const filter: Record<string, unknown> = {};
    const record: Record<string, number> = {};
    for (let i = 0; i < 10_000; i++) {
      filter[`k${i}`] = { $eq: i };
      record[`k${i}`] = i;
    }
    for (const [name, entry] of ENTRY_POINTS) {
      if (name === 'printFilter') continue;
      expectFilterError(() => entry(filter), 'MAX_KEYS_EXCEEDED', '');
    }
    const limits = { maxKeys: 10_000, maxNodes: 40_000 };
    for (const codegen of [false, true]) {
      const match = quickly(() => compileFilter(filter, { limits, codegen }));
      expect(match(record)).toBe(true);
      expect(match({ ...record, k9999: -1 })).toBe(false);
    }
  });
});
