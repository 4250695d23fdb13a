import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FilterError } from '../../src/index.js';
import { policyToMongo, toMongo, toMongoExpr } from '../../src/mongo.js';
import { check, titled } from '../support/property.js';
import { guardPrototypes } from './support.js';

// Every attack leaves the built-in prototypes as they were (test/hostile/support.ts).
guardPrototypes();

/**
 * The output grammar, walked strictly: every `$`-key must be an allowed operator at an operator
 * position, every operand position holds literals of the expected type, and in aggregation
 * expressions a string starting with `$` outside `$literal` is one of our variables.
 */
const FIELD_OPERATORS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$regex',
  '$not',
  '$type',
  '$elemMatch',
]);
const EXPR_OPERATORS = new Set([
  '$let',
  '$cond',
  '$getField',
  '$literal',
  '$type',
  '$eq',
  '$in',
  '$not',
  '$and',
  '$or',
  '$isNumber',
  '$isArray',
  '$anyElementTrue',
  '$map',
  '$regexMatch',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$switch',
  // The instants of the time comparisons (src/targets/mongo/time.ts).
  '$substrCP',
  '$strLenCP',
  '$concat',
  '$toInt',
  '$toLong',
  '$add',
  '$subtract',
  '$multiply',
  '$divide',
  '$floor',
  '$mod',
]);
const VARIABLE = /^\$\$(CURRENT|v[0-9]+)$/;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return (
    typeof v === 'object' && v !== null && !Array.isArray(v) && Object.getPrototypeOf(v) === Object.prototype
  );
}

function isScalar(v: unknown): boolean {
  return (
    v === null ||
    typeof v === 'string' ||
    typeof v === 'boolean' ||
    (typeof v === 'number' && Number.isFinite(v))
  );
}

function fail(at: string, what: string): never {
  throw new Error(`${what} at ${at}`);
}

/** `inElement`: a document-form `$elemMatch` body, where MongoDB allows no `$expr`. */
function walkQuery(q: unknown, at: string, inElement = false): void {
  if (!isPlainObject(q)) fail(at, 'a query that is not a plain object');
  for (const [key, value] of Object.entries(q)) {
    const here = `${at}/${key}`;
    if (key === '$and' || key === '$or' || key === '$nor') {
      if (!Array.isArray(value) || value.length === 0) fail(here, 'a logical operator without a list');
      for (const [i, v] of value.entries()) walkQuery(v, `${here}/${i}`, inElement);
    } else if (key === '$expr' && !inElement) {
      walkExpr(value, here);
    } else if (key.startsWith('$')) {
      fail(here, `the operator ${key} at a field position`);
    } else {
      if (key.split('.').some((s) => s === '' || s.startsWith('$')))
        fail(here, 'a field path MongoDB reads as something else');
      walkCondition(value, here);
    }
  }
}

function walkCondition(c: unknown, at: string): void {
  if (!isPlainObject(c) || Object.keys(c).length === 0)
    fail(at, 'a field condition that is not an operator object');
  for (const [op, x] of Object.entries(c)) {
    const here = `${at}/${op}`;
    if (!FIELD_OPERATORS.has(op)) fail(here, `the operator ${op}`);
    if (op === '$not') walkCondition(x, here);
    else if (op === '$elemMatch') {
      // Operator form (the element itself) when the first key is an operator, document form (the
      // element's fields) otherwise: MongoDB decides by the first key, so a mix is caught either way.
      if (isPlainObject(x) && Object.keys(x)[0]?.startsWith('$')) walkCondition(x, here);
      else walkQuery(x, here, true);
    } else if (op === '$type') {
      // `['string', 'date']`: the prefilter of a time comparison.
      const types = Array.isArray(x) ? x : [x];
      if (!types.every((t) => ['array', 'object', 'string', 'date'].includes(t))) {
        fail(here, 'an unexpected $type');
      }
    } else if (op === '$in' || op === '$nin') {
      if (!Array.isArray(x) || !x.every(isScalar)) fail(here, 'a list that is not of literals');
    } else if (op === '$regex') {
      if (typeof x !== 'string') fail(here, 'a pattern that is not a string');
    } else if (!isScalar(x)) fail(here, 'an operand that is not a literal');
  }
}

