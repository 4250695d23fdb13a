/**
 * A bounded load test of the example server (examples/server) on loopback: the component query and the
 * policy-scoped component query at concurrency 64 over 100,000 seeded components, on PGlite and, when
 * DATABASE_URL is set, on that PostgreSQL server. The server runs in a process of its own; autocannon
 * sends a fixed number of requests per scenario and stops by itself (a time cap stops it too). Writes
 * the `server-load` section of bench/README.md.
 *
 *   npm run bench -- --only server-load              # or: npx tsx bench/server-load.ts
 *   LOAD_COMPONENTS=20000 npx tsx bench/server-load.ts
 *   LOAD_SCENARIOS=0,2,3 npx tsx bench/server-load.ts     # only those scenarios (by index)
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { table, writeReadmeSection } from './lib.js';

const TOKEN = 'bench-token';
const CONNECTIONS = 64;
const WARM_UP = 16;
/** Each run stops after its requests or this long, whichever comes first. */
const CAP_MS = 150_000;

interface Scenario {
  readonly name: string;
  readonly path: string;
  readonly body: unknown;
  /** Requests sent (the run stops after them). */
  readonly amount: number;
}

const SCENARIOS: readonly Scenario[] = [
  {
    name: 'component query (filter, 50 a page, default order)',
    path: '/v1/component/query',
    body: { pageSize: 50, filter: { technology: { $eq: 'postgres' }, region: { $like: 'us-*' } } },
    amount: 2000,
  },
  {
    name: 'component query sorted by version (every match read)',
    path: '/v1/component/query',
    body: { pageSize: 50, filter: { technology: { $eq: 'postgres' } }, sort: { version: 'desc' } },
    amount: 128,
  },
  {
    name: 'policy-scoped query (non-compliant, by urgency, 50 a page)',
    path: '/v1/policy/policy-2/component/query',
    body: { pageSize: 50, filter: { isCompliant: { $eq: false } }, sort: { urgency: 'desc' } },
    amount: 2000,
  },
  {
    name: 'policy-scoped query, a policy reading $now (computed per request)',
    path: '/v1/policy/policy-3/component/query',
    body: { pageSize: 50, filter: { isCompliant: { $eq: false } } },
    amount: 128,
  },
];

/**
 * Waits until the server has answered every request sent before (requests a client gave up on still
 * run): one cheap query, queued behind them, so no scenario is measured behind the previous one's.
 */
async function drain(base: string): Promise<void> {
  for (let attempt = 0; attempt < 30; attempt++) {
    try {
      const res = await fetch(`${base}/v1/component/query`, {
        method: 'POST',
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify({ pageSize: 1 }),
      });
      await res.arrayBuffer();
      return;
    } catch {
      // fetch gives up on headers after 5 minutes: ask again, behind the same queue.
    }
  }
}

export interface LoadRow {
  readonly database: string;
  readonly scenario: string;
  readonly requests: number;
  readonly errors: number;
  readonly p50: number;
  readonly p99: number;
  readonly rps: number;
}

/** Starts the server in a child process; resolves with its URL once it listens. */
function startServer(
  components: number,
  databaseUrl: string | undefined,
): Promise<{ url: string; child: ChildProcess }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SVC_POLICY_TOKEN: TOKEN,
    PORT: '0',
    SEED_COMPONENTS: String(components),
    SEED_CERTIFICATES: '100',
    // The limit is not what is measured.
    RATE_LIMIT_REQUESTS: String(1e9),
    DATABASE_SCHEMA: `svc_load_${process.pid}`,
  };
  if (databaseUrl === undefined) delete env.DATABASE_URL;
  else env.DATABASE_URL = databaseUrl;
  const root = join(import.meta.dirname, '..');
  const child = spawn(process.execPath, ['--import', 'tsx', join(root, 'examples/server/server.ts')], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (d: Buffer) => {
      out += d.toString();
      const m = /on (http:\/\/\S+)\/v1/.exec(out);
      if (m !== null) resolve({ url: m[1]!, child });
    });
    child.once('exit', (code) => reject(new Error(`the server exited (${code}) before listening: ${out}`)));
  });
}

function run(url: string, s: Scenario): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: `${url}${s.path}`,
        method: 'POST',
        connections: Math.min(CONNECTIONS, s.amount),
        amount: s.amount,
        timeout: 60,
        headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
        body: JSON.stringify(s.body),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
    // A cap on time as well as on requests.
    const cap = setTimeout(() => instance.stop(), CAP_MS);
    instance.on('done', () => clearTimeout(cap));
  });
}

export async function benchServerLoad(components: number): Promise<LoadRow[]> {
  const rows: LoadRow[] = [];
  const databases: Array<[string, string | undefined]> = [
    // LOAD_PGLITE=0: the PostgreSQL server only.
    ...(process.env.LOAD_PGLITE === '0' ? [] : [['PGlite', undefined] as [string, undefined]]),
    ...(process.env.DATABASE_URL ? [['PostgreSQL', process.env.DATABASE_URL] as [string, string]] : []),
  ];
  for (const [database, url] of databases) {
    const { url: base, child } = await startServer(components, url);
    try {
      // LOAD_SCENARIOS=0,2: only those scenarios (by index).
      const only = process.env.LOAD_SCENARIOS?.split(',').map(Number);
      for (const s of SCENARIOS.filter((_s, i) => only === undefined || only.includes(i))) {
        // A few requests first: plans cached, pages warm.
        await run(base, { ...s, amount: WARM_UP });
        await drain(base);
        const r = await run(base, s);
        await drain(base);
        rows.push({
          database,
          scenario: s.name,
          requests: r.requests.total,
          errors: r.errors + r.non2xx + r.timeouts,
          p50: r.latency.p50,
          p99: r.latency.p99,
          rps: r.requests.average,
        });
        console.log(rows.at(-1));
      }
    } finally {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      if (url !== undefined) {
        // The server keeps its schema across restarts: this run's is dropped here.
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`DROP SCHEMA IF EXISTS svc_load_${process.pid} CASCADE`);
        await client.end();
      }
    }
  }
  return rows;
}

export function serverLoadMarkdown(rows: readonly LoadRow[], components: number): string {
  return `Example server on loopback, ${components.toLocaleString('en-US')} components, ${CONNECTIONS} connections, autocannon (a fixed number of requests per scenario after a warm-up of ${WARM_UP}).\n\n${table(
    ['database', 'scenario', 'requests', 'errors', 'p50 ms', 'p99 ms', 'req/s'],
    rows.map((r) => [
      r.database,
      r.scenario,
      String(r.requests),
      String(r.errors),
      String(r.p50),
      String(r.p99),
      r.rps.toFixed(1),
    ]),
  )}`;
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const components = Number(process.env.LOAD_COMPONENTS ?? 100_000);
  const rows = await benchServerLoad(components);
  writeReadmeSection('server-load', serverLoadMarkdown(rows, components));
}
