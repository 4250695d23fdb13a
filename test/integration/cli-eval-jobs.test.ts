import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { progressLine } from '../../src/cli/progress.js';
import { arbNdjsonInventory } from '../support/ndjson.js';
import { NODE_FLAGS } from '../support/node-flags.js';
import { check, titled } from '../support/property.js';
import { suiteTempDir } from '../support/temp.js';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const examples = join(root, 'fixtures', 'policies', 'examples');
const temp = suiteTempDir('eval-jobs');

/** Runs the built binary (its workers run the same file) with the Node running the tests. */
/** The inventories' reference date: the runs compared count the policies' `$now` from one instant. */
const AS_OF = ['--as-of', '2026-06-01T00:00:00Z'];

function run(args: string[], input?: string | Buffer, env: Record<string, string> = {}) {
  const pinned = args[0] === 'eval' && !args.includes('--as-of') ? [...args, ...AS_OF] : args;
  const r = spawnSync(process.execPath, [...NODE_FLAGS, cli, ...pinned], {
    cwd: root,
    encoding: 'utf8',
    input: input ?? '',
    maxBuffer: 256 * 1024 * 1024,
    // CI set or not: the progress line must come from --progress only.
    env: { ...process.env, CI: '', NODE_DEBUG: '', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** A range as `NODE_DEBUG=svc-policy` reports it once evaluated. */
interface DebugRange {
  readonly start: number;
  readonly end: number;
  readonly records: number;
  readonly lines: number;
  readonly rejected: number;
  readonly thread: number;
}

const DEBUG_LINE = /^SVC-POLICY \d+: /;
const DEBUG_RANGE =
  /: range \d+ of \d+, bytes (\d+)-(\d+): (\d+) records, (\d+) lines, (\d+) rejected, thread (\d+)$/;

/**
 * Runs with `NODE_DEBUG=svc-policy`: the ranges the worker threads evaluated, and standard error
 * without the debug lines (what the same run prints without them).
 */
function runTraced(args: string[]) {
  const r = run(args, undefined, { NODE_DEBUG: 'svc-policy' });
  const lines = r.stderr.split('\n');
  const ranges: DebugRange[] = lines.flatMap((line) => {
    const m = DEBUG_LINE.test(line) ? DEBUG_RANGE.exec(line) : null;
    if (m === null) return [];
    const [start, end, records, lines, rejected, thread] = m.slice(1).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    return [{ start, end, records, lines, rejected, thread }];
  });
  const stderr = lines.filter((line) => !DEBUG_LINE.test(line)).join('\n');
  // How the file was split, and what the workers make of each resource.
  const split = lines.find((line) => DEBUG_LINE.test(line) && / worker threads, /.test(line)) ?? '';
  return { ...r, stderr, ranges, split };
}

/** The ranges cover the file, one after the other, each evaluated by a worker thread (not thread 0). */
function expectWorkersRan(ranges: readonly DebugRange[], file: Buffer | string): void {
  const bytes = typeof file === 'string' ? Buffer.from(file) : file;
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges[0]!.start).toBe(0);
  expect(ranges.at(-1)!.end).toBe(bytes.length);
  for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.start).toBe(ranges[i - 1]!.end);
  for (const r of ranges) expect(r.thread).toBeGreaterThan(0);
  const newlines = bytes.reduce((n, b) => n + (b === 0x0a ? 1 : 0), 0);
  expect(ranges.reduce((n, r) => n + r.lines, 0)).toBe(newlines);
}

/**
 * The output without the two timing fields (wall-clock time and the rate drawn from it) and the run's
 * instant (the clock when it started: each run reads its own).
 */
const untimed = (text: string) =>
  text
    .replace(/"durationMs":[-0-9.e+]+,"resourcesPerSecond":\d+/g, '"durationMs":0,"resourcesPerSecond":0')
    .replace(/"asOf":"[^"]*"/g, '"asOf":""')
    .replace(/in \d+\.\d\d s \([\d,]+ resources\/s\), as of \S+/g, 'in 0 s');

/** `--jobs` is capped at the cores: a run asking for more uses this many, and says so. */
const CORES = availableParallelism();

/** Standard error without the notice of a `--jobs` above the cores, which must be there when it is. */
function withoutJobsNotice(stderr: string, jobs: number): string {
  const notice = `svc-policy eval: notice: --jobs ${jobs} is more than the ${CORES} available core${CORES === 1 ? '' : 's'}; using ${CORES}\n`;
  if (jobs <= CORES) {
    expect(stderr).not.toContain('--jobs');
    return stderr;
  }
  expect(stderr.startsWith(notice), stderr).toBe(true);
  return stderr.slice(notice.length);
}

beforeAll(() => {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npx tsup` (npm test builds it)');
});

const FORMATS: string[][] = [
  ['--format', 'ndjson'],
  ['--format', 'json', '--explain', '--where', '{"technology":{"$eq":"postgres"}}'],
  ['--format', 'table', '--id', 'first', '--kind-field', 'resource'],
  ['--format', 'json', '--resource', 'component'],
  ['--format', 'json', '--id', 'first', '--id', 'a', '--id', 'no-such-id'],
];

describe('svc-policy eval --jobs', () => {
  it(
    titled('gives the output of --jobs 1, byte for byte, on random NDJSON files with malformed lines'),
    () => {
      let n = 0;
      check(
        fc.property(
          arbNdjsonInventory,
          fc.constantFrom(...FORMATS),
          fc.constantFrom('2', '3'),
          (text, format, jobs) => {
            const file = join(temp.folder(), `inventory-${n++}.ndjson`);
            writeFileSync(file, text);
            const args = ['eval', '-p', examples, '-i', file, ...format];
            const one = run([...args, '--jobs', '1']);
            const many = runTraced([...args, '--jobs', jobs]);
            expect(one.stderr).not.toContain('internal error');
            expect(many.code).toBe(one.code);
            expect(untimed(many.stdout)).toBe(untimed(one.stdout));
            expect(withoutJobsNotice(many.stderr, Number(jobs))).toBe(one.stderr);
            // Split and evaluated by worker threads, not read by one thread after all (unless an error
            // stopped the first range: no range is reported then).
            if (CORES > 1 && one.code !== 2) expectWorkersRan(many.ranges, text);
          },
        ),
        // Each run starts three processes and their workers: a few dozen runs, not a thousand.
        { numRuns: process.env.CI ? 40 : 8 },
      );
    },
  );

  it('has the workers compute the summary alone unless a line per resource is printed', () => {
    const file = join(temp.folder(), 'summary-alone.ndjson');
    writeFileSync(
      file,
      `${Array.from({ length: 3000 }, (_, i) =>
        JSON.stringify({
          id: `r${i}`,
          resource: 'component',
          technology: 'postgres',
          version: `${9 + (i % 9)}`,
        }),
      ).join('\n')}\n`,
    );
    const base = ['eval', '-p', examples, '-i', file];
    for (const [extra, alone] of [
      [['--format', 'json'], true],
      [['--format', 'table'], true],
      [['--format', 'ndjson'], false],
      [['--format', 'json', '--id', 'r7'], false],
      [['--format', 'json', '--where', '{"version":{"$eq":"9"}}'], false],
    ] as const) {
      const two = runTraced([...base, ...extra, '--jobs', '2']);
      expect(untimed(two.stdout), extra.join(' ')).toBe(
        untimed(run([...base, ...extra, '--jobs', '1']).stdout),
      );
      // One core: --jobs is capped at 1 and nothing is split.
      if (CORES < 2) continue;
      expect(two.split, extra.join(' ')).toContain(alone ? 'the summary alone' : 'an output per resource');
    }
  });

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
    const three = runTraced(['eval', '-p', examples, '-i', file, '--format', 'ndjson', '--jobs', '3']);
    expect(one.code).toBe(3);
    expect(three.code).toBe(3);
    expect(untimed(three.stdout)).toBe(untimed(one.stdout));
    expect(withoutJobsNotice(three.stderr, 3)).toBe(one.stderr);
    expect(three.stderr).toContain(`${file}:5931: not valid JSON`);
    // Three ranges (or as many as cores), one for each worker thread, holding every record and rejection.
    const threads = Math.min(3, CORES);
    if (threads > 1) {
      expectWorkersRan(three.ranges, readFileSync(file));
      expect(three.ranges).toHaveLength(threads);
      expect(new Set(three.ranges.map((r) => r.thread)).size).toBe(threads);
      expect(three.ranges.reduce((n, r) => n + r.records, 0)).toBe(6000 - 62);
      expect(three.ranges.reduce((n, r) => n + r.rejected, 0)).toBe(62);
    }
    const last = JSON.parse(three.stdout.trim().split('\n').at(-1)!) as {
      summary: { resources: number; rejected: number };
    };
    expect(last.summary.resources).toBe(6000 - 62);
    expect(last.summary.rejected).toBe(62);

    // The ids of --id that matched nothing, gathered from every worker: in the first and last ranges.
    const ids = ['--id', 'r1', '--id', 'missing', '--id', 'r5999', '--id', 'r13'];
    const byOne = run(['eval', '-p', examples, '-i', file, '--format', 'json', ...ids, '--jobs', '1']);
    const byThree = run(['eval', '-p', examples, '-i', file, '--format', 'json', ...ids, '--jobs', '3']);
    expect(untimed(byThree.stdout)).toBe(untimed(byOne.stdout));
    expect(withoutJobsNotice(byThree.stderr, 3)).toBe(byOne.stderr);
    expect(byThree.stderr).toContain('--id matched no resource: "missing", "r13" (');
    const summary = (JSON.parse(byThree.stdout) as { summary: { unmatchedIds: string[] } }).summary;
    expect(summary.unmatchedIds).toEqual(['missing', 'r13']);
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
      const two = runTraced(['eval', '-p', examples, '-i', file, '--format', 'ndjson', '--jobs', '2']);
      expect(two.code).toBe(0);
      expect(untimed(two.stdout)).toBe(untimed(one.stdout));
      expect(two.stdout.split('\n').length).toBe(52);
      expect(two.ranges, name).toEqual([]);
    }
    const piped = run(['eval', '-p', examples, '--format', 'ndjson', '--jobs', '2'], ndjson);
    expect(piped.code).toBe(0);
    expect(piped.stdout.split('\n').length).toBe(52);
  });

  it('reads a byte order mark that starts a range as part of its line, as one job does', () => {
    // Two ranges: the second starts at the line with the mark (not JSON there: only a file may start with one).
    const first = JSON.stringify({ id: 'a', resource: 'component', pad: 'x'.repeat(60) });
    const text = `${first}\n\uFEFF{"id":"bom"}\n${JSON.stringify({ id: 'c', resource: 'component' })}\n`;
    const file = join(temp.folder(), 'bom.ndjson');
    writeFileSync(file, text);
    const args = ['eval', '-p', examples, '-i', file, '--format', 'ndjson'];
    const one = run([...args, '--jobs', '1']);
    const two = runTraced([...args, '--jobs', '2']);
    expect(one.code).toBe(3);
    expect(one.stderr).toContain(`${file}:2: not valid JSON`);
    expect(two.code).toBe(3);
    expect(untimed(two.stdout)).toBe(untimed(one.stdout));
    expect(two.stderr).toBe(one.stderr);
    expectWorkersRan(two.ranges, text);
    expect(two.ranges.map((r) => r.start)).toEqual([0, Buffer.byteLength(first) + 1]);
  });

  it('rejects a bare JSON string line as a malformed line (exit 3), as one job does', () => {
    const lines = Array.from({ length: 3000 }, (_, i) =>
      i === 2500 ? '"a bare string"' : JSON.stringify({ id: `s${i}`, resource: 'component' }),
    );
    const file = join(temp.folder(), 'bare-string.ndjson');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const args = ['eval', '-p', examples, '-i', file, '--format', 'ndjson'];
    const one = run([...args, '--jobs', '1']);
    const two = runTraced([...args, '--jobs', '2']);
    expect(one.code).toBe(3);
    expect(one.stderr).toBe(
      `${file}:2501: not a record: a string (a record is a JSON object)\n` +
        'svc-policy eval: 1 record(s) rejected (not valid JSON, or not a JSON object)\n',
    );
    expect(two.code).toBe(3);
    expect(two.stderr).toBe(one.stderr);
    expect(untimed(two.stdout)).toBe(untimed(one.stdout));
    expect(one.stdout.split('\n')).toHaveLength(3001);
    if (CORES > 1) expectWorkersRan(two.ranges, readFileSync(file));
  });

  it('stops where one job stops on a record without a kind, naming the resource by its index in the whole file', () => {
    const lines = Array.from({ length: 3000 }, (_, i) =>
      JSON.stringify({ id: `s${i}`, ...(i === 2500 ? {} : { resource: 'component' }) }),
    );
    const file = join(temp.folder(), 'no-kind.ndjson');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const args = ['eval', '-p', examples, '-i', file, '--format', 'ndjson'];
    const one = run([...args, '--jobs', '1']);
    const two = runTraced([...args, '--jobs', '2']);
    expect(one.code).toBe(2);
    expect(one.stderr).toMatch(/^svc-policy eval: record 2501 has no kind .*--resource KIND/);
    expect(two.code).toBe(2);
    expect(two.stderr).toBe(one.stderr);
    // The resources before it were written, as with one job.
    expect(two.stdout).toBe(one.stdout);
    expect(two.stdout.split('\n')).toHaveLength(2501);
    for (const r of two.ranges) expect(r.thread).toBeGreaterThan(0);
  });

  it('caps --jobs at the available cores with a notice, and gives the output of --jobs 1', () => {
    const file = join(temp.folder(), 'cap.ndjson');
    const lines = Array.from({ length: 2000 }, (_, i) =>
      JSON.stringify({ id: `c${i}`, resource: 'component' }),
    );
    writeFileSync(file, `${lines.join('\n')}\n`);
    const args = ['eval', '-p', examples, '-i', file, '--format', 'ndjson'];
    const one = run([...args, '--jobs', '1']);
    for (const jobs of [256, 9999, CORES + 1]) {
      const many = runTraced([...args, '--jobs', String(jobs)]);
      expect(many.code).toBe(0);
      expect(untimed(many.stdout)).toBe(untimed(one.stdout));
      expect(withoutJobsNotice(many.stderr, jobs)).toBe(one.stderr);
      // No more worker threads than cores, no more ranges than the capped jobs (never one per line).
      expect(new Set(many.ranges.map((r) => r.thread)).size).toBeLessThanOrEqual(CORES);
      expect(many.ranges.length).toBe(CORES > 1 ? CORES : 0);
    }
  });

  it('splits NDJSON whose first record holds an items array', () => {
    const first = '{"items":[1],"id":"first","resource":"component"}';
    const rest = Array.from({ length: 500 }, (_, i) =>
      JSON.stringify({ id: `i${i}`, resource: 'component' }),
    );
    const text = `${first}\n${rest.join('\n')}\n`;
    const file = join(temp.folder(), 'items-first.ndjson');
    writeFileSync(file, text);
    const args = ['eval', '-p', examples, '-i', file, '--format', 'ndjson'];
    const one = run([...args, '--jobs', '1']);
    const two = runTraced([...args, '--jobs', '2']);
    expect(one.code).toBe(0);
    expect(untimed(two.stdout)).toBe(untimed(one.stdout));
    expect(one.stdout.split('\n')).toHaveLength(503);
    if (CORES > 1) expectWorkersRan(two.ranges, text);
  });

  it('explains the first --explain-limit resources selected, as one job does, and counts the others', () => {
    const lines = Array.from({ length: 400 }, (_, i) =>
      JSON.stringify({ id: `e${i}`, resource: 'component', technology: i % 2 ? 'postgres' : 'redis' }),
    );
    const file = join(temp.folder(), 'explain.ndjson');
    writeFileSync(file, `${lines.join('\n')}\n`);
    for (const [selection, limit, explained] of [
      [['--explain'], null, 100],
      [['--explain'], '3', 3],
      [['--where', '{"technology":{"$eq":"postgres"}}'], '150', 150],
      [['--where', '{"technology":{"$eq":"postgres"}}'], '1000', 200],
    ] as const) {
      for (const format of ['ndjson', 'json', 'table']) {
        const args = ['eval', '-p', examples, '-i', file, '--format', format, ...selection];
        if (limit !== null) args.push('--explain-limit', limit);
        const one = run([...args, '--jobs', '1']);
        const two = runTraced([...args, '--jobs', '2']);
        expect(one.code).toBe(0);
        expect(untimed(two.stdout)).toBe(untimed(one.stdout));
        expect(two.stderr).toBe(one.stderr);
        const selected = selection[0] === '--explain' ? 400 : 200;
        if (selected > explained) {
          expect(one.stderr).toBe(
            `svc-policy eval: notice: explained the first ${explained} resources selected; ${selected - explained} more were not explained (--explain-limit N raises the limit; --id or --where chooses)\n`,
          );
        } else expect(one.stderr).toBe('');
        const count =
          format === 'table'
            ? one.stdout.split('\nrecord ').length - 1 + (one.stdout.startsWith('record ') ? 1 : 0)
            : one.stdout.split('"explanations":').length - 1;
        expect(count, `${format} ${selection.join(' ')} ${limit}`).toBe(explained);
        if (CORES > 1) expectWorkersRan(two.ranges, readFileSync(file));
      }
    }
  });

  it('refuses an --explain-limit that is not a positive integer, or without anything to explain', () => {
    const small = join(root, 'fixtures', 'inventory', 'small.ndjson');
    for (const [args, message] of [
      [['--explain', '--explain-limit', '0'], '--explain-limit must be a positive integer, got "0"'],
      [['--explain', '--explain-limit', 'ten'], '--explain-limit must be a positive integer, got "ten"'],
      [['--explain-limit', '5'], '--explain-limit needs --explain, --id or --where'],
    ] as const) {
      const r = run(['eval', '-p', examples, '-i', small, ...args]);
      expect(r.code, args.join(' ')).toBe(2);
      expect(r.stderr).toContain(`svc-policy eval: ${message}`);
    }
    // A limit with a selection is accepted.
    expect(run(['eval', '-p', examples, '-i', small, '--id', 'x', '--explain-limit', '5']).code).toBe(0);
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

  // A real terminal: util-linux's `script` runs the command on a pseudo-terminal (standard output and
  // error both), and its own standard output is what the terminal showed.
  const hasScript = spawnSync('script', ['--version'], { encoding: 'utf8' }).status === 0;
  const onTerminal = (jobs: string, ci: string) => {
    const quote = (s: string) => `'${s.replaceAll("'", "'\\''")}'`;
    const command = [process.execPath, cli, 'eval', '-p', examples, '-i', big(), '--jobs', jobs]
      .map(quote)
      .join(' ');
    const r = spawnSync('script', ['-qec', command, '/dev/null'], {
      cwd: root,
      encoding: 'utf8',
      input: '',
      env: { ...process.env, CI: ci, NODE_DEBUG: '' },
      timeout: 120_000,
    });
    return { code: r.status, out: r.stdout, err: r.stderr };
  };

  it('is shown on a terminal by default, redrawn in place and erased at the end; not in CI', (ctx) => {
    if (!hasScript) {
      const reason = '`script` (util-linux) is not installed: no pseudo-terminal to run the command on';
      console.warn(`skipped: ${reason}`);
      ctx.skip(reason);
    }
    for (const jobs of ['1', '2']) {
      const shown = onTerminal(jobs, '');
      expect(shown.code, shown.err).toBe(0);
      expect(shown.out).toMatch(PROGRESS);
      // Drawn from the start of the line, the rest of the line cleared, and erased before the table.
      expect(shown.out).toMatch(new RegExp(`\\r${PROGRESS.source}.*\\u001b\\[K`));
      expect(shown.out).toContain('\r\u001b[KCertificate expiry: ');
      const ci = onTerminal(jobs, 'true');
      expect(ci.code, ci.err).toBe(0);
      expect(ci.out).toContain('Certificate expiry: ');
      expect(ci.out).not.toMatch(/records\/s/);
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
