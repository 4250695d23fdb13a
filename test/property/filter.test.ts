import fc from 'fast-check';
import { JSONPath } from 'jsonpath-plus';
import { describe, expect, it } from 'vitest';
import {
  compileFilter,
  FilterError,
  parseFilter,
  parsePath,
  printFilter,
  resolvePath,
} from '../../src/index.js';
import {
  arbFilter,
  arbFilterAndRecords,
  arbOperatorObject,
  arbRecord,
  arbRecordFor,
  arbTimeFilter,
  arbTimeFilterAndRecords,
  arbVersionFilterAndRecords,
  ELEM_MATCH_PATHS,
  FILTER_PATHS,
  type FilterJson,
} from '../support/arbitraries.js';
import { check, titled } from '../support/property.js';
import { referenceMatch } from '../support/reference.js';

describe('compiled predicates', () => {
  const withoutAsOf = ([filter, records]: [FilterJson, unknown[]]) =>
    [filter, records, undefined] as [FilterJson, unknown[], string | undefined];
  it.each([
    ['random filters', arbFilterAndRecords.map(withoutAsOf)],
    ['version operators on versions', arbVersionFilterAndRecords.map(withoutAsOf)],
    ['time comparisons at a random asOf', arbTimeFilterAndRecords],
  ] as const)(
    titled('equal the reference interpreter on random filters and records (%s)'),
    (_, arbitrary: fc.Arbitrary<[FilterJson, unknown[], string | undefined]>) => {
      check(
        fc.property(arbitrary, ([filter, records, asOf]) => {
          const predicate = compileFilter(filter, asOf === undefined ? {} : { asOf });
          for (const record of records) {
            if (predicate(record) !== referenceMatch(filter, record, asOf)) {
              throw new Error(
                `disagree on ${JSON.stringify(record)} for ${JSON.stringify(filter)}${asOf === undefined ? '' : ` at ${asOf}`}`,
              );
            }
          }
        }),
      );
    },
  );

  it(titled('are pure: the same answer twice, records unchanged'), () => {
    check(
      fc.property(arbFilter, arbRecord, (filter, record) => {
        const snapshot = structuredClone(record);
        const predicate = compileFilter(filter);
        expect(predicate(record)).toBe(predicate(record));
        expect(record).toEqual(snapshot);
      }),
    );
  });
});

describe('$elemMatch', () => {
  // With one field inside, `$elemMatch` and the selector path say the same thing whenever the operators
  // fail on a missing value: an element that is not an object reads missing at every key, so it fails
  // both forms. (With operators that hold for missing values the forms differ on such elements, which
  // the conformance fixtures pin.)
  it(titled('with one field of operators that fail on missing equals the selector path'), () => {
    const arbCase = fc
      .tuple(fc.constantFrom(...ELEM_MATCH_PATHS), fc.constantFrom(...FILTER_PATHS), arbOperatorObject)
      .filter(([, , ops]) => !compileFilter({ x: ops })({}))
      .chain(([path, key, ops]) => {
        const elemMatch = { [path]: { $elemMatch: { [key]: ops } } };
        const selector = { [`${path}$.${key}`]: ops };
        const records = fc.oneof(arbRecordFor(elemMatch), arbRecordFor(selector));
        return fc.tuple(fc.constant(elemMatch), fc.constant(selector), fc.array(records, { maxLength: 8 }));
      });
    check(
      fc.property(arbCase, ([elemMatch, selector, records]) => {
        const a = compileFilter(elemMatch);
        const b = compileFilter(selector);
        for (const record of records) {
          if (a(record) !== b(record)) {
            throw new Error(
              `${JSON.stringify(elemMatch)} and ${JSON.stringify(selector)} differ on ${JSON.stringify(record)}`,
            );
          }
        }
      }),
    );
  });
});

describe('parse and print', () => {
  // Time comparisons included: an instant operand prints back as written (`{ $now: "-P90D" }`).
  const arbAnyFilter = fc.oneof(arbFilter, arbTimeFilter);

  it(titled('print ∘ parse is the identity on normalized filters'), () => {
    check(
      fc.property(arbAnyFilter, (filter) => {
        expect(printFilter(parseFilter(filter))).toEqual(filter);
      }),
    );
  });

  it(titled('parse ∘ print is the identity on ASTs'), () => {
    check(
      fc.property(arbAnyFilter, (filter) => {
        const node = parseFilter(filter);
        expect(parseFilter(printFilter(node))).toEqual(node);
        // A hand-copied AST (not built by parseFilter) compiles to the same predicate.
        expect(JSON.parse(JSON.stringify(node))).toEqual(node);
      }),
    );
  });

  it(titled('parseFilter on arbitrary JSON returns a node or throws FilterError, nothing else'), () => {
    const keys = fc.constantFrom(
      'a',
      '$eq',
      '$ne',
      '$gt',
      '$in',
      '$nin',
      '$like',
      '$exists',
      '$and',
      '$or',
      '$not',
      '$nor',
      'a$.b',
      'a$.',
      '__proto__',
      '__svcArrayAny__',
      '',
    );
    const json = fc.letrec<{ v: unknown }>((tie) => ({
      v: fc.oneof(
        { depthSize: 'small' },
        fc.jsonValue({ maxDepth: 1 }),
        fc.array(tie('v'), { maxLength: 3 }),
        fc.dictionary(keys, tie('v'), { maxKeys: 3 }),
      ),
    })).v;
    check(
      fc.property(
        fc.oneof(
          json,
          fc.jsonValue(),
          fc.anything({
            withBigInt: true,
            withMap: true,
            withSet: true,
            withDate: true,
            withTypedArray: true,
            withSparseArray: true,
          }),
        ),
        (input) => {
          try {
            const node = parseFilter(input);
            expect(node.kind).toBe('filter');
          } catch (error) {
            if (!(error instanceof FilterError)) throw error;
            expect(typeof error.code).toBe('string');
            expect(error.path === '' || error.path.startsWith('/')).toBe(true);
          }
        },
      ),
    );
  });
});

