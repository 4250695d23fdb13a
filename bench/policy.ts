/**
 * Policies: the 4-status "End-of-life versions" example policy evaluated by every contender, the parse +
 * compile time of each example policy, and the evaluation throughput of every example policy.
 *
 * The peers have no policies: each gets the same status-selection loop (scope, then the statuses by
 * criticality, highest first, first defined among equals, else the default) with every condition
 * compiled by that peer from a hand-written Mongo-style query (json-logic: translated from it). The
 * status counts of every contender must equal the hand-written closure's before anything is timed.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { guard } from '@ucast/mongo2js';
import jsonLogic from 'json-logic-js';
import { Query } from 'mingo';
import * as siftModule from 'sift';
import { type CompiledPolicy, compilePolicy, evaluateInventory } from '../src/index.js';
import { type Case, interleaved } from './lib.js';

const sift = (siftModule as unknown as { default: (query: unknown) => (r: unknown) => boolean }).default;
type Predicate = (r: unknown) => boolean;
type Rec = Record<string, unknown>;
type MongoQuery = Record<string, unknown>;

const EXAMPLES = join(import.meta.dirname, '..', 'fixtures', 'policies', 'examples');

/** The example policies, by file name. */
export function examplePolicies(): Array<{ file: string; definition: unknown }> {
  return readdirSync(EXAMPLES)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((file) => ({ file, definition: JSON.parse(readFileSync(join(EXAMPLES, file), 'utf8')) }));
}

/** The end-of-life policy; the peers' versions below are written from it. */
export const EOL_FILE = 'end-of-life-versions.json';

/**
 * The policy's conditions in Mongo syntax, with our meaning: `$like 'x*'` is a prefix regex; `$exists:
 * false` (missing or null) is Mongo's `$eq: null`; no array is ever at `version` in the data.
 */
const prefix = (p: string): MongoQuery => ({
  version: { $regex: new RegExp(`^${p.replace(/\./g, '\\.')}`) },
});
const tech = (t: string): MongoQuery => ({ technology: { $eq: t } });
const EOL_MONGO = {
  scope: { technology: { $in: ['postgres', 'mysql', 'redis', 'kubernetes', 'elasticsearch'] } },
  // Highest criticality first: end-of-life (20), approaching-end-of-life (10), version-unknown (5).
  statuses: [
    {
      name: 'end-of-life',
      rules: [
        [tech('postgres'), { $or: [prefix('11.'), prefix('12.'), prefix('13.')] }],
        [tech('mysql'), { $or: [prefix('5.7.'), prefix('8.0.')] }],
        // ucast and sift order null before strings (JavaScript's `<`); `$ne: null` keeps a missing
        // version out of the range in every peer, as it is in ours and in MongoDB.
        [tech('kubernetes'), { version: { $ne: null, $lt: '1.30' } }],
        [tech('redis'), { version: { $in: ['5.0.6', '6.0.5'] } }],
        [tech('elasticsearch'), prefix('6.')],
      ],
    },
    {
      name: 'approaching-end-of-life',
      rules: [
        [tech('postgres'), prefix('14.')],
        [tech('kubernetes'), { version: { $in: ['1.30', '1.31'] } }],
        [tech('redis'), prefix('6.2.')],
      ],
    },
    { name: 'version-unknown', rules: [[{ version: { $eq: null } }]] },
  ],
  fallback: 'supported',
} as const;

/** json-logic from the Mongo subset above ($eq, $in, $lt, prefix $regex, $or). */
function toJsonLogic(q: MongoQuery): jsonLogic.RulesLogic {
  const parts = Object.entries(q).map(([key, value]): jsonLogic.RulesLogic => {
    if (key === '$or') return { or: (value as MongoQuery[]).map(toJsonLogic) };
    const v = { var: key };
    const ops = Object.entries(value as Record<string, unknown>).filter(([op]) => op !== '$ne');
    const [[op, x]] = ops as [[string, unknown]];
    switch (op) {
      case '$eq':
        return x === null ? { '==': [v, null] } : { '===': [v, x as string] };
      case '$in':
        return { in: [v, x as string[]] };
      case '$lt':
        // json-logic's `<` coerces; a missing version must not compare, so test the type first.
        return { and: [{ '!!': [v] }, { '<': [v, x as string] }] };
      case '$regex': {
        const literal = (x as RegExp).source.slice(1).replace(/\\\./g, '.');
        return { '===': [{ substr: [v, 0, literal.length] }, literal] };
      }
      default:
        throw new Error(`toJsonLogic: ${op} is not in the benchmark's subset`);
    }
  });
  return parts.length === 1 ? parts[0]! : { and: parts };
}

