import { ANY, BOOLEAN, type FieldType, STRING, TIMESTAMP } from './types.js';

/**
 * Fields of a component in the query representation (`POST /component/query`), which is what policies
 * with `resource: "component"` evaluate. `tags` is the query's map form (not the legacy `{key, value}`
 * array); `details` is technology-specific and open unless Kubernetes descriptors are supplied.
 */
export const COMPONENT_FIELDS: Readonly<Record<string, FieldType>> = {
  id: STRING,
  integrationId: STRING,
  uniqueIdentifier: STRING,
  region: STRING,
  vendor: STRING,
  technology: STRING,
  type: STRING,
  version: STRING,
  hasAvailableSvcs: BOOLEAN,
  tags: { kind: 'map', values: STRING },
  customTags: { kind: 'map', values: STRING },
  details: ANY,
  createdAt: TIMESTAMP,
  updatedAt: TIMESTAMP,
};
