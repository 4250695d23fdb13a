import { FilterError, pointer } from '../errors.js';
import { printPath } from '../parse/path.js';
import {
  assertNever,
  type ClauseNode,
  type FilterNode,
  LOGICAL_NAMES,
  OPERATOR_NAMES,
  type OperatorKind,
  type OperatorNode,
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
      return op.value;
    case 'in':
    case 'nin':
      return Array.isArray(op.values) ? [...op.values] : op.values;
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
  if (Object.hasOwn(out, key)) {
    throw bad(
      pointer(at, key),
      `two entries print to the same key "${key}" (a JSON object cannot hold both; combine them with $and)`,
    );
  }
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}

function printNode(node: FilterNode, at: string, depth: number): FilterJson {
  // Depth is bounded so that a cyclic or absurdly deep hand-built AST fails cleanly.
  if (depth > 1000) throw bad(at, 'nesting deeper than 1000');
  if (typeof node !== 'object' || node === null || node.kind !== 'filter' || !Array.isArray(node.clauses)) {
    throw bad(at, 'expected a node of kind "filter"');
  }
  const out: FilterJson = {};
  for (const clause of node.clauses as readonly ClauseNode[]) {
    if (typeof clause !== 'object' || clause === null) throw bad(at, 'a clause that is not an object');
    switch (clause.kind) {
      case 'field': {
        if (!Array.isArray(clause.path) || !Array.isArray(clause.operators))
          throw bad(at, 'a malformed field node');
        for (const step of clause.path) {
          const ok =
            typeof step === 'object' &&
            step !== null &&
            (step.kind === 'any' || (step.kind === 'key' && typeof step.key === 'string'));
          if (!ok) throw bad(at, 'a malformed path step');
        }
        const key = printPath(clause.path);
        const ops: FilterJson = {};
        for (const op of clause.operators) {
          if (typeof op !== 'object' || op === null)
            throw bad(pointer(at, key), 'an operator that is not an object');
          const name: string | undefined = OPERATOR_NAMES[op.kind as OperatorKind];
          if (name === undefined) assertNever(op as never, 'operator node');
          setKey(ops, name, operand(op, pointer(at, key, name), depth), pointer(at, key));
        }
        setKey(out, key, ops, at);
        break;
      }
      case 'and':
      case 'or': {
        const name = LOGICAL_NAMES[clause.kind];
        if (!Array.isArray(clause.filters)) throw bad(pointer(at, name), 'a malformed logical node');
        setKey(
          out,
          name,
          clause.filters.map((f, i) => printNode(f, pointer(at, name, i), depth + 1)),
          at,
        );
        break;
      }
      case 'not':
        setKey(out, '$not', printNode(clause.filter, pointer(at, '$not'), depth + 1), at);
        break;
      default:
        assertNever(clause, 'clause node');
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
  return printNode(node, '', 1);
}
