import {
  type FilterNode,
  type InstantOperand,
  isTimeNode,
  isVersionNode,
  type OperatorNode,
  type Scalar,
  type TimeNode,
  type VersionNode,
} from '../ast/nodes.js';
import { arraySome } from '../builtins.js';
import { compareCodePoints, isBelowSurrogates } from '../semantics/compare.js';
import { compileLike } from '../semantics/like.js';
import { byFamily, comparisonOf, factsOf } from '../semantics/operators.js';
import { instantOf } from '../semantics/time.js';
import { isObjectValue } from '../semantics/values.js';
import {
  ACCEPTS,
  compareVersionTo,
  holds,
  keyRange,
  parseVersion,
  type VersionOperand,
  versionOperand,
} from '../semantics/version.js';
import type { LeafTest, Predicate } from './reads.js';

/** Captured as a module constant: the `$in` test of every record (see src/builtins.ts). */
const setHas = Set.prototype.has;

export type { LeafTest };

/** Compiles the filter of an `$elemMatch` (passed in, so that this module needs no filter compiler). */
export type FilterCompiler = (node: FilterNode) => Predicate;

const always: LeafTest = () => true;

/**
 * `$elemMatch` on the element `v` (docs/semantics.md §3): `{}` holds for every element; any other
 * filter only for an element that is an object and satisfies it. So `{ a: { $exists: false } }` does
 * not hold for a scalar element, although reading `a` of a scalar gives missing.
 */
export function elementTest(filter: FilterNode, compile: FilterCompiler): LeafTest {
  if (filter.clauses.length === 0) return always;
  const holds = compile(filter);
  return (v) => isObjectValue(v) && holds(v);
}

/** Lists up to this size are scanned; above it a `Set` is faster than a loop of `===`. */
const SCAN_LIMIT = 8;

function equals(x: Scalar | null): LeafTest {
  // `==` null is exactly "null or undefined", the language's missing value.
  if (x === null) return (v) => v == null;
  return (v) => v === x;
}

function member(values: readonly (Scalar | null)[]): LeafTest {
  // A loop, not `new Set` and a spread: a server compiles short lists on every request.
  let hasNull = false;
  const present: Scalar[] = [];
  for (let i = 0; i < values.length; i++) {
    const x = values[i]!;
    if (x === null) hasNull = true;
    else present.push(x);
  }
  if (present.length === 0) return hasNull ? (v) => v == null : () => false;
  if (present.length <= SCAN_LIMIT) {
    // Repeated values cost a comparison more, not a different answer.
    const list = present;
    return (v) => {
      if (v == null) return hasNull;
      for (let i = 0; i < list.length; i++) if (list[i] === v) return true;
      return false;
    };
  }
  const set: ReadonlySet<unknown> = new Set(present);
  return (v) => (v == null ? hasNull : setHas.call(set, v));
}

type Order = 'gt' | 'gte' | 'lt' | 'lte';

function ordered(kind: Order, x: string | number): LeafTest {
  if (typeof x === 'number') {
    switch (kind) {
      case 'gt':
        return (v) => typeof v === 'number' && v > x;
      case 'gte':
        return (v) => typeof v === 'number' && v >= x;
      case 'lt':
        return (v) => typeof v === 'number' && v < x;
      case 'lte':
        return (v) => typeof v === 'number' && v <= x;
    }
  }
  if (isBelowSurrogates(x)) {
    switch (kind) {
      case 'gt':
        return (v) => typeof v === 'string' && v > x;
      case 'gte':
        return (v) => typeof v === 'string' && v >= x;
      case 'lt':
        return (v) => typeof v === 'string' && v < x;
      case 'lte':
        return (v) => typeof v === 'string' && v <= x;
    }
  }
  switch (kind) {
    case 'gt':
      return (v) => typeof v === 'string' && compareCodePoints(v, x) > 0;
    case 'gte':
      return (v) => typeof v === 'string' && compareCodePoints(v, x) >= 0;
    case 'lt':
      return (v) => typeof v === 'string' && compareCodePoints(v, x) < 0;
    case 'lte':
      return (v) => typeof v === 'string' && compareCodePoints(v, x) <= 0;
  }
}

/**
 * The operands of one key's version operators, parsed once at compile time (the parser validated
 * them), and the range of keys outside which they cannot all hold ({@link keyRange}).
 */
export function versionOperands(ops: readonly VersionNode[]): {
  operands: VersionOperand[];
  range: [lo: number, hi: number];
} {
  const operands = ops.map((op) => versionOperand(parseVersion(op.value)!));
  const range = keyRange(
    ops.map((op) => comparisonOf(op)),
    operands,
  );
  return { operands, range };
}

/**
 * All the version operators of one key: the value is read as a version once, against every operand
 * in the same pass (`compareVersionTo`), whatever their number; nothing is allocated per call.
 */
