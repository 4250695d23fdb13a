import { describe, expect, it } from 'vitest';
import { compileFilter, compilePolicy, FilterError, PolicyError, parseFilter } from '../../../src/index.js';
import { type Diagnostic, validatePolicy } from '../../../src/validate.js';
import { UNBOUNDED } from '../../support/limits.js';

/** A policy whose one non-default rule has `filter`. */
function policy(filter: unknown, resource: string | undefined = 'component') {
  return {
    name: 'p',
    ...(resource === undefined ? {} : { resource }),
    statusDefinitions: {
      ok: { isDefault: true, criticality: 0 },
      bad: { criticality: 10, rules: [{ conditions: [{ type: 'filter', condition: { filter } }] }] },
    },
  };
}
const AT = '/statusDefinitions/bad/rules/0/conditions/0/condition/filter';

function diagnostics(filter: unknown, resource?: string): readonly Diagnostic[] {
  return validatePolicy(policy(filter, resource)).diagnostics;
}
const only = (code: string, ds: readonly Diagnostic[]) => ds.filter((d) => d.code === code);

describe('SUSPICIOUS_LIKE_PATTERN: $like written as a regular expression or SQL LIKE', () => {
  it.each([
    ['^prod-.*$', 'prod-*'],
    ['%prod%', '*prod*'],
    ['.*-prod', '*-prod'],
    ['eu-.+', 'eu-*'],
    ['^eu-west', 'eu-west'],
    ['v[0-9]*', undefined],
    ['(eu|us)-*', undefined],
    ['\\d+\\.\\d+', undefined],
  ])('%s is a warning at the operand%s', (pattern, better) => {
    const [d, ...rest] = only('SUSPICIOUS_LIKE_PATTERN', diagnostics({ region: { $like: pattern } }));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'warning', path: `${AT}/region/$like` });
    expect(d!.message).toContain(JSON.stringify(pattern));
    expect(d!.message).toContain('only "*" is a wildcard');
    if (better === undefined) expect(d!.message).not.toContain('did you mean');
    else expect(d!.message).toContain(`did you mean ${JSON.stringify(better)}?`);
  });

  it('says the truth: such a pattern does not match what it was meant to, the rewrite does', () => {
    const meant = { region: 'prod-eu' };
    expect(compileFilter({ region: { $like: '^prod-.*$' } })(meant)).toBe(false);
    expect(compileFilter({ region: { $like: '%prod%' } })(meant)).toBe(false);
    expect(compileFilter({ region: { $like: 'prod-*' } })(meant)).toBe(true);
  });

  it.each(['eu-*', '*prod*', '14.*', '6.2.*', '\\**', 'a_b', 'price \\$', 'x.y'])(
    '%s (a $like pattern as meant) gives no warning',
    (pattern) => {
      expect(only('SUSPICIOUS_LIKE_PATTERN', diagnostics({ region: { $like: pattern } }))).toEqual([]);
    },
  );
});

describe('DOTTED_PATH: keys written with Mongo-style dots', () => {
  it('a dotted key the component does not have: the field error and a warning both suggest "$."', () => {
    const ds = diagnostics({ 'details.postgres.version': { $eq: '15' } });
    const [field] = only('UNKNOWN_FIELD', ds);
    expect(field!.message).toContain('did you mean "details$.postgres$.version"?');
    const [d] = only('DOTTED_PATH', ds);
    expect(d).toMatchObject({ severity: 'warning', path: `${AT}/details.postgres.version` });
    expect(d!.message).toContain('paths join keys with "$."');
    expect(d!.message).toContain('did you mean "details$.postgres$.version"?');
  });

  it('under the open details of a component, and for a resource without a field table', () => {
    const [open] = only(
      'DOTTED_PATH',
      diagnostics({ 'details$.postgres.lastActiveConnectionTime': { $exists: true } }),
    );
    expect(open!.message).toContain('"details$.postgres$.lastActiveConnectionTime"');
    const [unknown] = only('DOTTED_PATH', diagnostics({ 'spec.replicas': { $gt: 1 } }, 'deployment'));
    expect(unknown!.message).toContain('"spec$.replicas"');
  });

  it('says the truth: the dotted key reads nothing, the "$." path reads the value', () => {
    const resource = { details: { postgres: { version: '15' } } };
    expect(compileFilter({ 'details.postgres.version': { $eq: '15' } })(resource)).toBe(false);
    expect(compileFilter({ 'details$.postgres$.version': { $eq: '15' } })(resource)).toBe(true);
  });

  it('leaves tag keys (dots are part of them) and known fields alone', () => {
    for (const filter of [
      { 'tags$.app.kubernetes.io/name': { $eq: 'api' } },
      { 'tags$.team.name': { $eq: 'db' } },
      { 'customTags$.cost.center': { $eq: '42' } },
      { technology: { $eq: 'postgres' } },
      { 'details$.postgres$.version': { $eq: '15' } },
    ]) {
      expect(only('DOTTED_PATH', diagnostics(filter)), JSON.stringify(filter)).toEqual([]);
    }
  });
});

