import { describe, expect, it } from 'vitest';
import {
  base64url,
  checkPolicyDefinition,
  compileFilter,
  keyOf,
  legacySearchToQuery,
  pageTokenAfter,
  parseFilter,
  parseQuery,
  QueryError,
  type QueryPlan,
  queryInMemory,
} from '../../src/index.js';
import { toMongo } from '../../src/mongo.js';
import { toSql } from '../../src/sql.js';
import { validatePolicy } from '../../src/validate.js';
import {
  guardPrototypes,
  polluted,
  quickly,
  revokedProxy,
  throwingGetter,
  throwingProxy,
} from './support.js';

/**
 * Attacks on query requests and page tokens (`parseQuery`, the tokens of `queryInMemory` and
 * `pageTokenAfter`): every bad request or token is a `QueryError` with its code and pointer, quickly, and
 * a polluted runtime changes no plan.
 */

guardPrototypes();

const records = Array.from({ length: 30 }, (_, i) => ({
  id: `c${String(i).padStart(2, '0')}`,
  name: `component ${i % 7}`,
  region: i % 2 === 0 ? 'eu' : 'us',
  technology: 'postgres',
  createdAt: `2026-01-${String(1 + (i % 28)).padStart(2, '0')}T00:00:00.000Z`,
}));

/** The problems of a request that must be refused, as [code, path] pairs. */
function refused(request: unknown, options = {}): [string, string][] {
  try {
    quickly(() => parseQuery(request, 'component', options));
  } catch (error) {
    expect(error).toBeInstanceOf(QueryError);
    return (error as QueryError).problems.map((p) => [p.code, p.path]);
  }
  throw new Error('expected a QueryError');
}

/** The token of the first page's continuation for `request`. */
function firstToken(request: Record<string, unknown>, options = {}): string {
  const page = queryInMemory(records, parseQuery({ pageSize: 5, ...request }, 'component', options));
  expect(page.nextPageToken).toBeTruthy();
  return page.nextPageToken!;
}

