import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { type FixtureDiagnostic, FROM_SRC, typecheck } from '../../support/typecheck.js';

/**
 * The messages the compiler shows for rejected typed filters (test/types/filter.test-d.ts checks which
 * filters are rejected): each names the path and what is wrong with it. The fixtures are compiled in
 * memory with the project's compiler options, as a user's file importing the library would be; the
 * texts are those `tsc` prints, and docs/typed-filters.md quotes them (checked here, with its examples).
 */

// Type checking does not depend on the filter compiler: it runs in one of the two test projects.
const once = process.env.SVC_POLICY_TEST_PROJECT === 'codegen';

const DOCS = readFileSync(resolve(import.meta.dirname, '../../../docs/typed-filters.md'), 'utf8');

const HEADER = `import { type Certificate, type Component, compileFilter, type Filter } from '${FROM_SRC}';\n`;

/** Each fixture is the header and one statement (line 2). */
const FIXTURES = {
  accepted: `compileFilter<Component>({ technology: { $eq: 'postgres' }, 'details$.database$.lastActiveConnectionTime': { $lt: '2026-01-01T00:00:00.000Z' }, 'tags$.team': { $in: ['core', null] } });`,
  unknownOperator: `compileFilter<Component>({ technology: { $eqq: 'postgres' } });`,
  misspeltPath: `compileFilter<Component>({ technolgy: { $eq: 'postgres' } });`,
  misspeltDetail: `compileFilter<Component>({ 'details$.database$.lastActiveConectionTime': { $lt: '2026-01-01' } });`,
  wrongOperand: `compileFilter<Component>({ 'details$.database$.lastActiveConnectionTime': { $lt: 3 } });`,
  wrongTagOperand: `compileFilter<Component>({ 'tags$.team': { $eq: 1 } });`,
  likeOnNumber: `compileFilter<Certificate>({ 'componentIds$.__svcArrayAny__': { $like: '1*' } });`,
  wrongInElement: `compileFilter<Component>({ region: { $in: ['eu-west-1', 5] } });`,
  belowTag: `compileFilter<Component>({ 'tags$.a$.b': { $eq: 'x' } });`,
  elemMatchWithoutSelector: `const f: Filter<Certificate> = { domains: { $elemMatch: {} } };`,
  nowOnString: `compileFilter<Certificate>({ status: { $lt: { $now: 'P30D' } } });`,
  monthDuration: `compileFilter<Certificate>({ expirationDate: { $lt: { $now: 'P1M' } } });`,
} as const;

describe.skipIf(!once)('messages of rejected typed filters', () => {
  let diagnostics: Map<string, FixtureDiagnostic[]>;
  beforeAll(() => {
    diagnostics = typecheck(Object.fromEntries(Object.entries(FIXTURES).map(([k, v]) => [k, HEADER + v])));
  });
  /** The one diagnostic of a fixture, on its statement's line. */
  const message = (name: keyof typeof FIXTURES): string => {
    const found = diagnostics.get(name)!;
    expect(found.map((d) => d.line)).toEqual([2]);
    return found[0]!.message;
  };
  /** A message docs/typed-filters.md quotes: the same text, on a line of its own. */
  const quoted = (name: keyof typeof FIXTURES): string => {
    const text = message(name);
    expect(DOCS.split('\n')).toContain(text);
    return text;
  };

  it('a correct filter has none', () => {
    expect(diagnostics.get('accepted')).toEqual([]);
  });

  it('an unknown operator: names the path and suggests the operator', () => {
    expect(quoted('unknownOperator')).toBe(
      `Object literal may only specify known properties, but '$eqq' does not exist in type 'FieldOperators<"technology", string, never, false>'. Did you mean to write '$eq'?`,
    );
  });

  it('a misspelt path: names it and suggests the field', () => {
    expect(quoted('misspeltPath')).toBe(
      `Object literal may only specify known properties, but 'technolgy' does not exist in type 'TypedFilter<Component>'. Did you mean to write 'technology'?`,
    );
    // Below an open object (details.database), a near miss of a described field.
    expect(quoted('misspeltDetail')).toBe(
      `Object literal may only specify known properties, and '$lt' does not exist in type 'FilterTypeError<"'details$.database$.lastActiveConectionTime' misspells a field: did you mean 'lastActiveConnectionTime'?">'.`,
    );
  });

  it('an operand of the wrong type: names the path and the type expected', () => {
    expect(quoted('wrongOperand')).toBe(
      `Type 'number' is not assignable to type 'string | Instant | FilterTypeError<"'$gt', '$gte', '$lt', '$lte' compare 'details$.database$.lastActiveConnectionTime' with a string"> | undefined'.`,
    );
    // A tag's path is a pattern: the message names the pattern.
    expect(message('wrongTagOperand')).toBe(
      `Type 'number' is not assignable to type 'string | FilterTypeError<\`compare 'tags$.\${string}' with a string or null\`> | null | undefined'.`,
    );
  });

  it('$like on a number: names the path', () => {
    expect(quoted('likeOnNumber')).toBe(
      `Type 'string' is not assignable to type 'FilterTypeError<"'$like' matches strings: 'componentIds$.__svcArrayAny__' is not a string">'.`,
    );
  });

  it('an element of $in of the wrong type: names the path and the type expected', () => {
    expect(quoted('wrongInElement')).toBe(
      `Type 'number' is not assignable to type 'string | FilterTypeError<"compare 'region' with a string or null"> | null'.`,
    );
  });

  it('a path below a tag value, and $elemMatch without a selector', () => {
    expect(message('belowTag')).toContain(
      `FilterTypeError<\`'tags$.\${string}$.\${string}' reads below a string: the values here have no keys, so the path never matches\`>`,
    );
    expect(quoted('elemMatchWithoutSelector')).toBe(
      `Property ''svc-policy filter type error'' is missing in type '{}' but required in type 'FilterTypeError<"'$elemMatch' needs a path that ends at __svcArrayAny__: write 'domains$.__svcArrayAny__'">'.`,
    );
  });

  it('an instant operand on a field that is not a timestamp, and a duration in months', () => {
    expect(message('nowOnString')).toBe(
      `Object literal may only specify known properties, and '$now' does not exist in type 'FilterTypeError<"'$gt', '$gte', '$lt', '$lte' compare 'status' with a string">'.`,
    );
    expect(message('monthDuration')).toContain(
      `Type '"P1M"' is not assignable to type 'Duration | undefined'.`,
    );
  });

  it('the examples of docs/typed-filters.md compile, and their rejected lines are rejected', () => {
    const blocks = [...DOCS.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) =>
      m[1]!.replaceAll(/from 'svc-policy'/g, `from '${FROM_SRC}'`),
    );
    expect(blocks.length).toBeGreaterThanOrEqual(5);
    // Each block is a module of its own; a `@ts-expect-error` line that compiles is itself an error.
    const found = typecheck(Object.fromEntries(blocks.map((b, i) => [`docs-${i}`, b])));
    expect([...found].filter(([, d]) => d.length > 0)).toEqual([]);
  });
});
