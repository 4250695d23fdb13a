import {
  ARRAY_ANY,
  type ClauseNode,
  type FieldNode,
  type FilterNode,
  type OperatorNode,
  PATH_SEPARATOR,
} from '../ast/nodes.js';
import {
  countOwnKeys,
  freeze,
  getOwnPropertySymbols,
  isArray,
  jsonStringify,
  mapGet,
  mapHas,
  numberIsFinite,
  objectKeys,
} from '../builtins.js';
import { FilterError, isOwnError, pointer, safeMessage, showPointer, showText } from '../errors.js';
import { DEFAULT_LIMITS, type LimitOptions, type Limits, limitError, resolveLimits } from '../limits.js';
import { likeWildcards } from '../semantics/like.js';
import { byFamily, type FamilyHandlers } from '../semantics/operators.js';
import { describe, INSTANT_OPERATORS, isPlainObject } from './operands.js';
import { OPERATOR_KINDS, parseOperator } from './operators.js';
import { parsePath } from './path.js';
import { emptyFootprint, type Footprint, trust } from './trusted.js';

/**
 * Options of {@link parseFilter}, and of every entry point that parses a filter: the limits on what one
 * filter may hold (see {@link Limits}), `maxDepth` being the shorthand of `limits.maxDepth`.
 */
export interface ParseOptions extends LimitOptions {}

export const DEFAULT_MAX_DEPTH = DEFAULT_LIMITS.maxDepth;

/** Checks the options' limits (throws `INVALID_OPTION`) and returns the nesting bound. */
export function resolveMaxDepth(options: ParseOptions | undefined): number {
  return resolveLimits(options).maxDepth;
}

/** Length of the longest operator name (`$elemMatch`): no longer key can be an operator. */
const LONGEST_OPERATOR = Math.max(...[...OPERATOR_KINDS.keys()].map((name) => name.length));

/**
 * The nodes a selector step counts: it is a loop over elements in memory, a subquery over `json_each`
 * or `jsonb_array_elements` in SQL and an `$elemMatch` or array guard in MongoDB, several times the
 * work of a key.
 */
export const SELECTOR_NODES = 4;

/** Node counts of a policy's filters together, shared by the parses of one policy. */
export interface NodeBudget {
  nodes: number;
}

/** Nodes counted so far against `limits` (and, in a policy, the policy's budget). */
export interface NodeCount {
  readonly limits: Limits;
  nodes: number;
  readonly policy: NodeBudget | undefined;
}

/**
 * The state of one parse: its limits, the nodes counted so far, and the most the filter reaches on each
 * axis of the limits (kept with the AST: a call with other limits checks it against them, see
 * parse/node-input.ts). The parser itself, not a closure.
 */
interface Parse extends NodeCount {
  readonly seen: Footprint;
}

/** Records that the filter reaches `value` on `axis`. */
function reach(p: Parse, axis: keyof Footprint, value: number): void {
  if (value > p.seen[axis]) p.seen[axis] = value;
}

/** What an operator's operand reaches: its strings, list, pattern or version (`extra`: its nodes besides itself). */
function measure(p: Parse, op: OperatorNode, extra: number): void {
  const string = (op: { readonly value: unknown }) => {
    if (typeof op.value === 'string') reach(p, 'maxStringLength', op.value.length);
  };
  byFamily<void>(op, {
    equality: string,
    order: string,
    membership: (op) => {
      reach(p, 'maxListItems', op.values.length);
      for (let i = 0; i < op.values.length; i++) {
        const v = op.values[i];
        if (typeof v === 'string') reach(p, 'maxStringLength', v.length);
      }
    },
    like: (op) => {
      reach(p, 'maxPatternLength', op.pattern.length);
      reach(p, 'maxWildcards', extra);
    },
    version: (op) => reach(p, 'maxVersionLength', op.value.length),
    time: (op) => reach(p, 'maxStringLength', op.instant.text.length),
    exists: () => {},
    elemMatch: () => {},
  });
}

/** Counts `n` nodes created at `at`; refuses the filter (or the policy) that passes its node limit. */
export function count(p: NodeCount, n: number, at: string): void {
  p.nodes += n;
  if (p.nodes > p.limits.maxNodes) {
    throw limitError('maxNodes', at, `the filter has more than ${p.limits.maxNodes} nodes`, p.limits);
  }
  if (p.policy !== undefined) {
    p.policy.nodes += n;
    if (p.policy.nodes > p.limits.maxPolicyNodes) {
      throw limitError(
        'maxPolicyNodes',
        at,
        `the policy's filters have more than ${p.limits.maxPolicyNodes} nodes together`,
        p.limits,
      );
    }
  }
}

