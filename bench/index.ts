/**
 * `npm run bench`: every benchmark of the project, on data from the seeded inventory generator built once
 * per run, with results written to `bench/results/<date>-<machine>.json` and the tables of
 * `bench/README.md` rewritten from them.
 *
 *   npm run bench                                 # everything, at 100,000 and 1,000,000 components
 *   npm run bench -- --sizes 100000 --rounds 3    # smaller and faster
 *   npm run bench -- --only shapes --processes 1  # one process per shape and size, not 3 (the median)
 *   npm run bench -- --only shapes --shapes json,producers  # some shapes of the shapes section
 *   npm run bench -- --only filters --no-peers    # F1–F5 without mingo, sift, ucast and json-logic
 *   npm run bench -- --only filters,policy        # some sections: filters shapes versions compile server memory
 *                                                 # policy throughput policies jobs duckdb ndjson sql
 *                                                 # query validate limits time server-load
 *
 * The machine is shared and noisy: contenders run in interleaved rounds and every figure is a median,
 * so ratios, not absolute times, are the claim.
 */
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import {
  type Certificate,
  type Component,
  generateCertificates,
  generateComponents,
} from '../fixtures/generator.js';
import { benchColdCompile, benchCompile, memoryPerPredicate } from './compile.js';
import { benchDuckdb } from './duckdb.js';
import { FILTERS, type FilterResult, summarize } from './filters.js';
import { benchJobs } from './jobs.js';
import { geomean, machine, SEED, saveResults, table, writeReadmeSection } from './lib.js';
import {
  benchDocumentLimits,
  benchLikeRun,
  benchLimits,
  benchPolicyLimits,
  LIMIT_TARGETS,
  POLICY_TARGETS,
} from './limits.js';
import { benchNdjson } from './ndjson.js';
import { benchPolicyCompile, benchPolicyPeers, benchThroughput, type PolicyPeerResult } from './policy.js';
import { benchPolicySet, type PolicySetResult } from './policy-set.js';
import { inProcess } from './process.js';
import { benchQuery, type QueryRow } from './query.js';
import { benchServerRequests, REQUEST_RECORDS } from './server.js';
import { benchServerLoad, serverLoadMarkdown } from './server-load.js';
import { medianOfProcesses, SHAPES, type ShapeResult } from './shapes.js';
import { benchSql, type SqlRow } from './sql.js';
import { benchTime } from './time.js';
import { benchValidate } from './validate.js';
import type { VersionResult } from './versions.js';

const SECTIONS = [
  'filters',
  'shapes',
  'versions',
  'compile',
  'server',
  'memory',
  'policy',
  'throughput',
  'policies',
  'jobs',
  'duckdb',
  'ndjson',
  'sql',
  'query',
  'validate',
  'limits',
  'time',
  'server-load',
] as const;
type Section = (typeof SECTIONS)[number];

const { values } = parseArgs({
  allowNegative: true,
  options: {
    sizes: { type: 'string', default: '100000,1000000' },
    rounds: { type: 'string', default: '5' },
    processes: { type: 'string', default: '3' },
    only: { type: 'string', default: SECTIONS.join(',') },
    shapes: { type: 'string', default: SHAPES.join(',') },
    peers: { type: 'boolean', default: true },
  },
});
const sizes = values.sizes.split(',').map(Number);
const rounds = Number(values.rounds);
const processes = Number(values.processes);
const only = new Set(values.only.split(',') as Section[]);
const shapes = values.shapes.split(',') as (typeof SHAPES)[number][];
for (const s of shapes)
  if (!SHAPES.includes(s)) throw new Error(`unknown shape "${s}" (${SHAPES.join(', ')})`);
for (const s of only)
  if (!SECTIONS.includes(s)) throw new Error(`unknown section "${s}" (${SECTIONS.join(', ')})`);
if (
  sizes.some((n) => !Number.isSafeInteger(n) || n <= 0) ||
  !(rounds >= 1) ||
  !(Number.isSafeInteger(processes) && processes >= 1)
) {
  throw new Error('--sizes takes positive integers, --rounds a number ≥ 1 and --processes an integer ≥ 1');
}

