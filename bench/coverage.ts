/**
 * Coverage on and off, on the built package (dist/, as users run it): `evaluateInventory` over the
 * seeded components with the example policies, without the `coverage` option and with it, in ns per
 * record. With `--base DIR` (a build of the commit before coverage), the same run without coverage on
 * that build too: coverage off must cost what the evaluation cost before it existed.
 *
 *   npx tsx bench/coverage.ts [--base DIR] [--size N] [--rounds R]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { generateComponents } from '../fixtures/generator.js';
import type * as Lib from '../src/index.js';
import { median, SEED, table, writeReadmeSection } from './lib.js';

const root = join(import.meta.dirname, '..');
const AS_OF = '2026-06-01T00:00:00.000Z';
const examples = join(root, 'fixtures', 'policies', 'examples');

type Library = typeof Lib;

async function load(dist: string): Promise<Library> {
  return (await import(pathToFileURL(join(resolve(dist), 'index.js')).href)) as Library;
}

const { values } = parseArgs({
  options: {
    base: { type: 'string' },
    size: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '7' },
    'no-readme': { type: 'boolean' },
  },
});
const size = Number(values.size);
const rounds = Number(values.rounds);

const policies = readdirSync(examples)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(examples, f), 'utf8')) as unknown)
  // Every policy evaluated: the inactive example would be skipped, measuring nothing.
  .map((p) => ({ ...(p as object), isActive: true }));
// The generator's components name no kind: given as components, the certificate policy is skipped.
const records = [...generateComponents(size, { seed: SEED })];

interface Contender {
  readonly name: string;
  readonly run: () => Promise<unknown>;
}

const current = await load(join(root, 'dist'));
const contenders: Contender[] = [
  {
    name: 'coverage off',
    run: () => current.evaluateInventory(policies, records, { asOf: AS_OF, resource: 'component' }),
  },
  {
    name: 'coverage on',
    run: () =>
      current.evaluateInventory(policies, records, { asOf: AS_OF, resource: 'component', coverage: true }),
  },
];
if (values.base !== undefined) {
  const base = await load(values.base);
  contenders.unshift({
    name: 'before coverage (base build)',
    run: () => base.evaluateInventory(policies, records, { asOf: AS_OF, resource: 'component' }),
  });
}

// The contenders agree: the same summary counts with and without coverage.
const counts = await Promise.all(
  contenders.map(async (c) => JSON.stringify(((await c.run()) as Lib.InventorySummary).policies)),
);
if (new Set(counts).size !== 1) throw new Error('the contenders disagree on the summary counts');

// Rounds interleaved, each contender's order rotated: the machine's load drifts between rounds.
const samples = new Map<string, number[]>(contenders.map((c) => [c.name, []]));
for (let round = 0; round < rounds; round++) {
  for (let i = 0; i < contenders.length; i++) {
    const c = contenders[(i + round) % contenders.length]!;
    const started = performance.now();
    await c.run();
    samples.get(c.name)!.push(((performance.now() - started) * 1e6) / size);
  }
}
const off = median(samples.get('coverage off')!);
const rows = contenders.map((c) => {
  const ns = median(samples.get(c.name)!);
  return [c.name, `${Math.round(ns)} ns/record`, `${(ns / off).toFixed(2)}×`];
});
const markdown = table(['case', 'evaluateInventory', 'against coverage off'], rows);
console.log(markdown);
if (values['no-readme'] !== true) writeReadmeSection('coverage', markdown);
