import type { OperatorNode, TimeNode, VersionNode } from '../ast/nodes.js';
import { compileClosures } from '../compile/closures.js';
import { compileOperator } from '../compile/operators.js';
import { compareCodePoints } from '../semantics/compare.js';
import { compileLike, parseLike } from '../semantics/like.js';
import { byFamily, comparisonOf, factsOf } from '../semantics/operators.js';
import { instantsCertain, instantsEmpty, instantsImply, instantsPossible } from './instants.js';

/**
 * The set of values a path may hold for some operators to be true, over-approximated where it must be
 * and never under-approximated: `isEmpty` is true only when no value can satisfy them, and `isSubset`
 * only when every value allowed by one is allowed by the other. It follows docs/semantics.md: null and
 * missing are one value; types never mix (type bracketing); objects, arrays and NaN ("other") satisfy
 * only the negative operators (`$ne`, `$nin`, `$exists: true`).
 */
export interface Domain {
  readonly missing: boolean;
  readonly other: boolean;
  readonly bools: readonly boolean[];
  readonly str: Ordered<string>;
  readonly num: Ordered<number>;
}

interface Bound<T> {
  readonly value: T;
  readonly inclusive: boolean;
}

/** The allowed values of one ordered type. */
interface Ordered<T> {
  /** No value of the type is allowed. */
  readonly none: boolean;
  /** Only these values (a finite set); absent: unrestricted. */
  readonly set?: readonly T[];
  readonly lo?: Bound<T>;
  readonly hi?: Bound<T>;
  readonly excluded: readonly T[];
  /** `$like` patterns every value must match (strings only). */
  readonly likes: readonly string[];
  /**
   * Version operators every value must satisfy (strings only). Like patterns, they are opaque to
   * ranges: a domain with one is a subset of another only when the other's are among its own.
   */
  readonly versions: readonly VersionNode[];
  /** Time comparisons every value must satisfy (strings only), reasoned about in instants.ts. */
  readonly instants: readonly TimeNode[];
}

type Cmp<T> = (a: T, b: T) => number;
const cmpNum: Cmp<number> = (a, b) => a - b;

const ANY_ORDERED: Ordered<never> = { none: false, excluded: [], likes: [], versions: [], instants: [] };
const NO_ORDERED: Ordered<never> = { none: true, excluded: [], likes: [], versions: [], instants: [] };

/** Every value. */
export const TOP: Domain = {
  missing: true,
  other: true,
  bools: [true, false],
  str: ANY_ORDERED,
  num: ANY_ORDERED,
};
const NOTHING: Domain = { missing: false, other: false, bools: [], str: NO_ORDERED, num: NO_ORDERED };

const likeCache = new Map<string, (s: string) => boolean>();
function likeMatch(pattern: string, s: string): boolean {
  let m = likeCache.get(pattern);
  if (m === undefined) {
    m = compileLike(pattern);
    if (likeCache.size > 1000) likeCache.clear();
    likeCache.set(pattern, m);
  }
  return m(s);
}

function versionsAccept(versions: readonly VersionNode[], s: string): boolean {
  // Version operators never compile a nested filter: any filter compiler will do.
  return versions.every((op) => compileOperator(op, compileClosures)(s));
}

const sameVersionOp = (a: VersionNode, b: VersionNode) => a.kind === b.kind && a.value === b.value;

