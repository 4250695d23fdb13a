import { describe, expect, it } from 'vitest';
import { compileFilter, parseFilter, printFilter } from '../../src/index.js';
import { loadConformance } from '../support/conformance.js';
import { referenceMatch } from '../support/reference.js';

const fixtures = loadConformance();

describe('conformance fixtures', () => {
  it('are many and cover every operator', () => {
    expect(fixtures.length).toBeGreaterThan(90);
    const text = JSON.stringify(fixtures.map((f) => f.filter));
    for (const op of [
      '$eq',
      '$ne',
      '$gt',
      '$gte',
      '$lt',
      '$lte',
      '$in',
      '$nin',
      '$like',
      '$exists',
      '$and',
      '$or',
      '$not',
      '$elemMatch',
      '$veq',
      '$vne',
      '$vgt',
      '$vgte',
      '$vlt',
      '$vlte',
    ]) {
      expect(text).toContain(`"${op}"`);
    }
    expect(text).toContain('__svcArrayAny__');
  });

  describe.each(fixtures)('$file: $description', (fixture) => {
    const predicate = compileFilter(fixture.filter);

    it('parses and prints back unchanged', () => {
      expect(printFilter(parseFilter(fixture.filter))).toEqual(fixture.filter);
    });

    it.each(fixture.cases.map((c, i) => ({ ...c, i })))('case $i → $match', ({ record, match }) => {
      expect(predicate(record)).toBe(match);
      expect(referenceMatch(fixture.filter, record)).toBe(match);
    });
  });
});