/** The status-selection loop every peer shares; the returned function gives a status or null. */
function peerPolicy(compile: (q: MongoQuery) => Predicate): (r: unknown) => string | null {
  const scope = compile(EOL_MONGO.scope);
  const statuses = EOL_MONGO.statuses.map((s) => ({
    name: s.name,
    rules: s.rules.map((conditions) => conditions.map((c) => compile(c as MongoQuery))),
  }));
  return (r) => {
    if (!scope(r)) return null;
    for (const s of statuses) {
      for (const rule of s.rules) {
        let all = true;
        for (const c of rule) {
          if (!c(r)) {
            all = false;
            break;
          }
        }
        if (all) return s.name;
      }
    }
    return EOL_MONGO.fallback;
  };
}

/** The limit: the policy written by hand for these statuses. */
function handPolicy(r: unknown): string | null {
  if (typeof r !== 'object' || r === null) return null;
  const x = r as Rec;
  const t = x.technology;
  const v = x.version;
  if (t !== 'postgres' && t !== 'mysql' && t !== 'redis' && t !== 'kubernetes' && t !== 'elasticsearch') {
    return null;
  }
  if (typeof v === 'string') {
    switch (t) {
      case 'postgres':
        if (v.startsWith('11.') || v.startsWith('12.') || v.startsWith('13.')) return 'end-of-life';
        if (v.startsWith('14.')) return 'approaching-end-of-life';
        break;
      case 'mysql':
        if (v.startsWith('5.7.') || v.startsWith('8.0.')) return 'end-of-life';
        break;
      case 'kubernetes':
        // Versions are ASCII, where UTF-16 order is code point order.
        if (v < '1.30') return 'end-of-life';
        if (v === '1.30' || v === '1.31') return 'approaching-end-of-life';
        break;
      case 'redis':
        if (v === '5.0.6' || v === '6.0.5') return 'end-of-life';
        if (v.startsWith('6.2.')) return 'approaching-end-of-life';
        break;
      case 'elasticsearch':
        if (v.startsWith('6.')) return 'end-of-life';
        break;
    }
    return 'supported';
  }
  return v === null || v === undefined ? 'version-unknown' : 'supported';
}

/** Every contender's status function for the end-of-life policy. */
export function policyContenders(definition: unknown): Array<[string, (r: unknown) => string | null]> {
  const ours = compilePolicy(definition, { codegen: false });
  const oursCodegen = compilePolicy(definition, { codegen: true });
  return [
    ['hand-written', handPolicy],
    ['svc-policy', (r) => ours.evaluate(r).status],
    ['svc-policy codegen', (r) => oursCodegen.evaluate(r).status],
    [
      'mingo',
      peerPolicy((q) => {
        const query = new Query(q);
        return (r) => query.test(r as Rec);
      }),
    ],
    ['sift', peerPolicy((q) => sift(q))],
    ['@ucast/mongo2js', peerPolicy((q) => guard(q) as Predicate)],
    [
      'json-logic-js',
      peerPolicy((q) => {
        const rule = toJsonLogic(q);
        return (r) => jsonLogic.apply(rule, r) === true;
      }),
    ],
  ];
}

function statusCounts(data: readonly unknown[], f: (r: unknown) => string | null): string {
  const counts = new Map<string | null, number>();
  for (let i = 0; i < data.length; i++) {
    const s = f(data[i]);
    counts.set(s, (counts.get(s) ?? 0) + 1);
  }
  return JSON.stringify([...counts].sort(([a], [b]) => String(a).localeCompare(String(b))));
}

export interface PolicyPeerResult {
  readonly n: number;
  /** Status counts, identical for every contender (checked). */
  readonly statuses: Record<string, number>;
  readonly nsPerRecord: Record<string, number>;
  readonly ratioToHand: Record<string, number>;
}

