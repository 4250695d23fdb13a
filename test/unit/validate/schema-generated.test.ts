import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';

it('the ahead-of-time schema validator is up to date with schema/policy.schema.json', () => {
  // In a child process: generating compiles the schema with ajv, which needs `new Function`, and the
  // suite also runs where code generation from strings is forbidden.
  const root = join(import.meta.dirname, '..', '..', '..');
  const r = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'scripts', 'generate-schema-validator.ts'), '--check'],
    { cwd: root, encoding: 'utf8', timeout: 120_000 },
  );
  expect(r.stderr).toBe('');
  expect(r.status).toBe(0);
});
