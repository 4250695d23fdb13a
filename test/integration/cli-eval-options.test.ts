import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInventory } from '../../fixtures/generator.js';
import { NODE_FLAGS } from '../support/node-flags.js';

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const examples = join(root, 'fixtures', 'policies', 'examples');
const small = join(root, 'fixtures', 'inventory', 'small.ndjson');
const expiry = join(examples, 'certificate-expiry.json');
const idle = join(examples, 'idle-databases.json');

/** The example policies count from the run's asOf: every run here is at the inventory's 2026-06-01. */
const AS_OF = ['--as-of', '2026-06-01T00:00:00Z'];

/** Runs the built binary with the Node running the tests. */
function run(args: string[], input?: string | Buffer) {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, cli, ...args, ...(args[0] === 'eval' ? AS_OF : [])], {
    cwd: root,
    encoding: 'utf8',
    input: input ?? '',
    // A command that blocks (on a FIFO no one writes) fails the test instead of hanging it.
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

interface PolicySummary {
  policy: string;
  applicable: number;
  notApplicable: number;
  otherKind: number;
  statuses: Array<{ status: string; count: number }>;
}
interface Summary {
  resources: number;
  notice: string | null;
  kinds: Record<string, number>;
  policies: PolicySummary[];
  failOn?: { conditions: string[]; matched: Array<{ policy: string; status: string; count: number }> };
}

const summaryOf = (stdout: string) => (JSON.parse(stdout) as { summary: Summary }).summary;
const counts = (s: Summary, policy: string) =>
  Object.fromEntries(s.policies.find((p) => p.policy === policy)!.statuses.map((x) => [x.status, x.count]));

let dir: string;
beforeAll(() => {
  if (!existsSync(cli)) throw new Error('dist/cli.js is missing: run `npx tsup` (npm test builds it)');
  dir = mkdtempSync(join(tmpdir(), 'svc-policy-eval-options-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('svc-policy eval --fail-on', () => {
  it('exits 1 when a resource gets a named status, and says which', () => {
    const r = run(['eval', '-p', expiry, '-i', small, '--fail-on', 'expired']);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('--fail-on expired met: Certificate expiry: expired (1)');
    expect(summaryOf(r.stdout).failOn).toEqual({
      conditions: ['expired'],
      matched: [
        { policy: 'Certificate expiry', status: 'expired', criticality: 20, count: 1, condition: 'expired' },
      ],
    });
  });

  it('takes criticality>=N, criticality>N, comma lists and repeats', () => {
    expect(run(['eval', '-p', examples, '-i', small, '--fail-on', 'criticality>=20']).code).toBe(1);
    // No example status is above 30.
    expect(run(['eval', '-p', examples, '-i', small, '--fail-on', 'criticality>30']).code).toBe(0);
    const list = run(['eval', '-p', examples, '-i', small, '--fail-on', 'criticality>30,expiring-soon']);
    expect(list.code).toBe(1);
    expect(summaryOf(list.stdout).failOn?.matched.map((m) => m.status)).toEqual(['expiring-soon']);
    const repeated = run(['eval', '-p', idle, '-i', small, '--fail-on', 'idle', '--fail-on', 'in-use']);
    expect(summaryOf(repeated.stdout).failOn?.matched.map((m) => m.status)).toEqual(['in-use', 'idle']);
  });

  it('exits 0 when nothing meets the condition', () => {
    const r = run(['eval', '-p', idle, '-i', small, '--fail-on', 'criticality>=100']);
    expect(r.code).toBe(0);
    expect(summaryOf(r.stdout).failOn?.matched).toEqual([]);
  });

  it('rejects an unknown status or a malformed criticality as a usage error (2)', () => {
    const typo = run(['eval', '-p', idle, '-i', small, '--fail-on', 'idel']);
    expect(typo.code).toBe(2);
    expect(typo.stderr).toContain('no policy has a status named "idel"');
    for (const bad of ['criticality>=x', 'criticality=20', ',']) {
      expect(run(['eval', '-p', idle, '-i', small, '--fail-on', bad]).code, bad).toBe(2);
    }
  });
});

describe('svc-policy eval --explain for selected resources', () => {
  it('--id explains only the resources with those ids (json: results holds only them)', () => {
    const r = run(['eval', '-p', idle, '-i', small, '-f', 'json', '--id', 'db-2', '--id', 'db-3']);
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout) as { results: Array<{ id: string; explanations: unknown[] }> };
    expect(out.results.map((x) => x.id)).toEqual(['db-2', 'db-3']);
    expect(out.results[0]!.explanations).toHaveLength(1);
  });

  it('--id that matches no resource: a notice naming it on standard error, unmatchedIds in JSON, exit 0', () => {
    const r = run(['eval', '-p', idle, '-i', small, '-f', 'json', '--id', 'db-2', '--id', 'no-such-id']);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe(
      'svc-policy eval: notice: --id matched no resource: "no-such-id" (no record has that "id"; nothing explained for it)\n',
    );
    const out = JSON.parse(r.stdout) as {
      results: Array<{ id: string }>;
      summary: { unmatchedIds: string[] };
    };
    expect(out.results.map((x) => x.id)).toEqual(['db-2']);
    expect(out.summary.unmatchedIds).toEqual(['no-such-id']);

    // Every id that matched nothing, once each, in the order given; escaped as every value on stderr is.
    const t = run([
      'eval',
      '-p',
      idle,
      '-i',
      small,
      '-f',
      'table',
      '--id',
      'x\u001b[31m',
      '--id',
      'y',
      '--id',
      'y',
    ]);
    expect(t.code).toBe(0);
    expect(t.stderr).toContain('--id matched no resource: "x\\u001B[31m", "y" (');
    expect(t.stdout).not.toMatch(/^record \d/m);

    // All matched: no notice, and an empty list.
    const all = run(['eval', '-p', idle, '-i', small, '-f', 'ndjson', '--id', 'db-2']);
    expect(all.stderr).toBe('');
    const last = JSON.parse(all.stdout.trim().split('\n').at(-1)!) as { summary: { unmatchedIds: string[] } };
    expect(last.summary.unmatchedIds).toEqual([]);
    // Without --id, the summary has no such member.
    expect(summaryOf(run(['eval', '-p', idle, '-i', small, '-f', 'json']).stdout)).not.toHaveProperty(
      'unmatchedIds',
    );
  });

  it('--where explains the resources a filter matches; ndjson still lists every resource', () => {
    const r = run([
      'eval',
      '-p',
      idle,
      '-i',
      small,
      '-f',
      'ndjson',
      '--where',
      '{"technology":{"$eq":"mysql"}}',
    ]);
    expect(r.code).toBe(0);
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { id?: string; explanations?: unknown[] });
    expect(lines).toHaveLength(9);
    expect(lines.filter((l) => l.explanations !== undefined).map((l) => l.id)).toEqual(['db-3']);
  });

  it('--id in table format prints only the selected explanation', () => {
    const r = run(['eval', '-p', idle, '-i', small, '-f', 'table', '--id', 'db-2']);
    // The second record (index 1): shown 1-based, as every ordinal.
    expect(r.stdout).toContain('record 2 (db-2)');
    expect(r.stdout).not.toContain('record 1 ');
    expect(r.stdout).toContain('nearest miss: "idle"');
  });

  it('explains a record of another kind as such', () => {
    const r = run(['eval', '-p', idle, '-i', small, '-f', 'table', '--id', 'cert-1']);
    expect(r.stdout).toContain(
      'Idle databases: not applicable (a "certificate" record; the policy is for "component")',
    );
  });

  it('rejects a --where that is not JSON or not a filter (2)', () => {
    for (const where of ['{technology', '{"technology":{"$in":"x"}}']) {
      const r = run(['eval', '-p', idle, '-i', small, '--where', where]);
      expect(r.code, where).toBe(2);
      expect(r.stderr).toContain('--where');
    }
  });
});

describe('svc-policy eval --input formats', () => {
  const text = readFileSync(small, 'utf8');
  const records = text
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as unknown);
  const expected = () => summaryOf(run(['eval', '-p', examples, '-i', small]).stdout).policies;

  it('reads gzip by its magic bytes, whatever the name, from a file or standard input', () => {
    const want = expected();
    for (const name of ['inventory.ndjson.gz', 'inventory.ndjson']) {
      const file = join(dir, name);
      writeFileSync(file, gzipSync(text));
      const r = run(['eval', '-p', examples, '-i', file]);
      expect(r.code, name).toBe(0);
      expect(summaryOf(r.stdout).policies).toEqual(want);
    }
    const array = join(dir, 'inventory.json.gz');
    writeFileSync(array, gzipSync(JSON.stringify(records)));
    expect(summaryOf(run(['eval', '-p', examples, '-i', array]).stdout).policies).toEqual(want);
    const stdin = run(['eval', '-p', examples], gzipSync(text));
    expect(summaryOf(stdin.stdout).policies).toEqual(want);
  });

  it('reports a corrupt gzip stream as an input error (2)', () => {
    const file = join(dir, 'corrupt.gz');
    writeFileSync(file, gzipSync(text).subarray(0, 40));
    const r = run(['eval', '-p', idle, '-i', file]);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('gzip');
  });

  it("reads the API's list envelope, pretty-printed or on one line", () => {
    const want = expected();
    const pretty = join(dir, 'page.json');
    writeFileSync(pretty, JSON.stringify({ nextPageToken: 'abc', items: records }, null, 2));
    expect(summaryOf(run(['eval', '-p', examples, '-i', pretty]).stdout).policies).toEqual(want);
    const oneLine = run(['eval', '-p', examples], JSON.stringify({ items: records, nextToken: null }));
    expect(summaryOf(oneLine.stdout).policies).toEqual(want);
  });

  it('exits 2 on input that is neither JSON, NDJSON nor an envelope', () => {
    const r = run(['eval', '-p', idle], 'name: a YAML file\nitems:\n  - x\n');
    expect(r.code).toBe(2);
    expect(r.stderr).toContain('no record could be read');
  });

  it('rejects a line that is JSON but not a record (a bare string, a number) as a malformed line (3)', () => {
    const r = run(
      ['eval', '-p', idle, '--resource', 'component'],
      '{"id":"a"}\n"just text"\nnot json\n42\n{"id":"b"}\n',
    );
    expect(r.code).toBe(3);
    expect(r.stderr).toBe(
      [
        'stdin:2: not a record: a string (a record is a JSON object)',
        'stdin:3: not valid JSON: Unexpected token \'o\', "not json" is not valid JSON',
        'stdin:4: not a record: a number (a record is a JSON object)',
        'svc-policy eval: 3 record(s) rejected (not valid JSON, or not a JSON object)',
        '',
      ].join('\n'),
    );
    const summary = summaryOf(r.stdout) as Summary & { rejected: number; rejections: unknown[] };
    expect(summary.resources).toBe(2);
    expect(summary.rejected).toBe(3);
    // In an array or an envelope likewise.
    const array = run(['eval', '-p', idle, '--resource', 'component'], '[{"id":"a"}, "just text", 7]');
    expect(array.code).toBe(3);
    expect(array.stderr).toContain('stdin:1: array element is not a record: a string');
  });
});

