import { readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateInventoryFile } from '../../src/node.js';
import { timestampMs } from '../../src/semantics/time.js';
import {
  arbTimeFilterAndRecords,
  arbVersion,
  arbVersionFilterAndRecords,
  arbVersionString,
} from '../support/arbitraries.js';
import { checkAsync, NUM_RUNS, titled } from '../support/property.js';
import { suiteTempDir } from '../support/temp.js';
import { arbTimestamp, arbValidTimestamp } from '../support/time-arbitraries.js';

/**
 * The DuckDB engine of inventory files computes the version key and the instant of a value read per
 * row in subqueries of their own (an instant: its groups, their numbers, the arithmetic), where
 * `toSql` computes both inline: these properties compare its summary with the in-process one over
 * records dense in versions and timestamps near the operands. Reading Parquet by its columns alone is
 * compared the same way, over a Parquet copy of NDJSON records.
 */

const temp = suiteTempDir('duckdb-engine-values');
const examples = join(import.meta.dirname, '..', '..', 'fixtures', 'policies', 'examples');
const strip = (s: object) => ({ ...s, durationMs: 0, resourcesPerSecond: 0 });

/**
 * Values JSON text gives back as they are, in plain-object records; no lone surrogate, which DuckDB
 * refuses as malformed JSON (docs/cli.md).
 */
function jsonSafe(v: unknown): boolean {
  if (typeof v === 'string') return v.isWellFormed();
  if (v === null || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (Array.isArray(v)) return v.every(jsonSafe);
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.entries(v as object).every(([k, x]) => k.isWellFormed() && jsonSafe(x));
  }
  return false;
}

const isRecord = (r: unknown): boolean =>
  typeof r === 'object' && r !== null && !Array.isArray(r) && jsonSafe(r);

let files = 0;

/** Both engines' summaries of one policy (the filter as its one rule) over the records. */
async function both(filter: unknown, records: readonly unknown[], asOf: string) {
  return statuses({ hit: filter }, records, asOf);
}

/** Both engines' summaries of one policy whose statuses are `filters` (the first to match wins). */
async function statuses(filters: Record<string, unknown>, records: readonly unknown[], asOf: string) {
  const file = join(temp.folder(), `records-${files++}.ndjson`);
  writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  const entries = Object.entries(filters);
  const policy = {
    name: 'p',
    statusDefinitions: {
      none: { isDefault: true, criticality: 0 },
      ...Object.fromEntries(
        entries.map(([name, filter], i) => [
          name,
          {
            isDefault: false,
            criticality: entries.length - i,
            rules: [{ conditions: [{ type: 'filter', condition: { filter } }] }],
          },
        ]),
      ),
    },
  };
  const options = { kindField: null, asOf };
  try {
    const duckdb = await evaluateInventoryFile([policy], file, { ...options, engine: 'duckdb' });
    const memory = await evaluateInventoryFile([policy], file, { ...options, jobs: 1 });
    return { duckdb: strip(duckdb), memory: strip(memory) };
  } finally {
    // Removed per case: a run stopped half way leaves one file behind, not a thousand.
    rmSync(file, { force: true });
  }
}

const runs = process.env.CI ? NUM_RUNS : 40;

// DuckDB computes these values, not the in-process compiler (whose properties run under both
// projects): the properties below run once, in the codegen project, to keep CI's time.
const once = describe.skipIf(process.env.SVC_POLICY_TEST_PROJECT === 'closures');

once("evaluateInventoryFile(…, { engine: 'duckdb' }): version keys and instants", () => {
  it(titled('version filters over random records: the in-process summary'), async () => {
    await checkAsync(
      fc.asyncProperty(arbVersionFilterAndRecords, async ([filter, records]) => {
        const kept = records.filter(isRecord);
        fc.pre(kept.length > 0);
        const { duckdb, memory } = await both(filter, kept, '2026-11-28T00:00:00Z');
        expect(duckdb).toEqual(memory);
      }),
      { numRuns: runs },
    );
  }, 600_000);

  it(titled('time filters over random records: the in-process summary'), async () => {
    await checkAsync(
      fc.asyncProperty(arbTimeFilterAndRecords, async ([filter, records, asOf]) => {
        const kept = records.filter(isRecord);
        fc.pre(kept.length > 0);
        const { duckdb, memory } = await both(filter, kept, asOf);
        expect(duckdb).toEqual(memory);
      }),
      { numRuns: runs },
    );
  }, 600_000);
});

