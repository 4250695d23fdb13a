import { type FilterNode, OPERATOR_NAMES, type OperatorKind, type OperatorNode } from '../ast/nodes.js';
import { objectKeys } from '../builtins.js';
import {
  booleanOperand,
  listOperand,
  orderedOperand,
  scalarOperand,
  stringOperand,
  versionOperand,
} from './operands.js';

/**
 * One parse rule per operator, each with its own operand check next to it. The table is keyed by
 * `OperatorKind`, so an operator added to the AST does not compile until it can be parsed.
 */
/** Parses a filter nested in an operand (`$elemMatch`), one nesting level deeper than the field's. */
export type NestedFilter = (operand: unknown, at: string) => FilterNode;

const RULES: {
  readonly [K in OperatorKind]: (
    at: string,
    operand: unknown,
    nested: NestedFilter,
  ) => Extract<OperatorNode, { kind: K }>;
} = {
  eq: (at, x) => ({ kind: 'eq', value: scalarOperand('$eq', at, x, true) }),
  ne: (at, x) => ({ kind: 'ne', value: scalarOperand('$ne', at, x, true) }),
  gt: (at, x) => ({ kind: 'gt', value: orderedOperand('$gt', at, x) }),
  gte: (at, x) => ({ kind: 'gte', value: orderedOperand('$gte', at, x) }),
  lt: (at, x) => ({ kind: 'lt', value: orderedOperand('$lt', at, x) }),
  lte: (at, x) => ({ kind: 'lte', value: orderedOperand('$lte', at, x) }),
  in: (at, x) => ({ kind: 'in', values: listOperand('$in', at, x) }),
  nin: (at, x) => ({ kind: 'nin', values: listOperand('$nin', at, x) }),
  like: (at, x) => ({ kind: 'like', pattern: stringOperand('$like', at, x) }),
  exists: (at, x) => ({ kind: 'exists', value: booleanOperand('$exists', at, x) }),
  veq: (at, x) => ({ kind: 'veq', value: versionOperand('$veq', at, x) }),
  vne: (at, x) => ({ kind: 'vne', value: versionOperand('$vne', at, x) }),
  vgt: (at, x) => ({ kind: 'vgt', value: versionOperand('$vgt', at, x) }),
  vgte: (at, x) => ({ kind: 'vgte', value: versionOperand('$vgte', at, x) }),
  vlt: (at, x) => ({ kind: 'vlt', value: versionOperand('$vlt', at, x) }),
  vlte: (at, x) => ({ kind: 'vlte', value: versionOperand('$vlte', at, x) }),
  elemMatch: (at, x, nested) => ({ kind: 'elemMatch', filter: nested(x, at) }),
};

/** Operator kinds by the name written in filters (`$eq` → `eq`). */
export const OPERATOR_KINDS: ReadonlyMap<string, OperatorKind> = new Map(
  (objectKeys(OPERATOR_NAMES) as OperatorKind[]).map((kind) => [OPERATOR_NAMES[kind], kind]),
);

/** Parses one `$op: operand` entry; `at` is the pointer of the entry. */
export function parseOperator(
  kind: OperatorKind,
  at: string,
  operand: unknown,
  nested: NestedFilter,
): OperatorNode {
  return Object.freeze(RULES[kind](at, operand, nested));
}
