import {
  assertNever,
  type ElemMatchNode,
  type EqNode,
  type ExistsNode,
  type InNode,
  type LikeNode,
  type NeNode,
  type NinNode,
  type OperatorKind,
  type OperatorNode,
  type RangeNode,
  type Scalar,
  type TimeNode,
  type VersionNode,
} from '../ast/nodes.js';
import { arrayIncludes, arraySome, hasOwn, regexpTest } from '../builtins.js';

/**
 * Operator facts as data: one row per operator kind, the one place that says what an operator is
 * (its family and comparison) and what it gives where the targets must decide alike (docs/semantics.md
 * §4). Parsing, both compilers, the SQL and MongoDB targets and validation dispatch on the family
 * ({@link byFamily}); a family's handler reads `comparison` and `negated` from the row, so an operator
 * added to an existing family is one row here and its node type (docs/extending.md).
 */

/** The operator nodes of each family: the handlers of a family see exactly these. */
export interface FamilyNodes {
  /** `$eq`, `$ne`: a scalar or null, compared without conversion. */
  readonly equality: EqNode | NeNode;
  /** `$gt` … `$lte`: a number or a string, ordered within its type. */
  readonly order: RangeNode;
  /** `$in`, `$nin`: a list of scalars or null. */
  readonly membership: InNode | NinNode;
  readonly like: LikeNode;
  readonly exists: ExistsNode;
  /** `$veq` … `$vlte`: versions compared as versions (semantics/version.ts). */
  readonly version: VersionNode;
  /** `$eq` … `$lte` with an instant operand: timestamps compared as instants (semantics/time.ts). */
  readonly time: TimeNode;
  readonly elemMatch: ElemMatchNode;
}
export type Family = keyof FamilyNodes;

/** A comparison, as the order and version families make it (`ne` only where `negated`). */
export type Comparison = 'eq' | 'ne' | 'gt' | 'gte' | 'lt' | 'lte';

/** What one operator is: the facts the parser and both compilers dispatch on. */
export interface OperatorFacts<N extends OperatorNode> {
  readonly family: Family;
  /** The comparison it makes, for the equality, order, version and time families. */
  readonly comparison?: Comparison;
  /** Exactly `not` of its family's positive operator with the same operand (`$ne`, `$nin`, `$vne`). */
  readonly negated?: true;
  /**
   * Whether it can answer differently for a `Date` and for what the Date reads as (its ISO string, or
   * missing when invalid): only then must a leaf be normalized before the test (compile/codegen.ts).
   */
  readonly readsDates: (op: N) => boolean;
}

/**
 * What one operator gives on the values every target decides alike at translation time (the SQL and
 * MongoDB targets): a table apart from {@link OPERATORS} so that the browser core does not carry it.
 */
export interface OperatorAnswers<N extends OperatorNode> {
  /** Its answer for a missing value (null, absent, or read through a non-object). */
  readonly whenMissing: (op: N) => boolean;
  /** Its answer for an array or object value, "another type" for every operand but `$elemMatch`'s. */
  readonly onArray: (op: N) => boolean;
  /** Whether it can hold only for a present value of its operand's type (an index-served prefilter). */
  readonly positive: (op: N) => boolean;
}

type NodeOf<K extends OperatorKind> = Extract<OperatorNode, { kind: K }>;
type FamilyOf<K extends OperatorKind> = {
  [F in Family]: K extends FamilyNodes[F]['kind'] ? F : never;
}[Family];

