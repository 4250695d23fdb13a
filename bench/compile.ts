/**
 * Parse + compile time per filter, warm (each call's filter with a constant of its own, as a server's
 * requests: generated code of that shape comes from the shape cache; and with a key of its own, a shape
 * never seen) and cold (the first compile in a fresh process), and
 * memory per compiled predicate. The peers' preparation steps are timed beside ours for context
 * (ucast's `guard`, mingo's `new Query`, sift's tester).
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { guard } from '@ucast/mongo2js';
import { Query } from 'mingo';
import * as siftModule from 'sift';
import { compileFilter } from '../src/index.js';
import { FILTERS } from './filters.js';
import { type Case, interleaved, LOADER } from './lib.js';

const sift = (siftModule as unknown as { default: (query: unknown) => (r: unknown) => boolean }).default;

export interface CompileResult {
  readonly id: string;
  /** Microseconds per parse + compile, by contender. */
  readonly microseconds: Record<string, number>;
}

/** A filter with one more clause holding constant `i`, so no two calls compile the same source. */
function unique(filter: Record<string, unknown>, i: number, field = 'id'): Record<string, unknown> {
  return { ...filter, [field]: { $ne: `request-${i}` } };
}

export async function benchCompile(rounds: number): Promise<CompileResult[]> {
  const out: CompileResult[] = [];
  let i = 0;
  for (const spec of FILTERS) {
    const cases: Case[] = [
      { name: 'svc-policy', fn: () => compileFilter(unique(spec.ours, i++), { codegen: false }) },
      { name: 'svc-policy codegen', fn: () => compileFilter(unique(spec.ours, i++), { codegen: true }) },
      { name: 'svc-policy tiered', fn: () => compileFilter(unique(spec.ours, i++)) },
      // A key of its own per call: a shape never seen, which no cache of generated code serves.
      {
        name: 'svc-policy codegen, new shape',
        fn: () => compileFilter(unique(spec.ours, i, `id${i++}`), { codegen: true }),
      },
      { name: 'svc-policy tiered, new shape', fn: () => compileFilter(unique(spec.ours, i, `id${i++}`)) },
      { name: '@ucast/mongo2js', fn: () => guard(unique(spec.mongo, i++)) },
      { name: 'mingo', fn: () => new Query(unique(spec.mongo, i++)) },
      { name: 'sift', fn: () => sift(unique(spec.mongo, i++)) },
    ];
    const times = await interleaved(`compile ${spec.id}`, cases, { rounds });
    out.push({ id: spec.id, microseconds: Object.fromEntries([...times].map(([k, s]) => [k, s * 1e6])) });
  }
  return out;
}

/** `gc()` without `--expose-gc` on the command line: the flag is set now and read in a fresh context. */
function exposeGc(): () => void {
  const existing = (globalThis as { gc?: () => void }).gc;
  if (existing) return existing;
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Heap bytes per compiled predicate: compiles many copies of each filter (with distinct constants so
 * nothing is shared by accident) and divides the retained heap growth.
 */
export function memoryPerPredicate(copies = 5000): Record<string, Record<string, number>> {
  const gc = exposeGc();
  const out: Record<string, Record<string, number>> = {};
  for (const spec of FILTERS) {
    out[spec.id] = {};
    for (const codegen of [false, true]) {
      const variants = Array.from({ length: copies }, (_, i) =>
        JSON.parse(
          JSON.stringify(spec.ours).replace(
            /"(postgres|us-east-1|1\.27|2026-05-25T00:00:00\.000Z)"/g,
            `"$1-${i}"`,
          ),
        ),
      );
      gc();
      const before = process.memoryUsage().heapUsed;
      const kept = variants.map((f) => compileFilter(f, { codegen }));
      gc();
      const after = process.memoryUsage().heapUsed;
      out[spec.id]![codegen ? 'svc-policy codegen' : 'svc-policy'] = Math.round(
        (after - before) / kept.length,
      );
      kept.length = 0;
    }
  }
  return out;
}

/** The compilers of the cold measurement, by label: the `codegen` option each passes. */
export const COLD = {
  'svc-policy': false,
  'svc-policy codegen': true,
  'svc-policy tiered': undefined,
} as const;

/**
 * The first compile in a fresh process (library loaded, nothing compiled yet), in microseconds: the
 * median of `processes` processes per filter and compiler.
 */
export async function benchColdCompile(processes: number): Promise<CompileResult[]> {
  const out: CompileResult[] = [];
  for (const spec of FILTERS) {
    const microseconds: Record<string, number> = {};
    for (const label of Object.keys(COLD) as Array<keyof typeof COLD>) {
      const samples: number[] = [];
      for (let p = 0; p < processes; p++) samples.push(await coldOnce(spec.id, label));
      samples.sort((a, b) => a - b);
      microseconds[label] = samples[Math.floor(samples.length / 2)]!;
    }
    out.push({ id: spec.id, microseconds });
  }
  return out;
}

function coldOnce(id: string, label: keyof typeof COLD): Promise<number> {
  const child = fork(join(import.meta.dirname, 'cold.ts'), [id, label], { execArgv: ['--import', LOADER] });
  return new Promise((resolve, reject) => {
    let got: number | undefined;
    child.on('message', (m) => {
      got = m as number;
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      got !== undefined && code === 0
        ? resolve(got)
        : reject(new Error(`bench/cold.ts ${id} ${label}: code ${code}`)),
    );
  });
}
