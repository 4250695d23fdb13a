/**
 * F1–F5 on data that is not the generator's as it comes: the same components reshaped the ways real
 * inventories differ, so that a speed claim does not rest on the one shape it was tuned on. Each shape
 * is parsed from JSON text (what a server or `svc-policy eval` holds), and each contender must count
 * what the hand-written closure counts before anything is timed.
 *
 * - `json`: the components as JSON.parse gives them back;
 * - `narrow`: only the fields F1–F5 read (`technology`, `region`, `uniqueIdentifier`, `version`,
 *   `details`), so a record is small and its hidden class short;
 * - `wide`: forty more fields before the ones read (a long hidden class, the reads deep in it);
 * - `sparse`: each field read absent from half the records (missing values, more hidden classes);
 * - `skewed`: 90% of records PostgreSQL in us-east-1 with a recent connection (most records match, so
 *   the own-property verification runs on most of them);
 * - `shuffled`: the keys of every record in a random order (a megamorphic set of hidden classes, as
 *   from many producers);
 * - `deep`: the keys of every object of every record in a random order (nested objects too);
 * - `mixed`: three producers interleaved, record by record: the generator's key order, the top-level
 *   keys reversed, and every object's keys sorted (two to four hidden classes at each read: a
 *   polymorphic set);
 * - `producers`: eight producers interleaved, record by record, each with its own order of the
 *   top-level keys (eight hidden classes at each read of the record, the same eight over and over:
 *   more than an inline cache holds, few enough for V8's shared cache of them).
 *
 * `deep` and `mixed` were added after the prototype read of generated code was chosen on the others,
 * as data it was not tuned on; `producers` after the probe before it was chosen on all eight.
 */
import type { Component } from '../fixtures/generator.js';
import { mulberry32 } from '../fixtures/generator.js';
import { shapeCache } from '../src/compile/filter.js';
import { compileFilter } from '../src/index.js';
import { FILTERS } from './filters.js';
import { assertSameCount, type Case, count, interleaved, median } from './lib.js';

type Rec = Record<string, unknown>;
type Predicate = (r: unknown) => boolean;

export const SHAPES = [
  'json',
  'narrow',
  'wide',
  'sparse',
  'skewed',
  'shuffled',
  'deep',
  'mixed',
  'producers',
] as const;
export type Shape = (typeof SHAPES)[number];

const READ = ['technology', 'region', 'uniqueIdentifier', 'version', 'details'] as const;

function shuffledKeys(o: Rec, random: () => number): string[] {
  const keys = Object.keys(o);
  for (let i = keys.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [keys[i], keys[j]] = [keys[j]!, keys[i]!];
  }
  return keys;
}

/** `v` with the keys of each of its objects in the order `order` gives, at every depth. */
function rekeyed(v: unknown, order: (o: Rec) => string[]): unknown {
  if (Array.isArray(v)) return v.map((x) => rekeyed(x, order));
  if (v === null || typeof v !== 'object') return v;
  return Object.fromEntries(order(v as Rec).map((k) => [k, rekeyed((v as Rec)[k], order)]));
}

/** How many producers `producers` interleaves, and the seed of their key orders. */
const PRODUCERS = 8;
const PRODUCER_SEED = 11;

/** One producer's order of a record's top-level keys: a fixed permutation of the positions of the keys. */
const producerOrders: readonly (readonly number[])[] = (() => {
  const random = mulberry32(PRODUCER_SEED);
  return Array.from({ length: PRODUCERS }, () => {
    const positions = Array.from({ length: 64 }, (_, i) => i);
    for (let i = positions.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [positions[i], positions[j]] = [positions[j]!, positions[i]!];
    }
    return positions;
  });
})();

function reshape(shape: Shape, c: Rec, random: () => number, index: number): Rec {
  switch (shape) {
    case 'json':
      return c;
    case 'narrow':
      return Object.fromEntries(READ.filter((k) => k in c).map((k) => [k, c[k]]));
    case 'wide': {
      const extra: Rec = {};
      for (let i = 0; i < 40; i++) extra[`field${i}`] = i % 3 === 0 ? i : `value ${i}`;
      return { ...extra, ...c };
    }
    case 'sparse': {
      const out: Rec = { ...c };
      for (const k of READ) if (random() < 0.5) delete out[k];
      return out;
    }
    case 'skewed': {
      if (random() >= 0.9) return c;
      return {
        ...c,
        technology: 'postgres',
        region: 'us-east-1',
        details: { postgres: { lastActiveConnectionTime: '2026-05-30T00:00:00.000Z' } },
      };
    }
    case 'shuffled':
      return Object.fromEntries(shuffledKeys(c, random).map((k) => [k, c[k]]));
    case 'deep':
      return rekeyed(c, (o) => shuffledKeys(o, random)) as Rec;
    case 'mixed': {
      if (index % 3 === 0) return c;
      if (index % 3 === 1)
        return Object.fromEntries(
          Object.keys(c)
            .reverse()
            .map((k) => [k, c[k]]),
        );
      return rekeyed(c, (o) => Object.keys(o).sort()) as Rec;
    }
    case 'producers': {
      const keys = Object.keys(c);
      if (keys.length > 64) throw new Error('producers reorders up to 64 keys');
      const order = producerOrders[index % PRODUCERS]!.filter((i) => i < keys.length);
      return Object.fromEntries(order.map((i) => [keys[i]!, c[keys[i]!]]));
    }
  }
}

