import { arraySelectors } from './array-selectors.js';
import { dottedPaths } from './dotted-paths.js';
import { duplicateStatuses } from './duplicate-statuses.js';
import { fieldPaths } from './field-paths.js';
import { impossibleConditions } from './impossible-conditions.js';
import { jsonSchema } from './json-schema.js';
import { k8sDetails } from './k8s-details.js';
import { likePatterns } from './like-patterns.js';
import { operatorTypes } from './operator-types.js';
import { policyStructure } from './policy-structure.js';
import { shadowedRules } from './shadowed-rules.js';
import { timestampFields } from './timestamp-fields.js';
import type { Check } from './types.js';
import { unicode } from './unicode.js';
import { unknownResource } from './unknown-resource.js';
import { versionFields } from './version-fields.js';

/** Every check, in the order they run (diagnostics are sorted by position afterwards). */
export const CHECKS: readonly Check[] = [
  policyStructure,
  jsonSchema,
  unknownResource,
  fieldPaths,
  dottedPaths,
  arraySelectors,
  operatorTypes,
  versionFields,
  timestampFields,
  k8sDetails,
  likePatterns,
  impossibleConditions,
  duplicateStatuses,
  shadowedRules,
  unicode,
];
