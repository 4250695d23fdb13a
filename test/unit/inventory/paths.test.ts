import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFilter } from '../../../src/compile/filter.js';
import { filterPaths } from '../../../src/inventory/paths.js';
import { selectionOf } from '../../../src/inventory/selective.js';
import { parseFilter } from '../../../src/parse/filter.js';
import { arbFilterAndRecords } from '../../support/arbitraries.js';
import { check, titled } from '../../support/property.js';
import { project } from '../../support/selection.js';

describe('the paths a filter reads', () => {
  it(titled('give every filter the answer of the whole record on the record cut down to them'), () => {
    check(
      fc.property(arbFilterAndRecords, ([filter, records]) => {
        const predicate = compileFilter(filter as never);
        const selection = selectionOf(filterPaths(parseFilter(filter)));
        for (const record of records) {
          // Round-tripped through JSON, as the records of an NDJSON file are.
          const parsed: unknown = JSON.parse(JSON.stringify(record) ?? 'null');
          if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) continue;
          expect(predicate(project(parsed, selection))).toBe(predicate(parsed));
        }
      }),
    );
  });

  it('read the elements of an $elemMatch whose filter reads no field', () => {
    const paths = filterPaths(parseFilter({ 'arr$.__svcArrayAny__': { $elemMatch: {} } }));
    expect(paths).toEqual([['arr', '__svcArrayAny__']]);
  });
});