const PEERS = values.peers ? (['mingo', 'sift', '@ucast/mongo2js', 'json-logic-js'] as const) : [];
const OURS = ['svc-policy', 'svc-policy codegen'] as const;
/**
 * The filters section also measures the tiered default: on a shape generated code compiled before (from
 * the shape cache), and on a new shape, after it has tiered up.
 */
const FILTER_OURS = [...OURS, 'svc-policy tiered', 'svc-policy tiered, new shape'] as const;
const int = new Intl.NumberFormat('en-US');
const ns = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(1));
const times = (x: number) => `${x >= 10 ? x.toFixed(0) : x.toFixed(2)}×`;
const us = (x: number) => (x >= 10 ? x.toFixed(0) : x.toFixed(2));

// One generation for the whole run, on first use (the sections measured in processes of their own
// generate theirs there): the largest size, of which every smaller one is a prefix (the generator
// yields the same first records whatever the count).
const largest = Math.max(...sizes);
let generated: { components: Component[]; certificates: Certificate[] } | undefined;
function seeded(): { components: Component[]; certificates: Certificate[] } {
  if (generated !== undefined) return generated;
  const t0 = performance.now();
  generated = {
    components: [...generateComponents(largest, { seed: SEED })],
    certificates: [...generateCertificates(Math.round(largest / 10), { seed: SEED })],
  };
  console.log(
    `generated ${int.format(generated.components.length)} components and ${int.format(generated.certificates.length)} certificates in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
  );
  return generated;
}
/** The first `n` components and `n / 10` certificates, each with its kind, as a mixed inventory is read. */
function mixedInventory(n: number): Record<string, unknown>[] {
  const { components, certificates } = seeded();
  return [
    ...components.slice(0, n).map((c) => ({ ...c, resource: 'component' })),
    ...certificates.slice(0, n / 10).map((c) => ({ ...c, resource: 'certificate' })),
  ];
}

const m = machine();
const headerOf = (n: number) =>
  `Node ${m.node}, ${m.cpu} (${m.cores} cores), ${new Date().toISOString().slice(0, 10)}; medians of ${n} interleaved rounds.`;
const header = headerOf(rounds);
const results: Record<string, unknown> = {};
// A section that fails must not lose those measured before it: what was measured is saved on the way out.
let saved = false;
process.on('exit', (code) => {
  if (code !== 0 && !saved) {
    for (const [section, data] of Object.entries(results)) saveResults(section, data, { rounds, sizes });
  }
});

function filterTable(rs: readonly FilterResult[]): string {
  const rows = rs.map((r) => {
    const hand = r.nsPerRecord['hand-written']!;
    const ours = r.nsPerRecord['svc-policy']!;
    return [
      r.id,
      int.format(r.matches),
      ns(hand),
      ...FILTER_OURS.map((c) => `${ns(r.nsPerRecord[c]!)} (${times(r.ratioToHand[c]!)})`),
      ...PEERS.map((c) => `${ns(r.nsPerRecord[c]!)} (${times(r.nsPerRecord[c]! / ours)})`),
    ];
  });
  const g = (c: string) => geomean(rs.map((r) => r.ratioToHand[c]!));
  rows.push([
    'geomean',
    '',
    '1',
    ...FILTER_OURS.map((c) => `(${times(g(c))})`),
    ...PEERS.map(
      (c) => `(${times(geomean(rs.map((r) => r.nsPerRecord[c]! / r.nsPerRecord['svc-policy']!)))})`,
    ),
  ]);
  return table(
    [
      'filter',
      'matches',
      'hand-written ns',
      'svc-policy ns (× hand)',
      'codegen ns (× hand)',
      'tiered ns (× hand)',
      'tiered, new shape ns (× hand)',
      ...PEERS.map((p) => `${p} ns (÷ svc-policy)`),
    ],
    rows,
  );
}

/** The targets of each compiler: worst filter and geomean (the closure compiler has no per-filter one). */
const TARGETS: Record<(typeof FILTER_OURS)[number], readonly [worst: number, geomean: number]> = {
  'svc-policy codegen': [1.3, 1.1],
  'svc-policy tiered': [1.3, 1.1],
  'svc-policy tiered, new shape': [1.3, 1.1],
  'svc-policy': [Number.POSITIVE_INFINITY, 1.6],
};

function targetsTable(all: ReadonlyMap<number, FilterResult[]>): string {
  const rows: string[][] = [];
  for (const [n, rs] of all) {
    for (const c of FILTER_OURS) {
      const { max, geomean: g } = summarize(rs, c);
      const [worst, geo] = TARGETS[c];
      rows.push([
        int.format(n),
        c,
        Number.isFinite(worst) ? `${times(max)} ${max <= worst ? '✓' : '✗'}` : times(max),
        `${times(g)} ${g <= geo ? '✓' : '✗'} (≤ ${geo}×)`,
      ]);
    }
  }
  return table(['records', 'compiler', 'worst filter (target ≤ 1.3× for generated code)', 'geomean'], rows);
}

if (only.has('filters')) {
  const all = new Map<number, FilterResult[]>();
  // Each size in a process of its own (bench/process.ts says why).
  for (const n of sizes)
    all.set(n, await inProcess<FilterResult[]>({ section: 'filters', n, rounds, peers: values.peers }));
  results.filters = Object.fromEntries(all);
  const text = [...all]
    .map(([n, rs]) => `**${int.format(n)} components** (ns per record)\n\n${filterTable(rs)}`)
    .join('\n\n');
  writeReadmeSection(
    'filters',
    `${header}\n\n${text}\n\nAgainst the targets (ratio of ns per record to the hand-written closure):\n\n${targetsTable(all)}`,
  );
}

if (only.has('shapes')) {
  const all = new Map<number, ShapeResult[]>();
  // Each shape and size in processes of their own (bench/process.ts says why), several of them: the
  // figures are their medians (medianOfProcesses says why).
  for (const n of sizes) {
    const rs: ShapeResult[] = [];
    for (const shape of shapes) {
      const each: ShapeResult[] = [];
      for (let i = 0; i < processes; i++)
        each.push(await inProcess<ShapeResult>({ section: 'shapes', n, rounds, shape }));
      rs.push(medianOfProcesses(each));
    }
    all.set(n, rs);
  }
  results.shapes = Object.fromEntries(all);
  const ids = FILTERS.map((f) => f.id);
  const compilers = [
    ['codegen', 'generated code (`codegen: true`)', 1.3, 1.1],
    ['tiered', 'the default (tiered), a new shape', 1.3, 1.1],
    ['closures', 'closures (`codegen: false`)', Number.POSITIVE_INFINITY, 1.6],
  ] as const;
  // Results of runs before the tiered contender have no `tiered` ratio: that row is left out.
  const ratioOf = (ratio: ShapeResult['filters'][number]['ratio'], c: (typeof compilers)[number][0]) =>
    ratio[c] ?? Number.NaN;
  const sectionText = [...all]
    .map(([n, rs]) => {
      const rows = rs.flatMap((r) =>
        compilers.flatMap(([c]) => {
          const ratios = r.filters.map((f) => ratioOf(f.ratio, c));
          if (ratios.some(Number.isNaN)) return [];
          return [[r.shape, c, ...ratios.map(times), times(geomean(ratios))]];
        }),
      );
      return `**${int.format(n)} components** (ratio of ns per record to the hand-written closure)\n\n${table(
        ['shape', 'compiler', ...ids, 'geomean'],
        rows,
      )}`;
    })
    .join('\n\n');
  const targets = [...all].flatMap(([n, rs]) =>
    compilers.flatMap(([c, label, worstTarget, geoTarget]) => {
      const cells = rs.flatMap((r) => r.filters.map((f) => ({ shape: r.shape, ...f })));
      if (cells.some((cell) => Number.isNaN(ratioOf(cell.ratio, c)))) return [];
      const worstCell = cells.reduce((a, b) => (ratioOf(b.ratio, c) > ratioOf(a.ratio, c) ? b : a));
      const worst = ratioOf(worstCell.ratio, c);
      const range = worstCell.range?.[c];
      const where = `(\`${worstCell.shape}\` ${worstCell.id}${range === undefined ? '' : `, ${times(range[0])}–${times(range[1])} over the processes`})`;
      const geos = rs.map((r) => ({ shape: r.shape, g: geomean(r.filters.map((f) => ratioOf(f.ratio, c))) }));
      const shapeGeo = geos.reduce((a, b) => (b.g > a.g ? b : a));
      return [
        [
          int.format(n),
          label,
          `${times(worst)} ${Number.isFinite(worstTarget) ? (worst <= worstTarget ? '✓ ' : '✗ ') : ''}${where}`,
          `${times(shapeGeo.g)} ${shapeGeo.g <= geoTarget ? '✓' : '✗'} (\`${shapeGeo.shape}\`; ≤ ${geoTarget}×)`,
        ],
      ];
    }),
  );
  writeReadmeSection(
    'shapes',
    `${header} Each shape and size measured in ${processes} fresh process${processes === 1 ? '' : 'es'}; each cell is the median of theirs (the results JSON keeps each cell's range).\n\n${sectionText}\n\nAgainst the targets, over every shape (the worst filter, and the worst shape's geomean):\n\n${table(
      ['records', 'compiler', 'worst filter (target ≤ 1.3× for generated code)', 'worst geomean'],
      targets,
    )}`,
  );
}