describe('page tokens', () => {
  const secret = 'server secret';

  it('forged, tampered, truncated, re-signed and replayed tokens are INVALID_PAGE_TOKEN', () => {
    const signed = firstToken({ sort: { region: 'asc' } }, { secret });
    const [body, signature] = signed.split('.') as [string, string];
    const flip = (s: string, i: number) => s.slice(0, i) + (s[i] === 'A' ? 'B' : 'A') + s.slice(i + 1);
    const forged = base64url(new TextEncoder().encode(JSON.stringify([1, 'x', ['z', 'z', 'z']])));
    const tokens = [
      body, // the signature dropped
      `${flip(body, 3)}.${signature}`, // the position changed
      `${body}.${flip(signature, 2)}`,
      `${body}.${base64url(new Uint8Array(32))}`,
      signed.slice(0, -5),
      `${signed}.x`,
      forged,
      `${forged}.${signature}`,
      '.',
      '..',
      'not a token',
      '%%%%',
      'x'.repeat(1_000_000),
    ];
    for (const pageToken of tokens) {
      expect(
        refused({ pageSize: 5, sort: { region: 'asc' }, pageToken }, { secret }),
        pageToken.slice(0, 40),
      ).toEqual([['INVALID_PAGE_TOKEN', '/pageToken']]);
    }
    // A token of one filter or sort is refused for another.
    expect(refused({ pageSize: 5, sort: { region: 'desc' }, pageToken: signed }, { secret })).toEqual([
      ['INVALID_PAGE_TOKEN', '/pageToken'],
    ]);
    expect(
      refused(
        { pageSize: 5, sort: { region: 'asc' }, filter: { region: { $eq: 'eu' } }, pageToken: signed },
        { secret },
      ),
    ).toEqual([['INVALID_PAGE_TOKEN', '/pageToken']]);
    // Signed with another secret.
    expect(refused({ pageSize: 5, sort: { region: 'asc' }, pageToken: signed }, { secret: 'other' })).toEqual(
      [['INVALID_PAGE_TOKEN', '/pageToken']],
    );
  });

  it('a well-formed unsigned token holding hostile JSON is refused, and changes no prototype', () => {
    const binding = parseQuery({ pageSize: 5 }, 'component').binding;
    const b = JSON.stringify(binding);
    const hostile = [
      `[1, ${b}, {"__proto__": {"polluted": true}}]`,
      `[1, ${b}, [{"$where": "sleep(1000)"}, "x"]]`,
      `[1, ${b}, ["x"]]`,
      `[1, ${b}, ["a", "b", "c", "d"]]`,
      `[1, ${b}, [1e999, "x"]]`,
      `[2, ${b}, ["a", "b"]]`,
      `{"0": 1, "1": ${b}, "2": ["a", "b"], "length": 3}`,
      '"__proto__"',
      `[1, ${b}, ["a", "b"]`,
    ];
    for (const content of hostile) {
      const pageToken = base64url(new TextEncoder().encode(content));
      expect(refused({ pageSize: 5, pageToken })).toEqual([['INVALID_PAGE_TOKEN', '/pageToken']]);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('a huge or deeply nested unsigned token is INVALID_PAGE_TOKEN, quickly, with a short message', () => {
    const binding = JSON.stringify(parseQuery({ pageSize: 5 }, 'component').binding);
    const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
    const contents = [
      `["${'v'.repeat(5_000_000)}", ${binding}, ["a", "b"]]`, // a 5 MB version field
      `["${'v'.repeat(600_000)}", ${binding}, ["a", "b"]]`, // under the length bound: quoted, cut
      `[${deep}, ${binding}, ["a", "b"]]`,
      `[1, ${binding}, [${deep}, "b"]]`,
      `[1, ${binding}, [{"number": ${deep}}, "b"]]`,
      `[1, ${binding}, [{"number": {"number": "Infinity"}}, "b"]]`,
    ];
    for (const content of contents) {
      const pageToken = Buffer.from(content).toString('base64url');
      try {
        quickly(() => parseQuery({ pageSize: 5, pageToken }, 'component'));
        throw new Error('expected a QueryError');
      } catch (error) {
        expect(error).toBeInstanceOf(QueryError);
        const problems = (error as QueryError).problems;
        expect(problems.map((p) => [p.code, p.path])).toEqual([['INVALID_PAGE_TOKEN', '/pageToken']]);
        expect(problems[0]!.message.length).toBeLessThan(300);
      }
    }
  });

  it('a page whose last sort key is too long for a token is refused, not given a token the next page refuses', () => {
    const resource = {
      name: 'note',
      fields: {
        id: { type: 'string', sortable: true, filterable: true },
        createdAt: { type: 'timestamp', sortable: true, filterable: true },
        text: { type: 'string', sortable: true, filterable: true },
      },
      selectable: ['id', 'createdAt', 'text'],
    } as const;
    const notes = ['a', 'b'].map((id) => ({ id, createdAt: 'x', text: id.repeat(900_000) }));
    const plan = parseQuery({ pageSize: 1, sort: { text: 'asc' } }, resource);
    expect(() => queryInMemory(notes, plan)).toThrow(QueryError);
    // A long key that fits walks on.
    const fits = notes.map((n) => ({ ...n, text: n.id.repeat(500_000) }));
    const first = queryInMemory(fits, plan);
    const second = queryInMemory(
      fits,
      parseQuery({ pageSize: 1, sort: { text: 'asc' }, pageToken: first.nextPageToken }, resource),
    );
    expect(second.items.map((i) => i.id)).toEqual(['b']);
  });

  it('a token that is not a string is INVALID_PAGE_TOKEN; one of the right form pages on', () => {
    for (const pageToken of [1, {}, [], true, { toString: () => 'x' }]) {
      expect(refused({ pageSize: 5, pageToken })).toEqual([['INVALID_PAGE_TOKEN', '/pageToken']]);
    }
    const pageToken = firstToken({});
    const next = queryInMemory(records, parseQuery({ pageSize: 5, pageToken }, 'component'));
    expect(next.items.map((r) => r.id)).not.toContain('c00');
  });
});

describe('query requests', () => {
  it('prototype names are unknown names, in every place', () => {
    const request = JSON.parse(
      '{"pageSize": 5, "__proto__": {"pageSize": 0}, "sort": {"__proto__": "asc", "constructor": "desc"}, "fields": ["__proto__", "constructor", "toString"]}',
    );
    const problems = refused(request);
    expect(problems).toContainEqual(['UNKNOWN_PROPERTY', '/__proto__']);
    expect(problems).toContainEqual(['UNKNOWN_SORT_FIELD', '/sort/__proto__']);
    expect(problems).toContainEqual(['UNKNOWN_SORT_FIELD', '/sort/constructor']);
    expect(problems).toContainEqual(['UNKNOWN_FIELD', '/fields/0']);
    expect(problems).toContainEqual(['UNKNOWN_FIELD', '/fields/2']);
    expect(refused({ filter: { __proto__: { $eq: 1 } } })).toEqual([['INVALID_FILTER', '/filter']]);
    expect(refused({ filter: JSON.parse('{"tags$.__proto__": {"$eq": 1}}') })[0]![0]).toBe('INVALID_FILTER');
  });

  it('operator injection through values and keys is a filter problem, never a query', () => {
    for (const filter of [
      { $where: 'this.isAdmin' },
      { name: { $regex: '.*' } },
      { name: { $eq: { $ne: null } } },
      { name: { $in: [{ $gt: '' }] } },
      { $expr: { $eq: [1, 1] } },
    ]) {
      const [[code, path]] = refused({ filter }) as [[string, string]];
      expect(code).toBe('INVALID_FILTER');
      expect(path.startsWith('/filter')).toBe(true);
    }
  });

  it('huge requests are refused by their size before per-item work', () => {
    const keys = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`k${i}`, i]));
    expect(refused(keys)).toEqual([['INVALID_REQUEST', '']]);
    const sort = Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`f${i}`, 'asc']));
    expect(refused({ sort })).toEqual([['INVALID_SORT', '/sort']]);
    const fields = Array.from({ length: 1_000_000 }, (_, i) => `field-${i}`.repeat(10));
    expect(refused({ fields })).toEqual([['INVALID_FIELDS', '/fields']]);
    expect(refused({ filter: { name: { $in: Array.from({ length: 1_000_000 }, String) } } })).toEqual([
      ['INVALID_FILTER', '/filter/name/$in'],
    ]);
    for (const pageSize of [1e9, -1, 0.5, Number.NaN, '10', 2 ** 53]) {
      expect(refused({ pageSize })).toEqual([['INVALID_PAGE_SIZE', '/pageSize']]);
    }
  });

  it('requests that cannot be read are INVALID_REQUEST, not a crash', () => {
    for (const request of [
      revokedProxy(),
      throwingProxy(),
      throwingGetter('pageSize'),
      throwingGetter('filter'),
    ]) {
      const problems = refused(request);
      expect(problems[0]![0]).toBe('INVALID_REQUEST');
    }
    for (const request of [null, 'x', 1, [], () => ({})]) {
      expect(refused(request)).toEqual([['INVALID_REQUEST', '']]);
    }
  });

  it('a polluted Object.prototype changes no plan and no page', () => {
    const request = { pageSize: 5, sort: { region: 'asc' } };
    const clean = parseQuery(request, 'component');
    const cleanPage = queryInMemory(records, clean);
    const dirty = polluted(
      Object.prototype,
      {
        pageSize: 1,
        filter: { region: { $eq: 'us' } },
        fields: ['id'],
        pageToken: 'x',
        secret: 'polluted',
        maxPageSize: 2,
        limits: { maxNodes: 1 },
        isAdmin: true,
      },
      () => {
        const plan: QueryPlan = parseQuery(request, 'component');
        return { plan, page: queryInMemory(records, plan) };
      },
    );
    expect(dirty.plan.pageSize).toBe(clean.pageSize);
    expect(dirty.plan.filter).toEqual(clean.filter);
    expect(dirty.plan.fields).toEqual(clean.fields);
    expect(dirty.page).toEqual(cleanPage);
    // Tokens made in a clean runtime read the same in a polluted one.
    const token = pageTokenAfter(clean, keyOf(records[3], clean.sort));
    const after = polluted(Object.prototype, { 0: 2, 1: 'x', 2: ['y'], binding: 'x', after: ['y'] }, () =>
      parseQuery({ ...request, pageToken: token }, 'component'),
    );
    expect(after.after).toEqual(keyOf(records[3], clean.sort));
  });
});

