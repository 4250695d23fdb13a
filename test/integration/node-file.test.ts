import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import type { InventorySummary, Rejection, ResourceResults } from '../../src/index.js';
import type * as NodeEntry from '../../src/node.js';
import type { FileRange, InventoryFileOptions } from '../../src/node.js';
import { arbNdjsonInventory } from '../support/ndjson.js';
import { checkAsync, titled } from '../support/property.js';
import { suiteTempDir } from '../support/temp.js';

/**
 * `evaluateInventoryFile` (svc-policy/node) as the package ships it: the built ESM and CommonJS files,
 * whose worker threads run those very files (the sources cannot be started as a worker).
 */

const root = join(import.meta.dirname, '..', '..');
const temp = suiteTempDir('node-file');
const examples = join(root, 'fixtures', 'policies', 'examples');
const policies: unknown[] = readdirSync(examples)
  .filter((f) => f.endsWith('.json'))
  .sort()
  .map((f) => JSON.parse(readFileSync(join(examples, f), 'utf8')));
// An inactive policy is reported as skipped whatever the number of jobs.
policies.push({ ...(policies[0] as object), name: 'inactive', isActive: false });

/**
 * Waivers of every example policy covering by fields none of them reads (a tag, ids), at a pinned
 * asOf: the selective reader must decode those fields too.
 */
const WAIVED = {
  asOf: '2026-06-01T00:00:00Z',
  waivers: policies.flatMap((p, i) => [
    {
      id: `W-team-${i}`,
      policy: (p as { name: string }).name,
      filter: { 'tags$.team': { $eq: 'data' } },
      accepts: { maxCriticality: 100 },
      expires: '2026-12-01T00:00:00Z',
      owner: 'data',
      reason: 'by tag',
    },
    {
      id: `W-ids-${i}`,
      policy: (p as { name: string }).name,
      ids: ['first', 'r1', 'r2', 'a'],
      accepts: { maxCriticality: 100 },
      expires: '2026-12-01T00:00:00Z',
      owner: 'data',
      reason: 'by id',
    },
  ]),
};

/** Worker threads are capped at the cores: a run asking for more uses this many. */
const CORES = availableParallelism();

type Entry = typeof NodeEntry;
const builds: Record<'esm' | 'cjs', Entry> = {} as never;

beforeAll(async () => {
  const esm = join(root, 'dist', 'node.js');
  if (!existsSync(esm)) throw new Error('dist/node.js is missing: run `npm run build:dist`');
  builds.esm = (await import(pathToFileURL(esm).href)) as Entry;
  builds.cjs = createRequire(import.meta.url)(join(root, 'dist', 'node.cjs')) as Entry;
});

/** The summary without the two timing fields and the run's instant (each run reads the clock). */
const untimed = (s: InventorySummary) => ({ ...s, asOf: '', durationMs: 0, resourcesPerSecond: 0 });

/** Everything a run gives: the summary, the callbacks in the order they were called, the ranges. */
interface Observed {
  readonly summary: ReturnType<typeof untimed> | null;
  readonly error: { name: string; code: unknown; message: string; line: unknown; index: unknown } | null;
  /** `onResult` and `onReject` calls, interleaved as they came. */
  readonly calls: Array<['result', ResourceResults] | ['reject', Rejection]>;
  readonly ranges: FileRange[];
}

async function observe(
  build: 'esm' | 'cjs',
  file: string,
  options: InventoryFileOptions & { readonly results?: boolean; readonly rejects?: boolean },
): Promise<Observed> {
  const calls: Observed['calls'] = [];
  const ranges: FileRange[] = [];
  const { results = true, rejects = true, ...rest } = options;
  try {
    const summary = await builds[build].evaluateInventoryFile(policies, file, {
      ...rest,
      ...(results ? { onResult: (e: ResourceResults) => void calls.push(['result', e]) } : {}),
      ...(rejects ? { onReject: (r: Rejection) => void calls.push(['reject', r]) } : {}),
      onRange: (r) => ranges.push(r),
    });
    return { summary: untimed(summary), error: null, calls, ranges };
  } catch (e) {
    const { name, code, message, line, index } = e as Record<string, unknown>;
    return {
      summary: null,
      error: { name: String(name), code, message: String(message), line, index },
      calls,
      ranges,
    };
  }
}

