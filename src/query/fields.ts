import { objectKeys } from '../builtins.js';
import {
  RESOURCES,
  type ResourceDescription,
  type ResourceName,
  resolveResource,
  type ValueType,
} from '../resources/descriptions.js';
import { QueryError } from './errors.js';

/** Fields discovery: the API's field descriptors, read from a resource description. */

/** One item field of an array in a field descriptor (the API's `itemFields`). */
export interface ItemFieldDescriptor {
  readonly field: string;
  readonly type: string;
  readonly availableValues: readonly string[];
}

/**
 * A field descriptor as the API's fields-discovery operations return it (`POST
 * /k8sResource/detailsSchema` uses the same shape).
 */
export interface FieldDescriptor {
  readonly field: string;
  readonly displayName: string;
  readonly type: string;
  readonly filterable: boolean;
  readonly sortable: boolean;
  readonly description: string;
  readonly availableValues: readonly string[];
  readonly itemFields: readonly ItemFieldDescriptor[];
}

/** The `type` word of a descriptor: `string`, `array<string>`, `map<string>`, `object`… */
export function typeWord(type: ValueType): string {
  switch (type.type) {
    case 'array':
      return `array<${typeWord(type.items)}>`;
    case 'map':
      return `map<${typeWord(type.values)}>`;
    case 'string':
    case 'integer':
    case 'number':
    case 'boolean':
    case 'timestamp':
    case 'object':
    case 'any':
      return type.type;
  }
}

function availableValues(type: ValueType): readonly string[] {
  return type.type === 'string' && type.availableValues !== undefined ? type.availableValues : [];
}

/** The fields of the element of an array of objects, for `itemFields`. */
function itemFields(type: ValueType): ItemFieldDescriptor[] {
  if (type.type !== 'array' || type.items.type !== 'object') return [];
  return Object.entries(type.items.fields).map(([field, t]) => ({
    field,
    type: typeWord(t),
    availableValues: [...availableValues(t)],
  }));
}

/**
 * The field descriptors of a resource, in the order of its description's `fields` (for the built-ins,
 * the order of the API description's resource table, not that of its selectable list), for a
 * fields-discovery answer.
 * Only selectable fields are listed unless `all` is set (a field that cannot be selected, such as a
 * certificate's `displayType`, is still filterable and sortable).
 *
 * @example
 * describeFields('policy').map((f) => f.field); // ['id', 'name', 'description', 'createdAt', 'updatedAt']
 */
export function describeFields(
  resource: ResourceName | ResourceDescription,
  options: { readonly all?: boolean } = {},
): FieldDescriptor[] {
  const description = resolveResource(resource);
  if (
    description === undefined ||
    typeof description !== 'object' ||
    typeof description.fields !== 'object'
  ) {
    throw new QueryError([
      {
        code: 'UNKNOWN_RESOURCE',
        path: '',
        message: `unknown resource ${JSON.stringify(resource)} (known: ${objectKeys(RESOURCES).join(', ')})`,
      },
    ]);
  }
  const selectable = new Set(description.selectable);
  const out: FieldDescriptor[] = [];
  for (const [field, d] of Object.entries(description.fields)) {
    if (options.all !== true && !selectable.has(field)) continue;
    out.push({
      field,
      displayName: d.displayName ?? field,
      type: typeWord(d),
      filterable: d.filterable,
      sortable: d.sortable,
      description: d.description ?? '',
      availableValues: [...availableValues(d)],
      itemFields: itemFields(d),
    });
  }
  return out;
}
