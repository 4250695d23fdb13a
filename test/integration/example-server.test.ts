import { connect } from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { POLICY_COMPONENT_RESOURCE } from '../../examples/server/resources.js';
import { policyComponentOf, statusTableOf } from '../../examples/server/scoped.js';
import {
  MAX_LISTED_PROBLEMS,
  type RunningServer,
  SUNSET_AT,
  startServer,
} from '../../examples/server/server.js';
import { versionTargetsOf } from '../../examples/server/targets.js';
import { generateCertificates, generateComponents } from '../../fixtures/generator.js';
import { compilePolicy, parseQuery, queryInMemory } from '../../src/index.js';

/**
 * The example server (examples/server/), over real HTTP: every page of a query walked and compared with
 * the library's in-memory answer over the same generated inventory, and every kind of error. On PGlite,
 * and on the PostgreSQL server when DATABASE_URL is set. The server is the library's wiring, not a
 * compiler: it runs once, in the project that forbids code generation, as a server under a
 * Content-Security-Policy-like runtime would (its in-memory compiles fall back to closures).
 */
const once = process.env.SVC_POLICY_TEST_PROJECT === 'closures';
const TOKEN = 'example-test-token';
const READ_TOKEN = 'example-read-only-token';
const SEED = { components: 300, certificates: 60, seed: 7 };
const COMPONENTS = [...generateComponents(SEED.components, { seed: SEED.seed })];
const CERTIFICATES = [...generateCertificates(SEED.certificates, { seed: SEED.seed })];

const databases: Array<[string, string | undefined]> = [
  ['PGlite', undefined],
  ...(process.env.DATABASE_URL ? [['PostgreSQL server', process.env.DATABASE_URL] as [string, string]] : []),
];

