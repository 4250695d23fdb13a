import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import schema from '../../schema/policy.schema.json' with { type: 'json' };

/** The published JSON Schema of policy files (`svc-policy/schema/policy.schema.json`). */
export const POLICY_SCHEMA: object = schema;

let compiled: ValidateFunction | undefined;

/** The schema compiled once, on first use (compiling costs tens of milliseconds; validating, microseconds). */
export function schemaValidator(): ValidateFunction {
  compiled ??= new Ajv2020({ allErrors: true, strict: false }).compile(schema);
  return compiled;
}
