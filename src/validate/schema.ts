import type { ValidateFunction } from 'ajv';
import schema from '../../schema/policy.schema.json' with { type: 'json' };
import { validate } from './generated/policy-schema.js';

/** The published JSON Schema of policy files (`svc-policy/schema/policy.schema.json`). */
export const POLICY_SCHEMA: object = schema;

/**
 * The schema's validator, compiled by ajv ahead of time (scripts/generate-schema-validator.ts) rather
 * than at run time: no `new Function`, so validation works where code generation from strings is
 * forbidden, and no compile cost on first use.
 */
export function schemaValidator(): ValidateFunction {
  return validate as ValidateFunction;
}
