import fc from 'fast-check';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { compileFilter } from '../../src/index.js';
import { ENGINE_NAMES, type Engine, LAYOUTS, openEngine, TestTable } from '../integration/sql/engines.js';
import { compileFor, storable } from '../integration/sql/support.js';
import {
  arbFilterAndRecords,
  arbTimeFilterAndRecords,
  arbVersionFilterAndRecords,
  type FilterJson,
  RECORD_KEYS,
} from '../support/arbitraries.js';
import { checkAsync, titled } from '../support/property.js';

// Every top-level field the arbitrary filters read: the record keys and one that records never have.
const KEYS = [...RECORD_KEYS, 'missing'];

describe.each(ENGINE_NAMES)('SQL on %s', (engineName) => {
  let engine: Engine;
  let table: TestTable;
  beforeAll(async () => {
    engine = await openEngine(engineName);
    table = new TestTable(engine, KEYS);
    await table.create();
  });
  afterAll(async () => {
    await engine?.close();
  });

  const withoutAsOf = ([filter, records]: [FilterJson, unknown[]]) =>
    [filter, records, undefined] as [FilterJson, unknown[], string | undefined];
  it.each([
    ['random filters', arbFilterAndRecords.map(withoutAsOf)],
    ['version operators on versions', arbVersionFilterAndRecords.map(withoutAsOf)],
    ['time comparisons at a random asOf', arbTimeFilterAndRecords],
  ] as const)(
    titled('selects exactly the rows the compiled predicate accepts, in every table layout (%s)'),
    async (_, arbitrary: fc.Arbitrary<[FilterJson, unknown[], string | undefined]>) => {
      let compared = 0;
      await checkAsync(
        fc.asyncProperty(arbitrary, async ([filter, generated, asOf]) => {
          // Rows are objects; PostgreSQL cannot store U+0000 (toSql refuses such operands there too).
          const records = generated.filter((r) => storable(engine, r));
          // Memory and SQL at the same instant (a Date value is stored as its ISO string, as memory reads it).
          const at = asOf === undefined ? {} : { asOf };
          const predicate = compileFilter(filter, at);
          const expected = records.flatMap((r, i) => (predicate(r) ? [i] : []));
          await table.clear();
          await table.insert(records);
          for (const layout of LAYOUTS) {
            const compiled = compileFor(table, layout, filter, records, at);
            if (compiled === undefined) continue;
            const got = await table.select(compiled.fragment.sql, compiled.fragment.params);
            if (JSON.stringify(got) !== JSON.stringify(expected)) {
              throw new Error(
                `${engine.name}/${layout}: got ${JSON.stringify(got)}, expected ${JSON.stringify(expected)}\n` +
                  `filter ${JSON.stringify(filter)}${asOf === undefined ? '' : ` asOf ${asOf}`}\nrecords ${JSON.stringify(records)}\n` +
                  `mapping ${JSON.stringify(compiled.options.columns)}\nsql ${compiled.fragment.sql}\nparams ${JSON.stringify(compiled.fragment.params)}`,
              );
            }
            compared++;
          }
        }),
      );
      // The comparison must actually have run (not been skipped for U+0000) in most runs.
      if (compared === 0) throw new Error('no filter was compared');
    },
  );
});
