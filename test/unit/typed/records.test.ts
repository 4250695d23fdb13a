import { beforeAll, describe, expect, it } from 'vitest';
import { RESOURCES, type ResourceName } from '../../../src/index.js';
import { recordType } from '../../../src/resources/schema.js';
import { validatePolicy } from '../../../src/validate.js';
import { type FixtureDiagnostic, FROM_SRC, typecheck } from '../../support/typecheck.js';

/**
 * A typed filter names a top-level field exactly when validation knows it: for every resource, every
 * field of its description and near misses of each (which neither may accept), the compiler's verdict
 * on `compileFilter<Record>({ [name]: { $exists: true } })` equals `validatePolicy`'s on the same
 * filter in a policy of that resource. test/types/records.test-d.ts checks the record types against the
 * descriptions at the type level.
 */

// Type checking does not depend on the filter compiler: it runs in one of the two test projects.
const once = process.env.SVC_POLICY_TEST_PROJECT === 'codegen';

const RECORD_TYPES: Readonly<Record<ResourceName, string>> = {
  component: 'Component',
  certificate: 'Certificate',
  policy: 'PolicyRecord',
  upgradePlan: 'UpgradePlanItem',
};
const NAMES = Object.keys(RECORD_TYPES) as ResourceName[];

/** The description's fields, and names close to them that are not fields. */
function candidates(resource: ResourceName): string[] {
  const fields = Object.keys(RESOURCES[resource].fields);
  const near = fields.flatMap((f) => [`${f}s`, f.slice(0, -1), f.toUpperCase(), `${f}_`]);
  const other = ['statusDefinitions', 'tags', 'details', 'name', 'status', 'Id', ''];
  return [...new Set([...fields, ...near, ...other])];
}

/** Whether validation accepts the field (no error) in the scope filter of a policy of the resource. */
function validationKnows(resource: ResourceName, field: string): boolean {
  const result = validatePolicy({
    name: 'p',
    resource,
    query: { filter: { [field]: { $exists: true } } },
    statusDefinitions: { ok: { isDefault: true, criticality: 0 } },
  });
  return result.diagnostics.every((d) => d.severity !== 'error');
}

describe.skipIf(!once)('typed filters and validation agree on top-level fields', () => {
  let diagnostics: Map<string, FixtureDiagnostic[]>;
  beforeAll(() => {
    const sources: Record<string, string> = {};
    for (const resource of NAMES) {
      const type = RECORD_TYPES[resource];
      const lines = candidates(resource).map(
        (field) => `compileFilter<${type}>({ ${JSON.stringify(field)}: { $exists: true } });`,
      );
      // Line 1 is the import: the candidate of index i is on line i + 2.
      sources[resource] = [`import { type ${type}, compileFilter } from '${FROM_SRC}';`, ...lines].join('\n');
    }
    diagnostics = typecheck(sources);
  });

  it('validation checks fields against the descriptions themselves', () => {
    for (const resource of NAMES) {
      const root = recordType(RESOURCES[resource]);
      expect(root.type === 'object' && root.fields).toBe(RESOURCES[resource].fields);
    }
  });

  it.each(NAMES)('%s: the compiler accepts exactly the fields validation knows', (resource) => {
    const names = candidates(resource);
    const rejectedLines = new Set(diagnostics.get(resource)!.map((d) => d.line));
    const verdicts = names.map((field, i) => ({
      field,
      compiler: !rejectedLines.has(i + 2),
      validation: validationKnows(resource, field),
    }));
    expect(verdicts.filter((v) => v.compiler !== v.validation)).toEqual([]);
    // …and those are the description's fields.
    expect(verdicts.filter((v) => v.compiler).map((v) => v.field)).toEqual(
      Object.keys(RESOURCES[resource].fields),
    );
  });
});
