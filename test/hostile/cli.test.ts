import { execFileSync, spawnSync } from 'node:child_process';
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { printable } from '../../src/validate/unprintable.js';
import { NODE_FLAGS } from '../support/node-flags.js';
import { suiteTempDir } from '../support/temp.js';
import { guardPrototypes, HANG_BOUND_MS } from './support.js';

/**
 * Attacks on the CLI (the built binary, as users run it) through the files it reads: names and
 * contents that try to forge output lines, terminal escape sequences, GitHub Actions workflow commands,
 * FIFOs, invalid UTF-8, deep records. Human-readable output must neutralise them; JSON and SARIF output
 * must carry them exactly.
 */

guardPrototypes();

const root = join(import.meta.dirname, '..', '..');
const CLI = join(root, 'dist', 'cli.js');
const temp = suiteTempDir('hostile-cli');

function run(args: readonly string[], options: { cwd?: string; input?: string } = {}) {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, CLI, ...args], {
    cwd: options.cwd ?? root,
    encoding: 'utf8',
    input: options.input ?? '',
    timeout: HANG_BOUND_MS * 6,
  });
  if (r.error) throw r.error;
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** Characters that must never reach a terminal raw from a value (tab and the lines' own LF aside). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const RAW_CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u2028\u2029\u202A-\u202E\u2066-\u2069]/;

/** Asserts human-readable output is neutral: no raw control character, no line a workflow command. */
function expectNeutral(text: string): void {
  expect(text).not.toMatch(RAW_CONTROL);
  for (const line of text.split('\n')) expect(line.trimStart().startsWith('::'), line).toBe(false);
}

const ESC = '\u001b';
const FORGED = `\n::error file=x.json::forged${ESC}[2K${ESC}]0;title\u0007\u009b31m\u202Etxt.exe\u2028`;

const policyText = (name: string, status = 'bad', key = 'technology') =>
  JSON.stringify({
    name,
    statusDefinitions: {
      ok: { isDefault: true, criticality: 0 },
      [status]: {
        criticality: 10,
        rules: [{ conditions: [{ type: 'filter', condition: { filter: { [key]: { $eq: 'x' } } } }] }],
      },
    },
  });

let dir: string;
let hostileFile: string;
beforeAll(() => {
  dir = temp.subfolder('files-');
  mkdirSync(join(dir, '.git'));
  // A file name that forges a diagnostic line and a workflow command.
  hostileFile = join(dir, `p${ESC}[31m\n::error::forged.json`);
  writeFileSync(hostileFile, policyText(`name${FORGED}`, `status${FORGED}`, `tech${FORGED}`));
  writeFileSync(join(dir, 'latin1.json'), Buffer.from('{"name": "caf\xe9"}', 'latin1'));
  mkdirSync(join(dir, 'with-fifo'));
  writeFileSync(join(dir, 'with-fifo', 'a.json'), policyText('a'));
  execFileSync('mkfifo', [join(dir, 'with-fifo', 'b.json')]);
});

describe('printable, the one escaping of human-readable output', () => {
  it('escapes controls, separators and bidirectional controls, and a leading workflow command', () => {
    expect(printable(`a${ESC}[2Jb\u009b1m\u2028\u2029\u202E\r\n\u0000\u007f`)).toBe(
      'a\\u001B[2Jb\\u009B1m\\u2028\\u2029\\u202E\\u000D\\u000A\\u0000\\u007F',
    );
    expect(printable('::error::x')).toBe('\\u003A:error::x');
    expect(printable('  ::warning::x')).toBe('  \\u003A:warning::x');
    expect(printable('a ::b')).toBe('a ::b');
    expect(printable('tab\tstays')).toBe('tab\tstays');
    expect(printable('one\n::two', { lines: true })).toBe('one\n\\u003A:two');
    // Idempotent: escaping twice changes nothing more.
    expect(printable(printable(FORGED))).toBe(printable(FORGED));
  });
});

describe('validate: names and messages cannot forge output', () => {
  it('--format text escapes file names, keys and messages', () => {
    const r = run(['validate', '--format', 'text', dir], { cwd: dir });
    expectNeutral(r.stdout);
    expectNeutral(r.stderr);
    // The name is one line: its newline and escape are shown as escapes, so `::` starts no line.
    expect(r.stdout).toContain('p\\u001B[31m\\u000A::error::forged.json:1:');
  });

  it('--format github emits only its own workflow commands, one line per diagnostic', () => {
    const r = run(['validate', '--format', 'github', dir], { cwd: dir });
    const lines = r.stdout.split('\n').filter((l) => l !== '');
    // As many command lines as diagnostics: a newline smuggled in a name or a message would add one.
    const json = JSON.parse(run(['validate', '--format', 'json', dir], { cwd: dir }).stdout) as {
      files: { diagnostics: unknown[] }[];
    };
    const diagnostics = json.files.reduce((n, f) => n + f.diagnostics.length, 0);
    expect(diagnostics).toBeGreaterThan(0);
    expect(lines).toHaveLength(diagnostics);
    for (const line of lines) {
      expect(line).toMatch(/^::(error|warning) file=[^:]*(::|,)/);
      expect(line).not.toMatch(RAW_CONTROL);
      // The forged command of the file name and keys is there as data, escaped, never as a command.
      expect(line.indexOf('::', 2)).toBeGreaterThan(0);
      expect(line.slice(line.indexOf('::', 2) + 2)).not.toMatch(/(^|\n)::/);
    }
    expect(r.stdout).toContain('\\u001B');
    expect(r.stdout).not.toContain(ESC);
  });

  it('--format json and sarif carry the file name exactly', () => {
    const json = JSON.parse(run(['validate', '--format', 'json', hostileFile], { cwd: dir }).stdout) as {
      files: { file: string }[];
    };
    expect(json.files.map((f) => f.file)).toContain(hostileFile.slice(dir.length + 1));
    const sarif = JSON.parse(run(['validate', '--format', 'sarif', hostileFile], { cwd: dir }).stdout) as {
      runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[];
    };
    const uris = sarif.runs[0]?.results.map((r) => r.locations[0]?.physicalLocation.artifactLocation.uri);
    expect(uris?.length).toBeGreaterThan(0);
    for (const uri of uris ?? [])
      expect(decodeURIComponent(uri ?? '')).toBe(hostileFile.slice(dir.length + 1));
  });

  it('a file that is not UTF-8 is a diagnostic, not garbage on the terminal', () => {
    const r = run(['validate', join(dir, 'latin1.json')], { cwd: dir });
    expect(r.stdout).toContain('INVALID_ENCODING');
    expectNeutral(r.stdout);
  });
});

describe('eval: hostile policies and inventories', () => {
  it("a policy file's problems are escaped on stderr", () => {
    const bad = join(dir, 'bad-policy.json');
    writeFileSync(
      bad,
      JSON.stringify({ name: `n${FORGED}`, statusDefinitions: { [`s${FORGED}`]: { criticality: 1 } } }),
    );
    const r = run(['eval', '-p', bad, '-f', 'json'], { input: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('NO_DEFAULT_STATUS');
    expectNeutral(r.stderr);
  });

  it('a malformed NDJSON line holding escapes is echoed escaped', () => {
    const r = run(['eval', '-p', hostileFile, '-f', 'json'], {
      input: `{"technology": "x"}\n{"bad${ESC}[2J${FORGED}\n`,
    });
    expect(r.code).toBe(3);
    expect(r.stderr).toContain('not valid JSON');
    expectNeutral(r.stderr);
  });

  it('the --fail-on conditions met are named escaped, as the statuses they name', () => {
    const status = `s${ESC}[2K\u202Ex`;
    const file = join(dir, 'fail-on.json');
    writeFileSync(file, policyText('fail-on', status));
    const r = run(['eval', '-p', file, '-f', 'json', '--fail-on', status], {
      input: '{"technology": "x"}\n',
    });
    expect(r.code).toBe(1);
    expect(r.stderr).toContain(`--fail-on ${printable(status)} met: fail-on: ${printable(status)} (1)`);
    expectNeutral(r.stderr);
  });

  it('--format table escapes policy and status names; --explain escapes paths and values', () => {
    const input = `${JSON.stringify({ [`tech${FORGED}`]: `x${FORGED}` })}\n`;
    for (const args of [
      ['-f', 'table'],
      ['-f', 'table', '--explain'],
    ]) {
      const r = run(['eval', '-p', hostileFile, ...args], { input });
      expect(r.code).toBe(0);
      expectNeutral(r.stdout);
      expect(r.stdout).toContain(printable(`status${FORGED}`));
    }
  });

  it('JSON output carries the names exactly', () => {
    const r = run(['eval', '-p', hostileFile, '-f', 'json'], { input: '{"technology": "x"}\n' });
    const { summary } = JSON.parse(r.stdout) as { summary: { policies: { policy: string }[] } };
    expect(summary.policies[0]?.policy).toBe(`name${FORGED}`);
  });

  it('a FIFO named *.json in a policy directory is refused, not opened (no hang)', () => {
    const r = run(['eval', '-p', join(dir, 'with-fifo'), '-f', 'json'], { input: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/b\.json: the file is a FIFO, not a regular file; not read/);
  });

  it('a policy file that is not UTF-8 is refused', () => {
    const r = run(['eval', '-p', join(dir, 'latin1.json'), '-f', 'json'], { input: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('not valid UTF-8');
  });

  it('--explain over a record holding an array nested 5,000 deep works in every format', () => {
    let deep = '1';
    for (let i = 0; i < 5_000; i++) deep = `[${deep}]`;
    const input = `{"technology": ${deep}}\n`;
    const plain = join(dir, 'plain-policy.json');
    writeFileSync(plain, policyText('plain'));
    for (const format of ['ndjson', 'json', 'table']) {
      const r = run(['eval', '-p', plain, '--explain', '-f', format], { input });
      expect(r.stderr).toBe('');
      expect(r.code).toBe(0);
      expect(r.stdout).toContain('[nested too deep]');
    }
  });
});

describe('svc-policy test: names and statuses from test and policy files cannot forge its output', () => {
  /** A folder holding the hostile policy and a test file whose names and keys forge lines. */
  function suite(): string {
    const folder = temp.subfolder('test-forge-');
    writeFileSync(join(folder, 'p.json'), policyText(`name${FORGED}`, `status${FORGED}`, 'technology'));
    const forge =
      '\nPASS forged.test.json: every test\nok 99 - forged\n9 tests in 9 files: 9 passed, 0 failed, 0 errors';
    const tests = [
      // Fails: gets `status…FORGED` where `ok` was expected, so both names reach the message.
      { name: `fails${forge}${FORGED}`, resource: { technology: 'x' }, status: 'ok' },
      // An unknown key holding the forged lines: an error of this test, quoting the key.
      { name: 'typo', resource: {}, status: 'ok', [`key${forge}${FORGED}`]: 1 },
      { name: `passes${forge}`, resource: { technology: 'y' }, status: 'ok' },
    ];
    writeFileSync(join(folder, 'p.test.json'), JSON.stringify({ policy: 'p.json', tests }));
    return folder;
  }

  it('text: one line per outcome and one summary, every value escaped', () => {
    const r = run(['test', '--verbose', suite()]);
    expect(r.code).toBe(2);
    expectNeutral(r.stdout);
    const lines = r.stdout.split('\n');
    expect(lines.filter((l) => /^(PASS|FAIL|ERROR) /.test(l)).map((l) => l.slice(0, 5))).toEqual([
      'FAIL ',
      'ERROR',
      'PASS ',
    ]);
    // Every test expects the policy's default status: the file's DEFAULT_ONLY_TESTS warning is counted.
    expect(lines.filter((l) => /^\d+ tests in/.test(l))).toEqual([
      '3 tests in 1 file: 1 passed, 1 failed, 1 error, 1 warning',
    ]);
  });

  it('tap: one test line per test, no raw escape, OSC, BEL, separator or bidirectional control', () => {
    const r = run(['test', '-f', 'tap', suite()]);
    expectNeutral(r.stdout);
    const lines = r.stdout.split('\n');
    expect(lines.filter((l) => /^(not )?ok \d+ /.test(l)).map((l) => l.split(' - ')[0])).toEqual([
      'not ok 1',
      'not ok 2',
      'ok 3',
    ]);
    expect(lines.filter((l) => l.startsWith('# tests'))).toEqual(['# tests 3']);
    // The YAML diagnostic lines are still JSON strings that read back as the escaped text.
    const message = lines.find((l) => l.startsWith('  message: '))!.slice('  message: '.length);
    expect(JSON.parse(message)).toContain(printable(`status${FORGED}`));
  });

  it('junit: no raw newline or control in names and messages; the XML parses', () => {
    const r = run(['test', '-f', 'junit', suite()]);
    expectNeutral(r.stdout);
    const lines = r.stdout.split('\n');
    // Every line is markup or a line of an explanation (indented), never a forged report line.
    for (const line of lines) expect(line, line).not.toMatch(/^(PASS|ok \d|\d+ tests in)/);
    const cases = lines.filter((l) => l.trimStart().startsWith('<testcase '));
    expect(cases).toHaveLength(3);
    for (const c of cases) expect(c).toMatch(/^ {4}<testcase [^\n]*>$/);
  });

  it('json carries the names exactly', () => {
    const r = run(['test', '-f', 'json', suite()]);
    const out = JSON.parse(r.stdout) as { tests: { name: string; outcome: string }[] };
    expect(out.tests.map((t) => t.outcome)).toEqual(['fail', 'error', 'pass']);
    expect(out.tests[0]!.name).toContain(FORGED);
  });
});

describe('one rule for links in a directory, every command: confined; the paths named are the user’s', () => {
  let outside: string;
  let policies: string;
  beforeAll(() => {
    outside = temp.subfolder('outside-');
    writeFileSync(join(outside, 'secret.json'), '{"secret": "do not print me"');
    writeFileSync(join(outside, 'p.json'), policyText('outside policy'));
    // A repository root: what its directories hold must resolve inside it.
    const repo = temp.subfolder('repo-');
    mkdirSync(join(repo, '.git'));
    policies = join(repo, 'policies');
    mkdirSync(policies);
    writeFileSync(join(policies, 'a.json'), policyText('a'));
    symlinkSync(join(outside, 'secret.json'), join(policies, 'b.json'));
  });
  const cwd = () => join(policies, '..');

  it('eval -p DIR refuses a link leading outside, without reading it', () => {
    const r = run(['eval', '-p', 'policies', '-f', 'json'], { cwd: cwd(), input: '' });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/b\.json: the file resolves to .*secret\.json, outside .*; not read/);
    expect(r.stderr).not.toContain('do not print me');
  });

  it('diff --before DIR refuses it too', () => {
    writeFileSync(join(cwd(), 'inventory.ndjson'), '{"technology": "x"}\n');
    const r = run(['diff', '--before', 'policies', '--after', 'policies', '-i', 'inventory.ndjson'], {
      cwd: cwd(),
    });
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/b\.json: the file resolves to .*, outside .*; not read/);
    expect(r.stderr).not.toContain('do not print me');
  });

  it('test refuses a policy: entry or a policy beside the test file that leads outside', () => {
    const tests = join(cwd(), 'tests');
    mkdirSync(tests);
    const test = { tests: [{ resource: {}, status: 'ok' }] };
    writeFileSync(join(tests, 'far.test.json'), JSON.stringify({ policy: join(outside, 'p.json'), ...test }));
    writeFileSync(
      join(tests, 'up.test.json'),
      JSON.stringify({ policy: relative(tests, join(outside, 'p.json')), ...test }),
    );
    symlinkSync(join(outside, 'secret.json'), join(tests, 'beside.json'));
    writeFileSync(join(tests, 'beside.test.json'), JSON.stringify(test));
    const r = run(['test', 'tests'], { cwd: cwd() });
    expect(r.code).toBe(2);
    expect(r.stdout.match(/^ERROR .*\n {2}.*outside .*not read$/gm)).toHaveLength(3);
    expect(r.stdout).not.toContain('do not print me');
  });

  it('a policy extension in upper case is a policy file for eval, diff and validate alike', () => {
    const upper = temp.subfolder('upper-');
    writeFileSync(join(upper, 'P.JSON'), policyText('upper'));
    const ev = run(['eval', '-p', upper, '-f', 'json'], { input: '{"technology": "x"}\n' });
    expect(ev.code).toBe(0);
    expect(JSON.parse(ev.stdout).summary.policies.map((p: { policy: string }) => p.policy)).toEqual([
      'upper',
    ]);
    expect(run(['validate', upper]).stdout).toMatch(/^1 file checked/);
    writeFileSync(join(upper, 'inventory.ndjson'), '{"technology": "x"}\n');
    const df = run([
      'diff',
      '--before',
      upper,
      '--after',
      upper,
      '-i',
      join(upper, 'inventory.ndjson'),
      '-f',
      'json',
    ]);
    expect(df.code).toBe(0);
    expect(JSON.parse(df.stdout).policies.map((p: { policy: string }) => p.policy)).toEqual(['upper']);
  });

  it('a file named on the command line is read wherever it leads (eval, diff, validate, test)', () => {
    const named = join(outside, 'p.json');
    const ev = run(['eval', '-p', named, '-f', 'json'], { cwd: cwd(), input: '{"technology": "x"}\n' });
    expect(ev.stderr).toBe('');
    expect(ev.code).toBe(0);
    const val = run(['validate', named], { cwd: cwd() });
    expect(val.code).toBe(0);
    const df = run(['diff', '--before', named, '--after', named, '-i', 'inventory.ndjson', '-f', 'json'], {
      cwd: cwd(),
    });
    expect(df.stderr).toBe('');
    expect(df.code).toBe(0);
    writeFileSync(join(outside, 'p.test.json'), JSON.stringify({ tests: [{ resource: {}, status: 'ok' }] }));
    const t = run(['test', join(outside, 'p.test.json')], { cwd: cwd() });
    expect(t.stdout).toMatch(/1 passed/);
    expect(t.code).toBe(0);
  });
});
