import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../support/node-flags.js';
import { suiteTempDir } from '../support/temp.js';

/** `--waivers` on eval and test, and waiver files in validate, as users run the built binary. */
const CLI = resolve('dist/cli.js');

function run(args: readonly string[], cwd: string) {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, CLI, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const POLICY = {
  name: 'pg',
  statusDefinitions: {
    ok: { isDefault: true, criticality: 0 },
    eol: {
      criticality: 20,
      rules: [{ conditions: [{ type: 'filter', condition: { filter: { version: { $lt: 12 } } } }] }],
    },
  },
  query: { filter: { technology: { $eq: 'postgres' } } },
};

const WAIVERS = `waivers:
  - id: W-1
    policy: pg
    ids: [db-1]
    accepts: { status: eol }
    expires: "2027-03-01T00:00:00+01:00"
    owner: db team
    reason: migration in March
    ticket: https://tracker.example/DB-12
  - id: W-2
    policy: pg
    filter: { team: { $eq: core } }
    accepts: { maxCriticality: 20 }
    expires: "2027-01-01T00:00:00Z"
    owner: core
    reason: upgrade planned
`;

const INVENTORY = [
  { id: 'db-1', technology: 'postgres', version: 11 },
  { id: 'db-2', technology: 'postgres', version: 10, team: 'core' },
  { id: 'db-3', technology: 'postgres', version: 16 },
]
  .map((r) => JSON.stringify(r))
  .join('\n');

const temp = suiteTempDir('cli-waivers');
let dir: string;
beforeAll(() => {
  dir = temp.subfolder('w-');
  writeFileSync(join(dir, 'pg.json'), JSON.stringify(POLICY));
  writeFileSync(join(dir, 'waivers.yaml'), WAIVERS);
  writeFileSync(join(dir, 'inv.ndjson'), `${INVENTORY}\n`);
});

const evalArgs = (asOf: string, ...more: string[]) => [
  'eval',
  '-p',
  'pg.json',
  '-i',
  'inv.ndjson',
  '--waivers',
  'waivers.yaml',
  '--as-of',
  asOf,
  ...more,
];

describe('svc-policy eval --waivers', () => {
  it('marks waived resources, counts them apart and --fail-on ignores them', () => {
    const r = run(evalArgs('2026-12-31T23:59:59.999Z', '-f', 'ndjson', '--fail-on', 'eol'), dir);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.slice(0, 3).map((l) => l.results[0].waiver?.id ?? null)).toEqual(['W-1', 'W-2', null]);
    const summary = lines[3].summary;
    expect(summary.policies[0]).toMatchObject({ waived: 2, expiredWaivers: [] });
    expect(summary.policies[0].statuses[1]).toMatchObject({ status: 'eol', count: 2, waived: 2 });
  });

  it('--fail-on-waived counts them', () => {
    const r = run(
      evalArgs('2026-12-31T23:59:59.999Z', '-f', 'json', '--fail-on', 'eol', '--fail-on-waived'),
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('pg: eol (2)');
  });

  it('at the expiry instant the waiver no longer applies, and is reported', () => {
    const r = run(evalArgs('2027-01-01T00:00:00.000Z', '-f', 'json', '--fail-on', 'eol'), dir);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('"W-2" expired');
    expect(r.stderr).toContain('pg: eol (1)');
    const summary = JSON.parse(r.stdout).summary;
    expect(summary.policies[0]).toMatchObject({ waived: 1, expiredWaivers: ['W-2'] });
  });

  it('the same marks with --jobs 2 (worker threads)', () => {
    const r = run(evalArgs('2026-12-31T23:59:59.999Z', '-f', 'ndjson', '--jobs', '2'), dir);
    expect(r.code, r.stderr).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.slice(0, 3).map((l) => l.results[0].waiver?.id ?? null)).toEqual(['W-1', 'W-2', null]);
  });

  it('the table shows the waived counts; --explain names the waiver', () => {
    const r = run(evalArgs('2026-12-31T23:59:59.999Z', '-f', 'table', '--id', 'db-1'), dir);
    expect(r.stdout).toContain('2 (2 waived)');
    expect(r.stdout).toContain(
      'waived by "W-1" until 2027-02-28T23:00:00.000Z (owner db team: migration in March',
    );
  });

  it('an invalid waiver file stops the run with its problems (exit 2)', () => {
    writeFileSync(
      join(dir, 'bad.yaml'),
      'waivers:\n  - id: x\n    policy: pg\n    ids: [a]\n    accepts: { status: eol }\n    owner: o\n    reason: r\n',
    );
    const r = run(['eval', '-p', 'pg.json', '-i', 'inv.ndjson', '--waivers', 'bad.yaml'], dir);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('bad.yaml: /waivers/0: a waiver needs "expires"');
    expect(r.stderr).toContain('[MISSING_EXPIRY]');
  });
});

