import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compileFilter, parseFilter } from '../../../src/index.js';
import { fieldDomain, isEmpty, isSubset } from '../../../src/validate/domain.js';
import { parseJsonSource } from '../../../src/validate/source/json.js';
import { type Diagnostic, validatePolicy } from '../../../src/validate.js';
import { check, SEED } from '../../support/property.js';

// Values around the operands below: equal, between, beyond, other types, missing.
const POOL: unknown[] = [
  undefined,
  null,
  0,
  1,
  2,
  5,
  10,
  11,
  -1,
  1.5,
  Number.NaN,
  true,
  false,
  '',
  'a',
  'b',
  'ab',
  'b0',
  'eu-west-1',
  'eu-',
  'us-east-1',
  '10',
  '5',
  '2',
  [],
  ['a'],
  {},
  { a: 1 },
  // Timestamps around the instant operands below, in several spellings, and a Date.
  '2026-01-01T00:00:00.000Z',
  '2026-01-01T02:00:00+02:00',
  '2026-01-01T00:00:00.001Z',
  '2025-12-31T23:59:59.999Z',
  '2026-01-31T00:00:00Z',
  '2026-03-01T00:00:00Z',
  '2026-01-01',
  new Date('2026-01-01T00:00:00.000Z'),
];
// The runs a filter is evaluated at: reasoning about `$now` must hold at every asOf.
const AS_OF = [
  '2026-01-01T00:00:00Z',
  '2025-12-02T00:00:00Z',
  '2026-01-31T00:00:00Z',
  '2026-03-01T00:00:00.001Z',
];
const instant = fc.oneof(
  fc.record({ $now: fc.constantFrom('PT0S', 'P30D', '-P30D', 'PT0.001S', '-PT0.001S', 'P59D') }),
  fc.record({
    $at: fc.constantFrom('2026-01-01T00:00:00Z', '2026-01-01T00:00:00.001Z', '2026-01-31T00:00:00Z'),
  }),
);
const scalar = fc.constantFrom<string | number | boolean | null>(
  null,
  0,
  1,
  2,
  5,
  10,
  true,
  false,
  '',
  'a',
  'ab',
  'b',
  'eu-west-1',
  '5',
);
const ordered = fc.constantFrom<string | number>(0, 1, 2, 5, 10, 'a', 'ab', 'b', '10', '5');
const operator = fc.oneof(
  fc.record({ $eq: scalar }),
  fc.record({ $ne: scalar }),
  fc.record({ $gt: ordered }),
  fc.record({ $gte: ordered }),
  fc.record({ $lt: ordered }),
  fc.record({ $lte: ordered }),
  fc.record({ $in: fc.array(scalar, { maxLength: 3 }) }),
  fc.record({ $nin: fc.array(scalar, { maxLength: 3 }) }),
  fc.record({ $like: fc.constantFrom('a*', '*b', 'eu-*', 'a', '*', 'ab') }),
  fc.record({ $exists: fc.boolean() }),
  fc.record({ $eq: instant }),
  fc.record({ $ne: instant }),
  fc.record({ $gt: instant }),
  fc.record({ $gte: instant }),
  fc.record({ $lt: instant }),
  fc.record({ $lte: instant }),
  fc.record({ $lt: fc.constantFrom('2026-01-01T00:00:00.000Z', '2026-02') }),
  fc.record({ $in: fc.constant(['2026-01-01T00:00:00.000Z', '2026-01-01T02:00:00+02:00']) }),
);
const operators = fc
  .array(operator, { minLength: 1, maxLength: 3 })
  .map((ops) => Object.assign({}, ...ops) as object);

const domainOf = (ops: object) => {
  const clause = parseFilter({ a: ops }).clauses[0]!;
  if (clause.kind !== 'field') throw new Error('expected a field');
  return fieldDomain(clause.operators);
};
/** Whether each value of the pool matches, at each asOf in turn. */
const matches = (ops: object) =>
  AS_OF.flatMap((asOf) => {
    const predicate = compileFilter({ a: ops }, { asOf });
    return POOL.map((v) => predicate(v === undefined ? {} : { a: v }));
  });

