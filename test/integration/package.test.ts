import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, delimiter, dirname, join, resolve } from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The package as npm ships it: the files `npm pack` puts in the tarball (what ships and nothing more),
 * publint and arethetypeswrong on it; the husky, lint-staged and lefthook set-ups of docs/validation.md
 * run with real git commits in a fresh project that installed the packed tarball (the hook tools,
 * pinned, installed from the npm registry into the test's folders; skipped with the reason when it
 * cannot be reached);
 * and what an install from git gives (the command, not the library).
 */

const ROOT = resolve(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  license: string;
  exports: Record<string, unknown>;
  bin: Record<string, string>;
  main: string;
  module: string;
  types: string;
};

// Packing, linting the package and installing it do not depend on the filter compiler a vitest project
// uses: these suites run once, in the "closures" project, and are skipped in the "codegen" one.
const codegenProject = process.env.SVC_POLICY_TEST_PROJECT === 'codegen';

function run(cmd: string, args: readonly string[], cwd = ROOT, env: NodeJS.ProcessEnv = process.env) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 240_000, env });
  return { code: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '', out: `${r.stdout}${r.stderr}` };
}

/** Every file path named by `exports` (conditions and subpaths, at any depth). */
function exportTargets(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value === null || typeof value !== 'object') return [];
  return Object.values(value).flatMap(exportTargets);
}

const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

beforeAll(() => {
  if (!existsSync(join(ROOT, 'dist', 'index.js'))) {
    throw new Error('dist/ is missing: run `npm run build:dist` (npm test builds it before the tests)');
  }
});