function checkKeys(value: object, at: string, p: Parse): string[] {
  if (getOwnPropertySymbols(value).length > 0) {
    throw new FilterError(
      'INVALID_VALUE',
      at,
      `symbol keys are not allowed in a filter at ${showPointer(at)}`,
    );
  }
  // Counted before the keys are listed: a caller's object of a million keys is refused at once.
  if (countOwnKeys(value, p.limits.maxKeys) > p.limits.maxKeys) {
    throw limitError('maxKeys', at, `an object with more than ${p.limits.maxKeys} keys`, p.limits);
  }
  const keys = objectKeys(value);
  reach(p, 'maxKeys', keys.length);
  return keys;
}

function suggestion(value: unknown): string {
  if (isArray(value)) return '{ "$in": [...] }';
  if (
    typeof value === 'string' ||
    (typeof value === 'number' && numberIsFinite(value)) ||
    typeof value === 'boolean' ||
    value === null
  ) {
    return `{ "$eq": ${jsonStringify(typeof value === 'string' ? showText(value) : value)} }`;
  }
  return '{ "$eq": <value> }';
}

function parseField(key: string, value: unknown, at: string, depth: number, p: Parse): FieldNode {
  const path = parsePath(key, at, p.limits);
  let steps = 0;
  for (let i = 0; i < path.length; i++) {
    const step = path[i]!;
    steps += step.kind === 'any' ? SELECTOR_NODES : 1;
    // The selector is written as a segment, held to the segment length like any other.
    reach(p, 'maxSegmentLength', step.kind === 'any' ? ARRAY_ANY.length : step.key.length);
  }
  reach(p, 'maxPathSegments', path.length);
  count(p, 1 + steps, at);
  if (!isPlainObject(value)) {
    throw new FilterError(
      // A function or a BigInt is not a bare value a filter file could hold, so no `$eq` will fix it.
      isNonJson(value) ? 'INVALID_VALUE' : 'EXPECTED_OPERATOR_OBJECT',
      at,
      `field "${showText(key)}" expects an operator object at ${showPointer(at)}, got ${describe(value)}; write ${suggestion(value)}`,
    );
  }
  const names = checkKeys(value, at, p);
  if (names.length === 0) {
    throw new FilterError(
      'EMPTY_OPERATOR_OBJECT',
      at,
      `field "${showText(key)}" has an empty operator object at ${showPointer(at)}`,
    );
  }
  const operators: OperatorNode[] = [];
  for (const name of names) {
    const opAt = pointer(at, name);
    // A key longer than every operator name is none: refused before it is hashed for the lookup or
    // lower-cased for the hint, which would cost as much as reading a 10 MB key.
    const kind = name.length > LONGEST_OPERATOR ? undefined : mapGet.call(OPERATOR_KINDS, name);
    if (kind === undefined) {
      // `{ dueDate: { gte, lt } }` is an operator without its "$", not a nested field.
      const lower = name.length < LONGEST_OPERATOR ? `$${name.toLowerCase()}` : '';
      const bare = mapHas.call(OPERATOR_KINDS, lower) ? lower : undefined;
      const hint =
        name === '$now' || name === '$at'
          ? `an instant is the operand of a comparison: { "$lt": { "${name}": … } } (${INSTANT_OPERATORS})`
          : name[0] === '$'
            ? `supported operators are ${[...OPERATOR_KINDS.keys()].join(', ')}`
            : bare !== undefined
              ? `operators start with "$": did you mean "${bare}"?`
              : `nested fields are written "${showText(`${key}$.${name}`)}"`;
      throw new FilterError(
        'UNKNOWN_OPERATOR',
        opAt,
        `unknown operator "${showText(name)}" at ${showPointer(opAt)}; ${hint}`,
      );
    }
    if (kind === 'elemMatch' && path[path.length - 1]?.kind !== 'any') {
      // Without a selector the operand would have to mean "this value is an object satisfying the
      // filter", which a MongoDB user reads as "some element of this array": refuse the ambiguity.
      throw new FilterError(
        'INVALID_PATH',
        opAt,
        `"$elemMatch" at ${showPointer(opAt)} needs a path that ends at the selector ${ARRAY_ANY} (some element of the array there); write "${showText(key + PATH_SEPARATOR + ARRAY_ANY)}"`,
      );
    }
    const operator = parseOperator(
      kind,
      opAt,
      value[name],
      (operand, nestedAt) => parseObject(operand, nestedAt, depth + 1, p, '$elemMatch'),
      p.limits,
    );
    const extra = extraNodes(operator);
    count(p, 1 + extra, opAt);
    measure(p, operator, extra);
    operators.push(operator);
  }
  return freeze({ kind: 'field', path, operators: freeze(operators) });
}

/**
 * The nodes an operator holds besides itself: its list items, its pattern's wildcards, its version's
 * parts (each is compared on its own, in every target).
 */
