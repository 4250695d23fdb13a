import {
  assertNever,
  type ClauseNode,
  type FilterNode,
  LOGICAL_NAMES,
  OPERATOR_NAMES,
  type OperatorKind,
  type OperatorNode,
  type PathStep,
} from '../ast/nodes.js';
import { freeze, hasOwn, isArray, own } from '../builtins.js';
import { FilterError, isOwnError, pointer, safeMessage, showPointer, showText } from '../errors.js';
import { type Limits, limitError, MAX_MAX_DEPTH, resolveLimits } from '../limits.js';
import { byFamily } from '../semantics/operators.js';
import { count, type NodeCount, type ParseOptions, SELECTOR_NODES } from './filter.js';
import { printPath } from './path.js';
import { parsedOf } from './trusted.js';

/** The JSON form of a filter, as accepted by `parseFilter`. */
export type FilterJson = { [key: string]: unknown };

/*
 * What a print of a hand-built AST counts, and against which limits (`tally`): the parser will count the
 * printed filter again, exactly, but printing is itself work proportional to the AST (200,000 clauses
 * took 0.3 s), so the nodes it prints (filter objects, clauses, path steps, operators and list items,
 * in the parser's order and weights), its depth, the keys of each object, the items of each list and
 * the segments of each path are counted as the AST is read, and the print stops as soon as one passes
 * its limit. It never counts more than the parser would (wildcards and version parts cost a print
 * nothing; the parser counts them). `tally` is `undefined` for an AST the parser made: it prints whole.
 */

function operand(op: OperatorNode, at: string, depth: number, tally: NodeCount | undefined): unknown {
  const value = (op: { readonly value: unknown }) => op.value;
  return byFamily<unknown>(op, {
    equality: value,
    order: value,
    exists: value,
    version: value,
    membership: (op) => {
      const values: unknown = op.values;
      if (!isArray(values)) return values;
      const limits = tally?.limits;
      // Refused by its length before it is copied, as the parser refuses a list.
      if (limits !== undefined && values.length > limits.maxListItems) {
        throw limitError(
          'maxListItems',
          at,
          `"${OPERATOR_NAMES[op.kind]}" has ${values.length} items`,
          limits,
        );
      }
      return [...values];
    },
    like: (op) => op.pattern,
    time: (op) => {
      // A hand-built operand is read through own properties; the parser checks what is printed.
      const instant: unknown = op.instant;
      if (typeof instant !== 'object' || instant === null)
        throw bad(at, 'a time operator without an instant');
      const base = read(instant, 'base');
      if (base !== 'now' && base !== 'at') throw bad(at, 'an instant whose base is neither "now" nor "at"');
      const printed: FilterJson = {};
      setKey(printed, base === 'now' ? '$now' : '$at', read(instant, 'text'), at);
      return printed;
    },
    elemMatch: (op) => printNode(op.filter, at, depth + 1, tally),
  });
}