/** The ranges cover the file, one after the other, each evaluated by a worker thread (not thread 0). */
function expectWorkersRan(ranges: readonly FileRange[], bytes: Buffer): void {
  expect(ranges.length).toBeGreaterThan(0);
  expect(ranges[0]!.start).toBe(0);
  expect(ranges.at(-1)!.end).toBe(bytes.length);
  for (let i = 1; i < ranges.length; i++) expect(ranges[i]!.start).toBe(ranges[i - 1]!.end);
  for (const r of ranges) expect(r.threadId).toBeGreaterThan(0);
  const newlines = bytes.reduce((n, b) => n + (b === 0x0a ? 1 : 0), 0);
  expect(ranges.reduce((n, r) => n + r.lines, 0)).toBe(newlines);
}

/** The same run as `jobs: 1` gives, and evaluated by worker threads. */
async function expectSameAsOneJob(
  file: string,
  options: Parameters<typeof observe>[2],
  jobsList: readonly number[] = [2, 3],
  build: 'esm' | 'cjs' = 'esm',
): Promise<Observed> {
  const one = await observe(build, file, { ...options, jobs: 1 });
  expect(one.ranges).toEqual([]);
  for (const jobs of jobsList) {
    const many = await observe(build, file, { ...options, jobs });
    expect(many.error, `jobs ${jobs}`).toEqual(one.error);
    expect(many.summary, `jobs ${jobs}`).toEqual(one.summary);
    expect(many.calls, `jobs ${jobs}`).toEqual(one.calls);
    if (one.error === null && CORES > 1) expectWorkersRan(many.ranges, readFileSync(file));
    else for (const r of many.ranges) expect(r.threadId).toBeGreaterThan(0);
  }
  return one;
}

let fileCount = 0;
function writeInventory(text: string | Buffer, name = `inventory-${fileCount++}.ndjson`): string {
  const file = join(temp.folder(), name);
  writeFileSync(file, text);
  return file;
}

/** A larger inventory: records of both kinds, a malformed line every 97. */
function largeInventory(lines: number): string {
  const out: string[] = [];
  for (let i = 0; i < lines; i++) {
    out.push(
      i % 97 === 13
        ? '{not json'
        : JSON.stringify({
            id: `r${i}`,
            resource: i % 10 === 0 ? 'certificate' : 'component',
            technology: ['postgres', 'redis', 'kubernetes'][i % 3],
            version: i % 2 ? '14' : '9.6',
            type: 'ssl',
            expirationDate: i % 4 ? '2026-01-01T00:00:00.000Z' : '2027-01-01T00:00:00.000Z',
          }),
    );
  }
  return `${out.join('\n')}\n`;
}

