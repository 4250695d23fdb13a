/**
 * The server's resources: the library's built-in descriptions (src/resources/descriptions.ts) and two
 * of its own in the same form, so that queries, validation, the OpenAPI document and the column
 * mappings all read one description: integrations (the replacement of the integration search) and
 * policy-scoped components (the replacement of the policy's component search).
 */
import { RESOURCES, type ResourceDescription } from '../../src/index.js';
import type { ColumnMapping } from '../../src/sql.js';

const TIMESTAMPS = {
  createdAt: {
    type: 'timestamp',
    required: true,
    sortable: true,
    filterable: true,
    displayName: 'Created at',
  },
  updatedAt: { type: 'timestamp', sortable: true, filterable: true, displayName: 'Updated at' },
} as const;

/** The component's own fields, as the library describes them. */
const COMPONENT = RESOURCES.component.fields;

/** An integration with a cloud or platform account (`POST /integration/query`). */
export const INTEGRATION_RESOURCE = {
  name: 'integration',
  fields: {
    id: { type: 'string', required: true, sortable: true, filterable: true, displayName: 'ID' },
    name: { type: 'string', sortable: true, filterable: true, displayName: 'Name' },
    type: { type: 'string', sortable: true, filterable: true, displayName: 'Type' },
    status: {
      type: 'string',
      availableValues: ['Healthy'],
      sortable: true,
      filterable: true,
      displayName: 'Status',
    },
    details: { type: 'any', sortable: false, filterable: true, displayName: 'Details' },
    ...TIMESTAMPS,
  },
  selectable: ['id', 'name', 'type', 'status', 'details', 'createdAt', 'updatedAt'],
} as const satisfies ResourceDescription;

/**
 * A component under one policy (`POST /policy/{policyId}/component/query`): the component's own
 * fields and what the policy engine computes for it. `status` is the status the policy gives it;
 * `isCompliant` is true when that is the default status (no rule reached); `urgency` is the status's
 * criticality and `priority` its rank among the policy's criticalities (1 the most critical);
 * `dueDate` is `updatedAt` plus the server's remediation window when not compliant, null otherwise;
 * `requiredVersion` and `recommendedVersion` are read from the policy's version operands (targets.ts).
 */
export const POLICY_COMPONENT_RESOURCE = {
  name: 'policyComponent',
  fields: {
    id: { type: 'string', required: true, sortable: true, filterable: true, displayName: 'ID' },
    componentId: { type: 'string', sortable: true, filterable: true, displayName: 'Component ID' },
    integrationId: COMPONENT.integrationId,
    name: { type: 'string', sortable: true, filterable: true, displayName: 'Name' },
    uniqueIdentifier: COMPONENT.uniqueIdentifier,
    region: COMPONENT.region,
    technology: COMPONENT.technology,
    type: COMPONENT.type,
    currentVersion: { ...COMPONENT.version, nullable: true, displayName: 'Current version' },
    requiredVersion: {
      type: 'string',
      nullable: true,
      sortable: false,
      filterable: false,
      displayName: 'Required version',
      description: 'the lowest version the policy compares with at which the status is less critical',
    },
    recommendedVersion: {
      type: 'string',
      nullable: true,
      sortable: false,
      filterable: false,
      displayName: 'Recommended version',
      description: 'the lowest version the policy compares with at which the component is compliant',
    },
    tags: COMPONENT.tags,
    status: {
      type: 'string',
      sortable: true,
      filterable: true,
      displayName: 'Status',
      description: 'the status the policy gives the component',
    },
    isCompliant: { type: 'boolean', sortable: true, filterable: true, displayName: 'Compliant' },
    urgency: { type: 'number', sortable: true, filterable: true, displayName: 'Urgency' },
    priority: { type: 'integer', sortable: true, filterable: true, displayName: 'Priority' },
    dueDate: { type: 'timestamp', nullable: true, sortable: true, filterable: true, displayName: 'Due date' },
    waivedBy: {
      type: 'string',
      nullable: true,
      sortable: true,
      filterable: true,
      displayName: 'Waived by',
      description:
        'the id of the active waiver that marks the component at the request instant, null when none',
    },
    waiverExpires: {
      type: 'timestamp',
      nullable: true,
      sortable: true,
      filterable: true,
      displayName: 'Waiver expires',
      description: 'the expiry of the waiver named by waivedBy (UTC, to the millisecond), null when none',
    },
    ...TIMESTAMPS,
  },
  selectable: [
    'id',
    'componentId',
    'integrationId',
    'name',
    'uniqueIdentifier',
    'region',
    'technology',
    'type',
    'currentVersion',
    'requiredVersion',
    'recommendedVersion',
    'tags',
    'status',
    'isCompliant',
    'urgency',
    'priority',
    'dueDate',
    'waivedBy',
    'waiverExpires',
    'createdAt',
    'updatedAt',
  ],
} as const satisfies ResourceDescription;

/** A resource the server queries, and its table. */
export interface Collection {
  readonly description: ResourceDescription;
  readonly table: string;
}

export const COLLECTIONS = {
  component: { description: RESOURCES.component, table: 'components' },
  certificate: { description: RESOURCES.certificate, table: 'certificates' },
  policy: { description: RESOURCES.policy, table: 'policies' },
  upgradePlan: { description: RESOURCES.upgradePlan, table: 'upgrade_plans' },
  integration: { description: INTEGRATION_RESOURCE, table: 'integrations' },
} as const satisfies Record<string, Collection>;

/**
 * The column mapping of a description: every field read from the JSON document `doc`, but `id`,
 * `createdAt` and `updatedAt`, which have columns of their own so the page index serves the default
 * order.
 */
export function columnsOf(description: ResourceDescription): Record<string, ColumnMapping> {
  const columns: Record<string, ColumnMapping> = {};
  for (const field of Object.keys(description.fields)) {
    columns[field] = { column: 'doc', type: 'jsonb', path: [field] };
  }
  columns.id = { column: 'id', type: 'text' };
  columns.createdAt = { column: 'created_at', type: 'timestamp' };
  columns.updatedAt = { column: 'updated_at', type: 'timestamp' };
  return columns;
}
