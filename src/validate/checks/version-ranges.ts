import { OPERATOR_NAMES } from '../../ast/nodes.js';
import type { Check } from './types.js';

/** Fields that hold versions in the API: a component's and a plan's versions, a node group's `version`. */
const VERSION_FIELDS = new Set([
  'version',
  'currentVersion',
  'desiredVersion',
  'requiredVersion',
  'recommendedVersion',
]);

/**
 * `$gt`/`$gte`/`$lt`/`$lte` with a string on a version field: strings order by code point, character by
 * character, so `"1.9" > "1.29"` and `"10.0" < "9.0"`, and the comparison is right only while every
 * version compared has as many digits in each part.
 */
export const versionRanges: Check = {
  name: 'version-ranges',
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const last = site.node.path[site.node.path.length - 1];
        if (last?.kind !== 'key' || !VERSION_FIELDS.has(last.key)) continue;
        site.node.operators.forEach((op, i) => {
          if (op.kind !== 'gt' && op.kind !== 'gte' && op.kind !== 'lt' && op.kind !== 'lte') return;
          if (typeof op.value !== 'string') return;
          report({
            severity: 'warning',
            code: 'STRING_VERSION_COMPARISON',
            message:
              `"${OPERATOR_NAMES[op.kind]}": ${JSON.stringify(op.value)} compares "${site.key}" as a string, ` +
              `character by character, not as a version: "1.9" > "1.29" and "10.0" < "9.0". Compare versions ` +
              `with a version operator, or list them with "$in"/"$like"`,
            path: site.operatorPointers[i] ?? site.pointer,
          });
        });
      }
    }
  },
};
