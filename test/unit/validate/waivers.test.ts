import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { canGenerateCode } from '../../../src/compile/codegen.js';
import { checkWaivers } from '../../../src/index.js';
import { validateWaivers } from '../../../src/validate.js';
import { loadWaiverFixtures } from '../../support/waiver-fixtures.js';

const schema = JSON.parse(readFileSync('schema/waivers.schema.json', 'utf8'));
// ajv compiles a schema into code: the closures project (code generation disallowed) cannot run it,
// the codegen project does.
const canCompile = canGenerateCode();
const validate = (value: unknown) => {
  const v = new Ajv2020({ strict: false }).compile(schema);
  const ok = v(value);
  validate.errors = v.errors;
  return ok;
};
validate.errors = undefined as unknown;

const good = {
  id: 'W',
  policy: 'p',
  ids: ['a'],
  accepts: { status: 's' },
  expires: '2027-01-01T00:00:00+01:00',
  owner: 'o',
  reason: 'r',
};

describe.skipIf(!canCompile)('schema/waivers.schema.json', () => {
  it('accepts the waiver files of the fixtures, which the library accepts too', () => {
    for (const f of loadWaiverFixtures()) {
      expect(validate(f.waivers), JSON.stringify(validate.errors)).toBe(true);
      expect(checkWaivers(f.waivers).problems).toEqual([]);
    }
  });

  it('refuses what the library refuses: no expiry, no offset, nothing covered, two accepts', () => {
    const { expires: _, ...noExpiry } = good;
    const { ids: __, ...noCover } = good;
    for (const w of [
      noExpiry,
      { ...good, expires: '2027-01-01T00:00:00' },
      noCover,
      { ...good, accepts: { status: 's', maxCriticality: 1 } },
      { ...good, extra: 1 },
    ]) {
      expect(validate({ waivers: [w] })).toBe(false);
      expect(checkWaivers({ waivers: [w] }).problems).not.toEqual([]);
    }
  });
});

describe('validateWaivers', () => {
  it('gives positions in YAML and never throws on a document that is not a waiver file', () => {
    const r = validateWaivers('waivers:\n  - id: W\n    policy: p\n', { fileName: 'w.yaml', asOf: 0 });
    expect(r.valid).toBe(false);
    expect(r.diagnostics.map((d) => [d.code, d.path, d.line, d.column])).toEqual([
      ['MISSING_PROPERTY', '/waivers/0', 2, 5],
      ['MISSING_PROPERTY', '/waivers/0', 2, 5],
      ['MISSING_EXPIRY', '/waivers/0', 2, 5],
      ['MISSING_COVERAGE', '/waivers/0', 2, 5],
      ['MISSING_PROPERTY', '/waivers/0', 2, 5],
    ]);
    expect(validateWaivers(42).valid).toBe(false);
  });
});
