import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPolicyDefinition,
  compileFilter,
  compilePolicy,
  type FilterNode,
  parseFilter,
  parseQuery,
  printFilter,
  QueryError,
} from '../../src/index.js';
import { policyToMongo, toMongo, toMongoExpr } from '../../src/mongo.js';
import { policyToSql, toSql } from '../../src/sql.js';
import { validatePolicy } from '../../src/validate.js';
import { check, NUM_RUNS, SEED, titled } from '../support/property.js';
import { guardPrototypes, onlyTypedErrors } from './support.js';

/**
 * Fuzzing, in CI like every suite: arbitrary JSON, arbitrary JavaScript values and arbitrary strings
 * into every entry point. The only failure allowed is the library's own typed error (`FilterError`,
 * `PolicyError`); `checkPolicyDefinition` and `validatePolicy` may not throw at all. Each property runs
 * `FC_RUNS` times (1,000 in CI) with the project's seed (printed in the titles and on failure), and
 * stops early after {@link FUZZ_MS} so that the suite's time stays bounded.
 */

guardPrototypes();

/** Time budget of each property, in milliseconds (`FUZZ_MS` to change it). */
const FUZZ_MS = Number(process.env.FUZZ_MS ?? 4_000);
const params = { interruptAfterTimeLimit: FUZZ_MS, markInterruptAsFailure: false, numRuns: NUM_RUNS };

/** Keys an attacker would try, among arbitrary ones. */
const KEYS = [
  '$and',
  '$or',
  '$not',
  '$eq',
  '$ne',
  '$gt',
  '$in',
  '$nin',
  '$like',
  '$exists',
  '$where',
  '$expr',
  '__proto__',
  'constructor',
  'prototype',
  'kind',
  'a',
  'a$.b',
  'x$.__svcArrayAny__$.y',
  '__svcArrayAny__',
  '',
  '$',
  '$.',
  'a$.',
  'statusDefinitions',
  'rules',
  'conditions',
  'condition',
  'filter',
  'query',
  'isDefault',
  'criticality',
  'name',
];
const arbKey = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...KEYS) },
  { weight: 1, arbitrary: fc.string() },
);

/** JSON shaped like filters and policies, with hostile keys: most of it is invalid, all of it is JSON. */
const arbJson: fc.Arbitrary<unknown> = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    fc.jsonValue({ maxDepth: 2 }),
    fc.array(tie('value'), { maxLength: 4 }),
    fc.dictionary(arbKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** Any JavaScript value: BigInt, Symbol, Map, boxed values, sparse arrays, null prototypes… */
const arbAnything = fc.anything({
  withBigInt: true,
  withBoxedValues: true,
  withDate: true,
  withMap: true,
  withSet: true,
  withNullPrototype: true,
  withObjectString: true,
  withSparseArray: true,
  withTypedArray: true,
  withUnicodeString: true,
  key: arbKey,
});

const arbInput = fc.oneof(arbJson, arbAnything);
const COLUMNS = { a: 'text', x: 'jsonb', kind: 'number', name: 'text' } as const;
const SQLITE_COLUMNS = { a: 'text', x: 'json', kind: 'number', name: 'text' } as const;

/** Every entry point that takes a filter. */
const FILTER_ENTRY_POINTS: [string, (input: unknown) => unknown][] = [
  ['parseFilter', (f) => parseFilter(f)],
  ['printFilter', (f) => printFilter(f as FilterNode)],
  ['toSql postgres', (f) => toSql(f, { dialect: 'postgres', columns: COLUMNS })],
  ['toSql sqlite', (f) => toSql(f, { dialect: 'sqlite', columns: SQLITE_COLUMNS })],
  ['toMongo', (f) => toMongo(f)],
  ['toMongoExpr', (f) => toMongoExpr(f)],
  ['policyToSql', (p) => policyToSql(p, { dialect: 'sqlite', columns: SQLITE_COLUMNS })],
  ['policyToMongo', (p) => policyToMongo(p)],
  ['parseQuery', (request) => parseQuery(request, 'component')],
  ['parseQuery of the filter', (filter) => parseQuery({ filter }, 'component')],
];

describe(`fuzzing every entry point [FC_SEED=${SEED}]`, () => {
  for (const [name, entry] of FILTER_ENTRY_POINTS) {
    it(titled(`${name}: arbitrary JSON and values give a result or a typed error`), () => {
      check(
        fc.property(arbInput, (input) => onlyTypedErrors(() => entry(input))),
        params,
      );
    });
  }

  it(titled('parseQuery: arbitrary strings as page tokens give INVALID_PAGE_TOKEN or a position'), () => {
    const arbToken = fc.oneof(
      fc.string({ unit: 'binary' }),
      fc.base64String(),
      fc.string({ unit: fc.constantFrom('A', 'b', '-', '_', '.', '0') }),
    );
    check(
      fc.property(arbToken, fc.boolean(), (pageToken, signed) => {
        try {
          parseQuery({ pageToken }, 'component', signed ? { secret: 'k' } : {});
        } catch (error) {
          expect(error).toBeInstanceOf(QueryError);
          expect((error as QueryError).problems.map((p) => p.code)).toEqual(['INVALID_PAGE_TOKEN']);
        }
      }),
      params,
    );
  });

  it(titled('compileFilter, both compilers: arbitrary input, then arbitrary records never throw'), () => {
    check(
      fc.property(arbInput, fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 4 }), (input, records) => {
        for (const codegen of [false, true]) {
          let match: ((r: unknown) => boolean) | undefined;
          onlyTypedErrors(() => {
            match = compileFilter(input, { codegen });
          });
          for (const record of records) if (match) expect(typeof match(record)).toBe('boolean');
        }
      }),
      params,
    );
  });

  it(titled('compilePolicy: a PolicyError or a policy that evaluates and explains any record'), () => {
    check(
      fc.property(arbInput, fc.jsonValue({ maxDepth: 3 }), (input, record) => {
        onlyTypedErrors(() => {
          const policy = compilePolicy(input);
          expect(typeof policy.evaluate(record).applicable).toBe('boolean');
          JSON.stringify(policy.explain(record));
        });
      }),
      params,
    );
  });

  it(titled('checkPolicyDefinition never throws: problems, or a definition'), () => {
    check(
      fc.property(arbInput, (input) => {
        const { problems, definition } = checkPolicyDefinition(input);
        expect(problems.length === 0).toBe(definition !== undefined);
      }),
      params,
    );
  });

  it(titled('validatePolicy never throws, on values, JSON text and YAML text'), () => {
    const arbText = fc.oneof(
      fc.string({ unit: 'binary' }),
      arbJson.map((v) => JSON.stringify(v) ?? ''),
      fc
        .array(
          fc.constantFrom('name: x', '  - &a [1, *a]', 'a: *b', '{', '}', ': :', '- ', 'k: v', '"\\ud800"'),
          {
            maxLength: 8,
          },
        )
        .map((lines) => lines.join('\n')),
    );
    check(
      fc.property(arbInput, arbText, (value, text) => {
        for (const result of [
          validatePolicy(value),
          validatePolicy(text, { format: 'json' }),
          validatePolicy(text, { format: 'yaml' }),
        ]) {
          expect(typeof result.valid).toBe('boolean');
          expect(result.valid).toBe(!result.diagnostics.some((d) => d.severity === 'error'));
        }
      }),
      params,
    );
  });
});