if (only.has('versions')) {
  const all = new Map<number, VersionResult[]>();
  // Each size in a process of its own (bench/process.ts says why).
  for (const n of sizes) all.set(n, await inProcess<VersionResult[]>({ section: 'versions', n, rounds }));
  results.versions = Object.fromEntries(all);
  const ok = (x: number) => `${times(x)} ${x <= 2 ? '✓' : '✗'}`;
  const text = [...all]
    .map(
      ([n, rs]) =>
        `**${int.format(n)} components** (ns per record; version ÷ string, target ≤ 2×)\n\n${table(
          [
            'shape',
            'filter',
            'matches (version / string)',
            'string ns',
            'version ns (÷ string)',
            'string codegen ns',
            'version codegen ns (÷ string)',
          ],
          rs.map((r) => [
            r.shape,
            r.id,
            `${int.format(r.matches.version)} / ${int.format(r.matches.string)}`,
            ns(r.nsPerRecord.string!),
            `${ns(r.nsPerRecord.version!)} (${ok(r.ratio.closures)})`,
            ns(r.nsPerRecord['string codegen']!),
            `${ns(r.nsPerRecord['version codegen']!)} (${ok(r.ratio.codegen)})`,
          ]),
        )}`,
    )
    .join('\n\n');
  writeReadmeSection('versions', `${header}\n\n${text}`);
}

