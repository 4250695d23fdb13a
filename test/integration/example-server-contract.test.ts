import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALL_OPERATIONS, type RunningServer, startServer } from '../../examples/server/server.js';

/**
 * The contract: the OpenAPI document the example server serves at /v1/openapi.json is a valid
 * OpenAPI 3.1 document (checked by @apidevtools/swagger-parser), and a real HTTP client calling every
 * operation, successes and errors, gets answers that validate against it (status listed, body
 * against the response schema).
 */
// In the project that allows code generation: ajv and the OpenAPI validator compile schemas to code.
const once = process.env.SVC_POLICY_TEST_PROJECT === 'codegen';
const TOKEN = 'contract-token';
const READ = 'contract-read-token';

describe.skipIf(!once)('the example server against its OpenAPI document', () => {
  let server: RunningServer;
  // biome-ignore lint/suspicious/noExplicitAny: the document is JSON walked by path
  let document: any;
  const logged: string[] = [];
  const called = new Set<string>();
  beforeAll(async () => {
    server = await startServer({
      token: TOKEN,
      tokens: [{ token: READ, rights: ['read'] }],
      components: 120,
      certificates: 20,
      seed: 3,
      now: () => new Date('2026-07-01T00:00:00.000Z'),
      log: (m) => logged.push(m),
    });
    const res = await fetch(`${server.url}/v1/openapi.json`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(res.status).toBe(200);
    document = await res.json();
  });
  afterAll(async () => {
    await server?.close();
    expect(logged).toEqual([]);
  });

  it('is a valid OpenAPI 3.1 document listing every operation', async () => {
    expect(document.openapi).toBe('3.1.0');
    await SwaggerParser.validate(structuredClone(document));
    const listed = Object.values(document.paths).flatMap((item) =>
      Object.values(item as Record<string, { operationId: string }>).map((op) => op.operationId),
    );
    expect(listed.sort()).toEqual([...ALL_OPERATIONS.map((o) => o.operationId), 'openApiDocument'].sort());
  });

  it('every operation answers, successes and errors, as the document says', async () => {
    const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
    ajv.addSchema({ $id: 'openapi.json', components: document.components });
    const call = async (method: string, template: string, path: string, body?: unknown, token = TOKEN) => {
      const res = await fetch(`${server.url}/v1${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      const operation = document.paths[template]?.[method.toLowerCase()];
      expect(operation, `${method} ${template} in the document`).toBeDefined();
      const response = operation.responses[String(res.status)];
      expect(
        response,
        `${method} ${path} answered ${res.status}, not in the document: ${text.slice(0, 200)}`,
      ).toBeDefined();
      const schema = response.content?.['application/json']?.schema;
      if (schema !== undefined) {
        const validate = ajv.compile({
          $ref: `openapi.json${schema.$ref ?? ''}`,
          ...(schema.$ref ? {} : schema),
        });
        const json = JSON.parse(text);
        expect(validate(json), `${method} ${path} ${res.status}: ${ajv.errorsText(validate.errors)}`).toBe(
          true,
        );
      } else {
        expect(text).toBe('');
      }
      called.add(`${res.status} ${operation.operationId}`);
      return { status: res.status, body: text === '' ? undefined : JSON.parse(text) };
    };
    const first = await call('POST', '/component/query', '/component/query', { pageSize: 3 });
    const component = first.body.items[0].id as string;
    const cert = (await call('POST', '/certificates/query', '/certificates/query', { pageSize: 1 })).body
      .items[0].id;
    const plan = await call('POST', '/upgradePlan/query', '/upgradePlan/query', {
      pageSize: 1,
      filter: { technology: { $eq: 'kubernetes' } },
    });
    const planned = plan.body.items[0]?.componentId ?? component;
    const policy = {
      name: 'contract',
      resource: 'component',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        pg: {
          criticality: 10,
          rules: [
            { conditions: [{ type: 'filter', condition: { filter: { technology: { $eq: 'postgres' } } } }] },
          ],
        },
      },
    };
    const created = await call('POST', '/policy', '/policy', { policy });
    const id = created.body.policy.id as string;
    const cases: Array<[string, string, string, unknown?, string?]> = [
      [
        'POST',
        '/component/query',
        '/component/query',
        { pageSize: 2, pageToken: first.body.nextPageToken, fields: ['id', 'tags'] },
      ],
      ['POST', '/component/query', '/component/query', { pageSize: 0 }],
      ['GET', '/component/{componentId}', `/component/${component}`],
      ['GET', '/component/{componentId}', '/component/nope'],
      ['PATCH', '/component/{componentId}', `/component/${component}`, { customTags: { a: 'b', c: null } }],
      ['PATCH', '/component/{componentId}', `/component/${component}`, { customTags: { a: 1 } }],
      ['PATCH', '/component/{componentId}', `/component/${component}`, { customTags: { a: 'b' } }, READ],
      [
        'POST',
        '/component/{componentId}/svc/query',
        `/component/${planned}/svc/query`,
        { sections: ['controlPlane', 'nodes'] },
      ],
      ['POST', '/component/{componentId}/svc/query', '/component/nope/svc/query', { sections: [] }],
      ['POST', '/component/search', '/component/search', { filter: { technology: 'postgres' }, pageSize: 2 }],
      ['POST', '/component/search', '/component/search', { filter: { region: 'x' } }],
      ['GET', '/component/fields', '/component/fields'],
      ['GET', '/certificates/fields', '/certificates/fields'],
      ['GET', '/policy/fields', '/policy/fields'],
      [
        'POST',
        '/certificates/query',
        '/certificates/query',
        { sort: { expirationDate: 'desc' }, pageSize: 2 },
      ],
      ['GET', '/certificates/{id}', `/certificates/${cert}`],
      ['GET', '/certificates/{id}', '/certificates/nope'],
      ['POST', '/policy', '/policy', { policy: { name: 'x' } }],
      ['POST', '/policy/query', '/policy/query', { filter: { name: { $like: 'contract*' } } }],
      ['GET', '/policy/{id}', `/policy/${id}`],
      ['GET', '/policy/{id}', '/policy/nope'],
      ['POST', '/policy/search', '/policy/search', { filter: { name: 'contract' } }],
      [
        'POST',
        '/policy/{policyId}/component/query',
        `/policy/${id}/component/query`,
        { filter: { isCompliant: { $eq: false } }, sort: { urgency: 'desc' }, pageSize: 2 },
      ],
      [
        'POST',
        '/policy/{policyId}/component/query',
        `/policy/${id}/component/query`,
        { sort: { status: 'sideways' } },
      ],
      [
        'POST',
        '/policy/{policyId}/component/search',
        `/policy/${id}/component/search`,
        { filter: { technology: 'postgres' }, pageSize: 2 },
      ],
      ['POST', '/policy/{policyId}/component/search', '/policy/nope/component/search', {}],
      ['POST', '/integration/query', '/integration/query', { pageSize: 2 }],
      ['POST', '/integration/search', '/integration/search', { filter: { type: 'AWS' } }],
      ['GET', '/integration/{integrationId}', '/integration/1002'],
      ['GET', '/integration/{integrationId}', '/integration/1'],
      ['POST', '/svc/query', '/svc/query', { filter: { status: { $in: ['active'] } }, pageSize: 2 }],
      ['POST', '/upgradePlan/query', '/upgradePlan/query', { fields: ['nope'] }],
      ['POST', '/code/sbom', '/code/sbom', { project: { identifier: 'p', name: 'P' }, sbom: {} }],
      ['POST', '/code/sbom', '/code/sbom', { sbom: 1 }],
      ['POST', '/k8sResource/detailsSchema', '/k8sResource/detailsSchema', { kind: 'Pod' }],
      ['POST', '/k8sResource/detailsSchema', '/k8sResource/detailsSchema', { kind: 'Pot' }],
      [
        'POST',
        '/waiver',
        '/waiver',
        {
          waiver: {
            id: 'contract-w',
            policy: 'contract',
            filter: { technology: { $eq: 'postgres' } },
            accepts: { status: 'pg' },
            expires: '2026-08-01T00:00:00+02:00',
            owner: 'team',
            reason: 'migration',
          },
        },
      ],
      ['POST', '/waiver', '/waiver', { waiver: { id: 'contract-w', policy: 'contract' } }],
      [
        'POST',
        '/waiver',
        '/waiver',
        {
          waiver: {
            id: 'contract-w',
            policy: 'contract',
            ids: ['x'],
            accepts: { status: 'pg' },
            expires: '2026-08-01T00:00:00Z',
            owner: 'team',
            reason: 'migration',
          },
        },
      ],
      ['GET', '/waiver/{id}', '/waiver/contract-w'],
      ['GET', '/waiver/{id}', '/waiver/nope'],
      ['GET', '/waivers', '/waivers'],
      ['GET', '/waivers', '/waivers', undefined, 'wrong-token'],
      [
        'POST',
        '/policy/{policyId}/component/query',
        `/policy/${id}/component/query`,
        { filter: { waivedBy: { $ne: null } }, fields: ['id', 'waivedBy', 'waiverExpires'], pageSize: 2 },
      ],
      ['DELETE', '/waiver/{id}', '/waiver/contract-w', undefined, READ],
      ['DELETE', '/waiver/{id}', '/waiver/contract-w'],
      ['DELETE', '/waiver/{id}', '/waiver/contract-w'],
      ['POST', '/component/query', '/component/query', {}, 'wrong-token'],
      ['GET', '/openapi.json', '/openapi.json'],
      ['POST', '/policy/query', '/policy/query', { pageSize: 2000 }],
      ['POST', '/integration/query', '/integration/query', { sort: { region: 'asc' } }],
      ['POST', '/certificates/query', '/certificates/query', { filter: { status: { $in: 'active' } } }],
      ['POST', '/svc/query', '/svc/query', { pageSize: -1 }],
      ['POST', '/policy/search', '/policy/search', { filter: { owner: 'x' } }],
      ['POST', '/integration/search', '/integration/search', { filter: { name: 'x' } }],
    ];
    for (const [method, template, path, body, token] of cases)
      await call(method, template, path, body, token);
    // Every operation of the document was called, with a success and an error.
    for (const operation of ALL_OPERATIONS) {
      const statuses = [...called]
        .filter((c) => c.endsWith(` ${operation.operationId}`))
        .map((c) => Number(c.split(' ')[0]));
      expect(
        statuses.some((s) => s < 300),
        `${operation.operationId} succeeded`,
      ).toBe(true);
      if (!operation.operationId.endsWith('Fields')) {
        expect(
          statuses.some((s) => s >= 400),
          `${operation.operationId} refused something`,
        ).toBe(true);
      }
    }
  });
});
