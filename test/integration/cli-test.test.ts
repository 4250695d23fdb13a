import { spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../support/node-flags.js';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const examples = join(root, 'fixtures', 'policies', 'examples');

/** The example policies count from the run's asOf: every run here is at the inventory's 2026-06-01. */
const AS_OF = ['--as-of', '2026-06-01T00:00:00Z'];

function run(args: string[], cwd = root) {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, cli, ...args, ...(args[0] === 'test' ? AS_OF : [])], {
    cwd,
    encoding: 'utf8',
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir: string;
/** A folder with the idle-databases policy and the given test file beside it. */
function suite(name: string, tests: unknown, testFile = 'idle-databases.test.json'): string {
  const folder = join(dir, name);
  mkdirSync(folder);
  copyFileSync(join(examples, 'idle-databases.json'), join(folder, 'idle-databases.json'));
  writeFileSync(join(folder, testFile), typeof tests === 'string' ? tests : JSON.stringify(tests));
  return folder;
}

const idleRecord = (time: string | null) => ({
  technology: 'postgres',
  details: { postgres: { lastActiveConnectionTime: time } },
});

const mixed = {
  tests: [
    { name: 'idle since January', resource: idleRecord('2026-01-10T00:00:00.000Z'), status: 'idle' },
    // Wrong on purpose: the resource was used two days before the reference date.
    {
      name: 'a <wrong> & "quoted" expectation',
      resource: idleRecord('2026-05-30T00:00:00.000Z'),
      status: 'idle',
    },
    { name: 'redis is out of scope', resource: { technology: 'redis' }, applicable: false },
  ],
};

beforeAll(() => {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npx tsup` (npm test builds it)');
  dir = mkdtempSync(join(tmpdir(), 'svc-policy-test-command-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('svc-policy test', () => {
  it('passes the example policy tests shipped beside the examples (exit 0)', () => {
    const r = run(['test', examples]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/18 tests in 3 files: 18 passed, 0 failed, 0 errors/);
  });

  it('shows a failure with the explanation of the miss, the counts, and exits 1', () => {
    const folder = suite('text', mixed);
    const r = run(['test', folder]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('FAIL');
    expect(r.stdout).toContain('Idle databases: a <wrong> & "quoted" expectation');
    expect(r.stdout).toContain('expected "idle", got "in-use" (criticality 0, no rule held: default)');
    expect(r.stdout).toContain('nearest miss: "idle" rule 1, 1 of 2 conditions failed');
    expect(r.stdout).toContain('found "2026-05-30T00:00:00.000Z"');
    expect(r.stdout).toMatch(/3 tests in 1 file: 2 passed, 1 failed, 0 errors/);
    expect(r.stdout).not.toContain('PASS');
    expect(run(['test', '--verbose', folder]).stdout).toContain('PASS');
  });

  it('explains why an expected non-default status was not reached', () => {
    const folder = suite('expected-miss', {
      tests: [{ resource: idleRecord('2026-01-10T00:00:00.000Z'), status: 'no-activity-data' }],
    });
    const r = run(['test', folder]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain('"no-activity-data" closest rule 1: 1 of 2 conditions failed');
  });

  it('--run runs only the tests whose full name matches', () => {
    const folder = suite('run', mixed);
    const r = run(['test', folder, '--run', 'Idle databases: (idle since|redis)']);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/2 tests in 1 file: 2 passed/);
    const none = run(['test', folder, '--run', 'nothing matches this']);
    expect(none.code).toBe(2);
    expect(run(['test', folder, '--run', '(']).code).toBe(2);
  });

  it('writes JUnit XML that parses, with counts and the failure detail', () => {
    const folder = suite('junit', mixed);
    const r = run(['test', folder, '--format', 'junit']);
    expect(r.code).toBe(1);
    expect(XMLValidator.validate(r.stdout)).toBe(true);
    const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '' }).parse(r.stdout) as {
      testsuites: {
        tests: string;
        failures: string;
        errors: string;
        testsuite: {
          tests: string;
          failures: string;
          testcase: Array<{
            name: string;
            classname: string;
            failure?: { message: string; '#text': string };
          }>;
        };
      };
    };
    expect([doc.testsuites.tests, doc.testsuites.failures, doc.testsuites.errors]).toEqual(['3', '1', '0']);
    const cases = doc.testsuites.testsuite.testcase;
    expect(cases.map((c) => c.name)).toEqual(mixed.tests.map((t) => t.name));
    expect(cases[1]!.classname).toBe('Idle databases');
    expect(cases[1]!.failure?.message).toContain('expected "idle", got "in-use"');
    expect(cases[1]!.failure?.['#text']).toContain('nearest miss');
    expect(cases[0]!.failure).toBeUndefined();
  });

  it('keeps JUnit XML well-formed when names hold control characters', () => {
    const folder = suite('junit-control', {
      tests: [{ name: 'bell \u0007 and nul \u0000', resource: { technology: 'redis' }, status: 'idle' }],
    });
    const r = run(['test', folder, '-f', 'junit']);
    expect(XMLValidator.validate(r.stdout)).toBe(true);
  });

  it('writes TAP version 13 with a plan and a YAML block per failure', () => {
    const folder = suite('tap', mixed);
    const r = run(['test', folder, '-f', 'tap']);
    expect(r.code).toBe(1);
    const lines = r.stdout.split('\n');
    expect(lines[0]).toBe('TAP version 13');
    expect(lines[1]).toBe('1..3');
    expect(lines.filter((l) => /^ok \d+ - /.test(l))).toHaveLength(2);
    const notOk = lines.findIndex((l) => l.startsWith('not ok 2 - '));
    expect(notOk).toBeGreaterThan(0);
    expect(lines[notOk + 1]).toBe('  ---');
    expect(lines.slice(notOk).indexOf('  ...')).toBeGreaterThan(0);
  });

  it('writes JSON with counts and each outcome', () => {
    const folder = suite('json', mixed);
    const r = run(['test', folder, '-f', 'json']);
    const out = JSON.parse(r.stdout) as {
      tests: Array<{ outcome: string; actual: { status: string }; explanation?: unknown }>;
      total: number;
      passed: number;
      failed: number;
      errors: number;
    };
    expect([out.total, out.passed, out.failed, out.errors]).toEqual([3, 2, 1, 0]);
    expect(out.tests.map((t) => t.outcome)).toEqual(['pass', 'fail', 'pass']);
    expect(out.tests[1]!.actual.status).toBe('in-use');
    expect(out.tests[1]!.explanation).toBeDefined();
  });

  it('reads YAML test files and a policy named with "policy"', () => {
    const folder = suite(
      'yaml',
      [
        'policy: idle-databases.json',
        'tests:',
        '  - name: mysql without data',
        '    resource: { technology: mysql, details: { mysql: {} } }',
        '    status: no-activity-data',
      ].join('\n'),
      'databases.test.yaml',
    );
    const r = run(['test', folder]);
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/1 tests in 1 file: 1 passed/);
  });

  it('reports invalid test files as errors (exit 2): unknown status, missing policy, bad shape', () => {
    const cases: Array<[string, unknown, string, string]> = [
      [
        'unknown-status',
        { tests: [{ resource: {}, status: 'idel' }] },
        'idle-databases.test.json',
        '"idel" is not a status',
      ],
      ['no-policy', { tests: [{ resource: {}, status: 'idle' }] }, 'other.test.json', 'no "policy" given'],
      [
        'no-expectation',
        { tests: [{ resource: {} }] },
        'idle-databases.test.json',
        'give the expected "status"',
      ],
      [
        'typo',
        { tests: [{ resource: {}, staus: 'idle' }] },
        'idle-databases.test.json',
        'unknown key "staus"',
      ],
      ['empty', { tests: [] }, 'idle-databases.test.json', 'non-empty list'],
      ['not-json', '{"tests": [', 'idle-databases.test.json', 'not valid JSON'],
    ];
    for (const [name, tests, file, message] of cases) {
      const r = run(['test', suite(name, tests, file)]);
      expect(r.code, name).toBe(2);
      expect(r.stdout, name).toContain(message);
      expect(r.stdout, name).toContain('ERROR');
    }
  });

  it('a test whose entry is wrong is an error of its own; the other tests of its file run (exit 2)', () => {
    const folder = suite('one-misspelt', {
      tests: [
        { name: 'idle since January', resource: idleRecord('2026-01-10T00:00:00.000Z'), status: 'idle' },
        { name: 'misspelt', resource: idleRecord('2026-01-10T00:00:00.000Z'), status: 'idel' },
        { name: 'redis is out of scope', resource: { technology: 'redis' }, applicable: false },
      ],
    });
    const r = run(['test', folder]);
    expect(r.code).toBe(2);
    expect(r.stdout).toContain('ERROR');
    expect(r.stdout).toContain('Idle databases: misspelt');
    expect(r.stdout).toContain('at /tests/1/status: "idel" is not a status of policy "Idle databases"');
    expect(r.stdout).toMatch(/3 tests in 1 file: 2 passed, 0 failed, 1 error\n$/);
    const json = JSON.parse(run(['test', folder, '-f', 'json']).stdout) as {
      tests: { name: string; outcome: string }[];
    };
    expect(json.tests.map((t) => [t.name, t.outcome])).toEqual([
      ['idle since January', 'pass'],
      ['misspelt', 'error'],
      ['redis is out of scope', 'pass'],
    ]);
  });

  it('bounds a test file whose tests alias a big anchor, and cuts long values in the JSON report', () => {
    // 2,000 tests each aliasing a 30,000-item anchor: 60 million values once expanded.
    const items = Array.from({ length: 30_000 }, () => '  - x').join('\n');
    const aliases = Array.from({ length: 2_000 }, () => '  - { resource: *big, status: idle }').join('\n');
    const bomb = suite('alias-bomb', `big: &big\n${items}\ntests:\n${aliases}\n`, 'idle-databases.test.yaml');
    const r = run(['test', bomb, '-f', 'json']);
    expect(r.code).toBe(2);
    expect(r.stdout.length).toBeLessThan(10_000);
    expect(r.stdout).toContain('maxDocumentValues');

    // Within the bound, a long value found in a record is cut in the JSON report, its length given.
    const long = Array.from({ length: 3_000 }, (_, i) => `2026-01-${String(i).padStart(4, '0')}`);
    const cut = suite('long-value', {
      tests: [
        {
          resource: { technology: 'postgres', details: { postgres: { lastActiveConnectionTime: long } } },
          status: 'idle',
        },
      ],
    });
    const j = run(['test', cut, '-f', 'json']);
    expect(j.code).toBe(1);
    expect(j.stdout.length).toBeLessThan(20_000);
    const whole = JSON.stringify(long).length;
    expect(j.stdout).toContain(`"valueCut":${whole}`);
    expect(j.stdout).toContain(`"value":${JSON.stringify(`${JSON.stringify(long).slice(0, 1000)}…`)}`);
  });

  it('exits 2 when there is no test file, and on usage errors', () => {
    const empty = join(dir, 'no-tests');
    mkdirSync(empty);
    const r = run(['test', empty]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no test files');
    expect(run(['test', '--format', 'xml', empty]).code).toBe(2);
    expect(run(['test', '--bogus']).code).toBe(2);
  });

  it('test files beside policies are left out of eval and validate directory runs', () => {
    const folder = suite('beside', mixed);
    const ev = run(['eval', '-p', folder, '-i', join(root, 'fixtures', 'inventory', 'small.ndjson')]);
    expect(ev.code).toBe(0);
    expect((JSON.parse(ev.stdout) as { summary: { policies: unknown[] } }).summary.policies).toHaveLength(1);
    const val = run(['validate', folder, '--root', dir]);
    expect(val.code).toBe(0);
    expect(val.stdout).not.toContain('idle-databases.test.json');
    const named = run([
      'validate',
      join(folder, 'idle-databases.test.json'),
      join(folder, 'idle-databases.json'),
      '--root',
      dir,
    ]);
    expect(named.code).toBe(0);
    expect(named.stdout).not.toContain('idle-databases.test.json');
  });
});