/** The shape of `Date.prototype.toISOString`'s output, extended years included. */
const ISO_SHAPE = /^(?:[+-]\d{6}|\d{4})-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** An operand that can tell a `Date` from what it reads as: an ISO string, or null (an invalid Date's). */
const isIsoLikeOrNull = (x: Scalar | null): boolean =>
  x === null || (typeof x === 'string' && regexpTest(ISO_SHAPE, x));

const yes = () => true;
const no = () => false;
/** A Date and its string equal no operand of theirs and order against none, bar these. */
const readsIso = (op: EqNode | NeNode) => isIsoLikeOrNull(op.value);
const readsIsoIn = (op: InNode | NinNode) => arraySome(op.values, isIsoLikeOrNull);
const readsString = (op: RangeNode) => typeof op.value === 'string';
/** The empty filter holds for every element, missing included; any other only for an object. */
const emptyFilter = (op: ElemMatchNode) => op.filter.clauses.length === 0;

const order = <C extends Comparison>(comparison: C) =>
  ({ family: 'order', comparison, readsDates: readsString }) as const;
// An ISO string always holds a `:`, so neither a Date nor its string is ever a version; and `$vne`
// holds for a missing value as for any non-version, the others for neither.
const version = <C extends Comparison>(comparison: C) =>
  ({ family: 'version', comparison, readsDates: no }) as const;

const time = <C extends Comparison>(comparison: C) =>
  ({ family: 'time', comparison, readsDates: yes }) as const;

/** The facts of every operator, by node kind. */
export const OPERATORS: {
  readonly [K in OperatorKind]: OperatorFacts<NodeOf<K>> & { readonly family: FamilyOf<K> };
} = {
  eq: { family: 'equality', comparison: 'eq', readsDates: readsIso },
  ne: { family: 'equality', comparison: 'ne', negated: true, readsDates: readsIso },
  gt: order('gt'),
  gte: order('gte'),
  lt: order('lt'),
  lte: order('lte'),
  in: { family: 'membership', readsDates: readsIsoIn },
  nin: { family: 'membership', negated: true, readsDates: readsIsoIn },
  like: { family: 'like', readsDates: yes },
  // An invalid Date is missing, a valid one present.
  exists: { family: 'exists', readsDates: yes },
  veq: version('eq'),
  vne: { ...version('ne'), negated: true },
  vgt: version('gt'),
  vgte: version('gte'),
  vlt: version('lt'),
  vlte: version('lte'),
  // A Date is read as its instant, through its ISO string; an invalid one is missing.
  teq: time('eq'),
  tne: { ...time('ne'), negated: true },
  tgt: time('gt'),
  tgte: time('gte'),
  tlt: time('lt'),
  tlte: time('lte'),
  // A valid Date element is a string, not an object: it must be normalized to tell.
  elemMatch: { family: 'elemMatch', readsDates: (op) => !emptyFilter(op) },
};

const hasNull = (op: InNode | NinNode) => arrayIncludes(op.values, null);
/** The positive operators of the order, like and version families: false on missing and arrays. */
const PRESENT = { whenMissing: no, onArray: no, positive: yes };

/** The answers of every operator on missing and array values (docs/semantics.md §4), by node kind. */
export const OPERATOR_ANSWERS: { readonly [K in OperatorKind]: OperatorAnswers<NodeOf<K>> } = {
  eq: { whenMissing: (op) => op.value === null, onArray: no, positive: (op) => op.value !== null },
  ne: { whenMissing: (op) => op.value !== null, onArray: yes, positive: no },
  gt: PRESENT,
  gte: PRESENT,
  lt: PRESENT,
  lte: PRESENT,
  in: { whenMissing: hasNull, onArray: no, positive: (op) => !hasNull(op) },
  nin: { whenMissing: (op) => !hasNull(op), onArray: yes, positive: no },
  like: PRESENT,
  exists: { whenMissing: (op) => !op.value, onArray: (op) => op.value, positive: no },
  veq: PRESENT,
  vne: { whenMissing: yes, onArray: yes, positive: no },
  vgt: PRESENT,
  vgte: PRESENT,
  vlt: PRESENT,
  vlte: PRESENT,
  // Like the version operators: only `$ne` holds for a value that is no timestamp.
  teq: PRESENT,
  tne: { whenMissing: yes, onArray: yes, positive: no },
  tgt: PRESENT,
  tgte: PRESENT,
  tlt: PRESENT,
  tlte: PRESENT,
  // Its own filter's implied conditions make a prefilter of their own, so it is not positive.
  elemMatch: { whenMissing: emptyFilter, onArray: emptyFilter, positive: no },
};

/** The facts of `op`'s kind, typed for `op`. */
export function factsOf<N extends OperatorNode>(op: N): OperatorFacts<N> {
  // An AST built by hand outside the type system gets a typed error, not a `TypeError`.
  if (!hasOwn(OPERATORS, op.kind)) return assertNever(op as never, 'operator node');
  return OPERATORS[op.kind as OperatorKind] as unknown as OperatorFacts<N>;
}

/** The answers of `op`'s kind on missing and array values, typed for `op`. */
export function answersOf<N extends OperatorNode>(op: N): OperatorAnswers<N> {
  factsOf(op);
  return OPERATOR_ANSWERS[op.kind as OperatorKind] as unknown as OperatorAnswers<N>;
}

/** The comparison of an operator of the equality, order, version or time family. */
export function comparisonOf(op: FamilyNodes['equality' | 'order' | 'version' | 'time']): Comparison {
  return OPERATORS[op.kind].comparison!;
}

/** One handler per family: a new family is a compile error in every target until it is handled. */
export type FamilyHandlers<R> = { readonly [F in Family]: (op: FamilyNodes[F]) => R };

/** Calls the handler of `op`'s family with `op`. */
export function byFamily<R>(op: OperatorNode, handlers: FamilyHandlers<R>): R {
  return (handlers[factsOf(op).family] as (op: OperatorNode) => R)(op);
}
