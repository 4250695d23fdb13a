import { hasOwn, jsonStringify } from '../builtins.js';
import { FilterError } from '../errors.js';

/**
 * The filter AST: readonly, serializable plain objects tagged with `kind`.
 *
 * Every traversal switches over these unions exhaustively (a `Record<Kind, …>` table or a `never`
 * check), so adding a kind breaks the build in every target until it is handled.
 */

/** The literal path segment that selects "some element of the array here". */
export const ARRAY_ANY = '__svcArrayAny__';

/** The separator between path segments in a filter key. */
export const PATH_SEPARATOR = '$.';

/** A scalar operand: what a field can be compared with. */
export type Scalar = string | number | boolean;

/** A step that reads an own property of a (non-array) object. */
export interface KeyStep {
  readonly kind: 'key';
  readonly key: string;
}

/** The `__svcArrayAny__` selector: some element of the array at this point. */
export interface AnyStep {
  readonly kind: 'any';
}

export type PathStep = KeyStep | AnyStep;
export type PathStepKind = PathStep['kind'];

export interface EqNode {
  readonly kind: 'eq';
  readonly value: Scalar | null;
}
export interface NeNode {
  readonly kind: 'ne';
  readonly value: Scalar | null;
}
export interface GtNode {
  readonly kind: 'gt';
  readonly value: string | number;
}
export interface GteNode {
  readonly kind: 'gte';
  readonly value: string | number;
}
export interface LtNode {
  readonly kind: 'lt';
  readonly value: string | number;
}
export interface LteNode {
  readonly kind: 'lte';
  readonly value: string | number;
}
export interface InNode {
  readonly kind: 'in';
  readonly values: readonly (Scalar | null)[];
}
export interface NinNode {
  readonly kind: 'nin';
  readonly values: readonly (Scalar | null)[];
}
export interface LikeNode {
  readonly kind: 'like';
  readonly pattern: string;
}
export interface ExistsNode {
  readonly kind: 'exists';
  readonly value: boolean;
}
/** `$veq`: the value is a version equal to the operand (see `semantics/version.ts`). */
export interface VeqNode {
  readonly kind: 'veq';
  /** The operand as written; always a valid version. */
  readonly value: string;
}
/** `$vne`: exactly `not $veq` (so it holds for non-versions and missing values, like `$ne`). */
export interface VneNode {
  readonly kind: 'vne';
  readonly value: string;
}
export interface VgtNode {
  readonly kind: 'vgt';
  readonly value: string;
}
export interface VgteNode {
  readonly kind: 'vgte';
  readonly value: string;
}
export interface VltNode {
  readonly kind: 'vlt';
  readonly value: string;
}
export interface VlteNode {
  readonly kind: 'vlte';
  readonly value: string;
}

/**
 * The operand of a time comparison: `{ $now: duration }`, the instant *asOf + duration* of the run that
 * evaluates it, or `{ $at: timestamp }`, a fixed instant (docs/semantics.md §4, "Instants").
 */
export interface InstantOperand {
  /** `now`: the run's asOf plus `ms`; `at`: the instant `ms`. */
  readonly base: 'now' | 'at';
  /** As written: the ISO 8601 duration of `$now`, the RFC 3339 timestamp of `$at`. */
  readonly text: string;
  /** Milliseconds: the duration's (signed) of `$now`, since the Unix epoch of `$at`. */
  readonly ms: number;
}
/**
 * `$eq`, `$ne`, `$gt`, `$gte`, `$lt`, `$lte` with an instant operand: the value is read as an RFC 3339
 * timestamp (or a Date) and compared as an instant, at millisecond precision; a value that is no
 * timestamp satisfies only `$ne`.
 */
export interface TeqNode {
  readonly kind: 'teq';
  readonly instant: InstantOperand;
}
export interface TneNode {
  readonly kind: 'tne';
  readonly instant: InstantOperand;
}
export interface TgtNode {
  readonly kind: 'tgt';
  readonly instant: InstantOperand;
}
export interface TgteNode {
  readonly kind: 'tgte';
  readonly instant: InstantOperand;
}
export interface TltNode {
  readonly kind: 'tlt';
  readonly instant: InstantOperand;
}
export interface TlteNode {
  readonly kind: 'tlte';
  readonly instant: InstantOperand;
}

/**
 * `$elemMatch`, allowed only on a path that ends at a selector: the element itself satisfies `filter`,
 * whose paths are relative to the element. An element that is not an object satisfies only `{}`.
 */
export interface ElemMatchNode {
  readonly kind: 'elemMatch';
  readonly filter: FilterNode;
}