describe('evaluateInventoryFile', () => {
  it(
    titled('gives with 2 and 3 jobs what 1 job gives, on random NDJSON files with malformed lines'),
    async () => {
      await checkAsync(
        fc.asyncProperty(
          arbNdjsonInventory,
          fc.record({
            build: fc.constantFrom<'esm' | 'cjs'>('esm', 'cjs'),
            results: fc.boolean(),
            rejects: fc.boolean(),
            resource: fc.constantFrom(undefined, 'component'),
            kindField: fc.constantFrom(undefined, null, 'resource', 'tags$.team'),
          }),
          async (text, { build, resource, kindField, ...rest }) => {
            const file = writeInventory(text);
            await expectSameAsOneJob(
              file,
              {
                ...rest,
                ...(resource === undefined ? {} : { resource }),
                ...(kindField === undefined ? {} : { kindField }),
              },
              [2, 3],
              build,
            );
          },
        ),
        // Each run starts five worker threads: a few dozen runs, not a thousand.
        { numRuns: process.env.CI ? 30 : 8 },
      );
    },
  );

  it('splits a larger file into one range per thread, numbering lines and resources in the whole file', async () => {
    const file = writeInventory(largeInventory(6000));
    for (const build of ['esm', 'cjs'] as const) {
      const one = await expectSameAsOneJob(file, {}, [3], build);
      // Three jobs, or as many as there are cores (the cap).
      const three = await observe(build, file, { jobs: 3 });
      const threads = Math.min(3, CORES);
      expect(three.ranges).toHaveLength(threads === 1 ? 0 : threads);
      expect(new Set(three.ranges.map((r) => r.threadId)).size).toBe(threads === 1 ? 0 : threads);
      expect(three.ranges.reduce((n, r) => n + r.resources, 0)).toBe(6000 - 62);
      expect(three.ranges.reduce((n, r) => n + r.rejected, 0)).toBe(62);
      expect(one.summary?.resources).toBe(6000 - 62);
      const rejected = one.calls.filter((c) => c[0] === 'reject').map((c) => (c[1] as Rejection).line);
      expect(rejected).toHaveLength(62);
      expect(rejected.at(-1)).toBe(5931);
      const indexes = one.calls.filter((c) => c[0] === 'result').map((c) => (c[1] as ResourceResults).index);
      expect(indexes).toEqual(indexes.map((_, i) => i));
    }
  });

  it('stops where one job stops: the first malformed line without onReject, a bare string, a long line', async () => {
    const lines = largeInventory(3000).split('\n');
    // The first malformed line (13) is in the first range: make the first 2500 lines well formed.
    // (Replaced by a record that names its kind: the example policies are for two kinds.)
    const clean = lines
      .map((l, i) => (l === '{not json' && i < 2500 ? '{"resource":"component"}' : l))
      .join('\n');
    const malformed = await expectSameAsOneJob(writeInventory(clean), { rejects: false });
    // Line 2536 (index 2535) is the first malformed line left: 2535 = 13 + 97 × 26.
    expect(malformed.error).toMatchObject({ name: 'InventoryError', code: 'MALFORMED_RECORD', line: 2536 });
    expect(malformed.error?.message).toMatch(/^line 2536: not valid JSON/);

    // A line that is JSON but not a record (a bare string) is a malformed line: rejected with onReject,
    // the first one stops the reading without.
    const bare = clean.split('\n').map((l, i) => (i === 2600 ? '"a bare string"' : l));
    bare[2700] = '42';
    const strings = await expectSameAsOneJob(writeInventory(bare.join('\n')), {});
    expect(strings.error).toBeNull();
    const rejected = strings.calls.filter((c) => c[0] === 'reject').map((c) => c[1] as Rejection);
    expect(rejected.filter((r) => r.message.startsWith('not a record'))).toEqual([
      { line: 2601, message: 'not a record: a string (a record is a JSON object)' },
      { line: 2701, message: 'not a record: a number (a record is a JSON object)' },
    ]);
    const unhandled = await expectSameAsOneJob(writeInventory(bare.slice(0, 2650).join('\n')), {
      rejects: false,
    });
    expect(unhandled.error).toMatchObject({ name: 'InventoryError', code: 'MALFORMED_RECORD', line: 2536 });
    const onlyString = bare.slice(0, 2650).map((l) => (l === '{not json' ? '{"resource":"component"}' : l));
    const stopped = await expectSameAsOneJob(writeInventory(onlyString.join('\n')), { rejects: false });
    expect(stopped.error).toMatchObject({ name: 'InventoryError', code: 'MALFORMED_RECORD', line: 2601 });
    expect(stopped.error?.message).toBe('line 2601: not a record: a string (a record is a JSON object)');

    // Longer than maxRecordLength and than a chunk read, so that the reader sees it unfinished.
    const pad = 'x'.repeat(200_000);
    const long = lines.map((l, i) => (i === 2700 ? JSON.stringify({ pad }) : l)).join('\n');
    const tooLong = await expectSameAsOneJob(writeInventory(long), { maxRecordLength: 100_000 });
    expect(tooLong.error).toMatchObject({ name: 'InventoryError', code: 'MALFORMED_INPUT', line: 2701 });
  });

  it('reads gzip, JSON arrays, envelopes and multi-line documents with one thread, whatever jobs says', async () => {
    const records = Array.from({ length: 50 }, (_, i) => ({ id: `x${i}`, resource: 'component' }));
    const ndjson = records.map((r) => JSON.stringify(r)).join('\n');
    const inputs: Array<[string, string | Buffer]> = [
      ['gz.ndjson', gzipSync(ndjson)],
      ['array.json', JSON.stringify(records)],
      ['envelope.json', JSON.stringify({ items: records })],
      ['pretty.json', JSON.stringify({ items: records }, null, 2)],
    ];
    const reference = await observe('esm', writeInventory(ndjson), { jobs: 1 });
    for (const [name, content] of inputs) {
      const file = writeInventory(content, name);
      for (const jobs of [1, 4]) {
        const r = await observe('esm', file, { jobs });
        expect(r.ranges, name).toEqual([]);
        expect(r.summary, name).toEqual(reference.summary);
        expect(r.calls, name).toEqual(reference.calls);
      }
    }
    const corrupt = await observe('esm', writeInventory(gzipSync(ndjson).subarray(0, 40), 'cut.gz'), {});
    expect(corrupt.error).toMatchObject({ name: 'InventoryError', code: 'MALFORMED_INPUT' });
    expect(corrupt.error?.message).toMatch(/^not valid gzip: /);
  });

  it('by default splits files of 8 MiB or more across the available cores, and reads smaller ones with one thread', async () => {
    const small = writeInventory(largeInventory(200));
    expect((await observe('esm', small, {})).ranges).toEqual([]);
    const big = writeInventory(largeInventory(80_000), 'big.ndjson');
    expect(readFileSync(big).length).toBeGreaterThanOrEqual(8 * 1024 * 1024);
    const { availableParallelism } = await import('node:os');
    const split = await observe('esm', big, { results: false });
    if (availableParallelism() > 1) expectWorkersRan(split.ranges, readFileSync(big));
    else expect(split.ranges).toEqual([]);
    const one = await observe('esm', big, { jobs: 1, results: false });
    expect(split.summary).toEqual(one.summary);
    expect(split.calls).toEqual(one.calls);
    // With onResult, one core fewer: the calling thread parses each record again.
    const withResults = await observe('esm', big, { rejects: false, onReject() {}, results: true });
    if (availableParallelism() > 2) expect(withResults.ranges.length).toBeGreaterThan(0);
    else expect(withResults.ranges).toEqual([]);
  });

  it('evaluates a $now policy at the run’s one instant in every worker thread', async () => {
    const now = Date.now();
    // Certificates expiring a millisecond apart around now + 30 days: two threads reading their own
    // clocks, or the main thread's a moment later, would count differently.
    const lines = Array.from({ length: 4000 }, (_, i) =>
      JSON.stringify({
        id: `c${i}`,
        resource: 'certificate',
        expirationDate: new Date(now + 30 * 86_400_000 + 5000 + (i - 2000) * 7).toISOString(),
      }),
    );
    const file = writeInventory(`${lines.join('\n')}\n`);
    const expiry = {
      name: 'expiry',
      resource: 'certificate',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        expiring: {
          criticality: 10,
          rules: [
            {
              conditions: [
                { type: 'filter', condition: { filter: { expirationDate: { $lt: { $now: 'P30D' } } } } },
              ],
            },
          ],
        },
      },
    };
    const statuses = async (options: InventoryFileOptions) => {
      const seen: (string | null)[] = [];
      const ranges: FileRange[] = [];
      const summary = await builds.esm.evaluateInventoryFile([expiry], file, {
        ...options,
        onRange: (r) => ranges.push(r),
        onResult: ({ results }) => void seen.push(results[0]!.result.status),
      });
      return { summary, seen, ranges };
    };
    // Unpinned: the clock read once by the main thread, which every worker uses.
    const two = await statuses({ jobs: 2 });
    if (CORES > 1) expect(two.ranges.length).toBeGreaterThan(1);
    const asOf = Date.parse(two.summary.asOf);
    expect(asOf).toBeGreaterThanOrEqual(now);
    const one = await statuses({ jobs: 1, asOf: two.summary.asOf });
    expect(one.summary.asOf).toBe(two.summary.asOf);
    expect(two.seen).toEqual(one.seen);
    expect(untimed(two.summary)).toEqual(untimed(one.summary));
    // The line lies within the file: some expire within 30 days of the instant, some later.
    expect(new Set(one.seen)).toEqual(new Set(['ok', 'expiring']));
    // Pinned, both agree too, at that instant.
    const pinned = new Date(now + 1000).toISOString();
    const a = await statuses({ jobs: 2, asOf: pinned });
    const b = await statuses({ jobs: 1, asOf: pinned });
    expect(a.summary.asOf).toBe(pinned);
    expect(a.seen).toEqual(b.seen);
  });

  it('counts coverage with the coverage option: the counts of one job with any jobs, ESM and CommonJS', async () => {
    const file = writeInventory(largeInventory(3000));
    for (const build of ['esm', 'cjs'] as const) {
      const one = await expectSameAsOneJob(
        file,
        { coverage: true, results: false, asOf: '2026-06-01T00:00:00Z' },
        [2],
        build,
      );
      const coverage = one.summary!.coverage!;
      // One report per policy, the inactive one's all zeros; the others evaluated every record of their kind.
      expect(coverage.map((c) => c.policy)).toEqual(one.summary!.policies.map((p) => p.policy));
      expect(coverage.at(-1)!.evaluated).toBe(0);
      expect(coverage.some((c) => c.rules.some((r) => r.decided > 0))).toBe(true);
    }
    const off = await observe('esm', file, { jobs: 2, results: false });
    expect(off.summary!.coverage).toBeUndefined();
    await expect(
      builds.esm.evaluateInventoryFile(policies, file, { engine: 'duckdb', coverage: true }),
    ).rejects.toThrow("coverage is an option of the in-process engine, not of engine: 'duckdb'");
  });

  it('passes results on in input order, waiting for the promise onResult returns', async () => {
    const file = writeInventory(largeInventory(3000));
    const seen: number[] = [];
    let pending = 0;
    const summary = await builds.esm.evaluateInventoryFile(policies, file, {
      jobs: 2,
      onReject: () => {},
      onResult: async ({ index, results }) => {
        // The policies' own results, frozen, as with one thread.
        for (const { result } of results) expect(Object.isFrozen(result)).toBe(true);
        expect(pending).toBe(0);
        pending++;
        if (index % 500 === 0) await new Promise((resolve) => setTimeout(resolve, 5));
        seen.push(index);
        pending--;
      },
    });
    expect(seen).toEqual(Array.from({ length: summary.resources }, (_, i) => i));
  });

  it('gives onResult the record as one thread parses it, own __proto__ key included', async () => {
    const lines = largeInventory(2000).split('\n');
    lines[1500] = '{"id":"proto","resource":"component","__proto__":{"polluted":true}}';
    const file = writeInventory(lines.join('\n'));
    const records: unknown[] = [];
    await builds.esm.evaluateInventoryFile(policies, file, {
      jobs: 2,
      onReject() {},
      onResult: ({ resource }) => {
        if ((resource as { id?: unknown }).id === 'proto') records.push(resource);
      },
    });
    expect(records).toHaveLength(1);
    const record = records[0] as Record<string, unknown>;
    expect(Object.getPrototypeOf(record)).toBe(Object.prototype);
    expect(Object.keys(record)).toEqual(['id', 'resource', '__proto__']);
    expect(JSON.stringify(record)).toBe(lines[1500]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses what it cannot do: a bad jobs, a kindField function for several threads, a missing file', async () => {
    const file = writeInventory(largeInventory(100));
    for (const jobs of [0, -1, 1.5, Number.NaN, '2']) {
      await expect(
        builds.esm.evaluateInventoryFile(policies, file, { jobs: jobs as number }),
      ).rejects.toMatchObject({ code: 'INVALID_OPTION', message: expect.stringMatching(/^jobs must be/) });
    }
    const kindField = (r: unknown) => (r as { resource?: string }).resource;
    await expect(
      builds.esm.evaluateInventoryFile(policies, file, { jobs: 2, kindField }),
    ).rejects.toMatchObject({
      name: 'FilterError',
      code: 'INVALID_OPTION',
      message: expect.stringContaining('jobs: 1'),
    });
    // Without jobs (one thread for a small file) and with jobs: 1, a function is fine.
    const byFunction = await builds.esm.evaluateInventoryFile(policies, file, { kindField, onReject() {} });
    const byPath = await builds.esm.evaluateInventoryFile(policies, file, {
      jobs: 1,
      kindField: 'resource',
      onReject() {},
    });
    expect({ ...untimed(byFunction), kindField: null }).toEqual({ ...untimed(byPath), kindField: null });
    for (const jobs of [1, 2]) {
      await expect(
        builds.esm.evaluateInventoryFile(policies, join(temp.folder(), 'missing.ndjson'), { jobs }),
      ).rejects.toMatchObject({ code: 'ENOENT' });
    }
    await expect(builds.esm.evaluateInventoryFile(policies, 42 as never)).rejects.toMatchObject({
      code: 'INVALID_OPTION',
    });
    await expect(
      builds.esm.evaluateInventoryFile([{ name: 'bad' }], file, { jobs: 2 }),
    ).rejects.toMatchObject({
      name: 'PolicyError',
    });
  });

  it('stops when the signal aborts, with its reason', async () => {
    const file = writeInventory(largeInventory(3000));
    for (const jobs of [1, 2]) {
      const controller = new AbortController();
      const reason = new Error('enough');
      await expect(
        builds.esm.evaluateInventoryFile(policies, file, {
          jobs,
          signal: controller.signal,
          onReject: () => {},
          onResult: ({ index }) => {
            if (index === 1000) controller.abort(reason);
          },
        }),
      ).rejects.toBe(reason);
    }
  });

  it('measures every line against maxRecordLength with any jobs: lines at, under and over the limit', async () => {
    const max = 800;
    /** A component record line of exactly `n` UTF-16 code units. */
    const record = (n: number, i: number) => {
      const head = `{"id":"w${i}","resource":"component","pad":"`;
      return `${head}${'x'.repeat(n - head.length - 2)}"}`;
    };
    // The issue's file: 90 lines of 992 characters, too long for 800 whatever the jobs.
    const wide = Array.from({ length: 90 }, (_, i) => record(992, i)).join('\n');
    const issue = await expectSameAsOneJob(writeInventory(`${wide}\n`), { maxRecordLength: max }, [2, 4]);
    expect(issue.error).toMatchObject({ code: 'MALFORMED_INPUT', line: 1 });
    // A table of files: lengths at, one under and one over the limit at varied places, LF or CRLF.
    for (const [over, crlf] of [
      [null, false],
      [null, true],
      [3, false],
      [57, true],
      [88, false],
    ] as const) {
      const lengths = Array.from({ length: 90 }, (_, i) =>
        i === over ? max + 1 : [max, max - 1, 60][i % 3]!,
      );
      const text = lengths.map((n, i) => record(n, i)).join(crlf ? '\r\n' : '\n');
      const run = await expectSameAsOneJob(writeInventory(text), { maxRecordLength: max }, [2, 3, 4]);
      if (over === null) {
        expect(run.error).toBeNull();
        expect(run.summary?.resources).toBe(90);
      } else {
        expect(run.error).toMatchObject({ code: 'MALFORMED_INPUT', line: over + 1 });
        expect(run.calls.filter((c) => c[0] === 'result')).toHaveLength(over);
      }
    }
  });

  it('splits NDJSON whose first record holds an items array, and reads a one-line envelope whole', async () => {
    const rest = largeInventory(600);
    const first = '{"items":[1],"id":"first","resource":"component","technology":"postgres"}';
    for (const text of [`${first}\n${rest}`, `\n \r\n${first}\r\n\n{not json\n${rest}`]) {
      const one = await expectSameAsOneJob(writeInventory(text), {}, [2]);
      expect(one.summary?.resources).toBe(600 - 7 + 1);
      if (CORES > 1) expect((await observe('esm', writeInventory(text), { jobs: 2 })).ranges).toHaveLength(2);
    }
    // A lone envelope on one line (blank lines after it) is an envelope: its items, one thread.
    const envelope = `${JSON.stringify({ items: [{ id: 'a', resource: 'component' }], next: null })}\n \n\n`;
    const lone = await observe('esm', writeInventory(envelope), { jobs: 2 });
    expect(lone.ranges).toEqual([]);
    expect(lone.summary?.resources).toBe(1);
  });

  it('reads lines of U+FEFF, U+00A0 or U+2028 as lines that are not blank, whatever the jobs', async () => {
    const lines = largeInventory(300).split('\n');
    for (const [i, odd] of [
      [50, '\uFEFF'],
      [120, '\u00A0'],
      [200, '\u2028'],
      [250, ' \t\r'],
    ] as const) {
      lines[i] = odd;
    }
    const one = await expectSameAsOneJob(writeInventory(lines.join('\n')), {}, [2, 3]);
    const rejected = one.calls.filter((c) => c[0] === 'reject').map((c) => (c[1] as Rejection).line);
    expect(rejected).toEqual(expect.arrayContaining([51, 121, 201]));
    expect(rejected).not.toContain(251);
  });

  it('stops on records without a kind when the policies are for several kinds, whatever the jobs', async () => {
    const lines = largeInventory(3000).split('\n');
    lines[2222] = '{"id":"no-kind","technology":"postgres"}';
    const one = await expectSameAsOneJob(writeInventory(lines.join('\n')), {}, [2, 3]);
    expect(one.error).toMatchObject({ name: 'InventoryError', code: 'UNKNOWN_KIND' });
    expect(one.error?.message).toMatch(/^record \d+ has no kind .*--resource KIND/);
    // Giving the kind of records that name none is enough.
    const given = await expectSameAsOneJob(writeInventory(lines.join('\n')), { resource: 'component' }, [2]);
    expect(given.error).toBeNull();
  });

  it('caps jobs at the available cores: a huge jobs starts no more worker threads than cores', async () => {
    const file = writeInventory(largeInventory(2000));
    for (const jobs of [1e9, 256, CORES + 1]) {
      const r = await observe('esm', file, { jobs });
      expect(r.error).toBeNull();
      expect(new Set(r.ranges.map((x) => x.threadId)).size).toBeLessThanOrEqual(CORES);
      // As many ranges as the capped jobs (the file is smaller than a range): never one per line.
      expect(r.ranges.length).toBe(CORES > 1 ? CORES : 0);
    }
  });

  it('refuses a FIFO or a device before opening it for reading, so that nothing hangs', async () => {
    const fifo = join(temp.folder(), 'inventory.fifo');
    try {
      execFileSync('mkfifo', [fifo]);
    } catch {
      // mkfifo is POSIX: where it is missing (Windows), only the device case below runs.
      console.warn('mkfifo unavailable: the FIFO case is not run');
    }
    const targets = [...(existsSync(fifo) ? [[fifo, 'a FIFO']] : []), ['/dev/zero', 'a character device']];
    for (const [path, kind] of targets as Array<[string, string]>) {
      if (!existsSync(path)) continue;
      for (const jobs of [1, 2]) {
        const controller = new AbortController();
        // Were it opened, a FIFO no one writes would block here; the signal is never needed.
        const r = await observe('esm', path, { jobs, signal: controller.signal });
        expect(r.error).toMatchObject({ name: 'FilterError', code: 'INVALID_OPTION' });
        expect(r.error?.message).toContain(`is ${kind}, not a regular file`);
      }
    }
  });

  it('takes a file: URL', async () => {
    const file = writeInventory(largeInventory(300));
    const byPath = await builds.cjs.evaluateInventoryFile(policies, file, { jobs: 2, onReject: () => {} });
    const byUrl = await builds.cjs.evaluateInventoryFile(policies, pathToFileURL(file), {
      jobs: 2,
      onReject: () => {},
    });
    expect(untimed(byUrl)).toEqual(untimed(byPath));
  });
});

