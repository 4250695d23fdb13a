/**
 * Components under a policy: each component's status pushed down to SQL with `policyToSql`, and the
 * fields the status decides (`isCompliant`, `urgency`, `priority`, `dueDate`) computed beside it, in
 * a common table expression that the page query of `POST /policy/{policyId}/component/query` reads
 * like a table. Filters, sorts and keyset pages over statuses therefore run in the database.
 * {@link policyComponentOf} computes the same record in memory from the status the in-memory policy
 * engine gives (the test compares the two).
 */
import { checkWaivers, RESOURCES, type SortKey, type WaiverMark } from '../../src/index.js';
import { type ColumnMapping, pageIndexSql, policyToSql } from '../../src/sql.js';
import { columnsOf } from './resources.js';
import { type VersionTargets, versionTargetsOf } from './targets.js';

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
  versions: VersionTargets,
  waiver: WaiverMark | null = null,
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
    ...versions,
    tags: tags ?? null,
    status,
    isCompliant: compliant,
    urgency: info?.criticality ?? null,
    priority: info?.priority ?? null,
    dueDate: compliant
      ? null
      : new Date(Date.parse(component.updatedAt as string) + remediationDays * DAY_MS).toISOString(),
    waivedBy: waiver?.id ?? null,
    waiverExpires: waiver?.expires ?? null,
    createdAt: component.createdAt,
    updatedAt: component.updatedAt,
  };
}

/** The name the page query reads the policy's components from. */
export const POLICY_COMPONENTS_TABLE = 'policy_components';

/** The table of stored statuses: one row per (policy, component), NULL status out of scope. */
export const STATUSES_TABLE = 'policy_statuses';

/**
 * How the page query reads a policy-scoped component: the status and the fields it decides from typed
 * columns (so an index can serve an order over them), the component's own fields from JSON columns
 * that hold `null` where the component has no value (as {@link policyComponentOf} does).
 */
export const POLICY_COMPONENT_COLUMNS: Readonly<Record<string, ColumnMapping>> = {
  id: { column: 'id', type: 'text' },
  componentId: { column: 'id', type: 'text' },
  integrationId: { column: 'integration_id', type: 'jsonb' },
  name: { column: 'name', type: 'jsonb' },
  uniqueIdentifier: { column: 'unique_identifier', type: 'jsonb' },
  region: { column: 'region', type: 'jsonb' },
  technology: { column: 'technology', type: 'jsonb' },
  type: { column: 'type', type: 'jsonb' },
  currentVersion: { column: 'current_version', type: 'jsonb' },
  // Computed in memory from the component (targets.ts): the page reads the component's document in
  // their place, and {@link withVersionTargets} puts the versions there.
  requiredVersion: { column: 'component', type: 'jsonb' },
  recommendedVersion: { column: 'component', type: 'jsonb' },
  tags: { column: 'tags', type: 'jsonb' },
  status: { column: 'status', type: 'text' },
  isCompliant: { column: 'is_compliant', type: 'boolean' },
  urgency: { column: 'urgency', type: 'number' },
  priority: { column: 'priority', type: 'number' },
  dueDate: { column: 'due_date', type: 'timestamp' },
  waivedBy: { column: 'waived_by', type: 'text' },
  waiverExpires: { column: 'waiver_expires', type: 'timestamp' },
  createdAt: { column: 'created_at', type: 'timestamp' },
  updatedAt: { column: 'updated_at', type: 'timestamp' },
};

/**
 * The statements that create the stored statuses' table and the indexes the pages over statuses
 * scan: the default order and `urgency` (most urgent first), each after the policy.
 */
export const STATUSES_DDL: readonly string[] = [
  `CREATE TABLE IF NOT EXISTS ${STATUSES_TABLE} (policy_id text COLLATE "C" NOT NULL, id text NOT NULL, created_at text NOT NULL, status text, is_compliant boolean, urgency double precision, priority double precision, PRIMARY KEY (policy_id, id))`,
  ...[
    ['page', ['createdAt', 'id']],
    ['urgency', [{ field: 'urgency', direction: 'desc' }, 'createdAt', 'id']],
  ].map(([name, keys]) =>
    // The library's statement, so the index holds the very expressions the page queries order by.
    pageIndexSql({
      dialect: 'postgres',
      table: STATUSES_TABLE,
      name: `${STATUSES_TABLE}_${name as string}`,
      columns: { ...POLICY_COMPONENT_COLUMNS, policyId: { column: 'policy_id', type: 'text' } },
      fields: ['policyId', ...(keys as (string | SortKey)[])],
    }),
  ),
];

