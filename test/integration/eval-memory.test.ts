import { spawnSync } from 'node:child_process';
import { closeSync, existsSync, openSync, rmSync, statSync, writeFileSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { suiteTempDir } from '../support/temp.js';

/**
 * Memory stays bounded whatever the size of the inventory: `svc-policy eval` and `evaluateInventoryFile`
 * (svc-policy/node), with one thread and with two, evaluate a file of about 150 MB in a Node whose heap
 * is limited to 64 MB (the limit applies to each worker thread too), where reading the file whole into
 * records fails. Not a timing test: it passes however slow the machine, and fails only on running out
 * of memory (or a wrong count).
 */

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const nodeEntry = join(root, 'dist', 'node.js');
const examples = join(root, 'fixtures', 'policies', 'examples');
const temp = suiteTempDir('eval-memory');
const HEAP_MB = 64;
const FILE_MB = 150;
const BLOCK_LINES = 10_000;

// The child processes are the same in both vitest projects (neither passes its flags on): run once.
const codegenProject = process.env.SVC_POLICY_TEST_PROJECT === 'codegen';

let file: string;
let blocks = 0;

/** Writes the inventory fast: one block of records (and a malformed line) written again and again. */
function generate(path: string): number {
  const lines: string[] = [];
  for (let i = 0; i < BLOCK_LINES; i++) {
    lines.push(
      i === BLOCK_LINES / 2
        ? '{not json'
        : JSON.stringify({
            id: `m${i}`,
            resource: i % 10 ? 'component' : 'certificate',
            technology: ['postgres', 'redis', 'kubernetes'][i % 3],
            version: i % 2 ? '14' : '9.6',
            type: 'ssl',
            expirationDate: '2026-01-01T00:00:00.000Z',
            tags: { team: 'data', owner: `o${i % 7}` },
          }),
    );
  }
  const block = Buffer.from(`${lines.join('\n')}\n`);
  const fd = openSync(path, 'w');
  let n = 0;
  try {
    for (; n * block.length < FILE_MB * 1_000_000; n++) writeSync(fd, block);
  } finally {
    closeSync(fd);
  }
  return n;
}

function node(args: readonly string[]) {
  const r = spawnSync(process.execPath, [`--max-old-space-size=${HEAP_MB}`, ...args], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CI: '', NODE_DEBUG: '' },
    timeout: 600_000,
  });
  return { code: r.status, signal: r.signal, stdout: r.stdout, stderr: r.stderr };
}

const untimed = (summary: Record<string, unknown>) => ({
  ...summary,
  asOf: '',
  durationMs: 0,
  resourcesPerSecond: 0,
});

describe.skipIf(codegenProject)(`bounded memory: a ${FILE_MB} MB file in a ${HEAP_MB} MB heap`, () => {
  beforeAll(() => {
    for (const built of [cli, nodeEntry]) {
      if (!existsSync(built)) throw new Error(`${built} is missing: run \`npm run build:dist\``);
    }
    file = join(temp.folder(), 'large.ndjson');
    blocks = generate(file);
    expect(statSync(file).size).toBeGreaterThan(2 * HEAP_MB * 1024 * 1024);
  });

  afterAll(() => {
    if (file !== undefined) rmSync(file, { force: true });
  });

  it('the limit binds: reading the file whole into records runs out of memory', () => {
    const r = node([
      '-e',
      `const lines = require('node:fs').readFileSync(${JSON.stringify(file)}, 'utf8').split('\\n');
       const records = lines.map((l) => { try { return JSON.parse(l); } catch { return null; } });
       console.log(records.length);`,
    ]);
    expect(r.code).not.toBe(0);
    expect(`${r.stderr}`).toMatch(/heap out of memory|Allocation failed/i);
  });

  it('svc-policy eval evaluates it with --jobs 1 and --jobs 2, with the same output', () => {
    const outputs: Array<Record<string, unknown>> = [];
    for (const jobs of ['1', '2']) {
      const r = node([cli, 'eval', '-p', examples, '-i', file, '--format', 'json', '--jobs', jobs]);
      expect(r.stderr, `--jobs ${jobs}`).not.toMatch(/out of memory|internal error/i);
      // Exit 3: the malformed line of each block was skipped (and reported).
      expect(r.code, `--jobs ${jobs}: ${r.stderr.slice(-2000)}`).toBe(3);
      const { summary } = JSON.parse(r.stdout) as { summary: Record<string, unknown> };
      expect(summary.resources).toBe(blocks * (BLOCK_LINES - 1));
      expect(summary.rejected).toBe(blocks);
      outputs.push(untimed(summary));
    }
    expect(outputs[1]).toEqual(outputs[0]);
  });

  it('evaluateInventoryFile evaluates it with jobs 1 and 2, with the same summary', () => {
    const script = join(temp.folder(), 'evaluate.mjs');
    writeFileSync(
      script,
      `import { readdirSync, readFileSync } from 'node:fs';
       import { join } from 'node:path';
       import { evaluateInventoryFile } from ${JSON.stringify(pathToFileURL(nodeEntry).href)};
       const [dir, file, jobs] = process.argv.slice(2);
       const policies = readdirSync(dir).filter((f) => f.endsWith('.json')).sort()
         .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
       let rejected = 0;
       let ranges = 0;
       const summary = await evaluateInventoryFile(policies, file, {
         jobs: Number(jobs),
         onReject: () => { rejected++; },
         onRange: () => { ranges++; },
       });
       console.log(JSON.stringify({ summary, rejected, ranges }));`,
    );
    const outputs: Array<Record<string, unknown>> = [];
    for (const jobs of ['1', '2']) {
      const r = node([script, examples, file, jobs]);
      expect(r.code, `jobs ${jobs}: ${r.stderr.slice(-2000)}`).toBe(0);
      const { summary, rejected, ranges } = JSON.parse(r.stdout) as {
        summary: Record<string, unknown>;
        rejected: number;
        ranges: number;
      };
      expect(summary.resources).toBe(blocks * (BLOCK_LINES - 1));
      expect(rejected).toBe(blocks);
      // Split into ranges of about 16 MB for two worker threads.
      if (jobs === '2') expect(ranges).toBeGreaterThanOrEqual(FILE_MB / 16);
      else expect(ranges).toBe(0);
      outputs.push(untimed(summary));
    }
    expect(outputs[1]).toEqual(outputs[0]);
  });
});
