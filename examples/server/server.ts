/**
 * An example server over svc-policy: the query operations of the inventory API on SQL, policy creation
 * checked by the validation module, and a component by id. PGlite (PostgreSQL in WebAssembly, in this
 * process) holds the data by default; a PostgreSQL server when DATABASE_URL is set. Seeded from the
 * inventory generator. Run it with `npm run example:server` (see docs/server.md).
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
import { showText } from '../../src/errors.js';
import {
  describeFields,
  FilterError,
  PolicyError,
  QueryError,
  RESOURCES,
  type ResourceName,
} from '../../src/index.js';
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

/** One problem of a request, as error bodies list them: a stable code and a JSON pointer. */
interface Problem {
  readonly code: string;
  readonly path: string;
  readonly message: string;
}

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly problems: readonly Problem[] = [],
  ) {
    super(message);
  }
}

/** Text PostgreSQL cannot store in jsonb: U+0000, or a lone surrogate (not well-formed Unicode). */
const unstorable = (text: string): boolean => text.includes('\u0000') || !text.isWellFormed();

/** The pointer of the first string (key or value) of a JSON value that PostgreSQL cannot store. */
function unstorableAt(value: unknown, at = ''): string | undefined {
  if (typeof value === 'string') return unstorable(value) ? at : undefined;
  if (typeof value !== 'object' || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    const here = `${at}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`;
    if (unstorable(key)) return here;
    const found = unstorableAt(item, here);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Display names of the generated component types, for the legacy representation's `typeDisplayName`. */
const TYPE_DISPLAY_NAMES: Readonly<Record<string, string>> = {
  'rds-instance': 'RDS Instance',
  'aurora-cluster': 'Aurora Cluster',
  'cloudsql-instance': 'Cloud SQL Instance',
  'elasticache-cluster': 'ElastiCache Cluster',
  'eks-cluster': 'EKS Cluster',
  'gke-cluster': 'GKE Cluster',
  'aks-cluster': 'AKS Cluster',
  'opensearch-domain': 'OpenSearch Domain',
  'msk-cluster': 'MSK Cluster',
};

/**
 * A component in the legacy representation, which single reads return (API description, Component):
 * `integrationId` an integer, `tags` an array of `{ key, value }`, a `typeDisplayName`, and none of the
 * query representation's own fields (`vendor`, `hasAvailableSvcs`, `customTags`).
 */
function legacyComponent(record: Record<string, unknown>): Record<string, unknown> {
  const { vendor: _vendor, hasAvailableSvcs: _svcs, customTags: _custom, tags, ...rest } = record;
  const integrationId =
    typeof rest.integrationId === 'string' && /^\d{1,15}$/.test(rest.integrationId)
      ? Number(rest.integrationId)
      : rest.integrationId;
  const type = typeof rest.type === 'string' ? rest.type : '';
  const typeDisplayName =
    TYPE_DISPLAY_NAMES[type] ??
    type
      .split('-')
      .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
      .join(' ');
  const pairs =
    typeof tags === 'object' && tags !== null && !Array.isArray(tags)
      ? Object.entries(tags).map(([key, value]) => ({ key, value }))
      : [];
  return { ...rest, integrationId, typeDisplayName, tags: pairs };
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

/** UTF-8 as the CLI reads it: a byte sequence that is not UTF-8 is refused, never stored as U+FFFD. */
const UTF8 = new TextDecoder('utf-8', { fatal: true });

/**
 * The request body as JSON, or an {@link HttpError} (413 past the limit, 400 when it is not UTF-8 or
 * not JSON).
 */
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
  let text: string;
  try {
    text = UTF8.decode(Buffer.concat(chunks));
  } catch {
    throw new HttpError(400, 'request body is not valid UTF-8');
  }
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new HttpError(400, `request body is not JSON: ${(error as Error).message}`);
  }
}

/**
 * Problems an error body lists at most: a body of 90,000 unknown keys would otherwise be answered with
 * 90,000 problems. The message says how many were left out.
 */
export const MAX_LISTED_PROBLEMS = 20;

/** The description's error body, with at most {@link MAX_LISTED_PROBLEMS} problems. */
function errorBody(message: string, problems: readonly Problem[]): unknown {
  const left = problems.length - MAX_LISTED_PROBLEMS;
  return {
    error: {
      message:
        left > 0 ? `${message} (… and ${left.toLocaleString('en-US')} more problems not listed)` : message,
      problems: left > 0 ? problems.slice(0, MAX_LISTED_PROBLEMS) : problems,
    },
  };
}

/**
 * A request target in origin form (RFC 9112 §3.2.1: an absolute path of RFC 3986 characters and
 * percent escapes, then an optional query). Anything else (`//[`, `/%zz`) is refused with a 400
 * before `new URL` reads it as something else (`//host/…` names a host).
 */
const ORIGIN_FORM =
  /^(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*)+(?:\?(?:[A-Za-z0-9\-._~!$&'()*+,;=:@/?]|%[0-9A-Fa-f]{2})*)?$/;

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
      let id: string;
      try {
        id = decodeURIComponent(m[1]!);
      } catch {
        throw new HttpError(400, 'the component id in the path is not valid percent-encoded UTF-8', [
          { code: 'INVALID_PATH', path: '', message: `cannot decode ${JSON.stringify(showText(m[1]!))}` },
        ]);
      }
      // PostgreSQL text cannot hold U+0000, so no stored id has one (and binding it is an error).
      const rows = id.includes('\u0000')
        ? []
        : await db.query('SELECT doc FROM components WHERE id = $1', [id]);
      if (rows.length === 0) throw new HttpError(404, `no component with id ${JSON.stringify(showText(id))}`);
      // The single-record envelope of the description, with the legacy representation.
      return [200, { items: [legacyComponent(rows[0]!.doc as Record<string, unknown>)], nextToken: null }];
    },
  });
  routes.push({
    method: 'POST',
    pattern: /^\/policy$/,
    run: async (req) => {
      // The description's body: `{ policy: <policy definition> }`.
      const body = await readJson(req, maxBody);
      if (typeof body !== 'object' || body === null || Array.isArray(body)) {
        throw new HttpError(400, 'the body must be { "policy": <policy definition> }', [
          { code: 'INVALID_REQUEST', path: '', message: 'expected an object with the property "policy"' },
        ]);
      }
      const problems: Problem[] = Object.keys(body)
        .filter((key) => key !== 'policy')
        .map((key) => ({
          code: 'UNKNOWN_PROPERTY',
          path: `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`,
          message: `unknown property ${JSON.stringify(showText(key))}; the body is { "policy": <policy definition> }`,
        }));
      const definition = (body as Record<string, unknown>).policy;
      if (typeof definition !== 'object' || definition === null || Array.isArray(definition)) {
        problems.push({
          code: 'INVALID_REQUEST',
          path: '/policy',
          message: 'policy must be an object: the policy definition',
        });
      }
      if (problems.length > 0) throw new HttpError(400, problems[0]!.message, problems);
      const { valid, diagnostics } = validatePolicy(definition);
      if (!valid) {
        const errors = diagnostics
          .filter((d) => d.severity === 'error')
          .map((d) => ({ code: d.code, path: `/policy${d.path}`, message: d.message }));
        throw new HttpError(
          400,
          `the policy is not valid (${errors.length} problem${errors.length === 1 ? '' : 's'})`,
          errors,
        );
      }
      // A valid policy may still hold text PostgreSQL refuses: refused here, before the insert.
      const bad = unstorableAt(definition, '/policy');
      if (bad !== undefined) {
        const message = 'text holding U+0000 or a lone surrogate cannot be stored';
        throw new HttpError(400, `the policy cannot be stored: ${message}`, [
          { code: 'UNSUPPORTED', path: bad, message },
        ]);
      }
      const now = new Date().toISOString();
      const id = randomUUID();
      // The definition itself, name at the top, so that /policy/query finds it by name.
      await insertAll(db, 'policies', [
        { ...(definition as Record<string, unknown>), id, createdAt: now, updatedAt: now },
      ]);
      // The description shows `{ policy: { id } }` and no status code for any operation but the SBOM
      // ingestion; 201 is HTTP's answer for a created resource.
      return [201, { policy: { id } }];
    },
  });

  const server = createHttpServer((req, res) => {
    void (async () => {
      try {
        // Every operation needs the bearer token: a caller without it learns nothing, not even
        // which paths exist (404) or which methods they take (405).
        if (!authorized(req, options.token)) {
          res.setHeader('www-authenticate', 'Bearer');
          throw new HttpError(401, 'a bearer token is required (Authorization: Bearer <token>)');
        }
        const target = req.url ?? '';
        if (!ORIGIN_FORM.test(target)) {
          throw new HttpError(400, 'the request target is not a path of valid percent-encoded characters', [
            { code: 'INVALID_PATH', path: '', message: `cannot read ${JSON.stringify(showText(target))}` },
          ]);
        }
        const path = new URL(`http://localhost${target}`).pathname;
        const all = routes.flatMap((r) => {
          const m = r.pattern.exec(path);
          return m === null ? [] : [{ route: r, m }];
        });
        // A fixed path wins over a pattern: GET /component/query is a wrong method, not a component id.
        const fixed = all.filter(({ m }) => m.length === 1);
        const matching = fixed.length > 0 ? fixed : all;
        if (matching.length === 0) throw new HttpError(404, `no operation at ${showText(path)}`);
        const found = matching.find(({ route }) => route.method === req.method);
        if (found === undefined) {
          res.setHeader('allow', matching.map(({ route }) => route.method).join(', '));
          throw new HttpError(405, `${req.method} is not allowed on ${showText(path)}`);
        }
        const [status, body] = await found.route.run(req, found.m);
        send(res, status, body);
      } catch (error) {
        // A refused request whose body is not read (401 before anything, 413, a bad target…) ends its
        // connection: the rest of the body, however large, is never read, and nothing follows on it.
        if (!req.complete || (error instanceof HttpError && error.status === 401)) {
          res.setHeader('connection', 'close');
          res.once('finish', () => req.socket.destroy());
        }
        if (error instanceof HttpError) {
          send(res, error.status, errorBody(error.message, error.problems));
        } else if (error instanceof QueryError) {
          // Every problem of the request, each with its code and JSON pointer.
          send(res, 400, errorBody(error.message, error.problems));
        } else if (error instanceof PolicyError) {
          const problems = error.problems.map((p) => ({ code: p.code, path: p.path, message: p.message }));
          send(res, 400, errorBody(error.message, problems));
        } else if (error instanceof FilterError) {
          // A filter the library refused as written: the request's problem, with its code and pointer.
          const problem = { code: error.code, path: error.path, message: error.message };
          send(res, 400, errorBody(error.message, [problem]));
        } else {
          log(
            `internal error on ${req.method} ${showText(req.url ?? '')}: ${(error as Error)?.stack ?? String(error)}`,
          );
          send(res, 500, errorBody('internal error', []));
        }
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
