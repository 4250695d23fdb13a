/**
 * An example server over svc-policy: the query operations of the inventory API on SQL, policy creation
 * checked by the validation module, and a component by id. PGlite (PostgreSQL in WebAssembly, in this
 * process) holds the data by default; a PostgreSQL server when DATABASE_URL is set. Seeded from the
 * inventory generator. Run it with `npm run example:server` (see README.md, "Example server").
 *
 * It is an example of wiring, not a product: one table per resource holding each record as a JSON
 * document beside typed `id`, `created_at` and `updated_at` columns (so the page index serves the
 * default order), every other field read from the document.
 */
import { randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { generateCertificates, generateComponents } from '../../fixtures/generator.js';
import { describeFields, QueryError, RESOURCES, type ResourceName } from '../../src/index.js';
import { type ColumnMapping, pageIndexSql, prepareSqlQuery } from '../../src/sql.js';
import { validatePolicy } from '../../src/validate.js';

/** What the server stores: a query resource, its table, and the path of its query operation. */
interface Collection {
  readonly resource: ResourceName;
  readonly table: string;
  readonly queryPath: string;
}

const COLLECTIONS: readonly Collection[] = [
  { resource: 'component', table: 'components', queryPath: '/component/query' },
  { resource: 'certificate', table: 'certificates', queryPath: '/certificates/query' },
  { resource: 'policy', table: 'policies', queryPath: '/policy/query' },
];

/** The column mapping of a resource: typed columns for the keys of the page order, the rest in `doc`. */
function columnsOf(resource: ResourceName): Record<string, ColumnMapping> {
  const columns: Record<string, ColumnMapping> = {};
  for (const field of Object.keys(RESOURCES[resource].fields)) {
    columns[field] = { column: 'doc', type: 'jsonb', path: [field] };
  }
  columns.id = { column: 'id', type: 'text' };
  columns.createdAt = { column: 'created_at', type: 'timestamp' };
  columns.updatedAt = { column: 'updated_at', type: 'timestamp' };
  return columns;
}

/** The database: PGlite in this process, or a PostgreSQL server. */
interface Database {
  query(sql: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

async function openDatabase(url: string | undefined): Promise<Database> {
  if (url === undefined || url === '') {
    const db = await PGlite.create();
    return {
      query: async (sql, params = []) => (await db.query<Record<string, unknown>>(sql, [...params])).rows,
      close: () => db.close(),
    };
  }
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // A schema of its own, so that a shared database keeps its tables apart; dropped on close.
  const schema = `svc_example_${process.pid}_${randomBytes(4).toString('hex')}`;
  await client.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}`);
  return {
    query: async (sql, params = []) => (await client.query(sql, [...params])).rows,
    close: async () => {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/** Options of {@link startServer}. */
export interface ServerOptions {
  /** The bearer token every request must carry. */
  readonly token: string;
  /** Port to listen on (0: any free port). Default 0. */
  readonly port?: number;
  /** Host to listen on. Default 127.0.0.1. */
  readonly host?: string;
  /** A PostgreSQL URL; PGlite when absent. */
  readonly databaseUrl?: string;
  /** Components and certificates to seed. Default 1,000 and 200. */
  readonly components?: number;
  readonly certificates?: number;
  /** Generator seed. Default 1. */
  readonly seed?: number;
  /** Largest request body in bytes. Default 1 MiB. */
  readonly maxBodyBytes?: number;
  /** Secret that signs page tokens. Default: random at each start. */
  readonly pageSecret?: string;
  /** Where internal errors are reported. Default `console.error`. */
  readonly log?: (message: string) => void;
}

/** A running server. */
export interface RunningServer {
  readonly url: string;
  close(): Promise<void>;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: readonly unknown[] = [],
  ) {
    super(message);
  }
}

const POLICY_EXAMPLES = join(import.meta.dirname, '..', '..', 'fixtures', 'policies', 'examples');

/** Creates the tables and their page indexes, and seeds them. */
async function seed(db: Database, options: ServerOptions): Promise<void> {
  for (const { resource, table } of COLLECTIONS) {
    await db.query(
      `CREATE TABLE ${table} (id text PRIMARY KEY, created_at text NOT NULL, updated_at text NOT NULL, doc jsonb NOT NULL)`,
    );
    await db.query(pageIndexSql({ dialect: 'postgres', table, columns: columnsOf(resource) }));
  }
  const seedOptions = { seed: options.seed ?? 1 };
  await insertAll(db, 'components', generateComponents(options.components ?? 1000, seedOptions));
  await insertAll(db, 'certificates', generateCertificates(options.certificates ?? 200, seedOptions));
  const policies = readdirSync(POLICY_EXAMPLES)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f, i) => {
      const definition = JSON.parse(readFileSync(join(POLICY_EXAMPLES, f), 'utf8')) as Record<
        string,
        unknown
      >;
      const at = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
      return { id: `policy-${i + 1}`, ...definition, createdAt: at, updatedAt: at };
    });
  await insertAll(db, 'policies', policies);
}

async function insertAll(
  db: Database,
  table: string,
  records: Iterable<Record<string, unknown>>,
): Promise<void> {
  const batch: Record<string, unknown>[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    // One statement a batch: the records as one JSON array, unpacked by the database.
    await db.query(
      `INSERT INTO ${table} (id, created_at, updated_at, doc) SELECT r->>'id', r->>'createdAt', r->>'updatedAt', r FROM jsonb_array_elements($1::jsonb) AS r`,
      [JSON.stringify(batch)],
    );
    batch.length = 0;
  };
  for (const record of records) {
    batch.push(record);
    if (batch.length === 500) await flush();
  }
  await flush();
}

/** The request body as JSON, or an {@link HttpError} (413 past the limit, 400 when it is not JSON). */
async function readJson(req: IncomingMessage, maxBytes: number): Promise<unknown> {
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new HttpError(413, `request body larger than ${maxBytes} bytes`);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBytes) throw new HttpError(413, `request body larger than ${maxBytes} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, `request body is not JSON: ${(error as Error).message}`);
  }
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
  });
  res.end(text);
}

