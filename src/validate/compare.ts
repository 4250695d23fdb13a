import { ownOptions } from '../builtins.js';
import { checkPolicyDefinition } from '../policy/check.js';
import { PolicyError } from '../policy/errors.js';
import { validatePolicy } from './index.js';
import type { Diagnostic, ValidateOptions } from './types.js';

/** What the rule checks of validation say changed between two versions of a policy. */
export interface RuleChanges {
  /** Non-default statuses that no resource can reach after the edit and that one could reach before. */
  readonly becameUnreachable: readonly string[];
  /** Dead-rule findings (shadowed rules, impossible conditions, duplicate statuses) new in `after`. */
  readonly newFindings: readonly Pick<Diagnostic, 'code' | 'path' | 'message'>[];
}

/**
 * The findings that make a rule dead: it can never decide a status. They are the checks that are exact
 * (implication between conjunctions of field domains, never a search), so a status all of whose rules
 * are dead is provably unreachable, not merely unlikely.
 */
const DEAD_RULE_CODES: ReadonlySet<string> = new Set([
  'SHADOWED_RULE',
  'IMPOSSIBLE_CONDITION',
  'DUPLICATE_STATUS_RULES',
]);

function deadRules(definition: unknown, options: ValidateOptions) {
  const { problems, definition: policy } = checkPolicyDefinition(definition, options);
  if (policy === undefined) throw new PolicyError(problems);
  const findings = validatePolicy(definition, options).diagnostics.filter(
    (d) =>
      DEAD_RULE_CODES.has(d.code) &&
      // A clause that can never hold kills its rule only as a conjunct: under `$or` another branch may
      // hold, and under `$not` it makes the negation always true.
      (d.code !== 'IMPOSSIBLE_CONDITION' || !/\/\$(or|not)(\/|$)/.test(d.path)),
  );
  // A duplicate status is reported at the status itself; every other finding at or below a rule.
  const at = (path: string) => findings.some((f) => f.path === path);
  const below = (path: string) => findings.some((f) => f.path === path || f.path.startsWith(`${path}/`));
  const unreachable = new Set<string>();
  for (const status of policy.statuses) {
    if (status.isDefault) continue;
    if (at(status.path) || status.rules.every((rule) => below(rule.path))) unreachable.add(status.name);
  }
  return { findings, unreachable };
}

/**
 * The static side of a policy edit, beside the dynamic one of `diffPolicies`: statuses that became
 * unreachable and rules that became dead (shadowed by a rule evaluated first, never able to hold, or
 * duplicating another status), decided by the checks of {@link validatePolicy} where they are exact.
 * Findings that `before` already had are left out; a finding whose pointer moved counts as new. Both
 * versions must be valid definitions (parsed JSON or YAML, or `{ policy }` bodies): an invalid one
 * throws the `PolicyError` that `compilePolicy` would.
 *
 * @example
 * ```ts
 * const changes = comparePolicyRules(before, after);
 * for (const name of changes.becameUnreachable) console.log(`status ${name} can no longer be reached`);
 * ```
 */
export function comparePolicyRules(
  before: unknown,
  after: unknown,
  options: ValidateOptions = {},
): RuleChanges {
  // Every finding counts here: past the usual cap of 100, a dead rule would be missed.
  const own = { maxDiagnostics: 100_000, ...ownOptions(options) };
  const was = deadRules(before, own);
  const now = deadRules(after, own);
  const known = new Set(was.findings.map((f) => `${f.code} ${f.path}`));
  return {
    becameUnreachable: [...now.unreachable].filter((s) => !was.unreachable.has(s)),
    newFindings: now.findings
      .filter((f) => !known.has(`${f.code} ${f.path}`))
      .map((f) => ({ code: f.code, path: f.path, message: f.message })),
  };
}
