/**
 * The type of a field as the validator knows it. Field tables are derived from the resource
 * descriptions of `resources/descriptions.ts` (the query representations of the API description).
 */
export type FieldType =
  | { readonly kind: 'string'; readonly values?: readonly string[]; readonly filterable?: boolean }
  | { readonly kind: 'number'; readonly filterable?: boolean }
  | { readonly kind: 'boolean'; readonly filterable?: boolean }
  /** An ISO 8601 UTC string with milliseconds (`2026-01-01T00:00:00.000Z`); `null` allowed when nullable. */
  | { readonly kind: 'timestamp'; readonly filterable?: boolean }
  | { readonly kind: 'array'; readonly items: FieldType; readonly filterable?: boolean }
  /** An object whose keys are free (tags): every key holds `values`. */
  | { readonly kind: 'map'; readonly values: FieldType; readonly filterable?: boolean }
  /** An object with known fields; `open` objects accept other keys, of unknown type. */
  | {
      readonly kind: 'object';
      readonly fields: Readonly<Record<string, FieldType>>;
      readonly open: boolean;
      readonly filterable?: boolean;
    }
  /** Anything: nothing is checked below this point (`details` without descriptors). */
  | { readonly kind: 'any'; readonly filterable?: boolean };

export type FieldKind = FieldType['kind'];

export const STRING: FieldType = { kind: 'string' };
export const NUMBER: FieldType = { kind: 'number' };
export const BOOLEAN: FieldType = { kind: 'boolean' };
export const TIMESTAMP: FieldType = { kind: 'timestamp' };
export const ANY: FieldType = { kind: 'any' };

/** Describes a type for messages: "a string", "an array of strings". */
export function describeType(type: FieldType): string {
  switch (type.kind) {
    case 'string':
      return 'a string';
    case 'number':
      return 'a number';
    case 'boolean':
      return 'a boolean';
    case 'timestamp':
      return 'a timestamp (ISO 8601 string)';
    case 'array':
      return `an array of ${plural(type.items)}`;
    case 'map':
      return `a map of ${plural(type.values)}`;
    case 'object':
      return 'an object';
    case 'any':
      return 'a value of any type';
  }
}

function plural(type: FieldType): string {
  switch (type.kind) {
    case 'string':
      return 'strings';
    case 'number':
      return 'numbers';
    case 'boolean':
      return 'booleans';
    case 'timestamp':
      return 'timestamps';
    case 'object':
      return 'objects';
    default:
      return `(${describeType(type)})`;
  }
}
