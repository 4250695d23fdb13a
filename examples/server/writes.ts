/**
 * The writes: `POST /policy`, `PATCH /component/{componentId}`, `POST /code/sbom`. Each checks the
 * whole body first (every problem listed, 400) and then writes in one statement, so a write is
 * stored whole or not at all.
 */
import { randomUUID } from 'node:crypto';
import { showText } from '../../src/errors.js';
import { FilterError } from '../../src/index.js';
import { validatePolicy } from '../../src/validate.js';
import { bodyProblems, HttpError, isObject, readJson, refuse, refuseUnstorable, segment } from './http.js';
import { type Operation, pathParam } from './routes.js';
import { policyComponentsSql } from './scoped.js';
import { insertAll, lockWrites, restoreComponentStatuses, storeStatuses, updateCustomTags } from './store.js';

export const createPolicy: Operation = {
  operationId: 'createPolicy',
  method: 'POST',
  path: '/policy',
  right: 'write',
  summary: 'create a policy',
  request: 'policyRequest',
  success: { status: 201, schema: 'policyCreated' },
  run: async (ctx, req) => {
    // The description's body: `{ policy: <policy definition> }`.
    const body = await readJson(req, ctx.maxBodyBytes);
    const problems = bodyProblems(body, ['policy'], '{ "policy": <policy definition> }');
    const definition = isObject(body) ? body.policy : undefined;
    if (isObject(body) && !isObject(definition)) {
      problems.push({
        code: 'INVALID_REQUEST',
        path: '/policy',
        message: 'policy must be an object: the policy definition',
      });
    }
    refuse(problems);
    const { valid, diagnostics } = validatePolicy(definition);
    if (!valid) {
      const errors = diagnostics
        .filter((d) => d.severity === 'error')
        .map((d) => ({ code: d.code, path: `/policy${d.path}`, message: d.message }));
      refuse(errors, `the policy is not valid (${errors.length} problem${errors.length === 1 ? '' : 's'})`);
    }
    // A valid policy may still hold text PostgreSQL refuses: refused here, before the insert.
    refuseUnstorable(definition, '/policy', 'the policy');
    const record = definition as Record<string, unknown>;
    if (record.resource === undefined || record.resource === 'component') {
      // Its components are read through SQL: a policy the SQL target cannot run is refused now.
      try {
        policyComponentsSql('', record, ctx.remediationDays, ctx.now().getTime());
      } catch (error) {
        if (!(error instanceof FilterError)) throw error;
        const problem = { code: error.code, path: `/policy${error.path}`, message: error.message };
        refuse([problem], `the policy cannot be evaluated in the database: ${error.message}`);
      }
    }
    const now = ctx.now().toISOString();
    const id = randomUUID();
    // One transaction: the policy and its statuses are stored whole or not at all.
    await ctx.db.transaction(async (tx) => {
      await lockWrites(tx);
      await insertAll(tx, 'policies', [{ ...record, id, createdAt: now, updatedAt: now }]);
      await storeStatuses(tx, id, record);
    });
    // The description shows `{ policy: { id } }` and no status code: 201 is HTTP's for a creation.
    return { status: 201, body: { policy: { id } } };
  },
};

export const patchComponent: Operation = {
  operationId: 'updateComponentCustomTags',
  method: 'PATCH',
  path: '/component/{componentId}',
  right: 'write',
  summary: 'set (a string) or remove (null) custom tags of a component',
  request: 'customTagsPatch',
  success: { status: 200, schema: 'customTags' },
  run: async (ctx, req, params) => {
    const id = pathParam(params, 'componentId');
    const body = await readJson(req, ctx.maxBodyBytes);
    const shape = '{ "customTags": { <key>: <string or null> } }';
    const problems = bodyProblems(body, ['customTags'], shape);
    const tags = isObject(body) ? body.customTags : undefined;
    if (isObject(body) && !isObject(tags)) {
      problems.push({
        code: 'INVALID_REQUEST',
        path: '/customTags',
        message: `customTags must be an object: ${shape}`,
      });
    }
    const set: Record<string, string> = {};
    const remove: string[] = [];
    for (const [key, value] of Object.entries(isObject(tags) ? tags : {})) {
      const at = `/customTags/${segment(key)}`;
      if (key === '')
        problems.push({ code: 'INVALID_REQUEST', path: at, message: 'a tag key must not be empty' });
      if (typeof value === 'string') set[key] = value;
      else if (value === null) remove.push(key);
      else
        problems.push({
          code: 'INVALID_TYPE',
          path: at,
          message: `tag ${JSON.stringify(showText(key))} must be a string (set) or null (remove)`,
        });
    }
    refuse(
      problems,
      `the update is not valid (${problems.length} problem${problems.length === 1 ? '' : 's'})`,
    );
    refuseUnstorable(tags, '/customTags', 'the custom tags');
    const doc = id.includes('\u0000')
      ? undefined
      : await ctx.db.transaction(async (tx) => {
          await lockWrites(tx);
          const updated = await updateCustomTags(tx, id, set, remove, ctx.now().toISOString());
          // The statuses of the component as it is now, stored with it.
          if (updated !== undefined) await restoreComponentStatuses(tx, id);
          return updated;
        });
    if (doc === undefined) throw new HttpError(404, `no component with id ${JSON.stringify(showText(id))}`);
    return { status: 200, body: { customTags: doc.customTags } };
  },
};

export const ingestSbom: Operation = {
  operationId: 'IngestCodeSbom',
  method: 'POST',
  path: '/code/sbom',
  right: 'write',
  summary: 'ingest a code SBOM (stored as received, for asynchronous ingestion)',
  request: 'sbomRequest',
  success: { status: 202, schema: 'sbomAccepted' },
  run: async (ctx, req) => {
    const body = await readJson(req, ctx.maxBodyBytes);
    const problems = bodyProblems(
      body,
      ['project', 'repository', 'sbom', 'projectInformation'],
      '{ project, repository?, sbom, projectInformation? }',
    );
    if (isObject(body)) {
      for (const key of ['project', 'repository'] as const) {
        const v = body[key];
        if (v === undefined && key === 'repository') continue;
        if (!isObject(v) || typeof v.identifier !== 'string' || v.identifier === '') {
          problems.push({
            code: 'INVALID_REQUEST',
            path: `/${key}`,
            message: `${key} must be an object with a non-empty string identifier`,
          });
        } else if (v.name !== undefined && typeof v.name !== 'string') {
          problems.push({
            code: 'INVALID_TYPE',
            path: `/${key}/name`,
            message: `${key}.name must be a string`,
          });
        }
      }
      if (!isObject(body.sbom))
        problems.push({ code: 'INVALID_REQUEST', path: '/sbom', message: 'sbom must be an object' });
      if (body.projectInformation !== undefined && !isObject(body.projectInformation)) {
        problems.push({
          code: 'INVALID_TYPE',
          path: '/projectInformation',
          message: 'projectInformation must be an object',
        });
      }
    }
    refuse(
      problems,
      `the SBOM request is not valid (${problems.length} problem${problems.length === 1 ? '' : 's'})`,
    );
    refuseUnstorable(body, '', 'the SBOM');
    const id = randomUUID();
    const now = ctx.now().toISOString();
    await insertAll(ctx.db, 'sboms', [{ ...(body as object), id, createdAt: now, updatedAt: now }]);
    return { status: 202, body: { id, status: 'accepted' } };
  },
};
