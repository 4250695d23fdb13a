import type { PathStep } from '../../ast/nodes.js';
import { closest } from '../../query/suggest.js';
import type { FieldType } from './types.js';

/** What a path of a filter reads, according to the field tables. */
export type Resolution =
  /** The path reads a value of `type`. `blocked` is the first step whose field is not filterable. */
  | { readonly kind: 'ok'; readonly type: FieldType; readonly blocked?: number }
  /** Step `step` names a key that the object at that point does not have. */
  | {
      readonly kind: 'unknown';
      readonly step: number;
      readonly parent: FieldType;
      readonly suggestion?: string;
    }
  /** Step `step` reads a key of a scalar (a string, a number…): always missing. */
  | { readonly kind: 'through-scalar'; readonly step: number; readonly parent: FieldType }
  /** Step `step` is `__svcArrayAny__` where the value is not an array: never any element. */
  | { readonly kind: 'selector-on-non-array'; readonly step: number; readonly parent: FieldType }
  /** Step `step` reads a key of an array without a selector: always missing (arrays are values). */
  | { readonly kind: 'key-on-array'; readonly step: number; readonly parent: FieldType };

/** Follows a parsed path through a type. */
export function resolve(root: FieldType, path: readonly PathStep[]): Resolution {
  let type = root;
  let blocked: number | undefined;
  for (let i = 0; i < path.length; i++) {
    const step = path[i]!;
    if (type.kind === 'any') return { kind: 'ok', type, ...(blocked === undefined ? {} : { blocked }) };
    if (step.kind === 'any') {
      if (type.kind !== 'array') return { kind: 'selector-on-non-array', step: i, parent: type };
      type = type.items;
    } else {
      switch (type.kind) {
        case 'object': {
          const field = Object.hasOwn(type.fields, step.key) ? type.fields[step.key] : undefined;
          if (field !== undefined) type = field;
          else if (type.open) return { kind: 'ok', type: { kind: 'any' } };
          else {
            const suggestion = closest(step.key, Object.keys(type.fields));
            return {
              kind: 'unknown',
              step: i,
              parent: type,
              ...(suggestion === undefined ? {} : { suggestion }),
            };
          }
          break;
        }
        case 'map':
          type = type.values;
          break;
        case 'array':
          return { kind: 'key-on-array', step: i, parent: type };
        default:
          return { kind: 'through-scalar', step: i, parent: type };
      }
    }
    if (type.filterable === false && blocked === undefined) blocked = i;
  }
  return { kind: 'ok', type, ...(blocked === undefined ? {} : { blocked }) };
}