/**
 * The components in one shape, each parsed from its JSON text (record by record: the text of a million
 * records together is longer than a JavaScript string may be).
 */
export function shaped(shape: Shape, components: readonly Component[]): unknown[] {
  const random = mulberry32(7);
  return components.map((c, i) => JSON.parse(JSON.stringify(reshape(shape, c as unknown as Rec, random, i))));
}

/** `tiered`: the default compiler on a shape new to the process, after it tiered up (absent before 2026-11-28). */
type Ratios = { readonly closures: number; readonly codegen: number; readonly tiered?: number };

export interface ShapeResult {
  readonly shape: Shape;
  readonly n: number;
  /** Per filter: the ratio to the hand-written closure, by compiler. */
  readonly filters: readonly {
    readonly id: string;
    readonly matches: number;
    readonly handNs: number;
    readonly ratio: Ratios;
    /** Where the result is the median of several processes: the lowest and highest ratio among them. */
    readonly range?: { readonly [C in keyof Ratios]: readonly [number, number] };
  }[];
  /** How many processes measured it (the figures are their medians); 1 when absent. */
  readonly processes?: number;
}

/**
 * One result from the same measurement in several fresh processes: each figure the median of theirs,
 * with the range of each ratio. A single process can read a cell at twice its usual ratio (the
 * hand-written closure, the denominator, itself varies by that much between identical processes on
 * this shared machine); the median of three does not follow one such process.
 */
export function medianOfProcesses(results: readonly ShapeResult[]): ShapeResult {
  const first = results[0];
  if (first === undefined) throw new Error('medianOfProcesses needs at least one result');
  const range = (xs: number[]) => [Math.min(...xs), Math.max(...xs)] as const;
  return {
    shape: first.shape,
    n: first.n,
    processes: results.length,
    filters: first.filters.map((f, i) => {
      const cells = results.map((r) => r.filters[i]!);
      if (cells.some((c) => c.id !== f.id || c.matches !== f.matches))
        throw new Error(`${f.id} on ${first.shape}: processes disagree on the filter or its count`);
      const closures = cells.map((c) => c.ratio.closures);
      const codegen = cells.map((c) => c.ratio.codegen);
      const tiered = cells.flatMap((c) => (c.ratio.tiered === undefined ? [] : [c.ratio.tiered]));
      const some = tiered.length === cells.length;
      return {
        id: f.id,
        matches: f.matches,
        handNs: median(cells.map((c) => c.handNs)),
        ratio: {
          closures: median(closures),
          codegen: median(codegen),
          ...(some ? { tiered: median(tiered) } : {}),
        },
        range: {
          closures: range(closures),
          codegen: range(codegen),
          ...(some ? { tiered: range(tiered) } : {}),
        },
      };
    }),
  };
}

/** F1–F5 on one shape of data, in this process. */
export async function benchShape(
  shape: Shape,
  data: readonly unknown[],
  rounds: number,
): Promise<ShapeResult> {
  const filters: ShapeResult['filters'][number][] = [];
  for (const spec of FILTERS) {
    // The default on a shape new to the process: compiled first, from an empty cache of generated code
    // (closures until it tiers up; the counts below tier it up).
    shapeCache(true);
    const tiered = compileFilter(spec.ours);
    const contenders: Array<[string, Predicate]> = [
      ['hand-written', spec.hand],
      ['closures', compileFilter(spec.ours, { codegen: false })],
      ['codegen', compileFilter(spec.ours, { codegen: true })],
      ['tiered', tiered],
    ];
    const counts = new Map(contenders.map(([name, p]) => [name, count(data, p)]));
    assertSameCount(`${spec.id} on ${shape} × ${data.length}`, counts, 'hand-written');
    const cases: Case[] = contenders.map(([name, p]) => ({ name, fn: () => count(data, p) }));
    const times = await interleaved(`${spec.id} on ${shape} × ${data.length}`, cases, { rounds });
    const hand = times.get('hand-written')!;
    filters.push({
      id: spec.id,
      matches: counts.get('hand-written')!,
      handNs: (hand * 1e9) / data.length,
      ratio: {
        closures: times.get('closures')! / hand,
        codegen: times.get('codegen')! / hand,
        tiered: times.get('tiered')! / hand,
      },
    });
  }
  return { shape, n: data.length, filters };
}
