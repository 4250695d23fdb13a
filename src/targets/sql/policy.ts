import { FilterError, pointer } from '../../errors.js';
import { checkOffset, Params, SqlCompiler } from './compiler.js';
import { dialectFor } from './dialects.js';
import type { SqlFragment, ToSqlOptions } from './types.js';

/** The policy definition shape of the API ("Policy definition"); only what decides a status is read. */
export interface PolicyDefinitionInput {
  readonly statusDefinitions: Readonly<
    Record<
      string,
      {
        readonly isDefault?: boolean;
        readonly criticality: number;
        readonly rules?: readonly {
          readonly conditions: readonly {
            readonly type: 'filter';
            readonly condition: { readonly filter: unknown };
          }[];
        }[];
      }
    >
  >;
  readonly query?: { readonly filter?: unknown };
}

/** A status expression and its parameters. */
export interface PolicySql {
  /** `CASE … END`: the row's status name, or `NULL` when the row is out of the policy's scope. */
  readonly statusExpression: string;
  readonly params: unknown[];
}

interface Status {
  readonly name: string;
  readonly criticality: number;
  readonly index: number;
  readonly isDefault: boolean;
  readonly rules: readonly (readonly { filter: unknown; at: string }[])[];
}

function invalid(at: string, message: string): never {
  throw new FilterError('INVALID_OPTION', at, `invalid policy: ${message} at ${at || 'the root'}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * Minimal structural validation of a policy definition (the policy engine owns the full checks); every
 * failure is a typed error whose path points into the definition.
 */
function readStatuses(policy: unknown): Status[] {
  if (!isObject(policy)) invalid('', 'a policy definition must be an object');
  const defs = policy.statusDefinitions;
  if (!isObject(defs) || Object.keys(defs).length === 0) {
    invalid('/statusDefinitions', '"statusDefinitions" must be a non-empty object');
  }
  const statuses = Object.entries(defs).map(([name, def], index): Status => {
    const at = pointer('/statusDefinitions', name);
    if (!isObject(def)) invalid(at, 'a status definition must be an object');
    if (typeof def.criticality !== 'number' || !Number.isFinite(def.criticality)) {
      invalid(pointer(at, 'criticality'), '"criticality" must be a finite number');
    }
    if (def.isDefault !== undefined && typeof def.isDefault !== 'boolean') {
      invalid(pointer(at, 'isDefault'), '"isDefault" must be a boolean');
    }
    const rules = def.rules ?? [];
    if (!Array.isArray(rules)) invalid(pointer(at, 'rules'), '"rules" must be an array');
    return {
      name,
      index,
      criticality: def.criticality,
      isDefault: def.isDefault === true,
      rules: rules.map((rule: unknown, r) => {
        const ruleAt = pointer(at, 'rules', r);
        if (!isObject(rule) || !Array.isArray(rule.conditions)) {
          invalid(ruleAt, 'a rule must be { conditions: [...] }');
        }
        return rule.conditions.map((condition: unknown, c) => {
          const conditionAt = pointer(ruleAt, 'conditions', c);
          if (!isObject(condition) || condition.type !== 'filter' || !isObject(condition.condition)) {
            invalid(conditionAt, "a condition must be { type: 'filter', condition: { filter } }");
          }
          return { filter: condition.condition.filter, at: pointer(conditionAt, 'condition', 'filter') };
        });
      }),
    };
  });
  const defaults = statuses.filter((s) => s.isDefault);
  if (defaults.length !== 1) {
    invalid(
      '/statusDefinitions',
      `exactly one status must have "isDefault": true (found ${defaults.length})`,
    );
  }
  return statuses;
}

/**
 * Pushes a policy down to SQL: a `CASE` expression that gives each row its status, with the policy
 * engine's rules: out of scope (`query.filter` does not hold) → `NULL`; otherwise the matching status of
 * highest criticality, the first defined among equals (a status matches when one of its rules has all
 * its conditions hold); none → the default status. Status names are parameters too.
 *
 * @example
 * const { statusExpression, params } = policyToSql(policy, { dialect: 'postgres', columns: { technology: 'text' } });
 * await client.query(`SELECT id, ${statusExpression} AS status FROM components`, params);
 */
export function policyToSql(policy: unknown, options: ToSqlOptions): PolicySql {
  const dialect = dialectFor(options.dialect);
  const statuses = readStatuses(policy);
  const compiler = new SqlCompiler(dialect, options);
  const params = new Params((i) => dialect.placeholder(i), checkOffset(options.paramOffset));
  const depth = options.maxDepth === undefined ? {} : { maxDepth: options.maxDepth };
  const filter = (input: unknown, at: string) => compiler.compile(input, params, { ...depth, at });

  const scope = isObject((policy as Record<string, unknown>).query)
    ? ((policy as { query: { filter?: unknown } }).query.filter ?? {})
    : {};
  const inScope = filter(scope, '/query/filter');
  const ordered = [...statuses].sort((a, b) => b.criticality - a.criticality || a.index - b.index);
  const branches: string[] = [`WHEN NOT ${inScope} THEN NULL`];
  for (const status of ordered) {
    if (status.rules.length === 0) continue;
    const any = status.rules.map((rule) =>
      rule.length === 0 ? 'TRUE' : `(${rule.map((c) => filter(c.filter, c.at)).join(' AND ')})`,
    );
    branches.push(`WHEN ${any.join(' OR ')} THEN ${textParam(dialect.name, params.add(status.name))}`);
  }
  const fallback = statuses.find((s) => s.isDefault)!;
  const statusExpression = `(CASE ${branches.join(' ')} ELSE ${textParam(dialect.name, params.add(fallback.name))} END)`;
  return { statusExpression, params: params.values };
}

/** PostgreSQL cannot infer the type of a parameter that is only a `CASE` result. */
function textParam(dialect: string, placeholder: string): string {
  return dialect === 'postgres' ? `${placeholder}::text` : placeholder;
}

/** Options of {@link statusCountSql}. */
export interface StatusCountOptions extends ToSqlOptions {
  /** The table (or `[schema, table]`) holding one row per resource. */
  readonly table: string | readonly [string, string];
}

/**
 * The status-count query of a policy: `SELECT status, count FROM … GROUP BY status`, over the rows in
 * scope (rows out of scope have no status and are not counted), ordered by status name.
 *
 * @example
 * const { sql, params } = statusCountSql(policy, { dialect: 'sqlite', table: 'components', columns });
 * db.prepare(sql).all(...params); // [{ status: 'compliant', count: 10 }, …]
 */
export function statusCountSql(policy: unknown, options: StatusCountOptions): SqlFragment {
  const dialect = dialectFor(options.dialect);
  const { statusExpression, params } = policyToSql(policy, options);
  const names = typeof options.table === 'string' ? [options.table] : options.table;
  if (!Array.isArray(names) || names.length === 0 || names.some((n) => typeof n !== 'string' || n === '')) {
    throw new FilterError('INVALID_OPTION', '', '"table" must be a table name or [schema, table]');
  }
  const table = names.map((n) => dialect.quoteIdentifier(n)).join('.');
  const alias = options.tableAlias === undefined ? '' : ` AS ${dialect.quoteIdentifier(options.tableAlias)}`;
  const sql =
    `SELECT svc_s.status AS status, COUNT(*) AS count FROM (SELECT ${statusExpression} AS status FROM ${table}${alias}) AS svc_s ` +
    'WHERE svc_s.status IS NOT NULL GROUP BY svc_s.status ORDER BY svc_s.status';
  return { sql, params };
}
