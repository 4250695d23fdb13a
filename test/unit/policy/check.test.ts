import { describe, expect, it } from 'vitest';
import {
  checkPolicyDefinition,
  compilePolicy,
  FilterError,
  PolicyError,
  type PolicyProblem,
} from '../../../src/index.js';
import { cond, policy, rule, status } from './helpers.js';

const ok = { isDefault: true, criticality: 0 };
const bad = { criticality: 20, rules: [rule({ version: { $lt: '14' } })] };

function problems(input: unknown): Array<Pick<PolicyProblem, 'code' | 'path'>> {
  return checkPolicyDefinition(input).problems.map(({ code, path }) => ({ code, path }));
}

describe('checkPolicyDefinition: valid definitions', () => {
  it('normalizes statuses in definition order with their rules and parsed conditions', () => {
    const { problems: found, definition } = checkPolicyDefinition(
      policy({ ok, old: bad }, { query: { filter: { technology: { $eq: 'postgres' } } } }),
    );
    expect(found).toEqual([]);
    expect(definition?.statuses.map((s) => [s.name, s.index, s.criticality, s.isDefault])).toEqual([
      ['ok', 0, 0, true],
      ['old', 1, 20, false],
    ]);
    expect(definition?.defaultStatus.name).toBe('ok');
    expect(definition?.statuses[1]?.rules[0]?.path).toBe('/statusDefinitions/old/rules/0');
    expect(definition?.statuses[1]?.rules[0]?.conditions[0]?.path).toBe(
      '/statusDefinitions/old/rules/0/conditions/0/condition/filter',
    );
    expect(definition?.statuses[1]?.rules[0]?.conditions[0]?.filter.kind).toBe('filter');
    expect(definition?.scope.clauses).toHaveLength(1);
    expect(definition?.scopePath).toBe('/query/filter');
    expect(definition?.isActive).toBe(true);
  });

  it('accepts the { policy } body of POST /policy, with pointers under /policy', () => {
    expect(checkPolicyDefinition({ policy: policy({ ok, old: bad }) }).definition?.base).toBe('/policy');
    expect(problems({ policy: policy({ ok: { criticality: 0 } }) })).toEqual([
      { code: 'MISSING_RULES', path: '/policy/statusDefinitions/ok' },
      { code: 'NO_DEFAULT_STATUS', path: '/policy/statusDefinitions' },
    ]);
  });

  it('treats a missing isActive as active and a missing query or query {} as everything', () => {
    const { isActive: _, ...rest } = policy({ ok }) as Record<string, unknown>;
    expect(checkPolicyDefinition(rest).definition?.isActive).toBe(true);
    expect(checkPolicyDefinition(policy({ ok }, { isActive: false })).definition?.isActive).toBe(false);
    expect(checkPolicyDefinition(policy({ ok }, { query: {} })).definition?.scope.clauses).toEqual([]);
    expect(checkPolicyDefinition(policy({ ok })).definition?.scopePath).toBeNull();
  });

  it('allows rules on the default status, and a default status without rules', () => {
    const withRules = { isDefault: true, criticality: 0, rules: [rule({ a: { $eq: 1 } })] };
    expect(problems(policy({ ok: withRules, old: bad }))).toEqual([]);
    expect(problems(policy({ ok: { isDefault: true, criticality: 0, rules: [] } }))).toEqual([]);
  });

  it('tolerates the read-only fields of a policy record (id, createdAt, updatedAt)', () => {
    expect(problems(policy({ ok }, { id: '7', createdAt: 'x', updatedAt: 'y' }))).toEqual([]);
  });
});

