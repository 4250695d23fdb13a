/**
 * `npm run bench:typecheck`: what typed filters cost the compiler. Generates 200 filters over
 * `Component` (varied paths and operators, every one correct) and writes them twice into a temporary
 * folder: once as `compileFilter<Component>(…)` (checked by `Filter<Component>`), once as
 * `compileFilter(…)` (untyped, checked at run time only). `tsc --noEmit --extendedDiagnostics` runs on
 * each file in interleaved rounds; the figures are medians over rounds, and the claim is the difference
 * between the two, the median of the rounds' differences (issue 11: under 2 s and 200 MB more with the
 * types than without). Besides tsc's own times, the CPU time of the tsc process is reported: on a
 * shared machine it moves less than wall time.
 *
 *   npm run bench:typecheck                    # 5 rounds, 200 filters
 *   npm run bench:typecheck -- --rounds 3 --filters 400
 *
 * Results go to `bench/results/<date>-<machine>-typecheck.json` and the `typecheck` table of
 * bench/README.md. The temporary folder is removed afterwards.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { hostname, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { mulberry32 } from '../fixtures/generator.js';
import { machine, median, RESULTS_DIR, table, writeReadmeSection } from './lib.js';

const ROOT = resolve(import.meta.dirname, '..');

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    filters: { type: 'string', default: '200' },
  },
});
const rounds = Number(values.rounds);
const count = Number(values.filters);
if (!(rounds >= 1) || !Number.isSafeInteger(count) || count <= 0) {
  throw new Error('--rounds takes a number ≥ 1 and --filters a positive integer');
}

// The inventory generator's seeded random numbers, so every run checks the same filters.
const r = mulberry32(11);
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
const q = (s: string) => JSON.stringify(s);

const STRING_FIELDS = ['id', 'integrationId', 'uniqueIdentifier', 'region', 'vendor', 'technology', 'type'];
const WORDS = ['postgres', 'mysql', 'kubernetes', 'redis', 'aws', 'gcp', 'eu-west-1', 'us-east-1', 'prod'];
const TIMESTAMPS = ['createdAt', 'updatedAt', 'details$.database$.lastActiveConnectionTime'];
const TAG_KEYS = ['team', 'env', 'owner', 'cost-center', 'app.kubernetes.io/name', 'Name'];
const LOOSE = ['details$.postgres$.connections', 'details$.redis$.numCacheNodes', 'details$.mysql$.engine'];
const DATE = () => `2026-${String(1 + Math.floor(r() * 12)).padStart(2, '0')}-01T00:00:00.000Z`;
const VERSION = () => `${1 + Math.floor(r() * 30)}.${Math.floor(r() * 20)}`;

/** One field condition `"path": { operators }`, of a kind chosen at random. */
function condition(): string {
  switch (Math.floor(r() * 10)) {
    case 0:
      return `${q(pick(STRING_FIELDS))}: { $eq: ${q(pick(WORDS))} }`;
    case 1:
      return `${q(pick(STRING_FIELDS))}: { $in: [${q(pick(WORDS))}, ${q(pick(WORDS))}, null] }`;
    case 2:
      return `${q(pick(STRING_FIELDS))}: { $like: ${q(`${pick(WORDS).slice(0, 3)}*`)}, $ne: ${q(pick(WORDS))} }`;
    case 3:
      return `${q(pick(TIMESTAMPS))}: { $gte: ${q(DATE())}, $lt: ${q(DATE())} }`;
    case 4:
      return `version: { $vgte: ${q(VERSION())}, $vlt: ${q(VERSION())} }`;
    case 5:
      return `hasAvailableSvcs: { $eq: ${r() < 0.5}, $exists: true }`;
    case 6:
      return `${q(`${pick(['tags', 'customTags'])}$.${pick(TAG_KEYS)}`)}: { $nin: [${q(pick(WORDS))}] }`;
    case 7:
      return `${q(pick(LOOSE))}: { $gt: ${Math.floor(r() * 100)} }`;
    case 8:
      return `'details$.kubernetes$.nodes$.__svcArrayAny__': { $elemMatch: { version: { $vlt: ${q(VERSION())} }, status: { $eq: 'DEGRADED' } } }`;
    default:
      return `details: { $exists: ${r() < 0.5} }`;
  }
}

/** A filter of one to three conditions, sometimes under `$or`, `$and` or `$not`. */
function filter(): string {
  const parts = Array.from({ length: 1 + Math.floor(r() * 3) }, condition);
  const unique = [...new Map(parts.map((p) => [p.slice(0, p.indexOf(':')), p])).values()];
  switch (Math.floor(r() * 5)) {
    case 0:
      return `{ $or: [${unique.map((p) => `{ ${p} }`).join(', ')}] }`;
    case 1:
      return `{ $and: [{ ${unique[0]} }], $not: { ${condition()} } }`;
    default:
      return `{ ${unique.join(', ')} }`;
  }
}

const filters = Array.from({ length: count }, filter);

function source(typed: boolean): string {
  const lines = [
    `import { type Component, compileFilter } from ${q(join(ROOT, 'src', 'index.js'))};`,
    '',
    ...filters.map((f, i) => `export const f${i} = compileFilter${typed ? '<Component>' : ''}(${f});`),
    '',
  ];
  return lines.join('\n');
}

interface Run {
  /** CPU time of the whole tsc process (user + system): less disturbed by other jobs than wall time. */
  readonly cpuSeconds: number;
  readonly checkSeconds: number;
  readonly totalSeconds: number;
  readonly memoryMB: number;
  readonly types: number;
  readonly instantiations: number;
}

const require = createRequire(import.meta.url);
const tsc = require.resolve('typescript/lib/tsc.js');