describe('STRING_RANGE_ON_VERSION: range operators on version strings', () => {
  it.each([
    ['version', '$lt', 'component'],
    ['version', '$gte', 'component'],
    ['details$.kubernetes$.nodes$.__svcArrayAny__$.version', '$lt', 'component'],
    ['currentVersion', '$gt', undefined],
    ['desiredVersion', '$lte', undefined],
    ['requiredVersion', '$lt', undefined],
    ['recommendedVersion', '$gte', undefined],
  ])('%s with %s is a warning at the operand', (field, op, resource) => {
    const [d, ...rest] = only(
      'STRING_RANGE_ON_VERSION',
      diagnostics({ [field]: { [op]: '1.29' } }, resource),
    );
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'warning', path: `${AT}/${field}/${op}` });
    expect(d!.message).toContain('"1.9" sorts after "1.29"');
    expect(d!.message).toContain(`"$v${op.slice(1)}"`);
  });

  it('says the truth: as strings, 1.9 is above 1.29', () => {
    expect(compileFilter({ version: { $gt: '1.29' } })({ version: '1.9' })).toBe(true);
  });

  it('leaves other operators and fields alone', () => {
    for (const filter of [
      { version: { $eq: '1.29' } },
      { version: { $in: ['1.28', '1.29'] } },
      { version: { $like: '1.2*' } },
      { createdAt: { $lt: '2026-01-01T00:00:00.000Z' } },
      { 'details$.postgres$.versionCount': { $gt: '1' } },
    ]) {
      expect(only('STRING_RANGE_ON_VERSION', diagnostics(filter)), JSON.stringify(filter)).toEqual([]);
    }
  });
});

describe('LIKE_ON_VERSION: $like on version strings', () => {
  it.each([
    ['version', '14.*', '{ "$vgte": "14", "$vlt": "15" }'],
    ['currentVersion', '1.29.*', '{ "$vgte": "1.29", "$vlt": "1.30" }'],
    ['runtimeVersion', 'v3.12*', '{ "$vgte": "v3.12", "$vlt": "v3.13" }'],
    ['details$.postgres$.engineVersion', '9.*', '{ "$vgte": "9", "$vlt": "10" }'],
    [
      'version',
      '99999999999999999999.*',
      '{ "$vgte": "99999999999999999999", "$vlt": "100000000000000000000" }',
    ],
    ['version', '1.*-rc*', undefined],
  ])('%s with "$like": %s is a warning that gives the range', (field, pattern, range) => {
    const [d, ...rest] = only('LIKE_ON_VERSION', diagnostics({ [field]: { $like: pattern } }));
    expect(rest).toEqual([]);
    expect(d).toMatchObject({ severity: 'warning', path: `${AT}/${field}/$like` });
    expect(d!.message).toContain('misses other spellings of the same versions');
    if (range === undefined) expect(d!.message).toContain('compare versions with "$vgte" and "$vlt"');
    else expect(d!.message).toContain(`to compare versions write ${range}`);
  });

  it('says the truth: "14.*" misses "14", the range it suggests does not', () => {
    expect(compileFilter({ version: { $like: '14.*' } })({ version: '14' })).toBe(false);
    expect(compileFilter({ version: { $vgte: '14', $vlt: '15' } })({ version: '14' })).toBe(true);
    expect(compileFilter({ version: { $vgte: '14', $vlt: '15' } })({ version: '14.9.1' })).toBe(true);
    expect(compileFilter({ version: { $vgte: '14', $vlt: '15' } })({ version: '15' })).toBe(false);
  });

  it('leaves patterns that do not start with a version, tags and other fields alone', () => {
    for (const filter of [
      { version: { $like: '*-rc*' } },
      { version: { $like: 'latest' } },
      { 'tags$.version': { $like: '14.*' } },
      { region: { $like: '1*' } },
    ]) {
      expect(only('LIKE_ON_VERSION', diagnostics(filter)), JSON.stringify(filter)).toEqual([]);
    }
  });
});

