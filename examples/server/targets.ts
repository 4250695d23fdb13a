/**
 * `requiredVersion` and `recommendedVersion` of a policy-scoped component, read from the policy by
 * the library: the policy is evaluated on the component at each version the policy compares
 * `version` with (its version operands) above the current one. `requiredVersion` is the lowest such
 * version at which the status is less critical than now (the upgrade the policy requires);
 * `recommendedVersion` the lowest at which the status is the default one (compliant). Both are null
 * for a compliant component, a component without a version, or when no operand of the policy does it.
 */
import { compareVersions, compilePolicy, parseVersion } from '../../src/index.js';
import { isObject } from './http.js';
import type { StatusTable } from './scoped.js';

export interface VersionTargets {
  readonly requiredVersion: string | null;
  readonly recommendedVersion: string | null;
}

const NONE: VersionTargets = { requiredVersion: null, recommendedVersion: null };

/** Every string operand of a version operator (`$vlt`, `$vgte`…) on the field `version`, anywhere. */
function versionOperands(value: unknown, into: Set<string>, underVersion = false): Set<string> {
  if (Array.isArray(value)) {
    for (const v of value) versionOperands(v, into, underVersion);
  } else if (isObject(value)) {
    for (const [key, v] of Object.entries(value)) {
      if (underVersion && key.startsWith('$v')) {
        for (const operand of Array.isArray(v) ? v : [v]) if (typeof operand === 'string') into.add(operand);
      } else versionOperands(v, into, key === 'version');
    }
  }
  return into;
}

/** The version targets of each component under a policy, at the instant `asOf`. */
export function versionTargetsOf(
  definition: Record<string, unknown>,
  table: StatusTable,
  asOf: number,
): (component: Record<string, unknown>) => VersionTargets {
  const policy = compilePolicy(definition, { asOf });
  const candidates = [...versionOperands(definition, new Set())]
    .filter((v) => parseVersion(v) !== undefined)
    .sort((a, b) => compareVersions(a, b)!);
  const criticality = (status: string | null | undefined) =>
    status == null ? undefined : table.statuses.get(status)?.criticality;
  return (component) => {
    const now = policy.evaluate(component);
    const current = component.version;
    if (!now.applicable || now.status === table.defaultStatus) return NONE;
    if (typeof current !== 'string' || parseVersion(current) === undefined) return NONE;
    const urgency = criticality(now.status) ?? 0;
    let requiredVersion: string | null = null;
    let recommendedVersion: string | null = null;
    for (const version of candidates) {
      if (compareVersions(version, current)! <= 0) continue;
      const then = policy.evaluate({ ...component, version });
      if (!then.applicable) continue;
      if (requiredVersion === null && (criticality(then.status) ?? 0) < urgency) requiredVersion = version;
      if (then.status === table.defaultStatus) {
        recommendedVersion = version;
        break;
      }
    }
    return { requiredVersion, recommendedVersion };
  };
}
