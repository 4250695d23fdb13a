import { availableParallelism } from 'node:os';
import { FilterError, showText } from '../errors.js';
import { filterPaths, policyPaths } from '../inventory/paths.js';
import type { Limits } from '../limits.js';
import { parsePath } from '../parse/path.js';
import { printFilter } from '../parse/print.js';
import {
  type CompiledPolicy,
  DEFAULT_KIND_FIELD,
  InventoryError,
  type InventoryOptions,
  type InventorySummary,
} from '../policy/index.js';
import { skipReason } from '../policy/inventory.js';
import { type NormalizedWaiver, waiversOf } from '../policy/waivers.js';
import { duckdbHoisting } from '../targets/sql/duckdb.js';
import { policyToSqlWith } from '../targets/sql/policy.js';
import { type DuckdbInput, directSource, source } from './duckdb-input.js';
import { jsonPath, keyTwiceSql, readTrie, readType } from './duckdb-reads.js';
import { summarize } from './duckdb-summary.js';

/**
 * The DuckDB engine of inventory files (`engine: 'duckdb'`): the policies pushed down into one DuckDB
 * query over the file, with the semantics of the in-process engine (the `duckdb` SQL dialect) and the
 * same summary. DuckDB reads the file with all its threads; nothing is parsed in JavaScript.
 */

export interface DuckdbFileOptions extends Pick<InventoryOptions, 'resource' | 'signal'> {
  readonly kindField: string | null | undefined;
  /** The limits the policies were compiled under: their SQL is built from their definitions again. */
  readonly limits: Limits;
  readonly threads: number | undefined;
  /** The run's one instant (ms): `$now` in the policies' SQL counts from it. */
  readonly asOf: number;
  readonly input: DuckdbInput;
  readonly gzip: boolean;
  /** The file's size, which bounds an envelope. */
  readonly bytes: number;
  /** The `waivers` option, read; without it, each policy's own (those it was compiled with). */
  readonly waivers?: readonly NormalizedWaiver[];
}

type DuckApi = typeof import('@duckdb/node-api');

/** The optional `@duckdb/node-api`, or the typed error that says how to install it. */
async function loadDuckdb(): Promise<DuckApi> {
  try {
    return await import('@duckdb/node-api');
  } catch (error) {
    throw new FilterError(
      'INVALID_OPTION',
      '',
      `the duckdb engine needs the optional package @duckdb/node-api, which is not installed (${showText(String((error as Error)?.message ?? error)).slice(0, 120)}): npm install @duckdb/node-api`,
    );
  }
}

/** A compiled policy's definition as JSON again (its filters printed), for `policyToSql`. */
function definitionOf(policy: CompiledPolicy): unknown {
  const d = policy.definition;
  return {
    name: d.name,
    isActive: true,
    query: { filter: printFilter(d.scope) },
    statusDefinitions: Object.fromEntries(
      d.statuses.map((s) => [
        s.name,
        {
          isDefault: s.isDefault,
          criticality: s.criticality,
          rules: s.rules.map((r) => ({
            conditions: r.conditions.map((c) => ({
              type: 'filter',
              condition: { filter: printFilter(c.filter) },
            })),
          })),
        },
      ]),
    ),
  };
}

/**
 * Evaluates active policies over the file in DuckDB. Records that are not JSON objects (and text that
 * is not JSON) stop the evaluation with a typed error: DuckDB gives no exact line numbers, so they are
 * never skipped silently (the in-process engine lists them).
 */
