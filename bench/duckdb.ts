/**
 * The DuckDB engine against the in-process one: `svc-policy eval` (the built CLI, `dist/cli.js`) over
 * one NDJSON file of the generated inventory (the example policies), `--jobs 1`, `--jobs` = cores, and
 * `--engine duckdb`; then `--engine duckdb` over a Parquet copy of the file. Wall clock (Node's start-up
 * included), GB/s of the NDJSON file, and the peak resident memory of the process (GNU time's
 * maximum RSS, DuckDB's threads included) and CPU time (user + system). Every contender must print the
 * summary of `--jobs 1` (timing fields aside); the run fails otherwise. The Parquet copy is written by
 * DuckDB from the NDJSON with texts kept as texts, so it holds the same records and is compared too.
 *
 *   npx tsx bench/duckdb.ts --records 1000000,5000000 --rounds 1   # alone; or npm run bench -- --only duckdb
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { median } from './lib.js';

const root = join(import.meta.dirname, '..');
const cli = join(root, 'dist', 'cli.js');
const examples = join(root, 'fixtures', 'policies', 'examples');

export interface DuckdbRow {
  readonly contender: string;
  readonly seconds: number;
  /** Bytes of the NDJSON file per second (the Parquet row reads the smaller Parquet file). */
  readonly gbPerSecond: number;
  readonly peakMiB: number;
  /** User + system CPU time of the process (all its threads), as GNU time reports it. */
  readonly cpuSeconds: number;
}

export interface DuckdbResult {
  readonly resources: number;
  readonly ndjsonBytes: number;
  readonly parquetBytes: number;
  readonly cores: number;
  readonly rows: readonly DuckdbRow[];
}

/** Runs the CLI under GNU time: wall clock, peak RSS, CPU time and standard output. */
function timed(args: readonly string[]): { seconds: number; peakKiB: number; cpu: number; stdout: string } {
  const started = performance.now();
  const r = spawnSync('/usr/bin/time', ['-f', '%M %U %S', process.execPath, cli, ...args], {
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const seconds = (performance.now() - started) / 1000;
  if (r.status !== 0) throw new Error(`eval ${args.join(' ')} exited with ${r.status}: ${r.stderr}`);
  const [peakKiB, user, system] = r.stderr.trim().split('\n').at(-1)!.split(' ').map(Number);
  return { seconds, peakKiB: peakKiB!, cpu: user! + system!, stdout: r.stdout };
}

function untimed(stdout: string): string {
  const { summary } = JSON.parse(stdout) as { summary: Record<string, unknown> };
  const { durationMs: _d, resourcesPerSecond: _r, ...rest } = summary;
  return JSON.stringify(rest);
}

export async function benchDuckdb(records: number, rounds: number): Promise<DuckdbResult> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-policy-bench-duckdb-'));
  try {
    const ndjson = join(dir, 'inventory.ndjson');
    const parquet = join(dir, 'inventory.parquet');
    // The sample generator, through the CLI: `svc-policy sample --count N`.
    const sample = spawnSync('sh', [
      '-c',
      `"${process.execPath}" "${cli}" sample --count ${records} --seed 42 > "${ndjson}"`,
    ]);
    if (sample.status !== 0) throw new Error(`sample failed: ${sample.stderr}`);
    const duck = await import('@duckdb/node-api');
    const instance = await duck.DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    // Texts kept as texts (no timestamp detection): the copy holds the same records.
    await connection.run(
      `COPY (SELECT * FROM read_json('${ndjson}', format = 'newline_delimited', timestampformat = '%%', dateformat = '%%')) TO '${parquet}' (FORMAT parquet)`,
    );
    connection.closeSync();
    instance.closeSync();
    const ndjsonBytes = statSync(ndjson).size;
    const parquetBytes = statSync(parquet).size;
    const cores = availableParallelism();
    // One asOf for every contender, so that their summaries compare whatever the hour.
    const base = ['eval', '-p', examples, '--format', 'json', '--as-of', '2026-11-28T00:00:00Z'];
    const contenders: Record<string, readonly string[]> = {
      'in-process --jobs 1': [...base, '-i', ndjson, '--jobs', '1'],
      [`in-process --jobs ${cores}`]: [...base, '-i', ndjson, '--jobs', String(cores)],
      'duckdb, NDJSON': [...base, '-i', ndjson, '--engine', 'duckdb'],
      'duckdb, Parquet': [...base, '-i', parquet, '--engine', 'duckdb'],
    };
    const names = Object.keys(contenders);
    const samples = new Map(names.map((n) => [n, [] as { seconds: number; peakKiB: number; cpu: number }[]]));
    let reference: string | undefined;
    let resources = 0;
    for (let round = 0; round < rounds; round++) {
      for (let i = 0; i < names.length; i++) {
        const name = names[(i + round) % names.length]!;
        const run = timed(contenders[name]!);
        samples.get(name)!.push(run);
        const summary = untimed(run.stdout);
        reference ??= summary;
        resources = (JSON.parse(run.stdout) as { summary: { resources: number } }).summary.resources;
        if (summary !== reference) throw new Error(`${name}: the summary differs from the other engines'`);
      }
    }
    const rows = names.map((name): DuckdbRow => {
      const seconds = median(samples.get(name)!.map((s) => s.seconds));
      const bytes = name === 'duckdb, Parquet' ? parquetBytes : ndjsonBytes;
      return {
        contender: name,
        seconds,
        gbPerSecond: bytes / seconds / 1e9,
        peakMiB: Math.max(...samples.get(name)!.map((s) => s.peakKiB)) / 1024,
        cpuSeconds: median(samples.get(name)!.map((s) => s.cpu)),
      };
    });
    return { resources, ndjsonBytes, parquetBytes, cores, rows };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith(join('bench', 'duckdb.ts'))) {
  const { values } = parseArgs({
    options: { records: { type: 'string', default: '1000000' }, rounds: { type: 'string', default: '1' } },
  });
  // `--records 1000000,5000000`: each size in turn, in one run.
  for (const records of values.records.split(',')) {
    const result = await benchDuckdb(Number(records), Number(values.rounds));
    console.log(JSON.stringify(result, null, 2));
  }
}