/** Loaded before tsc: prints the process's CPU time when it exits. */
const CPU_HOOK = `process.on('exit', () => { const u = process.cpuUsage(); require('node:fs').writeSync(1, 'CPU time: ' + (u.user + u.system) / 1e6 + 's\\n'); });`;

function run(config: string, hook: string): Run {
  // With `--expose-gc`, tsc collects garbage before it reads the heap, so "Memory used" is what is live.
  const args = ['--expose-gc', '--require', hook, tsc, '-p', config, '--extendedDiagnostics'];
  const out = spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (out.status !== 0) throw new Error(`tsc failed on ${config}:\n${out.stdout}${out.stderr}`);
  const field = (name: string): number => {
    const m = new RegExp(`^${name}:\\s+([\\d.]+)`, 'm').exec(out.stdout);
    if (m === null) throw new Error(`no "${name}" in the output of tsc`);
    return Number(m[1]);
  };
  return {
    cpuSeconds: field('CPU time'),
    checkSeconds: field('Check time'),
    totalSeconds: field('Total time'),
    memoryMB: field('Memory used') / 1024,
    types: field('Types'),
    instantiations: field('Instantiations'),
  };
}

const dir = mkdtempSync(join(tmpdir(), 'svc-policy-typecheck-'));
const runs: Record<'untyped' | 'typed', Run[]> = { untyped: [], typed: [] };
try {
  const hook = join(dir, 'cpu-time.cjs');
  writeFileSync(hook, CPU_HOOK);
  const configs = { untyped: '', typed: '' };
  for (const kind of ['untyped', 'typed'] as const) {
    writeFileSync(join(dir, `${kind}.mts`), source(kind === 'typed'));
    configs[kind] = join(dir, `${kind}.tsconfig.json`);
    writeFileSync(
      configs[kind],
      JSON.stringify({
        extends: join(ROOT, 'tsconfig.json'),
        compilerOptions: { typeRoots: [join(ROOT, 'node_modules', '@types')] },
        files: [join(dir, `${kind}.mts`)],
        include: [],
      }),
    );
  }
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['untyped', 'typed'] as const) : (['typed', 'untyped'] as const);
    for (const kind of order) {
      const result = run(configs[kind], hook);
      runs[kind].push(result);
      console.log(
        `round ${round + 1}/${rounds} ${kind}: check ${result.checkSeconds} s, total ${result.totalSeconds} s, CPU ${result.cpuSeconds.toFixed(2)} s, ${result.memoryMB.toFixed(0)} MB`,
      );
    }
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}

// A round runs both files back to back, so its difference is taken under the same load: the difference
// reported is the median of the rounds' differences (the machine is shared, and its load moves).
const med = (kind: 'untyped' | 'typed', key: keyof Run) => median(runs[kind].map((x) => x[key]));
const diff = (key: keyof Run) => median(runs.typed.map((x, i) => x[key] - runs.untyped[i]![key]));
const summary = Object.fromEntries(
  (['checkSeconds', 'totalSeconds', 'cpuSeconds', 'memoryMB', 'types', 'instantiations'] as const).map(
    (key) => [key, { untyped: med('untyped', key), typed: med('typed', key), difference: diff(key) }],
  ),
) as Record<keyof Run, { untyped: number; typed: number; difference: number }>;

const m = machine();
const day = new Date().toISOString().slice(0, 10);
const data = { machine: m, filters: count, rounds, typescript: require('typescript').version, summary, runs };
mkdirSync(RESULTS_DIR, { recursive: true });
const file = join(RESULTS_DIR, `${day}-${hostname().replace(/[^\w.-]/g, '_')}-typecheck.json`);
writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);

const s = (x: number) => x.toFixed(2);
const signed = (x: string) => (x.startsWith('-') ? x : `+${x}`);
const int = new Intl.NumberFormat('en-US');
const rows = [
  [
    'check time (s)',
    s(summary.checkSeconds.untyped),
    s(summary.checkSeconds.typed),
    signed(s(summary.checkSeconds.difference)),
    '< 2 s',
  ],
  [
    'total time (s)',
    s(summary.totalSeconds.untyped),
    s(summary.totalSeconds.typed),
    signed(s(summary.totalSeconds.difference)),
    '',
  ],
  [
    'CPU time of tsc (s)',
    s(summary.cpuSeconds.untyped),
    s(summary.cpuSeconds.typed),
    signed(s(summary.cpuSeconds.difference)),
    '',
  ],
  [
    'memory used (MB)',
    summary.memoryMB.untyped.toFixed(0),
    summary.memoryMB.typed.toFixed(0),
    signed(summary.memoryMB.difference.toFixed(0)),
    '< 200 MB',
  ],
  [
    'types',
    int.format(summary.types.untyped),
    int.format(summary.types.typed),
    signed(int.format(summary.types.difference)),
    '',
  ],
  [
    'instantiations',
    int.format(summary.instantiations.untyped),
    int.format(summary.instantiations.typed),
    signed(int.format(summary.instantiations.difference)),
    '',
  ],
];
const header = `Node ${m.node}, TypeScript ${data.typescript}, ${m.cpu} (${m.cores} cores), ${day}; ${count} filters, medians of ${rounds} interleaved rounds (difference: the median of the rounds' differences).`;
writeReadmeSection(
  'typecheck',
  `${header}\n\n${table(['tsc --noEmit', 'untyped', 'typed (Filter<Component>)', 'difference', 'budget'], rows)}`,
);
console.log(`\n${header}`);
console.log(table(['tsc --noEmit', 'untyped', 'typed', 'difference', 'budget'], rows));
console.log(`\nresults: ${file}`);
