import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  compileFilter,
  compilePolicy,
  type FieldExplanation,
  FilterError,
  type FilterNode,
  parseFilter,
  printFilter,
} from '../../../src/index.js';
import { toMongo } from '../../../src/mongo.js';
import { toSql } from '../../../src/sql.js';
import { validatePolicy } from '../../../src/validate.js';
import { UNBOUNDED } from '../../support/limits.js';

const NODES = 'details$.kubernetes$.nodes$.__svcArrayAny__';
const sameNode = { [NODES]: { $elemMatch: { version: { $eq: '1.27' }, status: { $eq: 'DEGRADED' } } } };
const cluster = (...nodes: unknown[]) => ({ details: { kubernetes: { nodes } } });

function errorOf(input: unknown, options?: { maxDepth?: number }): FilterError {
  try {
    parseFilter(input, options);
  } catch (error) {
    if (error instanceof FilterError) return error;
    throw error;
  }
  throw new Error(`expected a FilterError for ${JSON.stringify(input)}`);
}

describe('$elemMatch: parsing and printing', () => {
  it('parses into an operator holding the inner filter, and prints back unchanged', () => {
    const node = parseFilter(sameNode);
    const field = node.clauses[0]!;
    expect(field.kind).toBe('field');
    if (field.kind !== 'field') return;
    expect(field.path.at(-1)).toEqual({ kind: 'any' });
    expect(field.operators).toEqual([{ kind: 'elemMatch', filter: parseFilter(sameNode[NODES].$elemMatch) }]);
    expect(printFilter(node)).toEqual(sameNode);
    expect(parseFilter(printFilter(node))).toEqual(node);
  });

  it('refuses a path that does not end at a selector, saying how to write it', () => {
    const e = errorOf({ 'details$.kubernetes$.nodes': { $elemMatch: { version: { $eq: '1.27' } } } });
    expect(e.code).toBe('INVALID_PATH');
    expect(e.path).toBe('/details$.kubernetes$.nodes/$elemMatch');
    expect(e.message).toContain('"$elemMatch"');
    expect(e.message).toContain('write "details$.kubernetes$.nodes$.__svcArrayAny__"');
    // A selector in the middle is not enough: the path must end at one.
    expect(errorOf({ 'a$.__svcArrayAny__$.b': { $elemMatch: {} } }).code).toBe('INVALID_PATH');
  });

  it('refuses an operand that is not a filter, and errors inside it point into it', () => {
    const notObject = errorOf({ 'a$.__svcArrayAny__': { $elemMatch: [] } });
    expect(notObject.code).toBe('INVALID_FILTER');
    expect(notObject.path).toBe('/a$.__svcArrayAny__/$elemMatch');
    expect(notObject.message).toContain('"$elemMatch" expects a filter object');
    const inner = errorOf({ 'a$.__svcArrayAny__': { $elemMatch: { b: { $in: 'x' } } } });
    expect(inner.code).toBe('INVALID_OPERAND');
    expect(inner.path).toBe('/a$.__svcArrayAny__/$elemMatch/b/$in');
    expect(errorOf({ $elemMatch: {} }).code).toBe('UNKNOWN_OPERATOR');
  });

  it('counts its operand as one nesting level for maxDepth', () => {
    let filter: Record<string, unknown> = {};
    for (let i = 0; i < 5; i++) filter = { 'a$.__svcArrayAny__': { $elemMatch: filter } };
    expect(() => parseFilter(filter, { maxDepth: 6 })).not.toThrow();
    expect(errorOf(filter, { maxDepth: 5 }).code).toBe('MAX_DEPTH_EXCEEDED');
  });

  it('checks a hand-built AST like JSON: $elemMatch below a non-selector path is refused', () => {
    const inner: FilterNode = { kind: 'filter', clauses: [] };
    const node: FilterNode = {
      kind: 'filter',
      clauses: [
        {
          kind: 'field',
          path: [{ kind: 'key', key: 'a' }],
          operators: [{ kind: 'elemMatch', filter: inner }],
        },
      ],
    };
    expect(() => compileFilter(node)).toThrow(FilterError);
    const ok: FilterNode = {
      kind: 'filter',
      clauses: [
        {
          kind: 'field',
          path: [{ kind: 'key', key: 'a' }, { kind: 'any' }],
          operators: [{ kind: 'elemMatch', filter: inner }],
        },
      ],
    };
    expect(compileFilter(ok)({ a: [1] })).toBe(true);
    expect(() =>
      compileFilter({
        kind: 'filter',
        clauses: [{ ...ok.clauses[0]!, operators: [{ kind: 'elemMatch' }] }],
      } as never),
    ).toThrow(FilterError);
  });
});

