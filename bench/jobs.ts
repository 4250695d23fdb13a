/**
 * Every core: `svc-policy eval --jobs N` over an NDJSON file of the generated inventory (the example
 * policies), N from 1 to the available cores, wall clock of the built CLI (`dist/cli.js`, Node's
 * start-up included). Before anything is timed, every N must print the summary of `--jobs 1` (timing
 * fields aside); the run fails otherwise.
 */
import { spawnSync } from 'node:child_process';
import { createWriteStream, mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { median } from './lib.js';

export interface JobsResult {
  readonly resources: number;
  readonly bytes: number;
  readonly cores: number;
  /** Median wall-clock seconds per job count. */
  readonly seconds: Readonly<Record<string, number>>;
  /** Resources per second per job count. */
  readonly resourcesPerSecond: Readonly<Record<string, number>>;
}

const root = join(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli.js');
const examples = join(root, 'fixtures', 'policies', 'examples');

async function writeNdjson(file: string, records: Iterable<unknown>): Promise<void> {
  const out = createWriteStream(file);
  let buffer = '';
  for (const r of records) {
    buffer += `${JSON.stringify(r)}\n`;
    if (buffer.length > 1 << 20) {
      if (!out.write(buffer)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
      buffer = '';
    }
  }
  out.end(buffer);
  await new Promise<void>((resolve) => out.once('finish', () => resolve()));
}

const AS_OF = '2026-11-28T00:00:00.000Z';

/** The summary without its timing fields. */
function untimed(stdout: string): string {
  const { summary } = JSON.parse(stdout) as { summary: Record<string, unknown> };
  const { durationMs: _d, resourcesPerSecond: _r, ...rest } = summary;
  return JSON.stringify(rest);
}

export async function benchJobs(inventory: Iterable<unknown>, rounds: number): Promise<JobsResult> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-policy-bench-jobs-'));
  try {
    const file = join(dir, 'inventory.ndjson');
    await writeNdjson(file, inventory);
    const bytes = statSync(file).size;
    const cores = availableParallelism();
    const counts = Array.from({ length: Math.max(2, cores) }, (_, i) => i + 1);
    const eval_ = (jobs: number) => {
      const started = performance.now();
      const r = spawnSync(
        process.execPath,
        // One instant for every run: the summary carries it, and the policies read `$now`.
        [
          cli,
          'eval',
          '-p',
          examples,
          '-i',
          file,
          '--format',
          'json',
          '--jobs',
          String(jobs),
          '--as-of',
          AS_OF,
        ],
        { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
      );
      const seconds = (performance.now() - started) / 1000;
      if (r.status !== 0) throw new Error(`eval --jobs ${jobs} exited with ${r.status}: ${r.stderr}`);
      return { seconds, stdout: r.stdout };
    };
    const reference = eval_(1);
    const resources = (JSON.parse(reference.stdout) as { summary: { resources: number } }).summary.resources;
    for (const n of counts.slice(1)) {
      if (untimed(eval_(n).stdout) !== untimed(reference.stdout)) {
        throw new Error(`eval --jobs ${n}: the summary differs from --jobs 1`);
      }
    }
    const samples = new Map<number, number[]>(counts.map((n) => [n, []]));
    for (let round = 0; round < rounds; round++) {
      // Rotating order, as the other sections do.
      for (let i = 0; i < counts.length; i++) {
        const n = counts[(i + round) % counts.length]!;
        samples.get(n)!.push(eval_(n).seconds);
      }
    }
    const seconds = Object.fromEntries([...samples].map(([n, xs]) => [String(n), median(xs)]));
    return {
      resources,
      bytes,
      cores,
      seconds,
      resourcesPerSecond: Object.fromEntries(Object.entries(seconds).map(([n, s]) => [n, resources / s])),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
