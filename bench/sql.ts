/**
 * SQL pushdown: the same filters evaluated in memory (`compileFilter` over an array of records) and
 * pushed down with `toSql` to PGlite and `node:sqlite` (in-process, in-memory databases), as
 * `SELECT count(*) … WHERE <toSql>`, without and then with B-tree indexes on the filtered typed columns.
 * The rows are the seeded inventory's components: typed columns for the top-level fields the filters
 * read, and `details` as a JSON column. Every measurement checks that memory, PGlite and SQLite count the
 * same rows.
 */
import { DatabaseSync } from 'node:sqlite';
import { PGlite } from '@electric-sql/pglite';
import type { Component } from '../fixtures/generator.js';
import { compileFilter } from '../src/index.js';
import { type ToSqlOptions, toSql } from '../src/sql.js';
import { time } from './lib.js';

export const SQL_FILTERS: Record<string, Record<string, unknown>> = {
  'technology $eq': { technology: { $eq: 'postgres' } },
  'region $in (3 values)': { region: { $in: ['eu-west-1', 'eu-west-2', 'eu-central-1'] } },
  'createdAt range (~1%)': {
    createdAt: { $gte: '2024-06-01T00:00:00.000Z', $lt: '2024-06-11T00:00:00.000Z' },
  },
  'uniqueIdentifier $like prefix': { uniqueIdentifier: { $like: 'arn:aws:rds:us-east-1*' } },
  'nested JSON path $lt': {
    'details$.postgres$.lastActiveConnectionTime': { $lt: '2026-03-01T00:00:00.000Z' },
  },
  'array selector': { 'details$.kubernetes$.nodes$.__svcArrayAny__$.version': { $lt: '1.29' } },
  'policy-like $in + $or + $not': {
    technology: { $in: ['postgres', 'mysql'] },
    $or: [{ hasAvailableSvcs: { $eq: true } }, { $not: { version: { $gte: '14' } } }],
    createdAt: { $lt: '2025-01-01T00:00:00.000Z' },
  },
};

const columns = (dialect: 'postgres' | 'sqlite'): ToSqlOptions => ({
  dialect,
  columns: {
    technology: 'text',
    region: 'text',
    version: 'text',
    uniqueIdentifier: { column: 'unique_identifier', type: 'text' },
    createdAt: { column: 'created_at', type: 'timestamp' },
    hasAvailableSvcs: { column: 'has_svcs', type: 'boolean' },
    details: dialect === 'postgres' ? 'jsonb' : 'json',
  },
});

const COLUMNS_DDL =
  'id text, technology text, region text, version text, unique_identifier text, created_at text, has_svcs boolean, details jsonb';

/** A PGlite database with table `comp` (`ddl` its columns) holding `rows`, loaded in batches, analyzed. */
export async function loadPglite<T>(
  ddl: string,
  rows: readonly T[],
  toRow: (r: T) => object,
): Promise<PGlite> {
  const pglite = await PGlite.create();
  await pglite.exec(`CREATE TABLE comp (${ddl})`);
  for (let i = 0; i < rows.length; i += 20_000) {
    const batch = rows.slice(i, i + 20_000).map(toRow);
    await pglite.query('INSERT INTO comp SELECT * FROM jsonb_populate_recordset(NULL::comp, $1::jsonb)', [
      JSON.stringify(batch),
    ]);
  }
  await pglite.exec('ANALYZE comp');
  return pglite;
}

export interface SqlRow {
  readonly filter: string;
  readonly indexed: boolean;
  readonly matched: number;
  /** In memory (only without indexes: an index changes nothing there). */
  readonly memoryMs: number | undefined;
  readonly pgliteMs: number;
  readonly sqliteMs: number;
  readonly sql: {
    postgres: { sql: string; params: readonly unknown[] };
    sqlite: { sql: string; params: readonly unknown[] };
  };
}

