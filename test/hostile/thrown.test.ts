import { describe, expect, it } from 'vitest';
import {
  checkPolicyDefinition,
  compileFilter,
  compilePolicy,
  evaluateInventory,
  FilterError,
  type FilterNode,
  parseFilter,
  parseQuery,
  printFilter,
  QueryError,
} from '../../src/index.js';
import { policyToMongo, toMongo, toMongoExpr } from '../../src/mongo.js';
import { policyToSql, statusCountSql, toSql } from '../../src/sql.js';
import { validatePolicy } from '../../src/validate.js';
import { getterThrowing, guardPrototypes, quickly, quicklyAsync, thrownValues } from './support.js';

/**
 * Whatever a getter or a Proxy trap of an input throws — an object without a prototype, a revoked
 * Proxy, an Error whose `message` getter throws, an object whose conversions throw, a Proxy claiming
 * to be a FilterError, a huge string — every entry point ends in its own typed error with a short
 * message, and `checkPolicyDefinition` and `validatePolicy` still return instead of throwing.
 */

guardPrototypes();

/** Longest message any of these refusals may have (the thrown text is cut, see safeMessage). */
const SHORT = 1_000;

const SQL = { dialect: 'sqlite', columns: { a: 'text', x: 'json' } } as const;

/** A Proxy whose `ownKeys` trap (read first by every walk over an object) throws `make()`. */
function trapThrowing(make: () => unknown): object {
  return new Proxy(
    {},
    {
      ownKeys() {
        throw make();
      },
    },
  );
}

/** Filters that throw `make()` when read: at the root, in an operator object, inside `$and`. */
function hostileFilters(make: () => unknown): [string, unknown][] {
  return [
    ['a getter at a path', getterThrowing('a', make)],
    ['a getter for an operand', { a: getterThrowing('$eq', make) }],
    ['a getter inside $and', { $and: [getterThrowing('a', make)] }],
    ['an ownKeys trap', trapThrowing(make)],
  ];
}

/** Hand-built ASTs that throw `make()` when read. */
function hostileAsts(make: () => unknown): [string, unknown][] {
  return [
    ['a clauses getter', getterThrowing('clauses', make, { kind: 'filter' })],
    ['a clause whose kind getter throws', { kind: 'filter', clauses: [getterThrowing('kind', make)] }],
    [
      'an operator whose value getter throws',
      {
        kind: 'filter',
        clauses: [
          {
            kind: 'field',
            path: [{ kind: 'key', key: 'a' }],
            operators: [getterThrowing('value', make, { kind: 'eq' })],
          },
        ],
      },
    ],
  ];
}

const OK = { isDefault: true, criticality: 0 };
const rule = (filter: unknown) => ({ conditions: [{ type: 'filter', condition: { filter } }] });

/** Policies that throw `make()` when read, at every level of a definition. */
function hostilePolicies(make: () => unknown): [string, unknown][] {
  return [
    ['a name getter', getterThrowing('name', make, { statusDefinitions: { ok: OK } })],
    ['a status getter', { name: 'p', statusDefinitions: getterThrowing('bad', make, { ok: OK }) }],
    [
      'a rules getter',
      { name: 'p', statusDefinitions: { ok: OK, bad: getterThrowing('rules', make, { criticality: 1 }) } },
    ],
    [
      'a filter getter',
      {
        name: 'p',
        statusDefinitions: { ok: OK, bad: { criticality: 1, rules: [rule(getterThrowing('a', make))] } },
      },
    ],
    ['a definition whose ownKeys trap throws', trapThrowing(make)],
  ];
}

/** The typed error `fn` threw, checked to be the library's own (not the thrown value passed on) and short. */
function typedError<E extends Error>(
  fn: () => unknown,
  type: new (...args: never[]) => E,
  thrown: unknown,
): E {
  let error: unknown;
  quickly(() => {
    try {
      fn();
    } catch (e) {
      error = e;
    }
  });
  expect(error, 'expected a typed error').toBeDefined();
  // Compared by identity alone: `expect(…).not.toBe` would read the hostile value to describe it.
  expect(error === thrown, 'the thrown value itself was passed on').toBe(false);
  // `instanceof` is safe here: were the error the Proxy, the line above would have failed.
  expect(error, String((error as Error)?.message)).toBeInstanceOf(type);
  const e = error as E;
  expect(e.message.length).toBeLessThan(SHORT);
  expect(e.message).not.toMatch(/TypeError|Cannot convert/);
  return e;
}