/** The values one operator allows. */
export function operatorDomain(op: OperatorNode): Domain {
  const negated = factsOf(op).negated === true;
  return byFamily<Domain>(op, {
    equality: (op) => {
      const v = op.value;
      if (!negated) return v === null ? { ...NOTHING, missing: true } : only([v]);
      if (v === null) return { ...TOP, missing: false };
      if (typeof v === 'boolean') return { ...TOP, bools: [!v] };
      if (typeof v === 'string') return { ...TOP, str: { ...ANY_ORDERED, excluded: [v] } };
      return { ...TOP, num: { ...ANY_ORDERED, excluded: [v] } };
    },
    order: (op) => {
      const comparison = comparisonOf(op);
      const bound = { value: op.value, inclusive: comparison === 'gte' || comparison === 'lte' };
      const side = comparison === 'gt' || comparison === 'gte' ? { lo: bound } : { hi: bound };
      return typeof op.value === 'string'
        ? { ...NOTHING, str: { ...ANY_ORDERED, ...(side as { lo?: Bound<string> }) } }
        : { ...NOTHING, num: { ...ANY_ORDERED, ...(side as { lo?: Bound<number> }) } };
    },
    membership: (op) =>
      negated
        ? {
            missing: !op.values.includes(null),
            other: true,
            bools: [true, false].filter((b) => !op.values.includes(b)),
            str: { ...ANY_ORDERED, excluded: op.values.filter((v) => typeof v === 'string') },
            num: { ...ANY_ORDERED, excluded: op.values.filter((v) => typeof v === 'number') },
          }
        : only(op.values),
    like: (op) => ({ ...NOTHING, str: { ...ANY_ORDERED, likes: [op.pattern] } }),
    exists: (op) => (op.value ? { ...TOP, missing: false } : { ...NOTHING, missing: true }),
    // `$vne` is `not $veq`: everything but the strings that are versions equal to its operand.
    version: (op) => ({ ...(negated ? TOP : NOTHING), str: { ...ANY_ORDERED, versions: [op] } }),
    // `$ne` with an instant is `not $eq`: everything but the timestamps of that instant.
    time: (op) => ({ ...(negated ? TOP : NOTHING), str: { ...ANY_ORDERED, instants: [op] } }),
    // Objects are "other"; what the filter asks of them is not modelled (the fields inside are
    // checked as sites of their own).
    elemMatch: (op) => (op.filter.clauses.length === 0 ? TOP : { ...NOTHING, other: true }),
  });
}

function only(values: readonly (string | number | boolean | null)[]): Domain {
  const strs = values.filter((v) => typeof v === 'string');
  const nums = values.filter((v) => typeof v === 'number');
  return {
    missing: values.includes(null),
    other: false,
    bools: [true, false].filter((b) => values.includes(b)),
    str: strs.length === 0 ? NO_ORDERED : { ...ANY_ORDERED, set: strs },
    num: nums.length === 0 ? NO_ORDERED : { ...ANY_ORDERED, set: nums },
  };
}

function tighter<T>(a: Bound<T> | undefined, b: Bound<T> | undefined, cmp: Cmp<T>, lower: boolean) {
  if (a === undefined) return b;
  if (b === undefined) return a;
  const c = cmp(a.value, b.value);
  if (c === 0) return { value: a.value, inclusive: a.inclusive && b.inclusive };
  return c > 0 === lower ? a : b;
}

/**
 * Membership in a list of operands: a `Set` built once per list (kept while the list lives) past a few
 * items, so that intersecting or comparing `$in` lists of thousands stays linear, not quadratic.
 * `Set` and `includes` agree on every value (SameValueZero).
 */
const SETS = new WeakMap<readonly unknown[], Set<unknown>>();
function contains<T>(list: readonly T[], x: T): boolean {
  if (list.length <= 16) return list.includes(x);
  let set = SETS.get(list);
  if (set === undefined) {
    set = new Set(list);
    SETS.set(list, set);
  }
  return set.has(x);
}

function intersectOrdered<T>(a: Ordered<T>, b: Ordered<T>, cmp: Cmp<T>): Ordered<T> {
  const set =
    a.set === undefined ? b.set : b.set === undefined ? a.set : a.set.filter((x) => contains(b.set!, x));
  const lo = tighter(a.lo, b.lo, cmp, true);
  const hi = tighter(a.hi, b.hi, cmp, false);
  return {
    none: a.none || b.none,
    ...(set === undefined ? {} : { set }),
    ...(lo === undefined ? {} : { lo }),
    ...(hi === undefined ? {} : { hi }),
    excluded: [...a.excluded, ...b.excluded],
    likes: [...a.likes, ...b.likes],
    versions: [...a.versions, ...b.versions],
    instants: [...a.instants, ...b.instants],
  };
}

/** The values both domains allow. */
export function intersect(a: Domain, b: Domain): Domain {
  return {
    missing: a.missing && b.missing,
    other: a.other && b.other,
    bools: a.bools.filter((x) => b.bools.includes(x)),
    str: intersectOrdered(a.str, b.str, compareCodePoints),
    num: intersectOrdered(a.num, b.num, cmpNum),
  };
}

/** The values all the operators of one field allow (they must hold for the same value). */
export function fieldDomain(operators: readonly OperatorNode[]): Domain {
  return operators.reduce((d, op) => intersect(d, operatorDomain(op)), TOP);
}

function inRange<T>(o: Ordered<T>, x: T, cmp: Cmp<T>): boolean {
  if (o.lo !== undefined) {
    const c = cmp(x, o.lo.value);
    if (c < 0 || (c === 0 && !o.lo.inclusive)) return false;
  }
  if (o.hi !== undefined) {
    const c = cmp(x, o.hi.value);
    if (c > 0 || (c === 0 && !o.hi.inclusive)) return false;
  }
  return true;
}

