import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify as toYaml } from 'yaml';
import { checkPolicyDefinition, compilePolicy } from '../../../src/index.js';
import { validatePolicy } from '../../../src/validate.js';
import { arbFilter } from '../../support/arbitraries.js';
import { check, titled } from '../../support/property.js';

/**
 * `svc-policy validate` runs in pre-commit hooks so that a policy that passes it works at evaluation: every
 * document it accepts (no errors; warnings allowed) must compile, and one the engine refuses must not pass.
 */
const ROOT = 'fixtures/policies';

function policyFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...policyFiles(path));
    else if (/\.(json|ya?ml)$/.test(entry.name) && !entry.name.endsWith('.expected.json')) out.push(path);
  }
  return out.sort();
}

/** The verdicts of the validator and of the engine on one document, as text and as parsed data. */
function verdicts(text: string, fileName: string) {
  const accepted = validatePolicy(text, { fileName }).valid;
  let document: unknown;
  try {
    document = fileName.endsWith('.json') ? JSON.parse(text) : parseYaml(text);
  } catch {
    return { accepted, compiles: false, problems: ['unparsable'] };
  }
  let compiles = true;
  try {
    compilePolicy(document as Parameters<typeof compilePolicy>[0]);
  } catch {
    compiles = false;
  }
  const problems = checkPolicyDefinition(document).problems.map((p) => `${p.code} ${p.path}`);
  return { accepted, compiles, problems };
}

describe('every policy file that validate accepts compiles', () => {
  const files = policyFiles(ROOT);
  it('covers the valid files, the examples and the invalid ones', () => {
    expect(files.filter((f) => f.includes('/valid/')).length).toBeGreaterThanOrEqual(5);
    expect(files.filter((f) => f.includes('/examples/')).length).toBeGreaterThanOrEqual(5);
    expect(files.filter((f) => f.includes('/invalid/')).length).toBeGreaterThan(10);
  });
  for (const file of files) {
    it(relative(ROOT, file), () => {
      const v = verdicts(readFileSync(file, 'utf8'), file);
      if (v.accepted)
        expect(v, 'validate accepts it, so compilePolicy must too').toMatchObject({ compiles: true });
      if (v.compiles) expect(v.problems).toEqual([]);
    });
  }

  it('a "$schema" reference for editors is accepted by all three (validate, checkPolicyDefinition, compilePolicy)', () => {
    const file = join(ROOT, 'valid/certificate-domains.json');
    const document = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    expect(typeof document.$schema).toBe('string');
    expect(verdicts(JSON.stringify(document), 'p.json')).toEqual({
      accepted: true,
      compiles: true,
      problems: [],
    });
    const body = { $schema: document.$schema, policy: { ...document } };
    expect(verdicts(JSON.stringify(body), 'p.json')).toEqual({
      accepted: true,
      compiles: true,
      problems: [],
    });
  });

  it('a "$schema" that is not a string is one error for all three, at /$schema', () => {
    const file = join(ROOT, 'valid/certificate-domains.json');
    const document = { ...(JSON.parse(readFileSync(file, 'utf8')) as object), $schema: 42 };
    const result = validatePolicy(document);
    expect(result.valid).toBe(false);
    expect(result.diagnostics.map((d) => `${d.code} ${d.path}`)).toContain('INVALID_TYPE /$schema');
    expect(verdicts(JSON.stringify(document), 'p.json')).toMatchObject({
      accepted: false,
      compiles: false,
      problems: ['INVALID_TYPE /$schema'],
    });
  });
});

/** Near-valid documents: the keys users add (`$schema`, API record fields, typos), wrapped or not. */
/** Mostly the right value, sometimes a wrong one: both verdicts must be reached often. */
const mostly = <T, U>(good: fc.Arbitrary<T>, bad: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: good, weight: 9 }, { arbitrary: bad, weight: 1 });

const arbStatus = fc.record(
  {
    isDefault: mostly(fc.boolean(), fc.constant('yes')),
    criticality: mostly(fc.constantFrom(0, 10, 20), fc.constant('high')),
    rules: fc.array(
      fc.record({
        conditions: fc.array(
          fc.record({
            type: mostly(fc.constant('filter'), fc.constant('rule')),
            condition: fc.record({ filter: arbFilter }),
          }),
          { minLength: 0, maxLength: 2 },
        ),
      }),
      { maxLength: 2 },
    ),
  },
  { requiredKeys: ['criticality'] },
);

const arbDocument = fc
  .record(
    {
      $schema: mostly(fc.constant('./node_modules/svc-policy/schema/policy.schema.json'), fc.constant(7)),
      id: fc.constantFrom('p-1', 12),
      name: mostly(fc.constant('policy'), fc.constant('')),
      type: fc.constant('governance'),
      isActive: fc.boolean(),
      description: fc.constant('d'),
      query: fc.oneof(
        fc.constant({}),
        arbFilter.map((filter) => ({ filter })),
      ),
      statusDefinitions: fc.dictionary(fc.constantFrom('ok', 'warn', 'bad'), arbStatus, {
        minKeys: 1,
        maxKeys: 3,
      }),
      extra: fc.constant(1),
    },
    // No `resource`: the filters' random paths would be unknown fields of a component (an error of the
    // validator alone, by design), and this property is about the definition, not field tables.
    { requiredKeys: ['name', 'statusDefinitions'] },
  )
  .chain((def) =>
    fc.oneof(
      fc.constant(def as Record<string, unknown>),
      fc.constant({ policy: def } as Record<string, unknown>),
      fc.constant({ $schema: 'policy.schema.json', policy: def } as Record<string, unknown>),
    ),
  );

describe('generated documents', () => {
  it(
    titled('what validate accepts compiles, and what the engine refuses validate reports (JSON and YAML)'),
    () => {
      let accepted = 0;
      let refused = 0;
      check(
        fc.property(arbDocument, fc.boolean(), (document, asYaml) => {
          const text = asYaml ? toYaml(document) : JSON.stringify(document);
          const fileName = asYaml ? 'p.yaml' : 'p.json';
          const v = verdicts(text, fileName);
          if (v.accepted) accepted++;
          else refused++;
          if (v.accepted) expect(v.compiles, JSON.stringify(v.problems)).toBe(true);
          // Each problem of the engine is an error of the validator, with the same code at the same place.
          const errors = validatePolicy(text, { fileName })
            .diagnostics.filter((d) => d.severity === 'error')
            .map((d) => `${d.code} ${d.path}`);
          for (const p of v.problems) expect(errors).toContain(p);
        }),
      );
      // The generator must reach both verdicts, or the property says little.
      expect(accepted).toBeGreaterThan(0);
      expect(refused).toBeGreaterThan(0);
    },
  );
});
