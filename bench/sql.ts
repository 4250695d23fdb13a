/**
 * SQL pushdown benchmark: the same filters evaluated in memory (compileFilter over an array) and pushed
 * down with toSql to PGlite and node:sqlite, over N rows, without and with indexes on the filtered
 * columns. Writes bench/results/sql-<rows>.json (timings and the SQL used).
 *
 *   npx tsx bench/sql.ts                # 100,000 rows
 *   npx tsx bench/sql.ts 100000 1000000 # both sizes
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { PGlite } from '@electric-sql/pglite';
import { compileFilter } from '../src/index.js';
import { type ToSqlOptions, toSql } from '../src/sql.js';
import { machine, median, RESULTS_DIR } from './lib.js';

/** mulberry32: a small seeded PRNG, so every run measures the same rows. */
function prng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TECHNOLOGIES = ['postgres', 'mysql', 'redis', 'kafka', 'eks', 'elasticsearch', 'mongodb', 'rabbitmq'];
const REGIONS = [
  'us-east-1',
  'us-east-2',
  'us-west-1',
  'us-west-2',
  'eu-west-1',
  'eu-west-2',
  'eu-central-1',
  'ap-south-1',
  'ap-northeast-1',
  'sa-east-1',
];
const START = Date.UTC(2023, 0, 1);
const SPAN = 3 * 365 * 24 * 3600 * 1000;

interface Row {
  id: number;
  technology: string;
  region: string;
  version: string;
  createdAt: string;
  hasAvailableSvcs: boolean;
  details: {
    database: { lastActiveConnectionTime: string; engineVersion: number };
    nodes: { name: string; version: string }[];
  };
}

function generate(n: number): Row[] {
  const rnd = prng(42);
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  return Array.from({ length: n }, (_, id) => ({
    id,
    technology: pick(TECHNOLOGIES),
    region: pick(REGIONS),
    version: `${10 + Math.floor(rnd() * 8)}.${Math.floor(rnd() * 10)}`,
    createdAt: new Date(START + Math.floor(rnd() * SPAN)).toISOString(),
    hasAvailableSvcs: rnd() < 0.3,
    details: {
      database: {
        lastActiveConnectionTime: new Date(START + Math.floor(rnd() * SPAN)).toISOString(),
        engineVersion: 10 + Math.floor(rnd() * 8),
      },
      nodes: Array.from({ length: Math.floor(rnd() * 4) }, (_, i) => ({
        name: `node-${i}`,
        version: `1.${22 + Math.floor(rnd() * 8)}`,
      })),
    },
  }));
}

const FILTERS: Record<string, Record<string, unknown>> = {
  'eq on a text column': { technology: { $eq: 'postgres' } },
  'in on a text column': { region: { $in: ['eu-west-1', 'eu-west-2', 'eu-central-1'] } },
  'narrow timestamp range (~1%)': {
    createdAt: { $gte: '2024-06-01T00:00:00.000Z', $lt: '2024-06-12T00:00:00.000Z' },
  },
  'like prefix': { region: { $like: 'ap-*' } },
  'nested JSON path': { 'details$.database$.engineVersion': { $gte: 16 } },
  'array selector': { 'details$.nodes$.__svcArrayAny__$.version': { $lt: '1.23' } },
  'policy-like combination': {
    technology: { $in: ['postgres', 'mysql'] },
    $or: [{ hasAvailableSvcs: { $eq: true } }, { $not: { version: { $gte: '14' } } }],
    'details$.database$.lastActiveConnectionTime': { $lt: '2024-01-01T00:00:00.000Z' },
  },
};

const COLUMNS = (dialect: 'postgres' | 'sqlite'): ToSqlOptions => ({
  dialect,
  columns: {
    id: 'number',
    technology: 'text',
    region: 'text',
    version: 'text',
    createdAt: { column: 'created_at', type: 'timestamp' },
    hasAvailableSvcs: { column: 'has_svcs', type: 'boolean' },
    details: dialect === 'postgres' ? 'jsonb' : 'json',
  },
});

