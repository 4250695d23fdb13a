import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatSarif } from '../../src/validate/formats/sarif.js';

const ROOT = resolve(import.meta.dirname, '..', '..');

describe('text of the repository', () => {
  it.skipIf(!existsSync(join(ROOT, '.git')))('names no absolute path of a machine', () => {
    const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' })
      .split('\0')
      .filter((f) => f !== '' && !f.endsWith('package-lock.json') && existsSync(join(ROOT, f)));
    expect(files.length).toBeGreaterThan(50);
    const offending: string[] = [];
    for (const file of files) {
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const m of text.matchAll(/(?<![\w.~$])\/(?:work|home|root|Users|opt|mnt)\/[\w.-]+/g)) {
        offending.push(`${file}: ${m[0]}`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('SARIF names no information page unless one is given (the package has none it could name)', () => {
    const log = JSON.parse(formatSarif([], { name: 'svc-policy', version: '0.1.0' }));
    expect(log.runs[0].tool.driver).not.toHaveProperty('informationUri');
    expect(JSON.stringify(log)).not.toContain('npmjs.com');
    const given = JSON.parse(
      formatSarif([], { name: 'svc-policy', version: '0.1.0', informationUri: 'https://example.com/svc' }),
    );
    expect(given.runs[0].tool.driver.informationUri).toBe('https://example.com/svc');
  });

  it('docs/policies.md gives the exit code the CLI returns for input that is not NDJSON', () => {
    const cli = join(ROOT, 'dist', 'cli.js');
    if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npm run build:dist`');
    const dir = mkdtempSync(join(tmpdir(), 'svc-policy-exit-'));
    try {
      const eval_ = (input: string) => {
        writeFileSync(join(dir, 'input.txt'), input);
        const args = [
          cli,
          'eval',
          '-p',
          join(ROOT, 'fixtures/policies/examples'),
          '-i',
          join(dir, 'input.txt'),
        ];
        return spawnSync(process.execPath, args, { encoding: 'utf8', timeout: 60_000 }).status;
      };
      const docs = readFileSync(join(ROOT, 'docs/policies.md'), 'utf8');
      const stated = /Input that is not NDJSON at all[\s\S]*?the exit\s+code is \*\*(\d)\*\*/.exec(docs)?.[1];
      expect(stated).toBeDefined();
      expect(eval_('id,technology\nc-1,postgres\n')).toBe(Number(stated));
      const broken = /JSON array[\s\S]*?stops the\s+command with exit code \*\*(\d)\*\*/.exec(docs)?.[1];
      expect(eval_('[{"id": "a"} {"id": "b"}]\n')).toBe(Number(broken));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
