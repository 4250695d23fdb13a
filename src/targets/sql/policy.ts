import { isArray, option, ownOptions, stringIncludes } from '../../builtins.js';
import { FilterError, showPointer, showText } from '../../errors.js';
import { passLimits } from '../../limits.js';
import { checkPolicyDefinition } from '../../policy/check.js';
import type { PolicyDefinition, PolicyRequestBody } from '../../policy/definition.js';
import { PolicyError } from '../../policy/errors.js';
import { accepts, type NormalizedWaiver, policyWaivers, readWaivers } from '../../policy/waivers.js';
import { dialectFor } from './dialects.js';
import { and, checkIdentifier, checkOffset, checkParamCount, or, Params, SqlCompiler } from './filter.js';
import { asOfClock } from './instants.js';
import type { SqlDialect, SqlFragment, ToSqlOptions } from './types.js';

/** The policy definition shape of the API; kept as a name for `PolicyDefinition`. */
export type PolicyDefinitionInput<T = unknown> = PolicyDefinition<T>;

/** A status expression and its parameters. */
export interface PolicySql {
  /** `CASE … END`: the row's status name, or `NULL` when the row is out of the policy's scope. */
  readonly statusExpression: string;
  readonly params: unknown[];
  /** Where the asOf is in `params`, when a `$now` reads it (see `SqlFragment.asOfIndex`). */
  readonly asOfIndex?: number;
  /**
   * With the `waivers` option only: the id of the waiver that marks the row (docs/waivers.md), `NULL`
   * when none does. It repeats `statusExpression` (same parameters): select both. Each waiver's
   * expiry is compared with the statement's asOf parameter, so changing that one replays it too.
   */
  readonly waiverExpression?: string;
}

/** Options of {@link policyToSql}. */
export interface PolicySqlOptions extends ToSqlOptions {
  /** Waivers (a waiver file's `{ waivers: [ … ] }` or the list): their values are bound parameters. */
  readonly waivers?: unknown;
}

/**
 * Pushes a policy down to SQL: a `CASE` expression that gives each row its status with the meaning of
 * `compilePolicy`, whose validation it uses (an invalid definition throws the same `PolicyError`; the
 * `{ policy: … }` body of `POST /policy` is accepted too). Out of scope (`query.filter` does not hold)
 * → `NULL`; otherwise the reached status of highest criticality, the first defined among equals (a
 * status is reached when one of its rules has all its conditions hold); none → the default status.
 * Status names are parameters too.
 *
 * @example
 * const { statusExpression, params } = policyToSql(policy, { dialect: 'postgres', columns: { technology: 'text' } });
 * await client.query(`SELECT id, ${statusExpression} AS status FROM components`, params);
 */
export function policyToSql<T>(
  policy: PolicyDefinition<T> | PolicyRequestBody<T>,
  options: PolicySqlOptions,
): PolicySql;
/** Any input, checked at run time only. */
export function policyToSql(policy: unknown, options: PolicySqlOptions): PolicySql;
export function policyToSql(policy: unknown, given: PolicySqlOptions): PolicySql {
  return policyToSqlWith(dialectFor(ownOptions(given).dialect), policy, given);
}

/** `policyToSql` with the hooks given (a dialect's, or a variant of them such as the DuckDB engine's). */
export function policyToSqlWith(
  dialect: SqlDialect<unknown>,
  policy: unknown,
  given: PolicySqlOptions,
): PolicySql {
  const options = ownOptions(given);
  const offset = checkOffset(options.paramOffset);
  const params = new Params((i) => dialect.placeholder(i), offset, asOfClock(options));
  const statusExpression = statusSql(dialect, policy, options, params);
  const waivers = option(options, 'waivers');
  const waiverExpression =
    waivers === undefined
      ? undefined
      : waiverSql(dialect, policy, statusExpression, waivers, options, params);
  checkParamCount(dialect, offset, params.values.length);
  return {
    statusExpression,
    ...params.bound(),
    ...(waiverExpression === undefined ? {} : { waiverExpression }),
  };
}

