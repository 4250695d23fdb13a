import { CERTIFICATE_FIELDS } from './certificate.js';
import { COMPONENT_FIELDS } from './component.js';
import type { FieldType } from './types.js';

/** Field tables by policy `resource` kind. */
export const FIELD_TABLES: Readonly<Record<string, Readonly<Record<string, FieldType>>>> = {
  component: COMPONENT_FIELDS,
  certificate: CERTIFICATE_FIELDS,
};

/** The root type of a resource kind, or `undefined` for a kind without a table. */
export function resourceType(resource: string): FieldType | undefined {
  if (!Object.hasOwn(FIELD_TABLES, resource)) return undefined;
  return { kind: 'object', open: false, fields: FIELD_TABLES[resource]! };
}
