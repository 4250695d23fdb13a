/**
 * F1–F5 over the seeded inventory: svc-policy (closures and generated code) against mingo, sift,
 * @ucast/mongo2js, json-logic-js and a hand-written closure per filter (the limit). Every contender's
 * match count must equal the hand-written closure's before anything is timed.
 */
import { guard } from '@ucast/mongo2js';
import jsonLogic from 'json-logic-js';
import { Query } from 'mingo';
import * as siftModule from 'sift';
import { shapeCache } from '../src/compile/filter.js';
import { compileFilter } from '../src/index.js';
import { assertSameCount, type Case, count, geomean, interleaved } from './lib.js';

type Rec = Record<string, unknown>;

// sift ships CommonJS with a default export; under NodeNext the callable is on `.default`.
const sift = (siftModule as unknown as { default: (query: unknown) => (r: unknown) => boolean }).default;
type Predicate = (r: unknown) => boolean;

export interface FilterSpec {
  readonly id: string;
  /** What the filter means, in words; every contender's version must mean exactly this. */
  readonly meaning: string;
  readonly ours: Record<string, unknown>;
  readonly mongo: Record<string, unknown>;
  readonly jsonLogic: jsonLogic.RulesLogic;
  readonly hand: Predicate;
}

const SINCE = '2026-05-25T00:00:00.000Z';

/**
 * The five filters of the benchmark. Peers read Mongo semantics: they traverse arrays implicitly and
 * treat missing like null; on this data (no arrays or nulls at F1–F4's paths, `nodes` always an array
 * of objects when present) their filters below mean exactly what ours mean, which the count check proves.
 */
export const FILTERS: readonly FilterSpec[] = [
  {
    id: 'F1',
    meaning: 'technology is "postgres" and region is "us-east-1"',
    ours: { technology: { $eq: 'postgres' }, region: { $eq: 'us-east-1' } },
    mongo: { technology: { $eq: 'postgres' }, region: { $eq: 'us-east-1' } },
    jsonLogic: {
      and: [{ '===': [{ var: 'technology' }, 'postgres'] }, { '===': [{ var: 'region' }, 'us-east-1'] }],
    },
    hand: (r) => {
      const x = r as Rec;
      return x.technology === 'postgres' && x.region === 'us-east-1';
    },
  },
  {
    id: 'F2',
    meaning: 'uniqueIdentifier starts with "arn:aws:rds:us-east-1"',
    ours: { uniqueIdentifier: { $like: 'arn:aws:rds:us-east-1*' } },
    mongo: { uniqueIdentifier: { $regex: /^arn:aws:rds:us-east-1/ } },
    // json-logic has no prefix test: compare the first 21 characters.
    jsonLogic: { '===': [{ substr: [{ var: 'uniqueIdentifier' }, 0, 21] }, 'arn:aws:rds:us-east-1'] },
    hand: (r) => {
      const v = (r as Rec).uniqueIdentifier;
      return typeof v === 'string' && v.startsWith('arn:aws:rds:us-east-1');
    },
  },
  {
    id: 'F3',
    meaning: 'technology is one of 4 and version is none of 3 (a missing version counts as none of them)',
    ours: {
      technology: { $in: ['postgres', 'mysql', 'redis', 'kubernetes'] },
      version: { $nin: ['5.7', '6.2', '1.27'] },
    },
    mongo: {
      technology: { $in: ['postgres', 'mysql', 'redis', 'kubernetes'] },
      version: { $nin: ['5.7', '6.2', '1.27'] },
    },
    jsonLogic: {
      and: [
        { in: [{ var: 'technology' }, ['postgres', 'mysql', 'redis', 'kubernetes']] },
        { '!': { in: [{ var: 'version' }, ['5.7', '6.2', '1.27']] } },
      ],
    },
    hand: (r) => {
      const x = r as Rec;
      const t = x.technology;
      const v = x.version;
      return (
        (t === 'postgres' || t === 'mysql' || t === 'redis' || t === 'kubernetes') &&
        v !== '5.7' &&
        v !== '6.2' &&
        v !== '1.27'
      );
    },
  },
  {
    id: 'F4',
    meaning: `details.postgres.lastActiveConnectionTime is a string ≥ ${SINCE}`,
    ours: { 'details$.postgres$.lastActiveConnectionTime': { $gte: SINCE } },
    mongo: { 'details.postgres.lastActiveConnectionTime': { $gte: SINCE } },
    jsonLogic: { '>=': [{ var: 'details.postgres.lastActiveConnectionTime' }, SINCE] },
    hand: (r) => {
      const d = (r as Rec).details as Rec | undefined;
      const p = d?.postgres as Rec | undefined;
      const t = p?.lastActiveConnectionTime;
      return typeof t === 'string' && t >= SINCE;
    },
  },
  {
    id: 'F5',
    meaning:
      'some Kubernetes node group has version "1.27" and some node group (not necessarily the same one) has status "DEGRADED": one selector per key, separate keys are separate conditions',
    ours: {
      'details$.kubernetes$.nodes$.__svcArrayAny__$.version': { $eq: '1.27' },
      'details$.kubernetes$.nodes$.__svcArrayAny__$.status': { $eq: 'DEGRADED' },
    },
    mongo: {
      $and: [
        { 'details.kubernetes.nodes': { $elemMatch: { version: { $eq: '1.27' } } } },
        { 'details.kubernetes.nodes': { $elemMatch: { status: { $eq: 'DEGRADED' } } } },
      ],
    },
    jsonLogic: {
      and: [
        { some: [{ var: 'details.kubernetes.nodes' }, { '===': [{ var: 'version' }, '1.27'] }] },
        { some: [{ var: 'details.kubernetes.nodes' }, { '===': [{ var: 'status' }, 'DEGRADED'] }] },
      ],
    },
    hand: (r) => {
      const d = (r as Rec).details as Rec | undefined;
      const k = d?.kubernetes as Rec | undefined;
      const nodes = k?.nodes;
      if (!Array.isArray(nodes)) return false;
      let version = false;
      let status = false;
      for (const n of nodes as Rec[]) {
        if (n.version === '1.27') version = true;
        if (n.status === 'DEGRADED') status = true;
      }
      return version && status;
    },
  },
];

