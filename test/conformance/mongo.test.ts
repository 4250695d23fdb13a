import { describe, expect, it } from 'vitest';
import { toMongo, toMongoExpr } from '../../src/mongo.js';
import { loadConformance } from '../support/conformance.js';
import {
  isDocument,
  type MongoEngine,
  mingoEngine,
  mingoOrderDiffers,
  openedEngine,
  serverEngine,
} from '../support/mongo-engines.js';

const fixtures = loadConformance();
const url = process.env.MONGODB_URL;

/**
 * Every conformance fixture, as a query document (`toMongo`) and as an aggregation expression
 * (`toMongoExpr` under `$expr`), on mingo and, when MONGODB_URL is set, on a real server. Records that
 * are not objects are left out: a MongoDB document is always an object.
 */
function suite(open: () => Promise<MongoEngine>): void {
  const opened = openedEngine(open);

  describe.each(fixtures)('$file: $description', (fixture) => {
    /**
     * The records this engine can judge. mingo orders strings by UTF-16 unit where MongoDB and our
     * semantics order by code point, so on mingo the records whose answer depends on that difference
     * are left out (and only those: the rest of the fixture still runs). The real-server suite below
     * judges them, and test/unit/mongo/to-mongo.test.ts pins the query they get: the operand passed
     * unchanged to a range operator, which MongoDB's binary string comparison orders by code point.
     */
    function judged(): { records: object[]; expected: number[] } {
      const cases = fixture.cases.filter(
        (c) =>
          isDocument(c.record) &&
          !(opened.engine.name === 'mingo' && mingoOrderDiffers(fixture.filter, [c.record])),
      );
      expect(cases.length).toBeGreaterThan(0);
      return {
        records: cases.map((c) => c.record as object),
        expected: cases.flatMap((c, i) => (c.match ? [i] : [])),
      };
    }

    it('query document selects exactly the matching records', async () => {
      const { records, expected } = judged();
      expect(await opened.engine.find(toMongo(fixture.filter), records)).toEqual(expected);
    });

    it('aggregation expression selects exactly the matching records', async () => {
      const { records, expected } = judged();
      expect(await opened.engine.find({ $expr: toMongoExpr(fixture.filter) }, records)).toEqual(expected);
    });
  });
}

describe('MongoDB target on mingo: conformance fixtures', () => {
  it('has fixtures to run', () => {
    expect(fixtures.length).toBeGreaterThan(90);
  });
  suite(async () => mingoEngine());
});

// A real server is optional (nothing in CI depends on it): set MONGODB_URL to run the same fixtures
// there, e.g. MONGODB_URL=mongodb://localhost:27017 (see docs/mongo.md).
describe.skipIf(!url)('MongoDB target on a real server: conformance fixtures', () => {
  suite(async () => serverEngine(url!));
});
