/**
 * Parse + compile time per filter (warm), and memory per compiled predicate. The peers' preparation
 * steps are timed beside ours for context (ucast's `guard`, mingo's `new Query`, sift's tester).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { guard } from '@ucast/mongo2js';
import { Query } from 'mingo';
import * as siftModule from 'sift';
import { compileFilter } from '../src/index.js';
import { FILTERS } from './filters.js';
import { type Case, interleaved } from './lib.js';

const sift = (siftModule as unknown as { default: (query: unknown) => (r: unknown) => boolean }).default;

export interface CompileResult {
  readonly id: string;
  /** Microseconds per parse + compile, by contender. */
  readonly microseconds: Record<string, number>;
}

export async function benchCompile(rounds: number): Promise<CompileResult[]> {
  const out: CompileResult[] = [];
  for (const spec of FILTERS) {
    const cases: Case[] = [
      { name: 'svc-policy', fn: () => compileFilter(spec.ours, { codegen: false }) },
      { name: 'svc-policy codegen', fn: () => compileFilter(spec.ours, { codegen: true }) },
      { name: '@ucast/mongo2js', fn: () => guard(spec.mongo) },
      { name: 'mingo', fn: () => new Query(spec.mongo) },
      { name: 'sift', fn: () => sift(spec.mongo) },
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
