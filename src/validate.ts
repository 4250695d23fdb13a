/**
 * svc-policy/validate: policy file validation for editors, pre-commit hooks and CI. Depends on `ajv` and
 * `yaml`, which the core entry point (`svc-policy`) never imports.
 */

export { comparePolicyRules, type RuleChanges } from './validate/compare.js';
export { DEFAULT_MAX_DIAGNOSTICS, validatePolicy } from './validate/index.js';
export { POLICY_SCHEMA } from './validate/schema.js';
export type {
  Diagnostic,
  K8sDetailsSchema,
  K8sFieldDescriptor,
  K8sItemField,
  Severity,
  ValidateOptions,
  ValidationCode,
  ValidationResult,
} from './validate/types.js';
export {
  DEFAULT_MAX_WAIVER_DAYS,
  isWaiverDocument,
  validateWaivers,
  type WaiverValidateOptions,
} from './validate/waivers.js';