/**
 * A Proxy over `target` that counts the questions asked of it per trap: an input refused by its size
 * must be refused after a bounded number of questions, not after one per key.
 */
function counted<T extends object>(target: T): { proxy: T; asked: () => number } {
  let n = 0;
  const count =
    <K extends 'get' | 'getOwnPropertyDescriptor' | 'has'>(trap: K) =>
    (...args: Parameters<NonNullable<ProxyHandler<T>[K]>>) => {
      n += 1;
      return (Reflect[trap] as (...a: unknown[]) => unknown)(...args);
    };
  const proxy = new Proxy(target, {
    get: count('get'),
    getOwnPropertyDescriptor: count('getOwnPropertyDescriptor'),
    has: count('has'),
  } as ProxyHandler<T>);
  return { proxy, asked: () => n };
}

const manyKeys = (n: number, value: (i: number) => unknown) =>
  Object.fromEntries(Array.from({ length: n }, (_, i) => [`k${i}`, value(i)]));

describe('objects of many keys are refused by a bounded count, before their keys are read', () => {
  const KEYS = 100_000;
  const filter = manyKeys(KEYS, () => ({ $eq: 1 }));

  it('a sort, a request and a filter in parseQuery', () => {
    for (const [request, code, path] of [
      [(p: object) => ({ sort: p }), 'INVALID_SORT', '/sort'],
      [(p: object) => p, 'INVALID_REQUEST', ''],
      [(p: object) => ({ filter: p }), 'INVALID_FILTER', '/filter'],
    ] as const) {
      const { proxy, asked } = counted(manyKeys(KEYS, () => 'asc'));
      expect(refused(request(proxy))).toEqual([[code, path]]);
      expect(asked()).toBeLessThan(1000);
    }
  });

  it('a filter in parseFilter, compileFilter, toSql, toMongo, a policy and validatePolicy', () => {
    const entries: [string, (f: object) => unknown][] = [
      ['parseFilter', (f) => parseFilter(f)],
      ['compileFilter', (f) => compileFilter(f as never)],
      ['toSql', (f) => toSql(f as never, { dialect: 'postgres', columns: { k0: 'text' } })],
      ['toSql sqlite', (f) => toSql(f as never, { dialect: 'sqlite', columns: { k0: 'text' } })],
      ['toMongo', (f) => toMongo(f as never)],
    ];
    for (const [name, run] of entries) {
      const { proxy, asked } = counted(filter);
      expect(() => quickly(() => run(proxy)), name).toThrow(
        expect.objectContaining({ code: 'MAX_KEYS_EXCEEDED', path: '' }),
      );
      expect(asked(), name).toBeLessThan(1000);
    }
    const { proxy, asked } = counted(filter);
    const policy = {
      name: 'p',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0, rules: [] },
        bad: {
          isDefault: false,
          criticality: 1,
          rules: [{ conditions: [{ type: 'filter', condition: { filter: proxy } }] }],
        },
      },
    };
    const result = checkPolicyDefinition(policy);
    expect(result.problems.map((p) => p.code)).toContain('MAX_KEYS_EXCEEDED');
    expect(asked()).toBeLessThan(1000);
    const many = counted(manyKeys(KEYS, (i) => i));
    const validated = validatePolicy(many.proxy);
    expect(validated.diagnostics.map((d) => d.code)).toContain('MAX_DOCUMENT_VALUES_EXCEEDED');
    // Counted up to the values the document has left (maxDocumentValues), not to its size.
    expect(many.asked()).toBeLessThan(KEYS / 4);
  });

  it('every object of a legacy search body', () => {
    const big = () => counted(manyKeys(KEYS, () => 'asc'));
    for (const [body, path] of [
      [(p: object) => p, ''],
      [(p: object) => ({ sort: p }), '/sort'],
      [(p: object) => ({ filter: p }), '/filter'],
      [(p: object) => ({ filter: { tags: [p] } }), '/filter/tags/0'],
    ] as const) {
      const { proxy, asked } = big();
      expect(legacyRefused(7, body(proxy))).toEqual([['INVALID_REQUEST', path]]);
      expect(asked()).toBeLessThan(1000);
    }
    const tags = Array.from({ length: KEYS }, (_, i) => ({ key: `k${i}`, value: 'v' }));
    expect(legacyRefused(6, { filter: { tags } })).toEqual([['INVALID_REQUEST', '/filter/tags']]);
  });
});

