/**
 * Relative time against literal strings, on the built package (dist/, as users run it):
 *
 * - a filter on an instant, `$gte` written three ways: a literal string (string order), `{ $at }` and
 *   `{ $now }` (instants), each compiled to closures and to generated code, in ns per record;
 * - what a server pays per request to evaluate at its own now: `policy.at(now)` and `set.at(now)`
 *   against compiling again, in µs;
 * - filters and policies without `$now`: compile and evaluate, so that a run of this file on the build
 *   before relative time (`--dist DIR`) shows they cost what they did.
 *
 *   npx tsx bench/time.ts [--dist DIR] [--size N] [--rounds R]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { type Component, generateComponents } from '../fixtures/generator.js';
import type * as Lib from '../src/index.js';
import { assertSameCount, type Case, count, interleaved, SEED } from './lib.js';

const root = join(import.meta.dirname, '..');
const SINCE = '2026-05-25T00:00:00.000Z';
/** `SINCE` is seven days before this instant: `{ $now: '-P7D' }` at it is `SINCE`. */
const AS_OF = '2026-06-01T00:00:00.000Z';
const PATH = 'details$.postgres$.lastActiveConnectionTime';

export interface TimeRow {
  readonly name: string;
  readonly value: number;
  readonly unit: 'ns/record' | 'µs/call';
}

type Library = typeof Lib;

async function load(dist: string): Promise<Library> {
  return (await import(pathToFileURL(join(resolve(dist), 'index.js')).href)) as Library;
}

/** Whether the build reads `$now` operands (the build before relative time refuses them). */
function knowsTime(lib: Library): boolean {
  try {
    lib.compileFilter({ a: { $lt: { $now: 'P1D' } } } as never);
    return true;
  } catch {
    return false;
  }
}

const examples = join(root, 'fixtures', 'policies', 'examples');
const examplePolicies = (): unknown[] =>
  readdirSync(examples)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => JSON.parse(readFileSync(join(examples, f), 'utf8')));

const idle = (operand: unknown) => ({
  name: 'idle',
  resource: 'component',
  statusDefinitions: {
    active: { isDefault: true, criticality: 0 },
    idle: {
      criticality: 10,
      rules: [{ conditions: [{ type: 'filter', condition: { filter: { [PATH]: { $lt: operand } } } }] }],
    },
  },
});

export async function benchTime(
  components: readonly Component[],
  rounds: number,
  dist = join(root, 'dist'),
): Promise<TimeRow[]> {
  const lib = await load(dist);
  const rows: TimeRow[] = [];
  const timed = knowsTime(lib);
  const asOf = timed ? { asOf: AS_OF } : {};

  // 1. ns per record: the same question asked three ways, on both compilers.
  const operands: [string, unknown][] = [['literal string', SINCE]];
  if (timed) operands.push(['{ $at }', { $at: SINCE }], ['{ $now: "-P7D" }', { $now: '-P7D' }]);
  const cases: Case[] = [];
  const counts = new Map<string, number>();
  for (const [label, operand] of operands) {
    for (const codegen of [false, true]) {
      const name = `${PATH} $gte ${label}, ${codegen ? 'generated code' : 'closures'}`;
      const p = lib.compileFilter({ [PATH]: { $gte: operand } } as never, { codegen, ...asOf });
      counts.set(name, count(components, p));
      cases.push({ name, fn: () => count(components, p) });
    }
  }
  // Every value of the generator is a canonical ISO string: string order and instants agree.
  assertSameCount('time filters', counts, cases[0]!.name);
  const perCall = await interleaved('time: filters', cases, { rounds });
  for (const c of cases) {
    rows.push({ name: c.name, value: (perCall.get(c.name)! / components.length) * 1e9, unit: 'ns/record' });
  }

  // 2. µs per request: evaluate at the request's now.
  const requests: Case[] = [];
  const plain = lib.compilePolicy(idle(SINCE));
  requests.push({ name: 'compilePolicy, no $now', fn: () => lib.compilePolicy(idle(SINCE)) });
  const set = examplePolicies();
  requests.push({ name: 'compilePolicies (example policies), no $now', fn: () => lib.compilePolicies(set) });
  if (timed) {
    const relative = idle({ $now: '-P7D' });
    const compiled = lib.compilePolicy(relative, asOf);
    let tick = Date.parse(AS_OF);
    requests.push(
      { name: 'compilePolicy, $now', fn: () => lib.compilePolicy(relative, { asOf: ++tick }) },
      { name: 'policy.at(now), $now', fn: () => compiled.at(++tick) },
      { name: 'policy.at(now), no $now', fn: () => plain.at(++tick) },
    );
    const withNow = [...set, relative];
    const compiledSet = lib.compilePolicies(withNow, asOf);
    const plainSet = lib.compilePolicies(set);
    requests.push(
      {
        name: 'compilePolicies (examples + 1 $now policy)',
        fn: () => lib.compilePolicies(withNow, { asOf: ++tick }),
      },
      { name: 'set.at(now) (examples + 1 $now policy)', fn: () => compiledSet.at(++tick) },
      { name: 'set.at(now) (example policies), no $now', fn: () => plainSet.at(++tick) },
    );
  }
  const perRequest = await interleaved('time: per request', requests, { rounds });
  for (const c of requests)
    rows.push({ name: c.name, value: perRequest.get(c.name)! * 1e6, unit: 'µs/call' });

  // 3. A policy without $now over the inventory, as before relative time.
  const evaluate: Case[] = [
    {
      name: 'policy without $now, evaluate',
      fn: () => {
        let n = 0;
        for (let i = 0; i < components.length; i++) if (plain.evaluate(components[i]).status === 'idle') n++;
        return n;
      },
    },
  ];
  const perRun = await interleaved('time: policy without $now', evaluate, { rounds });
  rows.push({
    name: evaluate[0]!.name,
    value: (perRun.get(evaluate[0]!.name)! / components.length) * 1e9,
    unit: 'ns/record',
  });
  return rows;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: {
      dist: { type: 'string', default: join(root, 'dist') },
      size: { type: 'string', default: '100000' },
      rounds: { type: 'string', default: '3' },
    },
  });
  const components = [...generateComponents(Number(values.size), { seed: SEED })];
  const rows = await benchTime(components, Number(values.rounds), values.dist);
  for (const r of rows) console.log(`${r.name}: ${r.value.toFixed(r.value >= 100 ? 0 : 2)} ${r.unit}`);
}
