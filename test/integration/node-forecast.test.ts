import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ForecastSummary, forecastInventory, type Transition } from '../../src/index.js';
import type * as NodeEntry from '../../src/node.js';
import { generateInventory } from '../../src/sample/generator.js';
import { suiteTempDir } from '../support/temp.js';

/** forecastInventoryFile (svc-policy/node, ESM and CommonJS builds): any `jobs` gives what one thread gives. */

type Entry = typeof NodeEntry;
const root = join(import.meta.dirname, '..', '..');
const temp = suiteTempDir('node-forecast');
const examples = join(root, 'fixtures', 'policies', 'examples');
const policies: unknown[] = readdirSync(examples)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(examples, f), 'utf8')));
const AS_OF = '2026-06-01T00:00:00.000Z';
const builds: Record<'esm' | 'cjs', Entry> = {} as never;
let file: string;
const records = [...generateInventory({ components: 3000, certificates: 300 }, { seed: 5 })];

beforeAll(async () => {
  const esm = join(root, 'dist', 'node.js');
  if (!existsSync(esm)) throw new Error('dist/node.js is missing: run `npm run build:dist`');
  builds.esm = (await import(pathToFileURL(esm).href)) as Entry;
  builds.cjs = createRequire(import.meta.url)(join(root, 'dist', 'node.cjs')) as Entry;
  file = join(temp.folder(), 'inventory.ndjson');
  writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
});

const untimed = (s: ForecastSummary) => ({ ...s, durationMs: 0 });

describe('forecastInventoryFile', () => {
  for (const build of ['esm', 'cjs'] as const) {
    it(`${build}: jobs 2 gives the summary and transitions of forecastInventory over the records`, async () => {
      const options = { asOf: AS_OF, horizon: 'P90D', by: 'week' as const };
      const seen: Transition[] = [];
      const expected = await forecastInventory(policies, records, {
        ...options,
        onTransition: (t) => void seen.push(t),
      });
      expect(seen.length).toBeGreaterThan(100);
      for (const jobs of [1, 2]) {
        const got: Transition[] = [];
        const summary = await builds[build].forecastInventoryFile(policies, file, {
          ...options,
          jobs,
          onTransition: (t) => void got.push(t),
        });
        expect(untimed(summary), `jobs ${jobs}`).toEqual(untimed(expected));
        expect(got, `jobs ${jobs}`).toEqual(seen);
      }
    });
  }
});
