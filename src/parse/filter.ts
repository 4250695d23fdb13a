import {
  ARRAY_ANY,
  type ClauseNode,
  type FieldNode,
  type FilterNode,
  type OperatorNode,
  PATH_SEPARATOR,
} from '../ast/nodes.js';
import { trust } from '../ast/trusted.js';
import { getOwnPropertySymbols, isArray, mapGet, mapHas, objectKeys, option } from '../builtins.js';
import { FilterError, pointer, showPointer } from '../errors.js';
import { describe, isPlainObject } from './operands.js';
import { OPERATOR_KINDS, parseOperator } from './operators.js';
import { parsePath } from './path.js';

/** Options of {@link parseFilter}. */
export interface ParseOptions {
  /**
   * Deepest nesting of filter objects accepted (the root is depth 1, each `$and`/`$or` item, `$not`
   * operand and `$elemMatch` operand one more). Default 32, at most 1,000.
   */
  readonly maxDepth?: number;
}

export const DEFAULT_MAX_DEPTH = 32;
/** Parsing recurses once per level, so the cap keeps the stack far from its limit. */
const MAX_MAX_DEPTH = 1000;

export function resolveMaxDepth(options: ParseOptions | undefined): number {
  const depth = option(options, 'maxDepth') ?? DEFAULT_MAX_DEPTH;
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_MAX_DEPTH) {
    throw new FilterError(
      'INVALID_OPTION',
      '',
      `maxDepth must be an integer from 1 to ${MAX_MAX_DEPTH}, got ${String(depth)}`,
    );
  }
  return depth;
}

function checkKeys(value: object, at: string): string[] {
  if (getOwnPropertySymbols(value).length > 0) {
    throw new FilterError(
      'INVALID_VALUE',
      at,
      `symbol keys are not allowed in a filter at ${showPointer(at)}`,
    );
  }
  return objectKeys(value);
}

function suggestion(value: unknown): string {
  if (isArray(value)) return '{ "$in": [...] }';
  if (
    typeof value === 'string' ||
    (typeof value === 'number' && Number.isFinite(value)) ||
    typeof value === 'boolean' ||
    value === null
  ) {
    return `{ "$eq": ${JSON.stringify(value)} }`;
  }
  return '{ "$eq": <value> }';
}

function parseField(key: string, value: unknown, at: string, depth: number, maxDepth: number): FieldNode {
  const path = parsePath(key, at);
  if (!isPlainObject(value)) {
    throw new FilterError(
      // A function or a BigInt is not a bare value a filter file could hold, so no `$eq` will fix it.
      isNonJson(value) ? 'INVALID_VALUE' : 'EXPECTED_OPERATOR_OBJECT',
      at,
      `field "${key}" expects an operator object at ${at}, got ${describe(value)}; write ${suggestion(value)}`,
    );
  }
  const names = checkKeys(value, at);
  if (names.length === 0) {
    throw new FilterError(
      'EMPTY_OPERATOR_OBJECT',
      at,
      `field "${key}" has an empty operator object at ${at}`,
    );
  }
  const operators: OperatorNode[] = [];
  for (const name of names) {
    const opAt = pointer(at, name);
    const kind = mapGet.call(OPERATOR_KINDS, name);
    if (kind === undefined) {
      // `{ dueDate: { gte, lt } }` is an operator without its "$", not a nested field.
      const bare = mapHas.call(OPERATOR_KINDS, `$${name.toLowerCase()}`)
        ? `$${name.toLowerCase()}`
        : undefined;
      const hint =
        name[0] === '$'
          ? `supported operators are ${[...OPERATOR_KINDS.keys()].join(', ')}`
          : bare !== undefined
            ? `operators start with "$": did you mean "${bare}"?`
            : `nested fields are written "${key}$.${name}"`;
      throw new FilterError('UNKNOWN_OPERATOR', opAt, `unknown operator "${name}" at ${opAt}; ${hint}`);
    }
    if (kind === 'elemMatch' && path[path.length - 1]?.kind !== 'any') {
      // Without a selector the operand would have to mean "this value is an object satisfying the
      // filter", which a MongoDB user reads as "some element of this array": refuse the ambiguity.
      throw new FilterError(
        'INVALID_PATH',
        opAt,
        `"$elemMatch" at ${opAt} needs a path that ends at the selector ${ARRAY_ANY} (some element of the array there); write "${key}${PATH_SEPARATOR}${ARRAY_ANY}"`,
      );
    }
    operators.push(
      parseOperator(kind, opAt, value[name], (operand, nestedAt) =>
        parseObject(operand, nestedAt, depth + 1, maxDepth, '$elemMatch'),
      ),
    );
  }
  return Object.freeze({ kind: 'field', path, operators: Object.freeze(operators) });
}