describe.skipIf(!once).each(databases)('the example server on %s', (_name, databaseUrl) => {
  let server: RunningServer;
  const logged: string[] = [];
  // The server's clock: before the legacy searches' removal unless a test moves it.
  let clock = new Date('2026-07-01T00:00:00.000Z');
  beforeAll(async () => {
    server = await startServer({
      token: TOKEN,
      tokens: [{ token: READ_TOKEN, rights: ['read'] }],
      now: () => clock,
      ...SEED,
      ...(databaseUrl === undefined ? {} : { databaseUrl }),
      maxBodyBytes: 64 * 1024,
      log: (m) => logged.push(m),
    });
  });
  afterAll(async () => {
    await server?.close();
    // No request of this suite is an internal error.
    expect(logged).toEqual([]);
  });

  async function call(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = { authorization: `Bearer ${TOKEN}` },
    // biome-ignore lint/suspicious/noExplicitAny: the replies are JSON of several shapes, read field by field and checked by the assertions
  ): Promise<{ status: number; body: any; headers: Headers }> {
    const init: RequestInit = { method, headers: { 'content-type': 'application/json', ...headers } };
    if (body !== undefined) init.body = typeof body === 'string' ? body : JSON.stringify(body);
    // Every operation is under /v1.
    const res = await fetch(`${server.url}/v1${path}`, init);
    return { status: res.status, body: await res.json(), headers: res.headers };
  }

  /**
   * A request written on a socket as it is (fetch cannot send a target such as `//[`), then `body`
   * bytes of `a` as fast as the server takes them. Resolves when the server closes the connection, with
   * what it answered and how many body bytes were written by then.
   */
  function raw(
    head: string,
    body = 0,
    // biome-ignore lint/suspicious/noExplicitAny: the reply is JSON read field by field, as in call()
  ): Promise<{ status: number; headers: string; json: any; written: number }> {
    return new Promise((resolve, reject) => {
      const { port } = new URL(server.url);
      const socket = connect(Number(port), '127.0.0.1');
      const received: Buffer[] = [];
      let written = 0;
      let closed = false;
      socket.on('data', (d) => received.push(d));
      // The server may close while a write is under way (EPIPE, ECONNRESET): that is the answer.
      socket.on('error', () => {});
      socket.on('close', () => {
        closed = true;
        const text = Buffer.concat(received).toString('utf8');
        const end = text.indexOf('\r\n\r\n');
        if (end < 0) return reject(new Error(`no answer: ${JSON.stringify(text.slice(0, 200))}`));
        const headers = text.slice(0, end);
        resolve({
          status: Number(headers.split(' ')[1]),
          headers: headers.toLowerCase(),
          json: JSON.parse(text.slice(end + 4)),
          written,
        });
      });
      socket.write(head);
      const chunk = Buffer.alloc(64 * 1024, 'a');
      const pump = (): void => {
        while (!closed && written < body) {
          written += chunk.length;
          if (!socket.write(chunk)) {
            socket.once('drain', pump);
            return;
          }
        }
        if (!closed) socket.end();
      };
      pump();
    });
  }

  /** Every page of `request`, following nextPageToken. */
  async function walk(path: string, request: Record<string, unknown>): Promise<unknown[]> {
    const items: unknown[] = [];
    let token: string | undefined;
    for (let page = 0; page < 1000; page++) {
      const r = await call('POST', path, token === undefined ? request : { ...request, pageToken: token });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      items.push(...r.body.items);
      expect(r.body.items.length).toBeLessThanOrEqual(request.pageSize as number);
      token = r.body.nextPageToken;
      if (token === undefined) return items;
    }
    throw new Error('the walk did not end');
  }

  /** What the library answers in memory for the whole walk (one page as large as everything). */
  function expected(
    records: unknown[],
    resource: 'component' | 'certificate' | typeof POLICY_COMPONENT_RESOURCE,
    request: Record<string, unknown>,
  ) {
    return queryInMemory(records, parseQuery({ ...request, pageSize: 1000 }, resource)).items;
  }

  it('walks every page of a filtered, sorted component query with a field selection', async () => {
    const request = {
      pageSize: 7,
      filter: { technology: { $in: ['postgres', 'mysql', 'redis'] }, region: { $like: 'us-*' } },
      sort: { region: 'desc', version: 'asc' },
      fields: ['id', 'region', 'technology', 'version'],
    };
    const items = await walk('/component/query', request);
    expect(items.length).toBeGreaterThan(14);
    expect(items).toEqual(expected(COMPONENTS, 'component', request));
    for (const item of items)
      expect(Object.keys(item as object).sort()).toEqual(request.fields.slice().sort());
  });

  it('walks certificates in the default order, every field', async () => {
    const request = { pageSize: 25, filter: { status: { $ne: 'expired' } } };
    const items = await walk('/certificates/query', request);
    expect(items).toEqual(expected(CERTIFICATES, 'certificate', request));
  });

  it('serves a component by id in the single-record envelope, legacy representation; 404 for an unknown one', async () => {
    const c = COMPONENTS[42]!;
    const r = await call('GET', `/component/${encodeURIComponent(c.id)}`);
    expect(r.status).toBe(200);
    // `{ items: [<one record>], nextToken: null }`, the component as legacy searches and single reads
    // give it: integer integrationId, tags as { key, value } pairs, a typeDisplayName, and none of the
    // query representation's own fields.
    expect(Object.keys(r.body).sort()).toEqual(['items', 'nextToken']);
    expect(r.body.nextToken).toBeNull();
    expect(r.body.items).toHaveLength(1);
    const { vendor: _v, hasAvailableSvcs: _h, customTags: _c, tags, integrationId, ...same } = c;
    // Tag pairs in key order: jsonb keeps no key order, and a tag map has none.
    const byKey = (pairs: Array<{ key: string }>) => [...pairs].sort((a, b) => (a.key < b.key ? -1 : 1));
    expect({ ...r.body.items[0], tags: byKey(r.body.items[0].tags) }).toEqual({
      ...same,
      integrationId: Number(integrationId),
      typeDisplayName: expect.any(String),
      tags: byKey(Object.entries(tags).map(([key, value]) => ({ key, value }))),
    });
    expect(Number.isInteger(r.body.items[0].integrationId)).toBe(true);
    const missing = await call('GET', '/component/no-such-id');
    expect(missing.status).toBe(404);
    expect(missing.body.error.message).toContain('no-such-id');
    // An id no stored component can have (PostgreSQL text holds no U+0000) is simply not there.
    expect((await call('GET', '/component/a%00b')).status).toBe(404);
  });

  it('creates a valid policy from { policy }, answers { policy: { id } }, finds it with /policy/query, and refuses an invalid one with its problems', async () => {
    const policy = {
      name: 'Example: idle redis',
      resource: 'component',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        redis: {
          criticality: 10,
          rules: [
            { conditions: [{ type: 'filter', condition: { filter: { technology: { $eq: 'redis' } } } }] },
          ],
        },
      },
    };
    const created = await call('POST', '/policy', { policy });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ policy: { id: expect.any(String) } });
    const found = await call('POST', '/policy/query', {
      filter: { name: { $eq: policy.name } },
      fields: ['id', 'name'],
    });
    expect(found.status).toBe(200);
    expect(found.body.items).toEqual([{ id: created.body.policy.id, name: policy.name }]);

    const invalid = await call('POST', '/policy', {
      policy: {
        name: 'bad',
        statusDefinitions: {
          s: {
            criticality: 1,
            rules: [{ conditions: [{ type: 'filter', condition: { filter: { a: { $in: 'x' } } } }] }],
          },
        },
      },
    });
    expect(invalid.status).toBe(400);
    expect(invalid.body.error.message).toMatch(/not valid/);
    const codes = invalid.body.error.problems.map((p: { code: string }) => p.code);
    expect(codes).toContain('NO_DEFAULT_STATUS');
    // Pointers into the request body, which holds the definition under /policy.
    for (const p of invalid.body.error.problems) expect(p.path).toMatch(/^\/policy(\/|$)/);

    // The definition itself, not wrapped, is not the body the description gives.
    const bare = await call('POST', '/policy', policy);
    expect(bare.status).toBe(400);
    expect(bare.body.error.problems.map((p: { path: string }) => p.path)).toEqual(
      expect.arrayContaining(['/name', '/policy']),
    );
  });

  it('answers a bad request with 400 and every problem, each with its code and JSON pointer', async () => {
    const r = await call('POST', '/component/query', {
      pageSize: 0,
      sort: { regoin: 'asc' },
      filter: { technology: { $in: 'postgres' } },
    });
    expect(r.status).toBe(400);
    const paths = r.body.error.problems.map((p: { path: string }) => p.path);
    expect(paths).toEqual(expect.arrayContaining(['/pageSize', '/sort/regoin']));
    expect(paths.some((p: string) => p.startsWith('/filter'))).toBe(true);
    for (const p of r.body.error.problems) expect(typeof p.code).toBe('string');

    const notJson = await call('POST', '/component/query', '{"pageSize": ');
    expect(notJson.status).toBe(400);
    expect(notJson.body.error.message).toMatch(/not JSON/);
  });

  it('refuses tampered tokens and tokens made for another filter', async () => {
    const first = await call('POST', '/component/query', {
      pageSize: 5,
      filter: { technology: { $eq: 'postgres' } },
    });
    const token = first.body.nextPageToken as string;
    expect(typeof token).toBe('string');
    const other = await call('POST', '/component/query', {
      pageSize: 5,
      filter: { technology: { $eq: 'mysql' } },
      pageToken: token,
    });
    expect(other.status).toBe(400);
    expect(other.body.error.problems[0].path).toBe('/pageToken');
    const tampered = await call('POST', '/component/query', {
      pageSize: 5,
      filter: { technology: { $eq: 'postgres' } },
      pageToken: `${token.slice(0, -2)}AA`,
    });
    expect(tampered.status).toBe(400);
  });

  it('401 without the bearer token or with another one, saying which, before anything else is told', async () => {
    for (const [headers, says] of [
      [{}, /^no bearer token/],
      [{ authorization: 'Bearer nope' }, /^the bearer token is not valid/],
      [{ authorization: `Bearer ${TOKEN}x` }, /^the bearer token is not valid/],
      [{ authorization: TOKEN }, /^the Authorization header is not a bearer token/],
      [{ authorization: `Basic ${TOKEN}` }, /^the Authorization header is not a bearer token/],
    ] as const) {
      const r = await call('POST', '/component/query', {}, headers);
      expect(r.status).toBe(401);
      expect(r.body.error.message).toMatch(says);
      expect(r.headers.get('www-authenticate')).toMatch(/^Bearer/);
    }
    // Not 404 (which paths exist) nor 405 (which methods they take) to a caller without the token.
    for (const [method, path] of [
      ['POST', '/nothing/here'],
      ['GET', '/component/query'],
      ['GET', '/component/%E0%A4%A'],
    ]) {
      const r = await call(method!, path!, method === 'POST' ? {} : undefined, {});
      expect(r.status, `${method} ${path}`).toBe(401);
    }
  });

  it('400, never 500, for input the database cannot take: a bad path encoding, U+0000 in a filter or a policy', async () => {
    const badPath = await call('GET', '/component/%E0%A4%A');
    expect(badPath.status).toBe(400);
    expect(badPath.body.error.problems).toEqual([expect.objectContaining({ code: 'INVALID_PATH' })]);

    // U+0000 in a value and in a path of a filter: PostgreSQL text cannot hold it.
    const inValue = await call('POST', '/component/query', {
      filter: { region: { $in: ['eu-west-1', 'a\u0000b'] } },
    });
    expect(inValue.status).toBe(400);
    expect(inValue.body.error.problems).toEqual([
      expect.objectContaining({
        code: 'UNSUPPORTED_FILTER',
        path: '/filter/region/$in/1',
        filterCode: 'UNSUPPORTED',
      }),
    ]);
    const inPath = await call('POST', '/component/query', {
      filter: { 'details$.postgres$.a\u0000': { $exists: true } },
    });
    expect(inPath.status).toBe(400);
    expect(inPath.body.error.problems[0]).toMatchObject({ code: 'UNSUPPORTED_FILTER' });
    expect(inPath.body.error.problems[0].path).toMatch(/^\/filter\//);

    // A valid policy holding U+0000 (or a lone surrogate) is refused before the insert.
    const policy = {
      name: 'nul\u0000name',
      resource: 'component',
      statusDefinitions: { ok: { isDefault: true, criticality: 0 } },
    };
    const nul = await call('POST', '/policy', { policy });
    expect(nul.status).toBe(400);
    expect(nul.body.error.problems).toEqual([
      expect.objectContaining({ code: 'UNSUPPORTED', path: '/policy/name' }),
    ]);
    const surrogate = await call('POST', '/policy', {
      policy: { ...policy, name: 'ok', description: 'x\ud800' },
    });
    expect(surrogate.status).toBe(400);
    expect(surrogate.body.error.problems[0].path).toBe('/policy/description');
  });

  it('quotes input cut short and lists at most MAX_LISTED_PROBLEMS problems, saying how many more there are', async () => {
    // A 60,000-character unknown property: the message quotes its start, the pointer stays whole.
    const key = 'k'.repeat(60_000);
    const long = await call('POST', '/policy', { policy: {}, [key]: 1 });
    expect(long.status).toBe(400);
    expect(long.body.error.message.length).toBeLessThan(300);
    expect(long.body.error.message).toContain('(59,920 more characters)');
    const [unknown] = long.body.error.problems;
    expect(unknown).toMatchObject({ code: 'UNKNOWN_PROPERTY', path: `/${key}` });
    expect(unknown.message.length).toBeLessThan(300);
    // 5,000 unknown properties: the first MAX_LISTED_PROBLEMS, and the count of the others.
    const many = await call('POST', '/policy', {
      policy: {},
      ...Object.fromEntries(Array.from({ length: 5000 }, (_, i) => [`k${i}`, 1])),
    });
    expect(many.status).toBe(400);
    expect(many.body.error.problems).toHaveLength(MAX_LISTED_PROBLEMS);
    expect(many.body.error.problems[0].path).toBe('/k0');
    expect(many.body.error.message).toContain(
      `… and ${(5000 - MAX_LISTED_PROBLEMS).toLocaleString('en-US')} more problems not listed`,
    );
    // The server's other messages that quote the request: the path of an unknown operation, a component id.
    const path = `/${'p'.repeat(5000)}`;
    const notFound = await call('POST', path, {});
    expect(notFound.status).toBe(404);
    expect(notFound.body.error.message.length).toBeLessThan(300);
    const id = await call('GET', `/component/${'i'.repeat(5000)}`);
    expect(id.status).toBe(404);
    expect(id.body.error.message.length).toBeLessThan(300);
  });

  it('refuses a body that is not UTF-8 with 400 and stores nothing (no U+FFFD in its place)', async () => {
    const name = 'utf8-probe';
    const body = Buffer.concat([
      Buffer.from(`{"policy":{"name":"${name}`),
      Buffer.from([0xe9, 0x20, 0xff]),
      Buffer.from('","resource":"component","statusDefinitions":{"ok":{"isDefault":true,"criticality":0}}}}'),
    ]);
    const res = await fetch(`${server.url}/v1/policy`, {
      method: 'POST',
      headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
      body,
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      error: { message: 'request body is not valid UTF-8', problems: [] },
    });
    const found = await call('POST', '/policy/query', { filter: { name: { $like: `${name}*` } } });
    expect(found.status).toBe(200);
    expect(found.body.items).toEqual([]);
  });

  it('answers 400 to an authenticated request whose target is not a valid path (never a 500)', async () => {
    for (const target of ['//[', '//%zz/', '/component/query?x=%zz', '/policy%']) {
      const r = await raw(
        `GET ${target} HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TOKEN}\r\nConnection: close\r\n\r\n`,
      );
      expect(r.status, target).toBe(400);
      expect(r.json.error.problems).toEqual([expect.objectContaining({ code: 'INVALID_PATH', path: '' })]);
    }
    // Nothing logged: the afterAll hook checks that no request was an internal error.
  });

  it('answers 401 to an unauthenticated body and closes the connection without reading the body', async () => {
    const declared = 256 * 1024 * 1024;
    const r = await raw(
      `POST /policy HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${declared}\r\n\r\n`,
      declared,
    );
    expect(r.status).toBe(401);
    expect(r.headers).toContain('\r\nconnection: close');
    // The server closed while the client was still writing: what it took is what the socket buffers
    // hold (a few MB), not the 256 MB declared.
    expect(r.written).toBeLessThan(declared / 4);
  });

  it('a client that goes away while its body is read is no internal error', async () => {
    const { port } = new URL(server.url);
    const socket = connect(Number(port), '127.0.0.1');
    await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
    socket.write(
      `POST /v1/component/query HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${TOKEN}\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{"page`,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    socket.destroy();
    // The server still answers; afterAll checks that nothing was logged as an internal error.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect((await call('POST', '/component/query', { pageSize: 1 })).status).toBe(200);
    expect(logged).toEqual([]);
  });

  it('404 for an unknown operation, 405 for a wrong method, 413 for an oversized body', async () => {
    expect((await call('POST', '/nothing/here', {})).status).toBe(404);
    const wrong = await call('GET', '/component/query');
    expect(wrong.status).toBe(405);
    const big = await call('POST', '/component/query', {
      filter: { id: { $in: Array(20_000).fill('x'.repeat(8)) } },
    });
    expect(big.status).toBe(413);
    expect(big.body.error.message).toMatch(/larger than/);
  });

  it('answers the fields-discovery call from the resource description', async () => {
    const r = await call('GET', '/component/fields');
    expect(r.status).toBe(200);
    expect(r.body.items.map((f: { field: string }) => f.field)).toContain('technology');
  });
  /** Every component as the server holds it now (the writes of other tests included). */
  const currentComponents = () =>
    walk('/component/query', { pageSize: 1000 }) as Promise<Record<string, unknown>[]>;

  it('policy-scoped component queries: statuses pushed down to SQL equal the in-memory policy engine, filtered, sorted and over every keyset page', async () => {
    const components = await currentComponents();
    let nonCompliant = 0;
    for (const policyId of ['policy-2', 'policy-3', 'policy-4', 'policy-5']) {
      const read = await call('GET', `/policy/${policyId}`);
      expect(read.status).toBe(200);
      const { id: _id, createdAt: _c, updatedAt: _u, ...definition } = read.body.items[0];
      // The in-memory engine: compilePolicy's status, then the fields the status decides.
      const policy = compilePolicy(definition, { asOf: clock });
      const table = statusTableOf(definition);
      const targets = versionTargetsOf(definition, table, clock.getTime());
      const records = components.flatMap((c) => {
        const result = policy.evaluate(c);
        return result.applicable ? [policyComponentOf(c, result.status!, table, 30, targets(c))] : [];
      });
      const names = [...table.statuses.keys()];
      const requests: Record<string, unknown>[] = [
        { pageSize: 7, sort: { urgency: 'desc', dueDate: 'asc' } },
        { pageSize: 9, filter: { isCompliant: { $eq: false } }, sort: { status: 'asc' } },
        {
          pageSize: 5,
          filter: { status: { $in: names.slice(0, 2) } },
          fields: ['id', 'status', 'priority', 'dueDate'],
        },
        {
          pageSize: 11,
          filter: { dueDate: { $gte: '2024-06-01T00:00:00.000Z' } },
          sort: { priority: 'asc', currentVersion: 'desc' },
        },
        {
          pageSize: 13,
          filter: { 'tags$.env': { $eq: 'prod' }, urgency: { $gte: 1 } },
          sort: { name: 'desc' },
        },
      ];
      for (const request of requests) {
        const items = await walk(`/policy/${policyId}/component/query`, request);
        expect(items, `${policyId} ${JSON.stringify(request)}`).toEqual(
          expected(records, POLICY_COMPONENT_RESOURCE, request),
        );
        if (request.filter !== undefined && 'isCompliant' in (request.filter as object))
          nonCompliant += items.length;
      }
    }
    // The comparison covered components the policies flag, not only compliant ones.
    expect(nonCompliant).toBeGreaterThan(10);

    // Idle databases (`$lt: { $now: '-P30D' }`): each request's statuses are those of the server's
    // clock at the request, in SQL as in memory; two instants, two answers.
    const idle = (await call('GET', '/policy/policy-3')).body.items[0];
    const { id: _i, createdAt: _ca, updatedAt: _ua, ...idleDefinition } = idle;
    const counts: number[] = [];
    try {
      for (const at of ['2026-07-01T00:00:00.000Z', '2023-01-01T00:00:00.000Z']) {
        clock = new Date(at);
        const policy = compilePolicy(idleDefinition, { asOf: clock });
        const table = statusTableOf(idleDefinition);
        const targets = versionTargetsOf(idleDefinition, table, clock.getTime());
        const records = components.flatMap((c) => {
          const result = policy.evaluate(c);
          return result.applicable ? [policyComponentOf(c, result.status!, table, 30, targets(c))] : [];
        });
        const request = { pageSize: 10, filter: { isCompliant: { $eq: false } }, fields: ['id', 'status'] };
        const items = await walk('/policy/policy-3/component/query', request);
        expect(items, at).toEqual(expected(records, POLICY_COMPONENT_RESOURCE, request));
        counts.push(items.length);
      }
    } finally {
      clock = new Date('2026-07-01T00:00:00.000Z');
    }
    expect(counts[0]).not.toBe(counts[1]);
    // A page token of one policy's components is refused by another's.
    const first = await call('POST', '/policy/policy-2/component/query', { pageSize: 2 });
    const crossed = await call('POST', '/policy/policy-3/component/query', {
      pageSize: 2,
      pageToken: first.body.nextPageToken,
    });
    expect(crossed.status).toBe(400);
    expect((await call('POST', '/policy/no-such/component/query', {})).status).toBe(404);
    // A certificate policy has no components.
    const certificates = await call('POST', '/policy/policy-1/component/query', {});
    expect(certificates.status).toBe(400);
    expect(certificates.body.error.message).toMatch(/certificate, not to components/);
  });

  it('waivers: stored and validated, and each component marked at the request instant (stored and clock-read statuses), as in memory', async () => {
    const components = await currentComponents();
    const created: string[] = [];
    const day = 86_400_000;
    const start = clock;
    try {
      // Refusals: every problem listed; a read-only token cannot write.
      const bad = await call('POST', '/waiver', {
        waiver: { id: 'w', policy: 'no such policy', accepts: { status: 1 }, extra: true },
      });
      expect(bad.status).toBe(400);
      expect(bad.body.error.problems.map((p: { code: string }) => p.code).sort()).toEqual(
        [
          'INVALID_ACCEPTS',
          'MISSING_COVERAGE',
          'MISSING_EXPIRY',
          'MISSING_PROPERTY',
          'MISSING_PROPERTY',
          'UNKNOWN_PROPERTY',
        ].sort(),
      );
      expect(bad.body.error.problems).toContainEqual(
        expect.objectContaining({ code: 'UNKNOWN_PROPERTY', path: '/waiver/extra' }),
      );
      const eolName = (await call('GET', '/policy/policy-2')).body.items[0].name;
      const base = { policy: eolName, ids: ['x'], owner: 'team', reason: 'migration' };
      const expired = await call('POST', '/waiver', {
        waiver: { ...base, id: 'old', accepts: { maxCriticality: 100 }, expires: '2026-06-30T00:00:00Z' },
      });
      expect(expired.status).toBe(400);
      expect(expired.body.error.problems[0]).toMatchObject({
        code: 'WAIVER_EXPIRED',
        path: '/waiver/expires',
      });
      const unknown = await call('POST', '/waiver', {
        waiver: {
          ...base,
          id: 'u',
          policy: 'nope',
          accepts: { status: 'nope' },
          expires: '2026-08-01T00:00:00Z',
        },
      });
      expect(unknown.body.error.problems.map((p: { code: string }) => p.code)).toEqual(['UNKNOWN_POLICY']);
      // A filter the database cannot run (a field the components do not have).
      const unmapped = await call('POST', '/waiver', {
        waiver: {
          ...base,
          id: 'f',
          filter: { 'no such field': { $eq: 1 } },
          accepts: { maxCriticality: 100 },
          expires: '2026-08-01T00:00:00Z',
        },
      });
      expect(unmapped.status, JSON.stringify(unmapped.body)).toBe(400);
      expect(unmapped.body.error.problems[0].path).toBe('/waiver/filter/no such field');
      const readOnly = await call(
        'POST',
        '/waiver',
        { waiver: { ...base, id: 'r', accepts: { maxCriticality: 100 }, expires: '2026-08-01T00:00:00Z' } },
        { authorization: `Bearer ${READ_TOKEN}` },
      );
      expect(readOnly.status).toBe(403);

      // Two overlapping waivers on a policy with stored statuses (policy-2) and on one that reads the
      // clock (policy-3): on the components they both cover, the one expiring last is named.
      const cases: {
        policyId: string;
        definition: Record<string, unknown>;
        waivers: Record<string, unknown>[];
      }[] = [];
      for (const policyId of ['policy-2', 'policy-3']) {
        const {
          id: _i,
          createdAt: _c,
          updatedAt: _u,
          ...definition
        } = (await call('GET', `/policy/${policyId}`)).body.items[0];
        const table = statusTableOf(definition);
        const policy = compilePolicy(definition, { asOf: clock });
        const flagged = components.filter((c) => {
          const r = policy.evaluate(c);
          return r.applicable && r.status !== table.defaultStatus;
        });
        expect(flagged.length, policyId).toBeGreaterThan(6);
        const status = policy.evaluate(flagged[0]!).status!;
        const waivers = [
          {
            id: `${policyId}-ids`,
            policy: definition.name,
            ids: flagged.slice(0, 6).map((c) => c.id),
            accepts: { maxCriticality: 1000 },
            expires: new Date(clock.getTime() + day).toISOString(),
            owner: 'platform team',
            reason: 'upgrade scheduled',
          },
          {
            id: `${policyId}-filter`,
            policy: definition.name,
            filter: { technology: { $eq: flagged[0]!.technology } },
            accepts: { status },
            // An offset: the mark gives the instant in UTC.
            expires: new Date(clock.getTime() + 10 * day).toISOString().replace('Z', '+00:00'),
            owner: 'platform team',
            reason: 'vendor fix pending',
            ticket: 'https://tickets.example/1',
          },
        ];
        for (const waiver of waivers) {
          const r = await call('POST', '/waiver', { waiver });
          expect(r.status, JSON.stringify(r.body)).toBe(201);
          expect(r.body).toEqual({ waiver: { id: waiver.id } });
          created.push(waiver.id);
        }
        cases.push({ policyId, definition, waivers });
      }
      const again = await call('POST', '/waiver', { waiver: cases[0]!.waivers[0] });
      expect(again.status).toBe(409);
      expect((await call('GET', '/waiver/policy-2-ids')).body).toEqual({ waiver: cases[0]!.waivers[0] });
      expect((await call('GET', '/waivers')).body.items.map((w: { id: string }) => w.id)).toEqual(
        [...created].sort(),
      );

      // Before the first expiry, between the two, after both: memory and the database agree, page by page.
      const waived: number[] = [];
      for (const offset of [0, 2 * day, 11 * day]) {
        clock = new Date(start.getTime() + offset);
        let count = 0;
        for (const { policyId, definition, waivers } of cases) {
          const policy = compilePolicy(definition, { asOf: clock, waivers });
          const table = statusTableOf(definition);
          const targets = versionTargetsOf(definition, table, clock.getTime());
          const records = components.flatMap((c) => {
            const result = policy.evaluate(c);
            return result.applicable
              ? [policyComponentOf(c, result.status!, table, 30, targets(c), result.waiver ?? null)]
              : [];
          });
          for (const request of [
            { pageSize: 9, sort: { waivedBy: 'desc', waiverExpires: 'asc' } },
            {
              pageSize: 4,
              filter: { waivedBy: { $ne: null } },
              fields: ['id', 'status', 'isCompliant', 'waivedBy', 'waiverExpires'],
            },
          ]) {
            const items = await walk(`/policy/${policyId}/component/query`, request);
            expect(items, `${policyId} at ${clock.toISOString()} ${JSON.stringify(request)}`).toEqual(
              expected(records, POLICY_COMPONENT_RESOURCE, request),
            );
            // A waived component keeps its status: waived and not compliant.
            if (request.filter !== undefined) {
              count += items.length;
              for (const item of items as { isCompliant: boolean }[]) expect(item.isCompliant).toBe(false);
            }
          }
        }
        waived.push(count);
      }
      // Both marks before the first expiry, fewer after it, none after the last.
      expect(waived[0]).toBeGreaterThan(waived[1]!);
      expect(waived[1]).toBeGreaterThan(0);
      expect(waived[2]).toBe(0);
      clock = start;
      const marked = await walk('/policy/policy-2/component/query', {
        pageSize: 50,
        filter: { waivedBy: { $eq: 'policy-2-ids' } },
        fields: ['id', 'waiverExpires'],
      });
      expect(marked.length).toBeGreaterThan(0);
      expect(marked[0]).toEqual(expect.objectContaining({ waiverExpires: cases[0]!.waivers[0]!.expires }));

      // A deleted waiver marks nothing any more.
      expect(
        (await call('DELETE', '/waiver/policy-2-ids', undefined, { authorization: `Bearer ${READ_TOKEN}` }))
          .status,
      ).toBe(403);
      const removed = await fetch(`${server.url}/v1/waiver/policy-2-ids`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${TOKEN}` },
      });
      expect(removed.status).toBe(204);
      created.splice(created.indexOf('policy-2-ids'), 1);
      expect((await call('GET', '/waiver/policy-2-ids')).status).toBe(404);
      expect(
        await walk('/policy/policy-2/component/query', {
          pageSize: 50,
          filter: { waivedBy: { $eq: 'policy-2-ids' } },
        }),
      ).toEqual([]);
    } finally {
      clock = start;
      // The other tests compare with memory without waivers.
      for (const id of created)
        await fetch(`${server.url}/v1/waiver/${id}`, {
          method: 'DELETE',
          headers: { authorization: `Bearer ${TOKEN}` },
        });
    }
  });

  it('stored statuses follow the writes: a new policy, and a PATCH of a field the policy reads', async () => {
    /** What the policy-scoped walk must answer now, from the in-memory engine over the current components. */
    const inMemory = async (definition: Record<string, unknown>, request: Record<string, unknown>) => {
      const policy = compilePolicy(definition, { asOf: clock });
      const table = statusTableOf(definition);
      const targets = versionTargetsOf(definition, table, clock.getTime());
      const records = (await currentComponents()).flatMap((c) => {
        const result = policy.evaluate(c);
        return result.applicable ? [policyComponentOf(c, result.status!, table, 30, targets(c))] : [];
      });
      return expected(records, POLICY_COMPONENT_RESOURCE, request);
    };
    const definition = {
      name: 'Owned by a custom tag',
      resource: 'component',
      query: { filter: { technology: { $in: ['postgres', 'redis'] } } },
      statusDefinitions: {
        unowned: { isDefault: true, criticality: 0 },
        owned: {
          criticality: 5,
          rules: [
            {
              conditions: [
                { type: 'filter', condition: { filter: { 'customTags$.owner': { $exists: true } } } },
              ],
            },
          ],
        },
      },
    };
    const created = await call('POST', '/policy', { policy: definition });
    expect(created.status).toBe(201);
    const path = `/policy/${created.body.policy.id}/component/query`;
    const request = {
      pageSize: 7,
      sort: { urgency: 'desc' },
      fields: ['id', 'status', 'urgency', 'dueDate', 'updatedAt'],
    };
    expect(await walk(path, request)).toEqual(await inMemory(definition, request));
    const target = (await walk(path, { pageSize: 1, filter: { status: { $eq: 'unowned' } } }))[0] as {
      id: string;
    };
    try {
      clock = new Date('2026-07-02T00:00:00.000Z');
      expect(
        (await call('PATCH', `/component/${target.id}`, { customTags: { owner: 'team-z' } })).status,
      ).toBe(200);
      const after = await walk(path, request);
      expect(after).toContainEqual(expect.objectContaining({ id: target.id, status: 'owned', urgency: 5 }));
      expect(after).toEqual(await inMemory(definition, request));
      // An example policy's stored statuses moved with the component too (its dueDate counts from updatedAt).
      const eol = (await call('GET', '/policy/policy-2')).body.items[0];
      const { id: _i, createdAt: _c, updatedAt: _u, ...eolDefinition } = eol;
      const eolRequest = { pageSize: 50, filter: { isCompliant: { $eq: false } }, sort: { dueDate: 'desc' } };
      expect(await walk('/policy/policy-2/component/query', eolRequest)).toEqual(
        await inMemory(eolDefinition, eolRequest),
      );
      expect((await call('PATCH', `/component/${target.id}`, { customTags: { owner: null } })).status).toBe(
        200,
      );
      expect(await walk(path, request)).toEqual(await inMemory(definition, request));
    } finally {
      clock = new Date('2026-07-01T00:00:00.000Z');
    }
  });

  it('requiredVersion and recommendedVersion: the lowest versions of the policy that lower the status and that comply', async () => {
    // End-of-life versions: postgres below 14 is end-of-life (20), 14 up to 15 approaching (10).
    const path = '/policy/policy-2/component/query';
    const fields = ['componentId', 'currentVersion', 'status', 'requiredVersion', 'recommendedVersion'];
    const ask = async (filter: Record<string, unknown>) =>
      (await call('POST', path, { pageSize: 1000, filter, fields })).body.items as Array<
        Record<string, unknown>
      >;
    const old = await ask({ technology: { $eq: 'postgres' }, currentVersion: { $vlt: '14' } });
    const near = await ask({ technology: { $eq: 'postgres' }, currentVersion: { $vgte: '14', $vlt: '15' } });
    const fine = await ask({ technology: { $eq: 'postgres' }, currentVersion: { $vgte: '15' } });
    expect(old.length * near.length * fine.length).toBeGreaterThan(0);
    for (const c of old)
      expect(c).toMatchObject({ status: 'end-of-life', requiredVersion: '14', recommendedVersion: '15' });
    for (const c of near) {
      expect(c).toMatchObject({
        status: 'approaching-end-of-life',
        requiredVersion: '15',
        recommendedVersion: '15',
      });
    }
    for (const c of fine)
      expect(c).toMatchObject({ status: 'supported', requiredVersion: null, recommendedVersion: null });
    // Selected alone, and in the legacy search, the same values.
    const alone = await call('POST', path, {
      pageSize: 1,
      filter: { componentId: { $eq: old[0]!.componentId } },
      fields: ['recommendedVersion'],
    });
    expect(alone.body.items).toEqual([{ recommendedVersion: '15' }]);
    const legacy = await call('POST', '/policy/policy-2/component/search', {
      filter: { technology: 'postgres' },
      pageSize: 100,
    });
    expect(legacy.status).toBe(200);
    const byId = new Map((await ask({ technology: { $eq: 'postgres' } })).map((c) => [c.componentId, c]));
    for (const item of legacy.body.items) {
      const same = byId.get(item.componentId)!;
      expect([item.requiredVersion, item.recommendedVersion]).toEqual([
        same.requiredVersion,
        same.recommendedVersion,
      ]);
    }
    // Neither filters nor sorts: they are computed in memory for the page.
    expect((await call('POST', path, { filter: { requiredVersion: { $eq: '14' } } })).status).toBe(400);
  });

  it('integer ids where the description gives them: single reads and legacy searches of policies, certificates, policy-scoped components, integrations', async () => {
    const policy = (await call('GET', '/policy/policy-2')).body.items[0];
    expect(Number.isInteger(policy.id)).toBe(true);
    // The integer id reads the same policy; the query gives the string id.
    expect((await call('GET', `/policy/${policy.id}`)).body.items[0]).toEqual(policy);
    const queried = await call('POST', '/policy/query', {
      filter: { name: { $eq: policy.name } },
      fields: ['id'],
    });
    expect(queried.body.items).toEqual([{ id: 'policy-2' }]);
    const legacyPolicies = await call('POST', '/policy/search', { filter: { name: policy.name } });
    expect(legacyPolicies.body.items.map((p: { id: unknown }) => p.id)).toEqual([policy.id]);
    // The scoped operations take either id of a policy, and give the same page.
    const byString = await call('POST', '/policy/policy-2/component/query', { pageSize: 3 });
    const byInteger = await call('POST', `/policy/${policy.id}/component/query`, { pageSize: 3 });
    expect(byInteger.body.items).toEqual(byString.body.items);

    const certificate = CERTIFICATES[3]!;
    const read = await call('GET', `/certificates/${certificate.id}`);
    expect(read.status).toBe(200);
    expect(Number.isInteger(read.body.id)).toBe(true);
    expect(read.body.integrationId).toBe(Number(certificate.integrationId));
    // The query representation's own fields are not in the single read.
    for (const key of ['dueDate', 'deletedAt', 'displayType']) expect(read.body).not.toHaveProperty(key);
    expect((await call('GET', `/certificates/${read.body.id}`)).body).toEqual(read.body);
    const inQuery = await call('POST', '/certificates/query', {
      filter: { id: { $eq: certificate.id } },
      fields: ['id', 'integrationId'],
    });
    expect(inQuery.body.items).toEqual([{ id: certificate.id, integrationId: certificate.integrationId }]);

    const scoped = await call('POST', '/policy/policy-2/component/search', {
      filter: { technology: 'redis' },
    });
    expect(scoped.body.items.length).toBeGreaterThan(0);
    for (const item of scoped.body.items) {
      expect(Number.isInteger(item.id)).toBe(true);
      expect(Number.isInteger(item.integrationId)).toBe(true);
      expect(typeof item.componentId).toBe('string');
    }
    // Distinct components, distinct integer ids.
    expect(new Set(scoped.body.items.map((i: { id: number }) => i.id)).size).toBe(scoped.body.items.length);
    const integration = (await call('POST', '/integration/search', { filter: { type: 'AWS' } })).body
      .items[0];
    expect(Number.isInteger(integration.id)).toBe(true);
    expect((await call('GET', `/integration/${integration.id}`)).body.items[0].id).toBe(integration.id);
  });

  it('legacy searches answer through their replacement with Deprecation and Sunset until 2026-09-04, then 410 naming it', async () => {
    const components = await currentComponents();
    const postgres = components.filter((c) => c.technology === 'postgres');
    clock = new Date(SUNSET_AT.getTime() - 1);
    try {
      const seen: unknown[] = [];
      let nextToken: string | undefined;
      for (let page = 0; page < 100; page++) {
        const r = await call('POST', '/component/search', {
          filter: { technology: 'postgres' },
          pageSize: 10,
          ...(nextToken === undefined ? {} : { nextToken }),
        });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        expect(r.headers.get('deprecation')).toBe('@1780531200');
        expect(r.headers.get('sunset')).toBe('Fri, 04 Sep 2026 00:00:00 GMT');
        expect(r.headers.get('link')).toBe('</v1/component/query>; rel="successor-version"');
        expect(r.body.totalCount).toBe(postgres.length);
        seen.push(...r.body.items);
        nextToken = r.body.nextToken ?? undefined;
        if (nextToken === undefined) break;
      }
      // Every postgres component once, in the default order, in the legacy representation.
      expect(seen.map((c) => (c as { id: string }).id)).toEqual(
        expected(postgres, 'component', {}).map((c) => (c as { id: string }).id),
      );
      for (const c of seen) expect(Array.isArray((c as { tags: unknown }).tags)).toBe(true);

      const policies = await call('POST', '/policy/search', { filter: { name: 'End-of-life versions' } });
      expect(policies.status).toBe(200);
      // The legacy representation's integer id, the one the single read gives.
      const integerId = (await call('GET', '/policy/policy-2')).body.items[0].id;
      expect(policies.body.items.map((p: { id: number }) => p.id)).toEqual([integerId]);
      const scoped = await call('POST', '/policy/policy-2/component/search', {
        filter: { technology: 'postgres' },
        pageSize: 100,
      });
      expect(scoped.status).toBe(200);
      expect(scoped.headers.get('link')).toBe(
        '</v1/policy/policy-2/component/query>; rel="successor-version"',
      );
      expect(scoped.body.items.length).toBe(Math.min(100, scoped.body.totalCount));
      for (const item of scoped.body.items)
        expect(item).toMatchObject({ technology: 'postgres', tags: expect.any(Array) });
      expect((await call('POST', '/policy/policy-2/component/search', { pageSize: 101 })).status).toBe(400);
      const integrations = await call('POST', '/integration/search', { filter: { type: 'AWS' } });
      expect(integrations.status).toBe(200);
      expect(integrations.body.items.length).toBeGreaterThan(0);
      for (const i of integrations.body.items)
        expect(i).toMatchObject({ id: expect.any(Number), type: 'AWS' });

      clock = SUNSET_AT;
      for (const [path, replacement] of [
        ['/component/search', 'POST /v1/component/query'],
        ['/policy/search', 'POST /v1/policy/query'],
        ['/policy/policy-2/component/search', 'POST /v1/policy/policy-2/component/query'],
        ['/integration/search', 'POST /v1/integration/query'],
      ] as const) {
        const gone = await call('POST', path, {});
        expect(gone.status).toBe(410);
        expect(gone.body.error.message).toBe(`POST /v1${path} was removed on 2026-09-04; use ${replacement}`);
      }
    } finally {
      clock = new Date('2026-07-01T00:00:00.000Z');
    }
  });

  it('rights per operation: a read-only token reads and queries, and gets 403 on every write', async () => {
    const read = { authorization: `Bearer ${READ_TOKEN}` };
    expect((await call('POST', '/component/query', { pageSize: 1 }, read)).status).toBe(200);
    expect((await call('GET', '/policy/policy-1', undefined, read)).status).toBe(200);
    const policy = {
      name: 'x',
      resource: 'component',
      statusDefinitions: { ok: { isDefault: true, criticality: 0 } },
    };
    for (const [method, path, body] of [
      ['POST', '/policy', { policy }],
      ['PATCH', `/component/${COMPONENTS[0]!.id}`, { customTags: { a: 'b' } }],
      ['POST', '/code/sbom', { project: { identifier: 'p' }, sbom: {} }],
    ] as const) {
      const r = await call(method, path, body, read);
      expect(r.status, path).toBe(403);
      expect(r.body.error.message).toMatch(/"write" right/);
    }
  });

  it('PATCH validates the whole body (every problem), sets and removes custom tags, 404 for no component', async () => {
    const id = COMPONENTS[1]!.id;
    const bad = await call('PATCH', `/component/${id}`, { customTags: { '': 'x', a: 5, b: {} }, extra: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.error.problems.map((p: { path: string }) => p.path).sort()).toEqual([
      '/customTags/',
      '/customTags/a',
      '/customTags/b',
      '/extra',
    ]);
    const before = (
      await call('POST', '/component/query', { filter: { id: { $eq: id } }, fields: ['customTags'] })
    ).body.items[0].customTags;
    const set = await call('PATCH', `/component/${id}`, {
      customTags: { owner: 'team-a', ...Object.fromEntries(Object.keys(before).map((k) => [k, null])) },
    });
    expect(set.status).toBe(200);
    expect(set.body).toEqual({ customTags: { owner: 'team-a' } });
    expect((await call('PATCH', '/component/no-such-id', { customTags: { a: 'b' } })).status).toBe(404);
  });

  it('concurrent PATCHes of one component keep every update: one consistent result', async () => {
    const id = COMPONENTS[2]!.id;
    const n = 24;
    const replies = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        call('PATCH', `/component/${id}`, { customTags: { [`k${i}`]: `v${i}`, shared: `w${i}` } }),
      ),
    );
    for (const [i, r] of replies.entries()) {
      expect(r.status).toBe(200);
      expect(r.body.customTags[`k${i}`]).toBe(`v${i}`);
    }
    const after = (
      await call('POST', '/component/query', { filter: { id: { $eq: id } }, fields: ['customTags'] })
    ).body.items[0].customTags;
    for (let i = 0; i < n; i++) expect(after[`k${i}`]).toBe(`v${i}`);
    // The last writer's value, whichever it was: one of the written values, and the same the last reply saw.
    expect(replies.map((r) => r.body.customTags.shared)).toContain(after.shared);
    expect(
      replies.filter((r) => Object.keys(r.body.customTags).filter((k) => k.startsWith('k')).length === n),
    ).toHaveLength(1);
  });

  it('answers the other operations of the description: SBOM ingestion, upgrade sections, Kubernetes details, single reads', async () => {
    const sbom = await call('POST', '/code/sbom', {
      project: { identifier: 'shop' },
      sbom: { bomFormat: 'CycloneDX' },
    });
    expect(sbom.status).toBe(202);
    const badSbom = await call('POST', '/code/sbom', { project: {}, repository: 3 });
    expect(badSbom.status).toBe(400);
    expect(badSbom.body.error.problems.map((p: { path: string }) => p.path).sort()).toEqual([
      '/project',
      '/repository',
      '/sbom',
    ]);
    const plans = await call('POST', '/upgradePlan/query', {
      pageSize: 1,
      filter: { technology: { $eq: 'kubernetes' } },
    });
    const componentId = plans.body.items[0].componentId;
    const sections = await call('POST', `/component/${componentId}/svc/query`, {
      sections: ['nodes', 'eksAddOns'],
    });
    expect(sections.status).toBe(200);
    expect(Object.keys(sections.body.items[0].upgradePlan).sort()).toEqual(['eksAddOns', 'nodes']);
    expect((await call('POST', `/component/${componentId}/svc/query`, { sections: ['nope'] })).status).toBe(
      400,
    );
    const old = await call('POST', '/svc/query', { pageSize: 1 });
    expect(old.status).toBe(200);
    expect(old.headers.get('link')).toBe('</v1/upgradePlan/query>; rel="successor-version"');
    const k8s = await call('POST', '/k8sResource/detailsSchema', { kind: 'Deployment' });
    expect(k8s.status).toBe(200);
    expect(k8s.body.kind).toBe('Deployment');
    expect((await call('POST', '/k8sResource/detailsSchema', { kind: 'Pods' })).status).toBe(400);
    // The single read's representation: integer id and integrationId, no query-only fields.
    const {
      id: _id,
      integrationId,
      dueDate: _d,
      deletedAt: _del,
      displayType: _t,
      ...cert
    } = CERTIFICATES[3]!;
    expect((await call('GET', `/certificates/${CERTIFICATES[3]!.id}`)).body).toEqual({
      ...cert,
      id: expect.any(Number),
      integrationId: Number(integrationId),
    });
    expect((await call('GET', '/certificates/no-such')).status).toBe(404);
    expect((await call('GET', '/integration/1003')).body.items[0]).toMatchObject({
      id: 1003,
      status: 'Healthy',
    });
  });
});

describe.skipIf(!once)('the example server: rate limit per token', () => {
  it('429 with Retry-After past the limit, per token, and again after the window', async () => {
    let clock = new Date('2026-07-01T00:00:00.000Z');
    const server = await startServer({
      tokens: [
        { token: 'a', rights: ['read'] },
        { token: 'b', rights: ['read'] },
      ],
      components: 5,
      certificates: 1,
      rateLimit: { requests: 3, windowMs: 10_000 },
      now: () => clock,
    });
    try {
      const ask = (token: string) =>
        fetch(`${server.url}/v1/component/query`, {
          method: 'POST',
          headers: { authorization: `Bearer ${token}` },
          body: '{}',
        });
      for (let i = 0; i < 3; i++) expect((await ask('a')).status).toBe(200);
      clock = new Date(clock.getTime() + 2500);
      const limited = await ask('a');
      expect(limited.status).toBe(429);
      expect(limited.headers.get('retry-after')).toBe('8');
      expect(((await limited.json()) as { error: { message: string } }).error.message).toMatch(
        /rate limit of 3 requests per 10 s/,
      );
      // Another token has its own count.
      expect((await ask('b')).status).toBe(200);
      clock = new Date(clock.getTime() + 7500);
      expect((await ask('a')).status).toBe(200);
    } finally {
      await server.close();
    }
  });
});

describe.skipIf(!once || !process.env.DATABASE_URL)(
  'the example server on a PostgreSQL server: restarts',
  () => {
    it('keeps a created policy and patched tags across a restart (a schema of its own, dropped afterwards)', async () => {
      const schema = `svc_example_restart_${process.pid}`;
      const options = {
        token: TOKEN,
        components: 20,
        certificates: 2,
        seed: SEED.seed,
        databaseUrl: process.env.DATABASE_URL!,
        schema,
      };
      const call = async (url: string, method: string, path: string, body?: unknown) => {
        const res = await fetch(`${url}/v1${path}`, {
          method,
          headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
          ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        });
        // biome-ignore lint/suspicious/noExplicitAny: the replies are JSON read field by field by the assertions
        return { status: res.status, body: (await res.json()) as Record<string, any> };
      };
      const policy = {
        name: 'survives',
        resource: 'component',
        statusDefinitions: { ok: { isDefault: true, criticality: 0 } },
      };
      let server = await startServer(options);
      try {
        const created = await call(server.url, 'POST', '/policy', { policy });
        expect(created.status).toBe(201);
        const id = COMPONENTS[0]!.id;
        expect(
          (await call(server.url, 'PATCH', `/component/${id}`, { customTags: { kept: 'yes' } })).status,
        ).toBe(200);
        await server.close();
        server = await startServer(options);
        const read = await call(server.url, 'GET', `/policy/${created.body.policy.id}`);
        expect(read.status).toBe(200);
        expect(read.body.items[0]).toMatchObject(policy);
        const component = await call(server.url, 'POST', '/component/query', {
          filter: { id: { $eq: id } },
          fields: ['customTags'],
        });
        expect(component.body.items[0].customTags.kept).toBe('yes');
        // Seeded once: the restart found the data and added none.
        expect(
          (await call(server.url, 'POST', '/component/query', { pageSize: 1000, fields: ['id'] })).body.items,
        ).toHaveLength(20);
      } finally {
        await server.close();
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
        await client.end();
      }
    });
  },
);