if (only.has('compile')) {
  const filters = await benchCompile(rounds);
  const cold = await benchColdCompile(processes * 3);
  const policies = await benchPolicyCompile(rounds);
  results.compile = { filters, cold, policies };
  const names = Object.keys(filters[0]!.microseconds);
  const coldNames = Object.keys(cold[0]!.microseconds);
  writeReadmeSection(
    'compile',
    `${header}\n\nWarm (each call's filter new: a clause with a constant of its own, a shape seen before; \`new shape\`: a clause on a key of its own, a shape never seen):\n\n${table(
      ['filter', ...names.map((n) => `${n} µs`)],
      filters.map((f) => [f.id, ...names.map((n) => us(f.microseconds[n]!))]),
    )}\n\nCold (the first compile in a fresh process; median of ${processes * 3} processes):\n\n${table(
      ['filter', ...coldNames.map((n) => `${n} µs`)],
      cold.map((f) => [f.id, ...coldNames.map((n) => us(f.microseconds[n]!))]),
    )}\n\n${table(
      ['policy (compilePolicy: validate + parse + compile)', ...OURS.map((n) => `${n} µs`)],
      Object.entries(policies).map(([file, r]) => [file, ...OURS.map((n) => us(r[n]!))]),
    )}`,
  );
}

if (only.has('server-load')) {
  // The example server under load, in processes of its own (bench/server-load.ts), at the first size.
  const n = sizes[0]!;
  const rows = await benchServerLoad(n);
  results['server-load'] = rows;
  writeReadmeSection('server-load', serverLoadMarkdown(rows, n));
}

