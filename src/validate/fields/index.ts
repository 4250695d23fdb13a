import { RESOURCES, type ResourceDescription, type ValueType } from '../../resources/descriptions.js';
import type { FieldType } from './types.js';

/**
 * The validator's type of a value of a resource description. The descriptions in `resources/descriptions.ts`
 * are the one source of field names and types; this only changes the form (`integer` is a number to a
 * filter, `filterable: false` blocks the paths below the field).
 */
export function fieldTypeOf(type: ValueType, filterable?: boolean): FieldType {
  const flag = filterable === false ? { filterable: false } : {};
  switch (type.type) {
    case 'string':
      return type.availableValues !== undefined && type.availableValues.length > 0
        ? { kind: 'string', values: type.availableValues, ...flag }
        : { kind: 'string', ...flag };
    case 'integer':
    case 'number':
      return { kind: 'number', ...flag };
    case 'boolean':
      return { kind: 'boolean', ...flag };
    case 'timestamp':
      return { kind: 'timestamp', ...flag };
    case 'array':
      return { kind: 'array', items: fieldTypeOf(type.items), ...flag };
    case 'map':
      return { kind: 'map', values: fieldTypeOf(type.values), ...flag };
    case 'object': {
      const fields: Record<string, FieldType> = {};
      for (const [key, t] of Object.entries(type.fields)) fields[key] = fieldTypeOf(t);
      return { kind: 'object', open: type.open, fields, ...flag };
    }
    case 'any':
      return { kind: 'any', ...flag };
  }
}

/** The validator's field table of a resource description. */
export function fieldTable(description: ResourceDescription): Readonly<Record<string, FieldType>> {
  const table: Record<string, FieldType> = {};
  for (const [field, d] of Object.entries(description.fields)) table[field] = fieldTypeOf(d, d.filterable);
  return table;
}

/** Field tables by policy `resource` kind, derived from the resource descriptions. */
export const FIELD_TABLES: Readonly<Record<string, Readonly<Record<string, FieldType>>>> = Object.fromEntries(
  Object.entries(RESOURCES).map(([name, description]) => [name, fieldTable(description)]),
);

/** The root type of a resource kind, or `undefined` for a kind without a table. */
export function resourceType(resource: string): FieldType | undefined {
  if (!Object.hasOwn(FIELD_TABLES, resource)) return undefined;
  return { kind: 'object', open: false, fields: FIELD_TABLES[resource]! };
}
