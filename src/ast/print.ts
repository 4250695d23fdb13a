import { hasOwn, isArray, own } from '../builtins.js';
import { FilterError, isOwnError, pointer, safeMessage } from '../errors.js';
import { printPath } from '../parse/path.js';
import {
  assertNever,
  type ClauseNode,
  type FilterNode,
  LOGICAL_NAMES,
  OPERATOR_NAMES,
  type OperatorKind,
  type OperatorNode,
  type PathStep,
} from './nodes.js';

/** The JSON form of a filter, as accepted by `parseFilter`. */
export type FilterJson = { [key: string]: unknown };

function operand(op: OperatorNode, at: string, depth: number): unknown {
  switch (op.kind) {
    case 'eq':
    case 'ne':
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
    case 'exists':
    case 'veq':
    case 'vne':
    case 'vgt':
    case 'vgte':
    case 'vlt':
    case 'vlte':
      return op.value;
    case 'in':
    case 'nin':
      return isArray(op.values) ? [...op.values] : op.values;
    case 'like':
      return op.pattern;
    case 'elemMatch':
      return printNode(op.filter, at, depth + 1);
    default:
      return assertNever(op, 'operator node');
  }
}

function bad(at: string, what: string): FilterError {
  return new FilterError('INVALID_NODE', at, `not a filter AST: ${what} at ${at || 'the root'}`);
}

/**
 * Sets a key of a printed object. A plain assignment of `__proto__` would replace the object's prototype
 * and lose the clause, and a second clause with the same key would overwrite the first: either would
 * silently change what a hand-built AST means once it is printed and parsed again.
 */
function setKey(out: FilterJson, key: string, value: unknown, at: string): void {
  if (hasOwn(out, key)) {
    throw bad(
      pointer(at, key),
      `two entries print to the same key "${key}" (a JSON object cannot hold both; combine them with $and)`,
    );
  }
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

/**
 * Reads a node of a hand-built AST through own properties only: a key inherited from a polluted
 * `Object.prototype` (`kind`, `clauses`, `value`…) is not part of the node. Parsed nodes have them all.
 */
function read(node: object, key: string): unknown {
  return own(node, key);
}

function printOperator(op: unknown, at: string, depth: number): [string, unknown] {
  if (typeof op !== 'object' || op === null) throw bad(at, 'an operator that is not an object');
  const kind = read(op, 'kind');
  if (typeof kind !== 'string' || !hasOwn(OPERATOR_NAMES, kind)) throw bad(at, 'an unknown operator node');
  const node = Object.freeze({
    kind,
    value: read(op, 'value'),
    values: read(op, 'values'),
    pattern: read(op, 'pattern'),
    filter: read(op, 'filter'),
  }) as unknown as OperatorNode;
  const name = OPERATOR_NAMES[kind as OperatorKind];
  return [name, operand(node, pointer(at, name), depth)];
}

function printNode(node: unknown, at: string, depth: number): FilterJson {
  // Depth is bounded so that a cyclic or absurdly deep hand-built AST fails cleanly.
  if (depth > 1000) throw bad(at, 'nesting deeper than 1000');
  const clauses = typeof node === 'object' && node !== null ? read(node, 'clauses') : undefined;
  if (typeof node !== 'object' || node === null || read(node, 'kind') !== 'filter' || !isArray(clauses)) {
    throw bad(at, 'expected a node of kind "filter"');
  }
  const out: FilterJson = {};
  for (let c = 0; c < clauses.length; c++) {
    const clause: unknown = clauses[c];
    if (typeof clause !== 'object' || clause === null) throw bad(at, 'a clause that is not an object');
    const kind = read(clause, 'kind') as ClauseNode['kind'];
    switch (kind) {
      case 'field': {
        const path = read(clause, 'path');
        const operators = read(clause, 'operators');
        if (!isArray(path) || !isArray(operators)) throw bad(at, 'a malformed field node');
        const steps: PathStep[] = [];
        for (let i = 0; i < path.length; i++) {
          const step: unknown = path[i];
          const stepKind = typeof step === 'object' && step !== null ? read(step, 'kind') : undefined;
          const key = stepKind === 'key' ? read(step as object, 'key') : undefined;
          if (stepKind === 'any') steps.push({ kind: 'any' });
          else if (stepKind === 'key' && typeof key === 'string') steps.push({ kind: 'key', key });
          else throw bad(at, 'a malformed path step');
        }
        const key = printPath(steps);
        const ops: FilterJson = {};
        for (let i = 0; i < operators.length; i++) {
          const [name, value] = printOperator(operators[i], pointer(at, key), depth);
          setKey(ops, name, value, pointer(at, key));
        }
        setKey(out, key, ops, at);
        break;
      }
      case 'and':
      case 'or': {
        const name = LOGICAL_NAMES[kind];
        const filters = read(clause, 'filters');
        if (!isArray(filters)) throw bad(pointer(at, name), 'a malformed logical node');
        setKey(
          out,
          name,
          filters.map((f, i) => printNode(f, pointer(at, name, i), depth + 1)),
          at,
        );
        break;
      }
      case 'not':
        setKey(out, '$not', printNode(read(clause, 'filter'), pointer(at, '$not'), depth + 1), at);
        break;
      default:
        assertNever(kind, 'clause node');
    }
  }
  return out;
}

/**
 * Prints an AST back to the JSON form of a filter. `printFilter(parseFilter(f))` deep-equals every
 * normalized filter `f`, and `parseFilter(printFilter(n))` deep-equals every parsed AST `n`.
 *
 * @example
 * printFilter(parseFilter({ 'tags$.team': { $eq: 'core' } })); // { 'tags$.team': { $eq: 'core' } }
 */
export function printFilter(node: FilterNode): FilterJson {
  try {
    return printNode(node, '', 1);
  } catch (error) {
    if (isOwnError(error)) throw error;
    // A getter or a Proxy trap of a hand-built AST threw (or a revoked Proxy): bad input, typed.
    throw new FilterError('INVALID_NODE', '', `not a filter AST: ${safeMessage(error)}`, { cause: error });
  }
}