function parseLogicalList(
  op: '$and' | '$or',
  value: unknown,
  at: string,
  depth: number,
  maxDepth: number,
): readonly FilterNode[] {
  if (!isArray(value) || value.length === 0) {
    throw new FilterError(
      isArray(value) || !isNonJson(value) ? 'INVALID_OPERAND' : 'INVALID_VALUE',
      at,
      `"${op}" expects a non-empty array of filters at ${at}, got ${isArray(value) ? 'an empty array' : describe(value)}`,
    );
  }
  const out: FilterNode[] = new Array(value.length);
  for (let i = 0; i < value.length; i++) {
    out[i] = parseObject(value[i], pointer(at, i), depth + 1, maxDepth, op);
  }
  return Object.freeze(out);
}

function isNonJson(value: unknown): boolean {
  return (
    value === undefined ||
    typeof value === 'function' ||
    typeof value === 'symbol' ||
    typeof value === 'bigint'
  );
}

function parseObject(
  input: unknown,
  at: string,
  depth: number,
  maxDepth: number,
  parent?: string,
): FilterNode {
  if (depth > maxDepth) {
    throw new FilterError(
      'MAX_DEPTH_EXCEEDED',
      at,
      `filter nesting exceeds the maximum depth of ${maxDepth} at ${showPointer(at)}`,
    );
  }
  if (!isPlainObject(input)) {
    const where = parent
      ? `"${parent}" expects a filter object at ${showPointer(at)}`
      : `a filter must be an object at ${showPointer(at)}`;
    throw new FilterError(
      isNonJson(input) ? 'INVALID_VALUE' : 'INVALID_FILTER',
      at,
      `${where}, got ${describe(input)}`,
    );
  }
  const clauses: ClauseNode[] = [];
  for (const key of checkKeys(input, at)) {
    const keyAt = pointer(at, key);
    const value = input[key];
    switch (key) {
      case '$and':
        clauses.push(
          Object.freeze({ kind: 'and', filters: parseLogicalList('$and', value, keyAt, depth, maxDepth) }),
        );
        break;
      case '$or':
        clauses.push(
          Object.freeze({ kind: 'or', filters: parseLogicalList('$or', value, keyAt, depth, maxDepth) }),
        );
        break;
      case '$not':
        clauses.push(
          Object.freeze({ kind: 'not', filter: parseObject(value, keyAt, depth + 1, maxDepth, '$not') }),
        );
        break;
      default:
        if (key[0] === '$') {
          const hint = mapHas.call(OPERATOR_KINDS, key)
            ? `"${key}" belongs inside a field's operator object, e.g. { "<field>": { "${key}": … } }`
            : 'logical operators are $and, $or, $not';
          throw new FilterError('UNKNOWN_OPERATOR', keyAt, `unknown operator "${key}" at ${keyAt}; ${hint}`);
        }
        clauses.push(parseField(key, value, keyAt, depth, maxDepth));
    }
  }
  return Object.freeze({ kind: 'filter', clauses: Object.freeze(clauses) });
}

/**
 * Parses a JSON filter into its AST. Throws {@link FilterError} on anything that is not a valid filter,
 * with a JSON pointer to the place; never any other error.
 *
 * @example
 * const node = parseFilter({ technology: { $eq: 'postgres' }, region: { $in: ['eu-west-1', 'eu-west-2'] } });
 * node.clauses.length; // 2
 */
export function parseFilter(input: unknown, options?: ParseOptions): FilterNode {
  const maxDepth = resolveMaxDepth(options);
  try {
    return trust(parseObject(input, '', 1, maxDepth));
  } catch (error) {
    if (error instanceof FilterError) throw error;
    // A getter or a Proxy trap in a hand-built filter threw: report it as bad input, not as our crash.
    throw new FilterError(
      'INVALID_VALUE',
      '',
      `the filter could not be read: ${String((error as Error)?.message ?? error)}`,
      {
        cause: error,
      },
    );
  }
}
