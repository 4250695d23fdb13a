import {
  assertNever,
  type FilterNode,
  isVersionNode,
  type OperatorNode,
  type Scalar,
  VERSION_COMPARISONS,
  type VersionNode,
} from '../ast/nodes.js';
import { arrayIncludes, arraySome, regexpTest } from '../builtins.js';
import { compareCodePoints, isBelowSurrogates } from '../semantics/compare.js';
import { compileLike } from '../semantics/like.js';
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
  const hasNull = arrayIncludes(values, null);
  const present = [...new Set(values.filter((x) => x !== null))];
  if (present.length === 0) return hasNull ? (v) => v == null : () => false;
  if (present.length <= SCAN_LIMIT) {
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
    ops.map((op) => VERSION_COMPARISONS[op.kind]),
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
  const accepts = ops.map((op) => ACCEPTS[VERSION_COMPARISONS[op.kind]]);
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

function not(test: LeafTest): LeafTest {
  return (v) => !test(v);
}

/** Compiles one operator to a test of a normalized leaf value. */
export function compileOperator(op: OperatorNode, compile: FilterCompiler): LeafTest {
  switch (op.kind) {
    case 'eq':
      return equals(op.value);
    case 'ne':
      return not(equals(op.value));
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return ordered(op.kind, op.value);
    case 'in':
      return member(op.values);
    case 'nin':
      return not(member(op.values));
    case 'like': {
      const match = compileLike(op.pattern);
      return (v) => typeof v === 'string' && match(v);
    }
    case 'exists':
      return op.value ? (v) => v != null : (v) => v == null;
    case 'veq':
    case 'vne':
    case 'vgt':
    case 'vgte':
    case 'vlt':
    case 'vlte':
      return versions([op]);
    case 'elemMatch':
      return elementTest(op.filter, compile);
    default:
      return assertNever(op, 'operator node');
  }
}

/** All operators of one key must hold for the same value. */
export function compileOperators(ops: readonly OperatorNode[], compile: FilterCompiler): LeafTest {
  const versionOps = ops.filter(isVersionNode);
  const tests =
    versionOps.length > 1
      ? [
          ...ops.filter((op) => !isVersionNode(op)).map((op) => compileOperator(op, compile)),
          versions(versionOps),
        ]
      : ops.map((op) => compileOperator(op, compile));
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

/** The shape of `Date.prototype.toISOString`'s output, extended years included. */
const ISO_SHAPE = /^(?:[+-]\d{6}|\d{4})-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/**
 * An operand that can tell a `Date` from what `readLeaf` makes of it: an ISO string (a valid date's),
 * or `null` (an invalid date's, which is missing).
 */
const isIsoLikeOrNull = (x: Scalar | null): boolean =>
  x === null || (typeof x === 'string' && regexpTest(ISO_SHAPE, x));

/**
 * Whether the operators can answer differently for a `Date` and for what it reads as (its ISO string,
 * or missing when invalid): only then must the leaf be normalized with `readLeaf` before the test.
 * Elsewhere a `Date`, its string and missing all equal no operand of theirs and order against none, so
 * skipping the normalization changes no answer; and it is measurable on hot paths (about 15 ns a record
 * on a two-key filter).
 */
export function readsDates(ops: readonly OperatorNode[]): boolean {
  return arraySome(ops, (op) => {
    switch (op.kind) {
      case 'eq':
      case 'ne':
        return isIsoLikeOrNull(op.value);
      case 'in':
      case 'nin':
        return arraySome(op.values, isIsoLikeOrNull);
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte':
        return typeof op.value === 'string';
      case 'like':
        return true;
      case 'exists':
        // An invalid Date is missing, a valid one present.
        return true;
      // An ISO string always holds a `:`, so neither a Date nor its string is ever a version; and
      // `$vne` holds for a missing value as for any non-version, the others for neither.
      case 'veq':
      case 'vne':
      case 'vgt':
      case 'vgte':
      case 'vlt':
      case 'vlte':
        return false;
      case 'elemMatch':
        // A valid Date element is a string, not an object: it must be normalized to tell.
        return op.filter.clauses.length > 0;
      default:
        return assertNever(op, 'operator node');
    }
  });
}