describe('path resolution', () => {
  // jsonpath-plus is the oracle (tests only; never at run time). Our paths deliberately differ from
  // JSONPath in two places, excluded here: a key step on an array (JSONPath indexes it; ours is
  // missing) and a wildcard on an object (JSONPath iterates its values; a selector there has no
  // elements), checked with fc.pre. Numeric keys (`o$.0`) also index strings and arrays in JSONPath, so
  // for them only values read through objects are compared.
  const toJsonPath = (key: string) =>
    `$${key
      .split('$.')
      .map((s) => (s === '__svcArrayAny__' ? '[*]' : `[${JSON.stringify(s).replace(/^"|"$/g, "'")}]`))
      .join('')}`;

  it(titled('finds the same values as jsonpath-plus'), () => {
    check(
      fc.property(arbRecord, fc.constantFrom(...FILTER_PATHS), (record, key) => {
        const steps = parsePath(key, '');
        const segments = key.split('$.');
        segments.forEach((segment, i) => {
          if (segment !== '__svcArrayAny__') return;
          const prefix = segments.slice(0, i).join('$.');
          const at =
            prefix === ''
              ? [record]
              : (JSONPath({ path: toJsonPath(prefix), json: record, wrap: true }) as unknown[]);
          fc.pre(at.every((v) => Array.isArray(v) || typeof v !== 'object' || v === null));
        });
        segments.forEach((segment, i) => {
          if (!/^\d+$/.test(segment)) return;
          const prefix = segments.slice(0, i).join('$.');
          const at = JSONPath({ path: toJsonPath(prefix), json: record, wrap: true }) as unknown[];
          fc.pre(at.every((v) => typeof v === 'object' && v !== null && !Array.isArray(v)));
        });
        const ours = resolvePath(record, steps).map((p) => p.value);
        const oracle = JSONPath({ path: toJsonPath(key), json: record, wrap: true }) as unknown[];
        expect(ours).toEqual(oracle);
      }),
      { numRuns: 500 },
    );
  });
});

describe('dates in records', () => {
  // A valid Date reads as its ISO string (docs/semantics.md, section 2). The compilers skip that
  // normalization where no operator can tell the two apart, so every operator is tried with ISO-shaped
  // operands (extended years included), other strings and other types, on a key and below a selector.
  const ISO = ['2026-01-01T00:00:00.000Z', '2026-06-01T12:30:00.000Z', '+275760-09-13T00:00:00.000Z'];
  const scalar = fc.constantFrom<string | number | boolean | null>(...ISO, '2026', 'x', 5, true, null);
  const text = fc.constantFrom(...ISO, '2026', '3', '+');
  const operator = fc.oneof(
    scalar.map((x) => ({ $eq: x })),
    scalar.map((x) => ({ $ne: x })),
    fc.array(scalar, { maxLength: 3 }).map((xs) => ({ $in: xs })),
    fc.array(scalar, { maxLength: 3 }).map((xs) => ({ $nin: xs })),
    fc
      .oneof(text, fc.constant(5))
      .chain((x) => fc.constantFrom({ $gt: x }, { $gte: x }, { $lt: x }, { $lte: x })),
    fc.constantFrom('2026-*', '*Z', '*', 'x*', '+*').map((p) => ({ $like: p })),
    fc.boolean().map((b) => ({ $exists: b })),
  );

  it(titled('a valid Date reads exactly as its ISO string under every operator'), () => {
    check(
      fc.property(
        fc.array(operator, { minLength: 1, maxLength: 3 }),
        fc.constantFrom(...ISO),
        fc.boolean(),
        (ops, iso, selector) => {
          const key = selector ? 'd$.__svcArrayAny__' : 'd';
          const predicate = compileFilter({ [key]: Object.assign({}, ...ops) });
          const at = (v: unknown) => (selector ? { d: [v] } : { d: v });
          expect(predicate(at(new Date(iso)))).toBe(predicate(at(iso)));
          expect(predicate(at(iso))).toBe(referenceMatch({ [key]: Object.assign({}, ...ops) }, at(iso)));
        },
      ),
    );
  });
});
