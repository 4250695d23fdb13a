import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, dirname, join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The shipped hook (`.pre-commit-hooks.yaml`) installed and run by the real pre-commit framework, as a
 * user's repository does: a `.pre-commit-config.yaml` pointing at this repository by path, a commit of
 * a broken policy refused, the fixed one accepted, non-policy JSON never checked.
 *
 * pre-commit clones the hook repository at `rev`, so what is tested is the committed HEAD of this
 * checkout (on CI's fresh clone, the revision under test); uncommitted changes to the hook's files are
 * not seen, and the suite says so. The hook is `language: script`: the committed, self-contained
 * bin/svc-policy.js run from the clone, so installing it is the clone alone. (A `language: node` hook
 * makes pre-commit before 4.6.1 run `npm install --dev` in the clone: every devDependency of this
 * repository, over a minute; 4.6.1 and later run `npm install -g git+file://<clone>`.) Debian's package
 * is pre-commit 3.x; 4.x is installed with pip into a virtual environment when an index pip is
 * configured with has it (PyPI itself may be unreachable: the test then says so and covers 3.x). Each
 * runs on the system's Node and on the project's (Node 24).
 *
 * The `.pre-commit-config.yaml` is the README's, as a user copies it: the repository's URL replaced by
 * this checkout's path, and its `rev: <commit-sha>` placeholder filled by `pre-commit autoupdate`, as
 * the README says (the repository has no release tags: autoupdate writes the newest commit's SHA).
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const INSTALL_TIMEOUT = 600_000;

const GOOD = `name: idle databases
resource: component
statusDefinitions:
  active: { isDefault: true, criticality: 0 }
  idle:
    criticality: 20
    rules:
      - conditions:
          - type: filter
            condition:
              filter:
                details$.postgres$.lastActiveConnectionTime: { $lt: "2026-01-01T00:00:00.000Z" }
`;
/** The same policy with a misspelled field and a second default: two errors. */
const BROKEN = GOOD.replace('details$.postgres$', 'detials$.postgres$').replace(
  'criticality: 20',
  'criticality: 20\n    isDefault: true',
);

function sh(cmd: string, args: readonly string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  const r = spawnSync(cmd, args, { encoding: 'utf8', timeout: INSTALL_TIMEOUT, ...options });
  return { code: r.status, out: `${r.stdout ?? ''}${r.stderr ?? ''}`, error: r.error };
}

const onPath = (name: string, path = process.env.PATH ?? '') =>
  path.split(delimiter).some((dir) => dir !== '' && existsSync(join(dir, name)));

/** Debian's pre-commit, installed with apt-get when missing; the reason it cannot be, otherwise. */
function debianPreCommit(): { bin: string } | { reason: string } {
  if (onPath('pre-commit')) return { bin: 'pre-commit' };
  if (!onPath('apt-get'))
    return { reason: 'pre-commit is not installed and there is no apt-get to install it' };
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  let r = sh('apt-get', ['install', '-y', '-qq', 'pre-commit'], { env });
  if (r.code !== 0) {
    sh('apt-get', ['update', '-qq'], { env });
    r = sh('apt-get', ['install', '-y', '-qq', 'pre-commit'], { env });
  }
  if (r.code !== 0 || !onPath('pre-commit'))
    return { reason: `apt-get install pre-commit failed: ${r.out.trim().split('\n').slice(-3).join(' / ')}` };
  return { bin: 'pre-commit' };
}

/** pre-commit ≥ 4 in a virtual environment of its own, from whatever index pip is configured with. */
function newerPreCommit(dir: string): { bin: string } | { reason: string } {
  const python = ['python3', 'python'].find((p) => onPath(p));
  if (python === undefined) return { reason: 'no python3 to make a virtual environment with' };
  const venv = join(dir, 'venv');
  const made = sh(python, ['-m', 'venv', venv]);
  if (made.code !== 0) return { reason: `python3 -m venv failed: ${made.out.trim().split('\n').pop()}` };
  const pip = sh(join(venv, 'bin', 'pip'), [
    'install',
    '-q',
    '--retries',
    '0',
    '--timeout',
    '20',
    'pre-commit>=4',
  ]);
  if (pip.code !== 0) {
    return {
      reason: `pip cannot install pre-commit>=4 (PyPI is unreachable here and no configured index has it): ${pip.out.trim().split('\n').pop()}`,
    };
  }
  return { bin: join(venv, 'bin', 'pre-commit') };
}

/** The directories of PATH without the project's node_modules/.bin. */
const systemPath = () => (process.env.PATH ?? '').split(delimiter).filter((d) => !d.includes('node_modules'));

/**
 * The environment of a user's shell: no npm script variables, no project node_modules/.bin. The
 * framework runs the `node` it finds first: the system's, or the one in `nodeDir` (the Node that runs
 * these tests, 24) when given.
 */
function userEnv(home: string, nodeDir?: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
  const path = systemPath();
  if (nodeDir !== undefined) path.unshift(nodeDir);
  // Keep the project's PATH only if there is no other node.
  env.PATH = onPath('node', path.join(delimiter)) ? path.join(delimiter) : process.env.PATH;
  env.PRE_COMMIT_HOME = join(home, 'pre-commit-cache');
  env.GIT_CONFIG_NOSYSTEM = '1';
  env.GIT_CONFIG_GLOBAL = join(home, 'gitconfig');
  env.SVC_POLICY_TEST_PROJECT = undefined;
  return env;
}

const codegenProject = process.env.SVC_POLICY_TEST_PROJECT === 'codegen';
const inGit = existsSync(join(ROOT, '.git'));

/** The fenced YAML block of a Markdown file that holds `# .pre-commit-config.yaml`. */
function configBlock(file: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const block = [...text.matchAll(/^```yaml\n([\s\S]*?)^```/gm)]
    .map((m) => m[1]!)
    .find((b) => b.startsWith('# .pre-commit-config.yaml\n'));
  if (block === undefined) throw new Error(`${file} has no .pre-commit-config.yaml example`);
  return block;
}

/** The README's configuration with this checkout as the repository: the placeholder `rev` left as is. */
function readmeConfig(): string {
  const block = configBlock('README.md');
  const url = 'https://github.com/<owner>/svc-policy';
  if (!block.includes(`repo: ${url} `)) throw new Error(`the README's example no longer names ${url}`);
  return block.replace(url, JSON.stringify(ROOT));
}

// Runs once (in the "closures" project): the hook does not depend on the default filter compiler.
// Outside a git checkout (an unpacked tarball) there is no revision for pre-commit to clone.
describe.skipIf(codegenProject || !inGit)('the pre-commit hook with the real pre-commit framework', () => {
  let dir: string;
  let rev: string;
  const tools: { name: string; bin: string }[] = [];
  const skipped: string[] = [];

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-policy-pre-commit-'));
    rev = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const dirty = execFileSync(
      'git',
      ['status', '--porcelain', '--', 'package.json', '.pre-commit-hooks.yaml', 'bin'],
      { cwd: ROOT, encoding: 'utf8' },
    ).trim();
    if (dirty !== '') {
      console.warn(
        `pre-commit tests use the committed revision ${rev}; uncommitted changes are not seen:\n${dirty}`,
      );
    }
    writeFileSync(
      join(dir, 'gitconfig'),
      '[user]\n\tname = Policy Author\n\temail = author@example.com\n[safe]\n\tdirectory = *\n[init]\n\tdefaultBranch = main\n',
    );
    const debian = debianPreCommit();
    if ('bin' in debian) tools.push({ name: 'Debian pre-commit', bin: debian.bin });
    else skipped.push(`Debian's pre-commit: ${debian.reason}`);
    const newer = newerPreCommit(dir);
    if ('bin' in newer) tools.push({ name: 'pre-commit 4', bin: newer.bin });
    else skipped.push(`pre-commit 4: ${newer.reason}`);
    for (const s of skipped) console.warn(`not tested with ${s}`);
  }, INSTALL_TIMEOUT);

  afterAll(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('shows one configuration in the README and docs/validation.md, pinned by a commit SHA, not a tag', () => {
    const block = configBlock('README.md');
    expect(configBlock('docs/validation.md')).toBe(block);
    expect(block).toMatch(/^ {4}rev: <commit-sha> # /m);
    // No tag is named: the repository has none to check out (`pathspec 'v0.1.0' did not match`).
    expect(block).not.toMatch(/rev: v?\d/);
  });

  it('has at least Debian pre-commit to test with', () => {
    // Debian's package is the one that CI and developers' machines can always install.
    expect(
      tools.map((t) => t.name),
      skipped.join('\n'),
    ).toContain('Debian pre-commit');
  });

  const systemNode = spawnSync('node', ['--version'], {
    encoding: 'utf8',
    env: { ...process.env, PATH: systemPath().join(delimiter) },
  }).stdout?.trim();
  const cases = [
    { generation: 'Debian pre-commit', node: 'system' },
    { generation: 'Debian pre-commit', node: 'project' },
    { generation: 'pre-commit 4', node: 'system' },
    { generation: 'pre-commit 4', node: 'project' },
  ] as const;
  for (const { generation, node } of cases) {
    const label = node === 'system' ? `on the system's Node` : `on the Node running the tests`;
    it(
      `${generation} ${label}: installs the hook, refuses the broken policy, accepts the fixed one, skips non-policy JSON`,
      (ctx) => {
        const tool = tools.find((t) => t.name === generation);
        if (tool === undefined) {
          ctx.skip(
            `not installable here: ${skipped.find((s) => s.startsWith(generation.split(' ')[0]!)) ?? ''}`,
          );
          return;
        }
        if (node === 'project' && systemNode === process.version) {
          ctx.skip(`the system's Node is the one running the tests (${process.version}): covered already`);
          return;
        }
        const home = join(dir, `${generation}-${node}`.replace(/\W+/g, '-'));
        const repo = join(home, 'repo');
        mkdirSync(join(repo, 'policies'), { recursive: true });
        mkdirSync(join(repo, 'config'));
        mkdirSync(join(repo, 'ops'));
        const env = userEnv(dir, node === 'project' ? dirname(process.execPath) : undefined);
        const cache = join(home, 'cache');
        env.PRE_COMMIT_HOME = cache;
        const nodeVersion = sh('node', ['--version'], { env }).out.trim();
        if (node === 'project') expect(nodeVersion).toBe(process.version);
        const git = (...args: string[]) => sh('git', args, { cwd: repo, env });
        const version = sh(tool.bin, ['--version'], { env });
        expect(version.code, version.out).toBe(0);
        console.info(`${generation}: ${version.out.trim()}, Node ${nodeVersion}`);

        expect(git('init', '-q').code).toBe(0);
        // The README's configuration; `pre-commit autoupdate` writes the rev, as the README says.
        const config = join(repo, '.pre-commit-config.yaml');
        writeFileSync(config, readmeConfig());
        const updated = sh(tool.bin, ['autoupdate'], { cwd: repo, env });
        expect(updated.code, updated.out).toBe(0);
        const written = /^ {4}rev: (\S+)/m.exec(readFileSync(config, 'utf8'))?.[1];
        const tags = execFileSync('git', ['tag', '--list'], { cwd: ROOT, encoding: 'utf8' }).trim();
        if (tags === '') expect(written).toBe(rev);
        // Once releases are tagged, autoupdate writes the newest tag: the revision under test is HEAD's.
        else writeFileSync(config, readFileSync(config, 'utf8').replace(/^( {4}rev: )\S+/m, `$1${rev}`));
        // Not policies: the default `files` pattern must leave them alone (each would fail validation).
        writeFileSync(join(repo, 'package.json'), '{ "name": "infra", "private": true }\n');
        writeFileSync(join(repo, 'config', 'settings.json'), '{ "retries": 3 }\n');
        writeFileSync(join(repo, 'policies', 'idle.test.yaml'), 'resources: []\n');
        const installed = sh(tool.bin, ['install'], { cwd: repo, env });
        expect(installed.code, installed.out).toBe(0);
        // The hook's environment is the clone alone: no npm install (no node_env, no node_modules).
        const hooks = sh(tool.bin, ['install-hooks'], { cwd: repo, env });
        expect(hooks.code, hooks.out).toBe(0);
        const clones = readdirSync(cache).filter((d) => d.startsWith('repo'));
        expect(clones.length).toBeGreaterThan(0);
        for (const clone of clones) {
          const made = readdirSync(join(cache, clone));
          expect(made, clone).toContain('.pre-commit-hooks.yaml');
          expect(made.filter((f) => f.startsWith('node_env') || f === 'node_modules')).toEqual([]);
        }

        // A broken policy under policies/: the commit is refused with the validator's diagnostics.
        writeFileSync(join(repo, 'policies', 'idle-databases.yaml'), BROKEN);
        expect(git('add', '-A').code).toBe(0);
        const refused = git('commit', '-q', '-m', 'broken policy');
        expect(refused.code, refused.out).not.toBe(0);
        expect(refused.out).toContain('svc-policy validate');
        expect(refused.out).toMatch(/policies\/idle-databases\.yaml:\d+:\d+ error UNKNOWN_FIELD/);
        expect(refused.out).toContain('MULTIPLE_DEFAULT_STATUSES');
        expect(refused.out).not.toContain('package.json');
        expect(refused.out).not.toContain('settings.json');
        expect(refused.out).not.toContain('idle.test.yaml');
        expect(git('rev-parse', '--verify', '-q', 'HEAD').code).not.toBe(0); // nothing was committed

        // Fixed: the commit goes through, the hook having run (and passed) on the policy.
        writeFileSync(join(repo, 'policies', 'idle-databases.yaml'), GOOD);
        expect(git('add', '-A').code).toBe(0);
        const accepted = git('commit', '-m', 'idle databases policy');
        expect(accepted.code, accepted.out).toBe(0);
        expect(accepted.out).toMatch(/svc-policy validate\.+Passed/);

        // A warning does not block, and shows on a passing commit only with the README's
        // `verbose: true`: pre-commit hides the output of a hook that passed.
        const warned = GOOD.replace(
          'details$.postgres$.lastActiveConnectionTime: { $lt: "2026-01-01T00:00:00.000Z" }',
          'region: { $eq: "us-east-1", $ne: "us-east-1" }',
        );
        expect(readFileSync(config, 'utf8')).toMatch(/^ {8}verbose: true\b/m);
        writeFileSync(join(repo, 'policies', 'impossible.yaml'), warned);
        expect(git('add', '-A').code).toBe(0);
        const verbose = git('commit', '-m', 'impossible policy');
        expect(verbose.code, verbose.out).toBe(0);
        expect(verbose.out).toMatch(/policies\/impossible\.yaml:\d+:\d+ warning IMPOSSIBLE_CONDITION/);
        writeFileSync(config, readFileSync(config, 'utf8').replace(/^ {8}verbose: true\b.*\n/m, ''));
        writeFileSync(join(repo, 'policies', 'impossible.yaml'), warned.replace('idle databases', 'idle'));
        expect(git('add', '-A').code).toBe(0);
        const quiet = git('commit', '-m', 'impossible policy renamed');
        expect(quiet.code, quiet.out).toBe(0);
        expect(quiet.out).toMatch(/svc-policy validate\.+Passed/);
        expect(quiet.out).not.toContain('IMPOSSIBLE_CONDITION');

        // The naming convention outside policies/: `*.policy.json` is checked wherever it is; under
        // policies/, a name that only looks like a test (`canary_test.json`) is a policy, and checked.
        writeFileSync(
          join(repo, 'ops', 'expiry.policy.json'),
          '{ "name": "expiry", "statusDefinitions": {} }\n',
        );
        writeFileSync(
          join(repo, 'policies', 'canary_test.json'),
          '{ "name": "canary", "statusDefinitions": {} }\n',
        );
        expect(git('add', '-A').code).toBe(0);
        const byName = git('commit', '-q', '-m', 'expiry policy');
        expect(byName.code, byName.out).not.toBe(0);
        expect(byName.out).toMatch(/ops\/expiry\.policy\.json:1:\d+ error EMPTY_VALUE/);
        expect(byName.out).toMatch(/policies\/canary_test\.json:1:\d+ error EMPTY_VALUE/);
        expect(git('reset', '-q').code).toBe(0);

        // A commit touching no policy file runs no check at all (the broken one stays unstaged).
        writeFileSync(join(repo, 'config', 'settings.json'), '{ "retries": 5 }\n');
        expect(git('add', 'config/settings.json').code).toBe(0);
        const unrelated = git('commit', '-m', 'settings only');
        expect(unrelated.code, unrelated.out).toBe(0);
        expect(unrelated.out).toMatch(/svc-policy validate\.+\(no files to check\)Skipped/);
      },
      INSTALL_TIMEOUT,
    );
  }
});
