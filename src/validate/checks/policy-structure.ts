import type { Check } from './types.js';

/**
 * The policy engine's own rules (one default status, rules and conditions present, filters parse…), from
 * `checkPolicyDefinition`: its problems become errors with the engine's codes and pointers.
 */
export const policyStructure: Check = {
  name: 'policy-structure',
  run(model, report) {
    for (const p of model.check.problems) {
      report({
        severity: 'error',
        code: p.code,
        message: p.message,
        path: p.path,
        anchor: p.code === 'UNKNOWN_PROPERTY' ? 'key' : 'value',
      });
    }
  },
};
