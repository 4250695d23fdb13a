/**
 * `npx tsx bench/validate.ts [files]` (default 500): how long `svc-policy validate` takes on a
 * repository of policy files. Writes copies of the valid and example fixtures (JSON and YAML, names and
 * thresholds varied so no two files are equal) to a temporary directory, then measures
 * 1. the library: read + `validatePolicy` of every file in process (ajv compiled once, lazily), and
 * 2. the built binary, `node dist/cli.js validate DIR`, wall clock including Node's start-up,
 * each the median of 5 runs.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { validatePolicy } from '../src/validate.js';

const count = Number(process.argv[2] ?? 500);
const sources = ['fixtures/policies/valid', 'fixtures/policies/examples'].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => /\.(json|ya?ml)$/.test(f))
    .map((f) => ({ ext: f.slice(f.lastIndexOf('.')), text: readFileSync(join(dir, f), 'utf8') })),
);
const dir = mkdtempSync(join(tmpdir(), 'svc-policy-bench-'));
for (let i = 0; i < count; i++) {
  const s = sources[i % sources.length]!;
  writeFileSync(
    join(dir, `policy-${String(i).padStart(4, '0')}${s.ext}`),
    s.text.replace(/name: |"name": "/, (m) => `${m}${i} `),
  );
}

const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const files = readdirSync(dir).map((f) => join(dir, f));

const library: number[] = [];
let errors = 0;
for (let run = 0; run < 5; run++) {
  const start = performance.now();
  errors = 0;
  for (const file of files) {
    const r = validatePolicy(readFileSync(file, 'utf8'), { fileName: file });
    if (!r.valid) errors++;
  }
  library.push(performance.now() - start);
}

const cli: number[] = [];
for (let run = 0; run < 5; run++) {
  const start = performance.now();
  const r = spawnSync(process.execPath, ['dist/cli.js', 'validate', dir, '--root', dir], {
    encoding: 'utf8',
  });
  cli.push(performance.now() - start);
  if (r.status !== 0) throw new Error(`the CLI exited with ${r.status}: ${r.stdout.slice(-500)}${r.stderr}`);
}
rmSync(dir, { recursive: true, force: true });

console.log(`${count} policy files (${errors} invalid)`);
console.log(
  `library, in process: ${median(library).toFixed(0)} ms (${((median(library) * 1000) / count).toFixed(0)} µs per file)`,
);
console.log(`built CLI, wall clock: ${median(cli).toFixed(0)} ms`);