async function time(fn: () => Promise<unknown> | unknown, repeat: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

async function run(n: number): Promise<void> {
  const rows = generate(n);
  const repeat = n >= 1_000_000 ? 3 : 5;
  console.log(`\n${n.toLocaleString('en-US')} rows`);

  const pglite = await PGlite.create();
  await pglite.exec(
    'CREATE TABLE comp (id integer, technology text, region text, version text, created_at text, has_svcs boolean, details jsonb)',
  );
  for (let i = 0; i < rows.length; i += 20_000) {
    const batch = rows.slice(i, i + 20_000).map((r) => ({
      id: r.id,
      technology: r.technology,
      region: r.region,
      version: r.version,
      created_at: r.createdAt,
      has_svcs: r.hasAvailableSvcs,
      details: r.details,
    }));
    await pglite.query('INSERT INTO comp SELECT * FROM jsonb_populate_recordset(NULL::comp, $1::jsonb)', [
      JSON.stringify(batch),
    ]);
  }
  await pglite.exec('ANALYZE comp');

  const sqlite = new DatabaseSync(':memory:');
  sqlite.exec(
    'CREATE TABLE comp (id integer, technology text, region text, version text, created_at text, has_svcs integer, details text)',
  );
  const insert = sqlite.prepare('INSERT INTO comp VALUES (?, ?, ?, ?, ?, ?, ?)');
  sqlite.exec('BEGIN');
  for (const r of rows) {
    insert.run(
      r.id,
      r.technology,
      r.region,
      r.version,
      r.createdAt,
      Number(r.hasAvailableSvcs),
      JSON.stringify(r.details),
    );
  }
  sqlite.exec('COMMIT');

  const results: unknown[] = [];
  const measure = async (indexed: boolean) => {
    for (const [name, filter] of Object.entries(FILTERS)) {
      const predicate = compileFilter(filter);
      const pgSql = toSql(filter, COLUMNS('postgres'));
      const liteSql = toSql(filter, COLUMNS('sqlite'));
      let counts: number[] = [];
      const memoryMs = indexed
        ? undefined
        : await time(() => {
            let c = 0;
            for (const r of rows) if (predicate(r)) c++;
            counts = [c];
          }, repeat);
      const pgliteMs = await time(async () => {
        const res = await pglite.query<{ c: number }>(
          `SELECT count(*)::int AS c FROM comp WHERE ${pgSql.sql}`,
          pgSql.params,
        );
        counts.push(res.rows[0]!.c);
      }, repeat);
      const sqliteMs = await time(() => {
        const res = sqlite
          .prepare(`SELECT count(*) AS c FROM comp WHERE ${liteSql.sql}`)
          .get(...(liteSql.params as string[]));
        counts.push(Number((res as { c: number }).c));
      }, repeat);
      if (new Set(counts).size !== 1) throw new Error(`${name}: engines disagree: ${counts.join(', ')}`);
      const row = {
        filter: name,
        indexed,
        matched: counts[0],
        memoryMs,
        pgliteMs,
        sqliteMs,
        sql: { postgres: pgSql, sqlite: liteSql },
      };
      results.push(row);
      console.log(
        `${indexed ? 'indexed  ' : 'no index '} ${name.padEnd(30)} matched ${String(counts[0]).padStart(8)}  memory ${memoryMs?.toFixed(1) ?? '   -'} ms  pglite ${pgliteMs.toFixed(1)} ms  sqlite ${sqliteMs.toFixed(1)} ms`,
      );
    }
  };
  await measure(false);
  // Indexes on the filtered typed columns; text ranges and LIKE prefixes need the code point collation
  // the generated SQL compares with ("C" on PostgreSQL, BINARY, the default, on SQLite).
  await pglite.exec(`CREATE INDEX ON comp (technology); CREATE INDEX ON comp (region COLLATE "C");
    CREATE INDEX ON comp (created_at COLLATE "C"); CREATE INDEX ON comp (version COLLATE "C"); ANALYZE comp`);
  sqlite.exec(`CREATE INDEX i1 ON comp (technology); CREATE INDEX i2 ON comp (region);
    CREATE INDEX i3 ON comp (created_at); CREATE INDEX i4 ON comp (version); ANALYZE`);
  await measure(true);

  mkdirSync(RESULTS_DIR, { recursive: true });
  const file = join(RESULTS_DIR, `sql-${n}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ date: new Date().toISOString(), machine: machine(), rows: n, repeat, results }, null, 2)}\n`,
  );
  console.log(`wrote ${file}`);
  await pglite.close();
  sqlite.close();
}

const sizes = process.argv
  .slice(2)
  .map(Number)
  .filter((x) => x > 0);
for (const n of sizes.length > 0 ? sizes : [100_000]) await run(n);
