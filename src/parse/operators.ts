import {
  type FilterNode,
  isTimeNode,
  OPERATOR_NAMES,
  type OperatorKind,
  type OperatorNode,
  TIME_KINDS,
  type TimeKind,
} from '../ast/nodes.js';
import { freeze, hasOwn, objectKeys } from '../builtins.js';
import type { Limits } from '../limits.js';
import {
  booleanOperand,
  instantOperand,
  isPlainObject,
  likeOperand,
  listOperand,
  orderedOperand,
  scalarOperand,
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
    limits: Limits,
  ) => Extract<OperatorNode, { kind: K }>;
} = {
  eq: (at, x, _, l) => ({ kind: 'eq', value: scalarOperand('$eq', at, x, true, l) }),
  ne: (at, x, _, l) => ({ kind: 'ne', value: scalarOperand('$ne', at, x, true, l) }),
  gt: (at, x, _, l) => ({ kind: 'gt', value: orderedOperand('$gt', at, x, l) }),
  gte: (at, x, _, l) => ({ kind: 'gte', value: orderedOperand('$gte', at, x, l) }),
  lt: (at, x, _, l) => ({ kind: 'lt', value: orderedOperand('$lt', at, x, l) }),
  lte: (at, x, _, l) => ({ kind: 'lte', value: orderedOperand('$lte', at, x, l) }),
  teq: (at, x, _, l) => ({ kind: 'teq', instant: instantOperand('$eq', at, x as object, l) }),
  tne: (at, x, _, l) => ({ kind: 'tne', instant: instantOperand('$ne', at, x as object, l) }),
  tgt: (at, x, _, l) => ({ kind: 'tgt', instant: instantOperand('$gt', at, x as object, l) }),
  tgte: (at, x, _, l) => ({ kind: 'tgte', instant: instantOperand('$gte', at, x as object, l) }),
  tlt: (at, x, _, l) => ({ kind: 'tlt', instant: instantOperand('$lt', at, x as object, l) }),
  tlte: (at, x, _, l) => ({ kind: 'tlte', instant: instantOperand('$lte', at, x as object, l) }),
  in: (at, x, _, l) => ({ kind: 'in', values: listOperand('$in', at, x, l) }),
  nin: (at, x, _, l) => ({ kind: 'nin', values: listOperand('$nin', at, x, l) }),
  like: (at, x, _, l) => ({ kind: 'like', pattern: likeOperand('$like', at, x, l) }),
  exists: (at, x) => ({ kind: 'exists', value: booleanOperand('$exists', at, x) }),
  veq: (at, x, _, l) => ({ kind: 'veq', value: versionOperand('$veq', at, x, l) }),
  vne: (at, x, _, l) => ({ kind: 'vne', value: versionOperand('$vne', at, x, l) }),
  vgt: (at, x, _, l) => ({ kind: 'vgt', value: versionOperand('$vgt', at, x, l) }),
  vgte: (at, x, _, l) => ({ kind: 'vgte', value: versionOperand('$vgte', at, x, l) }),
  vlt: (at, x, _, l) => ({ kind: 'vlt', value: versionOperand('$vlt', at, x, l) }),
  vlte: (at, x, _, l) => ({ kind: 'vlte', value: versionOperand('$vlte', at, x, l) }),
  elemMatch: (at, x, nested) => ({ kind: 'elemMatch', filter: nested(x, at) }),
};

/**
 * Operator kinds by the name written in filters (`$eq` → `eq`). A time comparison is written as its
 * operator: `parseOperator` tells it by its operand.
 */
export const OPERATOR_KINDS: ReadonlyMap<string, OperatorKind> = new Map(
  (objectKeys(OPERATOR_NAMES) as OperatorKind[])
    .filter((kind) => !isTimeNode({ kind } as OperatorNode))
    .map((kind) => [OPERATOR_NAMES[kind], kind]),
);

/** Parses one `$op: operand` entry; `at` is the pointer of the entry. */
export function parseOperator(
  kind: OperatorKind,
  at: string,
  operand: unknown,
  nested: NestedFilter,
  limits: Limits,
): OperatorNode {
  const time: TimeKind | undefined =
    isPlainObject(operand) && hasOwn(TIME_KINDS, kind)
      ? TIME_KINDS[kind as keyof typeof TIME_KINDS]
      : undefined;
  return freeze(RULES[time ?? kind](at, operand, nested, limits));
}
