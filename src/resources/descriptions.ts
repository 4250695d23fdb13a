import { hasOwn } from '../builtins.js';

/**
 * Resource descriptions as data: the fields of each queryable resource of the API description, their
 * types, and which are selectable, sortable and filterable. One source for query planning
 * (`parseQuery`), fields discovery (`describeFields`) and policy validation (`svc-policy/validate`
 * derives its field tables from these).
 *
 * The built-in descriptions are declared `as const` so their literal types survive: a caller can derive
 * record and selection types from them (`(typeof COMPONENT_RESOURCE)['selectable'][number]`).
 */

/** The value types a description can give a field. */
export type ValueTypeName =
  | 'string'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'timestamp'
  | 'array'
  | 'map'
  | 'object'
  | 'any';

/**
 * The type of a value, as a plain object tagged by `type`. `nullable` says the value may be `null`
 * (`completedAt`, `deletedAt`); `availableValues` lists the known values of a string (documentation and
 * a validation warning, never a restriction of what a query may ask).
 */
export type ValueType = ValueShape & {
  /** `false`: no filter may read this value or below it (Kubernetes detail descriptors say so). */
  readonly filterable?: boolean;
};

type ValueShape =
  | {
      readonly type: 'string';
      readonly nullable?: boolean;
      readonly availableValues?: readonly string[];
      /**
       * `version`: the values are versions (docs/semantics.md §4), and a sort on the field orders them
       * as the version operators compare them, a value that is not a version sorting as missing.
       */
      readonly format?: 'version';
    }
  | { readonly type: 'integer'; readonly nullable?: boolean }
  | { readonly type: 'number'; readonly nullable?: boolean }
  | { readonly type: 'boolean'; readonly nullable?: boolean }
  /** An ISO 8601 UTC string with milliseconds (`2026-01-01T00:00:00.000Z`). */
  | { readonly type: 'timestamp'; readonly nullable?: boolean }
  | { readonly type: 'array'; readonly items: ValueType; readonly nullable?: boolean }
  /** An object whose keys are free (tags): every key holds `values`. */
  | { readonly type: 'map'; readonly values: ValueType; readonly nullable?: boolean }
  /** An object with known fields; an `open` object accepts other keys, of unknown type. */
  | {
      readonly type: 'object';
      readonly fields: { readonly [key: string]: ValueType };
      readonly open: boolean;
      readonly nullable?: boolean;
    }
  /** Anything: nothing is known below this point (`details` of a component). */
  | { readonly type: 'any'; readonly nullable?: boolean };

/** A top-level field of a resource: its value type plus what a query may do with it. */
export type FieldDescription = ValueType & {
  /** May appear as a key of `sort`. */
  readonly sortable: boolean;
  /** May be read by a `filter` (the field itself or any path below it). */
  readonly filterable: boolean;
  /**
   * Every record has this field, never `null`, always of its scalar type (the tie-breakers `id` and
   * `createdAt` of the built-ins). A promise about the data that lets SQL and MongoDB page through an
   * index (a row-value comparison, a plain `find` sort) where a field that may be missing needs its
   * null placement spelled out; a record that breaks it may be skipped after a cursor on those targets.
   */
  readonly required?: boolean;
  readonly displayName?: string;
  readonly description?: string;
};

/**
 * A queryable resource. `selectable` is the list of names a field selection may contain (verbatim from
 * the API description for the built-ins); `tieBreakers` are the keys appended to every sort so the order
 * is total (the last one must be unique per record); default `['createdAt', 'id']`.
 */
export interface ResourceDescription {
  readonly name: string;
  readonly fields: { readonly [field: string]: FieldDescription };
  readonly selectable: readonly string[];
  readonly tieBreakers?: readonly string[];
}

/** The names of the built-in resources. */
export type ResourceName = 'component' | 'certificate' | 'policy' | 'upgradePlan';

/** The default tie-breakers of every sort: creation time, then the unique id. */
export const DEFAULT_TIE_BREAKERS = ['createdAt', 'id'] as const;

/**
 * A component in the query representation (`POST /component/query`). `tags` is the query's map form
 * (not the legacy `{key, value}` array); `details` is technology-specific.
 */