function versions(ops: readonly VersionNode[]): LeafTest {
  const {
    operands,
    range: [lo, hi],
  } = versionOperands(ops);
  const accepts = ops.map((op) => ACCEPTS[comparisonOf(op)]);
  if (accepts.length === 1) {
    const a = accepts[0]!;
    // Not a string: a type mismatch, which only `$vne` (exactly `not $veq`) holds for.
    const other = holds(a, -1, 0);
    return (v) => (typeof v === 'string' ? holds(a, compareVersionTo(v, operands, lo, hi), 0) : other);
  }
  if (accepts.length === 2) {
    // A range (`$vgte` with `$vlt`), the common pair.
    const [a, b] = accepts as [number, number];
    return (v) => {
      const r = typeof v === 'string' ? compareVersionTo(v, operands, lo, hi) : -1;
      return holds(a, r, 0) && holds(b, r, 1);
    };
  }
  return (v) => {
    const r = typeof v === 'string' ? compareVersionTo(v, operands, lo, hi) : -1;
    for (let j = 0; j < accepts.length; j++) if (!holds(accepts[j]!, r, j)) return false;
    return true;
  };
}

/** The instant an operand stands for in a run whose asOf is `asOf` (ms since the epoch). */
export function boundOf(instant: InstantOperand, asOf: number): number {
  return instant.base === 'now' ? asOf + instant.ms : instant.ms;
}

/**
 * A time comparison of an instant `t`: NaN, the instant of a value that is none, satisfies only `$ne`
 * (`NaN !== x`), as for a missing value.
 */
function instantTest(op: TimeNode, asOf: number): (t: number) => boolean {
  const x = boundOf(op.instant, asOf);
  switch (comparisonOf(op)) {
    case 'eq':
      return (t) => t === x;
    case 'ne':
      return (t) => t !== x;
    case 'gt':
      return (t) => t > x;
    case 'gte':
      return (t) => t >= x;
    case 'lt':
      return (t) => t < x;
    case 'lte':
      return (t) => t <= x;
  }
}

/** All the time comparisons of one key: the value is read as an instant once, whatever their number. */
function instants(ops: readonly TimeNode[], asOf: number): LeafTest {
  const tests = ops.map((op) => instantTest(op, asOf));
  if (tests.length === 1) {
    const test = tests[0]!;
    return (v) => test(instantOf(v));
  }
  return (v) => {
    const t = instantOf(v);
    for (let i = 0; i < tests.length; i++) if (!tests[i]!(t)) return false;
    return true;
  };
}

/** `test`, or its negation for an operator that is `not` of its family's positive one. */
function negated(op: OperatorNode, test: LeafTest): LeafTest {
  return factsOf(op).negated ? (v) => !test(v) : test;
}

/**
 * Compiles one operator to a test of a normalized leaf value; `asOf` is the instant (ms) `$now`
 * operands count from.
 */
export function compileOperator(op: OperatorNode, compile: FilterCompiler, asOf = Number.NaN): LeafTest {
  return byFamily<LeafTest>(op, {
    equality: (op) => negated(op, equals(op.value)),
    order: (op) => ordered(comparisonOf(op) as Order, op.value),
    membership: (op) => negated(op, member(op.values)),
    like: (op) => {
      const match = compileLike(op.pattern);
      return negated(op, (v) => typeof v === 'string' && match(v));
    },
    exists: (op) => (op.value ? (v) => v != null : (v) => v == null),
    // `$vne` is its own comparison (`ne`), in the one pass of `versions`.
    version: (op) => versions([op]),
    time: (op) => instants([op], asOf),
    elemMatch: (op) => elementTest(op.filter, compile),
  });
}

/** All operators of one key must hold for the same value. */
export function compileOperators(
  ops: readonly OperatorNode[],
  compile: FilterCompiler,
  asOf = Number.NaN,
): LeafTest {
  if (ops.length === 1) return compileOperator(ops[0]!, compile, asOf);
  // The value is read once for all the version operators of the key, and once for all its instants.
  const versionOps = ops.filter(isVersionNode);
  const timeOps = ops.filter(isTimeNode);
  const grouped = (op: OperatorNode) =>
    (versionOps.length > 1 && isVersionNode(op)) || (timeOps.length > 1 && isTimeNode(op));
  const tests = [
    ...ops.filter((op) => !grouped(op)).map((op) => compileOperator(op, compile, asOf)),
    ...(versionOps.length > 1 ? [versions(versionOps)] : []),
    ...(timeOps.length > 1 ? [instants(timeOps, asOf)] : []),
  ];
  if (tests.length === 1) return tests[0]!;
  if (tests.length === 2) {
    const [a, b] = tests as [LeafTest, LeafTest];
    return (v) => a(v) && b(v);
  }
  return (v) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i]!(v)) return false;
    return true;
  };
}

/**
 * Whether the operators can answer differently for a `Date` and for what it reads as (its ISO string,
 * or missing when invalid): only then must the leaf be normalized with `readLeaf` before the test.
 * Elsewhere a `Date`, its string and missing all equal no operand of theirs and order against none, so
 * skipping the normalization changes no answer; and it is measurable on hot paths (about 15 ns a record
 * on a two-key filter).
 */
export function readsDates(ops: readonly OperatorNode[]): boolean {
  return arraySome(ops, (op) => factsOf(op).readsDates(op));
}
