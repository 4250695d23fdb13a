import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { progressLine } from '../../src/cli/eval-command.js';
import { NODE_FLAGS } from '../support/node-flags.js';
import { check, titled } from '../support/property.js';
import { suiteTempDir } from '../support/temp.js';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const examples = join(root, 'fixtures', 'policies', 'examples');
const temp = suiteTempDir('eval-jobs');

/** Runs the built binary (its workers run the same file) with the Node running the tests. */
function run(args: string[], input?: string | Buffer) {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, cli, ...args], {
    cwd: root,
    encoding: 'utf8',
    input: input ?? '',
    maxBuffer: 256 * 1024 * 1024,
    // CI set or not: the progress line must come from --progress only.
    env: { ...process.env, CI: '' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The output without the two timing fields (wall-clock time and the rate drawn from it). */
const untimed = (text: string) =>
  text
    .replace(/"durationMs":[-0-9.e+]+,"resourcesPerSecond":\d+/g, '"durationMs":0,"resourcesPerSecond":0')
    .replace(/in \d+\.\d\d s \([\d,]+ resources\/s\)/g, 'in 0 s');

beforeAll(() => {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npx tsup` (npm test builds it)');
});

/** Lines of an NDJSON inventory: records of both kinds, malformed and blank lines, CRLF endings. */
const arbLine: fc.Arbitrary<string> = fc.oneof(
  {
    weight: 8,
    arbitrary: fc
      .record({
        id: fc.string({ maxLength: 6 }),
        resource: fc.constantFrom('component', 'certificate', undefined, 'other'),
        technology: fc.constantFrom('postgres', 'mysql', 'redis', 'kubernetes', 'kafka'),
        version: fc.constantFrom('9.6', '14', '14.13', '1.27', '1.31', null),
        expirationDate: fc.constantFrom('2026-01-01T00:00:00.000Z', '2027-01-01T00:00:00.000Z'),
        tags: fc.constantFrom({}, { owner: 'x', team: 'data' }, { team: 'é😀' }),
        details: fc.constantFrom({}, { postgres: { lastActiveConnectionTime: '2025-01-01T00:00:00.000Z' } }),
      })
      .map((r) => JSON.stringify(Object.fromEntries(Object.entries(r).filter(([, v]) => v !== undefined)))),
  },
  { weight: 1, arbitrary: fc.constantFrom('{bad json', 'nope', '[1,', '{"a":') },
  { weight: 1, arbitrary: fc.constantFrom('', '   ', '\t') },
);

const arbFile = fc
  .tuple(
    fc.array(fc.tuple(arbLine, fc.constantFrom('\n', '\n', '\r\n')), { minLength: 1, maxLength: 120 }),
    fc.boolean(),
  )
  .map(([lines, trailing]) => {
    // The first line is a record, so that the input reads as NDJSON (not one document over lines).
    const text = [
      '{"id":"first","resource":"component","technology":"postgres"}\n',
      ...lines.map(([l, e]) => l + e),
    ].join('');
    return trailing ? text : text.replace(/\r?\n$/, '');
  });

const FORMATS: string[][] = [
  ['--format', 'ndjson'],
  ['--format', 'json', '--explain', '--where', '{"technology":{"$eq":"postgres"}}'],
  ['--format', 'table', '--id', 'first', '--kind-field', 'resource'],
  ['--format', 'json', '--resource', 'component'],
];

describe('svc-policy eval --jobs', () => {
  it(
    titled('gives the output of --jobs 1, byte for byte, on random NDJSON files with malformed lines'),
    () => {
      let n = 0;
      check(
        fc.property(arbFile, fc.constantFrom(...FORMATS), fc.constantFrom('2', '3'), (text, format, jobs) => {
          const file = join(temp.folder(), `inventory-${n++}.ndjson`);
          writeFileSync(file, text);
          const args = ['eval', '-p', examples, '-i', file, ...format];
          const one = run([...args, '--jobs', '1']);
          const many = run([...args, '--jobs', jobs]);
          expect(one.stderr).not.toContain('internal error');
          expect(many.code).toBe(one.code);
          expect(untimed(many.stdout)).toBe(untimed(one.stdout));
          expect(many.stderr).toBe(one.stderr);
        }),
        // Each run starts three processes and their workers: a few dozen runs, not a thousand.
        { numRuns: process.env.CI ? 40 : 8 },
      );
    },
  );

  it('splits a larger file into ranges and still numbers every line and record as one job does', () => {
    const lines: string[] = [];
    for (let i = 0; i < 6000; i++) {
      lines.push(
        i % 97 === 13
          ? '{not json'
          : JSON.stringify({
              id: `r${i}`,
              resource: i % 10 === 0 ? 'certificate' : 'component',
              technology: ['postgres', 'redis', 'kubernetes'][i % 3],
              version: i % 2 ? '14' : '9.6',
              expirationDate: '2026-01-01T00:00:00.000Z',
            }),
      );
    }
    const file = join(temp.folder(), 'large.ndjson');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const one = run(['eval', '-p', examples, '-i', file, '--format', 'ndjson', '--jobs', '1']);
    const three = run(['eval', '-p', examples, '-i', file, '--format', 'ndjson', '--jobs', '3']);
    expect(one.code).toBe(3);
    expect(three.code).toBe(3);
    expect(untimed(three.stdout)).toBe(untimed(one.stdout));
    expect(three.stderr).toBe(one.stderr);
    expect(three.stderr).toContain(`${file}:5931: not valid JSON`);
    const last = JSON.parse(three.stdout.trim().split('\n').at(-1)!) as {
      summary: { resources: number; rejected: number };
    };
    expect(last.summary.resources).toBe(6000 - 62);
    expect(last.summary.rejected).toBe(62);
  });

  it('reads gzip, JSON arrays, envelopes and standard input with one thread, with the same output', () => {
    const records = Array.from({ length: 50 }, (_, i) => ({
      id: `x${i}`,
      resource: 'component',
      technology: 'postgres',
      version: '9.6',
    }));
    const ndjson = records.map((r) => JSON.stringify(r)).join('\n');
    const inputs: Array<[string, string | Buffer]> = [
      ['gz.ndjson', gzipSync(ndjson)],
      ['array.json', JSON.stringify(records)],
      ['envelope.json', JSON.stringify({ items: records })],
      ['pretty.json', JSON.stringify({ items: records }, null, 2)],
    ];
    for (const [name, content] of inputs) {
      const file = join(temp.folder(), name);
      writeFileSync(file, content);
      const one = run(['eval', '-p', examples, '-i', file, '--format', 'ndjson', '--jobs', '1']);
      const two = run(['eval', '-p', examples, '-i', file, '--format', 'ndjson', '--jobs', '2']);
      expect(two.code).toBe(0);
      expect(untimed(two.stdout)).toBe(untimed(one.stdout));
      expect(two.stdout.split('\n').length).toBe(52);
    }
    const piped = run(['eval', '-p', examples, '--format', 'ndjson', '--jobs', '2'], ndjson);
    expect(piped.code).toBe(0);
    expect(piped.stdout.split('\n').length).toBe(52);
  });

  it('rejects a --jobs that is not a positive integer', () => {
    for (const bad of ['0', '-1', 'two', '1.5']) {
      // `--jobs=-1`: a separate `-1` would be read as an option.
      const r = run([
        'eval',
        '-p',
        examples,
        '-i',
        join(root, 'fixtures', 'inventory', 'small.ndjson'),
        `--jobs=${bad}`,
      ]);
      expect(r.code).toBe(2);
      expect(r.stderr).toContain('--jobs must be a positive integer');
    }
  });
});

describe('svc-policy eval progress line', () => {
  const big = () => {
    const file = join(temp.folder(), 'progress.ndjson');
    if (!existsSync(file)) {
      const line = (i: number) =>
        JSON.stringify({ id: `p${i}`, resource: 'component', technology: 'redis', pad: 'x'.repeat(200) });
      writeFileSync(file, `${Array.from({ length: 3000 }, (_, i) => line(i)).join('\n')}\n`);
    }
    return file;
  };
  const PROGRESS = /[\d,]+ records, [\d,]+ records\/s, [\d.]+ kB of [\d.]+ kB \(\d+%\)/;

  it('--progress forces it on standard error (records, records/s, bytes of the total, ETA)', () => {
    for (const jobs of ['1', '2']) {
      const r = run(['eval', '-p', examples, '-i', big(), '--progress', '--jobs', jobs]);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(PROGRESS);
      // Standard output is untouched.
      expect(r.stdout).not.toMatch(PROGRESS);
      JSON.parse(r.stdout);
    }
  });

  it('is off in a pipe, and with --no-progress', () => {
    expect(run(['eval', '-p', examples, '-i', big()]).stderr).toBe('');
    expect(run(['eval', '-p', examples, '-i', big(), '--no-progress']).stderr).toBe('');
    const both = run(['eval', '-p', examples, '-i', big(), '--progress', '--no-progress']);
    expect(both.code).toBe(2);
  });

  it('formats the figures and the time left', () => {
    expect(progressLine(1500, 250_000, 1_000_000, 2000)).toBe(
      '1,500 records, 750 records/s, 250 kB of 1.0 MB (25%), ETA 6 s',
    );
    expect(progressLine(10, 5000, null, 1000)).toBe('10 records, 10 records/s, 5.0 kB read');
    expect(progressLine(3, 100, 100, 1000)).toBe('3 records, 3 records/s, 100 B of 100 B (100%)');
    expect(progressLine(1, 1, 7_200_000, 1000)).toMatch(/ETA 1999 h 59 min$/);
  });
});

describe('the committed inventory reads the same with any number of jobs', () => {
  it('fixtures/inventory/small.ndjson', () => {
    const file = join(root, 'fixtures', 'inventory', 'small.ndjson');
    expect(readFileSync(file, 'utf8').length).toBeGreaterThan(0);
    const one = run(['eval', '-p', examples, '-i', file, '--format', 'ndjson', '--jobs', '1']);
    const two = run(['eval', '-p', examples, '-i', file, '--format', 'ndjson', '--jobs', '2']);
    expect(untimed(two.stdout)).toBe(untimed(one.stdout));
    expect(two.code).toBe(one.code);
  });
});
