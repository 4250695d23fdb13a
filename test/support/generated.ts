import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

/**
 * Runs a generator of scripts/ with `--check` and expects it to find its file up to date. In a child
 * process: a generator may need `new Function` (ajv does), and the suite also runs where code
 * generation from strings is forbidden.
 */
export function expectGeneratedUpToDate(script: string): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', join(root, 'scripts', script), '--check'], {
    cwd: root,
    encoding: 'utf8',
    timeout: 120_000,
  });
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
}