describe('evaluateInventoryFile, the selective NDJSON reader', () => {
  it(titled('gives the summary and rejections of the full parse, with jobs 1 and 2'), async () => {
    await checkAsync(
      fc.asyncProperty(
        arbNdjsonInventory,
        fc.constantFrom(1, 2),
        fc.constantFrom(
          {},
          { resource: 'component' },
          { kindField: 'technology' },
          { maxRecordLength: 60 },
          WAIVED,
        ),
        async (text, jobs, more) => {
          const file = writeInventory(text);
          // Without onResult (whose events hold whole records), the selective reader is the default.
          const options = { ...more, jobs, results: false };
          const full = await observe('esm', file, { ...options, reader: 'full' });
          const selective = await observe('esm', file, options);
          expect(selective.error).toEqual(full.error);
          expect(selective.summary).toEqual(full.summary);
          expect(selective.calls).toEqual(full.calls);
        },
      ),
      { numRuns: process.env.CI ? 60 : 15 },
    );
  });

  it('reads a file of several read buffers (1 MiB each) as the full parse does, with jobs 1 and 2', async () => {
    // About 3.5 MB: lines cut between two reads, in one range and in two.
    const file = writeInventory(largeInventory(30_000));
    expect(statSync(file).size).toBeGreaterThan(3 * 1024 * 1024);
    for (const jobs of [1, 2]) {
      const full = await observe('esm', file, { jobs, results: false, reader: 'full' });
      const selective = await observe('esm', file, { jobs, results: false, reader: 'selective' });
      expect(full.summary?.resources).toBeGreaterThan(29_000);
      expect(full.calls.length).toBeGreaterThan(300);
      expect(selective.summary).toEqual(full.summary);
      expect(selective.calls).toEqual(full.calls);
      expect(selective.error).toEqual(full.error);
    }
  });

  it('decodes what the waivers cover, given or compiled with the policies, with jobs 1 and 2', async () => {
    const lines = Array.from({ length: 3_000 }, (_, i) =>
      JSON.stringify({
        id: `r${i}`,
        resource: i % 10 === 0 ? 'certificate' : 'component',
        technology: ['postgres', 'redis', 'kubernetes'][i % 3],
        version: i % 2 ? '14' : '9.6',
        expirationDate: i % 4 ? '2026-01-01T00:00:00.000Z' : '2027-01-01T00:00:00.000Z',
        tags: i % 3 === 1 ? { team: 'data' } : { team: 'web' },
      }),
    );
    const file = writeInventory(`${lines.join('\n')}\n`);
    for (const jobs of [1, 2]) {
      const full = await observe('esm', file, { jobs, results: false, reader: 'full', ...WAIVED });
      const selective = await observe('esm', file, { jobs, results: false, ...WAIVED });
      const waived = full.summary!.policies.reduce((n, p) => n + p.waived, 0);
      expect(waived).toBeGreaterThan(100);
      expect(selective.summary).toEqual(full.summary);
    }
  });

  it('takes SVC_POLICY_READER when no reader is given, and refuses an unknown reader', async () => {
    const file = writeInventory(largeInventory(50));
    process.env.SVC_POLICY_READER = 'full';
    try {
      expect((await observe('esm', file, { jobs: 1, results: false })).summary).toEqual(
        (await observe('esm', file, { jobs: 1, results: false, reader: 'selective' })).summary,
      );
      process.env.SVC_POLICY_READER = 'fast';
      const env = await observe('esm', file, { jobs: 1, results: false });
      expect(env.error).toMatchObject({ code: 'INVALID_OPTION' });
      expect(env.error?.message).toContain('SVC_POLICY_READER must be "selective" or "full", got "fast"');
    } finally {
      delete process.env.SVC_POLICY_READER;
    }
    const bad = await observe('esm', file, { results: false, reader: 'fast' as never });
    expect(bad.error).toMatchObject({ name: 'FilterError', code: 'INVALID_OPTION' });
    expect(bad.error?.message).toContain('reader must be "selective" or "full", got "fast"');
    await expect(
      builds.esm.evaluateInventoryFile(policies, file, { engine: 'duckdb', reader: 'full' }),
    ).rejects.toThrow("reader is an option of the in-process engine, not of engine: 'duckdb'");
  });
});