describe('svc-policy eval --kind-field', () => {
  const unowned = join(examples, 'unowned-components.json');

  it("on the generator's mixed inventory, a component policy with query {} no longer counts certificates", () => {
    const file = join(dir, 'mixed.ndjson');
    const lines = [...generateInventory({ components: 300, certificates: 30 }, { seed: 42 })].map((r) =>
      JSON.stringify(r),
    );
    writeFileSync(file, `${lines.join('\n')}\n`);
    // The example is inactive; an active copy of it:
    const policy = join(dir, 'unowned.json');
    writeFileSync(policy, JSON.stringify({ ...JSON.parse(readFileSync(unowned, 'utf8')), isActive: true }));
    const r = run(['eval', '-p', policy, '-i', file]);
    expect(r.code).toBe(0);
    expect(r.stderr).toBe('');
    const s = summaryOf(r.stdout);
    const p = s.policies[0]!;
    expect([p.applicable, p.otherKind]).toEqual([300, 30]);
    expect(s.kinds).toEqual({ certificate: 30, component: 300 });
  });

  it('reads the kind where --kind-field says, and prints a notice when records have none', () => {
    const file = join(dir, 'nested-kinds.ndjson');
    const recs = readFileSync(small, 'utf8')
      .trim()
      .split('\n')
      .map((l) => {
        const { resource, ...rest } = JSON.parse(l) as { resource: string };
        return JSON.stringify({ ...rest, meta: { kind: resource } });
      });
    writeFileSync(file, `${recs.join('\n')}\n`);
    const nested = run(['eval', '-p', examples, '-i', file, '--kind-field', 'meta$.kind']);
    expect(nested.stderr).toBe('');
    expect(summaryOf(nested.stdout).policies).toEqual(
      summaryOf(run(['eval', '-p', examples, '-i', small]).stdout).policies,
    );
    // Without it, the records name no kind at "resource", and the policies are for two kinds: which one
    // a record is cannot be told, and counting a certificate as a component is what must not happen.
    const blind = run(['eval', '-p', examples, '-i', file]);
    expect(blind.code).toBe(2);
    expect(blind.stdout).toBe('');
    expect(blind.stderr).toMatch(
      /^svc-policy eval: record 1 has no kind \(no "resource" field\) and the policies are for several kinds \("certificate", "component"\): give the kind of the records \(resource option, --resource KIND\)/,
    );
    // With policies of one kind, the records are evaluated as that kind, and a notice says so.
    const oneKind = run(['eval', '-p', idle, '-i', file]);
    expect(oneKind.code).toBe(0);
    expect(oneKind.stderr).toContain(
      'notice: 8 of 8 records have no kind (no "resource" field); every policy naming a kind is for "component" records, so they were evaluated as "component" records',
    );
    expect(summaryOf(oneKind.stdout).notice).toContain('--kind-field PATH');
    const withResource = run(['eval', '-p', examples, '-i', file, '--resource', 'component']);
    expect(withResource.code).toBe(0);
    expect(withResource.stderr).toBe('');
  });

  it('rejects a --kind-field that is not a field path (2)', () => {
    for (const bad of ['', 'a$.__svcArrayAny__', 'a$.$.b']) {
      const r = run(['eval', '-p', idle, '-i', small, '--kind-field', bad]);
      expect(r.code, bad).toBe(2);
      expect(r.stderr).toContain('--kind-field');
    }
  });
});