describe('svc-policy validate on waiver files', () => {
  it('reports each problem at its line and column with a stable code', () => {
    writeFileSync(
      join(dir, 'w.json'),
      `{
  "waivers": [
    { "id": "A", "policy": "pg", "ids": ["db-1"], "accepts": { "status": "eol" }, "owner": "o", "reason": "r" },
    { "id": "B", "policy": "nope", "ids": ["db-1"], "accepts": { "status": "eol" }, "expires": "2027-02-01T00:00:00Z", "owner": "o", "reason": "r" },
    { "id": "C", "policy": "pg", "ids": ["db-1"], "accepts": { "status": "EOL" }, "expires": "2030-02-01T00:00:00Z", "owner": "o", "reason": "r" },
    { "id": "D", "policy": "pg", "filter": { "technology": { "$eq": "oracle" } }, "accepts": { "status": "eol" }, "expires": "2026-02-01T00:00:00Z", "owner": "o", "reason": "r" }
  ]
}
`,
    );
    const r = run(
      [
        'validate',
        '-f',
        'json',
        'pg.json',
        'w.json',
        '--inventory',
        'inv.ndjson',
        '--as-of',
        '2027-01-01T00:00:00Z',
      ],
      dir,
    );
    expect(r.code).toBe(1);
    const file = JSON.parse(r.stdout).files.find((f: { file: string }) => f.file === 'w.json');
    expect(
      file.diagnostics.map(
        (d: { code: string; path: string; line: number; column: number; severity: string }) => [
          d.severity,
          d.code,
          d.path,
          d.line,
          d.column,
        ],
      ),
    ).toEqual([
      ['error', 'MISSING_EXPIRY', '/waivers/0', 3, 5],
      ['error', 'UNKNOWN_POLICY', '/waivers/1/policy', 4, 28],
      ['error', 'UNKNOWN_STATUS', '/waivers/2/accepts/status', 5, 74],
      ['error', 'EXPIRY_TOO_FAR', '/waivers/2/expires', 5, 94],
      ['warning', 'WAIVER_MATCHES_NOTHING', '/waivers/3', 6, 5],
      ['warning', 'WAIVER_EXPIRED', '/waivers/3/expires', 6, 126],
    ]);
  });

  it('--max-waiver-days moves the limit; a valid waiver file passes', () => {
    expect(run(['validate', 'pg.json', 'waivers.yaml', '--as-of', '2026-06-01T00:00:00Z'], dir).code).toBe(0);
    const r = run(
      ['validate', 'pg.json', 'waivers.yaml', '--as-of', '2026-06-01T00:00:00Z', '--max-waiver-days', '200'],
      dir,
    );
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('EXPIRY_TOO_FAR');
  });
});

describe('svc-policy test --waivers', () => {
  it('a test says which waiver must mark the result, at its own asOf', () => {
    writeFileSync(
      join(dir, 'pg.test.yaml'),
      `tests:
  - name: waived
    resource: { id: db-1, technology: postgres, version: 11 }
    status: eol
    waiver: W-1
  - name: expired at its instant
    asOf: "2027-02-28T23:00:00.000Z"
    resource: { id: db-1, technology: postgres, version: 11 }
    status: eol
    waiver: null
  - name: wrong waiver
    resource: { id: db-3, technology: postgres, version: 11 }
    status: eol
    waiver: W-1
`,
    );
    const r = run(
      ['test', 'pg.test.yaml', '--waivers', 'waivers.yaml', '--as-of', '2026-12-01T00:00:00Z', '-f', 'json'],
      dir,
    );
    expect(r.code).toBe(1);
    const tests = JSON.parse(r.stdout).tests as { name: string; outcome: string; message: string }[];
    expect(tests.map((t) => [t.name, t.outcome])).toEqual([
      ['waived', 'pass'],
      ['expired at its instant', 'pass'],
      ['wrong waiver', 'fail'],
    ]);
    expect(tests[2]!.message).toBe('expected "eol", waived by "W-1", got "eol" (criticality 20, rule 1)');
  });
});

describe('svc-policy diff --waivers', () => {
  beforeAll(() => {
    writeFileSync(
      join(dir, 'pg-old.json'),
      JSON.stringify({
        ...POLICY,
        statusDefinitions: {
          ok: POLICY.statusDefinitions.ok,
          eol: {
            ...POLICY.statusDefinitions.eol,
            rules: [{ conditions: [{ type: 'filter', condition: { filter: { version: { $lt: 10 } } } }] }],
          },
        },
      }),
    );
  });

  it('--fail-on does not count resources waived under the new version unless --fail-on-waived', () => {
    const args = [
      'diff',
      '-b',
      'pg-old.json',
      '-a',
      'pg.json',
      '-i',
      'inv.ndjson',
      '--waivers',
      'waivers.yaml',
      '--as-of',
      '2026-12-01T00:00:00Z',
      '-f',
      'json',
      '--fail-on',
      'eol>0',
    ];
    // db-1 and db-2 become eol; both are waived (W-1 by id, W-2 by team).
    const r = run(args, dir);
    expect(r.code, r.stderr).toBe(0);
    const cell = JSON.parse(r.stdout).policies[0].diff.matrix.find((c: { changed: boolean }) => c.changed);
    expect(cell).toMatchObject({ before: 'ok', after: 'eol', count: 2, waived: 2 });
    expect(run([...args, '--fail-on-waived'], dir).code).toBe(1);
  });

  it('the table and markdown reports show the waived count of a cell and the waiver of each example', () => {
    const args = [
      'diff',
      '-b',
      'pg-old.json',
      '-a',
      'pg.json',
      '-i',
      'inv.ndjson',
      '--as-of',
      '2026-12-01T00:00:00Z',
    ];
    const waived = [...args, '--waivers', 'waivers.yaml'];
    const table = run([...waived, '-f', 'table'], dir);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout).toMatch(/ok → eol +2 \(2 waived\)\n/);
    expect(table.stdout).toContain('waived by "W-1"');
    expect(table.stdout).toContain('waived by "W-2"');
    const markdown = run([...waived, '-f', 'markdown'], dir).stdout;
    expect(markdown).toMatch(/\| ok +\| eol +\| +2 \(2 waived\) \|/);
    expect(markdown).toContain('waived by "W-1"');
    // Without waivers, no mark.
    const plain = run([...args, '-f', 'table'], dir).stdout;
    expect(plain).toMatch(/ok → eol +2\n/);
    expect(plain).not.toContain('waived');
  });
});
