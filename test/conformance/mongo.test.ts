import { describe, expect, it } from 'vitest';
import { type MongoOptions, toMongo, toMongoExpr } from '../../src/mongo.js';
import { type ConformanceFixture, casesByAsOf, loadConformance } from '../support/conformance.js';
import {
  isDocument,
  type MongoEngine,
  mingoEngine,
  mingoOrderDiffers,
  onlyTimeComparisons,
  openedEngine,
  serverEngine,
} from '../support/mongo-engines.js';

const fixtures = loadConformance();
const url = process.env.MONGODB_URL;

/**
 * The fixtures whose records' `Date`s may be stored as BSON dates: those that compare only instants,
 * which read a BSON date as its milliseconds (docs/mongo.md). Every other operator reads a `Date` as
 * its ISO string, which a BSON date is not, so the other fixtures store them as strings.
 */
const withBsonDates = fixtures.filter(
  (fixture) => onlyTimeComparisons(fixture.filter) && fixture.cases.some((c) => holdsDate(c.record)),
);

function holdsDate(value: unknown): boolean {
  if (value instanceof Date) return true;
  return typeof value === 'object' && value !== null && Object.values(value).some(holdsDate);
}

/**
 * Every conformance fixture, as a query document (`toMongo`) and as an aggregation expression
 * (`toMongoExpr` under `$expr`), on mingo and, when MONGODB_URL is set, on a real server. Records that
 * are not objects are left out: a MongoDB document is always an object.
 */
function suite(open: () => Promise<MongoEngine>, selected: readonly ConformanceFixture[] = fixtures): void {
  const opened = openedEngine(open);

  describe.each(selected)('$file: $description', (fixture) => {
    /**
     * The records this engine can judge. mingo orders strings by UTF-16 unit where MongoDB and our
     * semantics order by code point, so on mingo the records whose answer depends on that difference
     * are left out (and only those: the rest of the fixture still runs). The real-server suite below
     * judges them, and test/unit/mongo/to-mongo.test.ts pins the query they get: the operand passed
     * unchanged to a range operator, which MongoDB's binary string comparison orders by code point.
     */
    function judged(asOf: string | undefined): { records: object[]; expected: number[] } {
      const cases = fixture.cases.filter(
        (c) =>
          c.asOf === asOf &&
          isDocument(c.record) &&
          !(opened.engine.name === 'mingo' && mingoOrderDiffers(fixture.filter, [c.record])),
      );
      return {
        records: cases.map((c) => c.record as object),
        expected: cases.flatMap((c, i) => (c.match ? [i] : [])),
      };
    }

    // One translation per asOf (a case's asOf is the instant `$now` counts from); every fixture runs
    // at least one case.
    const groups = casesByAsOf(fixture).map((g) => g.asOf);
    const optionsOf = (asOf: string | undefined) => (asOf === undefined ? {} : { asOf }) as MongoOptions;

    it('query document selects exactly the matching records', async () => {
      let ran = 0;
      for (const asOf of groups) {
        const { records, expected } = judged(asOf);
        ran += records.length;
        expect(await opened.engine.find(toMongo(fixture.filter, optionsOf(asOf)), records)).toEqual(expected);
      }
      expect(ran).toBeGreaterThan(0);
    });

    it('aggregation expression selects exactly the matching records', async () => {
      let ran = 0;
      for (const asOf of groups) {
        const { records, expected } = judged(asOf);
        ran += records.length;
        const expr = toMongoExpr(fixture.filter, optionsOf(asOf));
        expect(await opened.engine.find({ $expr: expr }, records)).toEqual(expected);
      }
      expect(ran).toBeGreaterThan(0);
    });
  });
}

describe('MongoDB target on mingo: conformance fixtures', () => {
  it('has fixtures to run', () => {
    expect(fixtures.length).toBeGreaterThan(90);
  });
  suite(async () => mingoEngine());
});

describe('MongoDB target on mingo: the time fixtures with their Dates stored as BSON dates', () => {
  it('has fixtures to run', () => {
    expect(withBsonDates.length).toBeGreaterThan(5);
  });
  suite(async () => mingoEngine('dates'), withBsonDates);
});

// A real server is optional (nothing in CI depends on it): set MONGODB_URL to run the same fixtures
// there, e.g. MONGODB_URL=mongodb://localhost:27017 (see docs/mongo.md).
describe.skipIf(!url)('MongoDB target on a real server: conformance fixtures', () => {
  suite(async () => serverEngine(url!));
});

describe.skipIf(!url)('MongoDB target on a real server: the time fixtures with BSON dates', () => {
  suite(async () => serverEngine(url!, 'dates'), withBsonDates);
});