/** Path keys beyond the property suites' pool: any well-formed text that is a valid segment. */
const arbSegment = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 6 })
  .filter(
    (s) => !s.includes('$.') && !['__proto__', 'prototype', 'constructor', '__svcArrayAny__'].includes(s),
  );
const arbPath = fc
  .array(
    fc.oneof({ weight: 4, arbitrary: arbSegment }, { weight: 1, arbitrary: fc.constant('__svcArrayAny__') }),
    {
      minLength: 1,
      maxLength: 4,
    },
  )
  .filter((segments) => segments[0] !== '__svcArrayAny__' && segments[0]![0] !== '$')
  .map((segments) => segments.join('$.'));
const arbOperand = fc.oneof(
  fc.string({ unit: 'grapheme' }),
  fc.integer(),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.boolean(),
);
const arbOperators = fc.oneof(
  arbOperand.map(($eq) => ({ $eq })),
  arbOperand.map(($ne) => ({ $ne })),
  fc.oneof(fc.string({ unit: 'grapheme' }), fc.integer()).map(($gte) => ({ $gte })),
  fc.array(fc.oneof(arbOperand, fc.constant(null)), { minLength: 0, maxLength: 4 }).map(($in) => ({ $in })),
  fc.string({ unit: 'grapheme' }).map(($like) => ({ $like })),
  fc.boolean().map(($exists) => ({ $exists })),
);
const arbValidFilter: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ f: Record<string, unknown> }>(
  (tie) => ({
    f: fc
      .tuple(
        fc.dictionary(arbPath, arbOperators, { maxKeys: 3 }),
        fc.option(
          fc.oneof(
            { depthSize: 'small' },
            fc.array(tie('f'), { minLength: 1, maxLength: 2 }).map(($or) => ({ $or })),
            tie('f').map(($not) => ({ $not })),
          ),
          { depthSize: 'small' },
        ),
      )
      .map(([fields, logical]) => ({ ...fields, ...(logical ?? {}) })),
  }),
).f;

describe(`parse ∘ print round trips on arbitrary valid filters with arbitrary keys and operands [FC_SEED=${SEED}]`, () => {
  it(
    titled('printFilter(parseFilter(f)) is f (numbers normalized), and parsing it again gives the same AST'),
    () => {
      check(
        fc.property(arbValidFilter, (filter) => {
          let node: FilterNode;
          try {
            node = parseFilter(filter);
          } catch (error) {
            // Unsafe integers and similar operands are refused with a typed error, never mangled.
            expect((error as Error).name).toBe('FilterError');
            return;
          }
          const printed = printFilter(node);
          expect(parseFilter(printed)).toEqual(node);
          expect(JSON.parse(JSON.stringify(printed))).toEqual(JSON.parse(JSON.stringify(filter)));
        }),
        params,
      );
    },
  );
});