describe('$elemMatch: meaning', () => {
  const separate = {
    [`${NODES}$.version`]: { $eq: '1.27' },
    [`${NODES}$.status`]: { $eq: 'DEGRADED' },
  };
  const split = cluster({ version: '1.27', status: 'READY' }, { version: '1.28', status: 'DEGRADED' });
  const both = cluster({ version: '1.28', status: 'READY' }, { version: '1.27', status: 'DEGRADED' });

  it.each([false, true])(
    'needs one element with both conditions, where separate keys do not (codegen %s)',
    (codegen) => {
      expect(compileFilter(separate, { codegen })(split)).toBe(true);
      expect(compileFilter(sameNode, { codegen })(split)).toBe(false);
      expect(compileFilter(sameNode, { codegen })(both)).toBe(true);
    },
  );

  it.each([false, true])('an element that is not an object satisfies only {} (codegen %s)', (codegen) => {
    const absent = compileFilter(
      { 'arr$.__svcArrayAny__': { $elemMatch: { a: { $exists: false } } } },
      { codegen },
    );
    const empty = compileFilter({ 'arr$.__svcArrayAny__': { $elemMatch: {} } }, { codegen });
    for (const element of [5, 'x', true, null, [], new Date('2026-01-01T00:00:00.000Z')]) {
      expect(absent({ arr: [element] }), String(element)).toBe(false);
      expect(empty({ arr: [element] }), String(element)).toBe(true);
    }
    expect(absent({ arr: [{}] })).toBe(true);
    expect(empty({ arr: [] })).toBe(false);
  });
});

describe('$elemMatch: SQL', () => {
  it.each(['postgres', 'sqlite'] as const)(
    'is one EXISTS over the elements, every condition on one (%s)',
    (dialect) => {
      const { sql, params } = toSql(sameNode, { dialect, columns: { details: 'jsonb' } });
      expect(sql.match(/EXISTS \(SELECT 1 FROM/g)).toHaveLength(1);
      expect(sql).toContain("'object'");
      // Values travel as parameters only.
      expect(sql).not.toContain('DEGRADED');
      expect(params).toEqual(expect.arrayContaining(['1.27', 'DEGRADED']));
    },
  );

  it('refuses $elemMatch below a typed column, as any nested path', () => {
    expect(() =>
      toSql({ 'a$.__svcArrayAny__': { $elemMatch: {} } }, { dialect: 'sqlite', columns: { a: 'text' } }),
    ).toThrow(expect.objectContaining({ code: 'UNKNOWN_FIELD' }));
  });
});

describe('$elemMatch: MongoDB', () => {
  it('has a native $elemMatch prefilter with the implied conditions, and an exact $expr', () => {
    const q = toMongo(sameNode);
    expect(q['details.kubernetes.nodes']).toEqual({
      $elemMatch: { version: { $eq: '1.27' }, status: { $eq: 'DEGRADED' } },
    });
    expect(q).toHaveProperty('$expr');
  });

  it('keeps negative conditions and $or out of the prefilter (they cannot be implied)', () => {
    const q = toMongo({
      'arr$.__svcArrayAny__': { $elemMatch: { a: { $ne: 1 }, $or: [{ b: { $eq: 1 } }, { c: { $eq: 1 } }] } },
    });
    expect(Object.keys(q)).toEqual(['$expr']);
  });

  it('counts the enclosing path in the path-length limit', () => {
    const deep = Array.from({ length: 60 }, (_, i) => `k${i}`).join('$.');
    const f = { [`${deep}$.__svcArrayAny__`]: { $elemMatch: { [deep]: { $eq: 1 } } } };
    expect(() => toMongo(f, { limits: UNBOUNDED })).toThrow(expect.objectContaining({ code: 'UNSUPPORTED' }));
  });
});

describe('$elemMatch: explain', () => {
  it('names the element that matched and explains the inner filter on every object element', () => {
    const p = compilePolicy({
      name: 'p',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        hit: {
          criticality: 1,
          rules: [{ conditions: [{ type: 'filter', condition: { filter: sameNode } }] }],
        },
      },
    });
    const e = p.explain(
      cluster('not a node', { version: '1.27', status: 'READY' }, { version: '1.27', status: 'DEGRADED' }),
    );
    expect(e.result.status).toBe('hit');
    const field = e.statuses[1]!.rules[0]!.conditions[0]!.clauses[0] as FieldExplanation;
    expect(field.matched?.elements).toEqual([2]);
    expect(field.matched?.at).toBe('/details/kubernetes/nodes/2');
    expect(field.values.map((v) => v.held)).toEqual([false, false, true]);
    expect(field.values[0]!.elemMatch).toBeUndefined();
    const second = field.values[1]!.elemMatch!;
    expect(second.held).toBe(false);
    const status = second.clauses[1] as FieldExplanation;
    expect(status.path).toBe('status');
    expect(status.held).toBe(false);
    expect(status.values[0]).toMatchObject({
      value: 'READY',
      at: '/details/kubernetes/nodes/1/status',
      elements: [1],
    });
  });
});

