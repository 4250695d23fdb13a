import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The package as npm ships it: the files `npm pack` puts in the tarball (what ships and nothing more),
 * publint and arethetypeswrong on it, and the README's husky and lefthook set-ups reproduced from the
 * packed tarball installed in a fresh project (what `npx svc-policy validate …` runs there).
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

const codegenProject = process.env.SVC_POLICY_TEST_PROJECT === 'codegen';

function run(cmd: string, args: readonly string[], cwd = ROOT) {
  const r = spawnSync(cmd, args, { cwd, encoding: 'utf8', timeout: 240_000 });
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
      /^schema\/policy\.schema\.json$/,
      /^docs\/[a-z-]+\.md$/,
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

describe.skipIf(codegenProject)(
  'the README set-ups from the packed tarball (husky, lint-staged, lefthook)',
  () => {
    let dir: string;
    let project: string;
    beforeAll(() => {
      dir = mkdtempSync(join(tmpdir(), 'svc-policy-pack-'));
      const packed = run('npm', ['pack', '--ignore-scripts', '--pack-destination', dir]);
      expect(packed.code, packed.out).toBe(0);
      const tarball = join(dir, packed.stdout.trim().split('\n').pop()!);
      project = join(dir, 'project');
      mkdirSync(join(project, 'policies'), { recursive: true });
      writeFileSync(join(project, 'package.json'), '{ "name": "infra", "private": true }\n');
      // As a user's `npm install -D svc-policy` would (the registry for ajv and yaml; the cache first).
      const installed = run(
        'npm',
        ['install', '--save-dev', '--prefer-offline', '--no-audit', '--no-fund', tarball],
        project,
      );
      expect(installed.code, installed.out).toBe(0);
    }, 300_000);

    afterAll(() => {
      if (dir !== undefined) rmSync(dir, { recursive: true, force: true });
    });

    const npx = (args: readonly string[]) => run('npx', ['--no-install', ...args], project);

    it('husky: `npx svc-policy validate policies/` fails on a broken policy and passes on a good one', () => {
      writeFileSync(
        join(project, 'policies', 'idle.json'),
        GOOD.replace('"criticality":20', '"criticality":"20"'),
      );
      const broken = npx(['svc-policy', 'validate', 'policies/']);
      expect(broken.code, broken.out).toBe(1);
      expect(broken.stdout).toMatch(/policies\/idle\.json:1:\d+ error INVALID_TYPE/);
      writeFileSync(join(project, 'policies', 'idle.json'), GOOD);
      const good = npx(['svc-policy', 'validate', 'policies/']);
      expect(good.code, good.out).toBe(0);
      expect(good.stdout).toContain('1 file checked: 0 errors');
    });

    it('lint-staged and lefthook: `svc-policy validate` with the staged files as arguments', () => {
      writeFileSync(join(project, 'policies', 'idle.json'), GOOD);
      writeFileSync(join(project, 'policies', 'expiry.yaml'), 'name: expiry\nstatusDefinitions: {}\n');
      // lefthook's `run: npx svc-policy validate {staged_files}` expands to the staged paths.
      const r = npx(['svc-policy', 'validate', 'policies/idle.json', 'policies/expiry.yaml']);
      expect(r.code, r.out).toBe(1);
      expect(r.stdout).toMatch(/policies\/expiry\.yaml:2:\d+ error EMPTY_VALUE/);
      expect(r.stdout).toContain('2 files checked: 1 error');
      rmSync(join(project, 'policies', 'expiry.yaml'));
      expect(npx(['svc-policy', 'validate', 'policies/idle.json']).code).toBe(0);
    });

    it('the installed bin is the committed bundle and runs on its own (no dist/cli.js, no build)', () => {
      const installed = join(project, 'node_modules', 'svc-policy');
      expect(existsSync(join(installed, 'bin', 'svc-policy.js'))).toBe(true);
      expect(existsSync(join(installed, 'dist', 'cli.js'))).toBe(false);
      const help = npx(['svc-policy', 'validate', '--help']);
      expect(help.code, help.out).toBe(0);
      expect(help.stdout).toContain('usage: svc-policy validate');
      expect(execFileSync('git', ['--version'], { encoding: 'utf8' })).toMatch(/git version/);
    });
  },
);