export const COMPONENT_RESOURCE = {
  name: 'component',
  fields: {
    id: { type: 'string', required: true, sortable: true, filterable: true, displayName: 'ID' },
    integrationId: {
      type: 'string',
      sortable: true,
      filterable: true,
      displayName: 'Integration ID',
      description: 'owning integration',
    },
    uniqueIdentifier: {
      type: 'string',
      sortable: true,
      filterable: true,
      displayName: 'Unique identifier',
      description: 'external resource identifier',
    },
    region: { type: 'string', sortable: true, filterable: true, displayName: 'Region' },
    vendor: { type: 'string', sortable: true, filterable: true, displayName: 'Vendor' },
    technology: {
      type: 'string',
      sortable: true,
      filterable: true,
      displayName: 'Technology',
      description: 'for example a database or cluster family',
    },
    type: {
      type: 'string',
      sortable: true,
      filterable: true,
      displayName: 'Type',
      description: 'finer kind inside a technology',
    },
    version: {
      type: 'string',
      format: 'version',
      sortable: true,
      filterable: true,
      displayName: 'Version',
    },
    hasAvailableSvcs: {
      type: 'boolean',
      sortable: true,
      filterable: true,
      displayName: 'Has available svcs',
    },
    tags: {
      type: 'map',
      values: { type: 'string' },
      sortable: false,
      filterable: true,
      displayName: 'Tags',
      description: 'discovered tags',
    },
    customTags: {
      type: 'map',
      values: { type: 'string' },
      sortable: false,
      filterable: true,
      displayName: 'Custom tags',
      description: 'user-set tags',
    },
    // Technology-specific and open. The description gives one sample, `details.database.
    // lastActiveConnectionTime` (a timestamp); Kubernetes details come from the discovery operation
    // (`POST /k8sResource/detailsSchema`), which validation reads when given.
    details: {
      type: 'object',
      open: true,
      fields: {
        database: {
          type: 'object',
          open: true,
          fields: { lastActiveConnectionTime: { type: 'timestamp', nullable: true } },
        },
      },
      sortable: false,
      filterable: true,
      displayName: 'Details',
      description: 'nested, technology-specific',
    },
    createdAt: {
      type: 'timestamp',
      required: true,
      sortable: true,
      filterable: true,
      displayName: 'Created at',
    },
    updatedAt: { type: 'timestamp', sortable: true, filterable: true, displayName: 'Updated at' },
  },
  selectable: [
    'id',
    'integrationId',
    'uniqueIdentifier',
    'region',
    'vendor',
    'technology',
    'type',
    'version',
    'hasAvailableSvcs',
    'createdAt',
    'updatedAt',
    'tags',
    'customTags',
    'details',
  ],
} as const satisfies ResourceDescription;

/**
 * A certificate in the query representation (`POST /certificates/query`). Observed values (`ssl`,
 * `active`, `eligible`) are not enumerations in the API description, so they are not listed as
 * available values. `displayType` is a field but not selectable (the description's list omits it).
 */
export const CERTIFICATE_RESOURCE = {
  name: 'certificate',
  fields: {
    id: { type: 'string', required: true, sortable: true, filterable: true, displayName: 'ID' },
    integrationId: { type: 'string', sortable: true, filterable: true, displayName: 'Integration ID' },
    uniqueIdentifier: { type: 'string', sortable: true, filterable: true, displayName: 'Unique identifier' },
    type: { type: 'string', sortable: true, filterable: true, displayName: 'Type' },
    status: { type: 'string', sortable: true, filterable: true, displayName: 'Status' },
    issuer: { type: 'string', sortable: true, filterable: true, displayName: 'Issuer' },
    keyAlgorithm: { type: 'string', sortable: true, filterable: true, displayName: 'Key algorithm' },
    renewalEligibility: {
      type: 'string',
      sortable: true,
      filterable: true,
      displayName: 'Renewal eligibility',
    },
    domainName: { type: 'string', sortable: true, filterable: true, displayName: 'Domain name' },
    domains: {
      type: 'array',
      items: { type: 'string' },
      sortable: false,
      filterable: true,
      displayName: 'Domains',
    },
    inUseBy: {
      type: 'array',
      items: { type: 'string' },
      sortable: false,
      filterable: true,
      displayName: 'In use by',
      description: 'names of users of the certificate',
    },
    created: { type: 'timestamp', sortable: true, filterable: true, displayName: 'Created' },
    issuedAt: { type: 'timestamp', sortable: true, filterable: true, displayName: 'Issued at' },
    validityStartDate: {
      type: 'timestamp',
      sortable: true,
      filterable: true,
      displayName: 'Validity start date',
    },
    expirationDate: { type: 'timestamp', sortable: true, filterable: true, displayName: 'Expiration date' },
    dueDate: { type: 'timestamp', sortable: true, filterable: true, displayName: 'Due date' },
    // Observed keys `serialNumber` and `signatureAlgorithm`; the object "may be empty" and is not closed.
    details: {
      type: 'object',
      open: true,
      fields: { serialNumber: { type: 'string' }, signatureAlgorithm: { type: 'string' } },
      sortable: false,
      filterable: true,
      displayName: 'Details',
    },
    createdAt: {
      type: 'timestamp',
      required: true,
      sortable: true,
      filterable: true,
      displayName: 'Created at',
    },
    updatedAt: { type: 'timestamp', sortable: true, filterable: true, displayName: 'Updated at' },
    deletedAt: {
      type: 'timestamp',
      nullable: true,
      sortable: true,
      filterable: true,
      displayName: 'Deleted at',
    },
    componentIds: {
      type: 'array',
      items: { type: 'integer' },
      sortable: false,
      filterable: true,
      displayName: 'Component IDs',
      description: 'components using the certificate',
    },
    displayType: { type: 'string', sortable: true, filterable: true, displayName: 'Display type' },
  },
  selectable: [
    'id',
    'integrationId',
    'uniqueIdentifier',
    'type',
    'status',
    'issuer',
    'keyAlgorithm',
    'renewalEligibility',
    'domainName',
    'domains',
    'inUseBy',
    'created',
    'issuedAt',
    'validityStartDate',
    'expirationDate',
    'dueDate',
    'details',
    'createdAt',
    'updatedAt',
    'deletedAt',
    'componentIds',
  ],
} as const satisfies ResourceDescription;

