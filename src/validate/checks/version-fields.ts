import { OPERATOR_NAMES, type OperatorNode, type RangeKind, type VersionKind } from '../../ast/nodes.js';
import { showText } from '../../errors.js';
import { parseVersion } from '../../semantics/version.js';
import type { Check } from './types.js';

/**
 * Fields that hold versions, by their last key: a component's `version`, an upgrade plan's
 * `currentVersion` and `desiredVersion`, an add-on's `requiredVersion` and `recommendedVersion`, a
 * Kubernetes node group's `version` (`details$.kubernetes$.nodes$.__svcArrayAny__$.version`), a
 * function's `runtimeVersion`, a database's `engineVersion`…
 */
export const VERSION_FIELDS: ReadonlySet<string> = new Set([
  'version',
  'currentVersion',
  'desiredVersion',
  'requiredVersion',
  'recommendedVersion',
  'runtimeVersion',
  'engineVersion',
]);

/** A `$like` pattern that asks for a version prefix: `14.*`, `1.29.*`, `v1.2*`. */
const VERSION_PREFIX = /^(v?)(\d+(?:\.\d+)*)\.?\*$/;

/**
 * The version range a prefix pattern means: `14.*` is `$vgte: "14"` and `$vlt: "15"`, which also
 * holds for `"14"` and `"14.0"`, the spellings the pattern misses (it needs the dot).
 */
function prefixRange(pattern: string): string | undefined {
  const m = VERSION_PREFIX.exec(pattern);
  if (m === null) return undefined;
  const parts = m[2]!.split('.');
  const last = parts.length - 1;
  // Parts are integers of any size: increment the last one as a decimal string, never as a number.
  const next = [...parts.slice(0, last), (BigInt(parts[last]!) + 1n).toString()].join('.');
  return `{ "$vgte": ${JSON.stringify(m[1]! + m[2]!)}, "$vlt": ${JSON.stringify(m[1]! + next)} }`;
}

/** Free-form maps: a tag named `version` is whatever its owner wrote. */
const MAPS: ReadonlySet<string> = new Set(['tags', 'customTags']);

const VERSION_OPERATOR = {
  gt: 'vgt',
  gte: 'vgte',
  lt: 'vlt',
  lte: 'vlte',
} as const satisfies Record<RangeKind, VersionKind>;

const isStringRange = (
  op: OperatorNode,
): op is Extract<OperatorNode, { kind: RangeKind }> & { value: string } =>
  Object.hasOwn(VERSION_OPERATOR, op.kind) && typeof (op as { value?: unknown }).value === 'string';

/**
 * A string range operator (`$lt: "1.29"`) on a version field compares code points, so `"1.9"` is
 * above `"1.29"` and `"1.100"` below it: the version operator (`$vlt`) is almost certainly meant.
 */
export const versionFields: Check = {
  name: 'version-fields',
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const { path } = site.node;
        const first = path[0];
        const last = path.findLast((s) => s.kind === 'key');
        if (last?.kind !== 'key' || !VERSION_FIELDS.has(last.key)) continue;
        if (first?.kind === 'key' && MAPS.has(first.key)) continue;
        site.node.operators.forEach((op, i) => {
          if (op.kind === 'like' && /^v?\d/.test(op.pattern)) {
            const range = prefixRange(op.pattern);
            report({
              severity: 'warning',
              code: 'LIKE_ON_VERSION',
              message: `"${showText(site.key)}" holds versions, but "$like": ${JSON.stringify(op.pattern)} matches their text: it misses other spellings of the same versions ("14" and "14.0" for "14.*") and "14*" takes "140"; ${range === undefined ? 'compare versions with "$vgte" and "$vlt"' : `to compare versions write ${range}`}`,
              path: site.operatorPointers[i]!,
            });
            return;
          }
          if (!isStringRange(op)) return;
          const name = OPERATOR_NAMES[op.kind];
          const suggested = OPERATOR_NAMES[VERSION_OPERATOR[op.kind]];
          const fix =
            parseVersion(op.value) === undefined
              ? `"${suggested}" with a version operand such as "1.29"`
              : `{ "${suggested}": ${JSON.stringify(op.value)} }`;
          report({
            severity: 'warning',
            code: 'STRING_RANGE_ON_VERSION',
            message: `"${showText(site.key)}" holds versions, but "${name}" compares strings by code point ("1.9" sorts after "1.29", "1.100" before it); to compare versions write ${fix}`,
            path: site.operatorPointers[i]!,
          });
        });
      }
    }
  },
};
