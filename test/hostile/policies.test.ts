import { describe, expect, it } from 'vitest';
import { checkPolicyDefinition, compilePolicy, evaluateInventory, PolicyError } from '../../src/index.js';
import { policyToMongo } from '../../src/mongo.js';
import { policyToSql } from '../../src/sql.js';
import { validatePolicy } from '../../src/validate.js';
import {
  expectPolicyError,
  guardPrototypes,
  quickly,
  quicklyAsync,
  revokedProxy,
  throwingGetter,
  throwingProxy,
} from './support.js';

/**
 * Attacks on policy definitions, through every entry point that reads one: `compilePolicy`,
 * `checkPolicyDefinition`, `evaluateInventory`, `policyToSql`, `policyToMongo` and `validatePolicy`
 * (as a value, and as JSON or YAML text).
 */

guardPrototypes();

const rule = (filter: unknown) => ({ conditions: [{ type: 'filter', condition: { filter } }] });
const policy = (statusDefinitions: unknown, extra: Record<string, unknown> = {}) => ({
  name: 'p',
  statusDefinitions,
  ...extra,
});
const OK = { isDefault: true, criticality: 0 };

/** Hostile values put where a definition, a status, a rule or a condition belongs. */
function hostileDefinitions(): [string, unknown][] {
  return [
    ['a revoked Proxy as the definition', revokedProxy()],
    ['a Proxy whose traps throw as the definition', throwingProxy()],
    ['a throwing getter for the name', throwingGetter('name', { statusDefinitions: { ok: OK } })],
    ['a throwing getter for statusDefinitions', throwingGetter('statusDefinitions', { name: 'p' })],
    ['a revoked Proxy as a status', policy({ ok: OK, bad: revokedProxy() })],
    ['a throwing getter for rules', policy({ ok: OK, bad: throwingGetter('rules', { criticality: 1 }) })],
    ['a revoked Proxy as a rule', policy({ ok: OK, bad: { criticality: 1, rules: [revokedProxy()] } })],
    [
      'a throwing Proxy as a condition',
      policy({ ok: OK, bad: { criticality: 1, rules: [{ conditions: [throwingProxy()] }] } }),
    ],
    [
      'a revoked Proxy as a filter',
      policy({ ok: OK, bad: { criticality: 1, rules: [rule(revokedProxy())] } }),
    ],
    ['a BigInt criticality', policy({ ok: OK, bad: { criticality: 1n, rules: [rule({ a: { $eq: 1 } })] } })],
    ['a Symbol name', { name: Symbol('p'), statusDefinitions: { ok: OK } }],
    ['a function as query', policy({ ok: OK }, { query: () => ({}) })],
  ];
}

describe('hostile values in a definition', () => {
  it.each(hostileDefinitions())(
    '%s: compilePolicy throws PolicyError, checkPolicyDefinition reports it',
    (_, def) => {
      const e = quickly(() => {
        try {
          compilePolicy(def);
        } catch (error) {
          return error;
        }
        return undefined;
      });
      expect(e, String(e)).toBeInstanceOf(PolicyError);
      const { problems, definition } = quickly(() => checkPolicyDefinition(def));
      expect(definition).toBeUndefined();
      expect(problems.length).toBeGreaterThan(0);
    },
  );

  it.each(hostileDefinitions())('%s: validatePolicy gives diagnostics, never a throw', (_, def) => {
    const result = quickly(() => validatePolicy(def));
    expect(result.valid).toBe(false);
    expect(result.diagnostics.some((d) => d.severity === 'error')).toBe(true);
  });

  it.each(hostileDefinitions())('%s: policyToSql and policyToMongo throw PolicyError', (_, def) => {
    expectPolicyError(() => policyToSql(def, { dialect: 'sqlite', columns: { a: 'text' } }));
    expectPolicyError(() => policyToMongo(def));
  });

  it('a cyclic definition is refused, not followed', () => {
    const def: Record<string, unknown> = { name: 'p', statusDefinitions: { ok: OK } };
    def.query = { filter: { $and: [] as unknown[] } };
    ((def.query as { filter: { $and: unknown[] } }).filter.$and as unknown[]).push(
      (def.query as { filter: unknown }).filter,
    );
    expect(quickly(() => checkPolicyDefinition(def)).problems.map((p) => p.code)).toContain(
      'MAX_DEPTH_EXCEEDED',
    );
    expect(quickly(() => validatePolicy(def)).diagnostics.map((d) => d.code)).toContain('INVALID_DOCUMENT');
  });
});

