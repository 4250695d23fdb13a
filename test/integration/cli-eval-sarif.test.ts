import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { NODE_FLAGS } from '../support/node-flags.js';
import { sarifErrors } from '../support/sarif.js';
import { suiteTempDir } from '../support/temp.js';

/** `svc-policy eval --format sarif`, with waivers, as users run the built binary. */
const CLI = resolve('dist/cli.js');

function run(args: readonly string[], cwd: string) {
  const r = spawnSync(process.execPath, [...NODE_FLAGS, CLI, ...args], {
    cwd,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

const rule = (filter: object) => ({ conditions: [{ type: 'filter', condition: { filter } }] });

const PG = {
  name: 'pg',
  statusDefinitions: {
    ok: { isDefault: true, criticality: 0 },
    old: { criticality: 10, rules: [rule({ version: { $lt: 14 } })] },
    eol: { criticality: 20, rules: [rule({ version: { $lt: 9 } }), rule({ version: { $lt: 12 } })] },
  },
  query: { filter: { technology: { $eq: 'postgres' } } },
};

const TLS = {
  name: 'tls',
  statusDefinitions: {
    fine: { isDefault: true, criticality: 0 },
    weak: { criticality: 5, rules: [rule({ tls: { $lt: 1.2 } })] },
  },
  query: { filter: {} },
};

const WAIVERS = `waivers:
  - id: W-1
    policy: pg
    ids: [db-1]
    accepts: { status: eol }
    expires: "2027-03-01T00:00:00+01:00"
    owner: db team
    reason: migration in March
    ticket: https://tracker.example/DB-12
  - id: W-2
    policy: pg
    filter: { team: { $eq: core } }
    accepts: { maxCriticality: 20 }
    expires: "2027-01-01T00:00:00Z"
    owner: core
    reason: upgrade planned
`;

const INVENTORY = [
  { id: 'db-1', technology: 'postgres', version: 11, tls: 1.3 },
  { id: 'db-2', technology: 'postgres', version: 13, team: 'core', tls: 1.3 },
  { id: 'db-3', technology: 'postgres', version: 16, tls: 1.3 },
  { technology: 'postgres', version: 10, tls: 1.0 },
  { id: 'db-5', technology: 'postgres', version: 8, tls: 1.1 },
];

const temp = suiteTempDir('cli-eval-sarif');
let dir: string;
let pgText: string;
beforeAll(() => {
  dir = temp.subfolder('s-');
  pgText = JSON.stringify(PG, null, 2);
  writeFileSync(join(dir, 'pg.json'), pgText);
  writeFileSync(join(dir, 'tls.json'), JSON.stringify(TLS, null, 2));
  writeFileSync(join(dir, 'waivers.yaml'), WAIVERS);
  writeFileSync(join(dir, 'inv.ndjson'), `${INVENTORY.map((r) => JSON.stringify(r)).join('\n')}\n`);
  // Many records, for --jobs: the file is split into ranges read by several workers.
  const many = Array.from({ length: 3000 }, (_, i) => ({
    ...(i % 7 === 0 ? {} : { id: `db-${i}` }),
    technology: i % 5 === 0 ? 'mysql' : 'postgres',
    version: 7 + (i % 10),
    team: i % 3 === 0 ? 'core' : 'apps',
    tls: i % 4 === 0 ? 1.1 : 1.3,
  }));
  writeFileSync(join(dir, 'many.ndjson'), `${many.map((r) => JSON.stringify(r)).join('\n')}\n`);
});

const evalArgs = (asOf: string, ...more: string[]) => [
  'eval',
  '-p',
  'pg.json',
  '-p',
  'tls.json',
  '-i',
  'inv.ndjson',
  '--waivers',
  'waivers.yaml',
  '--as-of',
  asOf,
  '--format',
  'sarif',
  ...more,
];

interface Result {
  ruleId: string;
  ruleIndex: number;
  level: string;
  message: { text: string };
  locations: {
    physicalLocation: {
      artifactLocation: { uri: string };
      region?: { startLine: number; startColumn: number };
    };
    logicalLocations?: { fullyQualifiedName: string; kind: string }[];
  }[];
  suppressions?: { kind: string; status: string; justification: string }[];
}

function results(stdout: string): Result[] {
  return JSON.parse(stdout).runs[0].results as Result[];
}

const resourceOf = (r: Result) => r.locations[0]!.logicalLocations?.[0]?.fullyQualifiedName ?? null;

/** The 1-based line and column of rule `index` of status `status` in the pretty-printed pg.json. */
function rulePlace(status: string, index: number): { startLine: number; startColumn: number } {
  const lines = pgText.split('\n');
  const at = lines.findIndex((l) => l.includes(`"${status}": {`));
  const rules = lines.findIndex((l, i) => i > at && l.includes('"rules": ['));
  // The elements of `rules`: a `{` alone on a line, indented one step more than `"rules"`.
  const element = `${' '.repeat(lines[rules]!.indexOf('"') + 2)}{`;
  let line = rules + 1;
  for (let seen = 0; ; line++) {
    if (lines[line] === element) {
      if (seen === index) break;
      seen++;
    }
  }
  return { startLine: line + 1, startColumn: lines[line]!.indexOf('{') + 1 };
}

describe('svc-policy eval --format sarif', () => {
  it('writes a valid SARIF log: a result per resource and policy of criticality above 0, waived ones suppressed', () => {
    const r = run(evalArgs('2026-12-31T23:59:59.999Z'), dir);
    expect(r.code, r.stderr).toBe(0);
    const log = JSON.parse(r.stdout);
    expect(sarifErrors(log)).toEqual([]);
    expect(log.runs[0].properties).toEqual({ asOf: '2026-12-31T23:59:59.999Z' });
    const rules = log.runs[0].tool.driver.rules.map((x: { id: string }) => x.id);
    expect(rules).toEqual(['pg/old', 'pg/eol', 'tls/weak']);
    const list = results(r.stdout);
    // db-3 (16, tls 1.3) is compliant under both: no result; the record without id is named by ordinal.
    expect(list.map((x) => [resourceOf(x), x.ruleId, x.level])).toEqual([
      ['db-1', 'pg/eol', 'error'],
      ['db-2', 'pg/old', 'warning'],
      [null, 'pg/eol', 'error'],
      [null, 'tls/weak', 'error'],
      ['db-5', 'pg/eol', 'error'],
      ['db-5', 'tls/weak', 'error'],
    ]);
    for (const x of list) expect(rules[x.ruleIndex]).toBe(x.ruleId);
    expect(list[2]!.message.text).toBe(
      'record 4 is "eol" (criticality 20) under policy "pg": rule 2 of "eol" holds',
    );
    expect(list[0]!.suppressions).toEqual([
      {
        kind: 'external',
        status: 'accepted',
        justification: 'migration in March (db team, waiver W-1, until 2027-02-28T23:00:00.000Z)',
        properties: { ticket: 'https://tracker.example/DB-12' },
      },
    ]);
    expect(list[1]!.suppressions).toEqual([
      {
        kind: 'external',
        status: 'accepted',
        justification: 'upgrade planned (core, waiver W-2, until 2027-01-01T00:00:00.000Z)',
      },
    ]);
    expect(list.slice(2).map((x) => x.suppressions)).toEqual([undefined, undefined, undefined, undefined]);
    // Placed at the deciding rule, as `validate` places its diagnostics.
    expect(list[0]!.locations[0]!.physicalLocation).toEqual({
      artifactLocation: { uri: 'pg.json' },
      region: rulePlace('eol', 1),
    });
    expect(list[4]!.locations[0]!.physicalLocation.region).toEqual(rulePlace('eol', 0));
    expect(list[1]!.locations[0]!.physicalLocation.region).toEqual(rulePlace('old', 0));
    expect(list[0]!.message.text).toBe(
      '"db-1" is "eol" (criticality 20) under policy "pg": rule 2 of "eol" holds; waived by "W-1" until 2027-02-28T23:00:00.000Z',
    );
  });

  it('a waiver that has expired suppresses nothing', () => {
    const r = run(evalArgs('2027-01-01T00:00:00.000Z'), dir);
    expect(r.code, r.stderr).toBe(0);
    expect(sarifErrors(JSON.parse(r.stdout))).toEqual([]);
    expect(r.stderr).toContain('"W-2" expired');
    const db2 = results(r.stdout).find((x) => resourceOf(x) === 'db-2')!;
    expect(db2.suppressions).toBeUndefined();
    expect(db2.message.text).not.toContain('waived');
    const db1 = results(r.stdout).find((x) => resourceOf(x) === 'db-1')!;
    expect(db1.suppressions?.[0]?.justification).toContain('waiver W-1');
  });

  it('levels follow --fail-on: error for what fails the run, warning for the rest', () => {
    const r = run(evalArgs('2026-12-31T23:59:59.999Z', '--fail-on', 'criticality>=10'), dir);
    expect(r.code, r.stderr).toBe(1);
    const list = results(r.stdout);
    expect(list.map((x) => [x.ruleId, x.level])).toContainEqual(['pg/old', 'error']);
    expect(list.map((x) => [x.ruleId, x.level])).toContainEqual(['tls/weak', 'warning']);
  });

  it('--jobs 2 writes the same log as --jobs 1', () => {
    const args = (jobs: string) =>
      [...evalArgs('2026-12-31T23:59:59.999Z', '--jobs', jobs)].map((a) =>
        a === 'inv.ndjson' ? 'many.ndjson' : a,
      );
    const one = run(args('1'), dir);
    const two = run(args('2'), dir);
    expect(one.code, one.stderr).toBe(0);
    expect(two.code, two.stderr).toBe(0);
    expect(two.stdout).toBe(one.stdout);
    const list = results(one.stdout);
    expect(list.some((x) => x.suppressions !== undefined)).toBe(true);
    expect(list.some((x) => x.message.text.startsWith('record '))).toBe(true);
    expect(sarifErrors(JSON.parse(one.stdout))).toEqual([]);
  });

  it('refuses what a SARIF log cannot hold (exit 2)', () => {
    for (const more of [['--explain'], ['--id', 'db-1'], ['--coverage'], ['--engine', 'duckdb']]) {
      const r = run(evalArgs('2026-12-31T23:59:59.999Z', ...more), dir);
      expect(r.code, more.join(' ')).toBe(2);
      expect(r.stdout).toBe('');
    }
  });
});
