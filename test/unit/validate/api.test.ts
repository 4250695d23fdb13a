import { describe, expect, it } from 'vitest';
import { formatGithub } from '../../../src/validate/formats/github.js';
import { type Diagnostic, validatePolicy } from '../../../src/validate.js';
import { UNBOUNDED } from '../../support/limits.js';

/** A component policy whose one non-default status has one rule with the given condition filters. */
const policy = (...filters: object[]) => ({
  name: 'p',
  resource: 'component',
  statusDefinitions: {
    ok: { isDefault: true, criticality: 0 },
    bad: {
      criticality: 10,
      rules: [{ conditions: filters.map((filter) => ({ type: 'filter', condition: { filter } })) }],
    },
  },
});

const codes = (diagnostics: readonly Diagnostic[]) => diagnostics.map((d) => `${d.code} ${d.path}`);
const F = '/statusDefinitions/bad/rules/0/conditions/0/condition/filter';

describe('at most 100 diagnostics per file', () => {
  const fields = (n: number) =>
    Object.fromEntries(Array.from({ length: n }, (_, i) => [`field${i}`, { $eq: 'x' }]));

  it('counts the notice among the 100, and says how many were left out', () => {
    const r = validatePolicy(policy(fields(150)), { limits: UNBOUNDED });
    expect(r.diagnostics).toHaveLength(100);
    expect(r.diagnostics.slice(0, 99).every((d) => d.code === 'UNKNOWN_FIELD')).toBe(true);
    const notice = r.diagnostics[99]!;
    expect(notice.code).toBe('TOO_MANY_DIAGNOSTICS');
    expect(notice.severity).toBe('warning');
    expect(notice.message).toContain('51 more diagnostics (51 errors)');
    expect(r.valid).toBe(false);
  });

  it('reports exactly 100 problems without a notice', () => {
    const r = validatePolicy(policy(fields(100)), { limits: UNBOUNDED });
    expect(r.diagnostics).toHaveLength(100);
    expect(r.diagnostics.some((d) => d.code === 'TOO_MANY_DIAGNOSTICS')).toBe(false);
  });

  it('honours maxDiagnostics, never below one', () => {
    expect(validatePolicy(policy(fields(10)), { maxDiagnostics: 3 }).diagnostics).toHaveLength(3);
    const one = validatePolicy(policy(fields(10)), { maxDiagnostics: 0 }).diagnostics;
    expect(one.map((d) => d.code)).toEqual(['TOO_MANY_DIAGNOSTICS']);
  });

  it('keeps valid false when every error was left out', () => {
    const warnings = Object.fromEntries(Array.from({ length: 5 }, (_, i) => [`tags$.k${i}`, { $in: [] }]));
    // As text, diagnostics are in source order: the warnings come first, the error last.
    const text = JSON.stringify(policy({ ...warnings, nope: { $eq: 'x' } }), null, 2);
    const r = validatePolicy(text, { format: 'json', maxDiagnostics: 2 });
    expect(r.diagnostics.every((d) => d.severity === 'warning')).toBe(true);
    expect(r.valid).toBe(false);
  });
});

describe('every problem of a filter in one pass', () => {
  it('reports each bad clause of a filter that does not parse, and checks the clauses that do', () => {
    const r = validatePolicy(
      policy({
        region: { $regex: 'eu-*' },
        technolgy: { $eq: 'postgres' },
        version: { $in: '1.0' },
        $or: [{ hasAvailableSvcs: { $like: 't*' } }, { type: 'rds' }],
      }),
    );
    // A parsed document has no positions, so the order is the checks' own: compare as sets.
    expect(codes(r.diagnostics).sort()).toEqual(
      [
        `UNKNOWN_OPERATOR ${F}/region/$regex`,
        `UNKNOWN_FIELD ${F}/technolgy`,
        `INVALID_OPERAND ${F}/version/$in`,
        `TYPE_MISMATCH ${F}/$or/0/hasAvailableSvcs/$like`,
        `EXPECTED_OPERATOR_OBJECT ${F}/$or/1/type`,
      ].sort(),
    );
    for (const d of r.diagnostics) expect(d.message).not.toMatch(/ at \/(region|version|\$or)\b/);
  });

  it('an unknown operator is shown at its key', () => {
    const text = JSON.stringify(policy({ region: { $regex: 'x' } }), null, 2);
    const [d] = validatePolicy(text, { format: 'json' }).diagnostics;
    const line = text.split('\n').findIndex((l) => l.includes('"$regex"'));
    expect([d?.code, d?.line, d?.column]).toEqual([
      'UNKNOWN_OPERATOR',
      line + 1,
      text.split('\n')[line]!.indexOf('"$regex"') + 1,
    ]);
  });
});

