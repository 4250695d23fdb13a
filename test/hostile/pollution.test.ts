import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  checkPolicyDefinition,
  compileFilter,
  compilePolicy,
  evaluateInventory,
  parseFilter,
  printFilter,
} from '../../src/index.js';
import { policyToMongo, toMongo, toMongoExpr } from '../../src/mongo.js';
import { policyToSql, statusCountSql, toSql } from '../../src/sql.js';
import { validatePolicy } from '../../src/validate.js';
import { guardPrototypes, polluted, pollutedAsync } from './support.js';

/**
 * A polluted runtime (a dependency that ran `Object.prototype.isActive = false`, or a polyfill that
 * replaced `Array.prototype.some`) must not change a single answer: every read of a definition, an
 * option or a status entry is an own-property read, and the built-ins the engine relies on are the ones
 * captured when it loaded. The battery below computes the answers of every entry point on a clean
 * runtime, then again under each pollution, and they must be equal.
 */

guardPrototypes();

const root = join(import.meta.dirname, '..', '..');
const examples = join(root, 'fixtures', 'policies', 'examples');
const POLICIES = [
  'idle-databases.json',
  'certificate-expiry.json',
  'end-of-life-versions.json',
  'outdated-node-groups.json',
  'unowned-components.json',
].map((f) => JSON.parse(readFileSync(join(examples, f), 'utf8')) as Record<string, unknown>);
const RECORDS = JSON.parse(
  readFileSync(join(root, 'fixtures', 'inventory', 'small.json'), 'utf8'),
) as unknown[];

/** A policy that omits every optional property, so inherited ones would be read if anything read them. */
const MINIMAL = {
  name: 'minimal',
  statusDefinitions: {
    ok: { isDefault: true, criticality: 0 },
    pg: {
      criticality: 10,
      rules: [
        { conditions: [{ type: 'filter', condition: { filter: { technology: { $eq: 'postgres' } } } }] },
      ],
    },
  },
};