describe('$elemMatch: validation', () => {
  const k8sSchema = JSON.parse(
    readFileSync(join(import.meta.dirname, '..', 'validate', 'k8s-node-schema.json'), 'utf8'),
  );
  const policy = (filter: object, resource = 'component') => ({
    name: 'p',
    resource,
    statusDefinitions: {
      ok: { isDefault: true, criticality: 0 },
      bad: { criticality: 10, rules: [{ conditions: [{ type: 'filter', condition: { filter } }] }] },
    },
  });
  const F = '/statusDefinitions/bad/rules/0/conditions/0/condition/filter';

  it('checks the fields inside against the element type', () => {
    const r = validatePolicy(
      policy({ [NODES]: { $elemMatch: { versoin: { $eq: '1.27' }, status: { $eq: 'BROKEN' } } } }),
      { k8sSchema },
    );
    const at = `${F}/${NODES.replace(/~/g, '~0').replace(/\//g, '~1')}/$elemMatch`;
    expect(r.diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual([
      `K8S_UNKNOWN_FIELD ${at}/versoin`,
      `K8S_UNKNOWN_VALUE ${at}/status/$eq`,
    ]);
    expect(r.diagnostics[0]!.message).toContain('did you mean');
  });

  it('checks operand types inside, and $elemMatch on elements that are never objects', () => {
    const cert = validatePolicy(
      policy({ 'domains$.__svcArrayAny__': { $elemMatch: { name: { $eq: 'x' } } } }, 'certificate'),
    );
    expect(cert.diagnostics.map((d) => d.code)).toContain('TYPE_MISMATCH');
    const empty = validatePolicy(policy({ 'domains$.__svcArrayAny__': { $elemMatch: {} } }, 'certificate'));
    expect(empty.diagnostics).toEqual([]);
    const inner = validatePolicy(policy({ [NODES]: { $elemMatch: { version: { $gt: 5 } } } }), { k8sSchema });
    expect(inner.diagnostics.map((d) => d.code)).toEqual(['TYPE_MISMATCH']);
  });

  it('reports every bad clause inside an $elemMatch that does not parse', () => {
    const r = validatePolicy(
      policy({ [NODES]: { $elemMatch: { version: { $eq: [] }, statsu: { $eq: 'ACTIVE' } } } }),
      { k8sSchema },
    );
    expect(r.diagnostics.map((d) => d.code).sort()).toEqual(['INVALID_OPERAND', 'K8S_UNKNOWN_FIELD']);
  });

  it('does not take an $elemMatch for implied by one with other conditions (no false shadowing)', () => {
    const rule = (filter: object) => ({ conditions: [{ type: 'filter', condition: { filter } }] });
    const r = validatePolicy({
      name: 'p',
      resource: 'component',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        first: {
          criticality: 20,
          rules: [rule({ [NODES]: { $elemMatch: { status: { $eq: 'DEGRADED' } } } })],
        },
        second: { criticality: 10, rules: [rule({ [NODES]: { $elemMatch: { version: { $eq: '1.27' } } } })] },
        third: {
          criticality: 5,
          rules: [rule({ [NODES]: { $elemMatch: { version: { $eq: '1.27' } } }, region: { $eq: 'x' } })],
        },
      },
    });
    expect(r.diagnostics.map((d) => `${d.code} ${d.path}`)).toEqual([
      'SHADOWED_RULE /statusDefinitions/third/rules/0',
    ]);
  });
});