describe('hostile names and keys', () => {
  it('status names that look like operators, prototypes or SQL stay names', async () => {
    const names = ['__proto__', 'constructor', '$where', "'; DROP TABLE x; --", '\u202Eevil', 'a\nb'];
    const statusDefinitions: Record<string, unknown> = {};
    Object.defineProperty(statusDefinitions, names[0]!, { value: OK, enumerable: true });
    names.slice(1).forEach((name, i) => {
      statusDefinitions[name] = { criticality: i + 1, rules: [rule({ k: { $eq: name } })] };
    });
    const compiled = compilePolicy(policy(statusDefinitions));
    expect(compiled.statuses.map((s) => s.name)).toEqual(names);
    for (const [i, name] of names.slice(1).entries()) {
      expect(compiled.evaluate({ k: name })).toMatchObject({ status: name, criticality: i + 1 });
    }
    expect(compiled.evaluate({}).status).toBe('__proto__');
    const summary = await quicklyAsync(() => evaluateInventory([compiled], [{ k: '$where' }, {}]));
    expect(summary.policies[0]?.statuses.map((s) => [s.status, s.count])).toEqual(
      names.map((n) => [n, n === '$where' || n === '__proto__' ? 1 : 0]),
    );
  });

  it('duplicate keys in JSON and YAML text are reported, not silently resolved', () => {
    const json =
      '{"name": "p", "name": "q", "statusDefinitions": {"ok": {"isDefault": true, "criticality": 0}}}';
    expect(validatePolicy(json, { format: 'json' }).diagnostics.map((d) => d.code)).toContain(
      'DUPLICATE_KEY',
    );
    const yaml = 'name: p\nname: q\nstatusDefinitions:\n  ok: {isDefault: true, criticality: 0}\n';
    expect(validatePolicy(yaml, { format: 'yaml' }).diagnostics.map((d) => d.code)).toContain(
      'DUPLICATE_KEY',
    );
  });

  it('a lone surrogate (JSON escape) in a status name or a value is a typed problem', () => {
    const text =
      '{"name": "p", "statusDefinitions": {"ok": {"isDefault": true, "criticality": 0}, "b": {"criticality": 1, "rules": [{"conditions": [{"type": "filter", "condition": {"filter": {"a": {"$eq": "\\ud800"}}}}]}]}}}';
    const def = JSON.parse(text) as unknown;
    expect(checkPolicyDefinition(def).problems.map((p) => p.code)).toContain('INVALID_VALUE');
    expect(validatePolicy(text).valid).toBe(false);
  });

  it('bidirectional controls in keys are flagged by validation and never printed raw in messages', () => {
    const def = policy({ ok: OK, 'a\u202Eb': { criticality: 1, rules: [rule({ x: { $eq: 1 } })] } });
    const { diagnostics } = validatePolicy(JSON.stringify(def));
    expect(diagnostics.length).toBeGreaterThan(0);
    for (const d of diagnostics) expect(d.message).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
  });
});

