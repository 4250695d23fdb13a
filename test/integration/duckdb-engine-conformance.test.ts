import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { evaluateInventoryFile } from '../../src/node.js';
import { casesByAsOf, loadConformance } from '../support/conformance.js';
import { suiteTempDir } from '../support/temp.js';
import { loadWaiverFixtures, waiverGroups } from '../support/waiver-fixtures.js';

/**
 * The conformance fixtures through the DuckDB engine of inventory files (`engine: 'duckdb'`), whose
 * SQL differs from `toSql`'s (each value read once per row, fields read by DuckDB's reader): each
 * fixture's filter as the one rule of a policy over an NDJSON file of its cases, the count of records
 * it reaches being the count of cases that match. Cases a file cannot hold (Dates, -0, non-finite
 * numbers, records that are not objects) are left out.
 */

const fixtures = loadConformance();
const temp = suiteTempDir('duckdb-engine-conformance');

/** Values JSON text gives back as they are. */
function jsonSafe(v: unknown): boolean {
  if (v === null || typeof v === 'string' || typeof v === 'boolean') return true;
  if (typeof v === 'number') return Number.isFinite(v) && !Object.is(v, -0);
  if (Array.isArray(v)) return v.every(jsonSafe);
  if (typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype) {
    return Object.values(v as object).every(jsonSafe);
  }
  return false;
}

describe('conformance fixtures through evaluateInventoryFile(…, { engine: "duckdb" })', () => {
  it.each(fixtures)('$file', async (fixture) => {
    let ran = 0;
    for (const [g, { asOf, cases }] of casesByAsOf(fixture).entries()) {
      const kept = cases.filter(
        (c) =>
          typeof c.record === 'object' && c.record !== null && !Array.isArray(c.record) && jsonSafe(c.record),
      );
      if (kept.length === 0) continue;
      ran += kept.length;
      const file = join(temp.folder(), `${fixture.file.replace(/[^a-z0-9]/gi, '_')}-${g}.ndjson`);
      writeFileSync(file, `${kept.map((c) => JSON.stringify(c.record)).join('\n')}\n`);
      const policy = {
        name: 'fixture',
        statusDefinitions: {
          no: { isDefault: true, criticality: 0 },
          hit: {
            isDefault: false,
            criticality: 1,
            rules: [{ conditions: [{ type: 'filter', condition: { filter: fixture.filter } }] }],
          },
        },
      };
      const summary = await evaluateInventoryFile([policy], file, {
        engine: 'duckdb',
        jobs: 1,
        ...(asOf === undefined ? {} : { asOf }),
      });
      const hit = summary.policies[0]!.statuses.find((s) => s.status === 'hit')!.count;
      expect(hit, `asOf ${asOf}`).toBe(kept.filter((c) => c.match).length);
    }
    // Only fixtures of Dates, which no JSON text holds, have none to run.
    expect(ran > 0 || fixture.cases.every((c) => !jsonSafe(c.record)), 'some case runs').toBe(true);
  });
});

/**
 * The waiver fixtures through the DuckDB engine: at each asOf, the counts of each status and of the
 * waived results among them are those the fixture's cases give, and the summary is the in-process one.
 */
describe('waiver fixtures through evaluateInventoryFile(…, { engine: "duckdb" })', () => {
  it.each(loadWaiverFixtures())('$file', async (fixture) => {
    let ran = 0;
    for (const [g, { asOf, cases }] of waiverGroups(fixture).entries()) {
      const file = join(temp.folder(), `waivers-${fixture.file.replace(/[^a-z0-9]/gi, '_')}-${g}.ndjson`);
      writeFileSync(file, `${cases.map((c) => JSON.stringify(c.record)).join('\n')}\n`);
      const options = { asOf, waivers: fixture.waivers, kindField: null };
      const duckdb = await evaluateInventoryFile([fixture.policy], file, { ...options, engine: 'duckdb' });
      const memory = await evaluateInventoryFile([fixture.policy], file, { ...options, jobs: 1 });
      const counts = (status: string, waived: boolean) =>
        cases.filter((c) => c.status === status && (!waived || c.waiver !== null)).length;
      expect(
        duckdb.policies[0]!.statuses.map((s) => [s.status, s.count, s.waived]),
        `asOf ${asOf}`,
      ).toEqual(
        duckdb.policies[0]!.statuses.map((s) => [s.status, counts(s.status, false), counts(s.status, true)]),
      );
      const strip = (s: object) => JSON.stringify({ ...s, durationMs: 0, resourcesPerSecond: 0 });
      expect(strip(duckdb), `asOf ${asOf}`).toBe(strip(memory));
      ran += cases.length;
    }
    expect(ran).toBe(fixture.cases.length);
  });
});
