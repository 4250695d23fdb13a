import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, realpathSync, symlinkSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Diagnostic } from '../../src/validate.js';
import { NODE_FLAGS } from '../support/node-flags.js';
import { sarifErrors } from '../support/sarif.js';
import { suiteTempDir } from '../support/temp.js';

/** The built binary, as users run it (`npm test` builds before vitest; locally: `npx tsup`). */
const CLI = resolve('dist/cli.js');
const VALID = resolve('fixtures/policies/valid');
const INVALID = resolve('fixtures/policies/invalid');
const K8S = resolve('test/unit/validate/k8s-node-schema.json');

function run(args: readonly string[], cwd = process.cwd()) {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, CLI, 'validate', ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const GOOD = JSON.stringify({
  name: 'p',
  resource: 'component',
  statusDefinitions: {
    ok: { isDefault: true, criticality: 0 },
    bad: {
      criticality: 10,
      rules: [{ conditions: [{ type: 'filter', condition: { filter: { technology: { $eq: 'x' } } } }] }],
    },
  },
});

const temp = suiteTempDir('validate');
let dir: string;
let outsideDir: string;
beforeAll(() => {
  // A sandbox with its own repository root, so "outside the root" is well defined.
  dir = temp.subfolder('sandbox-');
  mkdirSync(join(dir, '.git'));
  mkdirSync(join(dir, 'policies', 'nested'), { recursive: true });
  writeFileSync(join(dir, 'policies', 'good.json'), GOOD);
  writeFileSync(
    join(dir, 'policies', 'nested', 'good.yaml'),
    'name: y\nstatusDefinitions:\n  ok: { isDefault: true, criticality: 0 }\n',
  );
  writeFileSync(join(dir, 'policies', 'notes.txt'), 'not a policy');
  writeFileSync(join(dir, 'bom.json'), `\uFEFF${GOOD.replace('"technology"', '"technolgy"')}`);
  writeFileSync(join(dir, 'latin1.yaml'), Buffer.from([0x6e, 0x61, 0x6d, 0x65, 0x3a, 0x20, 0xe9, 0x0a]));
  writeFileSync(join(dir, 'big.json'), `{"name": "${'x'.repeat(2000)}"}`);
  writeFileSync(join(dir, 'outside.json'), GOOD);
  execFileSync('mkfifo', [join(dir, 'fifo.json')]);
  outsideDir = temp.subfolder('outside-');
  writeFileSync(join(outsideDir, 'p.json'), GOOD);
  symlinkSync(join(outsideDir, 'p.json'), join(dir, 'escape.json'));
  // The same link met while walking a directory: confined.
  mkdirSync(join(dir, 'inner'));
  symlinkSync(join(outsideDir, 'p.json'), join(dir, 'inner', 'escape.json'));
  // A directory outside the root holding a link that leads out of it.
  symlinkSync(join(dir, 'outside.json'), join(outsideDir, 'back.json'));
  // A directory holding a link to the file system root: searching it must not walk the whole disk.
  mkdirSync(join(dir, 'linked'));
  writeFileSync(join(dir, 'linked', 'good.json'), GOOD);
  symlinkSync('/', join(dir, 'linked', 'everything'));
  writeFileSync(join(dir, 'comma, colon: 100%.json'), GOOD.replace('"technology"', '"technolgy"'));
  chmodSync(join(dir, 'outside.json'), 0o644);
});

describe('svc-policy validate (built binary)', () => {
  it('exits 0 on valid files and directories (recursing into .json/.yaml/.yml only)', () => {
    const r = run([VALID, '--k8s-schema', K8S]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^5 files checked: 0 errors, 0 warnings\n$/);
    const nested = run(['policies'], dir);
    expect(nested.code).toBe(0);
    expect(nested.stdout).toContain('2 files checked');
  });

  it('exits 1 with file:line:column, code and a code frame on errors', () => {
    const r = run([join(INVALID, 'unknown-field.json')]);
    expect(r.code).toBe(1);
    expect(r.stdout).toContain(
      `fixtures/policies/invalid/unknown-field.json:10:11 error UNKNOWN_FIELD unknown field "technolgy"`,
    );
    expect(r.stdout).toContain('did you mean "technology"?');
    expect(r.stdout).toContain('> 10 |           "technolgy": { "$eq": "postgres" },');
    expect(r.stdout).toContain('     |           ^');
  });

  it('accepts globs', () => {
    const r = run(['policies/**/*.yaml'], dir);
    expect(r.code).toBe(0);
    expect(r.stdout).toContain('1 file checked');
    const none = run(['nothing/*.json'], dir);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no policy files in nothing/*.json');
  });

  it('exits 2 on usage errors', () => {
    expect(run([]).code).toBe(2);
    expect(run(['--format', 'xml', VALID]).code).toBe(2);
    expect(run(['--bogus', VALID]).code).toBe(2);
    const help = run(['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('exit codes:');
  });

  it('strips a BOM and keeps columns as the editor shows them', () => {
    const r = run(['bom.json', '--format', 'json'], dir);
    expect(r.code).toBe(1);
    const out = JSON.parse(r.stdout);
    const d = out.files[0].diagnostics[0];
    expect(d.code).toBe('UNKNOWN_FIELD');
    const column = GOOD.indexOf('"technology"') + 1;
    expect([d.line, d.column]).toEqual([1, column]);
  });

  it('reports hostile files with a diagnostic, never a hang or a stack trace', () => {
    const cases: [string, RegExp, number][] = [
      ['latin1.yaml', /INVALID_ENCODING .*not valid UTF-8: invalid byte 0xe9 at byte offset 6 \(line 1\)/, 1],
      ['fifo.json', /UNREADABLE_FILE .*is a FIFO, not a regular file/, 2],
      ['/dev/zero', /UNREADABLE_FILE .*is a character device, not a regular file/, 2],
      ['policies', /^2 files checked/, 0],
      // Named on the command line: the user's to read, wherever it leads.
      ['escape.json', /^1 file checked: 0 errors/, 0],
      // Met while walking a directory: confined to the root.
      ['inner', /UNREADABLE_FILE .*resolves to .*outside .*not read/, 2],
      ['missing.json', /UNREADABLE_FILE .*no such file or directory/, 2],
    ];
    for (const [path, pattern, code] of cases) {
      const r = run([path], dir);
      expect(r.stdout, path).toMatch(pattern);
      expect(r.code, path).toBe(code);
      expect(r.stderr, path).not.toMatch(/\bat .*\.js:\d+/);
    }
    const big = run(['big.json', '--max-bytes', '1000'], dir);
    expect(big.code).toBe(2);
    expect(big.stdout).toMatch(/MAX_FILE_BYTES_EXCEEDED .*more than the limit of 1000/);
    // --root confines what directories hold, not the files named.
    expect(run(['outside.json', '--root', VALID], dir).code).toBe(0);
    expect(run(['.', '--root', join(dir, 'policies'), '--format', 'json'], dir).stdout).toMatch(
      /outside .*not read/,
    );
  });

  it('reads --k8s-schema as carefully as a policy file: a FIFO or /dev/zero is a usage error', () => {
    for (const schema of ['fifo.json', '/dev/zero']) {
      const r = run(['--k8s-schema', schema, 'policies'], dir);
      expect(r.code, schema).toBe(2);
      expect(r.stderr, schema).toMatch(/cannot read --k8s-schema .*not a regular file/);
      expect(r.stderr, schema).not.toMatch(/\bat .*\.js:\d+/);
    }
  });

  it('reports a directory link leading outside the root instead of searching it', () => {
    const r = run(['linked', '--format', 'json'], dir);
    expect(r.code).toBe(2);
    const out = JSON.parse(r.stdout) as { files: { file: string; diagnostics: Diagnostic[] }[] };
    expect(out.files.map((f) => f.file)).toEqual(['linked/everything', 'linked/good.json']);
    expect(out.files[0]!.diagnostics[0]!.code).toBe('UNREADABLE_FILE');
    expect(out.files[0]!.diagnostics[0]!.message).toMatch(/resolves to \/, outside .*not searched/);
    expect(out.files[1]!.diagnostics).toEqual([]);
    // A directory named outside the root is the user's to search; what it holds is confined to it.
    const named = run([outsideDir, '--format', 'json'], dir);
    expect(named.code).toBe(2);
    const files = (JSON.parse(named.stdout) as { files: { file: string; diagnostics: Diagnostic[] }[] })
      .files;
    expect(files.map((f) => [f.file.split('/').at(-1), f.diagnostics.map((d) => d.code)])).toEqual([
      ['back.json', ['UNREADABLE_FILE']],
      ['p.json', []],
    ]);
    expect(files[0]!.diagnostics[0]!.message).toContain(`outside ${realpathSync(outsideDir)}`);
  });

  // procfs reports a size of 0 for files that hold text: the reader must not trust `stat`'s size.
  it.skipIf(!existsSync('/proc/self/status'))('reads a file past the size stat reports (procfs)', () => {
    const r = run(['/proc/self/status', '--root', '/', '--format', 'json'], dir);
    const d = JSON.parse(r.stdout).files[0].diagnostics as Diagnostic[];
    expect(d.map((x) => x.code)).toContain('UNKNOWN_PROPERTY');
    expect(d.some((x) => x.message.includes('"Name"'))).toBe(true);
  });

  it('prints SARIF 2.1.0 that is valid against the SARIF schema', () => {
    const r = run([INVALID, '--format', 'sarif']);
    expect(r.code).toBe(1);
    const log = JSON.parse(r.stdout);
    expect(sarifErrors(log)).toEqual([]);
    const results = log.runs[0].results as {
      ruleId: string;
      locations: { physicalLocation: { region?: { startLine: number; startColumn: number } } }[];
    }[];
    expect(results.length).toBeGreaterThan(20);
    for (const result of results) {
      const region = result.locations[0]!.physicalLocation.region!;
      expect(region.startLine).toBeGreaterThanOrEqual(1);
      expect(region.startColumn).toBeGreaterThanOrEqual(1);
    }
    const hostile = run(['fifo.json', 'latin1.yaml', '--format', 'sarif'], dir);
    expect(sarifErrors(JSON.parse(hostile.stdout))).toEqual([]);
  });

  it('prints GitHub annotations with the required escaping', () => {
    const r = run(['comma, colon: 100%.json', '--format', 'github'], dir);
    expect(r.code).toBe(1);
    const [line] = r.stdout.split('\n');
    expect(line).toMatch(
      /^::error file=comma%2C colon%3A 100%25\.json,line=1,col=\d+,title=UNKNOWN_FIELD at \/statusDefinitions\/bad\/rules\/0\/conditions\/0\/condition\/filter\/technolgy::unknown field "technolgy"/,
    );
  });
});