describe('svc-policy eval: inputs that are not regular files', () => {
  it('refuses a FIFO or a device as --input before reading (standard input "-" stays the way to pipe)', () => {
    const fifo = join(dir, 'inventory.fifo');
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
      const r = run(['eval', '-p', idle, '-i', path]);
      expect(r.code, path).toBe(2);
      expect(r.stderr).toBe(
        `svc-policy eval: cannot read input ${path}: it is ${kind}, not a regular file; not read (pipe a stream to standard input: --input -)\n`,
      );
    }
    const piped = run(['eval', '-p', idle, '-i', '-'], readFileSync(small));
    expect(piped.code).toBe(0);
  });
});

describe('svc-policy eval: exit code 3 for rejected records', () => {
  it('takes precedence over --fail-on, since the results are incomplete', () => {
    const r = run(['eval', '-p', idle, '--fail-on', 'idle'], `${readFileSync(small, 'utf8')}{"broken":\n`);
    expect(r.code).toBe(3);
    expect(counts(summaryOf(r.stdout), 'Idle databases').idle).toBe(1);
  });
});

describe('svc-policy eval: an error that stops the run', () => {
  it('still writes the output of the resources before it (output is gathered into larger writes)', () => {
    // Policies of two kinds, and a record of neither: the run stops there (exit 2).
    const input = [
      '{"id":"a","resource":"component","technology":"postgres","version":"11"}',
      '{"id":"b","resource":"certificate"}',
      '{"id":"c"}',
      '{"id":"d","resource":"component"}',
    ].join('\n');
    for (const format of ['ndjson', 'sarif']) {
      const r = run(['eval', '-p', examples, '--format', format], input);
      expect(r.code, format).toBe(2);
      expect(r.stderr, format).toContain('record 3 has no kind');
      if (format === 'ndjson') {
        expect(
          r.stdout
            .trim()
            .split('\n')
            .map((l) => (JSON.parse(l) as { id: string }).id),
        ).toEqual(['a', 'b']);
      } else expect(r.stdout, format).toContain('"results":[\n{"ruleId":"End-of-life versions/end-of-life"');
    }
  });
});