describe('operators written without their "$"', () => {
  it('{ dueDate: { gte, lt } } is an unknown operator whose hint names the operator, not a nested field', () => {
    const filter = { expirationDate: { gte: '2026-01-01T00:00:00.000Z', lt: '2026-02-01T00:00:00.000Z' } };
    let error: unknown;
    try {
      parseFilter(filter);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FilterError);
    expect((error as FilterError).code).toBe('UNKNOWN_OPERATOR');
    expect((error as FilterError).message).toContain('operators start with "$": did you mean "$gte"?');
    expect((error as FilterError).message).not.toContain('nested fields');
    const ds = diagnostics(filter, 'certificate').filter((d) => d.code === 'UNKNOWN_OPERATOR');
    // The parser stops at the first bad operator of a clause.
    expect(ds.map((d) => d.path)).toEqual([`${AT}/expirationDate/gte`]);
    expect(ds[0]!.message).toContain('did you mean "$gte"?');
    expect(() => parseFilter({ expirationDate: { $gte: 'x', lt: 'y' } })).toThrow('did you mean "$lt"?');
  });

  it('an upper-case operator without "$" gets the same hint; another key still the nested-field one', () => {
    expect(() => parseFilter({ version: { IN: ['1'] } })).toThrow('did you mean "$in"?');
    expect(() => parseFilter({ details: { postgres: { $eq: 1 } } })).toThrow(
      'nested fields are written "details$.postgres"',
    );
  });
});

describe('messages stay short at any depth; the path field keeps the whole pointer', () => {
  const nest = (depth: number) => {
    let f: unknown = { a: { $eq: 1 } };
    for (let i = 0; i < depth; i++) f = { $and: [f] };
    return f;
  };

  it('MAX_DEPTH_EXCEEDED at depth 1,000 from parseFilter and compilePolicy', () => {
    let error: unknown;
    try {
      parseFilter(nest(1000), { maxDepth: 999, limits: UNBOUNDED });
    } catch (e) {
      error = e;
    }
    const fe = error as FilterError;
    expect(fe.code).toBe('MAX_DEPTH_EXCEEDED');
    expect(fe.path.length).toBeGreaterThan(6000);
    expect(fe.message.length).toBeLessThan(300);
    expect(fe.message).toContain(fe.path.slice(0, 40));
    expect(fe.message).toContain(fe.path.slice(-40));

    try {
      compilePolicy(policy(nest(1000)), { maxDepth: 999, limits: UNBOUNDED });
      error = undefined;
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(PolicyError);
    const pe = error as PolicyError;
    expect(pe.problems[0]!.path.startsWith(AT)).toBe(true);
    expect(pe.problems[0]!.path.length).toBeGreaterThan(6000);
    expect(pe.problems[0]!.message.length).toBeLessThan(300);
    expect(pe.message.length).toBeLessThan(400);
  });

  it('validatePolicy: every message short, every path whole', () => {
    for (const depth of [30, 1000]) {
      // As data (diagnostics with pointers) and as text (with positions as well).
      const asData = validatePolicy(policy(nest(depth))).diagnostics;
      const asText = validatePolicy(JSON.stringify(policy(nest(depth))), {
        fileName: 'deep.json',
      }).diagnostics;
      expect(asData.length).toBeGreaterThan(0);
      expect(asText.length).toBeGreaterThan(0);
      for (const d of [...asData, ...asText]) expect(d.message.length, d.code).toBeLessThan(400);
      expect(Math.max(...asData.map((d) => d.path.length)), `depth ${depth}`).toBeGreaterThan(200);
    }
  });
});