if (only.has('server')) {
  const rows = await benchServerRequests(seeded().components, rounds);
  results.server = rows;
  const names = Object.keys(rows[0]!.microseconds);
  writeReadmeSection(
    'server',
    `${header}\n\nµs per request: \`parseQuery\` + \`queryInMemory\` over ${REQUEST_RECORDS} components, a filter never seen before each time (a constant of its own: a shape seen before, which the cache of generated code serves; \`new shape\`: clauses of its own too, a shape not among the 4,095 requests before it).\n\n${table(
      ['filter', ...names.map((n) => `${n} µs`), 'tiered ÷ closures', 'new shape: tiered ÷ closures'],
      rows.map((r) => [
        r.id,
        ...names.map((n) => us(r.microseconds[n]!)),
        times(r.microseconds['tiered (default)']! / r.microseconds.closures!),
        times(r.microseconds['tiered (default), new shape']! / r.microseconds['closures, new shape']!),
      ]),
    )}`,
  );
}

if (only.has('memory')) {
  const memory = memoryPerPredicate();
  results.memory = memory;
  writeReadmeSection(
    'memory',
    `${header}\n\n${table(
      ['filter', ...OURS.map((n) => `${n} bytes`)],
      Object.entries(memory).map(([id, r]) => [id, ...OURS.map((n) => int.format(r[n]!))]),
    )}`,
  );
}

if (only.has('policy')) {
  const peers: PolicyPeerResult[] = [];
  for (const n of sizes) peers.push(await benchPolicyPeers(seeded().components.slice(0, n), rounds));
  results.policy = peers;
  const contenders = Object.keys(peers[0]!.nsPerRecord);
  writeReadmeSection(
    'policy',
    `${header}\n\n${table(
      ['components', ...contenders.map((c) => `${c} ns`)],
      peers.map((p) => [
        int.format(p.n),
        ...contenders.map((c) => `${ns(p.nsPerRecord[c]!)} (${times(p.ratioToHand[c]!)})`),
      ]),
    )}\n\nStatuses at ${int.format(peers.at(-1)!.n)} components, the same for every contender: ${Object.entries(
      peers.at(-1)!.statuses,
    )
      .map(([s, c]) => `${s} ${int.format(c)}`)
      .join(', ')}.`,
  );
}

if (only.has('throughput')) {
  const n = largest;
  const through = await benchThroughput(
    seeded().components.slice(0, n),
    seeded().certificates.slice(0, n / 10),
    rounds,
  );
  results.throughput = through;
  const rows = Object.entries(through.perPolicy).map(([file, r]) => [
    file,
    int.format(r.resources),
    ...OURS.map((c) => int.format(Math.round(r.resourcesPerSecond[c]!))),
  ]);
  const inv = through.inventory;
  writeReadmeSection(
    'throughput',
    `${header}\n\n${table(
      ['policy', 'resources', ...OURS.map((c) => `${c} resources/s`)],
      rows,
    )}\n\n\`evaluateInventory\` with the ${inv.policies} active example policies over all ${int.format(inv.resources)} resources: ${int.format(Math.round(inv.resourcesPerSecond))} resources/s (${int.format(Math.round(inv.evaluationsPerSecond))} policy evaluations/s).`,
  );
}

if (only.has('policies')) {
  const rows: PolicySetResult[] = [];
  for (const n of sizes) {
    rows.push(await benchPolicySet(mixedInventory(n), rounds));
  }
  results.policies = rows;
  writeReadmeSection(
    'policies',
    `${header}\n\n${table(
      [
        'policies',
        'resources',
        'results in scope',
        'one by one resources/s',
        'compilePolicies resources/s',
        'speed-up (target ≥ 5×)',
      ],
      rows.map((r) => [
        int.format(r.policies),
        int.format(r.resources),
        int.format(r.applicable),
        int.format(Math.round(r.resourcesPerSecond['one by one']!)),
        int.format(Math.round(r.resourcesPerSecond.compilePolicies!)),
        `${times(r.speedup)} ${r.speedup >= 5 ? '✓' : '✗'}`,
      ]),
    )}`,
  );
}

