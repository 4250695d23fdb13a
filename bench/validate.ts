/**
 * How long `svc-policy validate` takes on a repository of policy files. Writes copies of the valid and
 * example fixtures (JSON and YAML, names varied so no two files are equal) to a temporary directory,
 * then measures
 * 1. the library: read + `validatePolicy` of every file in process (ajv compiled once, lazily), and
 * 2. the built binary, `node dist/cli.js validate DIR`, wall clock including Node's start-up,
 * each the median of `runs` runs. Needs `dist/` (the bench entry point builds it).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validatePolicy } from '../src/validate.js';
import { median } from './lib.js';

const ROOT = join(import.meta.dirname, '..');

export interface ValidateResult {
  readonly files: number;
  readonly invalid: number;
  readonly libraryMs: number;
  readonly cliMs: number;
}

export function benchValidate(count = 500, runs = 5): ValidateResult {
  const sources = ['fixtures/policies/valid', 'fixtures/policies/examples'].flatMap((dir) =>
    readdirSync(join(ROOT, dir))
      .filter((f) => /\.(json|ya?ml)$/.test(f) && !/\.test\.(json|ya?ml)$/.test(f))
      .map((f) => ({ ext: f.slice(f.lastIndexOf('.')), text: readFileSync(join(ROOT, dir, f), 'utf8') })),
  );
  const dir = mkdtempSync(join(tmpdir(), 'svc-policy-bench-'));
  try {
    for (let i = 0; i < count; i++) {
      const s = sources[i % sources.length]!;
      writeFileSync(
        join(dir, `policy-${String(i).padStart(4, '0')}${s.ext}`),
        s.text.replace(/name: |"name": "/, (m) => `${m}${i} `),
      );
    }
    const files = readdirSync(dir).map((f) => join(dir, f));

    const library: number[] = [];
    let invalid = 0;
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      invalid = 0;
      for (const file of files) {
        const r = validatePolicy(readFileSync(file, 'utf8'), { fileName: file });
        if (!r.valid) invalid++;
      }
      library.push(performance.now() - start);
    }

    const cli: number[] = [];
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), 'validate', dir, '--root', dir], {
        encoding: 'utf8',
      });
      cli.push(performance.now() - start);
      if (r.status !== 0) {
        throw new Error(`the CLI exited with ${r.status}: ${r.stdout.slice(-500)}${r.stderr}`);
      }
    }
    return { files: count, invalid, libraryMs: median(library), cliMs: median(cli) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
