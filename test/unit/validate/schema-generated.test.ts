import { it } from 'vitest';
import { expectGeneratedUpToDate } from '../../support/generated.js';

it('the ahead-of-time schema validator is up to date with schema/policy.schema.json', () => {
  expectGeneratedUpToDate('generate-schema-validator.ts');
});
