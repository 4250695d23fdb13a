/**
 * Waivers (docs/waivers.md) stored by the server: `POST /waiver` checks one with the library's
 * `validateWaivers` (every problem listed, 400) against the stored policies, `GET /waiver/{id}` and
 * `GET /waivers` read them, `DELETE /waiver/{id}` removes one. The policy-scoped component query
 * marks each component with the waiver that applies at the request's instant (scoped.ts).
 */
import { showText } from '../../src/errors.js';
import { FilterError } from '../../src/index.js';
import { validateWaivers } from '../../src/validate.js';
import { bodyProblems, HttpError, isObject, readJson, refuse, refuseUnstorable } from './http.js';
import { findOne, type Operation, pathParam } from './routes.js';
import { policyComponentsSql, statusTableOf } from './scoped.js';
import { lockWrites, type Queryable } from './store.js';

export const WAIVERS_TABLE = 'waivers';

/** The stored waivers naming the policy `name`, by id. */
export async function waiversOf(db: Queryable, name: unknown): Promise<Record<string, unknown>[]> {
  if (typeof name !== 'string' || name.includes('\u0000')) return [];
  const rows = await db.query(`SELECT doc FROM ${WAIVERS_TABLE} WHERE doc->>'policy' = $1 ORDER BY id`, [
    name,
  ]);
  return rows.map((r) => r.doc as Record<string, unknown>);
}

/** Where a problem of the one-waiver file `{ waivers: [w] }` (or list `[w]`) is in the body `{ waiver: w }`. */
const inBody = (path: string) => path.replace(/^(?:\/waivers)?\/0(?=\/|$)/, '/waiver');

export const createWaiver: Operation = {
  operationId: 'createWaiver',
  method: 'POST',
  path: '/waiver',
  right: 'write',
  summary: 'store a waiver: an accepted exception to a policy, until its expiry',
  request: 'waiverRequest',
  success: { status: 201, schema: 'waiverCreated' },
  errors: { '409': 'a waiver with this id is stored already' },
  run: async (ctx, req) => {
    const body = await readJson(req, ctx.maxBodyBytes);
    const problems = bodyProblems(body, ['waiver'], '{ "waiver": <waiver> }');
    const waiver = isObject(body) ? body.waiver : undefined;
    if (isObject(body) && !isObject(waiver)) {
      problems.push({
        code: 'INVALID_REQUEST',
        path: '/waiver',
        message: 'waiver must be an object: a waiver',
      });
    }
    refuse(problems);
    refuseUnstorable(waiver, '/waiver', 'the waiver');
    const record = waiver as Record<string, unknown>;
    const now = ctx.now();
    const policies = (await ctx.db.query('SELECT doc FROM policies ORDER BY id')).map(
      (r) => r.doc as Record<string, unknown>,
    );
    const { diagnostics } = validateWaivers(
      { waivers: [record] },
      {
        asOf: now.getTime(),
        policies: policies.map((p) => ({
          name: String(p.name),
          statuses: [...statusTableOf(p).statuses].map(([name, s]) => ({ name, criticality: s.criticality })),
        })),
      },
    );
    // An expired waiver changes nothing: storing one is a mistake, refused like an error.
    const refused = diagnostics
      .filter((d) => d.severity === 'error' || d.code === 'WAIVER_EXPIRED')
      .map((d) => ({ code: d.code, path: inBody(d.path), message: d.message }));
    refuse(refused, `the waiver is not valid (${refused.length} problem${refused.length === 1 ? '' : 's'})`);
    // Its filter is run by the database: one the SQL target cannot run is refused now.
    for (const policy of policies.filter((p) => p.name === record.policy)) {
      const { id: _i, createdAt: _c, updatedAt: _u, ...definition } = policy;
      if (definition.resource !== undefined && definition.resource !== 'component') continue;
      try {
        policyComponentsSql('', definition, ctx.remediationDays, now.getTime(), false, [record]);
      } catch (error) {
        if (!(error instanceof FilterError)) throw error;
        // The SQL target points into the waiver's own `ids` or `filter`, as in the body.
        const problem = { code: error.code, path: inBody(error.path), message: error.message };
        refuse([problem], `the waiver cannot be evaluated in the database: ${error.message}`);
      }
    }
    const at = now.toISOString();
    const inserted = await ctx.db.transaction(async (tx) => {
      await lockWrites(tx);
      return tx.query(
        `INSERT INTO ${WAIVERS_TABLE} (id, created_at, updated_at, doc) VALUES ($1, $2, $2, $3::jsonb) ON CONFLICT (id) DO NOTHING RETURNING id`,
        [record.id, at, JSON.stringify(record)],
      );
    });
    if (inserted.length === 0) {
      throw new HttpError(
        409,
        `a waiver with id ${JSON.stringify(showText(String(record.id)))} is stored already`,
        [{ code: 'DUPLICATE_WAIVER_ID', path: '/waiver/id', message: 'delete it first to replace it' }],
      );
    }
    return { status: 201, body: { waiver: { id: record.id } } };
  },
};

export const getWaiver: Operation = {
  operationId: 'getWaiver',
  method: 'GET',
  path: '/waiver/{id}',
  right: 'read',
  summary: 'read one waiver',
  success: { status: 200, schema: 'waiverRead' },
  run: async (ctx, _req, params) => ({
    status: 200,
    body: { waiver: await findOne(ctx.db, WAIVERS_TABLE, 'waiver', pathParam(params, 'id')) },
  }),
};

export const listWaivers: Operation = {
  operationId: 'listWaivers',
  method: 'GET',
  path: '/waivers',
  right: 'read',
  summary: 'every stored waiver, by id (expired ones included: they change nothing)',
  success: { status: 200, schema: 'waiverList' },
  run: async (ctx) => ({
    status: 200,
    body: {
      items: (await ctx.db.query(`SELECT doc FROM ${WAIVERS_TABLE} ORDER BY id`)).map((r) => r.doc),
    },
  }),
};

export const deleteWaiver: Operation = {
  operationId: 'deleteWaiver',
  method: 'DELETE',
  path: '/waiver/{id}',
  right: 'write',
  summary: 'remove a waiver',
  success: { status: 204 },
  run: async (ctx, _req, params) => {
    const id = pathParam(params, 'id');
    const rows = id.includes('\u0000')
      ? []
      : await ctx.db.transaction(async (tx) => {
          await lockWrites(tx);
          return tx.query(`DELETE FROM ${WAIVERS_TABLE} WHERE id = $1 RETURNING id`, [id]);
        });
    if (rows.length === 0) throw new HttpError(404, `no waiver with id ${JSON.stringify(showText(id))}`);
    return { status: 204 };
  },
};

export const WAIVER_OPERATIONS: readonly Operation[] = [createWaiver, getWaiver, listWaivers, deleteWaiver];
