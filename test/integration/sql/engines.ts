import { DatabaseSync } from 'node:sqlite';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { ColumnDefinition, DialectName } from '../../../src/sql.js';

type DuckDBValue = import('@duckdb/node-api').DuckDBValue;

/**
 * Real database engines for the SQL suites: node:sqlite and PGlite always, a PostgreSQL server when
 * DATABASE_URL is set (.ci/run starts one). No mocks: every translation is run by the engine itself.
 */
export interface Engine {
  readonly name: string;
  readonly dialect: DialectName;
  /** Runs statements that return nothing. */
  exec(sql: string): Promise<void>;
  /** Runs a query with parameters and returns its rows. */
  query(sql: string, params: readonly unknown[]): Promise<Record<string, unknown>[]>;
  close(): Promise<void>;
}

function sqliteEngine(): Engine {
  const db = new DatabaseSync(':memory:');
  return {
    name: 'sqlite',
    dialect: 'sqlite',
    exec: async (sql) => {
      db.exec(sql);
    },
    query: async (sql, params) =>
      db.prepare(sql).all(...(params as (string | number | null)[])) as Record<string, unknown>[],
    close: async () => db.close(),
  };
}

async function pgliteEngine(): Promise<Engine> {
  const db = await PGlite.create();
  return {
    name: 'pglite',
    dialect: 'postgres',
    exec: async (sql) => {
      await db.exec(sql);
    },
    query: async (sql, params) => (await db.query<Record<string, unknown>>(sql, [...params])).rows,
    close: () => db.close(),
  };
}

async function serverEngine(url: string): Promise<Engine> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  // Each suite gets its own schema, so parallel test files cannot see each other's tables.
  const schema = `svc_test_${process.pid}_${Math.floor(Math.random() * 1e9)}`;
  // JIT compilation (on by default) costs hundreds of milliseconds on the small, expensive-looking
  // queries of the suites (CASE over EXISTS subqueries) and changes no answer.
  await client.query(`CREATE SCHEMA ${schema}; SET search_path TO ${schema}; SET jit = off`);
  return {
    name: 'postgresql-server',
    dialect: 'postgres',
    exec: async (sql) => {
      await client.query(sql);
    },
    query: async (sql, params) => (await client.query(sql, [...params])).rows,
    close: async () => {
      await client.query(`DROP SCHEMA ${schema} CASCADE`);
      await client.end();
    },
  };
}

/**
 * DuckDB in memory, through the optional `@duckdb/node-api` (installed by `npm ci`): strings bound as
 * VARCHAR, numbers as DOUBLE, booleans as BOOLEAN, as the dialect's SQL expects of any driver.
 */
async function duckdbEngine(): Promise<Engine> {
  const duck = await import('@duckdb/node-api');
  const instance = await duck.DuckDBInstance.create(':memory:', { threads: '1' });
  const connection = await instance.connect();
  const typeOf = (v: unknown) =>
    typeof v === 'number'
      ? duck.DOUBLE
      : typeof v === 'boolean'
        ? duck.BOOLEAN
        : typeof v === 'string'
          ? duck.VARCHAR
          : duck.SQLNULL;
  const plain = (v: unknown): unknown => (typeof v === 'bigint' ? Number(v) : v);
  return {
    name: 'duckdb',
    dialect: 'duckdb',
    exec: async (sql) => {
      await connection.run(sql);
    },
    query: async (sql, params) => {
      const values = params.map((v) => (v === undefined ? null : v)) as DuckDBValue[];
      const reader = await connection.runAndReadAll(sql, values, params.map(typeOf));
      return reader
        .getRowObjectsJS()
        .map((row) => Object.fromEntries(Object.entries(row).map(([k, v]) => [k, plain(v)])));
    },
    close: async () => {
      connection.closeSync();
      instance.closeSync();
    },
  };
}

/** The engines of this run: the server only when DATABASE_URL is set (CI sets it). */
export const ENGINE_NAMES: readonly string[] = [
  'sqlite',
  'pglite',
  ...(process.env.DATABASE_URL ? ['postgresql-server'] : []),
];

/**
 * With DuckDB, for the suites that run it (conformance, the differential properties, policies, page
 * walks). `@duckdb/node-api` is an optional dependency that `npm ci` installs: a missing one fails.
 */
export const ENGINE_NAMES_WITH_DUCKDB: readonly string[] = [...ENGINE_NAMES, 'duckdb'];

export async function openEngine(name: string): Promise<Engine> {
  if (name === 'sqlite') return sqliteEngine();
  if (name === 'pglite') return pgliteEngine();
  if (name === 'duckdb') return duckdbEngine();
  return serverEngine(process.env.DATABASE_URL!);
}

// ---------------------------------------------------------------------------------------------------
// The test table: one row per record. `doc` holds the whole record as JSON; every top-level key `k` has
// a JSON column `k` holding its value and typed columns `k:text`, `k:number`, `k:boolean` (and
// `k:timestamptz` on PostgreSQL and DuckDB) filled when the value has that type. A mapping then points each field at
// the document, its own JSON column, or a typed column, so the same filter runs through every path.
// ---------------------------------------------------------------------------------------------------

export type Layout = 'document' | 'json' | 'typed';
export const LAYOUTS: readonly Layout[] = ['document', 'json', 'typed'];

type Typed = 'text' | 'number' | 'boolean' | 'timestamptz';

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

function typedKinds(dialect: DialectName): Typed[] {
  return dialect === 'postgres' || dialect === 'duckdb'
    ? ['timestamptz', 'text', 'number', 'boolean']
    : ['text', 'number', 'boolean'];
}