/**
 * The waiver of a row: a simple `CASE` on its status, each status listing the waivers accepting it in
 * the order memory tries them (the one expiring last first, then the smallest id), each active while
 * the statement's asOf is before its expiry. Out of scope, the status is `NULL`: no branch holds.
 */
function waiverSql(
  dialect: SqlDialect<unknown>,
  policy: unknown,
  status: string,
  given: unknown,
  options: ToSqlOptions,
  params: Params,
): string {
  const limits = passLimits(options);
  const { definition } = checkPolicyDefinition(policy, limits);
  const waivers = readWaivers(given, limits);
  const mine = policyWaivers(waivers, definition!.name, definition!.statuses);
  const compiler = new SqlCompiler(dialect, options);
  const branches: string[] = [];
  const covers = new Map<NormalizedWaiver, string>();
  for (const s of definition!.statuses) {
    const tried = mine.filter((w) => accepts(w, s.name, s.criticality));
    if (tried.length === 0) continue;
    const inner = tried.map((w) => {
      let cover = covers.get(w);
      if (cover === undefined) {
        // Compiled by part, so that errors of the SQL target (an unmapped field) point into the waiver's
        // own `ids` or `filter`.
        cover = and(
          w.coverParts.map((part) => compiler.compile(part.node, params, { ...limits, at: part.at })),
        );
        covers.set(w, cover);
      }
      const active = `${dialect.msParam(params.asOf())} < ${dialect.msParam(params.add(w.expiresMs))}`;
      return `WHEN ${and([active, cover])} THEN ${dialect.textParam(params.add(w.id))}`;
    });
    branches.push(
      `WHEN ${dialect.textParam(params.add(s.name))} THEN (CASE ${inner.join(' ')} ELSE NULL END)`,
    );
  }
  return branches.length === 0
    ? 'CAST(NULL AS TEXT)'
    : `(CASE ${status} ${branches.join(' ')} ELSE NULL END)`;
}

/** The status expression of a policy, its values bound in `params` (with the statement's one asOf). */
function statusSql(
  dialect: SqlDialect<unknown>,
  policy: unknown,
  options: ToSqlOptions,
  params: Params,
): string {
  const compiler = new SqlCompiler(dialect, options);
  const limits = passLimits(options);
  const { problems, definition } = checkPolicyDefinition(policy, limits);
  if (definition === undefined) throw new PolicyError(problems);

  if (!dialect.capabilities.nulInText) {
    for (const status of definition.statuses) {
      if (stringIncludes(status.name, '\u0000')) {
        throw new FilterError(
          'UNSUPPORTED',
          status.path,
          `status name ${JSON.stringify(showText(status.name))} contains U+0000, which ${dialect.name} text cannot hold (at ${showPointer(status.path)})`,
        );
      }
    }
  }
  // Errors of the SQL target (an unmapped field…) point into the definition as given.
  const filter = (node: unknown, at: string) => compiler.compile(node, params, { ...limits, at });
  const inScope = filter(definition.scope, definition.scopePath ?? '');
  const branches: string[] = [`WHEN NOT ${inScope} THEN NULL`];
  // The order `compilePolicy` tries statuses in: highest criticality first, definition order among
  // equals; the first reached wins, which is what `CASE` does with its branches.
  const ranked = definition.statuses
    .filter((s) => s.rules.length > 0)
    .sort((a, b) => b.criticality - a.criticality || a.index - b.index);
  for (const status of ranked) {
    const reached = or(status.rules.map((rule) => and(rule.conditions.map((c) => filter(c.filter, c.path)))));
    branches.push(`WHEN ${reached} THEN ${dialect.textParam(params.add(status.name))}`);
  }
  const fallback = dialect.textParam(params.add(definition.defaultStatus.name));
  return `(CASE ${branches.join(' ')} ELSE ${fallback} END)`;
}

/** Options of {@link statusCountSql}. */
export interface StatusCountOptions extends ToSqlOptions {
  /** The table (or `[schema, table]`) holding one row per resource. */
  readonly table: string | readonly [string, string];
}

