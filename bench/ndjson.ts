/**
 * Reading NDJSON: the generator's inventory (`svc-policy sample`, seed 42) evaluated with the example
 * policies by the built library (`dist/node.js`, `evaluateInventoryFile`), each run in a fresh Node
 * process, timed inside it (start-up excluded): the floor (`readline` + `JSON.parse` of every line,
 * nothing evaluated), the full-parse reader (the default), the selective reader
 * (`SVC_POLICY_READER=selective`: each line decoded only where the policies read), with `jobs` 1 and 2.
 * Before anything is timed, every variant must give the summary of the full parse with one job (timing
 * fields aside).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { median } from './lib.js';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli.js');
const nodeEntry = pathToFileURL(join(root, 'dist', 'node.js')).href;
const examples = join(root, 'fixtures', 'policies', 'examples');

export interface NdjsonResult {
  readonly resources: number;
  readonly bytes: number;
  /** Median seconds (wall clock, and CPU of the whole process: workers and I/O threads included) per variant. */
  readonly seconds: Readonly<Record<string, number>>;
  readonly cpuSeconds: Readonly<Record<string, number>>;
}

/** What one variant runs in its process; prints `{ seconds, cpu, summary }`. */
const FLOOR = `
import { createReadStream } from 'node:fs';
import { createInterface } from 'node:readline';
const t = performance.now(); const c = process.cpuUsage(); let n = 0;
for await (const line of createInterface({ input: createReadStream(process.argv[2]), crlfDelay: Infinity })) { JSON.parse(line); n++; }
const u = process.cpuUsage(c);
console.log(JSON.stringify({ seconds: (performance.now() - t) / 1000, cpu: (u.user + u.system) / 1e6, summary: n }));
`;
const EVALUATE = `
import { readdirSync, readFileSync } from 'node:fs';
const { evaluateInventoryFile } = await import(process.argv[4]);
const dir = process.argv[5];
const policies = readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => JSON.parse(readFileSync(dir + '/' + f, 'utf8')));
const t = performance.now(); const c = process.cpuUsage();
const s = await evaluateInventoryFile(policies, process.argv[2], { jobs: Number(process.argv[3]), asOf: process.argv[6] });
const u = process.cpuUsage(c);
const { durationMs, resourcesPerSecond, ...summary } = s;
console.log(JSON.stringify({ seconds: (performance.now() - t) / 1000, cpu: (u.user + u.system) / 1e6, summary }));
`;

const VARIANTS: Readonly<Record<string, { script: string; jobs: number; full: boolean }>> = {
  'floor: readline + JSON.parse': { script: FLOOR, jobs: 1, full: true },
  'full parse, jobs 1': { script: EVALUATE, jobs: 1, full: true },
  'selective, jobs 1': { script: EVALUATE, jobs: 1, full: false },
  'full parse, jobs 2': { script: EVALUATE, jobs: 2, full: true },
  'selective, jobs 2': { script: EVALUATE, jobs: 2, full: false },
};

/**
 * The instant every run evaluates at: the example policies read `$now`, so runs a minute apart would
 * disagree on the resources that crossed a bound in between, and the summaries could not be compared.
 */
const AS_OF = '2026-11-28T00:00:00.000Z';

function runVariant(file: string, name: string) {
  const v = VARIANTS[name]!;
  // A file, not `-e`: the worker threads inherit the process's flags.
  const script = join(dirname(file), v.script === FLOOR ? 'floor.mjs' : 'evaluate.mjs');
  const r = spawnSync(process.execPath, [script, file, String(v.jobs), nodeEntry, examples, AS_OF], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, SVC_POLICY_READER: v.full ? '' : 'selective' },
  });
  if (r.status !== 0) throw new Error(`${name} exited with ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as { seconds: number; cpu: number; summary: unknown };
}

export async function benchNdjson(n: number, rounds: number): Promise<NdjsonResult> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-policy-bench-ndjson-'));
  try {
    const file = join(dir, 'inventory.ndjson');
    const out = openSync(file, 'w');
    try {
      execFileSync(process.execPath, [cli, 'sample', '--count', String(n), '--seed', '42'], {
        stdio: ['ignore', out, 'inherit'],
      });
    } finally {
      closeSync(out);
    }
    writeFileSync(join(dir, 'floor.mjs'), FLOOR);
    writeFileSync(join(dir, 'evaluate.mjs'), EVALUATE);
    const names = Object.keys(VARIANTS);
    const reference = JSON.stringify(runVariant(file, 'full parse, jobs 1').summary);
    for (const name of names.slice(2)) {
      if (JSON.stringify(runVariant(file, name).summary) !== reference) {
        throw new Error(`${name}: the summary differs from the full parse's`);
      }
    }
    const wall = new Map<string, number[]>(names.map((k) => [k, []]));
    const cpu = new Map<string, number[]>(names.map((k) => [k, []]));
    for (let round = 0; round < rounds; round++) {
      // Rotating order, as the other sections do.
      for (let i = 0; i < names.length; i++) {
        const name = names[(i + round) % names.length]!;
        const r = runVariant(file, name);
        wall.get(name)!.push(r.seconds);
        cpu.get(name)!.push(r.cpu);
      }
    }
    const medians = (m: Map<string, number[]>) =>
      Object.fromEntries([...m].map(([k, xs]) => [k, median(xs)]));
    return { resources: n, bytes: statSync(file).size, seconds: medians(wall), cpuSeconds: medians(cpu) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