/** Loads `rows` into PGlite and SQLite and times every filter in memory and on both engines. */
export async function benchSql(rows: readonly Component[], repeat: number): Promise<SqlRow[]> {
  const pglite = await loadPglite(COLUMNS_DDL, rows, (r) => ({
    id: r.id,
    technology: r.technology,
    region: r.region,
    version: r.version,
    unique_identifier: r.uniqueIdentifier,
    created_at: r.createdAt,
    has_svcs: r.hasAvailableSvcs,
    details: r.details,
  }));

  const sqlite = new DatabaseSync(':memory:');
  sqlite.exec(
    `CREATE TABLE comp (${COLUMNS_DDL.replace('has_svcs boolean', 'has_svcs integer').replace('jsonb', 'text')})`,
  );
  const insert = sqlite.prepare('INSERT INTO comp VALUES (?, ?, ?, ?, ?, ?, ?, ?)');
  sqlite.exec('BEGIN');
  for (const r of rows) {
    insert.run(
      r.id,
      r.technology,
      r.region,
      r.version,
      r.uniqueIdentifier,
      r.createdAt,
      Number(r.hasAvailableSvcs),
      JSON.stringify(r.details),
    );
  }
  sqlite.exec('COMMIT');

  const results: SqlRow[] = [];
  const measure = async (indexed: boolean) => {
    for (const [name, filter] of Object.entries(SQL_FILTERS)) {
      const predicate = compileFilter(filter, { codegen: false });
      const pgSql = toSql(filter, columns('postgres'));
      const liteSql = toSql(filter, columns('sqlite'));
      const counts: number[] = [];
      const memoryMs = indexed
        ? undefined
        : await time(() => {
            let c = 0;
            for (let i = 0; i < rows.length; i++) if (predicate(rows[i])) c++;
            counts.push(c);
          }, repeat);
      const pgliteMs = await time(async () => {
        const res = await pglite.query<{ c: number }>(
          `SELECT count(*)::int AS c FROM comp WHERE ${pgSql.sql}`,
          pgSql.params as unknown[],
        );
        counts.push(res.rows[0]!.c);
      }, repeat);
      const sqliteMs = await time(() => {
        const res = sqlite
          .prepare(`SELECT count(*) AS c FROM comp WHERE ${liteSql.sql}`)
          .get(...(liteSql.params as string[]));
        counts.push(Number((res as { c: number }).c));
      }, repeat);
      if (new Set(counts).size !== 1) throw new Error(`SQL ${name}: engines disagree: ${counts.join(', ')}`);
      results.push({
        filter: name,
        indexed,
        matched: counts[0]!,
        memoryMs,
        pgliteMs,
        sqliteMs,
        sql: { postgres: pgSql, sqlite: liteSql },
      });
      console.log(
        `${indexed ? 'indexed ' : 'no index'}  ${name.padEnd(32)} matched ${String(counts[0]).padStart(8)}  memory ${memoryMs?.toFixed(1) ?? '   -'} ms  PGlite ${pgliteMs.toFixed(1)} ms  SQLite ${sqliteMs.toFixed(1)} ms`,
      );
    }
  };
  await measure(false);
  // Text ranges and LIKE prefixes compare in code point order ("C" on PostgreSQL, BINARY, the default,
  // on SQLite): only an index in that collation can serve them.
  await pglite.exec(`CREATE INDEX ON comp (technology); CREATE INDEX ON comp (region COLLATE "C");
    CREATE INDEX ON comp (created_at COLLATE "C"); CREATE INDEX ON comp (unique_identifier COLLATE "C");
    CREATE INDEX ON comp (version COLLATE "C"); ANALYZE comp`);
  sqlite.exec(`CREATE INDEX i1 ON comp (technology); CREATE INDEX i2 ON comp (region);
    CREATE INDEX i3 ON comp (created_at); CREATE INDEX i4 ON comp (unique_identifier);
    CREATE INDEX i5 ON comp (version); ANALYZE`);
  await measure(true);
  await pglite.close();
  sqlite.close();
  return results;
}
