import type { FilterNode } from '../ast/nodes.js';
import { compileClosures } from './closures.js';
import { compileGenerated } from './codegen.js';
import type { Predicate } from './path.js';

/** Evaluations a tiered filter runs as closures before it becomes generated code (bench/README.md). */
export const TIER_UP_AFTER = 2000;

/**
 * Makes a tiered predicate: `cold` until the `left`-th evaluation, which calls `promote` once; its
 * answer from the next evaluation on. Second, what runs a batch of `n` evaluations (see
 * {@link forRecords}), which count as `n` at once.
 */
type Tier = (
  cold: Predicate,
  promote: () => Predicate,
  left: number,
) => readonly [Predicate, (n: number) => Predicate];

/**
 * The `n`-th {@link Tier}, as source: {@link sharedTier} written out, with its number in the predicate's
 * text (so no two are one source, and a test can tell them apart).
 */
const tierSource = (n: number): string =>
  `function(cold,promote,left){let hot;return[function tiered(r){/*${n}*/if(hot!==undefined)return hot(r);if(--left===0)hot=promote();return cold(r);},function(n){if(hot!==undefined)return hot;if(left>n){left-=n;return cold;}return hot=promote();}];}`;

/** The tier used where no function may be made at run time. */
const sharedTier: Tier = (cold, promote, left) => {
  let hot: Predicate | undefined;
  return [
    function tiered(r) {
      if (hot !== undefined) return hot(r);
      if (--left === 0) hot = promote();
      return cold(r);
    },
    (n) => {
      if (hot !== undefined) return hot;
      if (left > n) {
        left -= n;
        return cold;
      }
      hot = promote();
      return hot;
    },
  ];
};

/**
 * Where a tiered predicate holds its batch function: a property under a symbol of this module's, not a
 * `WeakMap` (whose entries cost a server about as much as compiling the closures: GC work per entry).
 */
const BATCH = Symbol('batch');
type Batched = Predicate & { [BATCH]?: (n: number) => Predicate };

/**
 * What to call for each of `n` records, known before the first (an array's length): for a tiered
 * predicate, its closures while the batch leaves it under its count (no wrapper per record: a server
 * request over a few hundred records pays what closures alone cost), or its generated code from the
 * first record when the batch reaches the count; any other predicate, itself. The answers are the same.
 */
export function forRecords(predicate: Predicate, n: number): Predicate {
  const batch = (predicate as Batched)[BATCH];
  return batch === undefined ? predicate : batch(n);
}

/**
 * Why tiers are made at run time: V8 keeps one set of type feedback and one optimized code per
 * function literal, shared by every closure made from it, so a single wrapper's `hot(r)` would see the
 * generated code of every filter that tiered up in the process, turn megamorphic and inline none of
 * them: a long scan would pay a call per record more than generated code alone (bench/README.md,
 * "Speed II"). Each tier here is a literal of its own (`new Function` source, told apart by a number,
 * which V8's cache of sources cannot merge), so its call site sees one shape and V8 inlines it there.
 *
 * {@link TIERS} of them are made at once, on the first tiered compile, and handed out in turn; the
 * first filter to tier up through one claims it, and a fresh one takes its place for the filters
 * compiled after (made then, beside the `new Function` of the generated code). A filter compiled
 * before the claim that tiers up later through the same tier shares its call site: that pays the call,
 * no answer changes.
 */
const TIERS = 16;
let tiers: Tier[] | undefined;
let turn = 0;
let made = 0;

function makeTiers(count: number): Tier[] {
  const literals: string[] = [];
  for (let i = 0; i < count; i++) literals.push(tierSource(made++));
  return new Function(`"use strict";return[${literals.join(',')}];`)() as Tier[];
}

/**
 * Closures until the `limit`-th evaluation, then generated code. The answers are the same whichever
 * runs (both compilers are held to one test suite), so the switch is invisible but for speed.
 */
export function compileTiered(
  node: FilterNode,
  limit = TIER_UP_AFTER,
  generate: (node: FilterNode, asOf: number) => Predicate = compileGenerated,
  asOf = Number.NaN,
): Predicate {
  const cold = compileClosures(node, asOf);
  if (tiers === undefined) {
    try {
      tiers = makeTiers(TIERS);
    } catch {
      tiers = [sharedTier];
    }
  }
  const all = tiers;
  const slot = turn;
  turn = (turn + 1) % all.length;
  const tier = all[slot]!;
  const [tiered, batch] = tier(
    cold,
    () => {
      let hot: Predicate;
      try {
        hot = generate(node, asOf);
      } catch {
        return cold;
      }
      if (all[slot] === tier && tier !== sharedTier) {
        try {
          all[slot] = makeTiers(1)[0]!;
        } catch {
          // The claimed tier stays in turn: later filters share its call site.
        }
      }
      return hot;
    },
    limit,
  );
  (tiered as Batched)[BATCH] = batch;
  return tiered;
}
