/**
 * Components under a policy: each component's status pushed down to SQL with `policyToSql`, and the
 * fields the status decides (`isCompliant`, `urgency`, `priority`, `dueDate`) computed beside it, in
 * a common table expression that the page query of `POST /policy/{policyId}/component/query` reads
 * like a table. Filters, sorts and keyset pages over statuses therefore run in the database.
 * {@link policyComponentOf} computes the same record in memory from the status the in-memory policy
 * engine gives (the test compares the two).
 */
import { RESOURCES } from '../../src/index.js';
import { policyToSql } from '../../src/sql.js';
import { columnsOf } from './resources.js';

/** What the derived fields need from a policy: its statuses. */
export interface StatusTable {
  readonly defaultStatus: string;
  /** Criticality and priority (1 the most critical) of each status. */
  readonly statuses: ReadonlyMap<string, { readonly criticality: number; readonly priority: number }>;
}

/** The statuses of a valid policy definition. */
export function statusTableOf(definition: Record<string, unknown>): StatusTable {
  const defs = definition.statusDefinitions as Record<string, { isDefault?: boolean; criticality?: number }>;
  const entries = Object.entries(defs);
  const criticalities = [...new Set(entries.map(([, d]) => d.criticality ?? 0))].sort((a, b) => b - a);
  const statuses = new Map(
    entries.map(([name, d]) => {
      const criticality = d.criticality ?? 0;
      return [name, { criticality, priority: criticalities.indexOf(criticality) + 1 }] as const;
    }),
  );
  const defaultStatus = entries.find(([, d]) => d.isDefault === true)?.[0] ?? '';
  return { defaultStatus, statuses };
}

const DAY_MS = 86_400_000;

/** The policy-scoped record of a component with status `status` (the in-memory side). */
export function policyComponentOf(
  component: Record<string, unknown>,
  status: string,
  table: StatusTable,
  remediationDays: number,
): Record<string, unknown> {
  const tags = component.tags as Record<string, unknown> | undefined;
  const compliant = status === table.defaultStatus;
  const info = table.statuses.get(status);
  return {
    id: component.id,
    componentId: component.id,
    integrationId: component.integrationId ?? null,
    name: tags?.Name ?? null,
    uniqueIdentifier: component.uniqueIdentifier ?? null,
    region: component.region ?? null,
    technology: component.technology ?? null,
    type: component.type ?? null,
    currentVersion: component.version ?? null,
    tags: tags ?? null,
    status,
    isCompliant: compliant,
    urgency: info?.criticality ?? null,
    priority: info?.priority ?? null,
    dueDate: compliant
      ? null
      : new Date(Date.parse(component.updatedAt as string) + remediationDays * DAY_MS).toISOString(),
    createdAt: component.createdAt,
    updatedAt: component.updatedAt,
  };
}

/** The name the page query reads the policy's components from. */
export const POLICY_COMPONENTS_TABLE = 'policy_components';

/**
 * `WITH policy_components AS (…)` for one policy, and its parameters (the page query's parameters
 * follow them: pass `paramOffset: params.length`). Throws the library's `PolicyError` or
 * `FilterError` when the policy cannot be pushed down.
 */
export function policyComponentsSql(
  definition: Record<string, unknown>,
  remediationDays: number,
  asOf: number,
): { sql: string; params: unknown[] } {
  // The request's instant: a `$now` of the policy counts from it.
  const { statusExpression, params } = policyToSql(definition, {
    dialect: 'postgres',
    columns: columnsOf(RESOURCES.component),
    tableAlias: 'c',
    asOf,
  });
  const p = (value: unknown): string => {
    params.push(value);
    return `$${params.length}`;
  };
  const table = statusTableOf(definition);
  const byStatus = (pick: (s: { criticality: number; priority: number }) => number, type: string) =>
    `CASE s.status ${[...table.statuses]
      .map(([name, s]) => `WHEN ${p(name)}::text THEN ${p(pick(s))}::${type}`)
      .join(' ')} END`;
  const compliant = `(s.status = ${p(table.defaultStatus)}::text)`;
  const due = `to_char((s.updated_at::timestamptz + make_interval(days => ${p(remediationDays)}::int)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
  const field = (name: string) => `COALESCE(s.doc->'${name}', 'null'::jsonb)`;
  // MATERIALIZED: the status is computed once per row and request; inlined, each reference to it
  // (and to the document built from it) would evaluate the policy again.
  const sql = `WITH policy_status AS MATERIALIZED (SELECT c.id, c.created_at, c.updated_at, c.doc, ${statusExpression} AS status FROM components c),
  ${POLICY_COMPONENTS_TABLE} AS MATERIALIZED (SELECT s.id, s.created_at, s.updated_at, jsonb_build_object(
    'id', to_jsonb(s.id), 'componentId', to_jsonb(s.id), 'integrationId', ${field('integrationId')},
    'name', COALESCE(s.doc->'tags'->'Name', 'null'::jsonb), 'uniqueIdentifier', ${field('uniqueIdentifier')},
    'region', ${field('region')}, 'technology', ${field('technology')}, 'type', ${field('type')},
    'currentVersion', ${field('version')}, 'tags', ${field('tags')}, 'status', to_jsonb(s.status),
    'isCompliant', to_jsonb(${compliant}), 'urgency', to_jsonb(${byStatus((s) => s.criticality, 'double precision')}),
    'priority', to_jsonb(${byStatus((s) => s.priority, 'int')}),
    'dueDate', CASE WHEN ${compliant} THEN 'null'::jsonb ELSE to_jsonb(${due}) END,
    'createdAt', to_jsonb(s.created_at), 'updatedAt', to_jsonb(s.updated_at)) AS doc
  FROM policy_status s
  WHERE s.status IS NOT NULL) `;
  return { sql, params };
}