/** The problems of a legacy body that must be refused, as [code, path] pairs. */
function legacyRefused(operation: 3 | 6 | 7 | 12, body: unknown): [string, string][] {
  try {
    quickly(() => legacySearchToQuery(operation, body));
  } catch (error) {
    expect(error).toBeInstanceOf(QueryError);
    return (error as QueryError).problems.map((p) => [p.code, p.path]);
  }
  throw new Error('expected a QueryError');
}

describe('legacy search bodies', () => {
  it('a polluted Object.prototype adds nothing to a conversion', () => {
    for (const operation of [3, 6, 7, 12] as const) {
      const clean = legacySearchToQuery(operation, {});
      const dirty = polluted(
        Object.prototype,
        { pageSize: 5, sort: { region: 'desc' }, filter: { technology: 'evil' }, nextToken: 'x' },
        () => legacySearchToQuery(operation, {}),
      );
      expect(dirty.request).toEqual(clean.request);
      expect(JSON.stringify(dirty.request)).toBe('{}');
      expect(dirty.notices).toEqual([]);
    }
    // Tag pairs read their own key and value only.
    const pair = Object.create({ key: 'env', value: 'prod' }) as object;
    expect(legacyRefused(7, { filter: { tags: [pair] } })).toEqual([['INVALID_REQUEST', '/filter/tags/0']]);
  });

  it('a sort key "__proto__" is carried over as a key, never as a prototype', () => {
    const conversion = legacySearchToQuery(6, JSON.parse('{"sort": {"__proto__": "asc"}}'));
    expect(Object.hasOwn(conversion.request.sort ?? {}, '__proto__')).toBe(true);
    expect(Object.getPrototypeOf(conversion.request.sort)).toBe(Object.prototype);
  });

  it('bodies that cannot be read are INVALID_REQUEST, not a raw error', () => {
    const bodies: unknown[] = [
      revokedProxy(),
      throwingProxy(),
      throwingGetter('pageSize'),
      throwingGetter('filter'),
      throwingGetter('sort'),
      throwingGetter('nextToken'),
      { sort: revokedProxy() },
      { sort: throwingGetter('region') },
      { filter: revokedProxy() },
      { filter: throwingGetter('technology') },
      { filter: { tags: [throwingGetter('key')] } },
      { filter: { tags: [throwingGetter('value', { key: 'k' })] } },
      { filter: { tags: [revokedProxy()] } },
      { filter: { tags: revokedProxy() } },
      { filter: { dueDate: throwingGetter('gte') } },
    ];
    for (const body of bodies) {
      // Operation 6 reads every legacy filter property (technology, tags, dueDate).
      const problems = legacyRefused(6, body);
      expect(problems[0]![0]).toBe('INVALID_REQUEST');
    }
  });
});
