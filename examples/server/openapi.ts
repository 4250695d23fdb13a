/**
 * The server's OpenAPI 3.1 document, generated: record schemas from the resource descriptions (the
 * ones `parseQuery` validates requests with and the typed filters derive types from), query request
 * schemas from their sortable and selectable fields, and the paths from the operation table.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { RESOURCES, type ResourceDescription, type ValueType } from '../../src/index.js';
import { K8S_KINDS, SECTIONS } from './data.js';
import { INTEGRATION_RESOURCE, POLICY_COMPONENT_RESOURCE } from './resources.js';
import type { Operation } from './routes.js';

/** The waiver schema of schema/waivers.schema.json (the one editors read), its `$defs` inlined. */
function waiverSchema(): Schema {
  const file = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', '..', 'schema', 'waivers.schema.json'), 'utf8'),
  ) as { $defs: Record<string, Schema> };
  const inline = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(inline);
    if (typeof value !== 'object' || value === null) return value;
    const ref = (value as Schema).$ref;
    if (typeof ref === 'string' && ref.startsWith('#/$defs/'))
      return inline(file.$defs[ref.slice('#/$defs/'.length)]);
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, inline(v)]));
  };
  return inline(file.$defs.waiver) as Schema;
}

type Schema = Record<string, unknown>;

const ref = (name: string): Schema => ({ $ref: `#/components/schemas/${name}` });
const orNull = (s: Schema): Schema =>
  typeof s.type === 'string'
    ? { ...s, type: [s.type, 'null'] }
    : s.$ref !== undefined
      ? { oneOf: [s, { type: 'null' }] }
      : s;

/** The JSON Schema of a value type. */
export function valueSchema(type: ValueType): Schema {
  const s = ((): Schema => {
    switch (type.type) {
      case 'string':
        return type.availableValues === undefined
          ? { type: 'string' }
          : { type: 'string', examples: [...type.availableValues] };
      case 'integer':
      case 'number':
      case 'boolean':
        return { type: type.type };
      case 'timestamp':
        return { type: 'string', format: 'date-time' };
      case 'array':
        return { type: 'array', items: valueSchema(type.items) };
      case 'map':
        return { type: 'object', additionalProperties: valueSchema(type.values) };
      case 'object':
        return {
          type: 'object',
          properties: Object.fromEntries(Object.entries(type.fields).map(([k, v]) => [k, valueSchema(v)])),
          additionalProperties: type.open,
        };
      case 'any':
        return {};
    }
  })();
  return type.nullable === true ? orNull(s) : s;
}

/**
 * A record of a description. No field is required (a field selection returns some), and a field
 * that is not `required` may be null: the stored inventory has components whose version is unknown.
 */
function recordSchema(
  d: ResourceDescription,
  replace: Record<string, Schema> = {},
  drop: readonly string[] = [],
): Schema {
  const properties: Record<string, Schema> = {};
  for (const [name, field] of Object.entries(d.fields)) {
    if (drop.includes(name)) continue;
    properties[name] =
      replace[name] ?? (field.required === true ? valueSchema(field) : orNull(valueSchema(field)));
  }
  return { type: 'object', properties, additionalProperties: false };
}

function queryRequest(d: ResourceDescription): Schema {
  const sortable = Object.entries(d.fields)
    .filter(([, f]) => f.sortable)
    .map(([n]) => n);
  return {
    type: 'object',
    additionalProperties: false,
    properties: {
      pageSize: { type: 'integer', minimum: 1, maximum: 1000 },
      filter: { type: 'object', description: 'a filter over the record fields (docs/query.md)' },
      sort: {
        type: 'object',
        propertyNames: { enum: sortable },
        additionalProperties: { enum: ['asc', 'desc'] },
      },
      pageToken: { type: 'string', description: 'the nextPageToken of the previous page' },
      fields: { type: 'array', items: { enum: [...d.selectable] } },
    },
  };
}

const page = (item: string): Schema => ({
  type: 'object',
  required: ['items'],
  additionalProperties: false,
  properties: { items: { type: 'array', items: ref(item) }, nextPageToken: { type: 'string' } },
});
const legacyPage = (item: Schema): Schema => ({
  type: 'object',
  required: ['items', 'nextToken', 'totalCount'],
  additionalProperties: false,
  properties: {
    items: { type: 'array', items: item },
    nextToken: { type: ['string', 'null'] },
    totalCount: { type: 'integer', minimum: 0 },
  },
});
const envelope = (item: string): Schema => ({
  type: 'object',
  required: ['items', 'nextToken'],
  additionalProperties: false,
  properties: {
    items: { type: 'array', items: ref(item), minItems: 1, maxItems: 1 },
    nextToken: { type: 'null' },
  },
});
const object = (properties: Record<string, Schema>, required: string[] = []): Schema => ({
  type: 'object',
  required,
  additionalProperties: false,
  properties,
});
const str = { type: 'string' };
const date = { type: 'string', format: 'date-time' };
const pairs = { type: 'array', items: object({ key: str, value: str }, ['key', 'value']) };
/** An integer id of a legacy representation (single reads, legacy searches). */
const integer = { type: 'integer' };

