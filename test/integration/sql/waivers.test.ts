import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { policyToSql } from '../../../src/sql.js';
import { loadWaiverFixtures, waiverGroups } from '../../support/waiver-fixtures.js';
import { ENGINE_NAMES_WITH_DUCKDB, type Engine, LAYOUTS, openEngine, TestTable } from './engines.js';

const fixtures = loadWaiverFixtures();

/**
 * The waiver fixtures on every SQL engine and layout: `policyToSql`'s status and waiver expressions give
 * each row the status and the waiver memory gives it (test/conformance/waivers.test.ts), at each asOf.
 */
describe.each(ENGINE_NAMES_WITH_DUCKDB)('waiver fixtures on %s', (engineName) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine(engineName);
  });
  afterAll(async () => {
    await engine?.close();
  });

  it.each(fixtures)('$file', async (fixture) => {
    const records = fixture.cases.map((c) => c.record);
    // The table's own `id` column numbers the rows: the record's `id` is read from the document.
    const keys = [...new Set(records.flatMap((r) => Object.keys(r)))].filter((k) => k !== 'id');
    const table = new TestTable(engine, keys, 'svc_waivers');
    await table.create();
    await table.insert(records);
    let ran = 0;
    for (const layout of LAYOUTS) {
      const columns = {
        ...table.mappings(layout, records, new Set())[0]!,
        id: { column: 'doc', type: 'json', path: ['id'] },
      } as const;
      for (const { asOf, cases } of waiverGroups(fixture)) {
        const { statusExpression, waiverExpression, params } = policyToSql(fixture.policy, {
          dialect: engine.dialect,
          columns,
          asOf,
          waivers: fixture.waivers,
        });
        expect(params.some((p) => typeof p === 'string' && p.startsWith('W-'))).toBe(true);
        expect(waiverExpression).not.toMatch(/W-/);
        const rows = await engine.query(
          `SELECT id, ${statusExpression} AS status, ${waiverExpression} AS waiver FROM "svc_waivers" ORDER BY id`,
          params,
        );
        for (const c of cases) {
          const row = rows[fixture.cases.indexOf(c)]!;
          expect(
            { status: row.status, waiver: row.waiver },
            `${layout} asOf ${asOf}: ${JSON.stringify(c.record)}`,
          ).toEqual({
            status: c.status,
            waiver: c.waiver,
          });
          ran++;
        }
      }
    }
    expect(ran).toBe(fixture.cases.length * LAYOUTS.length);
  });

  it('replays at another instant by changing the asOf parameter alone', async () => {
    const fixture = fixtures[0]!;
    const records = fixture.cases.map((c) => c.record);
    const keys = [...new Set(records.flatMap((r) => Object.keys(r)))].filter((k) => k !== 'id');
    const table = new TestTable(engine, keys, 'svc_waivers');
    await table.create();
    await table.insert(records);
    const columns = {
      ...table.mappings('document', records, new Set())[0]!,
      id: { column: 'doc', type: 'json', path: ['id'] },
    } as const;
    const first = policyToSql(fixture.policy, {
      dialect: engine.dialect,
      columns,
      asOf: '2027-02-28T22:59:59.999Z',
      waivers: fixture.waivers,
    });
    const params = [...first.params];
    params[first.asOfIndex!] = Date.parse('2027-02-28T23:00:00.000Z');
    const rows = await engine.query(
      `SELECT ${first.waiverExpression} AS waiver FROM "svc_waivers" ORDER BY id`,
      params,
    );
    // db-1 at version 11: W-march expired one millisecond ago.
    expect(rows[0]!.waiver).toBeNull();
  });
});