/** Binds parameters after those already in `params`. */
function binder(params: unknown[]): (value: unknown) => string {
  return (value) => {
    params.push(value);
    return `$${params.length}`;
  };
}

/** The status of each row of `components c` under the policy, and whether it reads the clock. */
function statusOf(
  definition: Record<string, unknown>,
  asOf: number,
  params: unknown[],
  waivers?: readonly Record<string, unknown>[],
): { sql: string; readsClock: boolean; waiver?: string } {
  const {
    statusExpression,
    params: own,
    asOfIndex,
    waiverExpression,
  } = policyToSql(definition, {
    dialect: 'postgres',
    columns: columnsOf(RESOURCES.component),
    tableAlias: 'c',
    paramOffset: params.length,
    asOf,
    ...(waivers === undefined ? {} : { waivers }),
  });
  params.push(...own);
  return {
    sql: statusExpression,
    readsClock: asOfIndex !== undefined,
    ...(waiverExpression === undefined ? {} : { waiver: waiverExpression }),
  };
}

/**
 * Whether the policy's statuses can be stored: a policy that reads the clock (`$now`) gives each
 * component a status that changes with time alone, so its statuses are computed at each request.
 */
export function storesStatuses(definition: Record<string, unknown>): boolean {
  return !statusOf(definition, 0, []).readsClock;
}

/** `is_compliant, urgency, priority` computed from a status expression. */
function decidedSql(status: string, table: StatusTable, p: (value: unknown) => string): string {
  const byStatus = (pick: (s: { criticality: number; priority: number }) => number) =>
    `CASE ${status} ${[...table.statuses]
      .map(([name, s]) => `WHEN ${p(name)}::text THEN ${p(pick(s))}::double precision`)
      .join(' ')} END`;
  return `(${status} = ${p(table.defaultStatus)}::text) AS is_compliant, ${byStatus((s) => s.criticality)} AS urgency, ${byStatus((s) => s.priority)} AS priority`;
}

/**
 * One statement that stores the statuses of a policy for every component, or for the component
 * `componentId` only (after a write to it): each row inserted or replaced, a component out of the
 * policy's scope stored with a NULL status. Only for a policy {@link storesStatuses} accepts.
 */
export function storeStatusesSql(
  policyId: string,
  definition: Record<string, unknown>,
  componentId?: string,
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = binder(params);
  const status = statusOf(definition, 0, params).sql;
  const decided = decidedSql('x.status', statusTableOf(definition), p);
  const where = componentId === undefined ? '' : ` WHERE c.id = ${p(componentId)}`;
  const sql = `INSERT INTO ${STATUSES_TABLE} (policy_id, id, created_at, status, is_compliant, urgency, priority)
  SELECT ${p(policyId)}::text, c.id, c.created_at, x.status, ${decided}
  FROM components c CROSS JOIN LATERAL (SELECT ${status} AS status) x${where}
  ON CONFLICT (policy_id, id) DO UPDATE SET created_at = EXCLUDED.created_at, status = EXCLUDED.status,
    is_compliant = EXCLUDED.is_compliant, urgency = EXCLUDED.urgency, priority = EXCLUDED.priority`;
  return { sql, params };
}

/**
 * `WITH policy_components AS (…)` for one policy, and its parameters (the page query's parameters
 * follow them: pass `paramOffset: params.length`). A policy whose statuses are stored reads them
 * (`policyId`), its pages over the default order or `urgency` served by an index; a policy that reads
 * the clock computes them at `asOf`. The waiver mark (`waived_by`, `waiver_expires`) is computed at
 * `asOf` in either case, from `waivers` (the stored waivers naming the policy): expiry depends on the
 * instant, so it is never stored. Throws the library's `PolicyError` or `FilterError` when the policy
 * or a waiver cannot be pushed down.
 */