/** A policy record as reads and queries return it (`POST /policy/query`). */
export const POLICY_RESOURCE = {
  name: 'policy',
  fields: {
    id: { type: 'string', required: true, sortable: true, filterable: true, displayName: 'ID' },
    name: { type: 'string', sortable: true, filterable: true, displayName: 'Name' },
    description: { type: 'string', sortable: true, filterable: true, displayName: 'Description' },
    createdAt: {
      type: 'timestamp',
      required: true,
      sortable: true,
      filterable: true,
      displayName: 'Created at',
    },
    updatedAt: { type: 'timestamp', sortable: true, filterable: true, displayName: 'Updated at' },
  },
  selectable: ['id', 'name', 'description', 'createdAt', 'updatedAt'],
} as const satisfies ResourceDescription;

const CHANGE = {
  type: 'object',
  open: true,
  fields: {
    name: { type: 'string' },
    currentVersion: { type: 'string', format: 'version' },
    desiredVersion: { type: 'string', format: 'version' },
    status: { type: 'string', availableValues: ['pending', 'active'] },
  },
} as const satisfies ValueType;

/**
 * An upgrade plan item (`POST /svc/query`). `upgradePlan` (sections of changes) is a field but not
 * selectable (the description's list omits it).
 */
export const UPGRADE_PLAN_RESOURCE = {
  name: 'upgradePlan',
  fields: {
    id: { type: 'string', required: true, sortable: true, filterable: true, displayName: 'ID' },
    componentId: { type: 'string', sortable: true, filterable: true, displayName: 'Component ID' },
    technology: { type: 'string', sortable: true, filterable: true, displayName: 'Technology' },
    status: {
      type: 'string',
      availableValues: ['active', 'completed'],
      sortable: true,
      filterable: true,
      displayName: 'Status',
    },
    currentVersion: {
      type: 'string',
      format: 'version',
      sortable: true,
      filterable: true,
      displayName: 'Current version',
    },
    desiredVersion: {
      type: 'string',
      format: 'version',
      sortable: true,
      filterable: true,
      displayName: 'Desired version',
    },
    upgradePlan: {
      type: 'map',
      values: { type: 'object', open: true, fields: { changes: { type: 'array', items: CHANGE } } },
      sortable: false,
      filterable: true,
      displayName: 'Upgrade plan',
      description: 'sections keyed by name, each with its list of changes',
    },
    createdAt: {
      type: 'timestamp',
      required: true,
      sortable: true,
      filterable: true,
      displayName: 'Created at',
    },
    updatedAt: { type: 'timestamp', sortable: true, filterable: true, displayName: 'Updated at' },
    completedAt: {
      type: 'timestamp',
      nullable: true,
      sortable: true,
      filterable: true,
      displayName: 'Completed at',
    },
  },
  selectable: [
    'id',
    'componentId',
    'technology',
    'status',
    'currentVersion',
    'desiredVersion',
    'createdAt',
    'updatedAt',
    'completedAt',
  ],
} as const satisfies ResourceDescription;

/** The built-in descriptions by name. */
export const RESOURCES = {
  component: COMPONENT_RESOURCE,
  certificate: CERTIFICATE_RESOURCE,
  policy: POLICY_RESOURCE,
  upgradePlan: UPGRADE_PLAN_RESOURCE,
} as const satisfies Readonly<Record<ResourceName, ResourceDescription>>;

/**
 * True for the name of a built-in resource.
 *
 * @example
 * isResourceName('upgradePlan'); // true
 */
export function isResourceName(name: unknown): name is ResourceName {
  return typeof name === 'string' && hasOwn(RESOURCES, name);
}

/**
 * The description of a built-in resource by name, or the description object itself; `undefined` for an
 * unknown name.
 *
 * @example
 * resolveResource('certificate') === CERTIFICATE_RESOURCE; // true
 */
export function resolveResource(resource: ResourceName | ResourceDescription): ResourceDescription;
export function resolveResource(resource: string | ResourceDescription): ResourceDescription | undefined;
export function resolveResource(resource: string | ResourceDescription): ResourceDescription | undefined {
  if (typeof resource !== 'string') return resource;
  return isResourceName(resource) ? RESOURCES[resource] : undefined;
}