const EXTRA_NODES: FamilyHandlers<number> = {
  equality: () => 0,
  order: () => 0,
  membership: (op) => op.values.length,
  like: (op) => likeWildcards(op.pattern),
  exists: () => 0,
  version: (op) => versionParts(op.value),
  time: () => 0,
  // The inner filter counts its own nodes as it is parsed.
  elemMatch: () => 0,
};

/** The nodes a parsed operator holds besides itself (see {@link EXTRA_NODES}). */
export function extraNodes(operator: OperatorNode): number {
  return byFamily(operator, EXTRA_NODES);
}

/** The identifiers of a version: its parts separated by `.`, `-` and `+` (`1.2.0-rc.1` has 5). */
function versionParts(version: string): number {
  let parts = 1;
  for (let i = 0; i < version.length; i++) {
    const c = version.charCodeAt(i);
    if (c === 0x2e || c === 0x2d || c === 0x2b) parts++;
  }
  return parts;
}

function parseLogicalList(
  op: '$and' | '$or',
  value: unknown,
  at: string,
  depth: number,
  p: Parse,
): readonly FilterNode[] {
  if (!isArray(value) || value.length === 0) {
    throw new FilterError(
      isArray(value) || !isNonJson(value) ? 'INVALID_OPERAND' : 'INVALID_VALUE',
      at,
      `"${op}" expects a non-empty array of filters at ${showPointer(at)}, got ${isArray(value) ? 'an empty array' : describe(value)}`,
    );
  }
  // Each item is at least a filter node: a list longer than the node limit is refused before it is read.
  if (value.length > p.limits.maxNodes) {
    throw limitError('maxNodes', at, `"${op}" has ${value.length} items`, p.limits);
  }
  const out: FilterNode[] = new Array(value.length);
  for (let i = 0; i < value.length; i++) {
    out[i] = parseObject(value[i], pointer(at, i), depth + 1, p, op);
  }
  return freeze(out);
}

function isNonJson(value: unknown): boolean {
  return (
    value === undefined ||
    typeof value === 'function' ||
    typeof value === 'symbol' ||
    typeof value === 'bigint'
  );
}

function parseObject(input: unknown, at: string, depth: number, p: Parse, parent?: string): FilterNode {
  if (depth > p.limits.maxDepth) {
    throw limitError('maxDepth', at, `filter nesting deeper than ${p.limits.maxDepth} levels`, p.limits);
  }
  reach(p, 'maxDepth', depth);
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
  count(p, 1, at);
  const clauses: ClauseNode[] = [];
  for (const key of checkKeys(input, at, p)) {
    const keyAt = pointer(at, key);
    const value = input[key];
    switch (key) {
      case '$and':
        count(p, 1, keyAt);
        clauses.push(freeze({ kind: 'and', filters: parseLogicalList('$and', value, keyAt, depth, p) }));
        break;
      case '$or':
        count(p, 1, keyAt);
        clauses.push(freeze({ kind: 'or', filters: parseLogicalList('$or', value, keyAt, depth, p) }));
        break;
      case '$not':
        count(p, 1, keyAt);
        clauses.push(freeze({ kind: 'not', filter: parseObject(value, keyAt, depth + 1, p, '$not') }));
        break;
      default:
        if (key[0] === '$') {
          // Looked up only when it could be an operator's name (see LONGEST_OPERATOR).
          const hint =
            key.length <= LONGEST_OPERATOR && mapHas.call(OPERATOR_KINDS, key)
              ? `"${key}" belongs inside a field's operator object, e.g. { "<field>": { "${key}": … } }`
              : key === '$now' || key === '$at'
                ? `an instant is the operand of a comparison: { "<field>": { "$lt": { "${key}": … } } }`
                : 'logical operators are $and, $or, $not';
          throw new FilterError(
            'UNKNOWN_OPERATOR',
            keyAt,
            `unknown operator "${showText(key)}" at ${showPointer(keyAt)}; ${hint}`,
          );
        }
        clauses.push(parseField(key, value, keyAt, depth, p));
    }
  }
  return freeze({ kind: 'filter', clauses: freeze(clauses) });
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
  return parseWithin(input, resolveLimits(options), undefined);
}

/**
 * Parses a filter under resolved limits; `policy` counts the nodes of all the filters of one policy.
 * @internal
 */
export function parseWithin(input: unknown, limits: Limits, policy: NodeBudget | undefined): FilterNode {
  try {
    const p: Parse = { limits, nodes: 0, policy, seen: emptyFootprint() };
    const node = parseObject(input, '', 1, p);
    p.seen.maxNodes = p.nodes;
    return trust(node, limits, p.seen);
  } catch (error) {
    if (isOwnError(error)) throw error;
    // A getter or a Proxy trap in a hand-built filter threw (anything: a revoked Proxy, an object
    // without a prototype): report it as bad input, not as our crash.
    throw new FilterError('INVALID_VALUE', '', `the filter could not be read: ${safeMessage(error)}`, {
      cause: error,
    });
  }
}