describe('array fields without a selector', () => {
  const cert = (filter: object) => ({ ...policy(filter), resource: 'certificate' });

  it('presence tests need no selector: $exists and null operands', () => {
    for (const ops of [{ $exists: false }, { $eq: null }, { $ne: null }, { $in: [null] }, { $nin: [null] }]) {
      expect(validatePolicy(cert({ domains: ops })).diagnostics, JSON.stringify(ops)).toEqual([]);
    }
  });

  it('a value compared with the array is an error, null or not beside it', () => {
    for (const ops of [{ $eq: 'a.example' }, { $in: [null, 'a.example'] }, { $ne: 'a.example' }]) {
      const r = validatePolicy(cert({ domains: ops }));
      expect(codes(r.diagnostics), JSON.stringify(ops)).toEqual([`MISSING_ARRAY_SELECTOR ${F}/domains`]);
    }
  });

  it('does not suggest a selector path into elements that have no keys', () => {
    const [d] = validatePolicy(cert({ 'inUseBy$.name': { $eq: 'x' } })).diagnostics;
    expect(d?.code).toBe('MISSING_ARRAY_SELECTOR');
    expect(d?.message).not.toContain('__svcArrayAny__$.name');
  });
});

describe('YAML duplicate keys', () => {
  const text = [
    'name: dup',
    'resource: component',
    'statusDefinitions:',
    '  ok: { isDefault: true, criticality: 0 }',
    '  a/b: { criticality: 1 }',
    '  a/b:',
    '    criticality: 2',
    '    rules:',
    '      - conditions:',
    '          - type: filter',
    '            condition: { filter: { technolgy: { $eq: x } } }',
    '',
  ].join('\n');

  it('names the key and its pointer, at the second occurrence', () => {
    const d = validatePolicy(text, { format: 'yaml' }).diagnostics[0]!;
    expect(d).toMatchObject({ code: 'DUPLICATE_KEY', path: '/statusDefinitions/a~1b', line: 6, column: 3 });
    expect(d.message).toContain('"a/b"');
  });

  it('does not stop the other checks, as in JSON', () => {
    const r = validatePolicy(text, { format: 'yaml' });
    expect(codes(r.diagnostics)).toContain(
      'UNKNOWN_FIELD /statusDefinitions/a~1b/rules/0/conditions/0/condition/filter/technolgy',
    );
  });
});

describe('GitHub annotations', () => {
  it('never print a bidirectional control of a key raw in the title', () => {
    const out = formatGithub([
      {
        file: 'p.json',
        diagnostics: [
          { severity: 'warning', code: 'BIDI_CONTROL', message: 'm', path: '/statusDefinitions/o\u202Ek' },
        ],
      },
    ]);
    expect(out).not.toContain('\u202E');
    expect(out).toContain('title=BIDI_CONTROL at /statusDefinitions/o\\u202Ek::m');
  });
});

describe('JSON syntax errors', () => {
  it('say "unexpected end of the text" where the text stops early', () => {
    for (const [text, expected] of [
      ['{ "name": ', 'expected a JSON value'],
      ['{ "a": 1', 'expected "," or "}"'],
      ['{ "a" ', 'expected ":" after the key'],
    ]) {
      const [diagnostic] = validatePolicy(text!, { format: 'json' }).diagnostics;
      expect(diagnostic?.message).toBe(`invalid JSON: unexpected end of the text, ${expected}`);
    }
  });
});
