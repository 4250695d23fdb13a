/**
 * An example server over svc-policy: every operation of the API description under `/v1` (routes.ts,
 * legacy.ts), on PGlite (PostgreSQL in WebAssembly, in this process) by default or a PostgreSQL server
 * when DATABASE_URL is set (store.ts), seeded from the inventory generator; bearer tokens with rights
 * and a rate limit (auth.ts); its OpenAPI document at /v1/openapi.json (openapi.ts). Run it with
 * `npm run example:server` (see docs/server.md).
 */
import { randomBytes } from 'node:crypto';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { showText } from '../../src/errors.js';
import { FilterError, PolicyError, QueryError } from '../../src/index.js';
import { Authority, DEFAULT_RATE_LIMIT, type RateLimit, type TokenGrant } from './auth.js';
import { errorBody, HttpError, ORIGIN_FORM, send } from './http.js';
import { LEGACY_OPERATIONS } from './legacy.js';
import { openApiDocument } from './openapi.js';
import { type Context, OPERATIONS, type Operation } from './routes.js';
import { openStore } from './store.js';
import { WAIVER_OPERATIONS } from './waivers.js';
import { createPolicy, ingestSbom, patchComponent } from './writes.js';

export { MAX_LISTED_PROBLEMS } from './http.js';
export { DEPRECATED_AT, SUNSET_AT } from './legacy.js';

/** Every operation the server answers (the OpenAPI document lists the same). */
export const ALL_OPERATIONS: readonly Operation[] = [
  ingestSbom,
  createPolicy,
  patchComponent,
  ...OPERATIONS,
  ...WAIVER_OPERATIONS,
  ...LEGACY_OPERATIONS,
];

/** Options of {@link startServer}. */
export interface ServerOptions {
  /** The bearer tokens and their rights; `token` is a shorthand for one token with every right. */
  readonly tokens?: readonly TokenGrant[];
  readonly token?: string;
  /** Port to listen on (0: any free port). Default 0. */
  readonly port?: number;
  /** Host to listen on. Default 127.0.0.1. */
  readonly host?: string;
  /** A PostgreSQL URL; PGlite in memory when absent. */
  readonly databaseUrl?: string;
  /** On PostgreSQL, a schema kept across restarts (seeded when empty); absent: a temporary one. */
  readonly schema?: string;
  /** Components and certificates to seed. Default 1,000 and 200. */
  readonly components?: number;
  readonly certificates?: number;
  /** Generator seed. Default 1. */
  readonly seed?: number;
  /** Largest request body in bytes. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Secret that signs page tokens. Default: random at each start. */
  readonly pageSecret?: string;
  /** Requests per token and window. Default {@link DEFAULT_RATE_LIMIT}. */
  readonly rateLimit?: RateLimit;
  /** The clock (legacy searches' removal, rate-limit windows, timestamps). Default the system's. */
  readonly now?: () => Date;
  /** Days a non-compliant component has to be fixed: its `dueDate` under a policy. Default 30. */
  readonly remediationDays?: number;
  /** Connections to the PostgreSQL server. Default 8. */
  readonly connections?: number;
  /** Where internal errors are reported. Default `console.error`. */
  readonly log?: (message: string) => void;
}

/** A running server. */
export interface RunningServer {
  readonly url: string;
  close(): Promise<void>;
}

