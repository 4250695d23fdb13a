import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { casesByAsOf, loadConformance } from '../../support/conformance.js';
import { ENGINE_NAMES, type Engine, LAYOUTS, openEngine, TestTable } from './engines.js';
import { compileFor, fieldsOf, storable } from './support.js';

const fixtures = loadConformance();

describe.each(ENGINE_NAMES)('conformance fixtures on %s', (engineName) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine(engineName);
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('runs every fixture', () => {
    expect(fixtures.length).toBeGreaterThan(90);
  });

  it.each(fixtures)('$file', async (fixture) => {
    // A row is always an object: fixtures about non-object records (a record that is an array or a
    // string) have no SQL counterpart and are left out case by case, never silently: at least one
    // case of every fixture must run.
    const cases = fixture.cases.filter((c) => storable(engine, c.record));
    const objectCases = fixture.cases.filter(
      (c) => typeof c.record === 'object' && c.record !== null && !Array.isArray(c.record),
    );
    expect(cases.length, 'U+0000 is the only reason an object case is left out').toBe(
      engine.dialect === 'postgres'
        ? objectCases.filter((c) => !JSON.stringify(c.record).includes('\\u0000')).length
        : objectCases.length,
    );
    expect(cases.length, 'at least one case of every fixture runs').toBeGreaterThan(0);
    const records = cases.map((c) => c.record as Record<string, unknown>);
    const keys = new Set([...fieldsOf(fixture.filter).fields, ...records.flatMap((r) => Object.keys(r))]);
    const table = new TestTable(engine, [...keys]);
    await table.create();
    await table.insert(records);
    for (const layout of LAYOUTS) {
      // One compilation per asOf: the rows selected among that asOf's cases are those that match.
      for (const { asOf } of casesByAsOf(fixture)) {
        const compiled = compileFor(
          table,
          layout,
          fixture.filter,
          records,
          asOf === undefined ? {} : { asOf },
        );
        if (compiled === undefined) continue;
        const got = await table.select(compiled.fragment.sql, compiled.fragment.params);
        const mine = cases.flatMap((c, i) => (c.asOf === asOf ? [i] : []));
        expect(
          got.filter((i) => mine.includes(i)),
          `${layout}${asOf === undefined ? '' : ` asOf ${asOf}`}: ${compiled.fragment.sql}`,
        ).toEqual(mine.filter((i) => cases[i]!.match));
      }
    }
  });
});
