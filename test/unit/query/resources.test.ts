import { describe, expect, expectTypeOf, it } from 'vitest';
import {
  CERTIFICATE_RESOURCE,
  COMPONENT_RESOURCE,
  describeFields,
  POLICY_RESOURCE,
  RESOURCES,
  type ResourceDescription,
  UPGRADE_PLAN_RESOURCE,
} from '../../../src/index.js';
import { recordType } from '../../../src/resources/schema.js';

// The selectable lists as the API description prints them, per operation (typed here by hand).
const SPEC_SELECTABLE = {
  policy: 'id, name, description, createdAt, updatedAt',
  component:
    'id, integrationId, uniqueIdentifier, region, vendor, technology, type, version, hasAvailableSvcs, createdAt, updatedAt, tags, customTags, details',
  upgradePlan:
    'id, componentId, technology, status, currentVersion, desiredVersion, createdAt, updatedAt, completedAt',
  certificate:
    'id, integrationId, uniqueIdentifier, type, status, issuer, keyAlgorithm, renewalEligibility, domainName, domains, inUseBy, created, issuedAt, validityStartDate, expirationDate, dueDate, details, createdAt, updatedAt, deletedAt, componentIds',
} as const;

// The fields of each resource table of the API description, in its order, restricted to the query
// representation (a component's typeDisplayName is of legacy searches and single reads only).
const SPEC_TABLE_ORDER = {
  policy: 'id, name, description, createdAt, updatedAt',
  component:
    'id, integrationId, uniqueIdentifier, region, vendor, technology, type, version, hasAvailableSvcs, tags, customTags, details, createdAt, updatedAt',
  upgradePlan:
    'id, componentId, technology, status, currentVersion, desiredVersion, upgradePlan, createdAt, updatedAt, completedAt',
  certificate:
    'id, integrationId, uniqueIdentifier, type, status, issuer, keyAlgorithm, renewalEligibility, domainName, domains, inUseBy, created, issuedAt, validityStartDate, expirationDate, dueDate, details, createdAt, updatedAt, deletedAt, componentIds, displayType',
} as const;

describe('resource descriptions', () => {
  it.each(Object.entries(SPEC_TABLE_ORDER))(
    '%s: describeFields lists the fields in the order of the description',
    (name, table) => {
      const resource = name as keyof typeof RESOURCES;
      const order = table.split(', ');
      expect(describeFields(resource, { all: true }).map((f) => f.field)).toEqual(order);
      // Only the selectable ones by default, still in that order (not the selectable list's own).
      const selectable = new Set<string>(RESOURCES[resource].selectable);
      expect(describeFields(resource).map((f) => f.field)).toEqual(order.filter((f) => selectable.has(f)));
    },
  );

  it.each(Object.entries(SPEC_SELECTABLE))(
    '%s: the selectable list of the description, verbatim',
    (name, list) => {
      const description: ResourceDescription = RESOURCES[name as keyof typeof RESOURCES];
      expect(description.selectable.join(', ')).toBe(list);
      for (const field of description.selectable) expect(Object.hasOwn(description.fields, field)).toBe(true);
    },
  );

  it('keeps literal types for callers that derive record types', () => {
    expectTypeOf(POLICY_RESOURCE.selectable).toEqualTypeOf<
      readonly ['id', 'name', 'description', 'createdAt', 'updatedAt']
    >();
    expectTypeOf(UPGRADE_PLAN_RESOURCE.fields.completedAt.nullable).toEqualTypeOf<true>();
    expectTypeOf(CERTIFICATE_RESOURCE.fields.componentIds.items.type).toEqualTypeOf<'integer'>();
    expectTypeOf(COMPONENT_RESOURCE.fields.tags.type).toEqualTypeOf<'map'>();
  });

  it('describeFields gives the field-descriptor shape of the description', () => {
    const fields = describeFields('certificate');
    expect(new Set(fields.map((f) => f.field))).toEqual(new Set(CERTIFICATE_RESOURCE.selectable));
    expect(fields.find((f) => f.field === 'domains')).toEqual({
      field: 'domains',
      displayName: 'Domains',
      type: 'array<string>',
      filterable: true,
      sortable: false,
      description: '',
      availableValues: [],
      itemFields: [],
    });
    expect(fields.some((f) => f.field === 'displayType')).toBe(false);
    expect(describeFields('certificate', { all: true }).some((f) => f.field === 'displayType')).toBe(true);
    expect(describeFields('upgradePlan').find((f) => f.field === 'status')?.availableValues).toEqual([
      'active',
      'completed',
    ]);
  });

  it('describeFields takes a caller description, with item fields of arrays of objects', () => {
    const custom = {
      name: 'host',
      fields: {
        id: { type: 'string', sortable: true, filterable: true },
        disks: {
          type: 'array',
          items: {
            type: 'object',
            open: false,
            fields: { kind: { type: 'string', availableValues: ['ssd', 'hdd'] } },
          },
          sortable: false,
          filterable: false,
          description: 'attached disks',
        },
      },
      selectable: ['id', 'disks'],
    } as const satisfies ResourceDescription;
    expect(describeFields(custom)).toEqual([
      {
        field: 'id',
        displayName: 'id',
        type: 'string',
        filterable: true,
        sortable: true,
        description: '',
        availableValues: [],
        itemFields: [],
      },
      {
        field: 'disks',
        displayName: 'disks',
        type: 'array<object>',
        filterable: false,
        sortable: false,
        description: 'attached disks',
        availableValues: [],
        itemFields: [{ field: 'kind', type: 'string', availableValues: ['ssd', 'hdd'] }],
      },
    ]);
  });

  it('validation and parseQuery check fields against the same descriptions, in one vocabulary', () => {
    for (const description of Object.values(RESOURCES)) {
      const root = recordType(description);
      expect(root.type === 'object' && root.fields).toBe(description.fields);
    }
    expect(CERTIFICATE_RESOURCE.fields.componentIds).toMatchObject({
      type: 'array',
      items: { type: 'integer' },
    });
  });
});
