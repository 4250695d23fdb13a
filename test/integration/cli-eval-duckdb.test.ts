import { spawnSync } from 'node:child_process';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { evaluateInventoryFile } from '../../src/node.js';
import type { InventorySummary } from '../../src/policy/index.js';
import { generateInventory } from '../../src/sample/generator.js';
import { NODE_FLAGS } from '../support/node-flags.js';
import { suiteTempDir } from '../support/temp.js';

/**
 * `svc-policy eval --engine duckdb` and `evaluateInventoryFile(…, { engine: 'duckdb' })`: the summary,
 * the exit codes and the --fail-on report of the in-process engine, on every input form DuckDB reads.
 */

const root = join(import.meta.dirname, '..', '..');
const cli = join(root, 'dist', 'cli.js');
const examples = join(root, 'fixtures', 'policies', 'examples');
const temp = suiteTempDir('eval-duckdb');

/** The inventory's reference date: both engines count the example policies' `$now` from it. */
const AS_OF = '2026-06-01T00:00:00Z';

function run(args: string[]) {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, cli, ...args, '--as-of', AS_OF], {
    cwd: root,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CI: '', NODE_DEBUG: '' },
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

/** The JSON report without what differs from run to run. */
function report(stdout: string): unknown {
  const out = JSON.parse(stdout) as { summary: Record<string, unknown> };
  return { ...out, summary: { ...out.summary, durationMs: 0, resourcesPerSecond: 0 } };
}

const records = [...generateInventory({ components: 600, certificates: 150 }, { seed: 11 })];
const idsOf = (technology: string, n: number) =>
  records
    .filter((r) => r.technology === technology)
    .slice(0, n)
    .map((r) => r.id);
const waiver = (id: string, policy: string, cover: object, accepts: object, expires: string) => ({
  id,
  policy,
  ...cover,
  accepts,
  expires,
  owner: 'platform',
  reason: 'accepted for now',
});
const tech = (t: string) => ({ filter: { technology: { $eq: t } } });
/**
 * Waivers of the example policies at AS_OF: overlapping ones, expiries at AS_OF ± 1 ms and at AS_OF
 * (in several offsets), one covering only resources out of its policy's scope, one of another policy
 * covering the same resources, and every expired certificate waived (so that --fail-on expired passes
 * unless --fail-on-waived).
 */
const waivers = {
  waivers: [
    waiver(
      'W-eol-pg',
      'End-of-life versions',
      tech('postgres'),
      { maxCriticality: 20 },
      '2027-01-01T00:00:00Z',
    ),
    waiver(
      'W-eol-ids',
      'End-of-life versions',
      { ids: [...idsOf('mysql', 3), ...idsOf('postgres', 2)] },
      { status: 'end-of-life' },
      '2026-12-01T00:00:00+01:00',
    ),
    waiver(
      'W-idle-plus',
      'Idle databases',
      tech('mysql'),
      { maxCriticality: 20 },
      '2026-06-01T02:00:00.001+02:00',
    ),
    waiver(
      'W-idle-at',
      'Idle databases',
      tech('postgres'),
      { maxCriticality: 20 },
      '2026-05-31T19:00:00-05:00',
    ),
    waiver(
      'W-idle-minus',
      'Idle databases',
      { ids: idsOf('postgres', 40) },
      { status: 'idle' },
      '2026-05-31T23:59:59.999Z',
    ),
    waiver('W-idle-out', 'Idle databases', tech('redis'), { maxCriticality: 20 }, '2027-01-01T00:00:00Z'),
    waiver(
      'W-k8s-pg',
      'Kubernetes end of support',
      tech('postgres'),
      { maxCriticality: 20 },
      '2027-01-01T00:00:00Z',
    ),
    waiver(
      'W-unowned-pg',
      'Unowned components',
      tech('postgres'),
      { status: 'unowned' },
      '2027-01-01T00:00:00Z',
    ),
    waiver(
      'W-certs',
      'Certificate expiry',
      { filter: { type: { $eq: 'ssl' } } },
      { status: 'expired' },
      '2026-07-01T00:00:00Z',
    ),
  ],
};
const ndjson = `${records.map((r) => JSON.stringify(r)).join('\n')}\n`;
const files: Record<string, string> = {};

