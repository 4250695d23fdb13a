import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../support/node-flags.js';

/** The built binary, as users run it (`npm test` builds before vitest; locally: `npx tsup`). */
const CLI = resolve('dist/cli.js');

function run(args: readonly string[], input?: string) {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, CLI, 'migrate-search', ...args], {
    encoding: 'utf8',
    timeout: 60_000,
    ...(input === undefined ? {} : { input }),
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'svc-policy-migrate-'));
  writeFileSync(
    join(dir, 'bodies.json'),
    JSON.stringify([{ filter: { name: 'a' } }, { filter: { name: 'b' }, nextToken: 't' }]),
  );
});
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('svc-policy migrate-search', () => {
  it('rewrites a body from standard input and reports the dropped nextToken', () => {
    const r = run(
      ['--operation', '7'],
      JSON.stringify({
        filter: { technology: 'postgres', tags: [{ key: 'env', value: 'prod' }] },
        nextToken: 'x',
      }),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual({
      filter: { technology: { $eq: 'postgres' }, 'tags$.env': { $eq: 'prod' } },
    });
    expect(r.stderr).toMatch(/notice: nextToken dropped/);
  });

  it('rewrites an array of bodies from a file, with the envelope', () => {
    const r = run(['-o', '3', '--envelope', join(dir, 'bodies.json')]);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as Array<{ path: string; request: unknown; notices: string[] }>;
    expect(out.map((o) => o.request)).toEqual([
      { filter: { name: { $eq: 'a' } } },
      { filter: { name: { $eq: 'b' } } },
    ]);
    expect(out[0]!.path).toBe('POST /policy/query');
    expect(out[1]!.notices).toHaveLength(1);
    expect(r.stderr).toMatch(/bodies\.json\[1\]: notice/);
  });

  it('takes the operation from each item when --operation is absent', () => {
    const r = run(
      [],
      JSON.stringify([
        { operation: 12, body: { filter: { type: 'aws' } } },
        { operation: '/component/search', body: { filter: { technology: 'k8s' } } },
      ]),
    );
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout)).toEqual([
      { filter: { type: { $eq: 'aws' } } },
      { filter: { technology: { $eq: 'k8s' } } },
    ]);
  });

  it('exits 1 with every problem located, and 2 for usage errors and bad JSON', () => {
    const bad = run(['--operation', '7'], JSON.stringify({ filter: { region: 'eu' }, totalCount: 1 }));
    expect(bad.code).toBe(1);
    expect(bad.stdout).toBe('');
    expect(bad.stderr).toMatch(/<stdin>: \/totalCount: .*\[NOT_CONVERTIBLE\]/);
    expect(bad.stderr).toMatch(/<stdin>: \/filter\/region: .*\[NOT_CONVERTIBLE\]/);
    expect(run([], '{}').code).toBe(1);
    expect(run(['--operation', '5'], '{}').code).toBe(2);
    expect(run(['--operation', '3'], '{').code).toBe(2);
    expect(run(['--operation', '3', join(dir, 'missing.json')]).code).toBe(2);
  });

  it('reads files as every command does: no FIFO or device, within --max-bytes, standard input too', () => {
    const fifo = join(dir, 'bodies.fifo');
    let targets: Array<[string, string]> = [['/dev/zero', 'a character device']];
    try {
      execFileSync('mkfifo', [fifo]);
      targets = [[fifo, 'a FIFO'], ...targets];
    } catch {
      // mkfifo is POSIX: where it is missing (Windows), only the device case runs.
      console.warn('mkfifo unavailable: the FIFO case is not run');
    }
    for (const [path, kind] of targets) {
      if (!existsSync(path)) continue;
      const r = run(['-o', '7', path]);
      expect(r.code, path).toBe(2);
      expect(r.stderr).toBe(
        `svc-policy migrate-search: cannot read ${path}: the file is ${kind}, not a regular file; not read\n`,
      );
    }
    const body = JSON.stringify({ filter: { name: 'a' } });
    const file = join(dir, 'one.json');
    writeFileSync(file, body);
    expect(run(['-o', '3', file]).code).toBe(0);
    const big = run(['-o', '3', '--max-bytes', '10', file]);
    expect(big.code).toBe(2);
    expect(big.stderr).toContain(`is ${body.length} bytes, more than the limit of 10 (--max-bytes)`);
    // Standard input is read up to the limit, not to its end (`< /dev/zero` would never end).
    const stdin = run(['-o', '3', '--max-bytes', '10'], body);
    expect(stdin.code).toBe(2);
    expect(stdin.stderr).toContain('standard input is more than the limit of 10 bytes (--max-bytes)');
    // More than the default limit (16 MiB), as `< /dev/zero` gives it.
    const zero = spawnSync(process.execPath, [...NODE_FLAGS, CLI, 'migrate-search', '-o', '3'], {
      encoding: 'utf8',
      timeout: 60_000,
      input: Buffer.alloc(17 * 1024 * 1024),
    });
    expect(zero.status).toBe(2);
    expect(zero.stderr).toContain('more than the limit of 16777216 bytes');
    for (const bad of ['0', 'x', '-1']) expect(run(['-o', '3', `--max-bytes=${bad}`], body).code).toBe(2);
  });
});