// Runs once (in the "closures" project): packing does not depend on the default filter compiler.
describe.skipIf(codegenProject)('what npm pack ships', () => {
  let files: string[];
  beforeAll(() => {
    const r = run('npm', ['pack', '--dry-run', '--json', '--ignore-scripts']);
    expect(r.code, r.stderr).toBe(0);
    const [report] = JSON.parse(r.stdout) as { files: { path: string }[] }[];
    files = report!.files.map((f) => f.path).sort();
  });

  it('ships the library, the bin, the schema, the docs, README, LICENSE and package.json', () => {
    const required = [
      'package.json',
      'README.md',
      'LICENSE',
      'schema/policy.schema.json',
      'docs/semantics.md',
      'docs/policies.md',
      'docs/validation.md',
      'docs/sql.md',
      'docs/mongo.md',
      ...Object.values(pkg.bin),
      pkg.main,
      pkg.module,
      pkg.types,
      ...exportTargets(pkg.exports),
    ].map((p) => p.replace(/^\.\//, ''));
    for (const file of required) expect(files, file).toContain(file);
  });

  it('ships nothing more: no sources, tests, fixtures, benchmarks, scripts or the unused dist/cli.js', () => {
    const allowed = [
      /^(package\.json|README\.md|LICENSE|SECURITY\.md)$/,
      /^bin\/svc-policy\.js$/,
      /^schema\/(policy|waivers)\.schema\.json$/,
      /^docs\/([a-z-]+|README)\.md$/,
      /^dist\/(index|sql|mongo|validate|node)\.(js|cjs)(\.map)?$/,
      /^dist\/(index|sql|mongo|validate|node)\.d\.c?ts$/,
      /^dist\/chunk-[\w-]+\.(js|cjs)(\.map)?$/,
      /^dist\/[\w-]+\.d\.c?ts$/,
    ];
    const unexpected = files.filter((f) => !allowed.some((re) => re.test(f)));
    expect(unexpected).toEqual([]);
    expect(files.filter((f) => /^(src|test|fixtures|bench|scripts|node_modules)\//.test(f))).toEqual([]);
    expect(files).not.toContain('dist/cli.js');
  });

  it('says MIT in package.json and in LICENSE', () => {
    expect(pkg.license).toBe('MIT');
    expect(readFileSync(join(ROOT, 'LICENSE'), 'utf8')).toMatch(/^MIT License\n\nCopyright \(c\) \d{4} /);
  });
});

// Once, in the "closures" project: linting the package does not depend on the filter compiler.
describe.skipIf(codegenProject)('package linters', () => {
  it('publint --strict finds nothing', () => {
    const r = run(bin('publint'), ['--strict']);
    expect(r.code, r.out).toBe(0);
    expect(r.stdout).toContain('All good!');
  });

  it('arethetypeswrong finds no problem in the packed package (node16 and bundler resolution)', () => {
    // `--profile node16`: the package needs Node >= 22, whose resolution reads `exports`; TypeScript's
    // legacy `moduleResolution: node10` cannot see subpath exports (svc-policy/sql…), and the usual
    // workaround (typesVersions) is itself a publint error. `--pack` packs the working tree: no network.
    const r = run(bin('attw'), ['--pack', '.', '--profile', 'node16', '--format', 'json']);
    expect(r.code, r.out).toBe(0);
    const { analysis } = JSON.parse(r.stdout) as {
      analysis: { entrypoints: Record<string, unknown>; problems: { resolutionKind?: string }[] };
    };
    expect(Object.keys(analysis.entrypoints)).toEqual(
      expect.arrayContaining(['.', './sql', './mongo', './validate', './node']),
    );
    expect(analysis.problems.filter((p) => p.resolutionKind !== 'node10')).toEqual([]);
  });
});

const GOOD = JSON.stringify({
  name: 'idle databases',
  resource: 'component',
  statusDefinitions: {
    active: { isDefault: true, criticality: 0 },
    idle: {
      criticality: 20,
      rules: [
        {
          conditions: [
            {
              type: 'filter',
              condition: { filter: { 'details$.postgres$.lastActiveConnectionTime': { $lt: '2026-01-01' } } },
            },
          ],
        },
      ],
    },
  },
});
/** The same policy with a criticality written as a string: one INVALID_TYPE error. */
const BROKEN = GOOD.replace('"criticality":20', '"criticality":"20"');
const EMPTY = '{ "name": "expiry", "statusDefinitions": {} }\n';

/** The hook tools, pinned: installed from the npm registry into the test's own folders. */
const LEFTHOOK = 'lefthook@2.2.2';
const HUSKY = 'husky@9.1.7';
const LINT_STAGED = 'lint-staged@17.6.1';

/** What npm prints when it cannot reach the registry (and has nothing cached). */
const UNREACHABLE =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|ETIMEDOUT|ENETUNREACH|EHOSTUNREACH|ERR_SOCKET_TIMEOUT)\b|network (request|connectivity)/i;

/** A fenced block of a doc: the one of `lang` that begins with `first` (a comment naming the file). */
function docBlock(file: string, lang: string, first: string): string {
  const text = readFileSync(join(ROOT, file), 'utf8');
  const block = [...text.matchAll(new RegExp(`^\`\`\`${lang}\\n([\\s\\S]*?)^\`\`\``, 'gm'))]
    .map((m) => m[1]!)
    .find((b) => b.startsWith(first));
  if (block === undefined) throw new Error(`${file} has no ${lang} block starting with ${first}`);
  return block;
}

/** The directories of PATH without any node_modules/.bin: a user's shell. */
const systemPath = () => (process.env.PATH ?? '').split(delimiter).filter((d) => !d.includes('node_modules'));

// Once, in the "closures" project: installing the package does not depend on the filter compiler.
describe.skipIf(codegenProject)(
  'the documented set-ups from the packed tarball, with real commits (husky, lint-staged, lefthook)',
  () => {
    let dir: string;
    let project: string;
    let env: NodeJS.ProcessEnv;
    let lefthookBin: string | undefined;
    /** Why the hook tools could not be installed: the registry is out of reach. */
    let unreachable: string | undefined;

    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'svc-policy-pack-'));
      const packed = run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir]);
      expect(packed.code, packed.out).toBe(0);
      const tarball = join(dir, packed.stdout.trim().split('\n').pop()!);
      project = join(dir, 'project');
      mkdirSync(project, { recursive: true });
      writeFileSync(join(project, 'package.json'), '{ "name": "infra", "private": true }\n');
      writeFileSync(join(project, '.gitignore'), 'node_modules/\n*.tgz\n');
      writeFileSync(
        join(dir, 'gitconfig'),
        '[user]\n\tname = Policy Author\n\temail = author@example.com\n[init]\n\tdefaultBranch = main\n',
      );
      // A user's shell: the Node running the tests first, no npm script variables, no project bins.
      env = {};
      for (const [k, v] of Object.entries(process.env)) if (!/^npm_/i.test(k)) env[k] = v;
      env.PATH = [dirname(process.execPath), ...systemPath()].join(delimiter);
      env.GIT_CONFIG_NOSYSTEM = '1';
      env.GIT_CONFIG_GLOBAL = join(dir, 'gitconfig');
      env.NO_COLOR = '1';
      env.HUSKY = undefined;
      env.LEFTHOOK = undefined;
      env.SVC_POLICY_TEST_PROJECT = undefined;
      const npm = (args: readonly string[], cwd: string) =>
        run('npm', [...args, '--prefer-offline', '--no-audit', '--no-fund'], cwd, env);
      // As the README says: `npm pack` in the clone writes the tarball its next line installs, run by
      // bash in the project as written (the registry for ajv and yaml only; the cache first).
      const [packLine, installLine] = docBlock(
        'README.md',
        'sh',
        'npm ci && npm run build:dist && npm pack',
      ).split('\n');
      expect(packLine).toContain(`writes ${basename(tarball)}`);
      const install = installLine!.replace(/\s+#.*$/, '');
      expect(install).toBe(`npm install ./${basename(tarball)}`);
      copyFileSync(tarball, join(project, basename(tarball)));
      const installed = run('bash', ['-c', install], project, {
        ...env,
        npm_config_prefer_offline: 'true',
        npm_config_audit: 'false',
        npm_config_fund: 'false',
      });
      expect(installed.code, installed.out).toBe(0);
      // The hook tools: husky and lint-staged as the project's devDependencies, lefthook in a folder of
      // its own (its postinstall would install hooks wherever it lands).
      const tools = npm(['install', '--save-dev', HUSKY, LINT_STAGED], project);
      const lefthook = npm(['install', '--prefix', join(dir, 'lefthook'), LEFTHOOK], dir);
      for (const r of [tools, lefthook]) {
        if (r.code === 0) continue;
        if (UNREACHABLE.test(r.out)) unreachable ??= r.out.trim().split('\n').slice(-3).join(' / ');
        else expect(r.code, r.out).toBe(0);
      }
      if (unreachable !== undefined) {
        console.warn(`the npm registry cannot be reached; the hook tools are not tested: ${unreachable}`);
      }
      if (lefthook.code === 0) lefthookBin = join(dir, 'lefthook', 'node_modules', '.bin');
    }, 600_000);

    afterAll(() => {
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    });

    const npx = (args: readonly string[]) => run('npx', ['--no-install', ...args], project, env);
    const git = (args: readonly string[], extra: NodeJS.ProcessEnv = {}) => {
      const r = run('git', args, project, { ...env, ...extra });
      return { ...r, out: stripVTControlCharacters(r.out) };
    };
    const commits = () => git(['rev-list', '--count', 'HEAD']).stdout.trim();

    /** A fresh repository in the project folder: its files committed, no hooks, no policies. */
    function freshRepository(): void {
      for (const name of ['.git', '.husky', 'lefthook.yml', 'policies']) {
        rmSync(join(project, name), { recursive: true, force: true });
      }
      mkdirSync(join(project, 'policies', 'nested'), { recursive: true });
      expect(git(['init', '-q']).code).toBe(0);
      expect(git(['add', '-A']).code).toBe(0);
      expect(git(['commit', '-q', '-m', 'project']).code).toBe(0);
    }

    /**
     * The cycle every set-up must pass: a broken policy directly under policies/ refused (nothing
     * committed), the fixed one accepted, a broken one in a sub-folder refused.
     */
    function commitCycle(extra: NodeJS.ProcessEnv = {}): void {
      writeFileSync(join(project, 'policies', 'idle.json'), BROKEN);
      expect(git(['add', '-A']).code).toBe(0);
      const before = commits();
      const refused = git(['commit', '-m', 'idle policy'], extra);
      expect(refused.code, refused.out).not.toBe(0);
      expect(refused.out).toMatch(/policies\/idle\.json:1:\d+ error INVALID_TYPE/);
      expect(commits()).toBe(before);

      writeFileSync(join(project, 'policies', 'idle.json'), GOOD);
      expect(git(['add', '-A']).code).toBe(0);
      const accepted = git(['commit', '-m', 'idle policy'], extra);
      expect(accepted.code, accepted.out).toBe(0);
      expect(commits()).toBe(String(Number(before) + 1));

      writeFileSync(join(project, 'policies', 'nested', 'expiry.yaml'), EMPTY);
      expect(git(['add', '-A']).code).toBe(0);
      const nested = git(['commit', '-m', 'expiry policy'], extra);
      expect(nested.code, nested.out).not.toBe(0);
      expect(nested.out).toMatch(/policies\/nested\/expiry\.yaml:1:\d+ error EMPTY_VALUE/);
      expect(commits()).toBe(String(Number(before) + 1));
    }

    it('husky: `.husky/pre-commit` as docs/validation.md writes it refuses a broken policy, accepts the fixed one', (ctx) => {
      if (unreachable !== undefined) return ctx.skip(`the npm registry cannot be reached: ${unreachable}`);
      freshRepository();
      const init = npx(['husky']);
      expect(init.code, init.out).toBe(0);
      mkdirSync(join(project, '.husky'), { recursive: true });
      const hook = docBlock('docs/validation.md', 'sh', '# .husky/pre-commit\n');
      expect(hook).toContain('npx svc-policy validate policies/');
      writeFileSync(join(project, '.husky', 'pre-commit'), hook);
      commitCycle();
    }, 120_000);

    it('lint-staged: the documented configuration validates the staged policies, at any depth under policies/', (ctx) => {
      if (unreachable !== undefined) return ctx.skip(`the npm registry cannot be reached: ${unreachable}`);
      freshRepository();
      const config = JSON.parse(`{${docBlock('docs/validation.md', 'json', '"lint-staged"')}}`) as Record<
        string,
        unknown
      >;
      const pkgPath = join(project, 'package.json');
      const manifest = JSON.parse(readFileSync(pkgPath, 'utf8')) as Record<string, unknown>;
      writeFileSync(pkgPath, `${JSON.stringify({ ...manifest, ...config }, null, 2)}\n`);
      expect(npx(['husky']).code).toBe(0);
      writeFileSync(join(project, '.husky', 'pre-commit'), 'npx lint-staged\n');
      try {
        commitCycle();
      } finally {
        writeFileSync(pkgPath, `${JSON.stringify(manifest, null, 2)}\n`);
      }
    }, 120_000);

    for (const variant of ['both globs (docs)', 'glob_matcher: doublestar'] as const) {
      it(`lefthook (${variant}): a policy directly under policies/ is validated, broken refused, fixed accepted`, (ctx) => {
        if (unreachable !== undefined || lefthookBin === undefined) {
          return ctx.skip(`the npm registry cannot be reached: ${unreachable}`);
        }
        freshRepository();
        let config = docBlock('docs/validation.md', 'yaml', '# lefthook.yml\n');
        expect(config).toContain('run: npx svc-policy validate {staged_files}');
        if (variant === 'glob_matcher: doublestar') {
          config = config.replace(
            /glob:\n\s+- "policies\/\*\.\{json,yaml,yml\}"\n\s+- ("policies\/\*\*\/\*\.\{json,yaml,yml\}")/,
            'glob: $1',
          );
          expect(config).toMatch(/glob: "policies\/\*\*\/\*\.\{json,yaml,yml\}"\n/);
          config = `glob_matcher: doublestar\n${config}`;
        }
        writeFileSync(join(project, 'lefthook.yml'), config);
        const path = { PATH: [lefthookBin, env.PATH].join(delimiter) };
        const installed = run(join(lefthookBin, 'lefthook'), ['install'], project, { ...env, ...path });
        expect(installed.code, installed.out).toBe(0);
        commitCycle(path);
      }, 120_000);
    }

    it('lefthook: the one glob without glob_matcher skips policies/idle.json (why docs/validation.md lists two)', (ctx) => {
      if (unreachable !== undefined || lefthookBin === undefined) {
        return ctx.skip(`the npm registry cannot be reached: ${unreachable}`);
      }
      freshRepository();
      writeFileSync(
        join(project, 'lefthook.yml'),
        'pre-commit:\n  commands:\n    svc-policy:\n      glob: "policies/**/*.{json,yaml,yml}"\n      run: npx svc-policy validate {staged_files}\n',
      );
      const path = { PATH: [lefthookBin, env.PATH].join(delimiter) };
      expect(run(join(lefthookBin, 'lefthook'), ['install'], project, { ...env, ...path }).code).toBe(0);
      writeFileSync(join(project, 'policies', 'idle.json'), BROKEN);
      expect(git(['add', '-A']).code).toBe(0);
      const passed = git(['commit', '-m', 'idle policy'], path);
      expect(passed.code, passed.out).toBe(0);
      expect(passed.out).toContain('no files for inspection');
    }, 120_000);

    it('every entry point of the installed tarball loads, as ESM and as CommonJS, and works', () => {
      const manifest = JSON.parse(readFileSync(join(project, 'package.json'), 'utf8')) as {
        dependencies?: Record<string, string>;
      };
      expect(manifest.dependencies?.['svc-policy']).toMatch(/^file:.*\.tgz$/);
      const subpaths = Object.keys(pkg.exports).filter((k) => !k.endsWith('.json'));
      expect(subpaths).toEqual(['.', './sql', './mongo', './validate', './node']);
      const specifier = (sub: string) => (sub === '.' ? 'svc-policy' : `svc-policy${sub.slice(1)}`);
      const use = `
        const f = { technology: { $eq: 'postgres' } };
        const policy = { name: 'p', resource: 'component', statusDefinitions: { ok: { isDefault: true, criticality: 0 } } };
        const out = {
          keys: m.map((x) => Object.keys(x).sort().join()),
          match: m[0].compileFilter(f)({ technology: 'postgres' }),
          sql: m[1].toSql(f, { dialect: 'sqlite', columns: { technology: 'text' } }).params,
          mongo: m[2].toMongo(f),
          valid: m[3].validatePolicy(policy).valid,
          node: typeof m[4].evaluateInventoryFile,
        };
        console.log(JSON.stringify(out));`;
      const esm = run(
        process.execPath,
        [
          '--input-type=module',
          '-e',
          `const m = await Promise.all(${JSON.stringify(subpaths.map(specifier))}.map((s) => import(s)));
           const { default: schema } = await import('svc-policy/schema/policy.schema.json', { with: { type: 'json' } });
           if (typeof schema.$schema !== 'string') throw new Error('no schema');${use}`,
        ],
        project,
        env,
      );
      expect(esm.code, esm.out).toBe(0);
      const cjs = run(
        process.execPath,
        ['-e', `const m = ${JSON.stringify(subpaths.map(specifier))}.map((s) => require(s));${use}`],
        project,
        env,
      );
      expect(cjs.code, cjs.out).toBe(0);
      const answer = JSON.parse(esm.stdout) as { keys: string[] };
      expect(JSON.parse(cjs.stdout)).toEqual(answer);
      expect(answer).toMatchObject({
        match: true,
        sql: ['postgres'],
        mongo: { technology: { $not: { $type: 'array' }, $eq: 'postgres' } },
        valid: true,
        node: 'function',
      });
      for (const keys of answer.keys) expect(keys.length).toBeGreaterThan(0);
    });

    it('the installed bin is the committed bundle and runs on its own (no dist/cli.js, no build)', () => {
      const installed = join(project, 'node_modules', 'svc-policy');
      expect(existsSync(join(installed, 'bin', 'svc-policy.js'))).toBe(true);
      expect(existsSync(join(installed, 'dist', 'cli.js'))).toBe(false);
      const help = npx(['svc-policy', 'validate', '--help']);
      expect(help.code, help.out).toBe(0);
      expect(help.stdout).toContain('usage: svc-policy validate');
    });
  },
);

