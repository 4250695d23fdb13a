import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInventory } from '../../fixtures/generator.js';
import { NODE_FLAGS } from '../support/node-flags.js';
import { suiteTempDir } from '../support/temp.js';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const examples = join(root, 'fixtures', 'policies', 'examples');
const temp = suiteTempDir('sample');

function run(args: string[], input = '') {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    input,
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build:dist`');
});

const records = (ndjson: string) =>
  ndjson
    .trimEnd()
    .split('\n')
    .map((l) => JSON.parse(l) as Record<string, unknown>);

describe('svc-policy sample', () => {
  it('writes N records of NDJSON, the same for the same seed, other records for another seed', () => {
    const a = run(['sample', '--count', '250', '--seed', '7']);
    expect(a.code).toBe(0);
    expect(a.stderr).toBe('');
    expect(a.stdout.endsWith('\n')).toBe(true);
    expect(records(a.stdout)).toHaveLength(250);
    expect(run(['sample', '-n', '250', '-s', '7']).stdout).toBe(a.stdout);
    expect(run(['sample', '--count', '250', '--seed', '8']).stdout).not.toBe(a.stdout);
    // The default seed is 1; the records are the generator's (mixed: a certificate for every ten).
    const mixed = records(run(['sample', '--count', '110']).stdout);
    expect(mixed).toEqual(
      JSON.parse(JSON.stringify([...generateInventory({ components: 99, certificates: 11 }, { seed: 1 })])),
    );
  });

  it('writes records of one kind with --kind, each naming its kind', () => {
    for (const kind of ['component', 'certificate']) {
      const out = records(run(['sample', '--count', '40', '--kind', kind]).stdout);
      expect(out).toHaveLength(40);
      for (const r of out) expect(r.resource).toBe(kind);
      expect(new Set(out.map((r) => r.id)).size).toBe(40);
    }
    const mixed = records(run(['sample', '--count', '100']).stdout);
    expect(mixed.filter((r) => r.resource === 'certificate')).toHaveLength(10);
    expect(mixed.filter((r) => r.resource === 'component')).toHaveLength(90);
  });

  it('writes an inventory the example policies evaluate: every record read, a spread of statuses', () => {
    const file = join(temp.folder(), 'inventory.ndjson');
    writeFileSync(file, run(['sample', '--count', '3000', '--seed', '3']).stdout);
    const r = run(['eval', '-p', examples, '-i', file, '--format', 'json']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const summary = (
      JSON.parse(r.stdout) as {
        summary: {
          resources: number;
          rejected: number;
          unknownKind: number;
          kinds: Record<string, number>;
          policies: Array<{ policy: string; skipped: string | null; statuses: Array<{ count: number }> }>;
        };
      }
    ).summary;
    expect(summary.resources).toBe(3000);
    expect(summary.rejected).toBe(0);
    expect(summary.unknownKind).toBe(0);
    expect(summary.kinds).toEqual({ certificate: 300, component: 2700 });
    // Every active example policy gives at least two different statuses on the sample.
    for (const p of summary.policies.filter((x) => x.skipped === null)) {
      expect(p.statuses.filter((s) => s.count > 0).length, p.policy).toBeGreaterThanOrEqual(2);
    }
  });

  it('refuses bad options with a usage error (2)', () => {
    for (const args of [
      [],
      ['--count', '0'],
      ['--count', 'ten'],
      ['--count', '100000001'],
      ['--count', '5', '--seed', '-1'],
      ['--count', '5', '--seed', '4294967296'],
      ['--count', '5', '--kind', 'database'],
      ['--count', '5', 'extra'],
      ['--nope'],
    ]) {
      const r = run(['sample', ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
      expect(r.stderr).toMatch(/^svc-policy sample: .*\nrun "svc-policy sample --help" for the usage\n$/);
    }
  });
});