once("evaluateInventoryFile(…, { engine: 'duckdb' }): each value against another", () => {
  // Texts against one of the batch (equal, before, after): every instant and key is checked exactly.
  it(titled('the instant of random texts, valid and not: the in-process summary'), async () => {
    await checkAsync(
      fc.asyncProperty(
        fc.array(arbTimestamp, { minLength: 1, maxLength: 16 }),
        arbValidTimestamp,
        fc.nat(),
        async (texts, valid, pick) => {
          const at = { $at: pick % 2 === 0 ? valid : texts[pick % texts.length]! };
          const records = texts.map((a) => ({ a, o: { x: a } }));
          const run = () =>
            statuses(
              { eq: { a: { $eq: at } }, lt: { a: { $lt: at } }, gt: { 'o$.x': { $gt: at } } },
              records,
              '2026-11-28T00:00:00Z',
            );
          // An invalid operand is a typed error on both engines, which the other properties cover.
          const result = await run().catch(() => undefined);
          fc.pre(result !== undefined);
          expect(result.duckdb).toEqual(result.memory);
        },
      ),
      { numRuns: runs },
    );
  }, 600_000);

  it(titled('the version key of random texts, valid and not: the in-process summary'), async () => {
    await checkAsync(
      fc.asyncProperty(
        fc.array(arbVersionString, { minLength: 1, maxLength: 16 }),
        arbVersion,
        async (texts, other) => {
          const records = texts.map((a) => ({ a, o: { x: a } }));
          const { duckdb, memory } = await statuses(
            { eq: { a: { $veq: other } }, lt: { a: { $vlt: other } }, gt: { 'o$.x': { $vgt: other } } },
            records,
            '2026-11-28T00:00:00Z',
          );
          expect(duckdb).toEqual(memory);
        },
      ),
      { numRuns: runs },
    );
  }, 600_000);
});

describe("evaluateInventoryFile(…, { engine: 'duckdb' }): the staged reads at their edges", () => {
  // The engine reads an instant's numbers at their places once the shape is checked, and builds a
  // version key of up to four parts without lambdas: each text here sits at an edge of those paths.
  const instants = [
    '2024-02-29T00:00:00Z',
    '2023-02-29T00:00:00Z',
    '2000-02-29T23:59:59.999Z',
    '1900-02-29T00:00:00Z',
    '0000-01-01T00:00:00Z',
    '9999-12-31T23:59:59.999999999Z',
    '2026-04-31T00:00:00Z',
    '2026-06-01t00:00:00z',
    '2026-06-01T00:00:00.1Z',
    '2026-06-01T00:00:00.12+05:30',
    '2026-06-01T00:00:00.123-05:30',
    '2026-06-01T00:00:00.1234Z',
    '2026-06-01T00:00:00.12345+23:59',
    '2026-06-01T00:00:00.123456-23:59',
    '2026-06-01T00:00:00.1234567+00:00',
    '2026-06-01T00:00:00.12345678-00:00',
    '2026-06-01T00:00:00.123456789Z',
    '2026-05-31T19:00:00.999-05:00',
    '2026-06-01T00:00:00+24:00',
    '2026-06-01T00:00:00-00:60',
    '2026-06-01T00:00:00.Z',
    '2026-06-01T00:00:00+0530',
    '2026-06-01T24:00:00Z',
    '2026-06-01T23:60:00Z',
    '2026-06-01T23:59:60Z',
    '2026-13-01T00:00:00Z',
    '2026-06-01 00:00:00Z',
    '2026-06-01T00:00:00Z ',
    '+2026-06-01T00:00:00Z',
    '２０２６-06-01T00:00:00Z',
  ];
  const versions = [
    '1',
    '0',
    '00',
    'v1',
    '1.0',
    '1.0.0.0',
    '1.0.0.0.0',
    '0.0.1',
    '01.002.0003.00004',
    '1.2.3.4',
    '1.2.3.4.5',
    '1.2.3.0.0',
    '1.0.3',
    '1.2.0.4',
    '1.28',
    '1.28.0',
    '1.28-rc.1',
    '1.28.0-rc.01',
    '1.28+build.5',
    '1.28.0.0.0-alpha.beta',
    '12345678901.2',
    '1.12345678901',
    '1..2',
    '1.',
    '.1',
    'vv1',
    'v',
    '1.2.3.4.x',
  ];

  it('instants: the in-process statuses, against each text', async () => {
    const records = instants.map((a, i) => ({ id: i, a, o: { x: a } }));
    // Each valid text is an operand once (an invalid operand is a typed error, tested elsewhere).
    const valid = instants.filter((t) => Number.isFinite(timestampMs(t)));
    expect(valid.length).toBe(15);
    for (const at of valid) {
      const r = await statuses(
        {
          eq: { a: { $eq: { $at: at } } },
          lt: { a: { $lt: { $at: at } } },
          gt: { 'o$.x': { $gt: { $at: at } } },
        },
        records,
        '2026-06-01T00:00:00Z',
      );
      expect(r.duckdb, at).toEqual(r.memory);
    }
    const soon = await statuses(
      { past: { a: { $lt: { $now: 'P0D' } } }, near: { a: { $lt: { $now: 'P400D' } } } },
      records,
      '2026-06-01T00:00:00Z',
    );
    expect(soon.duckdb).toEqual(soon.memory);
  }, 120_000);

  it('version keys: the in-process statuses, against each version', async () => {
    const records = versions.map((a, i) => ({ id: i, a, o: { x: a } }));
    for (const other of ['0', '1', '1.0.0.0.0', '1.2.3.4', '1.2.3.4.5', '1.28', '1.28-rc.1', '1.2.0.4']) {
      const { duckdb, memory } = await statuses(
        { eq: { a: { $veq: other } }, lt: { a: { $vlt: other } }, gt: { 'o$.x': { $vgt: other } } },
        records,
        '2026-06-01T00:00:00Z',
      );
      expect(duckdb, other).toEqual(memory);
    }
  }, 120_000);
});