/** A route: its operation and the path pattern with its parameter names. */
interface Route {
  readonly operation: Operation;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

function routesOf(operations: readonly Operation[]): Route[] {
  return operations.map((operation) => {
    const names = [...operation.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    const source = operation.path
      .replace(/\{\w+\}/g, '\0')
      .replace(/[.*+?^$()|[\]\\]/g, '\\$&')
      .replace(/\0/g, '([^/]+)');
    return { operation, pattern: new RegExp(`^/v1${source}$`), names };
  });
}

/** The internal answer to a library error: the request's problems, 400. */
function libraryError(error: unknown): HttpError | undefined {
  if (error instanceof QueryError) return new HttpError(400, error.message, error.problems);
  if (error instanceof PolicyError) {
    return new HttpError(
      400,
      error.message,
      error.problems.map((p) => ({ code: p.code, path: p.path, message: p.message })),
    );
  }
  if (error instanceof FilterError) {
    return new HttpError(400, error.message, [
      { code: error.code, path: error.path, message: error.message },
    ]);
  }
  return undefined;
}

/**
 * Starts the server: opens the database, seeds it, listens.
 *
 * @example
 * const server = await startServer({ token: 'secret', port: 8080 });
 * // curl -H 'Authorization: Bearer secret' -d '{"pageSize": 2}' http://127.0.0.1:8080/v1/component/query
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  const grants = [...(options.tokens ?? [])];
  if (options.token !== undefined) grants.push({ token: options.token, rights: ['read', 'write'] });
  const now = options.now ?? (() => new Date());
  const authority = new Authority(grants, options.rateLimit ?? DEFAULT_RATE_LIMIT, now);
  const db = await openStore({
    ...(options.databaseUrl === undefined ? {} : { databaseUrl: options.databaseUrl }),
    ...(options.schema === undefined ? {} : { schema: options.schema }),
    ...(options.connections === undefined ? {} : { connections: options.connections }),
    components: options.components ?? 1000,
    certificates: options.certificates ?? 200,
    seed: options.seed ?? 1,
  });
  const ctx: Context = {
    db,
    maxBodyBytes: options.maxBodyBytes ?? 1024 * 1024,
    secret: options.pageSecret ?? randomBytes(32).toString('hex'),
    now,
    remediationDays: options.remediationDays ?? 30,
  };
  const log = options.log ?? ((m: string) => console.error(m));
  const routes = routesOf(ALL_OPERATIONS);
  const document = JSON.stringify(openApiDocument(ALL_OPERATIONS));

  const server = createHttpServer((req, res) => {
    void (async () => {
      try {
        // Every operation needs a valid bearer token: a caller without one learns nothing, not even
        // which paths exist (404) or which methods they take (405). Then the token's rate limit.
        const grant = authority.authenticate(req);
        authority.count(grant);
        const target = req.url ?? '';
        if (!ORIGIN_FORM.test(target)) {
          throw new HttpError(400, 'the request target is not a path of valid percent-encoded characters', [
            { code: 'INVALID_PATH', path: '', message: `cannot read ${JSON.stringify(showText(target))}` },
          ]);
        }
        const path = new URL(`http://localhost${target}`).pathname;
        if (path === '/v1/openapi.json' && req.method === 'GET') {
          authority.authorize(grant, 'read');
          res.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
          res.end(document);
          return;
        }
        const all = routes.flatMap((route) => {
          const m = route.pattern.exec(path);
          return m === null ? [] : [{ route, m }];
        });
        // A fixed path wins over a pattern: GET /v1/component/query is a wrong method, not a component id.
        const fixed = all.filter(({ route }) => route.names.length === 0);
        const matching = fixed.length > 0 ? fixed : all;
        if (matching.length === 0) throw new HttpError(404, `no operation at ${showText(path)}`);
        const found = matching.find(({ route }) => route.operation.method === req.method);
        if (found === undefined) {
          const allow = [...new Set(matching.map(({ route }) => route.operation.method))].join(', ');
          throw new HttpError(405, `${req.method} is not allowed on ${showText(path)}`, [], { allow });
        }
        const { operation, names } = found.route;
        authority.authorize(grant, operation.right);
        const params = Object.fromEntries(names.map((name, i) => [name, found.m[i + 1]!]));
        const reply = await operation.run(ctx, req, params);
        send(res, reply.status, reply.body, reply.headers);
      } catch (caught) {
        // The client went away (closed while its body was read): nobody to answer, nothing wrong here.
        if (req.destroyed && (caught as NodeJS.ErrnoException)?.code === 'ECONNRESET') return;
        const error = caught instanceof HttpError ? caught : libraryError(caught);
        // A refused request whose body is not read (401 before anything, 413, a bad target…) ends its
        // connection: the rest of the body, however large, is never read, and nothing follows on it.
        if (!req.complete || error?.status === 401) {
          res.setHeader('connection', 'close');
          res.once('finish', () => req.socket.destroy());
        }
        if (error !== undefined) {
          send(res, error.status, errorBody(error.message, error.problems), error.headers);
        } else {
          log(
            `internal error on ${req.method} ${showText(req.url ?? '')}: ${(caught as Error)?.stack ?? String(caught)}`,
          );
          send(res, 500, errorBody('internal error', []));
        }
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
  }).catch(async (error) => {
    await db.close();
    throw error;
  });
  const { address, port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

/** A whole number from the environment, or `fallback`. */
function envCount(name: string, fallback: number): number {
  const n = Number(process.env[name] ?? fallback);
  if (!Number.isSafeInteger(n) || n < 0)
    throw new Error(`${name} must be a whole number, got ${process.env[name]}`);
  return n;
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  let token = process.env.SVC_POLICY_TOKEN ?? '';
  if (token === '') {
    token = randomBytes(18).toString('base64url');
    console.log(`SVC_POLICY_TOKEN is not set: this run's token is ${token}`);
  }
  // A read-only token too, when given.
  const readToken = process.env.SVC_POLICY_READ_TOKEN;
  const url = process.env.DATABASE_URL;
  const server = await startServer({
    token,
    ...(readToken ? { tokens: [{ token: readToken, rights: ['read'] }] } : {}),
    port: envCount('PORT', 8080),
    components: envCount('SEED_COMPONENTS', 1000),
    certificates: envCount('SEED_CERTIFICATES', 200),
    rateLimit: {
      requests: envCount('RATE_LIMIT_REQUESTS', DEFAULT_RATE_LIMIT.requests),
      windowMs: envCount('RATE_LIMIT_WINDOW_SECONDS', DEFAULT_RATE_LIMIT.windowMs / 1000) * 1000,
    },
    // On PostgreSQL the data lives in a schema of its own, kept across restarts.
    ...(url ? { databaseUrl: url, schema: process.env.DATABASE_SCHEMA || 'svc_example' } : {}),
    ...(process.env.SVC_POLICY_PAGE_SECRET ? { pageSecret: process.env.SVC_POLICY_PAGE_SECRET } : {}),
  });
  console.log(`svc-policy example server on ${server.url}/v1 (${url ? 'PostgreSQL' : 'PGlite'})`);
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
