import { spawnSync } from 'node:child_process';
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ForecastSummary, Transition } from '../../src/index.js';
import { NODE_FLAGS } from '../support/node-flags.js';
import { suiteTempDir } from '../support/temp.js';

/** `svc-policy forecast`: every format, --fail-on and the exit codes, gzip input, --jobs. */

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const temp = suiteTempDir('cli-forecast');

function run(args: string[], input = '') {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    input,
    timeout: 120_000,
    maxBuffer: 256 * 1024 * 1024,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const T0 = '2026-06-01T00:00:00.000Z';
const DAY = 86_400_000;
const t0 = Date.parse(T0);
const iso = (ms: number) => new Date(ms).toISOString();
const EXPIRY = join(root, 'fixtures', 'policies', 'examples', 'certificate-expiry.json');

let ndjson: string;
let gz: string;
let big: string;
let bad: string;
let lines: string[];

beforeAll(() => {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build:dist`');
  const dir = temp.folder();
  // c1 expires in 10 days (already expiring), c2 in 45 (expiring from day 15, expired from day 45),
  // c3 in 200 (nothing within 90 days), c4 has no date (never changes).
  lines = [
    { id: 'c1', resource: 'certificate', type: 'ssl', expirationDate: iso(t0 + 10 * DAY) },
    { id: 'c2', resource: 'certificate', type: 'ssl', expirationDate: iso(t0 + 45 * DAY) },
    { id: 'c3', resource: 'certificate', type: 'ssl', expirationDate: iso(t0 + 200 * DAY) },
    { id: 'c4', resource: 'certificate', type: 'ssl' },
  ].map((r) => JSON.stringify(r));
  ndjson = join(dir, 'certs.ndjson');
  writeFileSync(ndjson, `${lines.join('\n')}\n`);
  gz = join(dir, 'certs.ndjson.gz');
  writeFileSync(gz, gzipSync(`${lines.join('\n')}\n`));
  bad = join(dir, 'bad.ndjson');
  writeFileSync(bad, `${lines[0]}\nnot json\n${lines[1]}\n`);
  big = join(dir, 'many.ndjson');
  writeFileSync(
    big,
    `${Array.from({ length: 5000 }, (_, i) =>
      JSON.stringify({
        id: `m${i}`,
        resource: 'certificate',
        type: 'ssl',
        expirationDate: iso(t0 + (i - 1000) * 2_000_000),
        pad: 'x'.repeat(200),
      }),
    ).join('\n')}\n`,
  );
});

const base = ['forecast', '-p', EXPIRY, '--horizon', 'P90D', '--as-of', T0];
type Report = ForecastSummary & { failOn: { matched: unknown[] }; resources: number };
const summaryOf = (text: string) => (JSON.parse(text) as { summary: Report }).summary;

describe('svc-policy forecast', () => {
  it('json: the series per status, the transitions at their exact instants', () => {
    const r = run([...base, '-i', ndjson, '-f', 'json', '--by', 'month']);
    expect(r.code).toBe(0);
    const s = summaryOf(r.stdout);
    expect(s.steps).toEqual([
      T0,
      '2026-07-01T00:00:00.000Z',
      '2026-08-01T00:00:00.000Z',
      '2026-08-30T00:00:00.000Z',
    ]);
    const p = s.policies[0]!;
    const series = Object.fromEntries(p.statuses.map((x) => [x.status, x.series]));
    // c1 expires on day 10, c2 starts expiring after day 15 and expires after day 45.
    expect(p.first.map((t) => [t.id, t.at, t.from.status, t.to.status])).toEqual([
      ['c1', iso(t0 + 10 * DAY + 1), 'expiring-soon', 'expired'],
      ['c2', iso(t0 + 15 * DAY + 1), 'valid', 'expiring-soon'],
      ['c2', iso(t0 + 45 * DAY + 1), 'expiring-soon', 'expired'],
    ]);
    expect(series.valid).toEqual([3, 2, 2, 2]);
    expect(series['expiring-soon']).toEqual([1, 1, 0, 0]);
    expect(series.expired).toEqual([0, 1, 2, 2]);
  });

  it('ndjson: one transition per line in input order, then the summary', () => {
    const r = run([...base, '-i', ndjson, '-f', 'ndjson']);
    expect(r.code).toBe(0);
    const out = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Transition & { summary: ForecastSummary });
    expect(out.slice(0, -1).map((t) => [t.index, t.id, t.to.status, t.causes[0]!.path])).toEqual([
      [0, 'c1', 'expired', 'expirationDate'],
      [1, 'c2', 'expiring-soon', 'expirationDate'],
      [1, 'c2', 'expired', 'expirationDate'],
    ]);
    expect(out.at(-1)!.summary.policies[0]!.transitions).toBe(3);
  });

  it('table and markdown: a sparkline per status and the first transitions', () => {
    const table = run([...base, '-i', ndjson, '-f', 'table', '--by', 'week']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^ {2}expired +20 +0 +2 +2 +[▁▂▃▄▅▆▇█]{14}$/m);
    expect(table.stdout).toContain(
      `${iso(t0 + 15 * DAY + 1)}  c2: valid → expiring-soon (expirationDate $lt now+P30D`,
    );
    const md = run([...base, '-i', ndjson, '-f', 'markdown']);
    expect(md.code).toBe(0);
    expect(md.stdout).toContain('| status | criticality | at asOf | at end | reached | over time |');
    expect(md.stdout).toMatch(/^\| expired \| 20 \| 0 \| 2 \| 2 \| [▁▂▃▄▅▆▇█]+ \|$/m);
    expect(md.stdout).toContain(`| ${iso(t0 + 45 * DAY + 1)} | c2 | expiring-soon | expired |`);
  });

  it('reads gzipped NDJSON, from a file and from standard input, as the plain file', () => {
    const plain = summaryOf(run([...base, '-i', ndjson, '-f', 'json']).stdout);
    const fromFile = run([...base, '-i', gz, '-f', 'json']);
    expect(fromFile.code).toBe(0);
    const stdin = spawnSync(process.execPath, [...NODE_FLAGS, cli, ...base, '-f', 'json'], {
      cwd: root,
      input: gzipSync(`${lines.join('\n')}\n`),
    });
    expect(stdin.status).toBe(0);
    for (const s of [summaryOf(fromFile.stdout), summaryOf(String(stdin.stdout))]) {
      expect({ ...s, durationMs: 0 }).toEqual({ ...plain, durationMs: 0 });
    }
  });

  it('--fail-on: exit 1 when a record reaches the status within the horizon, 0 when none does', () => {
    const met = run([...base, '-i', ndjson, '-f', 'json', '--fail-on', 'criticality>=20']);
    expect(met.code).toBe(1);
    expect(met.stderr).toContain(
      '--fail-on criticality>=20 met within P90D: Certificate expiry: expired (2)',
    );
    expect(summaryOf(met.stdout).failOn.matched).toEqual([
      {
        policy: 'Certificate expiry',
        status: 'expired',
        criticality: 20,
        reached: 2,
        condition: 'criticality>=20',
      },
    ]);
    // Within 5 days nothing expires yet.
    const short = run([
      'forecast',
      '-p',
      EXPIRY,
      '--horizon',
      'P5D',
      '--as-of',
      T0,
      '-i',
      ndjson,
      '-f',
      'json',
      '--fail-on',
      'expired',
    ]);
    expect(short.code).toBe(0);
  });

  it('exit 2 on usage errors and a bad policy file; exit 3 with skipped lines', () => {
    expect(run(['forecast', '-p', EXPIRY, '-i', ndjson]).code).toBe(2);
    const months = run([...base.slice(0, 3), '--horizon', 'P3M', '-i', ndjson]);
    expect(months.code).toBe(2);
    expect(months.stderr).toContain('months and years have no fixed length');
    expect(run([...base, '-i', ndjson, '--by', 'year']).code).toBe(2);
    expect(run([...base, '-i', ndjson, '--fail-on', 'nope']).code).toBe(2);
    expect(run([...base, '-i', join(temp.folder(), 'missing.ndjson')]).code).toBe(2);
    const skipped = run([...base, '-i', bad, '-f', 'json']);
    expect(skipped.code).toBe(3);
    expect(skipped.stderr).toContain(':2: not valid JSON');
    expect(summaryOf(skipped.stdout).resources).toBe(2);
  });

  it('--jobs 2 gives what one thread gives, byte for byte (durations aside)', () => {
    const clean = (text: string) => text.replace(/"durationMs":[\d.e+-]+/g, '');
    const one = run([...base, '-i', big, '-f', 'ndjson', '--jobs', '1']);
    const two = run([...base, '-i', big, '-f', 'ndjson', '--jobs', '2']);
    expect(one.code).toBe(0);
    expect(two.code).toBe(0);
    expect(clean(two.stdout)).toBe(clean(one.stdout));
    expect(one.stdout.split('\n').length).toBeGreaterThan(1000);
  });

  describe('--waivers', () => {
    const waiverFile = (list: unknown[]) => {
      const file = join(temp.folder(), 'waivers.json');
      writeFileSync(file, JSON.stringify({ waivers: list }));
      return file;
    };
    const waiver = (id: string, cover: object, accepts: object, expires: number) => ({
      id,
      policy: 'Certificate expiry',
      ...cover,
      accepts,
      expires: iso(expires),
      owner: 'platform',
      reason: 'renewed by hand',
    });

    it('an expiry inside the window is a transition at its exact instant; --fail-on skips waived states', () => {
      // W-1 waives c1 (expiring at asOf, expired from day 10) until day 20; W-2 waives c2 only once
      // expired (day 45), until day 60.
      const file = waiverFile([
        waiver('W-1', { ids: ['c1'] }, { maxCriticality: 20 }, t0 + 20 * DAY),
        waiver('W-2', { ids: ['c2'] }, { status: 'expired' }, t0 + 60 * DAY),
      ]);
      const r = run([...base, '-i', ndjson, '-f', 'ndjson', '--waivers', file]);
      expect(r.code).toBe(0);
      const found = r.stdout
        .trim()
        .split('\n')
        .slice(0, -1)
        .map((l) => JSON.parse(l) as Transition)
        .map((t) => [t.id, t.at, t.from.status, t.from.waiver, t.to.status, t.to.waiver, t.waiverExpired]);
      expect(found).toEqual([
        ['c1', iso(t0 + 10 * DAY + 1), 'expiring-soon', 'W-1', 'expired', 'W-1', null],
        ['c1', iso(t0 + 20 * DAY), 'expired', 'W-1', 'expired', null, 'W-1'],
        ['c2', iso(t0 + 15 * DAY + 1), 'valid', null, 'expiring-soon', null, null],
        ['c2', iso(t0 + 45 * DAY + 1), 'expiring-soon', null, 'expired', 'W-2', null],
        ['c2', iso(t0 + 60 * DAY), 'expired', 'W-2', 'expired', null, 'W-2'],
      ]);
      const summary = summaryOf(r.stdout.trim().split('\n').at(-1)!);
      const expired = summary.policies[0]!.statuses.find((s) => s.status === 'expired')!;
      expect([expired.series[0], expired.waived[0], expired.series.at(-1), expired.waived.at(-1)]).toEqual([
        0, 0, 2, 0,
      ]);
      expect([expired.reached, expired.reachedUnwaived]).toEqual([2, 2]);

      // Within 19 days c1 is expired only while waived, c2 not expired yet: the gate passes.
      const short = [...base.slice(0, 3), '--horizon', 'P19D', '--as-of', T0, '-i', ndjson, '-f', 'json'];
      expect(run([...short, '--waivers', file, '--fail-on', 'expired']).code).toBe(0);
      expect(run([...short, '--waivers', file, '--fail-on', 'expired', '--fail-on-waived']).code).toBe(1);
      expect(run([...short, '--fail-on', 'expired']).code).toBe(1);
      // A waiver expired at asOf changes nothing and is reported, as eval reports it.
      const late = [...base.slice(0, 3), '--horizon', 'P19D', '--as-of', iso(t0 + 20 * DAY), '-i', ndjson];
      const after = run([...late, '-f', 'json', '--waivers', file]);
      expect(after.stderr).toContain('waiver(s) "W-1" expired before');
      expect(summaryOf(after.stdout).policies[0]!.first.some((t) => t.from.waiver === 'W-1')).toBe(false);

      const table = run([...base, '-i', ndjson, '-f', 'table', '--waivers', file]);
      expect(table.stdout).toContain(
        `${iso(t0 + 20 * DAY)}  c1: expired (waived W-1) → expired (waiver W-1 expires)`,
      );
      expect(table.stdout).toMatch(/expired +20 +0 +2 +2 .* waived 0 → 0/);
      const md = run([...base, '-i', ndjson, '-f', 'markdown', '--waivers', file]);
      expect(md.stdout).toContain('| expired (waived W-1) | expired | waiver W-1 expires |');
    });

    it('--jobs 2 gives what one thread gives with waivers', () => {
      const file = waiverFile([
        waiver('W-all', { filter: { type: { $eq: 'ssl' } } }, { maxCriticality: 20 }, t0 + 40 * DAY),
      ]);
      const clean = (text: string) => text.replace(/"durationMs":[\d.e+-]+/g, '');
      const one = run([...base, '-i', big, '-f', 'ndjson', '--jobs', '1', '--waivers', file]);
      const two = run([...base, '-i', big, '-f', 'ndjson', '--jobs', '2', '--waivers', file]);
      expect(one.code).toBe(0);
      expect(two.code).toBe(0);
      expect(clean(two.stdout)).toBe(clean(one.stdout));
      expect(one.stdout).toContain('"waiverExpired":"W-all"');
    });
  });
});