const fieldDescriptor = object(
  {
    field: str,
    displayName: str,
    type: str,
    filterable: { type: 'boolean' },
    sortable: { type: 'boolean' },
    description: str,
    availableValues: { type: 'array', items: str },
    itemFields: {
      type: 'array',
      items: object({ field: str, type: str, availableValues: { type: 'array', items: str } }, [
        'field',
        'type',
        'availableValues',
      ]),
    },
  },
  ['field', 'displayName', 'type', 'filterable', 'sortable', 'description', 'availableValues', 'itemFields'],
);

const project = object({ identifier: { type: 'string', minLength: 1 }, name: str }, ['identifier']);

function schemas(): Record<string, Schema> {
  const { component, certificate, policy, upgradePlan } = RESOURCES;
  const policyComponent = POLICY_COMPONENT_RESOURCE;
  return {
    component: recordSchema(component),
    componentQueryRequest: queryRequest(component),
    componentPage: page('component'),
    legacyComponent: {
      ...recordSchema(component, { integrationId: integer, tags: pairs }, [
        'vendor',
        'hasAvailableSvcs',
        'customTags',
      ]),
      properties: {
        ...(recordSchema(component, { integrationId: integer, tags: pairs }, [
          'vendor',
          'hasAvailableSvcs',
          'customTags',
        ]).properties as object),
        typeDisplayName: str,
      },
    },
    componentEnvelope: envelope('legacyComponent'),
    legacyComponentPage: legacyPage(ref('legacyComponent')),
    certificate: recordSchema(certificate),
    certificateQueryRequest: queryRequest(certificate),
    certificatePage: page('certificate'),
    legacyCertificate: recordSchema(certificate, { id: integer, integrationId: integer }, [
      'dueDate',
      'deletedAt',
      'displayType',
    ]),
    policy: recordSchema(policy),
    policyQueryRequest: queryRequest(policy),
    policyPage: page('policy'),
    policyRead: {
      ...recordSchema(policy, { id: integer }),
      additionalProperties: true,
      description: 'the record fields, then the definition the policy was created with',
    },
    policyEnvelope: envelope('policyRead'),
    legacyPolicyPage: legacyPage(recordSchema(policy, { id: integer })),
    policyRequest: object(
      {
        policy: {
          type: 'object',
          description: 'the policy definition (schema/policy.schema.json; checked by validatePolicy)',
        },
      },
      ['policy'],
    ),
    policyCreated: object({ policy: object({ id: str }, ['id']) }, ['policy']),
    policyComponent: recordSchema(policyComponent),
    policyComponentQueryRequest: queryRequest(policyComponent),
    policyComponentPage: page('policyComponent'),
    legacyPolicyComponentPage: legacyPage({
      ...recordSchema(policyComponent, { id: integer, integrationId: integer, tags: pairs }, ['region']),
      properties: {
        ...(recordSchema(policyComponent, { id: integer, integrationId: integer, tags: pairs }, ['region'])
          .properties as object),
        typeDisplayName: str,
      },
    }),
    upgradePlan: recordSchema(upgradePlan),
    upgradePlanQueryRequest: queryRequest(upgradePlan),
    upgradePlanPage: page('upgradePlan'),
    integration: recordSchema(INTEGRATION_RESOURCE),
    integrationQueryRequest: queryRequest(INTEGRATION_RESOURCE),
    integrationPage: page('integration'),
    legacyIntegration: recordSchema(INTEGRATION_RESOURCE, { id: integer }),
    integrationEnvelope: envelope('legacyIntegration'),
    legacyIntegrationPage: legacyPage(ref('legacyIntegration')),
    legacySearchRequest: object({
      filter: { type: 'object' },
      sort: { type: 'object' },
      nextToken: str,
      pageSize: { type: 'integer', minimum: 1 },
    }),
    customTagsPatch: object(
      { customTags: { type: 'object', additionalProperties: { type: ['string', 'null'] } } },
      ['customTags'],
    ),
    customTags: object({ customTags: { type: 'object', additionalProperties: str } }, ['customTags']),
    sectionsRequest: object({ sections: { type: 'array', items: { enum: [...SECTIONS] } } }, ['sections']),
    componentUpgradePlans: object(
      {
        items: {
          type: 'array',
          items: object(
            {
              componentId: str,
              name: str,
              type: str,
              currentVersion: { type: ['string', 'null'] },
              desiredVersion: str,
              status: str,
              upgradePlan: valueSchema(upgradePlan.fields.upgradePlan),
              createdAt: date,
              updatedAt: date,
            },
            [
              'componentId',
              'name',
              'type',
              'currentVersion',
              'desiredVersion',
              'status',
              'upgradePlan',
              'createdAt',
              'updatedAt',
            ],
          ),
        },
      },
      ['items'],
    ),
    sbomRequest: object(
      {
        project,
        repository: project,
        sbom: { type: 'object' },
        projectInformation: object({
          programmingLanguage: str,
          dependencyManager: str,
          runtimeVersion: str,
          tags: { type: 'object' },
          customTags: { type: 'object' },
        }),
      },
      ['project', 'sbom'],
    ),
    waiver: waiverSchema(),
    waiverRequest: object({ waiver: ref('waiver') }, ['waiver']),
    waiverCreated: object({ waiver: object({ id: str }, ['id']) }, ['waiver']),
    waiverRead: object({ waiver: ref('waiver') }, ['waiver']),
    waiverList: object({ items: { type: 'array', items: ref('waiver') } }, ['items']),
    sbomAccepted: object({ id: str, status: { const: 'accepted' } }, ['id', 'status']),
    detailsSchemaRequest: object({ kind: { enum: [...K8S_KINDS] } }, ['kind']),
    detailsSchema: object(
      { kind: { enum: [...K8S_KINDS] }, fields: { type: 'array', items: fieldDescriptor } },
      ['kind', 'fields'],
    ),
    fieldDescriptors: object({ items: { type: 'array', items: fieldDescriptor } }, ['items']),
    error: object(
      {
        error: {
          type: 'object',
          required: ['message'],
          additionalProperties: false,
          properties: {
            message: str,
            problems: {
              type: 'array',
              items: {
                type: 'object',
                required: ['code', 'path', 'message'],
                properties: { code: str, path: str, message: str },
              },
            },
          },
        },
      },
      ['error'],
    ),
  };
}