describe.each(thrownValues())('a hostile input that throws %s', (_, make) => {
  it('parseFilter, compileFilter (both compilers), toSql, toMongo and toMongoExpr give INVALID_VALUE', () => {
    for (const [where, filter] of hostileFilters(make)) {
      for (const [name, run] of [
        ['parseFilter', () => parseFilter(filter)],
        ['compileFilter', () => compileFilter(filter)],
        ['compileFilter closures', () => compileFilter(filter, { codegen: false })],
        ['toSql', () => toSql(filter, SQL)],
        ['toMongo', () => toMongo(filter)],
        ['toMongoExpr', () => toMongoExpr(filter)],
      ] as const) {
        const e = typedError(run, FilterError, make());
        expect([e.code, name, where]).toEqual(['INVALID_VALUE', name, where]);
      }
    }
  });

  it('a hand-built AST: printFilter and every compiler give INVALID_NODE', () => {
    for (const [where, ast] of hostileAsts(make)) {
      for (const [name, run] of [
        ['printFilter', () => printFilter(ast as FilterNode)],
        ['compileFilter', () => compileFilter(ast as FilterNode)],
        ['toSql', () => toSql(ast, SQL)],
        ['toMongo', () => toMongo(ast)],
        ['toMongoExpr', () => toMongoExpr(ast)],
      ] as const) {
        const e = typedError(run, FilterError, make());
        expect([e.code, name, where]).toEqual(['INVALID_NODE', name, where]);
      }
    }
  });

  it('policies: compilePolicy, policyToSql, statusCountSql and policyToMongo throw a PolicyError', () => {
    for (const [where, policy] of hostilePolicies(make)) {
      for (const [name, run] of [
        ['compilePolicy', () => compilePolicy(policy)],
        ['policyToSql', () => policyToSql(policy, SQL)],
        ['statusCountSql', () => statusCountSql(policy, { ...SQL, table: 't' })],
        ['policyToMongo', () => policyToMongo(policy)],
      ] as const) {
        const e = typedError(run, FilterError, make());
        expect([e.code, name, where]).toEqual(['INVALID_POLICY', name, where]);
      }
    }
  });

  it('evaluateInventory rejects with the PolicyError', async () => {
    for (const [where, policy] of hostilePolicies(make)) {
      const error = await quicklyAsync(() =>
        evaluateInventory([policy], [{ a: 1 }]).then(
          () => undefined,
          (e) => e,
        ),
      );
      expect(error, where).toBeInstanceOf(FilterError);
      expect((error as FilterError).code, where).toBe('INVALID_POLICY');
      expect((error as Error).message.length).toBeLessThan(SHORT);
    }
  });

  it('checkPolicyDefinition and validatePolicy return problems and diagnostics, never throw', () => {
    for (const [where, policy] of hostilePolicies(make)) {
      const { problems, definition } = quickly(() => checkPolicyDefinition(policy));
      expect(definition, where).toBeUndefined();
      expect(problems.length, where).toBeGreaterThan(0);
      for (const p of problems) expect(p.message.length).toBeLessThan(SHORT);
      const result = quickly(() => validatePolicy(policy));
      expect(result.valid, where).toBe(false);
      expect(result.diagnostics.length, where).toBeGreaterThan(0);
      for (const d of result.diagnostics) expect(d.message.length).toBeLessThan(SHORT);
    }
  });

  it('parseQuery throws a QueryError: INVALID_REQUEST for the request, INVALID_FILTER for its filter', () => {
    const e = typedError(() => parseQuery(getterThrowing('filter', make), 'component'), QueryError, make());
    expect(e.problems.map((p) => p.code)).toEqual(['INVALID_REQUEST']);
    const f = typedError(() => parseQuery(trapThrowing(make), 'component'), QueryError, make());
    expect(f.problems.map((p) => p.code)).toEqual(['INVALID_REQUEST']);
    for (const [where, filter] of hostileFilters(make)) {
      const q = typedError(() => parseQuery({ filter }, 'component'), QueryError, make());
      expect(
        q.problems.map((p) => [p.code, p.filterCode]),
        where,
      ).toEqual([['INVALID_FILTER', 'INVALID_VALUE']]);
    }
  });
});
