import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../support/node-flags.js';
import { suiteTempDir } from '../support/temp.js';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const examples = join(root, 'fixtures', 'policies', 'examples');
const inventory = join(root, 'fixtures', 'inventory');
const idle = join(examples, 'idle-databases.json');
const temp = suiteTempDir('eval');

/** The example policies count from the run's asOf: every run here is at the inventory's 2026-06-01. */
const AS_OF = ['--as-of', '2026-06-01T00:00:00Z'];

/** Runs the built binary with the Node running the tests. */
function run(args: string[], input?: string) {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, cli, ...args, ...(args[0] === 'eval' ? AS_OF : [])], {
    cwd: root,
    encoding: 'utf8',
    input: input ?? '',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface Summary {
  resources: number;
  rejected: number;
  rejections: Array<{ line: number; message: string }>;
  policies: Array<{
    policy: string;
    skipped: string | null;
    applicable: number;
    notApplicable: number;
    otherKind: number;
    statuses: Array<{ status: string; count: number }>;
  }>;
}

function counts(summary: Summary, policy: string): Record<string, number> {
  const p = summary.policies.find((x) => x.policy === policy)!;
  return Object.fromEntries(p.statuses.map((s) => [s.status, s.count]));
}

beforeAll(() => {
  // `npm test` builds before vitest runs; run `npx tsup` when running this file alone.
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npx tsup` (npm test builds it)');
});

describe('svc-policy eval (built binary)', () => {
  it('evaluates the example policies over a small NDJSON inventory (json summary by default off a terminal)', () => {
    const r = run(['eval', '--policy', examples, '--input', join(inventory, 'small.ndjson')]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const { summary } = JSON.parse(r.stdout) as { summary: Summary };
    expect(summary.resources).toBe(8);
    expect(summary.rejected).toBe(0);
    // Expected statuses worked out by hand: see the table in fixtures/inventory/README.md.
    expect(counts(summary, 'Idle databases')).toEqual({ 'in-use': 1, 'no-activity-data': 1, idle: 1 });
    expect(counts(summary, 'Kubernetes node groups')).toEqual({
      'up-to-date': 0,
      'node-group-not-active': 1,
      'node-group-outdated': 1,
    });
    expect(counts(summary, 'Certificate expiry')).toEqual({ valid: 1, 'expiring-soon': 1, expired: 1 });
    expect(counts(summary, 'End-of-life versions')).toEqual({
      supported: 3,
      'approaching-end-of-life': 1,
      'end-of-life': 1,
      'version-unknown': 0,
    });
    const unowned = summary.policies.find((p) => p.policy === 'Unowned components')!;
    expect(unowned.skipped).toBe('inactive');
    // The three certificates are of another kind ("resource" in each record), not out of scope.
    const idleSummary = summary.policies.find((p) => p.policy === 'Idle databases')!;
    expect([idleSummary.notApplicable, idleSummary.otherKind]).toEqual([2, 3]);
  });

  it('reads a JSON array the same as NDJSON', () => {
    const a = JSON.parse(run(['eval', '-p', examples, '-i', join(inventory, 'small.json')]).stdout) as {
      summary: Summary;
    };
    const b = JSON.parse(run(['eval', '-p', examples, '-i', join(inventory, 'small.ndjson')]).stdout) as {
      summary: Summary;
    };
    expect(a.summary.policies).toEqual(b.summary.policies);
  });

  it('reads standard input by default', () => {
    const r = run(
      ['eval', '-p', idle, '-f', 'ndjson'],
      '{"id":"x","technology":"mysql","details":{"mysql":{}}}\n',
    );
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines[0]).toEqual({
      index: 0,
      id: 'x',
      results: [
        {
          policy: 'Idle databases',
          applicable: true,
          status: 'no-activity-data',
          criticality: 10,
          isDefault: false,
          matched: { status: 'no-activity-data', ruleIndex: 1 },
        },
      ],
    });
    expect(lines[1].summary.resources).toBe(1);
  });

  it('reports bad NDJSON lines with their line numbers, evaluates the rest, and exits 3', () => {
    const r = run(['eval', '-p', idle, '-i', join(inventory, 'malformed.ndjson'), '-f', 'ndjson']);
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('malformed.ndjson:3:');
    expect(r.stderr).toContain('malformed.ndjson:6:');
    expect(r.stderr).not.toContain('malformed.ndjson:4:');
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    const results = lines.slice(0, -1) as Array<{ id: string; results: Array<{ status: string | null }> }>;
    expect(results.map((l) => [l.id, l.results[0]?.status])).toEqual([
      ['db-1', 'idle'],
      ['db-2', 'in-use'],
      ['db-3', 'no-activity-data'],
      ['k8s-1', null],
    ]);
    const summary = lines.at(-1).summary as Summary;
    expect(summary.resources).toBe(4);
    expect(summary.rejected).toBe(2);
    expect(summary.rejections.map((x) => x.line)).toEqual([3, 6]);
  });

  it('fails with exit code 2 on a missing input file, a missing policy file or a broken JSON array', () => {
    const missing = run(['eval', '-p', idle, '-i', join(inventory, 'does-not-exist.ndjson')]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('does-not-exist.ndjson');
    expect(missing.stdout).toBe('');
    const noPolicy = run(['eval', '-p', join(examples, 'nope.json'), '-i', join(inventory, 'small.ndjson')]);
    expect(noPolicy.code).toBe(2);
    expect(noPolicy.stderr).toContain('nope.json');
    const broken = run(['eval', '-p', idle, '-i', join(inventory, 'broken-array.json')]);
    expect(broken.code).toBe(2);
    expect(broken.stderr).toContain('malformed JSON array at line 4');
  });

  it('reports every problem of an invalid policy file with its pointer, and exits 2', () => {
    const dir = temp.subfolder('eval-');
    const file = join(dir, 'bad.json');
    writeFileSync(
      file,
      JSON.stringify({
        name: 'bad',
        statusDefinitions: { ok: { criticality: 0 }, x: { criticality: 1, rules: [{ conditions: [] }] } },
      }),
    );
    const r = run(['eval', '-p', file, '-i', join(inventory, 'small.ndjson')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad.json: /statusDefinitions/ok:');
    expect(r.stderr).toContain('bad.json: /statusDefinitions/x/rules/0/conditions:');
    expect(r.stderr).toContain('[NO_DEFAULT_STATUS]');
    expect(r.stdout).toBe('');
  });

  it('accepts YAML policy files', () => {
    const dir = temp.subfolder('eval-');
    const file = join(dir, 'p.yaml');
    writeFileSync(
      file,
      [
        'name: yaml policy',
        'statusDefinitions:',
        '  ok: { isDefault: true, criticality: 0 }',
        '  pg:',
        '    criticality: 10',
        '    rules:',
        '      - conditions:',
        '          - type: filter',
        '            condition: { filter: { technology: { $eq: postgres } } }',
      ].join('\n'),
    );
    const r = run(['eval', '-p', file, '-i', join(inventory, 'small.ndjson'), '-f', 'json']);
    expect(r.code).toBe(0);
    expect(counts((JSON.parse(r.stdout) as { summary: Summary }).summary, 'yaml policy')).toEqual({
      ok: 6,
      pg: 2,
    });
  });

  it('prints a summary table with --format table', () => {
    const r = run(['eval', '-p', idle, '-i', join(inventory, 'small.ndjson'), '--format', 'table']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/Idle databases: 3 applicable, 2 not applicable, 3 of another kind/);
    expect(r.stdout).toMatch(/idle\s+20\s+1\s+33\.3%/);
    expect(r.stdout).toMatch(/8 resources, 1 policies, 0 rejected/);
  });

  it('adds explanations with --explain', () => {
    const r = run(['eval', '-p', idle, '-i', join(inventory, 'small.ndjson'), '-f', 'json', '--explain']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as {
      results: Array<{
        id: string;
        explanations: Array<{ nearestMiss: { status: string; failed: number } | null }>;
      }>;
      summary: Summary;
    };
    expect(out.results).toHaveLength(8);
    const db2 = out.results.find((x) => x.id === 'db-2')!;
    expect(db2.explanations[0]?.nearestMiss).toMatchObject({ status: 'idle', failed: 1 });
    const text = run([
      'eval',
      '-p',
      idle,
      '-i',
      join(inventory, 'small.ndjson'),
      '-f',
      'table',
      '--explain',
    ]).stdout;
    expect(text).toContain('nearest miss: "idle" rule 1, 1 of 2 conditions failed');
    expect(text).toContain('found "2026-05-30T12:00:00.000Z"');
  });

  it('with --resource, explains exactly the policies it evaluated', () => {
    const r = run([
      'eval',
      '-p',
      examples,
      '-i',
      join(inventory, 'small.ndjson'),
      '-f',
      'ndjson',
      '--explain',
      '--resource',
      'certificate',
    ]);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    const first = lines[0] as { results: Array<{ policy: string }>; explanations: Array<{ policy: string }> };
    expect(first.results.map((x) => x.policy)).toEqual(['Certificate expiry']);
    expect(first.explanations.map((x) => x.policy)).toEqual(['Certificate expiry']);
  });

  it('accepts files that start with a UTF-8 byte order mark', () => {
    const dir = temp.subfolder('bom-');
    const policyFile = join(dir, 'idle.json');
    writeFileSync(policyFile, `\uFEFF${readFileSync(idle, 'utf8')}`);
    const input = join(dir, 'inventory.ndjson');
    writeFileSync(input, `\uFEFF${readFileSync(join(inventory, 'small.ndjson'), 'utf8')}`);
    const r = run(['eval', '-p', policyFile, '-i', input, '-f', 'json']);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const { summary } = JSON.parse(r.stdout) as { summary: Summary };
    expect(summary.rejected).toBe(0);
    expect(summary.resources).toBe(8);
    expect(counts(summary, 'Idle databases')).toEqual({ 'in-use': 1, 'no-activity-data': 1, idle: 1 });
  });

  it('rejects usage errors with exit code 2, the error and one line pointing at --help', () => {
    for (const args of [['eval'], ['eval', '--bogus'], ['eval', '-p', idle, '--format', 'xml']]) {
      const r = run(args);
      expect(r.code).toBe(2);
      expect(r.stderr).not.toContain('usage: svc-policy eval');
      expect(r.stderr.trimEnd().split('\n')).toHaveLength(2);
      expect(r.stderr).toContain('run "svc-policy eval --help" for the usage');
    }
    const help = run(['eval', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('exit codes:');
  });
});