describe("evaluateInventoryFile(…, { engine: 'duckdb' }) over Parquet", () => {
  const defs = () =>
    readdirSync(examples)
      .filter((f) => f.endsWith('.json'))
      .map((f) => JSON.parse(readFileSync(join(examples, f), 'utf8')));

  /** The NDJSON of the records, and a Parquet copy DuckDB writes of it (texts kept as texts). */
  async function copies(records: readonly object[]) {
    const ndjson = join(temp.folder(), `parquet-${files++}.ndjson`);
    const parquet = ndjson.replace(/\.ndjson$/, '.parquet');
    writeFileSync(ndjson, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
    const duck = await import('@duckdb/node-api');
    const instance = await duck.DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    await connection.run(
      `COPY (SELECT * FROM read_json('${ndjson}', format = 'newline_delimited', timestampformat = '%%', dateformat = '%%')) TO '${parquet}' (FORMAT parquet)`,
    );
    // The copy holds the records (absent keys as nulls): else the comparison below says nothing.
    const rows = await connection.runAndReadAll(
      `SELECT CAST(to_json(p) AS VARCHAR) AS j FROM read_parquet('${parquet}') AS p`,
    );
    const back = rows.getRowObjectsJS().map((r) => JSON.parse(String(r.j)) as Record<string, unknown>);
    const dropNulls = (v: unknown): unknown =>
      Array.isArray(v)
        ? v.map(dropNulls)
        : typeof v === 'object' && v !== null
          ? Object.fromEntries(
              Object.entries(v)
                .filter(([, x]) => x !== null)
                .map(([k, x]) => [k, dropNulls(x)]),
            )
          : v;
    expect(back.map(dropNulls)).toEqual(records.map(dropNulls));
    connection.closeSync();
    instance.closeSync();
    return { ndjson, parquet };
  }

  const records = [
    {
      id: 'a',
      resource: 'component',
      technology: 'postgres',
      version: '13.4',
      details: { postgres: { lastActiveConnectionTime: '2026-10-01T00:00:00.000Z' } },
    },
    {
      id: 'b',
      resource: 'component',
      technology: 'kubernetes',
      version: '1.27',
      details: {
        kubernetes: {
          endOfStandardSupport: '2026-12-01T00:00:00Z',
          nodes: [
            { version: '1.26', status: 'ACTIVE' },
            { version: '1.30', status: 'DEGRADED' },
          ],
        },
      },
    },
    { id: 'c', resource: 'component', technology: 'mysql', version: 'v8.0.36-log' },
    { id: 'd', resource: 'certificate', type: 'ssl', expirationDate: '2026-11-30T12:00:00+01:00' },
    { id: 'e', resource: 'certificate', type: 'ssl', expirationDate: 'soon', status: 'EXPIRED' },
    { id: 'f', resource: 'component', technology: 'redis', version: '6.2', deletedAt: null },
  ];

  it('reads the columns the policies read: the in-process summary of the NDJSON', async () => {
    const { ndjson, parquet } = await copies(records);
    const asOf = '2026-11-28T00:00:00Z';
    const memory = await evaluateInventoryFile(defs(), ndjson, { jobs: 1, asOf });
    const duckdb = await evaluateInventoryFile(defs(), parquet, { engine: 'duckdb', asOf });
    expect(strip(duckdb)).toEqual(strip(memory));
    expect(memory.policies.some((p) => p.applicable > 0)).toBe(true);
  });

  it('a field the file has no column for is missing, whatever the case of the columns it has', async () => {
    // `Technology` is not `technology`: DuckDB binds names ignoring case, the records do not.
    const renamed = records.map(({ technology, ...rest }) => ({ ...rest, Technology: technology }));
    const { ndjson, parquet } = await copies(renamed);
    const asOf = '2026-11-28T00:00:00Z';
    const memory = await evaluateInventoryFile(defs(), ndjson, { jobs: 1, asOf });
    const duckdb = await evaluateInventoryFile(defs(), parquet, { engine: 'duckdb', asOf });
    expect(strip(duckdb)).toEqual(strip(memory));
  });
});
