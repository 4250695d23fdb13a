/**
 * One measurement in a process of its own: `bench/process.ts filters <n> <rounds>` (F1–F5 over the
 * first `n` generated components), `bench/process.ts versions <n> <rounds>` (the version filters)
 * or `bench/process.ts shapes <n> <rounds> <shape>`, forked by
 * {@link inProcess}, which receives the result as an IPC message. The components are the run's (the
 * same seed; the first `n` records are the same whatever the count).
 */
import { fork } from 'node:child_process';
import { join } from 'node:path';
import { generateComponents } from '../fixtures/generator.js';
import { LOADER, SEED } from './lib.js';
import type { Shape } from './shapes.js';

/** What one process measures. */
export type Measurement =
  | { readonly section: 'filters'; readonly n: number; readonly rounds: number; readonly peers: boolean }
  | { readonly section: 'versions'; readonly n: number; readonly rounds: number }
  | { readonly section: 'shapes'; readonly n: number; readonly rounds: number; readonly shape: Shape };

/**
 * Runs `m` in a process of its own and returns its result. Sizes and shapes get a process each, as a
 * server holds one inventory: in one process, the functions every measurement goes through (the
 * hand-written closures, `count`, the closure compiler's per-key copies, V8's cache of identical
 * generated sources) carry what V8 learned of the records before into the next measurement.
 */
export function inProcess<T>(m: Measurement): Promise<T> {
  const args = [
    m.section,
    String(m.n),
    String(m.rounds),
    ...(m.section === 'shapes' ? [m.shape] : m.section === 'filters' && !m.peers ? ['no-peers'] : []),
  ];
  const child = fork(join(import.meta.dirname, 'process.ts'), args, {
    execArgv: ['--max-old-space-size=8192', '--import', LOADER],
  });
  return new Promise<T>((resolve, reject) => {
    let got: { value: T } | undefined;
    child.on('message', (value) => {
      got = { value: value as T };
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      got !== undefined && code === 0
        ? resolve(got.value)
        : reject(new Error(`bench/process.ts ${args.join(' ')} ended with code ${code} and no result`)),
    );
  });
}

async function main(send: (value: unknown) => void): Promise<void> {
  const [section, n, rounds, shape] = process.argv.slice(2);
  const size = Number(n);
  const r = Number(rounds);
  const { benchShape, SHAPES, shaped } = await import('./shapes.js');
  const known = SHAPES.find((s) => s === shape);
  // Checked before the records are generated, which takes seconds at a million.
  if (
    !(size > 0) ||
    !(r > 0) ||
    !(section === 'filters' || section === 'versions' || (section === 'shapes' && known !== undefined))
  )
    throw new Error(
      `usage: bench/process.ts filters|versions|shapes <records> <rounds> [shape | no-peers]; got: ${process.argv.slice(2).join(' ')}`,
    );
  const components = [...generateComponents(size, { seed: SEED })];
  if (section === 'filters') {
    const { benchFilters } = await import('./filters.js');
    send(await benchFilters(components, r, shape !== 'no-peers'));
    return;
  }
  if (section === 'versions') {
    const { benchVersions } = await import('./versions.js');
    send(await benchVersions(components, r));
    return;
  }
  if (known === undefined) throw new Error(`unknown shape: ${shape}`);
  send(await benchShape(known, shaped(known, components), r));
}

// Forked by inProcess (an IPC channel): measure. Imported: only inProcess is wanted.
if (process.send !== undefined && process.argv[1] === import.meta.filename) {
  const send = process.send.bind(process);
  await main((value) => send(value));
}
