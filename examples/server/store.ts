/**
 * Where the example server keeps its data: PGlite (PostgreSQL in WebAssembly, in this process) by
 * default, a PostgreSQL server when a URL is given. One table per resource holding each record as a
 * JSON document beside typed `id`, `created_at` and `updated_at` columns (so the page index serves the
 * default order) and an integer `seq` (the integer ids of the legacy representations).
 */
import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { generateCertificates, generateComponents } from '../../fixtures/generator.js';
import { pageIndexSql } from '../../src/sql.js';
import { integrationsOf, upgradePlansOf } from './data.js';
import { COLLECTIONS, columnsOf } from './resources.js';
import { STATUSES_DDL, STATUSES_TABLE, storeStatusesSql, storesStatuses } from './scoped.js';

/** Queries with bound parameters, each statement atomic. */
export interface Queryable {
  query(sql: string, params?: readonly unknown[]): Promise<Record<string, unknown>[]>;
}

/** The database. */
export interface Store extends Queryable {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** How the store is opened and seeded. */
export interface StoreOptions {
  /** A PostgreSQL URL; PGlite in memory when absent. */
  readonly databaseUrl?: string;
  /**
   * On PostgreSQL, the schema holding the tables, kept across restarts (seeded only when empty).
   * Absent: a schema of its own, dropped on close.
   */
  readonly schema?: string;
  /** Connections to the PostgreSQL server. Default 8. */
  readonly connections?: number;
  readonly components: number;
  readonly certificates: number;
  readonly seed: number;
}

const TABLES = [...Object.values(COLLECTIONS).map((c) => c.table), 'sboms', 'waivers'];

async function openDatabase(options: StoreOptions): Promise<Store> {
  if (options.databaseUrl === undefined || options.databaseUrl === '') {
    const db = await PGlite.create();
    return {
      query: async (sql, params = []) => (await db.query<Record<string, unknown>>(sql, [...params])).rows,
      // PGlite runs one transaction at a time; other queries wait for it.
      transaction: (work) =>
        db.transaction((tx) =>
          work({
            query: async (sql, params = []) =>
              (await tx.query<Record<string, unknown>>(sql, [...params])).rows,
          }),
        ),
      close: () => db.close(),
    };
  }
  const temporary = options.schema === undefined;
  const schema = options.schema ?? `svc_example_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (!/^[a-z_][a-z0-9_]{0,62}$/.test(schema)) throw new Error(`not a schema name: ${schema}`);
  const setup = new pg.Client({ connectionString: options.databaseUrl });
  await setup.connect();
  try {
    await setup.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
  } finally {
    await setup.end();
  }
  // A pool, so concurrent requests run concurrently; every connection sees the schema first.
  const pool = new pg.Pool({
    connectionString: options.databaseUrl,
    max: options.connections ?? 8,
    options: `-c search_path=${schema} -c jit=off`,
  });
  return {
    query: async (sql, params = []) => (await pool.query(sql, [...params])).rows,
    transaction: async (work) => {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work({
          query: async (sql, params = []) => (await client.query(sql, [...params])).rows,
        });
        await client.query('COMMIT');
        return result;
      } catch (error) {
        await client.query('ROLLBACK').catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: async () => {
      if (temporary) await pool.query(`DROP SCHEMA ${schema} CASCADE`);
      await pool.end();
    },
  };
}

const POLICY_EXAMPLES = join(import.meta.dirname, '..', '..', 'fixtures', 'policies', 'examples');

/** The example policies of fixtures/policies/examples, as stored records. */
function examplePolicies(): Record<string, unknown>[] {
  return readdirSync(POLICY_EXAMPLES)
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
}

/** Opens the database, creates the tables and their page indexes, and seeds them when empty. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const db = await openDatabase(options);
  try {
    for (const table of TABLES) {
      await db.query(
        `CREATE TABLE IF NOT EXISTS ${table} (seq bigint GENERATED ALWAYS AS IDENTITY, id text PRIMARY KEY, created_at text NOT NULL, updated_at text NOT NULL, doc jsonb NOT NULL)`,
      );
    }
    for (const { description, table } of Object.values(COLLECTIONS)) {
      await db.query(pageIndexSql({ dialect: 'postgres', table, columns: columnsOf(description) }));
    }
    for (const statement of STATUSES_DDL) await db.query(statement);
    const [row] = await db.query('SELECT count(*)::int AS n FROM components');
    if (row?.n === 0) {
      const seed = { seed: options.seed };
      const components = [...generateComponents(options.components, seed)];
      await insertAll(db, 'components', components);
      await insertAll(db, 'certificates', generateCertificates(options.certificates, seed));
      await insertAll(db, 'policies', examplePolicies());
      await insertAll(db, 'integrations', integrationsOf(components));
      await insertAll(db, 'upgrade_plans', upgradePlansOf(components));
    }
    // The stored statuses of the policies that have none yet (seeded, or stored before they were kept).
    const missing = await db.query(
      `SELECT id, doc FROM policies p WHERE NOT EXISTS (SELECT 1 FROM ${STATUSES_TABLE} s WHERE s.policy_id = p.id)`,
    );
    for (const { id, doc } of missing) {
      await db.transaction((tx) => storeStatuses(tx, id as string, doc as Record<string, unknown>));
    }
    // The planner's statistics, so that it reads a policy's statuses through their indexes.
    if (missing.length > 0) await db.query(`ANALYZE ${STATUSES_TABLE}`);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}

/** Inserts records, 500 a statement (each statement atomic). */
export async function insertAll(
  db: Queryable,
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

/**
 * Sets and removes custom tags of one component in one statement: the merge reads the row as it is
 * when the statement holds its lock, so concurrent updates of one component each apply to the result
 * of the one before (none is lost) and a reader sees one or the other, never half. The component as
 * stored afterwards, or undefined when there is none.
 */
export async function updateCustomTags(
  db: Queryable,
  id: string,
  set: Readonly<Record<string, string>>,
  remove: readonly string[],
  at: string,
): Promise<Record<string, unknown> | undefined> {
  const rows = await db.query(
    `UPDATE components SET updated_at = $4,
       doc = jsonb_set(jsonb_set(doc, '{customTags}',
         (COALESCE(CASE WHEN jsonb_typeof(doc->'customTags') = 'object' THEN doc->'customTags' END, '{}'::jsonb) || $2::jsonb) - $3::text[]),
         '{updatedAt}', to_jsonb($4::text))
     WHERE id = $1 RETURNING doc`,
    [id, JSON.stringify(set), remove, at],
  );
  return rows[0]?.doc as Record<string, unknown> | undefined;
}

/**
 * Writes take this lock first (held to the end of their transaction), one after the other: a policy's
 * statuses computed while a component changes would otherwise miss the change.
 */
export async function lockWrites(tx: Queryable): Promise<void> {
  await tx.query('SELECT pg_advisory_xact_lock(4711)');
}

/** Stores the statuses of a component policy that does not read the clock (all components, or one). */
export async function storeStatuses(
  tx: Queryable,
  policyId: string,
  definition: Record<string, unknown>,
  componentId?: string,
): Promise<void> {
  const { id: _i, createdAt: _c, updatedAt: _u, ...policy } = definition;
  if (policy.resource !== undefined && policy.resource !== 'component') return;
  if (!storesStatuses(policy)) return;
  const { sql, params } = storeStatusesSql(policyId, policy, componentId);
  await tx.query(sql, params);
}

/** After a write to a component: the statuses every stored policy gives it, in the same transaction. */
export async function restoreComponentStatuses(tx: Queryable, componentId: string): Promise<void> {
  for (const { id, doc } of await tx.query('SELECT id, doc FROM policies ORDER BY id')) {
    await storeStatuses(tx, id as string, doc as Record<string, unknown>, componentId);
  }
}
