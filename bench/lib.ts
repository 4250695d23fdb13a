import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, hostname } from 'node:os';
import { join } from 'node:path';
import b from 'benny';

/** The generator's seed for every section's data. */
export const SEED = 42;

/**
 * The loader every bench process runs under (`--import`): the library built as dist/ is (bench/loader.mjs
 * says why not tsx).
 */
export const LOADER = join(import.meta.dirname, 'loader.mjs');

/** Where results go: `bench/results/<date>-<machine>.json`. */
export const RESULTS_DIR = join(import.meta.dirname, 'results');

/** What the numbers were measured on; the machine is shared and noisy, so ratios are the claim. */
export function machine(): { node: string; cpu: string; cores: number; host: string } {
  return {
    node: process.version,
    cpu: cpus()[0]?.model ?? 'unknown',
    cores: cpus().length,
    host: hostname(),
  };
}

export function median(xs: readonly number[]): number {
  const s = [...xs].sort((a, c) => a - c);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 === 1 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** The median wall time of `repeat` sequential calls, in milliseconds. */
export async function time(fn: () => Promise<unknown> | unknown, repeat: number): Promise<number> {
  const samples: number[] = [];
  for (let i = 0; i < repeat; i++) {
    const t0 = performance.now();
    await fn();
    samples.push(performance.now() - t0);
  }
  return median(samples);
}

export function geomean(xs: readonly number[]): number {
  return Math.exp(xs.reduce((acc, x) => acc + Math.log(x), 0) / xs.length);
}

/** How many records `p` accepts. */
export function count(data: readonly unknown[], p: (r: unknown) => boolean): number {
  let n = 0;
  for (let i = 0; i < data.length; i++) if (p(data[i])) n++;
  return n;
}

/** Where case results go, so that no call can be optimized away as unused. */
export let sink: unknown;

export interface Case {
  readonly name: string;
  readonly fn: () => unknown;
}

/**
 * Runs the cases for `rounds` rounds with benny, rotating their order each round so that no contender
 * always runs first (or right after the same neighbour), and returns the median over rounds of each
 * case's median sample time, in seconds per call.
 */
export async function interleaved(
  suite: string,
  cases: readonly Case[],
  {
    rounds = 5,
    maxTime = 0.5,
    minSamples = 5,
  }: { rounds?: number; maxTime?: number; minSamples?: number } = {},
): Promise<Map<string, number>> {
  const samples = new Map<string, number[]>(cases.map((c) => [c.name, []]));
  for (let round = 0; round < rounds; round++) {
    const order = cases.map((_, i) => cases[(i + round) % cases.length]!);
    const summary = await b.suite(
      `${suite} (round ${round + 1}/${rounds})`,
      // A case returning a function would be taken by benny for a setup step and the function timed
      // instead (compileFilter returns one): the case's result goes to a sink.
      ...order.map((c) =>
        b.add(
          c.name,
          () => {
            sink = c.fn();
          },
          { maxTime, minSamples },
        ),
      ),
      b.configure({ cases: { maxTime, minSamples } }),
      b.cycle(() => undefined),
    );
    for (const result of summary.results) samples.get(result.name)!.push(result.details.median);
  }
  return new Map([...samples].map(([name, xs]) => [name, median(xs)]));
}

/** Fails the run loudly: a benchmark whose contenders disagree measures nothing. */
export function assertSameCount(what: string, counts: ReadonlyMap<string, number>, reference: string): void {
  const expected = counts.get(reference);
  const wrong = [...counts].filter(([, n]) => n !== expected);
  if (wrong.length > 0) {
    throw new Error(
      `${what}: match counts differ from ${reference} (${expected}): ${wrong.map(([k, n]) => `${k}=${n}`).join(', ')}`,
    );
  }
}

/** Merges a section into today's results file for this machine and returns its path. */
export function saveResults(
  section: string,
  data: unknown,
  run?: { rounds: number; sizes: readonly number[] },
): string {
  mkdirSync(RESULTS_DIR, { recursive: true });
  const day = new Date().toISOString().slice(0, 10);
  const file = join(RESULTS_DIR, `${day}-${hostname().replace(/[^\w.-]/g, '_')}.json`);
  let current: Record<string, unknown> = {};
  try {
    current = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    current = { machine: machine() };
  }
  current[section] = data;
  current.machine = machine();
  // Sections of one day's file may come from runs on different machines and with different rounds:
  // each keeps the run it came from.
  if (run !== undefined) {
    const runs = (current.runs ?? {}) as Record<string, unknown>;
    current.runs = { ...runs, [section]: { ...machine(), rounds: run.rounds, sizes: run.sizes } };
  }
  writeFileSync(file, `${JSON.stringify(current, null, 2)}\n`);
  return file;
}

/** A markdown table from rows of cells. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const line = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** Replaces the text between `<!-- name:start -->` and `<!-- name:end -->` in bench/README.md. */
export function writeReadmeSection(name: string, markdown: string): void {
  const file = join(import.meta.dirname, 'README.md');
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    text = '# Benchmarks\n';
  }
  const start = `<!-- ${name}:start -->`;
  const end = `<!-- ${name}:end -->`;
  const block = `${start}\n${markdown}\n${end}`;
  const i = text.indexOf(start);
  const j = text.indexOf(end);
  text =
    i >= 0 && j > i
      ? text.slice(0, i) + block + text.slice(j + end.length)
      : `${text.trimEnd()}\n\n${block}\n`;
  writeFileSync(file, text);
}