/** Every contender's predicate for a filter; without `peers`, only the hand-written closure and ours. */
export function contenders(spec: FilterSpec, peers = true): Array<[string, Predicate]> {
  const mingo = new Query(spec.mongo);
  const rule = spec.jsonLogic;
  // The tiered default on a shape it has not seen (closures, then generated code behind the tiered
  // wrapper), compiled first, from an empty cache; then on the shape that generated code compiled.
  shapeCache(true);
  const newShape = compileFilter(spec.ours);
  const all: Array<[string, Predicate]> = [
    ['hand-written', spec.hand],
    ['svc-policy', compileFilter(spec.ours, { codegen: false })],
    ['svc-policy codegen', compileFilter(spec.ours, { codegen: true })],
    // The default once the shape is known: generated code from the cache, the very function above.
    ['svc-policy tiered', compileFilter(spec.ours)],
    // The default on a new shape: closures for its first evaluations, then generated code behind its
    // wrapper's call (src/compile/tiered.ts; the count below tiers it up).
    ['svc-policy tiered, new shape', newShape],
    ['mingo', (r) => mingo.test(r as Rec)],
    ['sift', sift(spec.mongo)],
    ['@ucast/mongo2js', guard(spec.mongo) as Predicate],
    ['json-logic-js', (r) => jsonLogic.apply(rule, r) === true],
  ];
  return peers ? all : all.slice(0, 5);
}

export interface FilterResult {
  readonly id: string;
  readonly meaning: string;
  readonly n: number;
  readonly matches: number;
  /** ns per record, by contender. */
  readonly nsPerRecord: Record<string, number>;
  /** ns per record divided by the hand-written closure's. */
  readonly ratioToHand: Record<string, number>;
}

/** Runs F1–F5 over `data`. */
export async function benchFilters(
  data: readonly unknown[],
  rounds: number,
  peers = true,
): Promise<FilterResult[]> {
  const out: FilterResult[] = [];
  for (const spec of FILTERS) {
    const all = contenders(spec, peers);
    const counts = new Map(all.map(([name, p]) => [name, count(data, p)]));
    assertSameCount(`${spec.id} at ${data.length}`, counts, 'hand-written');
    const cases: Case[] = all.map(([name, p]) => ({ name, fn: () => count(data, p) }));
    const times = await interleaved(`${spec.id} × ${data.length}`, cases, { rounds });
    const hand = times.get('hand-written')!;
    const nsPerRecord = Object.fromEntries([...times].map(([k, s]) => [k, (s * 1e9) / data.length]));
    const ratioToHand = Object.fromEntries([...times].map(([k, s]) => [k, s / hand]));
    out.push({
      id: spec.id,
      meaning: spec.meaning,
      n: data.length,
      matches: counts.get('hand-written')!,
      nsPerRecord,
      ratioToHand,
    });
  }
  return out;
}

export function summarize(
  results: readonly FilterResult[],
  contender: string,
): { max: number; geomean: number } {
  const ratios = results.map((r) => r.ratioToHand[contender]!);
  return { max: Math.max(...ratios), geomean: geomean(ratios) };
}
