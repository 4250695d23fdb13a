import type { IncomingMessage } from 'node:http';
import { showText } from '../../src/errors.js';
import { describeFields } from '../../src/index.js';
import type { Right } from './auth.js';
import { detailsSchemaOf, K8S_KINDS, SECTIONS } from './data.js';
import { bodyProblems, HttpError, isObject, readJson, refuse } from './http.js';
import { runQuery, type Source, sourceOf } from './query.js';
import { integerId, legacyCertificate, legacyComponent } from './represent.js';
import { COLLECTIONS, POLICY_COMPONENT_RESOURCE } from './resources.js';
import {
  POLICY_COMPONENT_COLUMNS,
  POLICY_COMPONENTS_TABLE,
  policyComponentsSql,
  scopedPolicy,
  withVersionTargets,
} from './scoped.js';
import type { Store } from './store.js';
import { waiversOf } from './waivers.js';

/** What handlers share. */
export interface Context {
  readonly db: Store;
  readonly maxBodyBytes: number;
  readonly secret: string;
  /** The server's clock (injectable: tests move it past the legacy searches' removal). */
  readonly now: () => Date;
  /** Days a non-compliant component has to be fixed (its `dueDate`). */
  readonly remediationDays: number;
}

export interface Reply {
  readonly status: number;
  readonly body?: unknown;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface Operation {
  readonly operationId: string;
  readonly method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  /** The path under /v1, parameters as `{name}`. */
  readonly path: string;
  readonly right: Right;
  readonly summary: string;
  /** Deprecated; `sunset` when it is removed on the legacy searches' date. */
  readonly deprecated?: { readonly replacement: string; readonly sunset: boolean };
  /** The request body's schema name (`components.schemas`), when it takes one. */
  readonly request?: string;
  /** Success status and the answer's schema name (none for an empty answer). */
  readonly success: { readonly status: number; readonly schema?: string };
  /** Refusals of this operation only (status → description), besides the common ones. */
  readonly errors?: Readonly<Record<string, string>>;
  run(ctx: Context, req: IncomingMessage, params: Readonly<Record<string, string>>): Promise<Reply>;
}

/** A decoded path parameter; 400 when it is not percent-encoded UTF-8. */
export function pathParam(params: Readonly<Record<string, string>>, name: string): string {
  try {
    return decodeURIComponent(params[name]!);
  } catch {
    throw new HttpError(400, `the ${name} in the path is not valid percent-encoded UTF-8`, [
      { code: 'INVALID_PATH', path: '', message: `cannot decode ${JSON.stringify(showText(params[name]!))}` },
    ]);
  }
}

/** The tables whose legacy representations give `seq` as the integer id (the others' ids are digits). */
const SEQ_IDS = new Set(['policies', 'certificates']);

/**
 * The stored document of `id` in `table` and its integer id (`seq`), or a 404 naming what is
 * missing. For the tables whose integer id is `seq` (policies, certificates), `id` is the string id
 * (query representation) or, all digits, the integer id the single reads and legacy searches give:
 * both find the record.
 */
export async function findRecord(
  db: Store,
  table: string,
  what: string,
  id: string,
): Promise<{ doc: Record<string, unknown>; seq: number }> {
  // PostgreSQL text cannot hold U+0000, so no stored id has one (and binding it is an error).
  const integer = SEQ_IDS.has(table) && /^[1-9]\d{0,8}$/.test(id) ? Number(id) : null;
  const rows = id.includes('\u0000')
    ? []
    : await db.query(
        `SELECT doc, seq::int AS seq FROM ${table} WHERE id = $1 OR seq = $2::int ORDER BY id = $1 DESC LIMIT 1`,
        [id, integer],
      );
  if (rows.length === 0) throw new HttpError(404, `no ${what} with id ${JSON.stringify(showText(id))}`);
  return { doc: rows[0]!.doc as Record<string, unknown>, seq: rows[0]!.seq as number };
}

/** The stored document of `id` in `table` (see {@link findRecord}). */
export async function findOne(
  db: Store,
  table: string,
  what: string,
  id: string,
): Promise<Record<string, unknown>> {
  return (await findRecord(db, table, what, id)).doc;
}

/** The source of a policy's components; 404 for no such policy, 400 when it is not a component policy. */
export async function policySource(ctx: Context, policyId: string): Promise<Source> {
  const policy = await findOne(ctx.db, 'policies', 'policy', policyId);
  const storedId = policy.id as string;
  if (policy.resource !== undefined && policy.resource !== 'component') {
    throw new HttpError(
      400,
      `policy ${JSON.stringify(showText(policyId))} applies to ${showText(String(policy.resource))}, not to components`,
    );
  }
  const { id: _id, createdAt: _c, updatedAt: _u, ...definition } = policy;
  const scoped = scopedPolicy(`${storedId}\u0000${String(policy.updatedAt)}`, definition);
  // Read with the policy, so the marks of the request are those of the waivers stored now.
  const waivers = await waiversOf(ctx.db, definition.name);
  return {
    description: POLICY_COMPONENT_RESOURCE,
    table: POLICY_COMPONENTS_TABLE,
    columns: POLICY_COMPONENT_COLUMNS,
    with: (asOf) =>
      policyComponentsSql(storedId, definition, ctx.remediationDays, asOf, scoped.stored, waivers),
    finish: (asOf) => withVersionTargets(definition, asOf, scoped.targets),
    // One secret per policy: a page token of one policy's components is refused by another's.
    secret: `${ctx.secret}:policy:${storedId}`,
  };
}

/** A query operation over a stored collection. */
function queryOperation(
  operationId: string,
  path: string,
  key: keyof typeof COLLECTIONS,
  summary: string,
  deprecated?: Operation['deprecated'],
): Operation {
  return {
    operationId,
    method: 'POST',
    path,
    right: 'read',
    summary,
    ...(deprecated === undefined ? {} : { deprecated }),
    request: `${COLLECTIONS[key].description.name}QueryRequest`,
    success: { status: 200, schema: `${COLLECTIONS[key].description.name}Page` },
    run: async (ctx, req) => ({
      status: 200,
      body: await runQuery(
        ctx.db,
        sourceOf(COLLECTIONS[key], ctx.secret),
        await readJson(req, ctx.maxBodyBytes),
        ctx.now(),
      ),
      ...(deprecated === undefined
        ? {}
        : { headers: { link: `</v1${deprecated.replacement.slice(5)}>; rel="successor-version"` } }),
    }),
  };
}

/** A single-record read in the description's envelope `{ items: [record], nextToken: null }`. */
function readOperation(
  operationId: string,
  path: string,
  table: string,
  what: string,
  schema: string,
  shape: (doc: Record<string, unknown>, seq: number) => unknown,
  bare = false,
): Operation {
  const param = /\{(\w+)\}/.exec(path)![1]!;
  return {
    operationId,
    method: 'GET',
    path,
    right: 'read',
    summary: `read one ${what}`,
    success: { status: 200, schema },
    run: async (ctx, _req, params) => {
      const { doc, seq } = await findRecord(ctx.db, table, what, pathParam(params, param));
      const record = shape(doc, seq);
      return { status: 200, body: bare ? record : { items: [record], nextToken: null } };
    },
  };
}

/**
 * A policy as the single read returns it: the integer id, the record fields, then the definition it
 * was created with.
 */
const policyRecord = (doc: Record<string, unknown>, seq: number) => ({ ...doc, id: seq });

const upgradeSections: Operation = {
  operationId: 'queryComponentUpgradeSections',
  method: 'POST',
  path: '/component/{componentId}/svc/query',
  right: 'read',
  summary: 'upgrade sections of one component',
  request: 'sectionsRequest',
  success: { status: 200, schema: 'componentUpgradePlans' },
  run: async (ctx, req, params) => {
    const id = pathParam(params, 'componentId');
    const body = await readJson(req, ctx.maxBodyBytes);
    const shape = `{ "sections": [${SECTIONS.map((s) => `"${s}"`).join(' | ')}] }`;
    const problems = bodyProblems(body, ['sections'], shape);
    const sections = isObject(body) ? body.sections : undefined;
    if (isObject(body) && !Array.isArray(sections))
      problems.push({
        code: 'INVALID_REQUEST',
        path: '/sections',
        message: `sections must be an array: ${shape}`,
      });
    if (Array.isArray(sections)) {
      sections.forEach((s, i) => {
        if (!(SECTIONS as readonly unknown[]).includes(s))
          problems.push({
            code: 'INVALID_VALUE',
            path: `/sections/${i}`,
            message: `not a section: ${JSON.stringify(showText(String(s)))}; one of ${SECTIONS.join(', ')}`,
          });
      });
    }
    refuse(problems);
    const component = await findOne(ctx.db, 'components', 'component', id);
    const rows = await ctx.db.query(
      `SELECT doc FROM upgrade_plans WHERE doc->>'componentId' = $1 ORDER BY created_at, id`,
      [id],
    );
    const wanted = new Set(sections as string[]);
    const items = rows.map(({ doc }) => {
      const plan = doc as Record<string, unknown>;
      const all = plan.upgradePlan as Record<string, unknown>;
      return {
        componentId: id,
        name: (component.tags as Record<string, string> | undefined)?.Name ?? id,
        type: component.type,
        currentVersion: plan.currentVersion,
        desiredVersion: plan.desiredVersion,
        status: plan.status,
        upgradePlan: Object.fromEntries(Object.entries(all).filter(([k]) => wanted.has(k))),
        createdAt: plan.createdAt,
        updatedAt: plan.updatedAt,
      };
    });
    return { status: 200, body: { items } };
  },
};

const detailsSchema: Operation = {
  operationId: 'k8sResourceDetailsSchema',
  method: 'POST',
  path: '/k8sResource/detailsSchema',
  right: 'read',
  summary: 'the approved details$ paths of a Kubernetes kind',
  request: 'detailsSchemaRequest',
  success: { status: 200, schema: 'detailsSchema' },
  run: async (ctx, req) => {
    const body = await readJson(req, ctx.maxBodyBytes);
    const problems = bodyProblems(body, ['kind'], '{ "kind": <Kubernetes kind> }');
    const kind = isObject(body) ? body.kind : undefined;
    if (isObject(body) && !(K8S_KINDS as readonly unknown[]).includes(kind)) {
      problems.push({
        code: 'INVALID_VALUE',
        path: '/kind',
        message: `kind must be one of the ${K8S_KINDS.length} Kubernetes kinds of the description (${K8S_KINDS.slice(0, 4).join(', ')}, …), got ${JSON.stringify(showText(String(kind)))}`,
      });
    }
    refuse(problems);
    return { status: 200, body: { kind, fields: detailsSchemaOf(kind as string) } };
  },
};

const policyComponentQuery: Operation = {
  operationId: 'queryPolicyComponents',
  method: 'POST',
  path: '/policy/{policyId}/component/query',
  right: 'read',
  summary: 'query the components of a policy with the statuses the policy gives them',
  request: 'policyComponentQueryRequest',
  success: { status: 200, schema: 'policyComponentPage' },
  run: async (ctx, req, params) => {
    const source = await policySource(ctx, pathParam(params, 'policyId'));
    const request = await readJson(req, ctx.maxBodyBytes);
    return { status: 200, body: await runQuery(ctx.db, source, request, ctx.now()) };
  },
};

const fieldsOperation = (key: keyof typeof COLLECTIONS, path: string): Operation => ({
  operationId: `${COLLECTIONS[key].description.name}Fields`,
  method: 'GET',
  path,
  right: 'read',
  summary: `the fields of ${COLLECTIONS[key].description.name} records (fields discovery)`,
  success: { status: 200, schema: 'fieldDescriptors' },
  run: async () => ({ status: 200, body: { items: describeFields(COLLECTIONS[key].description) } }),
});

/** The operations of the description and the replacements it names, but the writes and legacy searches. */
export const OPERATIONS: readonly Operation[] = [
  queryOperation('queryPolicies', '/policy/query', 'policy', 'query policies'),
  readOperation('getPolicy', '/policy/{id}', 'policies', 'policy', 'policyEnvelope', policyRecord),
  policyComponentQuery,
  queryOperation('queryComponents', '/component/query', 'component', 'query components'),
  readOperation(
    'getComponent',
    '/component/{componentId}',
    'components',
    'component',
    'componentEnvelope',
    legacyComponent,
  ),
  upgradeSections,
  queryOperation('queryIntegrations', '/integration/query', 'integration', 'query integrations'),
  readOperation(
    'getIntegration',
    '/integration/{integrationId}',
    'integrations',
    'integration',
    'integrationEnvelope',
    (d) => ({ ...d, id: integerId(d.id) }),
  ),
  queryOperation(
    'queryUpgradePlansDeprecated',
    '/svc/query',
    'upgradePlan',
    'query upgrade plans (deprecated)',
    { replacement: 'POST /upgradePlan/query', sunset: false },
  ),
  queryOperation('queryUpgradePlans', '/upgradePlan/query', 'upgradePlan', 'query upgrade plans'),
  queryOperation('queryCertificates', '/certificates/query', 'certificate', 'query certificates'),
  readOperation(
    'getCertificate',
    '/certificates/{id}',
    'certificates',
    'certificate',
    'legacyCertificate',
    legacyCertificate,
    true,
  ),
  detailsSchema,
  fieldsOperation('component', '/component/fields'),
  fieldsOperation('certificate', '/certificates/fields'),
  fieldsOperation('policy', '/policy/fields'),
];
