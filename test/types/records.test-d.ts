import { describe, expectTypeOf, it } from 'vitest';
import type {
  CERTIFICATE_RESOURCE,
  Certificate,
  COMPONENT_RESOURCE,
  Component,
  FilterPath,
  POLICY_RESOURCE,
  PolicyRecord,
  Timestamp,
  UPGRADE_PLAN_RESOURCE,
  UpgradePlanItem,
} from '../../src/index.js';

/**
 * The record types agree with the resource descriptions they are derived from (and that the query
 * module and validation use): the same top-level fields, each field with the type its description
 * gives, and a filter names exactly those fields at the top. test/unit/typed/records.test.ts checks the
 * same names against validation's field tables at run time.
 */

/** The one-segment paths of a filter: the top-level fields it may name. */
type TopLevel<P> = P extends `${string}$.${string}` ? never : P;

describe('record types and resource descriptions', () => {
  it('Component: the fields of COMPONENT_RESOURCE', () => {
    type Fields = keyof (typeof COMPONENT_RESOURCE)['fields'];
    expectTypeOf<keyof Component>().toEqualTypeOf<Fields>();
    expectTypeOf<TopLevel<FilterPath<Component>>>().toEqualTypeOf<Fields>();
    // The fields of the API description's component, as it lists them.
    expectTypeOf<Fields>().toEqualTypeOf<
      | 'id'
      | 'integrationId'
      | 'uniqueIdentifier'
      | 'region'
      | 'vendor'
      | 'technology'
      | 'type'
      | 'version'
      | 'hasAvailableSvcs'
      | 'tags'
      | 'customTags'
      | 'details'
      | 'createdAt'
      | 'updatedAt'
    >();
    expectTypeOf<Component['region']>().toEqualTypeOf<string>();
    expectTypeOf<Component['hasAvailableSvcs']>().toEqualTypeOf<boolean>();
    expectTypeOf<Component['tags']>().toEqualTypeOf<{ readonly [key: string]: string }>();
    // details: open, with the one technology the description describes, itself open.
    type Database = NonNullable<Component['details']['database']>;
    expectTypeOf<Database['lastActiveConnectionTime']>().toEqualTypeOf<Timestamp | null | undefined>();
    expectTypeOf<Database['connections']>().toBeUnknown();
    expectTypeOf<Component['details']['postgres']>().toBeUnknown();
  });

  it('Certificate: the fields of CERTIFICATE_RESOURCE', () => {
    type Fields = keyof (typeof CERTIFICATE_RESOURCE)['fields'];
    expectTypeOf<keyof Certificate>().toEqualTypeOf<Fields>();
    expectTypeOf<TopLevel<FilterPath<Certificate>>>().toEqualTypeOf<Fields>();
    expectTypeOf<Fields>().toEqualTypeOf<
      | 'id'
      | 'integrationId'
      | 'uniqueIdentifier'
      | 'type'
      | 'status'
      | 'issuer'
      | 'keyAlgorithm'
      | 'renewalEligibility'
      | 'domainName'
      | 'domains'
      | 'inUseBy'
      | 'created'
      | 'issuedAt'
      | 'validityStartDate'
      | 'expirationDate'
      | 'dueDate'
      | 'details'
      | 'createdAt'
      | 'updatedAt'
      | 'deletedAt'
      | 'componentIds'
      | 'displayType'
    >();
    expectTypeOf<Certificate['deletedAt']>().toEqualTypeOf<Timestamp | null>();
    expectTypeOf<Certificate['componentIds']>().toEqualTypeOf<readonly number[]>();
    expectTypeOf<Certificate['details']['serialNumber']>().toEqualTypeOf<string | undefined>();
  });

  it('UpgradePlanItem: the fields of UPGRADE_PLAN_RESOURCE', () => {
    type Fields = keyof (typeof UPGRADE_PLAN_RESOURCE)['fields'];
    expectTypeOf<keyof UpgradePlanItem>().toEqualTypeOf<Fields>();
    expectTypeOf<TopLevel<FilterPath<UpgradePlanItem>>>().toEqualTypeOf<Fields>();
    expectTypeOf<Fields>().toEqualTypeOf<
      | 'id'
      | 'componentId'
      | 'technology'
      | 'status'
      | 'currentVersion'
      | 'desiredVersion'
      | 'upgradePlan'
      | 'createdAt'
      | 'updatedAt'
      | 'completedAt'
    >();
    expectTypeOf<UpgradePlanItem['completedAt']>().toEqualTypeOf<Timestamp | null>();
    type Change = NonNullable<UpgradePlanItem['upgradePlan'][string]['changes']>[number];
    expectTypeOf<Change['status']>().toEqualTypeOf<string | undefined>();
  });

  it('PolicyRecord: the fields of POLICY_RESOURCE', () => {
    type Fields = keyof (typeof POLICY_RESOURCE)['fields'];
    expectTypeOf<keyof PolicyRecord>().toEqualTypeOf<Fields>();
    expectTypeOf<TopLevel<FilterPath<PolicyRecord>>>().toEqualTypeOf<Fields>();
    expectTypeOf<Fields>().toEqualTypeOf<'id' | 'name' | 'description' | 'createdAt' | 'updatedAt'>();
  });
});
