import { describe, expect, it } from 'vitest';
import { compileFilter, parseFilter, printFilter } from '../../src/index.js';
import { caseOptions, loadConformance } from '../support/conformance.js';
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
      '$now',
      '$at',
    ]) {
      expect(text).toContain(`"${op}"`);
    }
    expect(text).toContain('__svcArrayAny__');
  });

  describe.each(fixtures)('$file: $description', (fixture) => {
    it('parses and prints back unchanged', () => {
      expect(printFilter(parseFilter(fixture.filter))).toEqual(fixture.filter);
    });

    // Compiled per case: a case's `asOf` is the instant its filter's `$now` operands count from.
    it.each(fixture.cases.map((c, i) => ({ ...c, i })))('case $i → $match', (c) => {
      expect(compileFilter(fixture.filter, caseOptions(c))(c.record)).toBe(c.match);
      expect(referenceMatch(fixture.filter, c.record, c.asOf)).toBe(c.match);
    });
  });
});