beforeAll(async () => {
  const write = (name: string, data: string | Buffer) => {
    const path = join(temp.folder(), name);
    writeFileSync(path, data);
    files[name] = path;
  };
  write('inventory.ndjson', ndjson);
  write('inventory.ndjson.gz', gzipSync(ndjson));
  write('inventory.json', JSON.stringify(records));
  write('envelope.json', JSON.stringify({ items: records, nextPageToken: 'next' }, null, 2));
  write('envelope.json.gz', gzipSync(JSON.stringify({ items: records })));
  write('not-objects.ndjson', `${JSON.stringify(records[0])}\n5\n${JSON.stringify(records[1])}\n`);
  write('malformed.ndjson', `${JSON.stringify(records[0])}\n{"id":\n${JSON.stringify(records[1])}\n`);
  write('waivers.json', JSON.stringify(waivers));
  write('no-kind.ndjson', `${JSON.stringify({ id: 'x', technology: 'postgres' })}\n`);
  // Parquet, written by DuckDB from the NDJSON; its rows read back as DuckDB's JSON of them.
  const duck = await import('@duckdb/node-api');
  const instance = await duck.DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  const parquet = join(temp.folder(), 'inventory.parquet');
  await connection.run(
    `COPY (SELECT * FROM read_json('${files['inventory.ndjson']}', format = 'newline_delimited')) TO '${parquet}' (FORMAT parquet)`,
  );
  files['inventory.parquet'] = parquet;
  // What the in-process engine sees of the Parquet rows: DuckDB's JSON of each.
  const rows = await connection.runAndReadAll(
    `SELECT CAST(to_json(p) AS VARCHAR) AS j FROM read_parquet('${parquet}') AS p`,
  );
  write(
    'parquet-as.ndjson',
    `${rows
      .getRowObjectsJS()
      .map((r) => r.j)
      .join('\n')}\n`,
  );
  connection.closeSync();
  instance.closeSync();
});

