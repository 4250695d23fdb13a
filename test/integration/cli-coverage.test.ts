import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import lcovParser from '@friedemannsommer/lcov-parser/sync';
import { beforeAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../support/node-flags.js';
import { sarifErrors } from '../support/sarif.js';
import { suiteTempDir } from '../support/temp.js';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const examples = join(root, 'fixtures', 'policies', 'examples');
const temp = suiteTempDir('coverage');
const AS_OF = ['--as-of', '2026-06-01T00:00:00Z'];

function run(args: string[], cwd = root, env: Record<string, string> = {}) {
  const pinned = args[0] === 'validate' ? args : [...args, ...AS_OF];
  const r = spawnSync(process.execPath, [...NODE_FLAGS, cli, ...pinned], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CI: '', NODE_DEBUG: '', ...env },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * A policy with a rule validate calls shadowed (`bad`: `worse` decides first whenever it holds) and a
 * condition it calls impossible (`odd`): tests can cover neither, so each is an uncovered item at the
 * pointer validate reports.
 */
const POLICY_JSON = `{
  "name": "coverage sample",
  "statusDefinitions": {
    "ok": { "isDefault": true, "criticality": 0 },
    "worse": {
      "criticality": 30,
      "rules": [{ "conditions": [{ "type": "filter", "condition": { "filter": { "a": { "$eq": 1 } } } }] }]
    },
    "bad": {
      "criticality": 20,
      "rules": [
        {
          "conditions": [
            { "type": "filter", "condition": { "filter": { "a": { "$eq": 1 }, "b": { "$eq": 2 } } } }
          ]
        }
      ]
    },
    "odd": {
      "criticality": 10,
      "rules": [{ "conditions": [{ "type": "filter", "condition": { "filter": { "c": { "$gt": 5, "$lt": 3 } } } }] }]
    }
  }
}
`;

const POLICY_YAML = `# the same policy, in YAML
name: coverage sample
statusDefinitions:
  ok:
    isDefault: true
    criticality: 0
  worse:
    criticality: 30
    rules:
      - conditions:
          - type: filter
            condition:
              filter: { a: { $eq: 1 } }
  bad:
    criticality: 20
    rules:
      - conditions:
          - type: filter
            condition:
              filter:
                a: { $eq: 1 }
                b: { $eq: 2 }
  odd:
    criticality: 10
    rules:
      - conditions:
          - type: filter
            condition:
              filter:
                c:
                  $gt: 5
                  $lt: 3
`;

const TESTS = {
  tests: [
    { name: 'a is 1', resource: { a: 1 }, status: 'worse' },
    { name: 'a is 0', resource: { a: 0 }, status: 'ok' },
  ],
};

function suite(ext: 'json' | 'yaml'): string {
  const dir = temp.subfolder(`${ext}-`);
  writeFileSync(join(dir, `p.${ext}`), ext === 'json' ? POLICY_JSON : POLICY_YAML);
  writeFileSync(join(dir, 'p.test.json'), JSON.stringify(TESTS));
  return dir;
}

interface Placed {
  readonly code: string;
  readonly path: string;
  readonly line: number;
  readonly column: number;
}

beforeAll(() => {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npx tsup` (npm test builds it)');
});

describe('svc-policy test --coverage', () => {
  for (const ext of ['json', 'yaml'] as const) {
    it(`places uncovered items where validate places its diagnostics (${ext})`, () => {
      const dir = suite(ext);
      const validated = JSON.parse(run(['validate', `p.${ext}`, '--format', 'json'], dir).stdout) as {
        files: { diagnostics: Placed[] }[];
      };
      const diagnostics = validated.files[0]!.diagnostics;
      const shadowed = diagnostics.find((d) => d.code === 'SHADOWED_RULE')!;
      const impossible = diagnostics.find((d) => d.code === 'IMPOSSIBLE_CONDITION')!;
      expect(shadowed.path).toBe('/statusDefinitions/bad/rules/0');
      expect(impossible.path).toBe('/statusDefinitions/odd/rules/0/conditions/0/condition/filter/c');

      const r = run(['test', '--format', 'json', '--coverage'], dir);
      expect(r.code, r.stderr).toBe(0);
      const report = JSON.parse(r.stdout) as {
        passed: number;
        coverage: { uncovered: (Placed & { file: string; message: string })[]; totals: unknown };
      };
      expect(report.passed).toBe(2);
      const uncovered = report.coverage.uncovered;
      const rule = uncovered.find((u) => u.code === 'UNCOVERED_RULE' && u.path === shadowed.path)!;
      expect([rule.line, rule.column]).toEqual([shadowed.line, shadowed.column]);
      expect(rule.file).toBe(`p.${ext}`);
      const branch = uncovered.find((u) => u.code === 'UNCOVERED_BRANCH' && u.path === impossible.path)!;
      expect([branch.line, branch.column]).toEqual([impossible.line, impossible.column]);
      expect(branch.message).toBe('"c" in rule 1 of "odd" was never true (false for 1 test)');
      expect(report.coverage.totals).toEqual({
        statuses: { covered: 2, total: 4, percent: 50 },
        rules: { covered: 1, total: 3, percent: 33.33 },
        // Points: a (worse), the filter of bad and its a and b, c (odd): 10 branches; seen: a true and
        // false, bad's filter and a false, c false.
        branches: { covered: 5, total: 10, percent: 50 },
      });

      // The text report prints them as validate does: file:line:column.
      const text = run(['test', '--coverage'], dir);
      expect(text.stdout).toContain(
        `p.${ext}:${shadowed.line}:${shadowed.column} warning UNCOVERED_RULE rule 1 of "bad" decided no test\n`,
      );
      expect(text.stdout).toContain(
        'coverage: statuses 2/4 (50%), rules 1/3 (33.33%), branches 5/10 (50%)\n',
      );

      // lcov, read by an lcov parser: the shadowed rule is a function never run, on validate's line.
      const lcov = run(['test', '--coverage-format', 'lcov', '--coverage-output', 'lcov.info'], dir);
      expect(lcov.code, lcov.stderr).toBe(0);
      const [section, ...more] = lcovParser({ from: readFileSync(join(dir, 'lcov.info')) });
      expect(more).toEqual([]);
      expect(section!.path).toBe(`p.${ext}`);
      expect(section!.functions.details).toContainEqual({ name: 'bad rule 1', line: shadowed.line, hit: 0 });
      expect(section!.functions).toMatchObject({ hit: 1, instrumented: 3 });
      expect(section!.branches).toMatchObject({ hit: 5, instrumented: 10 });
      const cBranches = section!.branches.details.filter((b) => b.line === impossible.line);
      expect(cBranches.map((b) => [b.branch, b.hit])).toEqual([
        ['0', 0],
        ['1', 1],
      ]);
      expect(section!.lines.details).toContainEqual({ line: shadowed.line, hit: 0 });
    });
  }

  it('exits 4 below a --coverage-threshold, per kind, and 1 when a test fails', () => {
    const dir = suite('json');
    const all = run(['test', '--coverage-threshold', '100'], dir);
    expect(all.code).toBe(4);
    expect(all.stderr).toBe(
      'svc-policy test: coverage below --coverage-threshold: statuses 50% < 100%, rules 33.33% < 100%, branches 50% < 100%\n',
    );
    expect(run(['test', '--coverage-threshold', 'statuses=50'], dir).code).toBe(0);
    expect(
      run(['test', '--coverage-threshold', 'statuses=50', '--coverage-threshold', 'rules=34'], dir).code,
    ).toBe(4);
    expect(run(['test', '--coverage-threshold', 'branches=50%'], dir).code).toBe(0);
    // Without the flags, the same run exits 0 and prints no coverage.
    const plain = run(['test'], dir);
    expect(plain.code).toBe(0);
    expect(plain.stdout).not.toContain('coverage');
    writeFileSync(
      join(dir, 'p.test.json'),
      JSON.stringify({ tests: [...TESTS.tests, { name: 'wrong', resource: { a: 0 }, status: 'bad' }] }),
    );
    expect(run(['test', '--coverage-threshold', '100'], dir).code).toBe(1);
    const junit = run(['test', '--format', 'junit', '--coverage'], dir);
    expect(junit.code).toBe(2);
    expect(junit.stderr).toContain('write the coverage with --coverage-output FILE');
    const bad = run(['test', '--coverage-threshold', 'lines=50'], dir);
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--coverage-threshold must be [statuses=|rules=|branches=]PERCENT');
  });

  it('writes uncovered items as valid SARIF and as GitHub annotations', () => {
    const dir = suite('yaml');
    const r = run(['test', '--coverage-format', 'sarif', '--coverage-output', 'coverage.sarif'], dir);
    expect(r.code, r.stderr).toBe(0);
    const log = JSON.parse(readFileSync(join(dir, 'coverage.sarif'), 'utf8'));
    expect(sarifErrors(log)).toEqual([]);
    const results = log.runs[0].results as { ruleId: string; level: string }[];
    expect(new Set(results.map((x) => x.ruleId))).toEqual(
      new Set(['UNCOVERED_STATUS', 'UNCOVERED_RULE', 'UNCOVERED_BRANCH']),
    );
    expect(results.every((x) => x.level === 'warning')).toBe(true);
    const gh = run(['test', '--coverage-format', 'github'], dir);
    expect(gh.stdout).toMatch(
      /^::warning file=p\.yaml,line=\d+,col=\d+,title=UNCOVERED_RULE at \/statusDefinitions\/bad\/rules\/0::rule 1 of "bad" decided no test$/m,
    );
  });
});

describe('hostile names', () => {
  it('keeps a status name with a line break and commas from breaking lcov records or text lines', () => {
    const dir = temp.subfolder('hostile-');
    const name = 'bad,\nend_of_record\n::error::forged';
    writeFileSync(
      join(dir, 'h.json'),
      JSON.stringify({
        name: 'h',
        statusDefinitions: {
          ok: { isDefault: true, criticality: 0 },
          [name]: {
            criticality: 1,
            rules: [{ conditions: [{ type: 'filter', condition: { filter: { a: { $eq: 1 } } } }] }],
          },
        },
      }),
    );
    writeFileSync(
      join(dir, 'h.test.json'),
      JSON.stringify({ tests: [{ resource: { a: 0 }, status: 'ok' }] }),
    );
    const lcov = run(['test', '--coverage-format', 'lcov'], dir);
    expect(lcov.code, lcov.stderr).toBe(0);
    const text = lcov.stdout.slice(lcov.stdout.indexOf('TN:'));
    const [section, ...more] = lcovParser({ from: text });
    expect(more).toEqual([]);
    expect(section!.functions.details).toEqual([
      { name: 'bad_\\u000Aend_of_record\\u000A::error::forged rule 1', line: 1, hit: 0 },
    ]);
    const plain = run(['test', '--coverage'], dir);
    expect(plain.stdout).not.toMatch(/^::error/m);
    expect(plain.stdout).not.toMatch(/^end_of_record/m);
  });
});

describe('vacuous tests', () => {
  const POLICY = {
    name: 'vacuous',
    statusDefinitions: {
      ok: {
        isDefault: true,
        criticality: 0,
        rules: [
          { conditions: [{ type: 'filter', condition: { filter: { a: { $eq: 5 } } } }] },
          { conditions: [{ type: 'filter', condition: { filter: { a: { $eq: 6 } } } }] },
        ],
      },
      bad: {
        criticality: 10,
        rules: [{ conditions: [{ type: 'filter', condition: { filter: { a: { $eq: 1 } } } }] }],
      },
    },
  };

  it('warns of a test naming a rule that passes through the default, and of default-only files', () => {
    const dir = temp.subfolder('vacuous-');
    writeFileSync(join(dir, 'v.json'), JSON.stringify(POLICY));
    writeFileSync(
      join(dir, 'v.test.json'),
      JSON.stringify({
        tests: [
          { name: 'matched by rule 1', resource: { a: 0 }, status: 'ok', rule: 1 },
          { name: 'really rule 1', resource: { a: 5 }, status: 'ok', rule: 1 },
        ],
      }),
    );
    const r = run(['test', dir]);
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toContain(
      'WARN ' +
        join(dir, 'v.test.json') +
        ': vacuous: matched by rule 1\n  VACUOUS_TEST: names rule 1 of "ok", but no rule decided: the status was reached through the default\n',
    );
    expect(r.stdout).toContain('DEFAULT_ONLY_TESTS: every test expects the default status "ok"');
    expect(r.stdout).toContain('2 passed, 0 failed, 0 errors, 2 warnings\n');
    const json = JSON.parse(run(['test', dir, '--format', 'json']).stdout) as {
      warnings: { name: string | null }[];
    };
    expect(json.warnings.map((w) => w.name)).toEqual([null, 'matched by rule 1']);

    // A named rule is an expectation: another rule deciding fails the test; a bad number is an error.
    writeFileSync(
      join(dir, 'v.test.json'),
      JSON.stringify({
        tests: [
          { name: 'rule 2 decides', resource: { a: 6 }, status: 'ok', rule: 1 },
          { name: 'bad', resource: { a: 1 }, status: 'bad', rule: 1 },
          { name: 'no such rule', resource: { a: 1 }, status: 'bad', rule: 2 },
        ],
      }),
    );
    const failed = run(['test', dir]);
    expect(failed.code).toBe(2);
    expect(failed.stdout).toContain('expected "ok" by rule 1, got "ok" (criticality 0, rule 2)');
    expect(failed.stdout).toContain('/tests/2/rule: must be a rule number of status "bad", 1 to 1');
    expect(failed.stdout).not.toContain('DEFAULT_ONLY_TESTS');
  });
});

describe('svc-policy eval --coverage', () => {
  it('counts over the inventory; --jobs gives the counts of one thread', () => {
    const lines: string[] = [];
    for (let i = 0; i < 6000; i++) {
      lines.push(
        JSON.stringify({
          id: `r${i}`,
          resource: i % 10 === 0 ? 'certificate' : 'component',
          technology: ['postgres', 'redis', 'kubernetes', 'mysql'][i % 4],
          version: i % 2 ? '14' : '9.6',
          expirationDate: i % 3 ? '2026-01-01T00:00:00.000Z' : '2027-01-01T00:00:00.000Z',
          details: { postgres: { lastActiveConnectionTime: i % 7 ? '2026-05-30T00:00:00.000Z' : null } },
        }),
      );
    }
    const file = join(temp.folder(), 'inventory.ndjson');
    writeFileSync(file, `${lines.join('\n')}\n`);
    const args = ['eval', '-p', examples, '-i', file, '--format', 'json', '--coverage'];
    const one = run([...args, '--jobs', '1']);
    const two = run([...args, '--jobs', '2'], root, { NODE_DEBUG: 'svc-policy' });
    expect(one.code, one.stderr).toBe(0);
    const coverage = (text: string) =>
      (JSON.parse(text) as { summary: { coverage: unknown } }).summary.coverage;
    expect(coverage(two.stdout)).toEqual(coverage(one.stdout));
    if (availableParallelism() > 1) expect(two.stderr).toMatch(/range 2 of \d+/);
    const c = coverage(one.stdout) as {
      policies: { policy: string; evaluated: number; rules: { decided: number }[] }[];
    };
    // The inactive policy evaluated nothing: it is left out.
    expect(c.policies.map((p) => p.policy)).not.toContain('Unowned components');
    const certificates = c.policies.find((p) => p.policy === 'Certificate expiry')!;
    expect(certificates.evaluated).toBe(600);

    const table = run([
      'eval',
      '-p',
      examples,
      '-i',
      file,
      '--format',
      'table',
      '--coverage-threshold',
      'rules=100',
    ]);
    expect(table.code).toBe(4);
    expect(table.stdout).toMatch(/warning UNCOVERED_RULE rule \d+ of "[^"]+" decided no record\n/);
    expect(table.stderr).toMatch(/coverage below --coverage-threshold: rules [\d.]+% < 100%\n$/);
    const duck = run(['eval', '-p', examples, '-i', file, '--engine', 'duckdb', '--coverage']);
    expect(duck.code).toBe(2);
    expect(duck.stderr).toContain(
      '--coverage counts what each record consults, which only --engine memory does',
    );
  });
});
