/**
 * Reading NDJSON: the example policies evaluated by the built library (`dist/node.js`,
 * `evaluateInventoryFile`) over two inputs: the generator's inventory (`svc-policy sample`, seed 42),
 * and a wider shape the reader was not tuned on, made from a fifth as many of the same records (see
 * {@link widen}). Each run in a fresh Node process, timed inside it (start-up excluded): the floor
 * (`readline` + `JSON.parse` of every line, nothing evaluated), the full-parse reader
 * (`SVC_POLICY_READER=full`), the selective reader (`SVC_POLICY_READER=selective`, the default: each
 * line decoded only where the policies read), with `jobs` 1 and 2. Before anything is timed, every
 * variant must give the summary of the full parse with one job (timing fields aside).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  closeSync,
  createReadStream,
  mkdtempSync,
  openSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { pathToFileURL } from 'node:url';
import { median } from './lib.js';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli.js');
const nodeEntry = pathToFileURL(join(root, 'dist', 'node.js')).href;
const examples = join(root, 'fixtures', 'policies', 'examples');

export interface NdjsonResult {
  /** `generator` or `wide` (see {@link widen}). */
  readonly shape: string;
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
    env: { ...process.env, SVC_POLICY_READER: v.full ? 'full' : 'selective' },
  });
  if (r.status !== 0) throw new Error(`${name} exited with ${r.status}: ${r.stderr}`);
  return JSON.parse(r.stdout) as { seconds: number; cpu: number; summary: unknown };
}

const WORDS = [
  'alpha',
  'Zürich',
  'naïve',
  '"quoted"',
  'tab\there',
  'line\nbreak',
  'back\\slash',
  '😀',
  'ünïcødé',
  'path/to/x',
  '<tag attr="v">',
  'beta',
];

/**
 * The other shape: a record of the generator with what real inventories carry and policies do not
 * read: a long description (0.6–1.5 kB: escapes, non-ASCII, an emoji) first, eight annotation objects
 * with numbers, literals and arrays, twenty labels, and a nested raw request (about 3.8 kB a line).
 */
function widen(record: Record<string, unknown>, i: number): string {
  let description = '';
  for (let k = 0; description.length < 600 + (i % 7) * 150; k++) {
    description += `${WORDS[(i * 7 + k * 13) % WORDS.length]} `;
  }
  const annotations = Array.from({ length: 8 }, (_, k) => ({
    key: `k${k}`,
    at: 1_700_000_000_000 + i * 1000 + k,
    value: WORDS[(i + k) % WORDS.length],
    score: ((i * 31 + k) % 1000) / 7,
    flags: [k % 2 === 0, null, k],
  }));
  const labels: Record<string, string> = {};
  for (let k = 0; k < 20; k++)
    labels[`label.example.com/${WORDS[k % 6]!.replace(/\W/g, '')}-${k}`] = `${i % (k + 3)}`;
  const raw = {
    request: { headers: { 'user-agent': 'svc/1.0', accept: '*/*' }, body: description.slice(0, 200) },
  };
  return JSON.stringify({ description, ...record, annotations, labels, raw });
}

async function writeWide(from: string, to: string, n: number): Promise<void> {
  const out = openSync(to, 'w');
  try {
    let i = 0;
    for await (const line of createInterface({ input: createReadStream(from), crlfDelay: Infinity })) {
      if (i === n) break;
      writeSync(out, `${widen(JSON.parse(line) as Record<string, unknown>, i++)}\n`);
    }
  } finally {
    closeSync(out);
  }
}

async function benchShape(shape: string, file: string, n: number, rounds: number): Promise<NdjsonResult> {
  const names = Object.keys(VARIANTS);
  const reference = JSON.stringify(runVariant(file, 'full parse, jobs 1').summary);
  for (const name of names.slice(2)) {
    if (JSON.stringify(runVariant(file, name).summary) !== reference) {
      throw new Error(`${shape}, ${name}: the summary differs from the full parse's`);
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
  const medians = (m: Map<string, number[]>) => Object.fromEntries([...m].map(([k, xs]) => [k, median(xs)]));
  return {
    shape,
    resources: n,
    bytes: statSync(file).size,
    seconds: medians(wall),
    cpuSeconds: medians(cpu),
  };
}

/** Both shapes: the generator's `n` records, and `n / 5` of them widened. */
export async function benchNdjson(n: number, rounds: number): Promise<NdjsonResult[]> {
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
    const generator = await benchShape('generator', file, n, rounds);
    const wide = join(dir, 'wide.ndjson');
    const wideCount = Math.max(1, Math.floor(n / 5));
    await writeWide(file, wide, wideCount);
    rmSync(file);
    return [generator, await benchShape('wide', wide, wideCount, rounds)];
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