function bad(at: string, what: string): FilterError {
  return new FilterError('INVALID_NODE', at, `not a filter AST: ${what} at ${showPointer(at)}`);
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
      `two entries print to the same key "${showText(key)}" (a JSON object cannot hold both; combine them with $and)`,
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

function printOperator(
  op: unknown,
  at: string,
  depth: number,
  tally: NodeCount | undefined,
): [string, unknown] {
  if (typeof op !== 'object' || op === null) throw bad(at, 'an operator that is not an object');
  const kind = read(op, 'kind');
  if (typeof kind !== 'string' || !hasOwn(OPERATOR_NAMES, kind)) throw bad(at, 'an unknown operator node');
  const node = freeze({
    kind,
    value: read(op, 'value'),
    values: read(op, 'values'),
    pattern: read(op, 'pattern'),
    filter: read(op, 'filter'),
    instant: read(op, 'instant'),
  }) as unknown as OperatorNode;
  const name = OPERATOR_NAMES[kind as OperatorKind];
  const opAt = pointer(at, name);
  const printed = operand(node, opAt, depth, tally);
  // The operator and the items of its list: what printing it copies (the parser counts the rest).
  if (tally !== undefined) count(tally, 1 + (isArray(printed) ? printed.length : 0), opAt);
  return [name, printed];
}

/** The key a field's path prints to, its steps read and, for a hand-built AST, counted. */
function printFieldKey(
  path: readonly unknown[],
  at: string,
  tally: NodeCount | undefined,
): { key: string; nodes: number } {
  const limits = tally?.limits;
  // The key cannot be printed without reading every step: a path past the limits is refused first,
  // at the place of the filter holding it.
  if (limits !== undefined && path.length > limits.maxPathSegments) {
    throw limitError('maxPathSegments', at, `a field path of ${path.length} segments`, limits);
  }
  const steps: PathStep[] = [];
  let nodes = 0;
  for (let i = 0; i < path.length; i++) {
    const step: unknown = path[i];
    const stepKind = typeof step === 'object' && step !== null ? read(step, 'kind') : undefined;
    const key = stepKind === 'key' ? read(step as object, 'key') : undefined;
    if (stepKind === 'any') {
      steps.push({ kind: 'any' });
      nodes += SELECTOR_NODES;
    } else if (stepKind === 'key' && typeof key === 'string') {
      if (limits !== undefined && key.length > limits.maxSegmentLength) {
        throw limitError('maxSegmentLength', at, `a field path segment of ${key.length} characters`, limits);
      }
      steps.push({ kind: 'key', key });
      nodes += 1;
    } else throw bad(at, 'a malformed path step');
  }
  return { key: printPath(steps), nodes };
}

function printNode(node: unknown, at: string, depth: number, tally: NodeCount | undefined): FilterJson {
  const limits = tally?.limits;
  // Depth is bounded so that a cyclic or absurdly deep hand-built AST fails cleanly.
  if (limits !== undefined && depth > limits.maxDepth) {
    throw limitError('maxDepth', at, `filter nesting deeper than ${limits.maxDepth} levels`, limits);
  }
  if (depth > MAX_MAX_DEPTH) throw bad(at, `nesting deeper than ${MAX_MAX_DEPTH}`);
  const clauses = typeof node === 'object' && node !== null ? read(node, 'clauses') : undefined;
  if (typeof node !== 'object' || node === null || read(node, 'kind') !== 'filter' || !isArray(clauses)) {
    throw bad(at, 'expected a node of kind "filter"');
  }
  if (tally !== undefined) {
    count(tally, 1, at);
    // One key per clause in the printed object: too many are refused before one is read.
    if (clauses.length > tally.limits.maxKeys) {
      throw limitError('maxKeys', at, `an object with ${clauses.length} keys`, tally.limits);
    }
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
        const { key, nodes } = printFieldKey(path, at, tally);
        const keyAt = pointer(at, key);
        if (tally !== undefined) {
          count(tally, 1 + nodes, keyAt);
          if (operators.length > tally.limits.maxKeys) {
            throw limitError('maxKeys', keyAt, `an object with ${operators.length} keys`, tally.limits);
          }
        }
        const ops: FilterJson = {};
        for (let i = 0; i < operators.length; i++) {
          const [name, value] = printOperator(operators[i], keyAt, depth, tally);
          setKey(ops, name, value, keyAt);
        }
        setKey(out, key, ops, at);
        break;
      }
      case 'and':
      case 'or': {
        const name = LOGICAL_NAMES[kind];
        const keyAt = pointer(at, name);
        const filters = read(clause, 'filters');
        if (!isArray(filters)) throw bad(keyAt, 'a malformed logical node');
        if (tally !== undefined) {
          count(tally, 1, keyAt);
          // Each item is at least a filter node: a longer list is refused by its length, as in the parser.
          if (filters.length > tally.limits.maxNodes) {
            throw limitError('maxNodes', keyAt, `"${name}" has ${filters.length} items`, tally.limits);
          }
        }
        const items: FilterJson[] = new Array(filters.length);
        for (let i = 0; i < filters.length; i++)
          items[i] = printNode(filters[i], pointer(keyAt, i), depth + 1, tally);
        setKey(out, name, items, at);
        break;
      }
      case 'not': {
        const keyAt = pointer(at, '$not');
        if (tally !== undefined) count(tally, 1, keyAt);
        setKey(out, '$not', printNode(read(clause, 'filter'), keyAt, depth + 1, tally), at);
        break;
      }
      default:
        assertNever(kind, 'clause node');
    }
  }
  return out;
}

/**
 * Prints an AST under `limits` (`undefined`: no limits, for an AST the parser made). Throws
 * `FilterError` only: `INVALID_NODE` for what is not an AST, a limit's code for an AST past a limit.
 * @internal
 */
export function printWithin(node: unknown, limits: Limits | undefined): FilterJson {
  try {
    return printNode(node, '', 1, limits === undefined ? undefined : { limits, nodes: 0, policy: undefined });
  } catch (error) {
    if (isOwnError(error)) throw error;
    // A getter or a Proxy trap of a hand-built AST threw (or a revoked Proxy): bad input, typed.
    throw new FilterError('INVALID_NODE', '', `not a filter AST: ${safeMessage(error)}`, { cause: error });
  }
}

/**
 * Prints an AST this library built from parsed nodes (a parsed filter, or a filter object around parsed
 * clauses): no limits, the parser bounded what it holds.
 * @internal
 */
export function printParsed(node: FilterNode): FilterJson {
  return printWithin(node, undefined);
}

/**
 * Prints an AST back to the JSON form of a filter. `printFilter(parseFilter(f))` deep-equals every
 * normalized filter `f`, and `parseFilter(printFilter(n))` deep-equals every parsed AST `n`. An AST the
 * parser made prints whole; a hand-built one is held to the limits of `options` (the defaults unless
 * given) while it is read, as the parser holds a JSON filter.
 *
 * @example
 * printFilter(parseFilter({ 'tags$.team': { $eq: 'core' } })); // { 'tags$.team': { $eq: 'core' } }
 */
export function printFilter(node: FilterNode, options?: ParseOptions): FilterJson {
  const limits = parsedOf(node as object) !== undefined ? undefined : resolveLimits(options);
  return printWithin(node, limits);
}