describe(`contradiction reasoning is sound (FC_SEED=${SEED})`, () => {
  it('a field called impossible matches no value', () => {
    check(
      fc.property(operators, (ops) => {
        if (isEmpty(domainOf(ops))) expect(matches(ops)).not.toContain(true);
      }),
    );
  });

  it('a field called a subset of another matches only values the other matches', () => {
    check(
      fc.property(operators, operators, (a, b) => {
        if (!isSubset(domainOf(a), domainOf(b))) return;
        const ma = matches(a);
        const mb = matches(b);
        ma.forEach((m, i) => {
          if (m) expect(mb[i], `value ${String(POOL[i % POOL.length])}`).toBe(true);
        });
      }),
    );
  });

  it('finds the contradictions it is meant to find', () => {
    for (const ops of [
      { $gte: 10, $lt: 5 },
      { $in: [] },
      { $exists: false, $gt: 1 },
      { $eq: 'a', $like: 'b*' },
      { $gt: 1, $lt: 'z' },
    ]) {
      expect(isEmpty(domainOf(ops)), JSON.stringify(ops)).toBe(true);
    }
    for (const ops of [{ $gte: 5, $lt: 10 }, { $nin: [] }, { $ne: null }, { $like: 'a*', $gt: 'b' }]) {
      expect(isEmpty(domainOf(ops)), JSON.stringify(ops)).toBe(false);
    }
  });
});

describe(`hostile documents never throw (FC_SEED=${SEED})`, () => {
  const ok = (r: { valid: boolean; diagnostics: readonly Diagnostic[] }) => {
    expect(typeof r.valid).toBe('boolean');
    expect(r.diagnostics.length).toBeLessThanOrEqual(100);
  };
  it('any JSON value, any text', () => {
    check(fc.property(fc.jsonValue(), (v) => ok(validatePolicy(v))));
    check(fc.property(fc.string({ unit: 'binary' }), (t) => ok(validatePolicy(t, { format: 'yaml' }))));
    check(fc.property(fc.string({ unit: 'binary' }), (t) => ok(validatePolicy(t, { format: 'json' }))));
  });

  it('cycles, deep nesting and non-JSON values', () => {
    const cyclic: Record<string, unknown> = { name: 'p' };
    cyclic.statusDefinitions = cyclic;
    expect(validatePolicy(cyclic).diagnostics[0]?.code).toBe('INVALID_DOCUMENT');
    expect(validatePolicy({ name: () => 1 }).diagnostics[0]?.code).toBe('INVALID_DOCUMENT');
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(validatePolicy(deep, { format: 'json' }).diagnostics[0]?.code).toBe('TOO_DEEP');
    expect(validatePolicy(deep, { format: 'yaml' }).valid).toBe(false);
    const laughs = `a: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a]\nc: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b]\nd: [*c, *c, *c, *c, *c, *c, *c, *c, *c]\n`;
    expect(validatePolicy(laughs, { format: 'yaml' }).valid).toBe(false);
  });
});

describe(`the JSON reader (FC_SEED=${SEED})`, () => {
  it('reads what JSON.parse reads and rejects what it rejects', () => {
    check(
      fc.property(fc.json(), (text) => {
        const r = parseJsonSource(text);
        expect(r.problems).toEqual([]);
        expect(r.value).toEqual(JSON.parse(text));
      }),
    );
    check(
      fc.property(fc.string(), (text) => {
        let parsed = true;
        try {
          JSON.parse(text);
        } catch {
          parsed = false;
        }
        // JSON.parse accepts a leading BOM-less text only; the reader is given text without BOM.
        expect(parseJsonSource(text).problems.length === 0, JSON.stringify(text)).toBe(parsed);
      }),
    );
  });

  it('keeps __proto__ as an ordinary key', () => {
    const r = parseJsonSource('{"__proto__": {"x": 1}}');
    expect(Object.hasOwn(r.value as object, '__proto__')).toBe(true);
    expect(({} as { x?: unknown }).x).toBeUndefined();
  });
});

describe('rule numbers in warnings are 1-based, as every ordinal shown to a person', () => {
  const rule = (filter: Record<string, unknown>) => ({
    conditions: [{ type: 'filter', condition: { filter } }],
  });
  it('SHADOWED_RULE and IMPOSSIBLE_CONDITION name "rule N" counting from 1', () => {
    const policy = {
      name: 'p',
      query: { filter: { region: { $eq: 'eu' } } },
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        high: { criticality: 20, rules: [rule({ technology: { $eq: 'x' } })] },
        low: {
          criticality: 10,
          rules: [rule({ technology: { $eq: 'y' } }), rule({ technology: { $eq: 'x' } })],
        },
        never: {
          criticality: 5,
          rules: [rule({ technology: { $eq: 'z' } }), rule({ region: { $eq: 'us' } })],
        },
      },
    };
    const messages = validatePolicy(JSON.stringify(policy)).diagnostics.map((d) => `${d.code}: ${d.message}`);
    expect(messages).toContainEqual(
      expect.stringMatching(
        /^SHADOWED_RULE: rule 2 of "low" can never decide: whenever it holds, rule 1 of "high"/,
      ),
    );
    expect(messages).toContainEqual(
      expect.stringMatching(/^IMPOSSIBLE_CONDITION: .*: rule 2 of "never" never holds/),
    );
  });
});