/** One operator of an operator object, e.g. `{ $gte: 10 }`. */
export type OperatorNode =
  | EqNode
  | NeNode
  | GtNode
  | GteNode
  | LtNode
  | LteNode
  | InNode
  | NinNode
  | LikeNode
  | ExistsNode
  | VersionNode
  | TimeNode
  | ElemMatchNode;
export type OperatorKind = OperatorNode['kind'];
/** The version operators: they compare versions as versions (docs/semantics.md §4). */
export type VersionNode = VeqNode | VneNode | VgtNode | VgteNode | VltNode | VlteNode;
export type VersionKind = VersionNode['kind'];
/** The time comparisons: an operator of the equality or order family with an instant operand. */
export type TimeNode = TeqNode | TneNode | TgtNode | TgteNode | TltNode | TlteNode;
export type TimeKind = TimeNode['kind'];
export type RangeNode = GtNode | GteNode | LtNode | LteNode;
export type RangeKind = RangeNode['kind'];

/**
 * `path: { ...operators }`. Every operator must hold for the same value; when the path has selectors,
 * for the same element of each selected array.
 */
export interface FieldNode {
  readonly kind: 'field';
  readonly path: readonly PathStep[];
  readonly operators: readonly OperatorNode[];
}
export interface AndNode {
  readonly kind: 'and';
  readonly filters: readonly FilterNode[];
}
export interface OrNode {
  readonly kind: 'or';
  readonly filters: readonly FilterNode[];
}
export interface NotNode {
  readonly kind: 'not';
  readonly filter: FilterNode;
}

/** One key of a filter object. */
export type ClauseNode = FieldNode | AndNode | OrNode | NotNode;
export type ClauseKind = ClauseNode['kind'];

/** A filter object: every clause must hold; no clauses matches everything. */
export interface FilterNode {
  readonly kind: 'filter';
  readonly clauses: readonly ClauseNode[];
}

/** Every node kind of the AST. */
export type NodeKind = FilterNode['kind'] | ClauseKind | OperatorKind | PathStepKind;

/** Operator names as written in filters, by node kind. */
export const OPERATOR_NAMES = {
  eq: '$eq',
  ne: '$ne',
  gt: '$gt',
  gte: '$gte',
  lt: '$lt',
  lte: '$lte',
  in: '$in',
  nin: '$nin',
  like: '$like',
  exists: '$exists',
  veq: '$veq',
  vne: '$vne',
  vgt: '$vgt',
  vgte: '$vgte',
  vlt: '$vlt',
  vlte: '$vlte',
  // A time comparison is written as the operator it compares with, its operand an instant.
  teq: '$eq',
  tne: '$ne',
  tgt: '$gt',
  tgte: '$gte',
  tlt: '$lt',
  tlte: '$lte',
  elemMatch: '$elemMatch',
} as const satisfies Record<OperatorKind, string>;

/**
 * The comparison each version operator makes, by node kind.
 *
 * @example
 * VERSION_COMPARISONS.vlt; // 'lt': `{ $vlt: '1.29' }` holds for versions below 1.29
 */
export const VERSION_COMPARISONS = {
  veq: 'eq',
  vne: 'ne',
  vgt: 'gt',
  vgte: 'gte',
  vlt: 'lt',
  vlte: 'lte',
} as const satisfies Record<VersionKind, string>;

/** True for the nodes of the version operators. */
export function isVersionNode(op: OperatorNode): op is VersionNode {
  return hasOwn(VERSION_COMPARISONS, op.kind);
}

/** The time comparison written with each operator, by the operator's kind. */
export const TIME_KINDS = {
  eq: 'teq',
  ne: 'tne',
  gt: 'tgt',
  gte: 'tgte',
  lt: 'tlt',
  lte: 'tlte',
} as const satisfies Record<string, TimeKind>;

/** True for the nodes of the time comparisons. */
export function isTimeNode(op: OperatorNode): op is TimeNode {
  return hasOwn(TIME_OPERATORS, op.kind);
}
const TIME_OPERATORS: Readonly<Record<TimeKind, true>> = {
  teq: true,
  tne: true,
  tgt: true,
  tgte: true,
  tlt: true,
  tlte: true,
};

/** Logical operator names as written in filters, by node kind. */
export const LOGICAL_NAMES = {
  and: '$and',
  or: '$or',
  not: '$not',
} as const satisfies Record<Exclude<ClauseKind, 'field'>, string>;

/**
 * Makes a switch exhaustive: a new kind is a compile error here. At run time it is reached only by an
 * AST built by hand outside the type system, which gets a typed error rather than a `TypeError`.
 */
export function assertNever(value: never, what: string): never {
  const kind = typeof value === 'object' && value !== null ? (value as { kind?: unknown }).kind : value;
  throw new FilterError('INVALID_NODE', '', `unknown ${what} ${jsonStringify(String(kind))}`);
}