describe('svc-policy eval --engine duckdb', () => {
  it.each([
    ['inventory.ndjson', 'inventory.ndjson'],
    ['inventory.ndjson.gz', 'inventory.ndjson'],
    ['inventory.json', 'inventory.ndjson'],
    ['envelope.json', 'inventory.ndjson'],
    ['envelope.json.gz', 'inventory.ndjson'],
    ['inventory.parquet', 'parquet-as.ndjson'],
  ])(
    '%s gives the summary, --fail-on report and exit code of the in-process engine over %s',
    (file, same) => {
      const args = ['eval', '-p', examples, '--format', 'json', '--fail-on', 'expired,criticality>=20'];
      const memory = run([...args, '-i', files[same]!]);
      const duckdb = run([...args, '-i', files[file]!, '--engine', 'duckdb', '--jobs', '2']);
      expect(duckdb.stderr).toBe(memory.stderr);
      expect(duckdb.code).toBe(memory.code);
      expect(memory.code).toBe(1);
      expect(report(duckdb.stdout)).toEqual(report(memory.stdout));
    },
  );

  it.each(['inventory.ndjson', 'envelope.json'])(
    '--waivers over %s: the waived counts, expired waivers, notices and --fail-on of the in-process engine',
    (file) => {
      const args = ['eval', '-p', examples, '--format', 'json', '--waivers', files['waivers.json']!];
      const memory = run([...args, '--fail-on', 'expired,criticality>=20', '-i', files['inventory.ndjson']!]);
      const duckdb = run([
        ...args,
        '--fail-on',
        'expired,criticality>=20',
        '-i',
        files[file]!,
        '--engine',
        'duckdb',
      ]);
      expect(duckdb.stderr).toBe(memory.stderr);
      expect(duckdb.code).toBe(memory.code);
      expect(memory.code).toBe(1);
      expect(JSON.stringify(report(duckdb.stdout))).toBe(JSON.stringify(report(memory.stdout)));
      const summary = (JSON.parse(memory.stdout) as { summary: InventorySummary }).summary;
      const of = (name: string) => summary.policies.find((p) => p.policy === name)!;
      // Not a vacuous comparison: waived results, expired waivers and an out-of-scope waiver are there.
      expect(of('End-of-life versions').waived).toBeGreaterThan(0);
      expect(of('Idle databases').waived).toBeGreaterThan(0);
      expect(of('Idle databases').expiredWaivers).toEqual(['W-idle-at', 'W-idle-minus']);
      expect(of('Kubernetes end of support').waived).toBe(0);
      expect(memory.stderr).toMatch(/"W-idle-at", "W-idle-minus" expired before/);

      // Every expired certificate is waived: --fail-on expired passes, unless --fail-on-waived.
      for (const extra of [[], ['--fail-on-waived']]) {
        const failOn = [...args, '--fail-on', 'expired', ...extra];
        const m = run([...failOn, '-i', files['inventory.ndjson']!]);
        const d = run([...failOn, '-i', files[file]!, '--engine', 'duckdb']);
        expect(m.code).toBe(extra.length === 0 ? 0 : 1);
        expect(d.code).toBe(m.code);
        expect(d.stderr).toBe(m.stderr);
        expect(JSON.stringify(report(d.stdout))).toBe(JSON.stringify(report(m.stdout)));
      }
    },
  );

  it('--resource and --kind-field are read as in process', () => {
    const args = [
      'eval',
      '-p',
      examples,
      '--format',
      'json',
      '--kind-field',
      'technology',
      '--resource',
      'component',
    ];
    const memory = run([...args, '-i', files['inventory.ndjson']!]);
    const duckdb = run([...args, '-i', files['inventory.ndjson']!, '--engine', 'duckdb']);
    expect(duckdb.code).toBe(memory.code);
    expect(report(duckdb.stdout)).toEqual(report(memory.stdout));
  });

  it('records of no kind under policies of several kinds stop both engines (exit 2)', () => {
    const args = ['eval', '-p', examples, '--format', 'json', '-i', files['no-kind.ndjson']!];
    expect(run(args).code).toBe(2);
    const duckdb = run([...args, '--engine', 'duckdb']);
    expect(duckdb.code).toBe(2);
    expect(duckdb.stderr).toMatch(/no kind and the policies are for several kinds/);
  });

  it('a record that is not an object, or a malformed line, stops it loudly (exit 2) where memory skips it (exit 3)', () => {
    for (const file of ['not-objects.ndjson', 'malformed.ndjson']) {
      const args = ['eval', '-p', examples, '--format', 'json', '-i', files[file]!];
      expect(run(args).code).toBe(3);
      const duckdb = run([...args, '--engine', 'duckdb']);
      expect(duckdb.code).toBe(2);
      expect(duckdb.stdout).toBe('');
      expect(duckdb.stderr).toMatch(/--engine memory/);
    }
  });

  it('per-resource options, standard input and unknown engines are usage errors (exit 2)', () => {
    const base = ['eval', '-p', examples, '-i', files['inventory.ndjson']!, '--engine', 'duckdb'];
    for (const extra of [['--explain'], ['--id', 'x'], ['--where', '{}'], ['--format', 'ndjson']]) {
      const r = run([...base, ...extra]);
      expect(r.code).toBe(2);
      expect(r.stderr).toMatch(/only --engine memory/);
    }
    expect(run(['eval', '-p', examples, '-i', '-', '--engine', 'duckdb']).stderr).toMatch(/reads a file/);
    expect(run(['eval', '-p', examples, '-i', files['inventory.ndjson']!, '--engine', 'spark']).code).toBe(2);
  });

  it('without @duckdb/node-api: exit 2 with the command that installs it, not an internal error', () => {
    // The bundled CLI alone, where no node_modules folder is on the way up: the import fails as on a
    // machine that never installed the optional package.
    const alone = join(temp.subfolder('alone-'), 'cli.js');
    copyFileSync(cli, alone);
    const r = spawnSync(
      process.execPath,
      [...NODE_FLAGS, alone, 'eval', '-p', examples, '-i', files['inventory.ndjson']!, '--engine', 'duckdb'],
      { encoding: 'utf8', env: { ...process.env, CI: '', NODE_DEBUG: '', NODE_PATH: '' } },
    );
    expect(r.stderr).toMatch(
      /^svc-policy eval: the duckdb engine needs the optional package @duckdb\/node-api/,
    );
    expect(r.stderr).toMatch(/npm install @duckdb\/node-api\n$/);
    expect(r.stderr).not.toMatch(/internal error|\n {4}at /);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
  });
});