const inGit = existsSync(join(ROOT, '.git'));

// The README's local path: a clone built with `npm ci && npm run build:dist` (here its committed HEAD,
// `npm ci --omit=dev`, which puts in node_modules the only packages the entry points import, and this
// checkout's dist/), linked into a project by `npm install <path to the clone>`.
describe.skipIf(codegenProject || !inGit)('installed from a local path (README)', () => {
  let dir: string;
  let unreachable: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-policy-path-install-'));
    const clone = join(dir, 'clone');
    const project = join(dir, 'project');
    expect(run('git', ['clone', '-q', ROOT, clone], dir).code).toBe(0);
    cpSync(join(ROOT, 'dist'), join(clone, 'dist'), { recursive: true });
    mkdirSync(project);
    writeFileSync(join(project, 'package.json'), '{ "name": "infra", "private": true }\n');
    const flags = ['--prefer-offline', '--no-audit', '--no-fund'];
    for (const [args, cwd] of [
      [['ci', '--omit=dev', ...flags], clone],
      [['install', ...flags, clone], project],
    ] as const) {
      const r = run('npm', args, cwd);
      if (r.code !== 0 && UNREACHABLE.test(r.out)) unreachable ??= r.out.trim().split('\n').pop();
      else expect(r.code, r.out).toBe(0);
    }
  }, 300_000);
  afterAll(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('gives the library (every entry point) and the command', (ctx) => {
    if (unreachable !== undefined) return ctx.skip(`the npm registry cannot be reached: ${unreachable}`);
    const project = join(dir, 'project');
    const entries = [
      'svc-policy',
      'svc-policy/sql',
      'svc-policy/mongo',
      'svc-policy/validate',
      'svc-policy/node',
    ];
    const library = run(
      process.execPath,
      ['--input-type=module', '-e', `for (const s of ${JSON.stringify(entries)}) await import(s);`],
      project,
    );
    expect(library.code, library.out).toBe(0);
    const version = run(join(project, 'node_modules', '.bin', 'svc-policy'), ['--version'], project);
    expect(version.code, version.out).toBe(0);
    expect(version.stdout.trim()).toBe(pkg.version);
  });
});