const ERRORS: Record<string, string> = {
  '400': 'the request is not valid: every problem listed, each with its code and JSON pointer',
  '401': 'no bearer token, or one that is not valid (the message says which)',
  '403': 'the token lacks the right the operation needs (read or write)',
  '404': 'no record with this id',
  '413': 'the body is larger than the server takes',
  '429': 'the token used its requests of the rate-limit window; Retry-After says when to retry',
  '500': 'internal error',
};

const errorResponse = (description: string, headers?: Schema): Schema => ({
  description,
  ...(headers === undefined ? {} : { headers }),
  content: { 'application/json': { schema: ref('error') } },
});

/** The OpenAPI 3.1 document of `operations`. */
export function openApiDocument(operations: readonly Operation[]): Schema {
  const paths: Record<string, Record<string, Schema>> = {};
  for (const op of operations) {
    const params = [...op.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => ({
      name,
      in: 'path',
      required: true,
      schema: { type: 'string' },
    }));
    const responses: Record<string, Schema> = {
      [String(op.success.status)]: {
        description: 'success',
        ...(op.deprecated?.sunset === true
          ? { headers: { Deprecation: { schema: str }, Sunset: { schema: str }, Link: { schema: str } } }
          : {}),
        ...(op.success.schema === undefined
          ? {}
          : { content: { 'application/json': { schema: ref(op.success.schema) } } }),
      },
    };
    for (const [status, description] of Object.entries({ ...ERRORS, ...op.errors })) {
      responses[status] = errorResponse(
        description,
        status === '429' ? { 'Retry-After': { schema: { type: 'integer' } } } : undefined,
      );
    }
    if (op.deprecated?.sunset === true)
      responses['410'] = errorResponse(`removed on 2026-09-04: use ${op.deprecated.replacement}`);
    paths[op.path] ??= {};
    paths[op.path]![op.method.toLowerCase()] = {
      operationId: op.operationId,
      summary: op.summary,
      ...(op.deprecated === undefined ? {} : { deprecated: true }),
      ...(params.length === 0 ? {} : { parameters: params }),
      ...(op.request === undefined
        ? {}
        : { requestBody: { required: true, content: { 'application/json': { schema: ref(op.request) } } } }),
      'x-right': op.right,
      responses,
    };
  }
  paths['/openapi.json'] = {
    get: {
      operationId: 'openApiDocument',
      summary: 'this document',
      'x-right': 'read',
      responses: {
        '200': {
          description: 'the OpenAPI document',
          content: { 'application/json': { schema: { type: 'object' } } },
        },
        '401': errorResponse(ERRORS['401']!),
        '429': errorResponse(ERRORS['429']!),
      },
    },
  };
  return {
    openapi: '3.1.0',
    info: {
      title: 'Infrastructure Inventory and Upgrade-Governance API (svc-policy example server)',
      version: '0.2.1',
    },
    servers: [{ url: '/v1' }],
    security: [{ bearer: [] }],
    paths,
    components: { schemas: schemas(), securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
  };
}
