import { rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateInventoryFile } from '../../src/node.js';
import type { InventorySummary } from '../../src/policy/index.js';
import { arbFilterAndRecords, arbTimeFilterAndRecords, type FilterJson } from '../support/arbitraries.js';
import { checkAsync, titled } from '../support/property.js';
import { suiteTempDir } from '../support/temp.js';

/**
 * The DuckDB engine of inventory files against the in-process engine, on random filters and records
 * written as NDJSON: DuckDB's reader narrows each field to what the filters read (objects to STRUCTs,
 * selected arrays to lists), and a record it does not take is read again whole. Some records are
 * written with a key twice (an earlier value the in-process engine's JSON.parse overwrites): the
 * DuckDB engine must then give the same summary or refuse the file, never another answer.
 */

const temp = suiteTempDir('duckdb-engine-property');
const AS_OF = '2026-06-01T00:00:00.000Z';

const policyOf = (filter: FilterJson, i: number) => ({
  name: `p${i}`,
  statusDefinitions: {
    miss: { isDefault: true, criticality: 0 },
    hit: {
      isDefault: false,
      criticality: 1,
      rules: [{ conditions: [{ type: 'filter', condition: { filter } }] }],
    },
  },
});

/**
 * JSON text of `value` where the `site`-th object (in document order) has each key twice: first with a
 * value from `pool` (which JSON.parse then overwrites), then its own.
 */
function withKeysTwice(value: unknown, site: number, pool: readonly unknown[], pick: number) {
  let seen = 0;
  let twice = false;
  const write = (v: unknown): string => {
    if (Array.isArray(v)) return `[${v.map(write).join(',')}]`;
    if (v === null || typeof v !== 'object') return JSON.stringify(v);
    const mine = seen++ === site;
    const body = Object.entries(v).map(([k, x], i) => {
      const own = `${JSON.stringify(k)}:${write(x)}`;
      if (!mine) return own;
      twice = true;
      return `${JSON.stringify(k)}:${JSON.stringify(pool[(pick + i) % pool.length])},${own}`;
    });
    return `{${body.join(',')}}`;
  };
  return { text: write(value), twice };
}

/** Every value in `value`, itself included: the earlier values of keys twice, likely to change answers. */
function valuesOf(value: unknown, out: unknown[]): unknown[] {
  out.push(value);
  if (value !== null && typeof value === 'object') for (const x of Object.values(value)) valuesOf(x, out);
  return out;
}

const strip = (s: InventorySummary) => ({ ...s, durationMs: 0, resourcesPerSecond: 0 });

/** A lone surrogate, which DuckDB refuses as malformed JSON (loudly; docs/cli.md). */
const LONE_SURROGATE = /\\ud[89a-f]/i;

async function compare(
  filters: FilterJson[],
  records: unknown[],
  asOf: string,
  twice: [number, number, number][],
) {
  // Records as NDJSON holds them (a Date is its string, so not a record: the other suites test that).
  const objects = records
    .map((r) => JSON.parse(JSON.stringify(r) ?? 'null') as unknown)
    .filter((r) => typeof r === 'object' && r !== null && !Array.isArray(r));
  if (objects.length === 0) return;
  const pool = valuesOf(objects, [null]);
  let written = false;
  const lines = objects.map((r, i) => {
    const at = twice.find(([index]) => index === i);
    if (at === undefined) return JSON.stringify(r);
    const { text, twice: t } = withKeysTwice(r, at[1], pool, at[2]);
    written ||= t;
    return text;
  });
  // One file per case, removed after it: a run stopped half way leaves one behind, not a thousand.
  const file = join(temp.folder(), 'case.ndjson');
  writeFileSync(file, `${lines.join('\n')}\n`);
  try {
    await compareOn(file, filters, asOf, lines, written);
  } finally {
    rmSync(file, { force: true });
  }
}

async function compareOn(
  file: string,
  filters: FilterJson[],
  asOf: string,
  lines: string[],
  written: boolean,
) {
  const policies = filters.map(policyOf);
  const memory = await evaluateInventoryFile(policies, file, { jobs: 1, asOf, kindField: null });
  try {
    const duckdb = await evaluateInventoryFile(policies, file, { engine: 'duckdb', asOf, kindField: null });
    expect(strip(duckdb)).toEqual(strip(memory));
  } catch (error) {
    // Refusing is allowed only for a key twice or a lone surrogate, and says which.
    if (written && (error as Error).message.includes('key twice'))
      expect(error).toMatchObject({ code: 'MALFORMED_INPUT' });
    else if (lines.some((l) => LONE_SURROGATE.test(l)))
      expect(error).toMatchObject({
        code: 'MALFORMED_INPUT',
        message: expect.stringMatching(/Malformed JSON/),
      });
    else throw error;
  }
}

/** Which records get keys twice: [record, object in it, where in the pool the earlier values start]. */
const arbTwice = fc.array(fc.tuple(fc.nat(40), fc.nat(4), fc.nat(1000)), { maxLength: 6 });

/** One to three filters (some with time comparisons, at the asOf of the first) and their records. */
const arbCase = fc.array(
  fc.oneof(
    arbFilterAndRecords.map(([filter, records]): [FilterJson, unknown[], string | undefined] => [
      filter,
      records,
      undefined,
    ]),
    arbTimeFilterAndRecords,
  ),
  { minLength: 1, maxLength: 3 },
);

// The in-process compiler is not what is tested here (the filter properties run it under both
// projects): this suite runs once, in the codegen project, to keep CI's time.
describe.skipIf(process.env.SVC_POLICY_TEST_PROJECT === 'closures')(
  'the DuckDB engine against the in-process engine',
  () => {
    // One DuckDB run per case, several policies in it: the engine's cost is per run, not per filter.
    it(titled('random filters and records, some with a key twice'), async () => {
      await checkAsync(
        fc.asyncProperty(arbCase, arbTwice, async (parts, twice) =>
          compare(
            parts.map(([f]) => f),
            parts.flatMap(([, r]) => r),
            parts.find(([, , asOf]) => asOf !== undefined)?.[2] ?? AS_OF,
            twice,
          ),
        ),
      );
    }, 3_600_000);
  },
);