const FILTERS: unknown[] = [
  { technology: { $eq: 'postgres' } },
  { technology: { $in: ['postgres', 'mysql', 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'] } },
  { id: { $like: 'db-*' } },
  { id: { $like: '*-1' } },
  { id: { $like: 'k*s*1' } },
  { version: { $gte: '12', $lt: '16' } },
  { 'details$.postgres$.lastActiveConnectionTime': { $lt: '2026-05-02T00:00:00.000Z' } },
  { $or: [{ technology: { $eq: 'mysql' } }, { $not: { id: { $exists: true } } }] },
  { 'details$.nodes$.__svcArrayAny__$.version': { $lt: '1.30' } },
  { isAdmin: { $exists: false }, length: { $exists: false }, rules: { $exists: false } },
];

const SCALAR_COLUMNS = {
  id: 'text',
  technology: 'text',
  version: 'text',
  type: 'text',
  status: 'text',
  expirationDate: 'text',
  deletedAt: 'text',
  isAdmin: 'text',
  length: 'text',
  rules: 'text',
} as const;
const SQL_COLUMNS = { ...SCALAR_COLUMNS, details: 'jsonb', tags: 'jsonb' } as const;
const SQLITE_COLUMNS = { ...SCALAR_COLUMNS, details: 'json', tags: 'json' } as const;

/** Every answer of every entry point, as plain data. Computed inside the pollution, compared outside. */
async function battery(withValidation = true): Promise<unknown> {
  const out: Record<string, unknown> = {};
  const attempt = (name: string, fn: () => unknown) => {
    try {
      out[name] = fn();
    } catch (error) {
      out[name] = { threw: (error as Error).name, code: (error as { code?: unknown }).code };
    }
  };
  FILTERS.forEach((filter, i) => {
    attempt(`parse ${i}`, () => JSON.stringify(parseFilter(filter)));
    attempt(`print ${i}`, () => JSON.stringify(printFilter(parseFilter(filter))));
    attempt(`closures ${i}`, () => RECORDS.map(compileFilter(filter, { codegen: false })));
    attempt(`codegen ${i}`, () => RECORDS.map(compileFilter(filter, { codegen: true })));
    attempt(`postgres ${i}`, () => toSql(filter, { dialect: 'postgres', columns: SQL_COLUMNS }));
    attempt(`sqlite ${i}`, () => toSql(filter, { dialect: 'sqlite', columns: SQLITE_COLUMNS }));
    attempt(`mongo ${i}`, () => JSON.stringify(toMongo(filter)));
    attempt(`mongo expr ${i}`, () => JSON.stringify(toMongoExpr(filter)));
  });
  for (const [i, definition] of [MINIMAL, ...POLICIES].entries()) {
    attempt(`check ${i}`, () => JSON.stringify(checkPolicyDefinition(definition)));
    attempt(`policy ${i}`, () => {
      // One instant for every run: explanations name the instant they were made at.
      const p = compilePolicy(definition, { asOf: '2026-06-01T00:00:00Z' });
      return JSON.stringify({
        isActive: p.isActive,
        resource: p.resource,
        statuses: p.statuses,
        results: RECORDS.map(p.evaluate),
        explanations: RECORDS.map(p.explain),
      });
    });
    attempt(`policyToSql ${i}`, () =>
      policyToSql(definition, { dialect: 'postgres', columns: SQL_COLUMNS, paramOffset: 0 }),
    );
    attempt(`statusCountSql ${i}`, () =>
      statusCountSql(definition, { dialect: 'sqlite', columns: SQLITE_COLUMNS, table: 'components' }),
    );
    attempt(`policyToMongo ${i}`, () => JSON.stringify(policyToMongo(definition)));
    if (withValidation) {
      attempt(`validate ${i}`, () => validatePolicy(definition));
      attempt(`validate text ${i}`, () =>
        validatePolicy(JSON.stringify(definition, null, 2), { fileName: 'p.json' }),
      );
      attempt(`validate yaml ${i}`, () => validatePolicy(JSON.stringify(definition), { format: 'yaml' }));
    }
  }
  const seen: unknown[] = [];
  for (const options of [undefined, {}, { onResult: (r: unknown) => void seen.push(r) }]) {
    const summary = await evaluateInventory([MINIMAL, ...POLICIES], RECORDS, options);
    // The run's instant is the clock's, read by each run.
    out[`inventory ${seen.length}`] = { ...summary, asOf: '', durationMs: 0, resourcesPerSecond: 0 };
  }
  out.onResult = JSON.stringify(seen);
  return out;
}

const clean = (await battery()) as Record<string, unknown>;

/** The names of the answers that differ from the clean runtime's (empty when none does). */
function changed(answers: unknown): string[] {
  const got = answers as Record<string, unknown>;
  const keys = new Set([...Object.keys(clean), ...Object.keys(got)]);
  const out = [...keys].filter((k) => JSON.stringify(got[k]) !== JSON.stringify(clean[k]));
  if (process.env.POLLUTION_DEBUG) {
    for (const k of out)
      console.log(
        k,
        '\n  clean:',
        JSON.stringify(clean[k])?.slice(0, 600),
        '\n  got:  ',
        JSON.stringify(got[k])?.slice(0, 600),
      );
  }
  return out;
}

/** Properties that an attacker would set on Object.prototype, each read somewhere by the library. */
const OBJECT_POLLUTION: Record<string, unknown> = {
  // Policy definitions and statuses.
  isActive: false,
  rules: [{ conditions: [{ type: 'filter', condition: { filter: {} } }] }],
  isDefault: true,
  criticality: 99,
  query: { filter: { technology: { $eq: 'none' } } },
  filter: { technology: { $eq: 'none' } },
  type: 'other',
  resource: 'certificate',
  description: 7,
  policy: { name: 'hijacked', statusDefinitions: { x: { isDefault: true, criticality: 0 } } },
  conditions: [],
  condition: { filter: {} },
  // Options of every entry point.
  signal: AbortSignal.abort(new Error('inherited signal')),
  onResult: () => {
    throw new Error('inherited onResult');
  },
  maxDepth: 1,
  codegen: true,
  dialect: 'sqlite',
  tableAlias: 'hijacked',
  paramOffset: 7,
  scalarPaths: ['technology', 'id', 'version'],
  statusField: '__proto__',
  format: 'yaml',
  fileName: 'x.yaml',
  maxDiagnostics: 1,
  k8sSchema: { fields: [] },
  // Hand-built ASTs and operators.
  kind: 'filter',
  clauses: [],
  // What injection attempts set.
  $where: 'return true',
  $or: [{}],
  $ne: null,
  isAdmin: true,
  length: 1_000_000,
  0: 'zero',
  id: 'polluted',
  technology: 'postgres',
};

/** Built-ins replaced by wrong ones: each would change an answer if the library called it. */
const METHOD_POLLUTION: [string, object, Record<string, unknown>][] = [
  [
    'Array.prototype search methods',
    Array.prototype,
    {
      some: () => true,
      every: () => false,
      find: () => undefined,
      findIndex: () => -1,
      includes: () => true,
      indexOf: () => 0,
    },
  ],
  [
    'String.prototype methods',
    String.prototype,
    {
      startsWith: () => true,
      endsWith: () => true,
      includes: () => false,
      indexOf: () => 0,
      charCodeAt: () => 0,
      isWellFormed: () => true,
    },
  ],
  ['Object statics', Object, { hasOwn: () => true, keys: () => [], getPrototypeOf: () => null }],
  ['Array.isArray', Array, { isArray: () => false }],
  ['Set.prototype.has', Set.prototype, { has: () => true }],
  // What the library remembers of its own errors and ASTs (src/errors.ts, src/parse/trusted.ts).
  ['WeakSet.prototype methods', WeakSet.prototype, { has: () => true, add: () => undefined }],
  ['WeakMap.prototype methods', WeakMap.prototype, { get: () => undefined, set: () => undefined }],
  ['RegExp.prototype.test', RegExp.prototype, { test: () => true }],
];

describe('a polluted runtime changes no answer', () => {
  it('the battery sees every entry point answer (so its comparisons mean something)', () => {
    const answers = clean;
    expect(Object.keys(answers).length).toBeGreaterThan(100);
    // No entry point failed on the clean runtime: each comparison below compares real answers.
    const failed = Object.entries(answers).filter(
      ([, v]) => typeof v === 'object' && v !== null && 'threw' in v,
    );
    expect(failed.map(([k]) => k)).toEqual([]);
  });

  it('Object.prototype.isActive = false leaves policies active (compilePolicy, evaluateInventory)', async () => {
    await pollutedAsync(Object.prototype, { isActive: false }, async () => {
      expect(compilePolicy(MINIMAL).isActive).toBe(true);
      const summary = await evaluateInventory([MINIMAL], RECORDS);
      expect(summary.policies[0]?.skipped).toBeNull();
    });
  });

  it('Object.prototype.rules gives the default status no rules', () => {
    const results = polluted(Object.prototype, OBJECT_POLLUTION, () =>
      RECORDS.map(compilePolicy(MINIMAL).evaluate),
    );
    expect(results.map((r) => r.status)).toEqual(
      RECORDS.map(compilePolicy(MINIMAL).evaluate).map((r) => r.status),
    );
    expect(results.filter((r) => r.isDefault).every((r) => r.matched === null)).toBe(true);
  });

  it('inherited resource, signal and onResult are not options of evaluateInventory', async () => {
    const seen: unknown[] = [];
    const summary = await pollutedAsync(
      Object.prototype,
      {
        resource: 'certificate',
        signal: AbortSignal.abort(new Error('inherited')),
        onResult: (r: unknown) => seen.push(r),
      },
      () => evaluateInventory([{ ...MINIMAL, resource: 'component' }], RECORDS, {}),
    );
    expect(seen).toEqual([]);
    expect(summary.resources).toBe(RECORDS.length);
    expect(summary.policies[0]?.skipped).toBeNull();
  });

  it('a definition is not taken for a compiled policy because Object.prototype has evaluate and explain', async () => {
    const clean = await evaluateInventory([MINIMAL], RECORDS);
    const fake = () => ({
      applicable: false,
      status: null,
      criticality: null,
      isDefault: false,
      matched: null,
    });
    const summary = await pollutedAsync(
      Object.prototype,
      { evaluate: fake, explain: fake, statuses: [] },
      () => evaluateInventory([MINIMAL], RECORDS),
    );
    expect(summary.policies).toEqual(clean.policies);
  });

  it('policyToMongo refuses an inherited __proto__ statusField no more than it reads it: the default is used', () => {
    const stage = polluted(
      Object.prototype,
      { statusField: '__proto__' },
      () => policyToMongo(MINIMAL).addStatusStage,
    );
    expect(Object.keys(stage.$addFields)).toEqual(['policyStatus']);
  });

  it('a getter on Object.prototype that reads undefined there alone adds no key to a record', () => {
    // A value at the key that Object.prototype itself does not show must still not pass for the record's own.
    Object.defineProperty(Object.prototype, 'isAdmin', {
      get(this: unknown) {
        return this === Object.prototype ? undefined : true;
      },
      configurable: true,
    });
    try {
      for (const codegen of [false, true]) {
        const alone = compileFilter({ isAdmin: { $eq: true } }, { codegen });
        const both = compileFilter({ isAdmin: { $eq: true }, name: { $eq: 'n' } }, { codegen });
        const below = compileFilter({ 'tags$.isAdmin': { $exists: true } }, { codegen });
        expect([alone({}), both({ name: 'n' }), below({ tags: {} })]).toEqual([false, false, false]);
        expect([alone({ isAdmin: true }), both({ isAdmin: true, name: 'n' })]).toEqual([true, true]);
      }
    } finally {
      delete (Object.prototype as { isAdmin?: unknown }).isAdmin;
    }
  });

  it("a key of a primitive's prototype, or of a string, is missing, even from a getter that removes itself", () => {
    // Generated code tests a key of the object before it reads its prototype, a test that throws on a
    // primitive: it must answer for primitives, at the root and below it, as everything else does.
    const primitives: unknown[] = ['abc', 7, true, 10n, Symbol('s')];
    const records = [...primitives, ...primitives.map((a) => ({ a }))];
    const filters = [
      { technology: { $eq: 'postgres' } },
      { 'a$.technology': { $in: ['postgres', 'mysql'] } },
      { length: { $eq: 3 } },
      { 'a$.length': { $gte: 3 } },
      { 'a$.0': { $eq: 'a' } },
      { 'a$.toFixed': { $exists: true } },
    ];
    const prototypes = [String, Number, Boolean, BigInt, Symbol].map((c) => c.prototype as object);
    const answers = (codegen: boolean) =>
      filters.map((f) => {
        const predicate = compileFilter(f, { codegen });
        return records.map((r) => {
          // A getter that removes itself: the key is gone by the time the record's own keys are checked.
          for (const target of prototypes)
            Object.defineProperty(target, 'technology', {
              get() {
                for (const t of prototypes) delete (t as { technology?: unknown }).technology;
                return 'postgres';
              },
              configurable: true,
            });
          try {
            return predicate(r);
          } finally {
            for (const t of prototypes) delete (t as { technology?: unknown }).technology;
          }
        });
      });
    const missing = filters.map(() => records.map(() => false));
    expect(answers(true)).toEqual(missing);
    expect(answers(false)).toEqual(missing);
    for (const codegen of [false, true]) {
      const predicates = filters.map((f) => compileFilter(f, { codegen }));
      const run = () => predicates.map((p) => records.map((r) => p(r)));
      // Each prototype in turn carries the key as plain data.
      for (const target of prototypes)
        expect(polluted(target, { technology: 'postgres' }, run)).toEqual(missing);
    }
    expect(compileFilter({ technology: { $exists: false } }, { codegen: true })('abc')).toBe(true);
  });

  it('every entry point answers alike with Object.prototype polluted', async () => {
    expect(changed(await pollutedAsync(Object.prototype, OBJECT_POLLUTION, battery))).toEqual([]);
  });

  it('every entry point answers alike with Array.prototype carrying keys', async () => {
    // No index keys: Array.prototype is itself an array, whose length they would change for good.
    const props = { $where: 'x', $or: [{}], isAdmin: true, kind: 'filter', rules: [], conditions: [] };
    expect(changed(await pollutedAsync(Array.prototype, props, battery))).toEqual([]);
  });

  for (const [name, target, props] of METHOD_POLLUTION) {
    it(`every entry point answers alike with ${name} replaced`, async () => {
      // Built-ins are captured by the engine (parsing, compiling, SQL, MongoDB, policies). The validation
      // entry point reads documents through own properties too (see above), but its checks, ajv's
      // generated code and the \`yaml\` parser call built-ins as they find them (see SECURITY.md).
      const answers = await pollutedAsync(target, props, () => battery(false));
      expect(changed(answers).filter((k) => !k.startsWith('validate'))).toEqual([]);
    });
  }
});
