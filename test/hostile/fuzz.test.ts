import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkPolicyDefinition,
  compileFilter,
  compilePolicy,
  evaluateInventory,
  type FilterNode,
  parseFilter,
  parseQuery,
  printFilter,
  QueryError,
} from '../../src/index.js';
import { policyToMongo, toMongo, toMongoExpr } from '../../src/mongo.js';
import { COMPONENT_RESOURCE } from '../../src/resources/descriptions.js';
import { policyToSql, queryToSql, statusCountSql, toSql } from '../../src/sql.js';
import { validatePolicy } from '../../src/validate.js';
import { NODE_FLAGS } from '../support/node-flags.js';
import { check, checkAsync, FUZZ_SEED, NUM_RUNS, titled } from '../support/property.js';
import { suiteTempDir } from '../support/temp.js';
import { guardPrototypes, HANG_BOUND_MS, isTypedError, onlyTypedErrors, thrownValues } from './support.js';

/**
 * Fuzzing, in CI like every suite: arbitrary JSON, arbitrary JavaScript values (hostile ones among them:
 * getters and Proxy traps that throw anything, not only errors) and arbitrary strings into every entry
 * point, the CLI included. The only failure allowed is the library's own typed error (`FilterError`,
 * `PolicyError`, `QueryError`); `checkPolicyDefinition` and `validatePolicy` may not throw at all. Each
 * property runs `FC_RUNS` times (1,000 in CI) and stops early after {@link FUZZ_MS}, so the suite's time
 * stays bounded.
 *
 * The seed is `FC_SEED` when set, else a fresh one per run (CI explores new inputs every time): it is
 * printed when the suite starts, in every title and in every failure. To replay a failure:
 *
 *   FC_SEED=<seed> npx vitest run test/hostile/fuzz.test.ts
 *
 * (with `FC_RUNS` as in the failing run; fast-check's message also gives the `path` of the
 * counterexample, to pass as `{ path }` for a one-run replay).
 */

guardPrototypes();

// The seed of this run, for whoever reads the log.
console.log(
  `fuzzing with FC_SEED=${FUZZ_SEED}; replay: FC_SEED=${FUZZ_SEED} npx vitest run test/hostile/fuzz.test.ts`,
);

/** Time budget of each property, in milliseconds (`FUZZ_MS` to change it). */
const FUZZ_MS = Number(process.env.FUZZ_MS ?? 4_000);
const params = {
  seed: FUZZ_SEED,
  interruptAfterTimeLimit: FUZZ_MS,
  markInterruptAsFailure: false,
  numRuns: NUM_RUNS,
};
const fuzzTitle = (title: string) => titled(title, FUZZ_SEED);

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

/**
 * A JSON value with one of its objects (chosen by `index`) made hostile: a getter of one of its keys, or
 * a Proxy trap read by every walk over it (`ownKeys`, `get`), throws a value that is not an error, or not
 * a readable one (test/hostile/support.ts, `thrownValues`).
 */
const THROWN = thrownValues();
const arbHostile: fc.Arbitrary<unknown> = fc
  .tuple(arbJson, fc.nat(), fc.nat({ max: THROWN.length - 1 }), fc.constantFrom('getter', 'ownKeys', 'get'))
  .map(([value, index, which, how]) => {
    const make = THROWN[which]![1];
    const objects: object[] = [];
    const stack = [value];
    while (stack.length > 0) {
      const v = stack.pop();
      if (typeof v === 'object' && v !== null) {
        objects.push(v);
        stack.push(...Object.values(v));
      }
    }
    const hostile = (target: object): object => {
      if (how === 'getter') {
        const key = Object.keys(target)[0] ?? 'a';
        return Object.defineProperty({ ...target }, key, {
          enumerable: true,
          get() {
            throw make();
          },
        });
      }
      return new Proxy(target, {
        [how]() {
          throw make();
        },
      });
    };
    if (objects.length === 0) return hostile({ a: value });
    const target = objects[index % objects.length]!;
    if (target === value) return hostile(target);
    // Replace the chosen object where its parent holds it.
    for (const parent of objects) {
      for (const key of Object.keys(parent)) {
        if ((parent as Record<string, unknown>)[key] === target)
          (parent as Record<string, unknown>)[key] = hostile(target);
      }
    }
    return value;
  });

const arbInput = fc.oneof(arbJson, arbAnything, arbHostile);
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
  ['statusCountSql', (p) => statusCountSql(p, { dialect: 'postgres', columns: COLUMNS, table: 't' })],
  ['parseQuery', (request) => parseQuery(request, 'component')],
  ['parseQuery of the filter', (filter) => parseQuery({ filter }, 'component')],
  [
    'queryToSql of the parsed request',
    (request) =>
      queryToSql(parseQuery(request, 'component'), { dialect: 'sqlite', columns: QUERY_COLUMNS, table: 't' }),
  ],
  [
    'queryToSql of a request with the filter',
    (filter) =>
      queryToSql(parseQuery({ filter }, 'component'), {
        dialect: 'postgres',
        columns: Object.fromEntries(
          Object.entries(QUERY_COLUMNS).map(([k, v]) => [k, v === 'json' ? 'jsonb' : v]),
        ),
        table: 't',
      }),
  ],
];

