import type { TimeNode } from '../ast/nodes.js';
import { comparisonOf } from '../semantics/operators.js';
import { timestampMs } from '../semantics/time.js';

/**
 * The strings that time comparisons allow, modelled exactly as intervals of integer milliseconds, for
 * the contradiction and shadowing checks (domain.ts). A `$now` bound moves with the run's asOf, which the
 * validator does not know: every answer here holds for every asOf. "Possible" means for some asOf,
 * "certain" for every asOf, "empty" for no asOf, and "implies" at each asOf. A comparison with `$now`
 * and one with `$at` only meet through an asOf, so neither bounds the other.
 */

/** An interval of integer milliseconds, inclusive (±Infinity when open). */
interface Span {
  readonly lo: number;
  readonly hi: number;
}

interface Base {
  readonly span: Span;
  /** Bounds of `$ne` (the instants it excludes). */
  readonly excluded: readonly number[];
}

interface Constraints {
  /** Some comparison other than `$ne`: the value must be a timestamp. */
  readonly positive: boolean;
  /** The instant itself, from `$at` operands. */
  readonly at: Base;
  /** The instant minus asOf, from `$now` operands. */
  readonly now: Base;
}

/** The earliest and latest instants an RFC 3339 string can write (offsets of ±23:59 at the year ends). */
const TEXT: Span = {
  lo: timestampMs('0000-01-01T00:00:00+23:59'),
  hi: timestampMs('9999-12-31T23:59:59.999-23:59'),
};
const OPEN: Span = { lo: -Infinity, hi: Infinity };

function constraints(ops: readonly TimeNode[]): Constraints {
  let positive = false;
  const spans = { at: TEXT, now: OPEN };
  const excluded: { at: number[]; now: number[] } = { at: [], now: [] };
  for (const op of ops) {
    const { base, ms } = op.instant;
    const c = comparisonOf(op);
    if (c === 'ne') {
      excluded[base].push(ms);
      continue;
    }
    positive = true;
    // Instants and asOf are integers: a strict bound is the next integer in.
    const lo = c === 'eq' || c === 'gte' ? ms : c === 'gt' ? ms + 1 : -Infinity;
    const hi = c === 'eq' || c === 'lte' ? ms : c === 'lt' ? ms - 1 : Infinity;
    const s = spans[base];
    spans[base] = { lo: Math.max(s.lo, lo), hi: Math.min(s.hi, hi) };
  }
  return {
    positive,
    at: { span: spans.at, excluded: excluded.at },
    now: { span: spans.now, excluded: excluded.now },
  };
}

const holds = (b: Base, x: number) => b.span.lo <= x && x <= b.span.hi && !b.excluded.includes(x);

function isEmptyBase(b: Base): boolean {
  const { lo, hi } = b.span;
  if (lo > hi) return true;
  if (hi - lo === Infinity) return false;
  const inside = new Set(b.excluded.filter((x) => lo <= x && x <= hi));
  return hi - lo + 1 <= inside.size;
}

/** True when some asOf lets the string satisfy every comparison. */
export function instantsPossible(ops: readonly TimeNode[], s: string): boolean {
  if (ops.length === 0) return true;
  const c = constraints(ops);
  const t = timestampMs(s);
  if (Number.isNaN(t)) return !c.positive;
  // asOf is free: some offset of the `$now` interval is t − asOf for some asOf.
  return holds(c.at, t) && !isEmptyBase(c.now);
}

/** True when the string satisfies every comparison whatever the asOf. */
export function instantsCertain(ops: readonly TimeNode[], s: string): boolean {
  if (ops.length === 0) return true;
  const c = constraints(ops);
  const t = timestampMs(s);
  if (Number.isNaN(t)) return !c.positive;
  // Any `$now` comparison fails for some asOf.
  return holds(c.at, t) && c.now.span === OPEN && c.now.excluded.length === 0;
}

/** True when no string satisfies the comparisons, whatever the asOf. */
export function instantsEmpty(ops: readonly TimeNode[]): boolean {
  if (ops.length === 0) return false;
  const c = constraints(ops);
  return c.positive && (isEmptyBase(c.at) || isEmptyBase(c.now));
}

const within = (a: Span, b: Span) => a.lo >= b.lo && a.hi <= b.hi;

/** True when, at every asOf, every string satisfying `a` satisfies `b`. */
export function instantsImply(a: readonly TimeNode[], b: readonly TimeNode[]): boolean {
  if (b.length === 0 || instantsEmpty(a)) return true;
  const ca = constraints(a);
  const cb = constraints(b);
  if (cb.positive && !ca.positive) return false;
  return (
    within(ca.at.span, cb.at.span) &&
    within(ca.now.span, cb.now.span) &&
    cb.at.excluded.every((x) => !holds(ca.at, x)) &&
    cb.now.excluded.every((x) => !holds(ca.now, x))
  );
}
