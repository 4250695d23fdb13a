import type { OperatorNode, PathStep, Scalar } from '../ast/nodes.js';
import { hasOwn } from '../builtins.js';
import { byFamily } from '../semantics/operators.js';
import type { ResourceDescription, ValueType } from './descriptions.js';

/**
 * The one schema checker: what a field of a filter reads according to a resource description (its
 * whole path, through nested objects, maps and `__svcArrayAny__` selectors) and which of its
 * operators and operands can never match the value's type. `parseQuery` refuses a request for each
 * problem, and validation reports each as an error, so the two cannot disagree; each says it in its
 * own codes and words.
 */

/** What a path of a filter reads. */
export type Resolution =
  /** The path reads a value of `type`. `blocked` is the first step whose value is not filterable. */
  | { readonly kind: 'ok'; readonly type: ValueType; readonly blocked?: number }
  /** Step `step` names a key that the closed object `parent` does not have. */
  | { readonly kind: 'unknown'; readonly step: number; readonly parent: ValueType & { type: 'object' } }
  /** Step `step` reads a key of a scalar (a string, a number…): always missing. */
  | { readonly kind: 'through-scalar'; readonly step: number; readonly parent: ValueType }
  /** Step `step` is `__svcArrayAny__` where the value is not an array: never any element. */
  | { readonly kind: 'selector-on-non-array'; readonly step: number; readonly parent: ValueType }
  /** Step `step` reads a key of an array without a selector: always missing (arrays are values). */
  | { readonly kind: 'key-on-array'; readonly step: number; readonly parent: ValueType };

/** The type of a whole record of a resource: a closed object of its fields. */
export function recordType(description: ResourceDescription): ValueType {
  return { type: 'object', open: false, fields: description.fields };
}

