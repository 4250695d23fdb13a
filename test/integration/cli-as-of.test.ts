import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../support/node-flags.js';
import { suiteTempDir } from '../support/temp.js';

/** `--as-of` on eval, test and diff: one instant per command, named in the output. */

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const temp = suiteTempDir('cli-as-of');

function run(args: string[]) {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    input: '',
    timeout: 120_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const T0 = '2026-06-01T00:00:00.000Z';
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();
const t0 = Date.parse(T0);

const expiry = (within: string) => ({
  name: 'expiry',
  resource: 'certificate',
  statusDefinitions: {
    ok: { isDefault: true, criticality: 0 },
    expiring: {
      criticality: 10,
      rules: [
        {
          conditions: [
            { type: 'filter', condition: { filter: { expirationDate: { $lt: { $now: within } } } } },
          ],
        },
      ],
    },
  },
});

let policy: string;
let wider: string;
let inventory: string;
let big: string;

beforeAll(() => {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build:dist`');
  const dir = temp.folder();
  policy = join(dir, 'expiry.json');
  writeFileSync(policy, JSON.stringify(expiry('P30D')));
  wider = join(dir, 'expiry-wider.json');
  writeFileSync(wider, JSON.stringify(expiry('P60D')));
  // Certificates expiring 10, 20, … 90 days after T0.
  inventory = join(dir, 'certificates.ndjson');
  writeFileSync(
    inventory,
    Array.from({ length: 9 }, (_, i) =>
      JSON.stringify({
        id: `c${i + 1}`,
        resource: 'certificate',
        expirationDate: iso(t0 + (i + 1) * 10 * DAY),
      }),
    ).join('\n'),
  );
  // A file for --jobs: expirations a second apart.
  big = join(dir, 'many.ndjson');
  writeFileSync(
    big,
    Array.from({ length: 20_000 }, (_, i) =>
      JSON.stringify({
        id: `m${i}`,
        resource: 'certificate',
        expirationDate: iso(t0 + 30 * DAY + (i - 10_000) * 1000),
      }),
    ).join('\n'),
  );
});

const summaryOf = (stdout: string) =>
  (
    JSON.parse(stdout) as {
      summary: { asOf: string; policies: { statuses: { status: string; count: number }[] }[] };
    }
  ).summary;
const countsOf = (stdout: string) =>
  Object.fromEntries(summaryOf(stdout).policies[0]!.statuses.map((s) => [s.status, s.count]));

describe('svc-policy eval --as-of', () => {
  it('evaluates every record at the instant given, and the summary says which', () => {
    const at0 = run(['eval', '-p', policy, '-i', inventory, '-f', 'json', '--as-of', T0]);
    expect(at0.code).toBe(0);
    expect(summaryOf(at0.stdout).asOf).toBe(T0);
    expect(countsOf(at0.stdout)).toEqual({ ok: 7, expiring: 2 });
    const later = run([
      'eval',
      '-p',
      policy,
      '-i',
      inventory,
      '-f',
      'json',
      '--as-of',
      '2026-07-01T02:00:00+02:00',
    ]);
    expect(summaryOf(later.stdout).asOf).toBe('2026-07-01T00:00:00.000Z');
    expect(countsOf(later.stdout)).toEqual({ ok: 4, expiring: 5 });
    const table = run(['eval', '-p', policy, '-i', inventory, '-f', 'table', '--as-of', T0]);
    expect(table.stdout).toContain(`as of ${T0}`);
  });

  it('defaults to the clock, read once, and names it', () => {
    const before = Date.now();
    const r = run(['eval', '-p', policy, '-i', inventory, '-f', 'json']);
    expect(r.code).toBe(0);
    const asOf = Date.parse(summaryOf(r.stdout).asOf);
    expect(asOf).toBeGreaterThanOrEqual(before);
    expect(asOf).toBeLessThanOrEqual(Date.now());
  });

  it('refuses a value that is not an RFC 3339 timestamp: a usage error, exit 2', () => {
    for (const bad of ['2026-06-01', 'now', '1780272000000', '2026-02-30T00:00:00Z', '']) {
      const r = run(['eval', '-p', policy, '-i', inventory, '--as-of', bad]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--as-of expects an RFC 3339 timestamp');
      expect(r.stdout).toBe('');
    }
  });

  it('explains what each $now operand stood for', () => {
    const r = run(['eval', '-p', policy, '-i', inventory, '-f', 'table', '--as-of', T0, '--id', 'c5']);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      `expirationDate $lt now+P30D = ${iso(t0 + 30 * DAY)}: found "${iso(t0 + 50 * DAY)}"`,
    );
    const json = run(['eval', '-p', policy, '-i', inventory, '-f', 'ndjson', '--as-of', T0, '--id', 'c5']);
    const line = json.stdout.split('\n').find((l) => l.includes('"explanations"'))!;
    expect(JSON.parse(line).explanations[0].asOf).toBe(T0);
  });

  it('selects with a --where holding $now at the run’s instant', () => {
    const where = JSON.stringify({ expirationDate: { $lt: { $now: 'P30D' } } });
    for (const jobs of ['1', '2']) {
      const r = run([
        'eval',
        '-p',
        policy,
        '-i',
        inventory,
        '-f',
        'ndjson',
        '--as-of',
        T0,
        '--where',
        where,
        '--jobs',
        jobs,
      ]);
      expect(r.code).toBe(0);
      const explained = r.stdout
        .split('\n')
        .filter((l) => l.includes('"explanations"'))
        .map((l) => JSON.parse(l).id);
      expect(explained).toEqual(['c1', 'c2']);
    }
  });

  it('gives with --jobs 2 what one thread gives, at the one instant of the run', () => {
    const one = run(['eval', '-p', policy, '-i', big, '-f', 'json', '--jobs', '1', '--as-of', T0]);
    const two = run(['eval', '-p', policy, '-i', big, '-f', 'json', '--jobs', '2', '--as-of', T0]);
    const untimed = (s: string) => s.replace(/"durationMs":[-0-9.e+]+,"resourcesPerSecond":\d+/, '');
    expect(two.code).toBe(0);
    expect(untimed(two.stdout)).toBe(untimed(one.stdout));
    expect(countsOf(one.stdout)).toEqual({ ok: 10_000, expiring: 10_000 });
    // Unpinned: the workers use the instant the command read, which one thread then agrees with.
    const free = run(['eval', '-p', policy, '-i', big, '-f', 'json', '--jobs', '2']);
    const asOf = summaryOf(free.stdout).asOf;
    const pinned = run(['eval', '-p', policy, '-i', big, '-f', 'json', '--jobs', '1', '--as-of', asOf]);
    expect(untimed(free.stdout)).toBe(untimed(pinned.stdout));
  });
});

describe('svc-policy test --as-of', () => {
  const testFile = (tests: unknown[]) => {
    const dir = temp.subfolder('tests-');
    writeFileSync(join(dir, 'expiry.json'), JSON.stringify(expiry('P30D')));
    const file = join(dir, 'expiry.test.json');
    writeFileSync(file, JSON.stringify({ tests }));
    return file;
  };
  const c = (days: number) => ({ expirationDate: iso(t0 + days * DAY) });

  it('runs each test at its own asOf, else at --as-of', () => {
    const file = testFile([
      { name: 'fine at T0', asOf: T0, resource: c(40), status: 'ok' },
      { name: 'expiring 20 days later', asOf: iso(t0 + 20 * DAY), resource: c(40), status: 'expiring' },
      { name: 'at the run’s instant', resource: c(40), status: 'expiring' },
    ]);
    const later = run(['test', '--as-of', iso(t0 + 15 * DAY), '-f', 'json', file]);
    expect(later.code).toBe(0);
    const report = JSON.parse(later.stdout) as { tests: { name: string; asOf: string }[] };
    expect(report.tests.map((t) => t.asOf)).toEqual([T0, iso(t0 + 20 * DAY), iso(t0 + 15 * DAY)]);
    const early = run(['test', '--as-of', T0, file]);
    expect(early.code).toBe(1);
    expect(early.stdout).toContain('at the run’s instant');
  });

  it('refuses a bad asOf: the test is an error, a bad --as-of a usage error', () => {
    const file = testFile([
      { name: 'bad', asOf: 'yesterday', resource: c(40), status: 'ok' },
      { name: 'good', asOf: T0, resource: c(40), status: 'ok' },
    ]);
    const r = run(['test', file]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('/tests/0/asOf: must be an RFC 3339 timestamp');
    const usage = run(['test', '--as-of', 'soon', file]);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toContain('--as-of expects an RFC 3339 timestamp');
  });
});

describe('svc-policy diff --as-of', () => {
  it('evaluates both versions at the one instant given, and says which', () => {
    const r = run(['diff', '-b', policy, '-a', wider, '-i', inventory, '-f', 'json', '--as-of', T0]);
    expect(r.code).toBe(0);
    const diff = (JSON.parse(r.stdout) as { policies: { diff: { asOf: string; changed: number } }[] })
      .policies[0]!.diff;
    expect(diff.asOf).toBe(T0);
    // Expiring within 60 days of T0 rather than 30: the certificates of days 30, 40 and 50.
    expect(diff.changed).toBe(3);
    const same = run(['diff', '-b', policy, '-a', policy, '-i', inventory, '-f', 'json']);
    expect(
      (JSON.parse(same.stdout) as { policies: { diff: { changed: number } }[] }).policies[0]!.diff.changed,
    ).toBe(0);
    const bad = run(['diff', '-b', policy, '-a', wider, '-i', inventory, '--as-of', 'x']);
    expect(bad.code).toBe(2);
  });
});
