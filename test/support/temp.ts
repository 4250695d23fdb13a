import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';

/**
 * One temporary folder for the whole test file, created before its tests and removed after them (even
 * when some failed), so that runs leave nothing in the system temp directory. `folder()` is the folder;
 * `subfolder(prefix)` a fresh folder inside it, for tests that need their own.
 *
 * @example
 * const temp = suiteTempDir('eval');
 * it('…', () => writeFileSync(join(temp.subfolder('policy-'), 'p.json'), '{}'));
 */
export function suiteTempDir(name: string): { folder(): string; subfolder(prefix: string): string } {
  let root: string | undefined;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), `svc-policy-${name}-`));
  });
  afterAll(() => {
    if (root !== undefined) rmSync(root, { recursive: true, force: true });
    root = undefined;
  });
  const folder = (): string => {
    if (root === undefined) throw new Error('suiteTempDir: used outside the tests of its file');
    return root;
  };
  return {
    folder,
    subfolder: (prefix: string) => {
      const base = folder();
      mkdirSync(base, { recursive: true });
      return mkdtempSync(join(base, prefix));
    },
  };
}