export function policyComponentsSql(
  policyId: string,
  definition: Record<string, unknown>,
  remediationDays: number,
  asOf: number,
  stored = storesStatuses(definition),
  waivers: readonly Record<string, unknown>[] = [],
): { sql: string; params: unknown[] } {
  const params: unknown[] = [];
  const p = binder(params);
  const given = waivers.length === 0 ? undefined : waivers;
  // The expiry of the waiver that marks a row, from its id: the waiver's instant in UTC to the
  // millisecond (what the in-memory mark gives).
  const marks = given === undefined ? [] : (checkWaivers(given).waivers ?? []);
  const expiresSql =
    marks.length === 0
      ? 'NULL::text'
      : `CASE w.waived_by ${marks
          .map((w) => `WHEN ${p(w.id)}::text THEN ${p(new Date(w.expiresMs).toISOString())}::text`)
          .join(' ')} END`;
  if (!stored) {
    const live = statusOf(definition, asOf, params, given);
    // MATERIALIZED: the policy runs once per component and request (inlined, each reference to the
    // status would run it again); only the status and the waiver are kept, the rest read from the table.
    const decided = decidedSql('x.status', statusTableOf(definition), p);
    const statuses = `(SELECT x.id, x.created_at, x.status, x.waived_by, ${decided} FROM policy_status x) s`;
    const prefix = `WITH policy_status AS MATERIALIZED (SELECT c.id, c.created_at, ${live.sql} AS status, ${live.waiver ?? 'NULL::text'} AS waived_by FROM components c),\n  `;
    return finish(prefix, statuses, 's.waived_by');
  }
  // The stored status is read; the waiver expression (which repeats the policy) runs only for a
  // policy that has waivers.
  const waiver =
    given === undefined ? 'NULL::text' : (statusOf(definition, asOf, params, given).waiver ?? 'NULL::text');
  const statuses = `(SELECT * FROM ${STATUSES_TABLE} WHERE policy_id = ${p(policyId)}::text) s`;
  return finish('WITH ', statuses, waiver);

  function finish(prefix: string, from: string, waived: string): { sql: string; params: unknown[] } {
    const due = `to_char((c.updated_at::timestamptz + make_interval(days => ${p(remediationDays)}::int)) AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    const field = (name: string) => `COALESCE(c.doc->'${name}', 'null'::jsonb)`;
    const sql = `${prefix}${POLICY_COMPONENTS_TABLE} AS (SELECT s.id, s.created_at, c.updated_at,
    s.status, s.is_compliant, s.urgency, s.priority, CASE WHEN s.is_compliant THEN NULL ELSE ${due} END AS due_date,
    ${field('integrationId')} AS integration_id, COALESCE(c.doc->'tags'->'Name', 'null'::jsonb) AS name,
    ${field('uniqueIdentifier')} AS unique_identifier, ${field('region')} AS region,
    ${field('technology')} AS technology, ${field('type')} AS type, ${field('version')} AS current_version,
    ${field('tags')} AS tags, c.doc AS component, w.waived_by, ${expiresSql} AS waiver_expires
  FROM ${from} JOIN components c ON c.id = s.id CROSS JOIN LATERAL (SELECT ${waived} AS waived_by) w
  WHERE s.status IS NOT NULL) `;
    return { sql, params };
  }
}

/**
 * The items of a page with `requiredVersion` and `recommendedVersion` computed from the component's
 * document the page query read in their place (only where the request selected them).
 */
export function withVersionTargets(
  definition: Record<string, unknown>,
  asOf: number,
  compiled?: (component: Record<string, unknown>) => VersionTargets,
): (items: readonly Record<string, unknown>[]) => Record<string, unknown>[] {
  const targets = compiled ?? versionTargetsOf(definition, statusTableOf(definition), asOf);
  return (items) =>
    items.map((item) => {
      const component = (item.requiredVersion ?? item.recommendedVersion) as
        | Record<string, unknown>
        | undefined;
      if (component === undefined) return item;
      const versions = targets(component);
      const out = { ...item };
      if ('requiredVersion' in item) out.requiredVersion = versions.requiredVersion;
      if ('recommendedVersion' in item) out.recommendedVersion = versions.recommendedVersion;
      return out;
    });
}

/** What a request over a stored policy reuses: whether its statuses are stored, and its version targets. */
export interface ScopedPolicy {
  readonly stored: boolean;
  /** For a stored policy (no clock read): the same at every instant, compiled once. */
  readonly targets?: (component: Record<string, unknown>) => VersionTargets;
}

const SCOPED = new Map<string, ScopedPolicy>();

/**
 * The {@link ScopedPolicy} of a stored policy, compiled once per version of its record (`key`: its id
 * and `updatedAt`), not at each request; a few hundred are kept.
 */
export function scopedPolicy(key: string, definition: Record<string, unknown>): ScopedPolicy {
  let scoped = SCOPED.get(key);
  if (scoped === undefined) {
    const stored = storesStatuses(definition);
    scoped = stored
      ? { stored, targets: versionTargetsOf(definition, statusTableOf(definition), 0) }
      : { stored };
    if (SCOPED.size >= 256) SCOPED.delete(SCOPED.keys().next().value!);
    SCOPED.set(key, scoped);
  }
  return scoped;
}