describe('YAML alias bombs', () => {
  it('a wide anchor repeated by many aliases is refused before it is expanded', () => {
    // 99 aliases of a 10,000-item anchor: 50 KB of text standing for a million values.
    const anchor = `[${Array.from({ length: 10_000 }, (_, i) => i).join(',')}]`;
    const text = [
      'name: bomb',
      `anchor: &a ${anchor}`,
      ...Array.from({ length: 99 }, (_, i) => `k${i}: *a`),
      'statusDefinitions: {}',
    ].join('\n');
    const result = quickly(() => validatePolicy(text, { format: 'yaml' }));
    expect(result.valid).toBe(false);
    expect(result.diagnostics).toHaveLength(1);
    expect(result.diagnostics[0]).toMatchObject({ code: 'MAX_DOCUMENT_VALUES_EXCEEDED', path: '' });
    expect(result.diagnostics[0]!.message).toContain('aliases expand to more than 16384 values');
    // A wider anchor has more values than the limit as written: refused while it is read.
    const wide = text.replace(anchor, `[${Array.from({ length: 30_000 }, (_, i) => i).join(',')}]`);
    const refused = quickly(() => validatePolicy(wide, { format: 'yaml' }));
    expect(refused.diagnostics.map((d) => [d.code, d.line])).toEqual([['MAX_DOCUMENT_VALUES_EXCEEDED', 2]]);
    expect(refused.diagnostics[0]!.message).toContain('a document of more than 16384 values');
  });

  it('aliases that repeat small parts are read as usual', () => {
    const text = [
      'name: p',
      'statusDefinitions:',
      '  ok: {isDefault: true, criticality: 0}',
      '  a: {criticality: 1, rules: [{conditions: [{type: filter, condition: {filter: &f {technology: {$eq: x}}}}]}]}',
      '  b: {criticality: 2, rules: [{conditions: [{type: filter, condition: {filter: *f}}]}]}',
    ].join('\n');
    const result = validatePolicy(text, { format: 'yaml' });
    expect(result.diagnostics.filter((d) => d.severity === 'error')).toEqual([]);
  });

  it('a billion-laughs shaped document with few nodes answers quickly', () => {
    const lines = ['a0: &a0 [x, x, x, x, x]'];
    for (let i = 1; i <= 5; i++)
      lines.push(`a${i}: &a${i} [*a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}, *a${i - 1}]`);
    lines.push(
      'name: bomb',
      'statusDefinitions:',
      '  ok: {isDefault: true, criticality: 0}',
      'query: {filter: {a: {$in: *a5}}}',
    );
    const result = quickly(() => validatePolicy(lines.join('\n'), { format: 'yaml' }));
    expect(result.valid).toBe(false);
    expect(result.diagnostics.length).toBeGreaterThan(0);
  });
});

describe('explanations of hostile records', () => {
  it('a record holding an array nested 5,000 deep explains without recursion, and serializes', () => {
    let deep: unknown = 1;
    for (let i = 0; i < 5_000; i++) deep = [deep];
    const compiled = compilePolicy(
      policy({ ok: OK, bad: { criticality: 1, rules: [rule({ a: { $eq: 1 } })] } }),
    );
    const explanation = quickly(() => compiled.explain({ a: deep }));
    expect(explanation.result.status).toBe('ok');
    const text = quickly(() => JSON.stringify(explanation));
    expect(text).toContain('[nested too deep]');
    // Shallow values are shown whole.
    expect(JSON.stringify(compiled.explain({ a: [[1, [2]]] }))).toContain('"value":[[1,[2]]]');
  });

  it('a cyclic record explains with a bounded copy of what it read', () => {
    const cyclic: Record<string, unknown> = { b: 1 };
    cyclic.self = cyclic;
    cyclic.also = cyclic;
    const compiled = compilePolicy(
      policy({ ok: OK, bad: { criticality: 1, rules: [rule({ self: { $exists: true } })] } }),
    );
    const explanation = quickly(() => compiled.explain(cyclic));
    expect(explanation.result.status).toBe('bad');
    expect(quickly(() => JSON.stringify(explanation)).length).toBeLessThan(50_000_000);
  });
});