/** Follows a parsed path through a type. */
export function resolvePath(root: ValueType, path: readonly PathStep[]): Resolution {
  let type = root;
  let blocked: number | undefined;
  for (let i = 0; i < path.length; i++) {
    const step = path[i]!;
    if (type.type === 'any') break;
    if (step.kind === 'any') {
      if (type.type !== 'array') return { kind: 'selector-on-non-array', step: i, parent: type };
      type = type.items;
    } else {
      switch (type.type) {
        case 'object': {
          const field = hasOwn(type.fields, step.key) ? type.fields[step.key] : undefined;
          if (field !== undefined) type = field;
          else if (type.open) type = { type: 'any' };
          else return { kind: 'unknown', step: i, parent: type };
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

/** Why an operator can never match a value of its field's type. */
export type OperatorProblem =
  /** A scalar comparison of an object or a map (compare one of its fields). */
  | { readonly kind: 'compares-object' }
  /** `$elemMatch` with a condition where the elements are not objects. */
  | { readonly kind: 'elements-not-objects' }
  /** A version operator on a value that holds no strings, or timestamps (never versions). */
  | { readonly kind: 'versions-need-strings' }
  /** `$like` on a value that holds no strings. */
  | { readonly kind: 'like-needs-strings' }
  /** An instant (`$now`, `$at`) compared with a value that is not a timestamp. */
  | { readonly kind: 'instants-need-timestamps' }
  /** `$gt`…`$lte` on booleans, which are never ordered. */
  | { readonly kind: 'booleans-unordered' }
  /** An operand of another type than the values (`index`: its place in an `$in`/`$nin` list). */
  | { readonly kind: 'operand'; readonly value: Scalar; readonly index?: number };

/** A problem of one field of a filter: of its path, or of one of its operators (by index). */
export type FieldProblem =
  | Exclude<Resolution, { kind: 'ok' }>
  /** Step `step` of the path reads a value that is not filterable. */
  | { readonly kind: 'unfilterable'; readonly step: number }
  /** An array compared as a value (not through a selector) by the operators at these indexes. */
  | { readonly kind: 'array-compared'; readonly type: ValueType; readonly operators: readonly number[] }
  | {
      readonly kind: 'operator';
      readonly operator: number;
      readonly type: ValueType;
      readonly problem: OperatorProblem;
    };

/** What a field reads and what can never match there. */
export interface FieldCheck {
  readonly resolution: Resolution;
  readonly problems: readonly FieldProblem[];
}

/** The scalar operands of an operator (`index`: the place of each in an `$in`/`$nin` list). */
export function operandsOf(op: OperatorNode): { readonly value: Scalar | null; readonly index?: number }[] {
  const value = (op: { readonly value: Scalar | null }) => [{ value: op.value }];
  return byFamily(op, {
    equality: value,
    order: value,
    exists: () => [],
    version: value,
    membership: (op) => op.values.map((value, index) => ({ value, index })),
    like: (op) => [{ value: op.pattern }],
    time: () => [],
    elemMatch: () => [],
  });
}

/** Whether the operator asks only whether a value is present (`$exists`, a null operand): no type needed. */
export function testsPresence(op: OperatorNode): boolean {
  return byFamily(op, {
    exists: () => true,
    equality: (op) => op.value === null,
    membership: (op) => op.values.length > 0 && op.values.every((v) => v === null),
    order: () => false,
    like: () => false,
    version: () => false,
    time: () => false,
    elemMatch: () => false,
  });
}

type Scalars = Extract<ValueType, { type: 'string' | 'integer' | 'number' | 'boolean' | 'timestamp' }>;

/** Whether a scalar operand can ever equal or order against a value of the type (no conversions). */
function sameType(type: Scalars, value: Scalar): boolean {
  switch (type.type) {
    case 'string':
    case 'timestamp':
      return typeof value === 'string';
    case 'integer':
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
  }
}

/** The problems of one operator on a value of `type` (neither an array nor `any`). */
function operatorProblems(
  type: Exclude<ValueType, { type: 'array' | 'any' }>,
  op: OperatorNode,
): OperatorProblem[] {
  if (type.type === 'map' || type.type === 'object') {
    if (op.kind === 'elemMatch' || testsPresence(op)) return [];
    return [{ kind: 'compares-object' }];
  }
  const scalar: Scalars = type;
  const strings = scalar.type === 'string' || scalar.type === 'timestamp';
  const operands = (): OperatorProblem[] =>
    operandsOf(op).flatMap(({ value, index }) =>
      value === null || sameType(scalar, value)
        ? []
        : [{ kind: 'operand', value, ...(index === undefined ? {} : { index }) } as const],
    );
  return byFamily<OperatorProblem[]>(op, {
    exists: () => [],
    // The fields inside are checked as fields of the element; here only whether elements are objects.
    elemMatch: (op) => (op.filter.clauses.length === 0 ? [] : [{ kind: 'elements-not-objects' }]),
    // Only strings can be versions, and a timestamp never is one (it holds a `:`).
    version: () => (scalar.type === 'string' ? [] : [{ kind: 'versions-need-strings' }]),
    like: () => (strings ? [] : [{ kind: 'like-needs-strings' }]),
    time: () => (scalar.type === 'timestamp' ? [] : [{ kind: 'instants-need-timestamps' }]),
    order: () => (scalar.type === 'boolean' ? [{ kind: 'booleans-unordered' }] : operands()),
    equality: operands,
    membership: operands,
  });
}

/**
 * Checks one field of a filter (its whole path from the record, with the operators on it) against the
 * type of a record. A path that reads nothing stops the check (its operators read nothing there).
 *
 * @example
 * checkField(recordType(COMPONENT_RESOURCE), parsePath('tags$.env$.x', ''), []).problems;
 * // [{ kind: 'through-scalar', step: 2, parent: { type: 'string' } }]
 */
export function checkField(
  root: ValueType,
  path: readonly PathStep[],
  operators: readonly OperatorNode[],
): FieldCheck {
  const resolution = resolvePath(root, path);
  if (resolution.kind !== 'ok') return { resolution, problems: [resolution] };
  const problems: FieldProblem[] =
    resolution.blocked === undefined ? [] : [{ kind: 'unfilterable', step: resolution.blocked }];
  const type = resolution.type;
  if (type.type === 'any') return { resolution, problems };
  if (type.type === 'array') {
    // `$exists` and null operands test presence ("missing or null"), which needs no selector.
    const compared = operators.flatMap((op, i) => (testsPresence(op) ? [] : [i]));
    if (compared.length > 0) problems.push({ kind: 'array-compared', type, operators: compared });
    return { resolution, problems };
  }
  operators.forEach((op, operator) => {
    for (const problem of operatorProblems(type, op))
      problems.push({ kind: 'operator', operator, type, problem });
  });
  return { resolution, problems };
}

/** Describes a type for messages: "a string", "an array of strings". */
export function describeType(type: ValueType): string {
  switch (type.type) {
    case 'string':
      return 'a string';
    case 'integer':
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

function plural(type: ValueType): string {
  switch (type.type) {
    case 'string':
      return 'strings';
    case 'integer':
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
