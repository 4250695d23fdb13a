import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { BIN } from '../../scripts/build-bin.js';
import { TEST_FILE } from '../../src/cli/files.js';

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  engines: { node: string };
  exports: Record<string, unknown>;
  bin: Record<string, string>;
  scripts: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Every module specifier reachable from an entry, following relative imports through the sources. */
function importGraph(entry: string): { files: string[]; external: string[] } {
  const seen = new Set<string>();
  const external = new Set<string>();
  const queue = [resolve(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    // Comments left out: an example in a doc comment (`import … from 'svc-policy/node'`) imports nothing.
    const text = readFileSync(file, 'utf8')
      .replace(/^\s*\/\*[\s\S]*?\*\//gm, '')
      .replace(/^\s*\/\/.*$/gm, '');
    for (const m of text.matchAll(/(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)) {
      const spec = (m[1] ?? m[2])!;
      if (/^import\s+type\s/.test(m[0]) || /^export\s+type\s/.test(m[0])) continue;
      if (spec.startsWith('.')) queue.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else external.add(spec);
    }
  }
  return { files: [...seen], external: [...external] };
}

describe('package', () => {
  it('is named svc-policy, with the entry points and the bin', () => {
    expect(pkg.name).toBe('svc-policy');
    expect(Object.keys(pkg.exports)).toEqual(
      expect.arrayContaining(['.', './sql', './mongo', './validate', './node']),
    );
    expect(pkg.bin['svc-policy']).toBe('./bin/svc-policy.js');
    expect(pkg.engines.node).toBe('>=22');
    expect(pkg.devDependencies.node).toMatch(/^\^?24\./);
  });

  it('keeps the core free of runtime dependencies and Node-only imports', () => {
    for (const entry of ['src/index.ts', 'src/sql.ts', 'src/mongo.ts']) {
      const { files, external } = importGraph(entry);
      expect(files.length, entry).toBeGreaterThan(5);
      expect(external, entry).toEqual([]);
    }
  });

  it('keeps Node built-ins to the Node entry point, without ajv or yaml', () => {
    const { files, external } = importGraph('src/node.ts');
    expect(files.length).toBeGreaterThan(5);
    expect(external.length).toBeGreaterThan(0);
    // And the optional DuckDB client, imported only when the duckdb engine is asked for.
    for (const spec of external) expect(spec, spec).toMatch(/^(node:|@duckdb\/node-api$)/);
  });

  it('has ajv and yaml as its only runtime dependencies, loaded by the validation entry point (README)', () => {
    expect(Object.keys(pkg.dependencies ?? {}).sort()).toEqual(['ajv', 'yaml']);
    const { external } = importGraph('src/validate.ts');
    expect(external.map((s) => s.split('/')[0]).sort()).toEqual(['ajv', 'yaml']);
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    expect(readme).not.toMatch(/has no runtime dependencies/);
    expect(readme).toMatch(/two runtime dependencies, `ajv` and `yaml`/);
  });

  it('keeps test-only packages out of the runtime dependencies', () => {
    for (const name of [
      'jsonpath-plus',
      'fast-check',
      'mingo',
      'sift',
      '@electric-sql/pglite',
      'pg',
      'mongodb',
    ]) {
      expect(pkg.dependencies ?? {}).not.toHaveProperty(name);
    }
  });
});

describe('installs from git (the pre-commit framework)', () => {
  it('has no script that makes npm prepare a git dependency (a nested install without devDependencies)', () => {
    // npm's git fetcher runs `npm install` in the clone when any of these exists; under `npm install -g`
    // (pre-commit 4) that nested install goes to the global prefix and the build fails.
    for (const name of ['prepare', 'prepack', 'build', 'install', 'preinstall', 'postinstall']) {
      expect(pkg.scripts, name).not.toHaveProperty(name);
    }
  });

  it('commits the bin as the sources build it (run `npm run build:bin` after changing src/)', async () => {
    const committed = readFileSync(join(root, BIN), 'utf8');
    // Built in a child process: this worker may forbid code generation from strings (vitest.config.ts).
    const built = spawnSync(
      process.execPath,
      ['--import', 'tsx', join(root, 'scripts', 'build-bin.ts'), '--print'],
      {
        cwd: root,
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: 120_000,
      },
    );
    expect(built.status, built.stderr).toBe(0);
    const fresh = built.stdout;
    expect(committed === fresh, `${BIN} is out of date: run \`npm run build:bin\` and commit it`).toBe(true);
    expect(committed.startsWith('#!/usr/bin/env node\n')).toBe(true);
    expect(statSync(join(root, BIN)).mode & 0o111).not.toBe(0);
  });
});

describe('the shipped pre-commit hook', () => {
  const hooks = parseYaml(readFileSync(join(root, '.pre-commit-hooks.yaml'), 'utf8')) as {
    id: string;
    entry: string;
    language: string;
    files: string;
    exclude: string;
  }[];
  const hook = hooks.find((h) => h.id === 'svc-policy-validate')!;
  // pre-commit matches with Python's re.search; these patterns use only syntax both engines read alike.
  const checked = (path: string) => new RegExp(hook.files).test(path) && !new RegExp(hook.exclude).test(path);

  it('runs the committed bin from the clone (`language: script`: nothing installed with npm)', () => {
    expect(hook).toMatchObject({ entry: `${BIN} validate`, language: 'script' });
  });

  it('runs from a bare clone: the command-line bundle imports nothing but Node built-ins', () => {
    // dist/cli.js is built with the bin's options (tsup.config.ts); the test above compares the bin.
    const cli = join(root, 'dist', 'cli.js');
    if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build:dist`');
    const text = readFileSync(cli, 'utf8');
    const specifiers = [
      ...text.matchAll(/^import\s[^'"]*?from\s*(['"])([^'"]+)\1/gm),
      ...text.matchAll(/\bimport\((['"])([^'"]+)\1\)/g),
      ...text.matchAll(/\b__require\((['"])([^'"]+)\1\)/g),
    ].map((m) => m[2]!);
    expect(specifiers.length).toBeGreaterThan(5);
    // The optional DuckDB client is imported on demand only (--engine duckdb, a typed error without it).
    expect(specifiers.filter((s) => !isBuiltin(s) && s !== '@duckdb/node-api')).toEqual([]);
    expect(text).not.toMatch(/^import\s[^'"]*?from\s*['"]@duckdb/m);
  });

  it('checks JSON and YAML under a policies/ directory and *.policy.{json,yaml,yml} anywhere', () => {
    for (const path of [
      'policies/idle.json',
      'policies/idle.yaml',
      'policies/nested/deep/idle.yml',
      'infra/policies/idle.json',
      'idle.policy.json',
      'ops/idle.policy.yaml',
      'ops/idle.policy.yml',
    ]) {
      expect(checked(path), path).toBe(true);
    }
  });

  it('leaves package.json and other non-policy JSON and YAML alone', () => {
    for (const path of [
      'package.json',
      'package-lock.json',
      'policies/package.json',
      'tsconfig.json',
      'config/settings.json',
      '.github/workflows/ci.yml',
      '.pre-commit-config.yaml',
      'policy.json',
      'mypolicies/x.json',
      'policies.json',
      'policies/idle.test.yaml',
      'policies/idle.test.json',
      'policies/nested/idle.test.yml',
      'ops/idle.policy.test.json',
      'policies/README.md',
      'ops/idle.policy.json.bak',
    ]) {
      expect(checked(path), path).toBe(false);
    }
  });

  it('leaves out exactly the policy test files `svc-policy test` reads, and checks every other policy', () => {
    // Names that look like tests to a person but not to `svc-policy test` are policies: validated.
    for (const path of [
      'policies/idle_test.json',
      'policies/canary-test.json',
      'policies/pen-test.json',
      'policies/smoke-tests.yml',
      'policies/latest.json',
      'policies/test.json',
      'policies/idle.tests.yaml',
      'policies/idle.test.yaml.json',
      'ops/canary-test.policy.json',
    ]) {
      expect(checked(path), path).toBe(true);
    }
    const names = [
      'idle.test.json',
      'idle.test.yaml',
      'idle.test.yml',
      'a.b.test.json',
      '.test.json',
      'idle_test.json',
      'canary-test.json',
      'idle.TEST.json',
      'idle.test.json5',
      'idletest.yaml',
    ];
    for (const name of names) {
      const path = `policies/deep/${name}`;
      const excluded = new RegExp(hook.exclude).test(path);
      expect(excluded, `${name}: excluded by the hook, or read by svc-policy test`).toBe(
        TEST_FILE.test(name),
      );
    }
  });
});
