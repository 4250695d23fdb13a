import type { Check } from './types.js';

/**
 * Problems of a key itself are shown where the key is written; the others where the value is. Shared with
 * the playground, which places a filter's errors as `svc-policy validate` places a policy's.
 */
const KEY_PROBLEMS = new Set([
  'UNKNOWN_PROPERTY',
  'UNKNOWN_OPERATOR',
  'INVALID_PATH',
  'FORBIDDEN_PATH_SEGMENT',
]);
export const anchorOf = (code: string): 'key' | 'value' => (KEY_PROBLEMS.has(code) ? 'key' : 'value');

/**
 * The policy engine's own rules (one default status, rules and conditions present, filters parse…), from
 * `checkPolicyDefinition`: its problems become errors with the engine's codes and pointers.
 */
export const policyStructure: Check = {
  name: 'policy-structure',
  run(model, report) {
    const reported = new Set<string>();
    for (const p of model.check.problems) {
      reported.add(`${p.code} ${p.path}`);
      report({ severity: 'error', code: p.code, message: p.message, path: p.path, anchor: anchorOf(p.code) });
    }
    // The engine stops at the first error of a filter; the model has the others.
    for (const p of model.filterProblems) {
      if (reported.has(`${p.code} ${p.path}`)) continue;
      reported.add(`${p.code} ${p.path}`);
      report({ severity: 'error', code: p.code, message: p.message, path: p.path, anchor: anchorOf(p.code) });
    }
  },
};
