import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { arbNdjsonInventory } from '../support/ndjson.js';
import { NODE_FLAGS } from '../support/node-flags.js';
import { check, titled } from '../support/property.js';
import { suiteTempDir } from '../support/temp.js';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const examples = join(root, 'fixtures', 'policies', 'examples');
const temp = suiteTempDir('eval-selective');

/** Runs the built CLI with SVC_POLICY_READER `full` (every record parsed whole) or `selective`, or `reader`. */
/** The compared runs count the example policies' `$now` from one instant (each run reads its own clock). */
const AS_OF = ['--as-of', '2026-06-01T00:00:00Z'];

/** The environment of a run: SVC_POLICY_READER set to `reader`, or not set. */
function environment(reader: string | undefined): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, CI: '', NODE_DEBUG: 'svc-policy' };
  if (reader === undefined) delete env.SVC_POLICY_READER;
  else env.SVC_POLICY_READER = reader;
  return env;
}

function run(
  args: string[],
  full: boolean | undefined,
  reader = full ? 'full' : 'selective',
  flags: string[] = [],
) {
  const node = [...NODE_FLAGS, ...flags];
  const r = spawnSync(process.execPath, [...node, cli, ...args, ...(args[0] === 'eval' ? AS_OF : [])], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
    env: environment(reader),
  });
  const lines = r.stderr.split('\n');
  const debug = /^SVC-POLICY \d+: /;
  return {
    code: r.status,
    stdout: r.stdout,
    stderr: lines.filter((l) => !debug.test(l)).join('\n'),
    reader: lines.filter((l) => debug.test(l) && / (selective reader|full parse)/.test(l)).join('\n'),
  };
}

const untimed = (text: string) =>
  text
    .replace(/"durationMs":[-0-9.e+]+,"resourcesPerSecond":\d+/g, '"durationMs":0,"resourcesPerSecond":0')
    .replace(/in \d+\.\d\d s \([\d,]+ resources\/s\)/g, 'in 0 s');

beforeAll(() => {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build:dist`');
  // Waivers of each example policy by a field none of them reads (a tag) and by ids.
  const waiversFile = join(temp.folder(), 'waivers.json');
  writeFileSync(
    waiversFile,
    JSON.stringify({
      waivers: readdirSync(examples)
        .filter((f) => f.endsWith('.json'))
        .flatMap((f, i) => {
          const policy = (JSON.parse(readFileSync(join(examples, f), 'utf8')) as { name: string }).name;
          const common = {
            policy,
            accepts: { maxCriticality: 100 },
            expires: '2026-12-01T00:00:00Z',
            owner: 'o',
          };
          return [
            { id: `W-team-${i}`, filter: { 'tags$.team': { $eq: 'data' } }, reason: 'by tag', ...common },
            { id: `W-ids-${i}`, ids: ['first', 'a'], reason: 'by id', ...common },
          ];
        }),
    }),
  );
  FORMATS.push(['--format', 'json', '--waivers', waiversFile, '--as-of', '2026-06-01T00:00:00Z']);
});

/** Formats read selectively (no explanation), and one that needs whole records. */
const FORMATS: string[][] = [
  ['--format', 'ndjson'],
  ['--format', 'sarif'],
  ['--format', 'json', '--resource', 'component'],
  ['--format', 'table', '--kind-field', 'resource'],
  ['--format', 'json', '--kind-field', 'technology'],
  ['--format', 'json', '--explain', '--where', '{"technology":{"$eq":"postgres"}}'],
];

describe('svc-policy eval, the selective NDJSON reader', () => {
  it(titled('gives the output of the full parse, byte for byte, with --jobs 1 and 2'), () => {
    let n = 0;
    check(
      fc.property(
        arbNdjsonInventory,
        fc.constantFrom(...FORMATS),
        fc.constantFrom('1', '2'),
        (text, format, jobs) => {
          const file = join(temp.folder(), `inventory-${n++}.ndjson`);
          writeFileSync(file, text);
          const args = ['eval', '-p', examples, '-i', file, '--jobs', jobs, ...format];
          const full = run(args, true);
          const selective = run(args, false);
          expect(full.stderr).not.toContain('internal error');
          expect(selective.code).toBe(full.code);
          expect(untimed(selective.stdout)).toBe(untimed(full.stdout));
          expect(selective.stderr).toBe(full.stderr);
          // The reader each run chose: the selective one unless an explanation needs whole records.
          expect(full.reader).toContain('full parse');
          if (!format.includes('--explain')) expect(selective.reader).toContain('selective reader');
          else expect(selective.reader).toContain('full parse');
        },
      ),
      // Each run starts two processes (and their workers): a few dozen runs, not a thousand.
      { numRuns: process.env.CI ? 40 : 8 },
    );
  });

  it('decodes `id` only for the formats that print a line per resource, with --jobs 1 and 2', () => {
    const file = join(temp.folder(), 'ids.ndjson');
    writeFileSync(
      file,
      `${['{"id":"a","resource":"component","technology":"postgres","version":"11"}', '{"id":"b","resource":"certificate"}', '{"resource":"component","id":7}'].join('\n')}\n`,
    );
    const paths = (format: string, jobs: string) => {
      const args = ['eval', '-p', examples, '-i', file, '--jobs', jobs, '--format', format];
      const r = run(args, false);
      expect(untimed(r.stdout)).toBe(untimed(run(args, true).stdout));
      return Number(/selective reader, (\d+) paths/.exec(r.reader)?.[1]);
    };
    for (const jobs of ['1', '2']) {
      const json = paths('json', jobs);
      expect(paths('table', jobs)).toBe(json);
      expect(paths('ndjson', jobs)).toBe(json + 1);
      expect(paths('sarif', jobs)).toBe(json + 1);
    }
  });

  it('gives the same output without WebAssembly (node --jitless: the scanner in JavaScript alone)', () => {
    // A few chunks of the generator's records: lines cut between chunks, read by both scanners.
    const file = join(temp.folder(), 'sample.ndjson');
    const sample = run(['sample', '--count', '4000', '--seed', '5'], undefined);
    expect(sample.code).toBe(0);
    writeFileSync(file, sample.stdout);
    for (const jobs of ['1', '2']) {
      for (const format of [
        ['--format', 'json'],
        ['--format', 'ndjson'],
      ]) {
        const args = ['eval', '-p', examples, '-i', file, '--jobs', jobs, ...format];
        const full = run(args, true);
        const jitless = run(args, false, 'selective', ['--jitless']);
        expect(jitless.reader).toContain('selective reader');
        expect(jitless.code).toBe(full.code);
        expect(untimed(jitless.stdout)).toBe(untimed(full.stdout));
        expect(untimed(run(args, false).stdout)).toBe(untimed(full.stdout));
      }
    }
  });

  it('reads selectively by default (SVC_POLICY_READER unset or empty), and refuses an unknown reader', () => {
    const file = join(temp.folder(), 'default-reader.ndjson');
    writeFileSync(file, '{"id":"a","resource":"component","technology":"postgres","version":"11"}\n');
    const args = ['eval', '-p', examples, '-i', file, '--format', 'json'];
    const full = run(args, true);
    for (const reader of ['', undefined]) {
      const r = run(args, undefined, reader as string);
      expect(r.reader).toContain('selective reader');
      expect(untimed(r.stdout)).toBe(untimed(full.stdout));
    }
    const bad = run(args, undefined, 'fast');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('SVC_POLICY_READER must be "selective" or "full", got "fast"');
  });
});