if (only.has('jobs')) {
  // The built CLI is what runs: build it first.
  const build = spawnSync(join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsup'), {
    cwd: join(import.meta.dirname, '..'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build (tsup) failed');
  const n = largest;
  const jobs = await benchJobs(mixedInventory(n), Math.min(rounds, 3));
  results.jobs = jobs;
  const one = jobs.resourcesPerSecond['1']!;
  writeReadmeSection(
    'jobs',
    `${header}\n\n${table(
      ['--jobs', 'wall clock', 'resources/s', 'speed-up'],
      Object.entries(jobs.seconds).map(([k, s]) => [
        k,
        `${s.toFixed(2)} s`,
        int.format(Math.round(jobs.resourcesPerSecond[k]!)),
        times(jobs.resourcesPerSecond[k]! / one),
      ]),
    )}\n\n${int.format(jobs.resources)} resources, ${(jobs.bytes / 1e6).toFixed(0)} MB of NDJSON, the example policies, \`--format json\`; ${jobs.cores} cores available.`,
  );
}

if (only.has('duckdb')) {
  // The built CLI is what runs (see 'jobs'); the largest size, 5,000,000 records at most.
  const build = spawnSync(join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsup'), {
    cwd: join(import.meta.dirname, '..'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build (tsup) failed');
  const duckdb = await benchDuckdb(Math.min(largest, 5_000_000), Math.min(rounds, 3));
  results.duckdb = duckdb;
  writeReadmeSection(
    'duckdb',
    `${header}\n\n${table(
      ['engine', 'wall clock', 'CPU (user+sys)', 'GB/s', 'peak memory'],
      duckdb.rows.map((r) => [
        r.contender,
        `${r.seconds.toFixed(2)} s`,
        `${r.cpuSeconds.toFixed(2)} s`,
        r.gbPerSecond.toFixed(3),
        `${r.peakMiB.toFixed(0)} MiB`,
      ]),
    )}\n\n${int.format(duckdb.resources)} records (\`svc-policy sample\`), ${(duckdb.ndjsonBytes / 1e6).toFixed(0)} MB of NDJSON, ${(duckdb.parquetBytes / 1e6).toFixed(0)} MB of Parquet; the example policies; ${duckdb.cores} cores available.`,
  );
}

if (only.has('ndjson')) {
  // The built library is what runs: build it first.
  const build = spawnSync(join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsup'), {
    cwd: join(import.meta.dirname, '..'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build (tsup) failed');
  const ndjsonRounds = Math.min(rounds, 3);
  const shapes = await benchNdjson(largest, ndjsonRounds);
  results.ndjson = shapes;
  const described: Record<string, string> = {
    generator: 'the generator’s inventory (`svc-policy sample --seed 42`)',
    wide: 'the same records widened (a long description with escapes and non-ASCII, annotations, labels, a raw request: see bench/ndjson.ts)',
  };
  writeReadmeSection(
    'ndjson',
    `${headerOf(ndjsonRounds)}\n\n${shapes
      .map((r) => {
        const floor = r.cpuSeconds['floor: readline + JSON.parse']!;
        const floorWall = r.seconds['floor: readline + JSON.parse']!;
        return `**${r.shape}**: ${int.format(r.resources)} resources, ${described[r.shape]}, ${(r.bytes / 1e6).toFixed(0)} MB of NDJSON\n\n${table(
          ['reader', 'wall clock', 'CPU', 'resources/s (CPU)', 'wall clock vs the floor', 'CPU vs the floor'],
          Object.entries(r.seconds).map(([k, s]) => [
            k,
            `${s.toFixed(2)} s`,
            `${r.cpuSeconds[k]!.toFixed(2)} s`,
            int.format(Math.round(r.resources / r.cpuSeconds[k]!)),
            times(floorWall / s),
            times(floor / r.cpuSeconds[k]!),
          ]),
        )}`;
      })
      .join(
        '\n\n',
      )}\n\nThe example policies, \`evaluateInventoryFile\` of \`dist/node.js\` in a fresh process per run (start-up excluded); CPU of the whole process (workers, GC and I/O threads included); median of ${ndjsonRounds} rounds.`,
  );
}

if (only.has('sql')) {
  const sql: Record<number, SqlRow[]> = {};
  for (const n of sizes) sql[n] = await benchSql(seeded().components.slice(0, n), n >= 1_000_000 ? 3 : 5);
  results.sql = sql;
  const ms = (x: number | undefined) =>
    x === undefined
      ? ''
      : x >= 1000
        ? `${(x / 1000).toFixed(2)} s`
        : `${x >= 10 ? x.toFixed(0) : x.toFixed(1)} ms`;
  const text = Object.entries(sql)
    .map(([n, rows]) => {
      const plain = rows.filter((r) => !r.indexed);
      const indexed = new Map(rows.filter((r) => r.indexed).map((r) => [r.filter, r]));
      return `**${int.format(Number(n))} rows**\n\n${table(
        ['filter', 'matched', 'memory', 'PGlite', 'PGlite indexed', 'SQLite', 'SQLite indexed'],
        plain.map((r) => [
          r.filter,
          int.format(r.matched),
          ms(r.memoryMs),
          ms(r.pgliteMs),
          ms(indexed.get(r.filter)?.pgliteMs),
          ms(r.sqliteMs),
          ms(indexed.get(r.filter)?.sqliteMs),
        ]),
      )}`;
    })
    .join('\n\n');
  writeReadmeSection('sql', `${header}\n\n${text}`);
}

if (only.has('query')) {
  const query: Record<number, QueryRow[]> = {};
  for (const n of sizes) query[n] = await benchQuery(seeded().components.slice(0, n), n >= 1_000_000 ? 3 : 5);
  results.query = query;
  const ms = (x: number) =>
    x >= 1000 ? `${(x / 1000).toFixed(2)} s` : `${x >= 10 ? x.toFixed(0) : x.toFixed(2)} ms`;
  const text = Object.entries(query)
    .map(
      ([n, rows]) =>
        `**${int.format(Number(n))} rows, pages of 100**\n\n${table(
          [
            'query',
            'page',
            'memory (heap)',
            'memory (sort + slice)',
            'PGlite',
            'PGlite indexed',
            'SQLite',
            'SQLite indexed',
          ],
          rows.map((r) => [
            r.case,
            int.format(r.page),
            ms(r.memoryHeapMs),
            ms(r.memorySortMs),
            ms(r.pgliteMs),
            ms(r.pgliteIndexedMs),
            ms(r.sqliteMs),
            ms(r.sqliteIndexedMs),
          ]),
        )}`,
    )
    .join('\n\n');
  writeReadmeSection('query', `${header}\n\n${text}`);
}

if (only.has('limits')) {
  const rows = await benchLimits(rounds);
  const policies = await benchPolicyLimits(rounds);
  const documents = await benchDocumentLimits(rounds);
  const likes = await benchLikeRun(rounds);
  results.limits = { filters: rows, policies, documents, likeRun: likes };
  const cell = (x: number | null) => (x === null ? 'refused' : `${x.toFixed(3)} ${x < 1 ? '✓' : '✗'}`);
  const worst = Math.max(...rows.flatMap((r) => Object.values(r.ms).filter((x) => x !== null)));
  const refusals = rows.flatMap((r) =>
    Object.entries(r.refused).map(([t, why]) => `- ${r.filter}, ${t}: ${why}`),
  );
  const msOf = (x: number) => (x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2));
  writeReadmeSection(
    'limits',
    `${header}

The worst filter the default limits accept, per construct (fixtures/worst-filters.ts), in ms per compile (target < 1 ms); the slowest: ${worst.toFixed(3)} ms. \`MongoDB expr\` is \`toMongoExpr\`; \`parseQuery\` reads the filter in a query request (its fields checked against a description).\n\n${table(
      ['filter', ...LIMIT_TARGETS],
      rows.map((r) => [r.filter, ...LIMIT_TARGETS.map((t) => cell(r.ms[t]))]),
    )}${refusals.length === 0 ? '' : `\n\nRefused by a target's own bound (a typed error at compile time):\n\n${refusals.join('\n')}`}\n\nThe worst policies the default limits accept (fixtures/worst-filters.ts, \`worstPolicies\`), in ms per call (\`evaluateInventory\`: 1,000 records through the policy, compiling it included):\n\n${table(
      ['policy', 'file size', ...POLICY_TARGETS],
      policies.map((p) => [
        p.policy,
        `${int.format(p.bytes)} B`,
        ...POLICY_TARGETS.map((t) => p.ms[t].toFixed(2)),
      ]),
    )}\n\nThe worst policy files the default limits accept, and some they refuse (fixtures/worst-filters.ts, \`worstDocuments\`, \`refusedDocuments\`): \`validatePolicy\` of the text in ms, and \`svc-policy validate FILE\` (the built CLI, node's start included) in wall-clock ms and peak memory:\n\n${table(
      ['policy file', 'size', 'values', 'validatePolicy', 'first diagnostic', 'CLI', 'CLI memory'],
      documents.map((d) => [
        d.document,
        `${int.format(d.bytes)} B`,
        d.values === null ? '—' : int.format(d.values),
        `${msOf(d.validateMs)} ms`,
        d.outcome,
        d.cliMs === null ? '—' : `${msOf(d.cliMs)} ms`,
        d.cliMB === null ? '—' : `${d.cliMB.toFixed(0)} MB`,
      ]),
    )}\n\nWhat a \`$like\` within the default limits costs to run, in ms per 50 KB row (20 rows; PGlite is PostgreSQL compiled to WebAssembly):\n\n${table(
      ['pattern', 'value', 'SQLite', 'PGlite', 'memory'],
      likes.map((l) => [l.pattern, l.value, msOf(l.ms.SQLite), msOf(l.ms.PGlite), l.ms.memory.toFixed(4)]),
    )}`,
  );
}

if (only.has('validate')) {
  const build = spawnSync(join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsup'), {
    cwd: join(import.meta.dirname, '..'),
    stdio: 'inherit',
  });
  if (build.status !== 0) throw new Error('the build (tsup) failed');
  const v = benchValidate(500);
  results.validate = v;
  writeReadmeSection(
    'validate',
    `${header}\n\n${table(
      [`${v.files} policy files`, 'time'],
      [
        ['library, in process (read + validatePolicy)', `${v.libraryMs.toFixed(0)} ms`],
        ['built CLI, wall clock (`node dist/cli.js validate DIR`)', `${v.cliMs.toFixed(0)} ms`],
      ],
    )}`,
  );
}

for (const [section, data] of Object.entries(results)) saveResults(section, data, { rounds, sizes });
saved = true;
console.log(
  `results: ${saveResults(
    'filterSpecs',
    FILTERS.map((f) => ({ id: f.id, meaning: f.meaning, ours: f.ours, mongo: f.mongo })),
  )}`,
);

if (only.has('time')) {
  // Relative time on the built package (bench/time.ts), at the smallest size.
  const n = Math.min(...sizes);
  const rows = await benchTime(seeded().components.slice(0, n), rounds);
  results.time = rows;
  const cell = (x: number) => (x >= 100 ? x.toFixed(0) : x.toFixed(2));
  writeReadmeSection(
    'time',
    `${header} ${int.format(n)} components.\n\n${table(
      ['case', 'median', 'unit'],
      rows.map((r) => [r.name, cell(r.value), r.unit]),
    )}`,
  );
}

// The chart, from every committed results file (this run's included).
spawnSync(
  join(import.meta.dirname, '..', 'node_modules', '.bin', 'tsx'),
  [join(import.meta.dirname, 'chart.ts')],
  {
    cwd: join(import.meta.dirname, '..'),
    stdio: 'inherit',
  },
);

// The tables are written plainly; the project's formatter gives them the layout `npm test` checks.
spawnSync(
  join(import.meta.dirname, '..', 'node_modules', '.bin', 'biome'),
  ['format', '--write', 'bench/README.md'],
  {
    cwd: join(import.meta.dirname, '..'),
    stdio: 'inherit',
  },
);