function fits(kind: Typed, v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (kind === 'timestamptz') {
    // `Date.parse` first: a shape such as hour 24 names no instant, and its Date has no ISO string.
    if (typeof v !== 'string' || !ISO.test(v) || v.startsWith('0000')) return false;
    const ms = Date.parse(v);
    return !Number.isNaN(ms) && new Date(ms).toISOString() === v;
  }
  if (kind === 'text') return typeof v === 'string';
  return typeof v === kind;
}

function sqlType(dialect: DialectName, kind: Typed | 'json'): string {
  const pgTypes = {
    json: 'jsonb',
    text: 'text',
    number: 'double precision',
    boolean: 'boolean',
    timestamptz: 'timestamptz',
  };
  const liteTypes = { json: 'TEXT', text: 'TEXT', number: 'REAL', boolean: 'INTEGER', timestamptz: 'TEXT' };
  const duckTypes = {
    json: 'JSON',
    text: 'VARCHAR',
    number: 'DOUBLE',
    boolean: 'BOOLEAN',
    timestamptz: 'TIMESTAMPTZ',
  };
  return (dialect === 'postgres' ? pgTypes : dialect === 'duckdb' ? duckTypes : liteTypes)[kind];
}

const q = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export function isObjectRecord(r: unknown): r is Record<string, unknown> {
  return typeof r === 'object' && r !== null && !Array.isArray(r);
}

/** True when a value contains U+0000 anywhere (string or key): PostgreSQL cannot store it. */
export function hasNul(value: unknown): boolean {
  return JSON.stringify(value).includes('\\u0000');
}

export class TestTable {
  constructor(
    readonly engine: Engine,
    readonly keys: readonly string[],
    readonly table = 'svc_records',
  ) {}

  async create(): Promise<void> {
    const d = this.engine.dialect;
    // On PostgreSQL the document is a `json` column and the per-key columns `jsonb`: both families run;
    // on DuckDB the document is JSON text in a VARCHAR column and the per-key columns `JSON`.
    const doc = d === 'postgres' ? 'json' : d === 'duckdb' ? 'VARCHAR' : sqlType(d, 'json');
    const cols = [`id integer PRIMARY KEY`, `doc ${doc}`];
    for (const k of this.keys) {
      cols.push(`${q(k)} ${sqlType(d, 'json')}`);
      for (const kind of typedKinds(d)) cols.push(`${q(`${k}:${kind}`)} ${sqlType(d, kind)}`);
    }
    await this.engine.exec(
      `DROP TABLE IF EXISTS ${q(this.table)}; CREATE TABLE ${q(this.table)} (${cols.join(', ')})`,
    );
  }

  async clear(): Promise<void> {
    await this.engine.exec(`DELETE FROM ${q(this.table)}`);
  }

  /** Inserts records (objects) with ids 0, 1, …, in one statement. */
  async insert(records: readonly Record<string, unknown>[]): Promise<void> {
    if (records.length === 0) return;
    const d = this.engine.dialect;
    const names = ['id', 'doc'];
    for (const k of this.keys) names.push(k, ...typedKinds(d).map((kind) => `${k}:${kind}`));
    const params: unknown[] = [];
    const rows = records.map((record, id) => {
      const values: unknown[] = [id, JSON.stringify(record)];
      for (const k of this.keys) {
        const v = Object.hasOwn(record, k) ? record[k] : undefined;
        values.push(v === undefined ? null : JSON.stringify(v));
        for (const kind of typedKinds(d)) {
          const typed = v !== null && v !== undefined && fits(kind, v) ? v : null;
          values.push(typeof typed === 'boolean' && d === 'sqlite' ? Number(typed) : typed);
        }
      }
      return `(${values.map((v) => {
        params.push(v);
        return d === 'sqlite' ? `?${params.length}` : `$${params.length}`;
      })})`;
    });
    await this.engine.query(
      `INSERT INTO ${q(this.table)} (${names.map(q).join(', ')}) VALUES ${rows.join(', ')}`,
      params,
    );
  }

  /** Ids of the rows the WHERE clause selects, ascending. */
  async select(where: string, params: readonly unknown[]): Promise<number[]> {
    const rows = await this.engine.query(
      `SELECT id FROM ${q(this.table)} WHERE ${where} ORDER BY id`,
      params,
    );
    return rows.map((r) => Number(r.id));
  }

  /**
   * The column mappings to try for a layout. `typed` maps a field to a typed column when every record's
   * value there fits it and the filter reads the field only at the top level; otherwise to its JSON column.
   * Several candidates are returned when more than one typed column fits (timestamptz, then text).
   */
  mappings(
    layout: Layout,
    records: readonly Record<string, unknown>[],
    nestedFields: ReadonlySet<string>,
  ): Record<string, ColumnDefinition>[] {
    const base: Record<string, ColumnDefinition> = {};
    for (const k of this.keys) {
      base[k] =
        layout === 'document'
          ? { column: 'doc', type: 'json', path: [k] }
          : { column: k, type: this.engine.dialect === 'postgres' ? 'jsonb' : 'json' };
    }
    if (layout !== 'typed') return [base];
    const typed: Record<string, ColumnDefinition> = { ...base };
    const fallback: Record<string, ColumnDefinition> = { ...base };
    for (const k of this.keys) {
      if (nestedFields.has(k)) continue;
      const kinds = typedKinds(this.engine.dialect).filter((kind) => records.every((r) => fits(kind, r[k])));
      const [first, second] = kinds;
      if (first !== undefined) typed[k] = { column: `${k}:${first}`, type: first };
      if (second !== undefined) fallback[k] = { column: `${k}:${second}`, type: second };
      else if (first !== undefined) fallback[k] = typed[k]!;
    }
    return [typed, fallback];
  }
}