/**
 * The status-count query of a policy: `SELECT status, count FROM … GROUP BY status`, over the rows in
 * scope (rows out of scope have no status and are not counted), ordered by status name in code point
 * order (not the database's collation, so every engine lists them alike).
 *
 * @example
 * const { sql, params } = statusCountSql(policy, { dialect: 'sqlite', table: 'components', columns });
 * db.prepare(sql).all(...params); // [{ status: 'compliant', count: 10 }, …]
 */
export function statusCountSql(policy: unknown, given: StatusCountOptions): SqlFragment {
  const options = ownOptions(given);
  const { dialect, from } = tableOf(options);
  const { statusExpression, ...params } = policyToSql(policy, options);
  const sql =
    `SELECT svc_s.status AS status, COUNT(*) AS count FROM (SELECT ${statusExpression} AS status FROM ${from}) AS svc_s ` +
    `WHERE svc_s.status IS NOT NULL GROUP BY svc_s.status ORDER BY ${dialect.collateOrder('svc_s.status')}`;
  return { sql, ...params };
}

/** The dialect and the quoted, allow-listed `FROM` target (`"schema"."table" AS "alias"`) of the options. */
function tableOf(options: StatusCountOptions): { dialect: ReturnType<typeof dialectFor>; from: string } {
  const dialect = dialectFor(options.dialect);
  const names: unknown = typeof options.table === 'string' ? [options.table] : options.table;
  if (!isArray(names) || names.length === 0 || names.length > 2) {
    throw new FilterError('INVALID_OPTION', '', '"table" must be a table name or [schema, table]');
  }
  const table = names
    .map((n: unknown) => dialect.quoteIdentifier(checkIdentifier(dialect, n, '"table"')))
    .join('.');
  const alias = options.tableAlias === undefined ? '' : ` AS ${dialect.quoteIdentifier(options.tableAlias)}`;
  return { dialect, from: `${table}${alias}` };
}

/**
 * The transition matrix of a policy edit from a database, in one query: each row's status under both
 * versions (`policyToSql`'s `CASE` expressions; `NULL` out of scope, and for an inactive version), grouped:
 * rows `{ status_before, status_after, count }`, the biggest cell first. The same matrix as
 * `diffPolicies` in memory, without reading the inventory out of the database.
 *
 * @example
 * const { sql, params } = policyDiffSql(before, after, { dialect: 'postgres', table: 'components', columns });
 * const { rows } = await client.query(sql, params); // [{ status_before: 'ok', status_after: 'eol', count: '12' }, …]
 */
export function policyDiffSql(before: unknown, after: unknown, given: StatusCountOptions): SqlFragment {
  const options = ownOptions(given);
  const { dialect, from } = tableOf(options);
  const offset = checkOffset(options.paramOffset);
  // Both versions in one statement, with one asOf: the same instant before and after the edit.
  const clock = asOfClock(options);
  const params = new Params((i) => dialect.placeholder(i), offset, clock);
  const first = versionSql(before, options, params, clock);
  const second = versionSql(after, options, params, clock);
  checkParamCount(dialect, offset, params.values.length);
  const sql =
    `SELECT svc_d.status_before AS status_before, svc_d.status_after AS status_after, COUNT(*) AS count ` +
    `FROM (SELECT ${first} AS status_before, ${second} AS status_after FROM ${from}) AS svc_d ` +
    'GROUP BY svc_d.status_before, svc_d.status_after ORDER BY COUNT(*) DESC';
  return { sql, ...params.bound() };
}

/**
 * A version's status expression: `policyToSql`'s, or no status at all when the version is inactive
 * (translated all the same, into parameters not sent, so that it fails alike).
 */
function versionSql(policy: unknown, options: ToSqlOptions, params: Params, clock: () => number): string {
  const { definition } = checkPolicyDefinition(policy, passLimits(options));
  const dialect = dialectFor(options.dialect);
  if (definition?.isActive !== false) return statusSql(dialect, policy, options, params);
  statusSql(dialect, policy, options, new Params((i) => dialect.placeholder(i), 0, clock));
  return 'CAST(NULL AS TEXT)';
}