function walkExpr(e: unknown, at: string): void {
  if (typeof e === 'boolean' || e === null || typeof e === 'number') return;
  if (typeof e === 'string') {
    if (e.startsWith('$') && !VARIABLE.test(e)) fail(at, `the field path or variable ${e}`);
    return;
  }
  if (Array.isArray(e)) {
    for (const [i, x] of e.entries()) walkExpr(x, `${at}/${i}`);
    return;
  }
  if (!isPlainObject(e)) fail(at, 'an expression that is not JSON');
  const keys = Object.keys(e);
  if (keys.length !== 1) fail(at, 'an expression object without exactly one operator');
  const op = keys[0]!;
  const arg = e[op];
  if (!EXPR_OPERATORS.has(op)) fail(at, `the expression operator ${op}`);
  if (op === '$literal') return; // a literal: never evaluated, whatever it holds
  if (op === '$let') {
    const { vars, in: body } = arg as { vars: Record<string, unknown>; in: unknown };
    for (const [name, v] of Object.entries(vars)) {
      if (!/^v[0-9]+$/.test(name)) fail(at, `the variable name ${name}`);
      walkExpr(v, `${at}/$let/vars/${name}`);
    }
    walkExpr(body, `${at}/$let/in`);
  } else if (op === '$map') {
    const { input, as, in: body } = arg as { input: unknown; as: string; in: unknown };
    if (!/^v[0-9]+$/.test(as)) fail(at, `the variable name ${as}`);
    walkExpr(input, `${at}/$map/input`);
    walkExpr(body, `${at}/$map/in`);
  } else if (op === '$getField') {
    const { field, input } = arg as { field: unknown; input: unknown };
    if (!isPlainObject(field) || typeof field.$literal !== 'string')
      fail(at, 'a $getField name that is not a $literal');
    walkExpr(input, `${at}/$getField/input`);
  } else if (op === '$regexMatch') {
    const { input, regex } = arg as { input: unknown; regex: unknown };
    if (!isPlainObject(regex) || typeof regex.$literal !== 'string')
      fail(at, 'a pattern that is not a $literal');
    walkExpr(input, `${at}/$regexMatch/input`);
  } else if (op === '$switch') {
    const { branches, default: otherwise } = arg as {
      branches: { case: unknown; then: unknown }[];
      default: unknown;
    };
    branches.forEach((b, i) => {
      walkExpr(b.case, `${at}/$switch/${i}/case`);
      walkExpr(b.then, `${at}/$switch/${i}/then`);
    });
    walkExpr(otherwise, `${at}/$switch/default`);
  } else if (op === '$type') {
    walkExpr(arg, `${at}/$type`);
  } else if (op === '$in' && Array.isArray(arg) && Array.isArray(arg[1])) {
    // `{ $in: [{ $type: v }, ['missing', …]] }`: a constant list of type names.
    walkExpr(arg[0], `${at}/$in/0`);
    if (!arg[1].every((t) => typeof t === 'string' && !t.startsWith('$'))) fail(at, 'a type list');
  } else {
    walkExpr(arg, `${at}/${op}`);
  }
}

const HOSTILE_STRINGS = [
  '$where',
  '$gt',
  '{"$gt": ""}',
  '$$ROOT',
  '$$CURRENT',
  '$a.b',
  '__proto__',
  'constructor',
  'a.b',
  '$',
  '.',
  '..',
  '\0',
  'a\0b',
  'function () { return true }',
  '^.*$',
  '\\',
  '*',
];
const arbHostileString = fc.oneof(
  fc.constantFrom(...HOSTILE_STRINGS),
  fc.string({ unit: fc.constantFrom('$', '.', 'a', '\\', '*', '\0') }),
);
const arbHostileKey = fc.oneof(
  arbHostileString.filter(
    (k) =>
      k !== '' &&
      !k.startsWith('$') &&
      !['__proto__', 'constructor', 'prototype'].includes(k) &&
      !k.split('$.').includes(''),
  ),
  fc.constantFrom(
    'tags$.app.kubernetes.io/name',
    'a$.$b',
    'a$.__svcArrayAny__$.$b',
    'a$.__svcArrayAny__$.b',
    'a$.__svcArrayAny__$.b$.__svcArrayAny__$.c',
    'a$.__svcArrayAny__$.__svcArrayAny__$.c',
    'x$.y.z$.__svcArrayAny__',
    'a$$.b',
  ),
);
const arbHostileValue = fc.oneof(arbHostileString, fc.constant(null), fc.integer(), fc.boolean());
const arbHostileOps = fc.oneof(
  arbHostileValue.map((v) => ({ $eq: v })),
  arbHostileValue.map((v) => ({ $ne: v })),
  arbHostileString.map((v) => ({ $gt: v })),
  fc.array(arbHostileValue, { maxLength: 3 }).map((vs) => ({ $in: vs })),
  fc.array(arbHostileValue, { maxLength: 3 }).map((vs) => ({ $nin: vs })),
  arbHostileString.map((v) => ({ $like: v })),
  fc
    .tuple(fc.constantFrom('$eq', '$ne', '$gt', '$gte', '$lt', '$lte'), fc.constantFrom('P30D', '-PT1.5S'))
    .map(([op, d]) => ({ [op]: { $now: d } })),
  fc.constantFrom('$eq', '$ne', '$lt').map((op) => ({ [op]: { $at: '2026-01-01T00:00:00+02:00' } })),
);
const arbHostileFilter: fc.Arbitrary<Record<string, unknown>> = fc.letrec<{ f: Record<string, unknown> }>(
  (tie) => ({
    f: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.dictionary(arbHostileKey, arbHostileOps, { minKeys: 1, maxKeys: 3 }),
      fc.array(tie('f'), { minLength: 1, maxLength: 2 }).map((fs) => ({ $or: fs })),
      tie('f').map((f) => ({ $not: f })),
    ),
  }),
).f;

