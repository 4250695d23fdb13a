import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FilterError } from '../../../src/index.js';
import { type DialectName, toSql } from '../../../src/sql.js';
import { UNBOUNDED } from '../../support/limits.js';
import { ENGINE_NAMES_WITH_DUCKDB, type Engine, openEngine } from './engines.js';

/**
 * Expression depth (docs/sql.md): for each shape of deep filter, `toSql` accepts it up to some depth and
 * refuses it past that with a typed `UNSUPPORTED`, and every depth it accepts runs on the real engine.
 * The depths are walked one by one, so the last accepted one is right at the bound.
 */
const FIELDS = ['a', 'b', 'c', 'd', 'e', 'g', 'h', 'k', 'arr'];

const SHAPES: Record<string, (depth: number) => unknown> = {
  '$not chain': (d) => nest(d, { a: { $eq: 1 } }, (f) => ({ $not: f })),
  '$and with the deep filter first': (d) =>
    nest(d, { a: { $eq: 1 } }, (f) => ({
      $and: [f, ...['b', 'c', 'd', 'e', 'g', 'h', 'k'].map((k) => ({ [k]: { $eq: 2 } }))],
    })),
  '$or and $not with $like': (d) =>
    nest(d, { a: { $like: 'x*y' } }, (f, i) => (i % 2 ? { $or: [f, { b: { $ne: 2 } }] } : { $not: f })),
  'version operators under $not': (d) => nest(d, { a: { $vgt: '1.2', $vlt: '2' } }, (f) => ({ $not: f })),
  '$elemMatch in $elemMatch': (d) =>
    nest(d, { a: { $eq: 1 } }, (f) => ({ 'arr$.__svcArrayAny__': { $elemMatch: f } })),
  '$elemMatch of $or': (d) =>
    nest(d, { a: { $eq: 1 } }, (f) => ({
      'arr$.__svcArrayAny__': { $elemMatch: { $or: [f, { b: { $eq: 2 } }, { c: { $like: 'a*b' } }] } },
    })),
  // A version key's FROM-clause subqueries below nested subqueries: SQLite adds those up with the
  // expressions around their SELECT only (sqlHeight's `nested`).
  '$elemMatch in $elemMatch with a version operator': (d) =>
    nest(d, { a: { $vgt: '1.2' }, b: { $exists: false } }, (f) => ({
      'arr$.__svcArrayAny__': { $elemMatch: f },
    })),
  'selectors in one path': (d) => ({
    [`arr$${'.__svcArrayAny__$.arr$'.repeat(d)}.__svcArrayAny__$.a`]: { $ne: 1, $like: 'a*', $vlt: '2' },
  }),
};

function nest(depth: number, leaf: unknown, wrap: (f: unknown, i: number) => unknown): unknown {
  let f = leaf;
  for (let i = 0; i < depth; i++) f = wrap(f, i);
  return f;
}

function compile(dialect: DialectName, filter: unknown) {
  const type: 'json' | 'jsonb' = dialect === 'postgres' ? 'jsonb' : 'json';
  const columns = Object.fromEntries(FIELDS.map((f) => [f, { column: 'doc', type, path: [f] }]));
  return toSql(filter, { dialect, columns, maxDepth: 1000, limits: UNBOUNDED });
}

const once = process.env.SVC_POLICY_TEST_PROJECT === 'closures';

// SQL does not depend on the in-memory compiler: these long walks run once, in the project that forbids
// code generation (nothing in the SQL target needs it, and PGlite runs there too).
describe.skipIf(!once).each(ENGINE_NAMES_WITH_DUCKDB)('expression depth on %s', (engineName) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine(engineName);
    const json = { sqlite: 'TEXT', postgres: 'JSONB', duckdb: 'JSON' }[engine.dialect];
    await engine.exec(`CREATE TABLE depth_t (doc ${json})`);
    await engine.exec(
      `INSERT INTO depth_t VALUES ('{"a": 1, "arr": [{"a": 1, "arr": [{"a": 2}]}], "b": 2}')`,
    );
  });
  afterAll(async () => {
    await engine?.close();
  });

  it('runs a filter whose SQL nests FROM-clause subqueries inside nested subqueries (not refused)', async () => {
    // Found by the SQL property with FC_SEED=9182736: SQLite runs it, and an earlier bound refused it.
    const filter = {
      'arr$.__svcArrayAny__$.arr$.__svcArrayAny__': {
        $elemMatch: {
          'arr$.__svcArrayAny__$.__svcArrayAny__': {
            $elemMatch: {
              'arr$.__svcArrayAny__$.__svcArrayAny__': {
                $elemMatch: {
                  a: { $exists: false },
                  'arr$.__svcArrayAny__$.__svcArrayAny__$.x': { $veq: '00' },
                },
              },
            },
          },
        },
      },
    };
    const fragment = compile(engine.dialect, filter);
    await engine.query(`SELECT count(*) AS n FROM depth_t WHERE ${fragment.sql}`, fragment.params);
  });

  it.each(Object.keys(SHAPES))(
    '%s: runs everything toSql accepts, and is refused typed past it',
    async (name) => {
      const make = SHAPES[name]!;
      /** What toSql says at a depth: the SQL ran (any database error fails the test), refused, or too deep to parse. */
      const attempt = async (d: number): Promise<'ran' | FilterError> => {
        let fragment: ReturnType<typeof compile>;
        try {
          fragment = compile(engine.dialect, make(d));
        } catch (error) {
          expect(error, `depth ${d}`).toBeInstanceOf(FilterError);
          expect(['UNSUPPORTED', 'MAX_DEPTH_EXCEEDED']).toContain((error as FilterError).code);
          return error as FilterError;
        }
        await engine.query(`SELECT count(*) AS n FROM depth_t WHERE ${fragment.sql}`, fragment.params);
        return 'ran';
      };
      // Growing steps up to the parser's largest maxDepth, then a bisection down to the exact bound, so
      // that the deepest filter toSql accepts is among those run.
      let accepted = 0;
      let refusedAt = 0;
      let refused: FilterError | undefined;
      for (
        let d = 1;
        d <= 1000;
        d = d === 1000 ? 1001 : Math.min(1000, d + (d < 16 ? 1 : Math.ceil(d / 3)))
      ) {
        const r = await attempt(d);
        if (r === 'ran') accepted = d;
        else {
          refusedAt = d;
          refused = r;
          break;
        }
      }
      while (refused !== undefined && refusedAt - accepted > 1) {
        const mid = Math.floor((accepted + refusedAt) / 2);
        const r = await attempt(mid);
        if (r === 'ran') accepted = mid;
        else {
          refusedAt = mid;
          refused = r;
        }
      }
      expect(accepted).toBeGreaterThan(5);
      if (refused !== undefined && refused.code === 'UNSUPPORTED') {
        expect(refused.message).toMatch(
          { sqlite: /SQLITE_MAX_EXPR_DEPTH/, postgres: /PostgreSQL/, duckdb: /DuckDB/ }[engine.dialect],
        );
        // The place: a pointer into the filter, at its deepest part.
        expect(refused.path.startsWith('/')).toBe(true);
      }
      // SQLite's limit is reached by every shape but the plain $not chain within maxDepth 1000.
      if (engine.dialect === 'sqlite' && name !== '$not chain') expect(refused?.code).toBe('UNSUPPORTED');
    },
  );
});
