import { describe, expect, it } from 'vitest';
import { compileFilter, FilterError, type FilterNode, parseFilter } from '../../../src/index.js';
import { UNBOUNDED } from '../../support/limits.js';

describe('compileFilter', () => {
  it('accepts a JSON filter or an AST and gives the same predicate', () => {
    const json = { technology: { $eq: 'postgres' }, region: { $in: ['eu-west-1'] } };
    const fromJson = compileFilter(json);
    const fromNode = compileFilter(parseFilter(json));
    const fromCopy = compileFilter(JSON.parse(JSON.stringify(parseFilter(json))) as FilterNode);
    for (const r of [
      { technology: 'postgres', region: 'eu-west-1' },
      { technology: 'postgres', region: 'us' },
      {},
    ]) {
      expect(fromNode(r)).toBe(fromJson(r));
      expect(fromCopy(r)).toBe(fromJson(r));
    }
  });

  it('validates a hand-built AST like a JSON filter', () => {
    const bad = [
      {
        kind: 'filter',
        clauses: [
          { kind: 'field', path: [{ kind: 'key', key: 'a' }], operators: [{ kind: 'in', values: 'x' }] },
        ],
      },
      {
        kind: 'filter',
        clauses: [
          { kind: 'field', path: [{ kind: 'key', key: '__proto__' }], operators: [{ kind: 'eq', value: 1 }] },
        ],
      },
      { kind: 'filter', clauses: [{ kind: 'xor', filters: [] }] },
      {
        kind: 'filter',
        clauses: [
          { kind: 'field', path: [{ kind: 'key', key: 'a' }], operators: [{ kind: 'regex', value: '.' }] },
        ],
      },
      { kind: 'filter', clauses: [{ kind: 'field', path: [null], operators: [{ kind: 'eq', value: 1 }] }] },
      { kind: 'filter', clauses: null },
      { kind: 'filter', clauses: [null] },
      { kind: 'filter', clauses: [{ kind: 'not', filter: { kind: 'nope' } }] },
    ];
    for (const node of bad) expect(() => compileFilter(node as unknown as FilterNode)).toThrow(FilterError);
    const cyclic = { kind: 'filter', clauses: [] as unknown[] };
    cyclic.clauses.push({ kind: 'not', filter: cyclic });
    expect(() => compileFilter(cyclic as unknown as FilterNode)).toThrow(FilterError);
  });

  it('rejects a hand-built AST that has no JSON form instead of compiling something else', () => {
    const field = (key: string, ...operators: unknown[]) => ({
      kind: 'field',
      path: [{ kind: 'key', key }],
      operators,
    });
    const codeOf = (clauses: unknown[]): [string, string] => {
      try {
        compileFilter({ kind: 'filter', clauses } as unknown as FilterNode);
      } catch (error) {
        if (error instanceof FilterError) return [error.code, error.path];
        throw error;
      }
      throw new Error('expected a FilterError');
    };
    // Two clauses on one path would print to one key, and the second would replace the first.
    expect(codeOf([field('a', { kind: 'eq', value: 1 }), field('a', { kind: 'eq', value: 2 })])).toEqual([
      'INVALID_NODE',
      '/a',
    ]);
    expect(codeOf([field('a', { kind: 'gt', value: 1 }, { kind: 'gt', value: 5 })])).toEqual([
      'INVALID_NODE',
      '/a/$gt',
    ]);
    expect(
      codeOf([
        { kind: 'or', filters: [{ kind: 'filter', clauses: [] }] },
        { kind: 'or', filters: [{ kind: 'filter', clauses: [] }] },
      ]),
    ).toEqual(['INVALID_NODE', '/$or']);
    // Assigning "__proto__" would set the printed object's prototype and drop the clause.
    expect(codeOf([field('__proto__', { kind: 'eq', value: 1 })])).toEqual([
      'FORBIDDEN_PATH_SEGMENT',
      '/__proto__',
    ]);
  });

  it('reads a valid Date as its ISO string and an invalid one as null, as JSON does', () => {
    const since = compileFilter({ createdAt: { $gte: '2026-01-01T00:00:00.000Z' } });
    expect(since({ createdAt: new Date('2026-03-01T00:00:00Z') })).toBe(true);
    expect(since({ createdAt: new Date('2025-03-01T00:00:00Z') })).toBe(false);
    expect(since({ createdAt: new Date(Number.NaN) })).toBe(false);
    expect(
      compileFilter({ createdAt: { $eq: '2026-03-01T00:00:00.000Z' } })({
        createdAt: new Date('2026-03-01T00:00:00Z'),
      }),
    ).toBe(true);
    const invalid = { createdAt: new Date(Number.NaN) };
    expect(compileFilter({ createdAt: { $exists: true } })(invalid)).toBe(false);
    expect(compileFilter({ createdAt: { $eq: null } })(invalid)).toBe(true);
    expect(compileFilter({ createdAt: { $ne: null } })(invalid)).toBe(false);
    expect(compileFilter({ createdAt: { $in: [null] } })(invalid)).toBe(true);
    expect(compileFilter({ createdAt: { $nin: ['x', null] } })(invalid)).toBe(false);
    expect(compileFilter({ createdAt: { $ne: 'x' } })(invalid)).toBe(true);
  });

  it('never throws on non-JSON records and treats them as values of no type', () => {
    const filters = [
      { a: { $eq: 1 } },
      { a: { $ne: 1 } },
      { a: { $gt: 'x' } },
      { a: { $like: '*' } },
      { 'a$.__svcArrayAny__$.b': { $exists: false } },
      { 'a$.b$.c': { $nin: [1] } },
    ].map((f) => compileFilter(f));
    const cyclic: Record<string, unknown> = {};
    cyclic.a = cyclic;
    const records: unknown[] = [
      undefined,
      null,
      Number.NaN,
      Symbol('s'),
      10n,
      () => 1,
      new Map([['a', 1]]),
      { a: 10n },
      { a: Number.NaN },
      { a: Symbol('s') },
      { a: () => 1 },
      cyclic,
      Object.create({ a: 1 }),
      new Proxy({}, {}),
      { a: [cyclic] },
    ];
    for (const predicate of filters)
      for (const record of records) expect(typeof predicate(record)).toBe('boolean');
    expect(compileFilter({ a: { $ne: 1 } })({ a: Number.NaN })).toBe(true);
    expect(compileFilter({ a: { $gte: 0 } })({ a: Number.NaN })).toBe(false);
    expect(compileFilter({ a: { $eq: 1 } })(Object.create({ a: 1 }))).toBe(false);
    expect(compileFilter({ a: { $eq: 1 } })({ a: 1n })).toBe(false);
    expect(compileFilter({ a: { $gt: 1 } })({ a: Number.POSITIVE_INFINITY })).toBe(true);
  });

  it('evaluates a 100,000-element $in with a set', () => {
    const values = Array.from({ length: 100_000 }, (_, i) => `id-${i}`);
    const predicate = compileFilter({ id: { $in: values } }, { limits: UNBOUNDED });
    expect(predicate({ id: 'id-99999' })).toBe(true);
    expect(predicate({ id: 'id-100000' })).toBe(false);
    expect(predicate({})).toBe(false);
    const withNull = compileFilter({ id: { $nin: [...values, null] } }, { limits: UNBOUNDED });
    expect(withNull({})).toBe(false);
    expect(withNull({ id: 'other' })).toBe(true);
  });

  it('answers pathological $like patterns without backtracking', () => {
    const predicate = compileFilter({ a: { $like: '*a*a*a*a*b' } });
    const input = 'a'.repeat(10_000);
    expect(predicate({ a: input })).toBe(false);
    expect(predicate({ a: `${input}b` })).toBe(true);
    const many = compileFilter({ a: { $like: `${'*a'.repeat(200)}*b` } }, { limits: UNBOUNDED });
    expect(many({ a: 'a'.repeat(50_000) })).toBe(false);
  });

  it('orders strings by code point, not UTF-16 unit', () => {
    const above = compileFilter({ a: { $gt: '\uffff' } });
    expect(above({ a: '\u{1F600}' })).toBe(true);
    expect('\u{1F600}' > '\uffff').toBe(false); // what JavaScript's own comparison says
    const below = compileFilter({ a: { $lt: '\u{1F600}' } });
    expect(below({ a: '\uffff' })).toBe(true);
    expect(below({ a: '\u{1F601}' })).toBe(false);
  });

  it('is re-entrant: a predicate called from inside itself answers correctly', () => {
    let inner: boolean | undefined;
    const predicate = compileFilter({ 'a$.__svcArrayAny__$.b': { $eq: 1 } });
    const record = {
      a: [
        {
          get b() {
            inner = predicate({ a: [{ b: 2 }] });
            return 1;
          },
        },
      ],
    };
    expect(predicate(record)).toBe(true);
    expect(inner).toBe(false);
  });

  it('does not mutate the filter it is given', () => {
    const filter = { a: { $in: [3, 1, 2, 1] }, $or: [{ b: { $like: 'x*' } }] };
    const copy = structuredClone(filter);
    compileFilter(filter)({ a: 1 });
    expect(filter).toEqual(copy);
  });
});