/**
 * Whether the domain allows `x`: for some asOf (`possibly`), or for every asOf; they differ only for
 * `$now` comparisons (instants.ts).
 */
function accepts<T>(o: Ordered<T>, x: T, cmp: Cmp<T>, possibly: boolean): boolean {
  if (o.none) return false;
  if (o.set !== undefined && !contains(o.set, x)) return false;
  if (!inRange(o, x, cmp) || contains(o.excluded, x)) return false;
  const s = x as unknown as string;
  return (
    o.likes.every((p) => likeMatch(p, s)) &&
    versionsAccept(o.versions, s) &&
    (possibly ? instantsPossible(o.instants, s) : instantsCertain(o.instants, s))
  );
}

/**
 * The values of the type that the domain allows when they are finitely many and known: an explicit set,
 * a `$like` without wildcard, or a range closed on one point. `undefined` when possibly infinite.
 */
function finiteMembers<T>(o: Ordered<T>, cmp: Cmp<T>): readonly T[] | undefined {
  if (o.none || instantsEmpty(o.instants)) return [];
  let candidates: readonly T[] | undefined = o.set;
  if (candidates === undefined) {
    const literal = o.likes.map((p) => parseLike(p).pieces).find((pieces) => pieces.length === 1);
    if (literal !== undefined) candidates = [literal[0] as unknown as T];
  }
  if (candidates === undefined && o.lo !== undefined && o.hi !== undefined) {
    const c = cmp(o.lo.value, o.hi.value);
    if (c > 0 || (c === 0 && !(o.lo.inclusive && o.hi.inclusive))) return [];
    if (c === 0) candidates = [o.lo.value];
  }
  return candidates?.filter((x) => accepts(o, x, cmp, true));
}

function isEmptyOrdered<T>(o: Ordered<T>, cmp: Cmp<T>): boolean {
  const members = finiteMembers(o, cmp);
  // An open range on strings or numbers with finitely many exclusions and wildcard patterns is taken as
  // non-empty: possibly wrong for pathological bounds, which only means a warning is not given.
  return members !== undefined && members.length === 0;
}

/** True only when no value satisfies the domain. */
export function isEmpty(d: Domain): boolean {
  return (
    !d.missing &&
    !d.other &&
    d.bools.length === 0 &&
    isEmptyOrdered(d.str, compareCodePoints) &&
    isEmptyOrdered(d.num, cmpNum)
  );
}

function boundWithin<T>(
  inner: Bound<T> | undefined,
  outer: Bound<T> | undefined,
  cmp: Cmp<T>,
  lower: boolean,
) {
  if (outer === undefined) return true;
  if (inner === undefined) return false;
  const c = cmp(inner.value, outer.value);
  if (c === 0) return outer.inclusive || !inner.inclusive;
  return c > 0 === lower;
}

function subsetOrdered<T>(a: Ordered<T>, b: Ordered<T>, cmp: Cmp<T>): boolean {
  const members = finiteMembers(a, cmp);
  if (members !== undefined) return members.every((x) => accepts(b, x, cmp, false));
  if (b.none || b.set !== undefined) return false;
  if (!b.likes.every((p) => a.likes.includes(p))) return false;
  if (!b.versions.every((v) => a.versions.some((w) => sameVersionOp(v, w)))) return false;
  if (!instantsImply(a.instants, b.instants)) return false;
  if (!boundWithin(a.lo, b.lo, cmp, true) || !boundWithin(a.hi, b.hi, cmp, false)) return false;
  return b.excluded.every(
    (x) =>
      contains(a.excluded, x) ||
      !inRange(a, x, cmp) ||
      a.likes.some((p) => !likeMatch(p, x as unknown as string)) ||
      !versionsAccept(a.versions, x as unknown as string) ||
      !instantsPossible(a.instants, x as unknown as string),
  );
}

/** True only when every value that `a` allows, `b` allows too. */
export function isSubset(a: Domain, b: Domain): boolean {
  if (isEmpty(a)) return true;
  return (
    (!a.missing || b.missing) &&
    (!a.other || b.other) &&
    a.bools.every((x) => b.bools.includes(x)) &&
    subsetOrdered(a.str, b.str, compareCodePoints) &&
    subsetOrdered(a.num, b.num, cmpNum)
  );
}