describe('checkPolicyDefinition: every problem, with its pointer', () => {
  it('rejects a definition that is not an object', () => {
    for (const input of [null, 1, 'p', [], undefined]) {
      expect(problems(input)).toEqual([{ code: 'INVALID_TYPE', path: '' }]);
    }
  });

  it('requires name and statusDefinitions', () => {
    expect(problems({})).toEqual([
      { code: 'MISSING_PROPERTY', path: '' },
      { code: 'MISSING_PROPERTY', path: '' },
    ]);
    expect(problems(policy({ ok }, { name: '' }))).toEqual([{ code: 'EMPTY_VALUE', path: '/name' }]);
  });

  it('checks the types of the top-level properties', () => {
    expect(
      problems(
        policy({ ok }, { name: 1, type: 2, isActive: 'yes', resource: [], description: {}, query: [] }),
      ),
    ).toEqual([
      { code: 'INVALID_TYPE', path: '/name' },
      { code: 'INVALID_TYPE', path: '/type' },
      { code: 'INVALID_TYPE', path: '/resource' },
      { code: 'INVALID_TYPE', path: '/description' },
      { code: 'INVALID_TYPE', path: '/isActive' },
      { code: 'INVALID_TYPE', path: '/query' },
    ]);
  });

  it('rejects unknown properties at every level, suggesting near misses', () => {
    const input = policy(
      {
        ok: { isDefault: true, criticality: 0, isdefault: true },
        old: { criticality: 20, rules: [{ conditions: [{ ...cond({ a: { $eq: 1 } }), extra: 1 }], why: 1 }] },
      },
      { statusDefinition: {}, query: { filter: {}, sort: {} } },
    );
    expect(problems(input)).toEqual([
      { code: 'UNKNOWN_PROPERTY', path: '/statusDefinition' },
      { code: 'UNKNOWN_PROPERTY', path: '/query/sort' },
      { code: 'UNKNOWN_PROPERTY', path: '/statusDefinitions/ok/isdefault' },
      { code: 'UNKNOWN_PROPERTY', path: '/statusDefinitions/old/rules/0/why' },
      { code: 'UNKNOWN_PROPERTY', path: '/statusDefinitions/old/rules/0/conditions/0/extra' },
    ]);
    expect(checkPolicyDefinition(input).problems[2]?.message).toContain('did you mean "isDefault"?');
  });

  it('needs exactly one default status', () => {
    expect(problems(policy({ a: bad }))).toEqual([{ code: 'NO_DEFAULT_STATUS', path: '/statusDefinitions' }]);
    expect(problems(policy({ a: ok, b: ok, c: ok }))).toEqual([
      { code: 'MULTIPLE_DEFAULT_STATUSES', path: '/statusDefinitions/b/isDefault' },
      { code: 'MULTIPLE_DEFAULT_STATUSES', path: '/statusDefinitions/c/isDefault' },
    ]);
    expect(problems(policy({}))).toEqual([{ code: 'EMPTY_VALUE', path: '/statusDefinitions' }]);
    expect(problems(policy([] as never))).toEqual([{ code: 'INVALID_TYPE', path: '/statusDefinitions' }]);
  });

  it('needs a finite number as criticality on every status', () => {
    expect(problems(policy({ ok: { isDefault: true } }))).toEqual([
      { code: 'MISSING_PROPERTY', path: '/statusDefinitions/ok' },
    ]);
    expect(problems(policy({ ok: { isDefault: true, criticality: '10' } }))).toEqual([
      { code: 'INVALID_TYPE', path: '/statusDefinitions/ok/criticality' },
    ]);
    for (const criticality of [Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(problems(policy({ ok: { isDefault: true, criticality } }))).toEqual([
        { code: 'INVALID_CRITICALITY', path: '/statusDefinitions/ok/criticality' },
      ]);
    }
    expect(problems(policy({ ok: { isDefault: 'true', criticality: 0 } }))).toEqual([
      { code: 'INVALID_TYPE', path: '/statusDefinitions/ok/isDefault' },
      { code: 'NO_DEFAULT_STATUS', path: '/statusDefinitions' },
    ]);
  });

  it('needs at least one rule on a non-default status and one condition per rule', () => {
    expect(problems(policy({ ok, a: status(10) }))).toEqual([
      { code: 'MISSING_RULES', path: '/statusDefinitions/a' },
    ]);
    expect(problems(policy({ ok, a: status(10, []) }))).toEqual([
      { code: 'MISSING_RULES', path: '/statusDefinitions/a/rules' },
    ]);
    expect(problems(policy({ ok, a: status(10, [{ conditions: [] }]) }))).toEqual([
      { code: 'EMPTY_CONDITIONS', path: '/statusDefinitions/a/rules/0/conditions' },
    ]);
    expect(problems(policy({ ok, a: status(10, [{}]) }))).toEqual([
      { code: 'MISSING_PROPERTY', path: '/statusDefinitions/a/rules/0' },
    ]);
    expect(problems(policy({ ok, a: status(10, [1 as never]) }))).toEqual([
      { code: 'INVALID_TYPE', path: '/statusDefinitions/a/rules/0' },
    ]);
    expect(problems(policy({ ok, a: { criticality: 1, rules: {} } }))).toEqual([
      { code: 'INVALID_TYPE', path: '/statusDefinitions/a/rules' },
    ]);
  });

  it("needs conditions of the form { type: 'filter', condition: { filter } }", () => {
    const at = '/statusDefinitions/a/rules/0/conditions/0';
    const withCondition = (c: unknown) => policy({ ok, a: status(10, [{ conditions: [c] }]) });
    expect(problems(withCondition({ type: 'sql', condition: { filter: {} } }))).toEqual([
      { code: 'INVALID_CONDITION_TYPE', path: `${at}/type` },
    ]);
    expect(problems(withCondition({ condition: { filter: {} } }))).toEqual([
      { code: 'MISSING_PROPERTY', path: at },
    ]);
    expect(problems(withCondition({ type: 'filter' }))).toEqual([{ code: 'MISSING_PROPERTY', path: at }]);
    expect(problems(withCondition({ type: 'filter', condition: {} }))).toEqual([
      { code: 'MISSING_PROPERTY', path: `${at}/condition` },
    ]);
    expect(problems(withCondition({ type: 'filter', condition: 'x' }))).toEqual([
      { code: 'INVALID_TYPE', path: `${at}/condition` },
    ]);
    expect(problems(withCondition({ a: { $eq: 1 } }))).toEqual([
      { code: 'UNKNOWN_PROPERTY', path: `${at}/a` },
      { code: 'MISSING_PROPERTY', path: at },
      { code: 'MISSING_PROPERTY', path: at },
    ]);
  });

  it('reports filter errors with the pointer prefixed by the place of the filter', () => {
    const input = policy(
      {
        ok,
        expired: status(20, [rule({ type: { $eq: 'ssl' } }, { expirationDate: { $lt: 2026, $foo: 1 } })]),
      },
      { query: { filter: { technology: 'postgres' } } },
    );
    const found = checkPolicyDefinition(input).problems;
    expect(found.map(({ code, path }) => ({ code, path }))).toEqual([
      { code: 'EXPECTED_OPERATOR_OBJECT', path: '/query/filter/technology' },
      {
        code: 'UNKNOWN_OPERATOR',
        path: '/statusDefinitions/expired/rules/0/conditions/1/condition/filter/expirationDate/$foo',
      },
    ]);
    expect(found[1]?.message).toContain(
      'at /statusDefinitions/expired/rules/0/conditions/1/condition/filter/expirationDate/$foo',
    );
  });

  it('collects the problems of every status, rule and condition, not just the first', () => {
    const input = policy({
      ok: { isDefault: true, criticality: Number.NaN },
      a: status(10, [rule({ x: { $in: 1 } }), rule({ y: { $like: 2 } })]),
      b: status(Number.POSITIVE_INFINITY),
    });
    expect(problems(input)).toEqual([
      { code: 'INVALID_CRITICALITY', path: '/statusDefinitions/ok/criticality' },
      { code: 'INVALID_OPERAND', path: '/statusDefinitions/a/rules/0/conditions/0/condition/filter/x/$in' },
      { code: 'INVALID_OPERAND', path: '/statusDefinitions/a/rules/1/conditions/0/condition/filter/y/$like' },
      { code: 'INVALID_CRITICALITY', path: '/statusDefinitions/b/criticality' },
      { code: 'MISSING_RULES', path: '/statusDefinitions/b' },
    ]);
  });

  it('escapes status names in pointers (RFC 6901)', () => {
    expect(problems(policy({ ok, 'a/b~c': status(10) }))).toEqual([
      { code: 'MISSING_RULES', path: '/statusDefinitions/a~1b~0c' },
    ]);
  });

  it('never throws on hostile input: a throwing getter becomes a problem', () => {
    const hostile = policy({ ok });
    Object.defineProperty(hostile, 'description', {
      enumerable: true,
      get() {
        throw new Error('boom');
      },
    });
    expect(problems(hostile)).toEqual([{ code: 'INVALID_VALUE', path: '' }]);
  });
});

describe('compilePolicy on an invalid definition', () => {
  it('throws a PolicyError carrying every problem (also a FilterError with code INVALID_POLICY)', () => {
    const input = policy({ a: status(10), b: status(Number.NaN, [rule({ a: 1 as never })]) });
    let caught: unknown;
    try {
      compilePolicy(input);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(PolicyError);
    expect(caught).toBeInstanceOf(FilterError);
    expect(caught).toBeInstanceOf(Error);
    const e = caught as PolicyError;
    expect(e.name).toBe('PolicyError');
    expect(e.code).toBe('INVALID_POLICY');
    expect(e.problems.map((p) => p.code)).toEqual([
      'MISSING_RULES',
      'INVALID_CRITICALITY',
      'EXPECTED_OPERATOR_OBJECT',
      'NO_DEFAULT_STATUS',
    ]);
    expect(e.path).toBe('/statusDefinitions/a');
    expect(e.message).toContain('4 problems');
  });
});