/** The 4-status policy, evaluated by every contender over `data`. */
export async function benchPolicyPeers(data: readonly unknown[], rounds: number): Promise<PolicyPeerResult> {
  const definition = examplePolicies().find((p) => p.file === EOL_FILE)!.definition;
  const all = policyContenders(definition);
  const expected = statusCounts(data, handPolicy);
  for (const [name, f] of all) {
    const got = statusCounts(data, f);
    if (got !== expected) {
      throw new Error(`policy at ${data.length}: ${name} counts ${got}, hand-written counts ${expected}`);
    }
  }
  const run = (f: (r: unknown) => string | null) => () => {
    let n = 0;
    for (let i = 0; i < data.length; i++) if (f(data[i]) !== null) n++;
    return n;
  };
  const cases: Case[] = all.map(([name, f]) => ({ name, fn: run(f) }));
  const times = await interleaved(`policy × ${data.length}`, cases, { rounds });
  const hand = times.get('hand-written')!;
  return {
    n: data.length,
    statuses: Object.fromEntries(JSON.parse(expected) as [string, number][]),
    nsPerRecord: Object.fromEntries([...times].map(([k, s]) => [k, (s * 1e9) / data.length])),
    ratioToHand: Object.fromEntries([...times].map(([k, s]) => [k, s / hand])),
  };
}

/** Microseconds per `compilePolicy` (validation, parsing and compilation), warm, per example policy. */
export async function benchPolicyCompile(rounds: number): Promise<Record<string, Record<string, number>>> {
  const out: Record<string, Record<string, number>> = {};
  for (const { file, definition } of examplePolicies()) {
    const cases: Case[] = [
      { name: 'svc-policy', fn: () => compilePolicy(definition, { codegen: false }) },
      { name: 'svc-policy codegen', fn: () => compilePolicy(definition, { codegen: true }) },
    ];
    const times = await interleaved(`compile ${file}`, cases, { rounds });
    out[file] = Object.fromEntries([...times].map(([k, s]) => [k, s * 1e6]));
  }
  return out;
}

export interface ThroughputResult {
  /** Resources per second of `evaluate`, per example policy, over the components (certificates for a certificate policy). */
  readonly perPolicy: Record<string, { resources: number; resourcesPerSecond: Record<string, number> }>;
  /** `evaluateInventory` with every active example policy over the mixed inventory. */
  readonly inventory: {
    resources: number;
    policies: number;
    resourcesPerSecond: number;
    evaluationsPerSecond: number;
  };
}

/** Evaluation throughput of the example policies, one core, median of `rounds` interleaved rounds. */
export async function benchThroughput(
  components: readonly unknown[],
  certificates: readonly unknown[],
  rounds: number,
): Promise<ThroughputResult> {
  const perPolicy: ThroughputResult['perPolicy'] = {};
  for (const { file, definition } of examplePolicies()) {
    const compiled: Array<[string, CompiledPolicy]> = [
      ['svc-policy', compilePolicy(definition, { codegen: false })],
      ['svc-policy codegen', compilePolicy(definition, { codegen: true })],
    ];
    const data = compiled[0]![1].resource === 'certificate' ? certificates : components;
    const cases: Case[] = compiled.map(([name, p]) => ({
      name,
      fn: () => {
        let n = 0;
        for (let i = 0; i < data.length; i++) if (p.evaluate(data[i]).applicable) n++;
        return n;
      },
    }));
    const times = await interleaved(`throughput ${file}`, cases, { rounds });
    perPolicy[file] = {
      resources: data.length,
      resourcesPerSecond: Object.fromEntries([...times].map(([k, s]) => [k, data.length / s])),
    };
  }
  const policies = examplePolicies().map((p) => compilePolicy(p.definition, { codegen: false }));
  // Each record names its kind, as a mixed inventory must: records without one stop an evaluation by
  // policies of several kinds (UNKNOWN_KIND) rather than be counted under every kind.
  const inventory = [
    ...components.map((c) => ({ ...(c as object), resource: 'component' })),
    ...certificates.map((c) => ({ ...(c as object), resource: 'certificate' })),
  ];
  const samples: number[] = [];
  let evaluated = 0;
  for (let i = 0; i < rounds; i++) {
    const summary = await evaluateInventory(policies, inventory);
    evaluated = summary.policies.filter((p) => p.skipped === null).length;
    samples.push(summary.durationMs);
  }
  samples.sort((a, b) => a - b);
  const ms = samples[Math.floor(samples.length / 2)]!;
  return {
    perPolicy,
    inventory: {
      resources: inventory.length,
      policies: evaluated,
      resourcesPerSecond: (inventory.length * 1000) / ms,
      evaluationsPerSecond: (inventory.length * evaluated * 1000) / ms,
    },
  };
}