export async function evaluateFileWithDuckdb(
  compiled: readonly CompiledPolicy[],
  file: string,
  options: DuckdbFileOptions,
): Promise<InventorySummary> {
  const started = performance.now();
  const duck = await loadDuckdb();
  const skip = compiled.map((p) => skipReason(p, options.resource));
  const active = compiled.filter((_, i) => skip[i] === null);
  // Each active policy's waivers, as in process: the expired ones reported, the others marked in SQL.
  const waivers = active.map((p) => {
    const all = options.waivers ?? p.waivers;
    const mine = waiversOf(all, p.name, p.statuses, options.asOf);
    return { all, mine: [...mine.active, ...mine.expired], expired: mine.expired.map((w) => w.id) };
  });

  // The paths read (the kind's and the waivers' too), each top-level field a JSON column `f<i>`.
  const paths = policyPaths(active);
  for (const w of waivers.flatMap((w) => w.mine)) filterPaths(w.covers, paths);
  const kindKeys =
    options.kindField === null
      ? null
      : parsePath(options.kindField ?? DEFAULT_KIND_FIELD, '').map((step) => {
          if (step.kind !== 'key')
            throw new FilterError('INVALID_OPTION', '', 'kindField cannot contain an array selector');
          return step.key;
        });
  if (kindKeys !== null) paths.push(kindKeys);
  const tries = readTrie(paths);
  const names = [...tries.keys()];
  const column = new Map(names.map((f, i) => [f, `f${i}`]));
  const columns = Object.fromEntries(
    names.map((f) => [f, { column: column.get(f)!, type: 'json' as const }]),
  );

  const params: unknown[] = [file];
  const add = (v: unknown): string => {
    params.push(v);
    return `$${params.length}`;
  };
  // $2: the fields' JSON paths (json_extract with a list parses each record once for all of them),
  // or the read_json columns of the direct read; the other parameters are the same in both.
  add(JSON.stringify(names.map((f) => jsonPath([f]))));
  let kind = 'CAST(NULL AS VARCHAR)';
  if (kindKeys !== null) {
    const root = column.get(kindKeys[0]!)!;
    const at = add(jsonPath(kindKeys.slice(1)));
    const text = `json_extract_string(${root}, ${at})`;
    kind = `(CASE WHEN json_type(${root}, ${at}) = 'VARCHAR' AND ${text} <> '' THEN ${text} END)`;
  }
  if (options.resource !== undefined) kind = `COALESCE(${kind}, ${add(options.resource)})`;

  // Each JSON value the conditions read, computed once per row in the subqueries (svc_h<n>).
  const { dialect, levels } = duckdbHoisting(new Set(names.map((_, i) => `"f${i}"`)));
  const statuses = active.map((p, i) => {
    const { all, mine } = waivers[i]!;
    // The waiver mark computed in DuckDB (its values bound, each expiry compared with the asOf).
    const {
      statusExpression,
      waiverExpression,
      params: values,
    } = policyToSqlWith(dialect, definitionOf(p), {
      dialect: 'duckdb',
      columns,
      limits: options.limits,
      paramOffset: params.length,
      asOf: options.asOf,
      ...(mine.length === 0 ? {} : { waivers: all }),
    });
    params.push(...values);
    const ownKind = p.resource === undefined ? undefined : add(p.resource);
    const kinded = (sql: string) =>
      ownKind === undefined ? sql : `(CASE WHEN svc_kind IS NULL OR svc_kind = ${ownKind} THEN ${sql} END)`;
    const scoped = kinded(statusExpression);
    // The waived results by status: the status of the rows a waiver marks.
    const waived =
      waiverExpression === undefined
        ? ''
        : `, histogram(${scoped}) FILTER (WHERE ${kinded(waiverExpression)} IS NOT NULL) AS w${i}`;
    return `histogram(${scoped}) AS s${i}${waived}`;
  });
  // The rows with a key twice where SQL reads (see `keyTwiceSql`), each query's own checks bound
  // after the parameters both share.
  const twice = (reader: boolean) => {
    const values: string[] = [];
    const bind = (v: string) => {
      values.push(v);
      return `$${params.length + values.length}`;
    };
    const checks = reader
      ? names.map((n, i) => keyTwiceSql(`f${i}`, tries.get(n)!, bind, true))
      : [keyTwiceSql('json', { whole: false, keys: tries, any: undefined }, bind, false)];
    const sql = checks.filter((c) => c !== undefined).join(' OR ');
    return { values, sql: sql === '' ? 'FALSE' : sql };
  };
  const query = (records: string, duplicates: string) => {
    let rows = `SELECT *, ${kind} AS svc_kind FROM (${records})`;
    for (const level of levels) {
      if (level.size > 0)
        rows = `SELECT *${[...level].map(([name, sql]) => `, ${sql} AS ${name}`).join('')} FROM (${rows})`;
    }
    return `SELECT svc_kind, count(*) AS n, count(*) FILTER (WHERE svc_type IS DISTINCT FROM 'OBJECT') AS bad, count(*) FILTER (WHERE ${duplicates}) AS twice${statuses.map((s) => `, ${s}`).join('')} FROM (${rows}) GROUP BY svc_kind`;
  };
  const f = names.map((_, i) => `f${i}`);
  const exactChecks = twice(false);
  // $2 is read even when no field is (a policy of `{}` filters without a kind): a statement binds
  // exactly the parameters it names.
  const exact = query(
    `SELECT json_type(json) AS svc_type, ${exactChecks.sql} AS svc_twice${f.map((c, i) => `, svc_j[${i + 1}] AS ${c}`).join('')} FROM (SELECT json, json_extract(json, CAST($2 AS VARCHAR[])) AS svc_j FROM (${source(options.input, options.gzip, options.bytes)}))`,
    'svc_twice',
  );
  const directChecks = twice(true);
  const readTypes = names.map((n) => readType(tries.get(n)!));
  const direct = directSource(options.input, options.gzip, f, readTypes);
  const threads = String(options.threads ?? availableParallelism());
  const instance = await duck.DuckDBInstance.create(':memory:', { threads });
  const connection = await instance.connect();
  const abort = () => connection.interrupt();
  options.signal?.addEventListener('abort', abort, { once: true });
  let rows: Record<string, unknown>[];
  try {
    // As the dialect's SQL expects of any driver: strings VARCHAR, numbers DOUBLE, booleans BOOLEAN.
    const types = params.map((v) =>
      typeof v === 'number' ? duck.DOUBLE : typeof v === 'boolean' ? duck.BOOLEAN : duck.VARCHAR,
    );
    const run = async (sql: string, values: unknown[], as: import('@duckdb/node-api').DuckDBType[]) => {
      options.signal?.throwIfAborted();
      const result = await connection.runAndReadAll(
        sql,
        values as import('@duckdb/node-api').DuckDBValue[],
        as,
      );
      return result.getRowObjectsJS() as Record<string, unknown>[];
    };
    let fast: Record<string, unknown>[] | undefined;
    if (options.input === 'parquet' && names.length > 0) {
      // The columns read alone, each as the JSON `to_json` of the whole row gives it: the file's own
      // column names, found by exact name (DuckDB binds names ignoring case); $2 is unused there.
      // Anything it cannot do is done the exact way below.
      try {
        const schema = (
          await connection.runAndReadAll('SELECT * FROM read_parquet($1) LIMIT 0', [file])
        ).columnNames();
        const folded = (n: string) => schema.filter((c) => c.toLowerCase() === n.toLowerCase()).length;
        if (names.every((n) => folded(n) <= 1)) {
          const values = names.map((n, i) =>
            schema.includes(n)
              ? `CAST(to_json(svc_p."${n.replace(/"/g, '""')}") AS JSON) AS f${i}`
              : `CAST(NULL AS JSON) AS f${i}`,
          );
          fast = await run(
            query(
              `SELECT 'OBJECT' AS svc_type, ${values.join(', ')}, $2 AS svc_paths FROM read_parquet($1) AS svc_p`,
              // A Parquet value holds no key twice (a STRUCT's names and a MAP's keys are unique).
              'FALSE',
            ),
            params,
            types,
          );
        }
      } catch {
        options.signal?.throwIfAborted();
      }
    }
    if (direct !== undefined && names.length > 0) {
      // DuckDB's reader parses only the fields read, each into a JSON value; a record it does not
      // take (not an object, a key twice, malformed JSON) fails the read, and the exact read
      // below, every record as JSON, then gives the in-process engine's answer or error.
      const struct = Object.fromEntries(names.map((n, i) => [n, readTypes[i]!]));
      try {
        fast = await run(
          query(direct, directChecks.sql),
          [file, duck.structValue(struct), ...params.slice(2), ...directChecks.values],
          [
            duck.VARCHAR,
            duck.STRUCT(Object.fromEntries(names.map((n) => [n, duck.VARCHAR]))),
            ...types.slice(2),
            ...directChecks.values.map(() => duck.VARCHAR),
          ],
        );
      } catch {
        options.signal?.throwIfAborted();
      }
    }
    rows =
      fast ??
      (await run(
        exact,
        [...params, ...exactChecks.values],
        [...types, ...exactChecks.values.map(() => duck.VARCHAR)],
      ));
  } catch (error) {
    options.signal?.throwIfAborted();
    // What DuckDB says of the input (malformed JSON, a corrupt file); anything else is thrown as it is.
    const message = String((error as Error)?.message ?? error);
    if (!/^(Invalid Input|IO|Conversion) Error/.test(message)) throw error;
    throw new InventoryError(
      'MALFORMED_INPUT',
      `the duckdb engine could not read ${JSON.stringify(showText(file))}: ${showText(message.split('\n')[0]!)} (the in-process engine, --engine memory, reads what it can and lists each malformed line)`,
    );
  } finally {
    options.signal?.removeEventListener('abort', abort);
    connection.closeSync();
    instance.closeSync();
  }
  return summarize(
    compiled,
    skip,
    active,
    waivers.map((w) => w.expired),
    rows,
    options,
    started,
  );
}