describe('injection: hostile keys and values never become operators', () => {
  it(titled('toMongo and toMongoExpr output only allowed operators and literal operands'), () => {
    check(
      fc.property(arbHostileFilter, fc.boolean(), (filter, declare) => {
        const options = declare ? { scalarPaths: () => true } : {};
        walkQuery(toMongo(filter, options), '');
        walkExpr(toMongoExpr(filter), '');
      }),
    );
  });

  it('the grammar walker rejects what must never appear (so its passes mean something)', () => {
    for (const bad of [
      { $where: 'true' },
      { a: { $where: 'true' } },
      { a: { $elemMatch: { b: { $where: 'true' } } } },
      { a: { $elemMatch: { $eq: 1, b: { $eq: 1 } } } },
      { a: { $elemMatch: { b: { $eq: 1 }, $eq: 1 } } },
      { a: { $elemMatch: { $expr: true } } },
      { a: { $eq: { $gt: '' } } },
      { $expr: { $function: { body: 'x', args: [], lang: 'js' } } },
      { $expr: { $eq: ['$a', 1] } },
    ]) {
      expect(() => walkQuery(bad, '')).toThrow();
    }
  });

  it('keeps hostile values literal in the $elemMatch prefilter of keys below a selector', () => {
    for (const value of ['$where', '{"$gt": ""}', '$$ROOT']) {
      const query = toMongo({ 'a$.__svcArrayAny__$.b$.__svcArrayAny__$.c': { $eq: value, $like: value } });
      expect(query.a).toEqual({
        $elemMatch: { b: { $elemMatch: { c: { $eq: value, $regex: expect.any(String) } } } },
      });
      walkQuery(query, '');
    }
  });

  it('keeps operator-looking strings literal', () => {
    expect(toMongo({ a: { $eq: '{"$gt": ""}' } }, { scalarPaths: ['a'] })).toEqual({
      a: { $eq: '{"$gt": ""}' },
    });
    expect(toMongo({ a: { $eq: '$where' } }, { scalarPaths: ['a'] })).toEqual({ a: { $eq: '$where' } });
  });

  it('rejects operators where a path belongs, and forbidden segments', () => {
    for (const key of ['$where', '$function', '$expr', '$accumulator', '$gt']) {
      expect(() => toMongo({ [key]: { $eq: 1 } })).toThrow(FilterError);
    }
    expect(() => toMongo({ 'a$.__proto__': { $eq: 1 } })).toThrow(
      expect.objectContaining({ code: 'FORBIDDEN_PATH_SEGMENT' }),
    );
  });

  it('rejects objects where scalars are expected, through JSON or a hand-built AST', () => {
    expect(() => toMongo({ a: { $eq: { $gt: '' } } })).toThrow(
      expect.objectContaining({ code: 'INVALID_OPERAND' }),
    );
    expect(() => toMongo({ a: { $in: [{ $where: 'x' }] } })).toThrow(FilterError);
    const ast = {
      kind: 'filter',
      clauses: [
        {
          kind: 'field',
          path: [{ kind: 'key', key: 'a' }],
          operators: [{ kind: 'in', values: [{ $gt: '' }] }],
        },
      ],
    };
    expect(() => toMongo(ast)).toThrow(FilterError);
    const badKey = {
      kind: 'filter',
      clauses: [
        { kind: 'field', path: [{ kind: 'key', key: '$where' }], operators: [{ kind: 'eq', value: 1 }] },
      ],
    };
    expect(() => toMongo(badKey)).toThrow(expect.objectContaining({ code: 'UNKNOWN_OPERATOR' }));
  });

  it('never uses $where, $function or $accumulator', () => {
    const text = JSON.stringify([
      toMongo({ 'a$.__svcArrayAny__$.b': { $like: '*$where*' }, 'c.d': { $ne: '$function' } }),
      toMongoExpr({ x: { $eq: '$accumulator' } }),
    ]);
    expect(text).not.toMatch(/"\$(where|function|accumulator)"\s*:/);
  });

  it('keeps hostile status names literal in the status stage', () => {
    const { addStatusStage } = policyToMongo({
      name: 'p',
      statusDefinitions: {
        $where: { isDefault: true, criticality: 0 },
        $$ROOT: {
          criticality: 10,
          rules: [{ conditions: [{ type: 'filter', condition: { filter: { 'a.b': { $eq: '$x' } } } }] }],
        },
      },
    });
    walkExpr(addStatusStage.$addFields.policyStatus, '');
    expect(() =>
      policyToMongo(
        { name: 'p', statusDefinitions: { ok: { isDefault: true, criticality: 0 } } },
        { statusField: '$where' },
      ),
    ).toThrow(expect.objectContaining({ code: 'INVALID_OPTION' }));
  });
});