// The committed HEAD, as npm (and the pre-commit framework) fetch it from git.
describe.skipIf(codegenProject || !inGit)('installed from git (README: the command only)', () => {
  let dir: string;
  let unreachable: string | undefined;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'svc-policy-git-install-'));
    writeFileSync(join(dir, 'package.json'), '{ "name": "infra", "private": true }\n');
    const rev = execFileSync('git', ['rev-parse', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
    const r = run(
      'npm',
      ['install', '--prefer-offline', '--no-audit', '--no-fund', `git+file://${ROOT}#${rev}`],
      dir,
    );
    if (r.code !== 0 && UNREACHABLE.test(r.out)) unreachable = r.out.trim().split('\n').pop();
    else expect(r.code, r.out).toBe(0);
  }, 300_000);
  afterAll(() => {
    if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
  });

  it('gives a working svc-policy command, and no library (dist/ is not committed)', (ctx) => {
    if (unreachable !== undefined) return ctx.skip(`the npm registry cannot be reached: ${unreachable}`);
    const version = run(join(dir, 'node_modules', '.bin', 'svc-policy'), ['--version'], dir);
    expect(version.code, version.out).toBe(0);
    expect(version.stdout.trim()).toBe(pkg.version);
    expect(existsSync(join(dir, 'node_modules', 'svc-policy', 'dist'))).toBe(false);
    const library = run(process.execPath, ['--input-type=module', '-e', "await import('svc-policy')"], dir);
    expect(library.code).not.toBe(0);
    expect(library.stderr).toContain('ERR_MODULE_NOT_FOUND');
  });
});
