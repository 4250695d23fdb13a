/**
 * The legacy searches (operations 3, 6, 7 and 12 of the API description): deprecated on 2026-06-04,
 * removed on 2026-09-04. Before the removal each answers through its replacement query
 * (`legacySearchToQuery` rewrites the body), in the legacy envelope `{ items, nextToken, totalCount }`,
 * with `Deprecation`, `Sunset` and a `Link` to the replacement; from the removal on, `410 Gone`
 * naming the replacement. The server's clock decides which.
 */
import type { IncomingMessage } from 'node:http';
import { type LegacyOperation, legacySearchToQuery } from '../../src/index.js';
import { HttpError, isObject, readJson } from './http.js';
import { countQuery, runQuery, type Source, sourceOf } from './query.js';
import { integerId, legacyComponent, tagPairs, typeDisplayName } from './represent.js';
import { COLLECTIONS } from './resources.js';
import { type Context, type Operation, pathParam, policySource } from './routes.js';

/** Deprecation and removal of the legacy searches (API description, Versioning). */
export const DEPRECATED_AT = new Date('2026-06-04T00:00:00.000Z');
export const SUNSET_AT = new Date('2026-09-04T00:00:00.000Z');

/** The headers of a deprecated operation: RFC 9745 `Deprecation`, RFC 8594 `Sunset`, its successor. */
function deprecationHeaders(replacementPath: string): Record<string, string> {
  return {
    deprecation: `@${DEPRECATED_AT.getTime() / 1000}`,
    sunset: SUNSET_AT.toUTCString(),
    link: `<${replacementPath}>; rel="successor-version"`,
  };
}

/** A legacy search: its number, path, what it reads, and how an item is represented. */
function legacyOperation(
  operation: LegacyOperation,
  operationId: string,
  path: string,
  replacement: string,
  schema: string,
  source: (ctx: Context, params: Readonly<Record<string, string>>) => Promise<Source> | Source,
  item: (record: Record<string, unknown>, seq: number | undefined) => unknown,
  /** Where the integer id of an item is found: the table, and the item's field holding the string id. */
  integerIds?: { readonly table: string; readonly key: string },
): Operation {
  return {
    operationId,
    method: 'POST',
    path,
    right: 'read',
    summary: `legacy search (deprecated on 2026-06-04, removed on 2026-09-04): use ${replacement}`,
    deprecated: { replacement, sunset: true },
    request: 'legacySearchRequest',
    success: { status: 200, schema },
    run: async (ctx, req: IncomingMessage, params) => {
      const concrete = replacement.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '');
      const replacementPath = `/v1${concrete.slice('POST '.length)}`;
      if (ctx.now().getTime() >= SUNSET_AT.getTime()) {
        throw new HttpError(
          410,
          `POST /v1${path.replace(/\{(\w+)\}/g, (_m, name: string) => params[name] ?? '')} was removed on 2026-09-04; use POST ${replacementPath}`,
          [],
          { link: `<${replacementPath}>; rel="successor-version"` },
        );
      }
      const body = await readJson(req, ctx.maxBodyBytes);
      // This server's nextToken is its query's page token: carried over, so a legacy walk goes on.
      const { nextToken, ...rest } = isObject(body) ? body : { body };
      const conversion = legacySearchToQuery(operation, isObject(body) ? rest : body);
      const from = await source(ctx, params);
      const request =
        typeof nextToken === 'string' ? { ...conversion.request, pageToken: nextToken } : conversion.request;
      // One instant for the page and the count.
      const asOf = ctx.now();
      const page = await runQuery(ctx.db, from, request, asOf);
      const totalCount = await countQuery(ctx.db, from, conversion.request.filter, asOf);
      const records = page.items as Record<string, unknown>[];
      const seqs = new Map<unknown, number>();
      if (integerIds !== undefined && records.length > 0) {
        const rows = await ctx.db.query(
          `SELECT id, seq::int AS seq FROM ${integerIds.table} WHERE id = ANY($1::text[])`,
          [records.map((r) => r[integerIds.key])],
        );
        for (const row of rows) seqs.set(row.id, row.seq as number);
      }
      return {
        status: 200,
        body: {
          items: records.map((r) => item(r, seqs.get(r[integerIds?.key ?? 'id']))),
          nextToken: page.nextPageToken ?? null,
          totalCount,
        },
        headers: deprecationHeaders(replacementPath),
      };
    },
  };
}

/** A policy in the legacy search: its integer id. */
const policyItem = (r: Record<string, unknown>, seq: number | undefined) => ({
  id: seq,
  name: r.name,
  description: r.description,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/**
 * A policy-scoped component in the legacy representation: integer `id` (the component's integer id)
 * and `integrationId`, `tags` as pairs.
 */
const policyComponentItem = (r: Record<string, unknown>, seq: number | undefined) => ({
  id: seq,
  componentId: r.componentId,
  integrationId: integerId(r.integrationId),
  technology: r.technology,
  type: r.type,
  typeDisplayName: typeDisplayName(r.type),
  name: r.name,
  uniqueIdentifier: r.uniqueIdentifier,
  urgency: r.urgency,
  priority: r.priority,
  isCompliant: r.isCompliant,
  status: r.status,
  currentVersion: r.currentVersion,
  requiredVersion: r.requiredVersion,
  recommendedVersion: r.recommendedVersion,
  dueDate: r.dueDate,
  tags: tagPairs(r.tags),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

export const LEGACY_OPERATIONS: readonly Operation[] = [
  legacyOperation(
    3,
    'searchPolicies',
    '/policy/search',
    'POST /policy/query',
    'legacyPolicyPage',
    (ctx) => sourceOf(COLLECTIONS.policy, ctx.secret),
    policyItem,
    { table: 'policies', key: 'id' },
  ),
  legacyOperation(
    6,
    'searchPolicyComponents',
    '/policy/{policyId}/component/search',
    'POST /policy/{policyId}/component/query',
    'legacyPolicyComponentPage',
    (ctx, params) => policySource(ctx, pathParam(params, 'policyId')),
    policyComponentItem,
    { table: 'components', key: 'componentId' },
  ),
  legacyOperation(
    7,
    'searchComponents',
    '/component/search',
    'POST /component/query',
    'legacyComponentPage',
    (ctx) => sourceOf(COLLECTIONS.component, ctx.secret),
    legacyComponent,
  ),
  legacyOperation(
    12,
    'searchIntegrations',
    '/integration/search',
    'POST /integration/query',
    'legacyIntegrationPage',
    (ctx) => sourceOf(COLLECTIONS.integration, ctx.secret),
    (r) => ({ ...r, id: integerId(r.id) }),
  ),
];