/** Every field of a component as a column of its type, so that a plan's SQL is built whole. */
const QUERY_COLUMNS = Object.fromEntries(
  Object.entries(COMPONENT_RESOURCE.fields).map(([name, field]) => [
    name,
    field.type === 'boolean'
      ? 'boolean'
      : ['map', 'object', 'array', 'any'].includes(field.type)
        ? 'json'
        : 'text',
  ]),
) as Record<string, 'text' | 'json' | 'boolean'>;

describe(`fuzzing every entry point [FC_SEED=${FUZZ_SEED}]`, () => {
  for (const [name, entry] of FILTER_ENTRY_POINTS) {
    it(fuzzTitle(`${name}: arbitrary JSON and values give a result or a typed error`), () => {
      check(
        fc.property(arbInput, (input) => onlyTypedErrors(() => entry(input))),
        params,
      );
    });
  }

  it(fuzzTitle('parseQuery: arbitrary strings as page tokens give INVALID_PAGE_TOKEN or a position'), () => {
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

  it(fuzzTitle('compileFilter, both compilers: arbitrary input, then arbitrary records never throw'), () => {
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

  it(
    fuzzTitle('evaluateInventory: arbitrary policies over arbitrary records settle, or reject typed'),
    async () => {
      await checkAsync(
        fc.asyncProperty(
          fc.array(arbInput, { maxLength: 2 }),
          fc.array(fc.oneof(fc.jsonValue({ maxDepth: 3 }), arbAnything), { maxLength: 4 }),
          async (policies, records) => {
            try {
              const summary = await evaluateInventory(policies, records);
              expect(summary.resources).toBe(records.length);
            } catch (error) {
              if (!isTypedError(error)) throw error;
            }
          },
        ),
        params,
      );
    },
  );

  it(fuzzTitle('compilePolicy: a PolicyError or a policy that evaluates and explains any record'), () => {
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

  it(fuzzTitle('checkPolicyDefinition never throws: problems, or a definition'), () => {
    check(
      fc.property(arbInput, (input) => {
        const { problems, definition } = checkPolicyDefinition(input);
        expect(problems.length === 0).toBe(definition !== undefined);
      }),
      params,
    );
  });

  it(fuzzTitle('validatePolicy never throws, on values, JSON text and YAML text'), () => {
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

describe(`parse ∘ print round trips on arbitrary valid filters with arbitrary keys and operands [FC_SEED=${FUZZ_SEED}]`, () => {
  it(
    fuzzTitle(
      'printFilter(parseFilter(f)) is f (numbers normalized), and parsing it again gives the same AST',
    ),
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

/** Text shaped like policy files, in either syntax, with hostile keys: most of it is invalid. */
const arbFileText = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 200 }),
  arbJson.map((v) => JSON.stringify(v) ?? ''),
  arbJson.map((v) =>
    JSON.stringify({
      name: 'p',
      statusDefinitions: { ok: { isDefault: true, criticality: 0 } },
      query: { filter: v },
    }),
  ),
  fc
    .array(
      fc.constantFrom(
        'name: x',
        'statusDefinitions:',
        '  ok: {isDefault: true, criticality: 0}',
        '  - &a [1, *a]',
        'a: *b',
        '{',
        '[[[[',
        '- - - -',
        ': :',
        'k: v',
        '"\\ud800"',
        '\u001b[2J::error::x',
      ),
      { maxLength: 8 },
    )
    .map((lines) => lines.join('\n')),
);

describe(`fuzzing the CLI with arbitrary policy files [FC_SEED=${FUZZ_SEED}]`, () => {
  const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');
  const temp = suiteTempDir('fuzz-cli');
  /** Spawned runs are slow (a node start each): a few per property, `FUZZ_CLI_RUNS` to change. */
  const runs = Number(process.env.FUZZ_CLI_RUNS ?? 12);
  const cli = (args: readonly string[], input = '') => {
    const r = spawnSync(process.execPath, [...NODE_FLAGS, CLI, ...args], {
      encoding: 'utf8',
      input,
      timeout: HANG_BOUND_MS * 2,
    });
    if (r.error) throw r.error;
    // Whatever the file holds, the CLI reports it; an internal error is a crash of ours.
    expect(r.stderr).not.toContain('internal error');
    return r;
  };

  it(fuzzTitle('validate and eval read any file: a report or a typed refusal, never a crash'), () => {
    check(
      fc.property(arbFileText, fc.constantFrom('json', 'yaml'), (text, ext) => {
        const file = join(temp.folder(), `policy.${ext}`);
        writeFileSync(file, text);
        const validated = cli(['validate', '--root', temp.folder(), '--format', 'json', file]);
        expect([0, 1]).toContain(validated.status);
        const report = JSON.parse(validated.stdout) as { files: { diagnostics: unknown[] }[] };
        expect(report.files).toHaveLength(1);
        const evaluated = cli(['eval', '--policy', file, '--format', 'json'], '{"a": 1}\n');
        expect([0, 2]).toContain(evaluated.status);
        // A file validate finds no error in is a policy eval runs (validation checks more, not less).
        if (!hasErrors(report)) expect(evaluated.status, evaluated.stderr).toBe(0);
      }),
      { ...params, numRuns: runs, interruptAfterTimeLimit: FUZZ_MS * 3 },
    );
  });
});

function hasErrors(report: { files: { diagnostics: unknown[] }[] }): boolean {
  return report.files.some((f) =>
    f.diagnostics.some((d) => (d as { severity: string }).severity === 'error'),
  );
}