describe("evaluateInventoryFile(…, { engine: 'duckdb' })", () => {
  it('gives the summary of the in-process engine', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const defs = readdirSync(examples)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(examples, f), 'utf8')));
    const memory = await evaluateInventoryFile(defs, files['inventory.json']!, { jobs: 1, asOf: AS_OF });
    const duckdb = await evaluateInventoryFile(defs, files['inventory.json']!, {
      engine: 'duckdb',
      asOf: AS_OF,
    });
    const strip = (s: object) => ({ ...s, durationMs: 0, resourcesPerSecond: 0 });
    expect(strip(duckdb)).toEqual(strip(memory));
  });

  it('takes waivers (the option, or those the policies were compiled with): the in-process summary', async () => {
    const { readdirSync, readFileSync } = await import('node:fs');
    const { compilePolicy } = await import('../../src/index.js');
    const defs = readdirSync(examples)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(examples, f), 'utf8')));
    const strip = (s: object) => JSON.stringify({ ...s, durationMs: 0, resourcesPerSecond: 0 });
    const memory = await evaluateInventoryFile(defs, files['inventory.ndjson']!, {
      jobs: 1,
      asOf: AS_OF,
      waivers,
    });
    expect(memory.policies.reduce((n, p) => n + p.waived, 0)).toBeGreaterThan(0);
    // A resource a policy names another kind of is not waived by it (Certificate expiry: certificates).
    for (const options of [{}, { resource: 'component' }]) {
      const inProcess = await evaluateInventoryFile(defs, files['inventory.ndjson']!, {
        jobs: 1,
        asOf: AS_OF,
        waivers,
        ...options,
      });
      const duckdb = await evaluateInventoryFile(defs, files['inventory.ndjson']!, {
        engine: 'duckdb',
        asOf: AS_OF,
        waivers,
        ...options,
      });
      expect(strip(duckdb)).toBe(strip(inProcess));
    }
    const compiled = defs.map((d) => compilePolicy(d, { waivers, asOf: AS_OF }));
    const duckdb = await evaluateInventoryFile(compiled, files['inventory.ndjson']!, {
      engine: 'duckdb',
      asOf: AS_OF,
    });
    expect(strip(duckdb)).toBe(strip(memory));
    // At the expiry of W-idle-plus (AS_OF + 1 ms), it no longer applies, on both engines.
    const later = '2026-06-01T00:00:00.001Z';
    const m = await evaluateInventoryFile(defs, files['inventory.ndjson']!, {
      jobs: 1,
      asOf: later,
      waivers,
    });
    const d = await evaluateInventoryFile(defs, files['inventory.ndjson']!, {
      engine: 'duckdb',
      asOf: later,
      waivers,
    });
    expect(strip(d)).toBe(strip(m));
    expect(d.policies.find((p) => p.policy === 'Idle databases')!.expiredWaivers).toEqual([
      'W-idle-plus',
      'W-idle-at',
      'W-idle-minus',
    ]);
  });

  // Records whose values are not what the example inventory holds: DuckDB's reader takes some (each
  // field read as JSON, objects narrowed to the keys read) and refuses others (an object expected
  // where a record has a string, an array, a number); either way the answer is the in-process one.
  const hostile = {
    name: 'hostile',
    statusDefinitions: {
      ok: { isDefault: true, criticality: 0 },
      text: rule({ technology: { $in: ['postgres', 'mysql'] }, 'tags$.env': { $eq: 'prod' } }),
      version: rule({ version: { $vgte: '1.10', $vlt: '15' } }),
      instant: rule({ 'details$.postgres$.lastActiveConnectionTime': { $lt: { $now: 'P0D' } } }),
      number: rule({ 'details$.postgres$.connections': { $gt: 3 } }),
      flag: rule({ hasAvailableSvcs: { $eq: true }, deletedAt: { $exists: false } }),
      nodes: rule({ 'details$.kubernetes$.nodes$.__svcArrayAny__$.version': { $vlt: '1.27' } }),
      ready: rule({
        'details$.kubernetes$.nodes$.__svcArrayAny__': { $elemMatch: { status: { $eq: 'NotReady' } } },
      }),
      missing: rule({ 'details$.postgres$.lastActiveConnectionTime': { $exists: false } }),
    },
  };
  function rule(filter: unknown) {
    return {
      isDefault: false,
      criticality: 1,
      rules: [{ conditions: [{ type: 'filter', condition: { filter } }] }],
    };
  }
  const taken = [
    { technology: 5, version: 14, hasAvailableSvcs: 'true', tags: { env: 'prod' } },
    { technology: 'postgres', version: 'v1.10.0-rc.1', tags: { Env: 'prod', env: ['prod'] } },
    { technology: 'mysql', tags: null, details: null, version: '1.9' },
    {
      details: { postgres: null, kubernetes: { nodes: [1, 'x', null, { version: 5 }, { version: '1.26' }] } },
    },
    {
      details: {
        Postgres: { connections: 9 },
        postgres: { connections: '9', lastActiveConnectionTime: '2026-02-30T00:00:00Z' },
      },
    },
    { details: { postgres: { connections: 1e308, lastActiveConnectionTime: '2026-01-01' } } },
    {
      details: {
        postgres: {
          connections: 3.0000000000000004,
          lastActiveConnectionTime: '2025-12-31T23:59:59.9999+01:00',
        },
      },
    },
    {
      details: {
        postgres: { lastActiveConnectionTime: 1700000000000 },
        kubernetes: { nodes: { version: '1.2' } },
      },
    },
    { technology: 'postgres\u0000', version: '\u00e9', hasAvailableSvcs: true, deletedAt: null },
    { technology: 'mysql', tags: { env: 'prod' }, hasAvailableSvcs: false, deletedAt: 0 },
    {},
  ];
  const big =
    '{"technology":"postgres","details":{"postgres":{"connections":123456789012345678901234567890}}}';
  const refused = [
    { details: 'postgres' },
    { details: { postgres: ['x'] } },
    { details: { kubernetes: 5 } },
    { tags: [] },
  ];

  it.each<[string, string[]]>([
    ['taken by the reader', [...taken.map((r) => JSON.stringify(r)), big]],
    ...refused.map((r): [string, string[]] => [
      `refused: ${JSON.stringify(r)}`,
      [...taken, r].map((x) => JSON.stringify(x)),
    ]),
  ])('records of unexpected shapes (%s) give the in-process summary', async (_, lines) => {
    const file = join(temp.folder(), `hostile-${Math.random().toString(36).slice(2)}.ndjson`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    const strip = (s: object) => ({ ...s, durationMs: 0, resourcesPerSecond: 0 });
    const memory = await evaluateInventoryFile([hostile], file, { jobs: 1, asOf: AS_OF });
    const duckdb = await evaluateInventoryFile([hostile], file, { engine: 'duckdb', asOf: AS_OF });
    expect(strip(duckdb)).toEqual(strip(memory));
    expect(memory.resources).toBe(lines.length);
  });

  // JSON.parse keeps a key's last value, DuckDB's json_extract its first: a key twice where the
  // policies read stops the run; a key twice where they do not read changes nothing.
  const taken0 = taken.map((r) => JSON.stringify(r));
  it.each<[string, string]>([
    ['the record', '{"technology":"oracle","version":"1.0","technology":"postgres"}'],
    ['a STRUCT the reader narrows', '{"tags":{"env":"dev","env":"prod"},"technology":"mysql"}'],
    ['an object below it', '{"details":{"postgres":{"connections":1,"connections":9}}}'],
    [
      'an element read through a selector',
      '{"details":{"kubernetes":{"nodes":[{"version":"1.30","version":"1.2"}]}}}',
    ],
    [
      'an element among other values',
      '{"details":{"kubernetes":{"nodes":[5,{"version":"1.30","version":"1.2"}]}}}',
    ],
    [
      'an element $elemMatch reads',
      '{"details":{"kubernetes":{"nodes":[{"status":"Ready","status":"NotReady"}]}}}',
    ],
  ])(
    'a key twice in %s stops the run (MALFORMED_INPUT), with or without a refused record',
    async (_, line) => {
      for (const lines of [
        [...taken0, line],
        [...taken0, line, JSON.stringify(refused[0])],
      ]) {
        const file = join(temp.folder(), `twice-${Math.random().toString(36).slice(2)}.ndjson`);
        writeFileSync(file, `${lines.join('\n')}\n`);
        await expect(
          evaluateInventoryFile([hostile], file, { engine: 'duckdb', asOf: AS_OF }),
        ).rejects.toMatchObject({
          code: 'MALFORMED_INPUT',
          message: expect.stringMatching(/^1 record\(s\) have a key twice .*--engine memory/),
        });
      }
    },
  );

  it('a key twice where the policies do not read gives the in-process summary', async () => {
    const unread = [
      '{"zz":1,"zz":2,"technology":"postgres","tags":{"env":"prod"}}',
      '{"tags":{"team":"a","team":"b","env":"prod"},"technology":"mysql"}',
      '{"details":{"other":{"x":1,"x":2},"postgres":{"connections":5,"x":1,"x":2}}}',
      '{"details":{"kubernetes":{"nodes":[{"x":1,"x":2,"version":"1.2"},[{"version":1,"version":2}]]}}}',
    ];
    for (const lines of [
      [...taken0, ...unread],
      [...taken0, ...unread, JSON.stringify(refused[0])],
    ]) {
      const file = join(temp.folder(), `unread-${Math.random().toString(36).slice(2)}.ndjson`);
      writeFileSync(file, `${lines.join('\n')}\n`);
      const strip = (s: object) => ({ ...s, durationMs: 0, resourcesPerSecond: 0 });
      const memory = await evaluateInventoryFile([hostile], file, { jobs: 1, asOf: AS_OF });
      const duckdb = await evaluateInventoryFile([hostile], file, { engine: 'duckdb', asOf: AS_OF });
      expect(strip(duckdb)).toEqual(strip(memory));
    }
  });

  it('builds the SQL under the limits the policies were compiled under', async () => {
    let filter: unknown = { technology: { $eq: 'postgres' } };
    for (let i = 0; i < 40; i++) filter = { $not: filter };
    const deep = {
      name: 'deep',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        odd: {
          isDefault: false,
          criticality: 1,
          rules: [{ conditions: [{ type: 'filter', condition: { filter } }] }],
        },
      },
    };
    const strip = (s: object) => ({ ...s, durationMs: 0, resourcesPerSecond: 0 });
    const memory = await evaluateInventoryFile([deep], files['inventory.ndjson']!, {
      jobs: 1,
      maxDepth: 50,
      asOf: AS_OF,
    });
    const duckdb = await evaluateInventoryFile([deep], files['inventory.ndjson']!, {
      engine: 'duckdb',
      maxDepth: 50,
      asOf: AS_OF,
    });
    expect(strip(duckdb)).toEqual(strip(memory));
  });

  it('refuses the in-process options, typed', async () => {
    const defs = [
      JSON.parse((await import('node:fs')).readFileSync(join(examples, 'certificate-expiry.json'), 'utf8')),
    ];
    for (const extra of [
      { onResult: () => {} },
      { onRange: () => {} },
      { maxRecordLength: 10 },
      { kindField: () => 'x' },
    ]) {
      await expect(
        evaluateInventoryFile(defs, files['inventory.ndjson']!, { engine: 'duckdb', ...extra }),
      ).rejects.toMatchObject({ code: 'INVALID_OPTION' });
    }
    await expect(
      evaluateInventoryFile(defs, files['inventory.ndjson']!, { engine: 'spark' as 'duckdb' }),
    ).rejects.toMatchObject({ code: 'INVALID_OPTION' });
  });
});