function authorized(req: IncomingMessage, token: string): boolean {
  const header = req.headers.authorization ?? '';
  const match = /^Bearer (.+)$/.exec(header);
  if (match === null) return false;
  const given = Buffer.from(match[1]!);
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Starts the server: opens the database, seeds it, listens.
 *
 * @example
 * const server = await startServer({ token: 'secret', port: 8080 });
 * // curl -H 'Authorization: Bearer secret' -d '{"pageSize": 2}' http://127.0.0.1:8080/component/query
 */
export async function startServer(options: ServerOptions): Promise<RunningServer> {
  if (options.token === '') throw new Error('the bearer token must not be empty');
  const db = await openDatabase(options.databaseUrl);
  try {
    await seed(db, options);
  } catch (error) {
    await db.close();
    throw error;
  }
  const maxBody = options.maxBodyBytes ?? 1024 * 1024;
  const secret = options.pageSecret ?? randomBytes(32).toString('hex');
  const log = options.log ?? ((m: string) => console.error(m));

  const routes: Array<{
    method: string;
    pattern: RegExp;
    run: (req: IncomingMessage, m: RegExpExecArray) => Promise<[number, unknown]>;
  }> = [];
  for (const { resource, table, queryPath } of COLLECTIONS) {
    const columns = columnsOf(resource);
    routes.push({
      method: 'POST',
      pattern: new RegExp(`^${queryPath.replace(/\//g, '\\/')}$`),
      run: async (req) => {
        const body = await readJson(req, maxBody);
        const query = prepareSqlQuery(body, resource, { dialect: 'postgres', table, columns, secret });
        return [200, query.toPage(await db.query(query.sql, query.params))];
      },
    });
    routes.push({
      method: 'GET',
      pattern: new RegExp(`^${queryPath.replace('/query', '/fields').replace(/\//g, '\\/')}$`),
      run: async () => [200, { items: describeFields(resource) }],
    });
  }
  routes.push({
    method: 'GET',
    pattern: /^\/component\/([^/]+)$/,
    run: async (_req, m) => {
      const id = decodeURIComponent(m[1]!);
      const rows = await db.query('SELECT doc FROM components WHERE id = $1', [id]);
      if (rows.length === 0) throw new HttpError(404, `no component with id ${JSON.stringify(id)}`);
      return [200, rows[0]!.doc];
    },
  });
  routes.push({
    method: 'POST',
    pattern: /^\/policy$/,
    run: async (req) => {
      const body = await readJson(req, maxBody);
      const { valid, diagnostics } = validatePolicy(body);
      if (!valid) {
        const errors = diagnostics.filter((d) => d.severity === 'error');
        throw new HttpError(
          400,
          `the policy is not valid (${errors.length} problem${errors.length === 1 ? '' : 's'})`,
          errors,
        );
      }
      const now = new Date().toISOString();
      const policy = {
        ...(body as Record<string, unknown>),
        id: randomUUID(),
        createdAt: now,
        updatedAt: now,
      };
      await insertAll(db, 'policies', [policy]);
      return [201, { ...policy, warnings: diagnostics.filter((d) => d.severity === 'warning') }];
    },
  });

  const server = createHttpServer((req, res) => {
    void (async () => {
      try {
        const path = new URL(req.url ?? '/', 'http://localhost').pathname;
        const all = routes.flatMap((r) => {
          const m = r.pattern.exec(path);
          return m === null ? [] : [{ route: r, m }];
        });
        // A fixed path wins over a pattern: GET /component/query is a wrong method, not a component id.
        const fixed = all.filter(({ m }) => m.length === 1);
        const matching = fixed.length > 0 ? fixed : all;
        if (matching.length === 0) throw new HttpError(404, `no operation at ${path}`);
        const found = matching.find(({ route }) => route.method === req.method);
        if (found === undefined) {
          res.setHeader('allow', matching.map(({ route }) => route.method).join(', '));
          throw new HttpError(405, `${req.method} is not allowed on ${path}`);
        }
        if (!authorized(req, options.token)) {
          res.setHeader('www-authenticate', 'Bearer');
          throw new HttpError(401, 'a bearer token is required (Authorization: Bearer <token>)');
        }
        const [status, body] = await found.route.run(req, found.m);
        send(res, status, body);
      } catch (error) {
        if (error instanceof HttpError) {
          send(res, error.status, { error: { message: error.message, problems: error.problems } });
        } else if (error instanceof QueryError) {
          // Every problem of the request, each with its code and JSON pointer.
          send(res, 400, { error: { message: error.message, problems: error.problems } });
        } else {
          log(`internal error on ${req.method} ${req.url}: ${(error as Error)?.stack ?? String(error)}`);
          send(res, 500, { error: { message: 'internal error', problems: [] } });
        }
        // A body left unread (a refused request) must not keep the connection waiting.
        if (!req.complete) req.resume();
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', () => resolve());
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

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  let token = process.env.SVC_POLICY_TOKEN ?? '';
  if (token === '') {
    token = randomBytes(18).toString('base64url');
    console.log(`SVC_POLICY_TOKEN is not set: this run's token is ${token}`);
  }
  const count = (name: string, fallback: number) => {
    const n = Number(process.env[name] ?? fallback);
    if (!Number.isSafeInteger(n) || n < 0)
      throw new Error(`${name} must be a whole number, got ${process.env[name]}`);
    return n;
  };
  const server = await startServer({
    token,
    port: count('PORT', 8080),
    components: count('SEED_COMPONENTS', 1000),
    certificates: count('SEED_CERTIFICATES', 200),
    ...(process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : {}),
    ...(process.env.SVC_POLICY_PAGE_SECRET ? { pageSecret: process.env.SVC_POLICY_PAGE_SECRET } : {}),
  });
  console.log(
    `svc-policy example server on ${server.url} (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`,
  );
  const stop = () => void server.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
