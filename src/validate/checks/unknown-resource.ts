import { showText } from '../../errors.js';
import { RESOURCES } from '../../resources/descriptions.js';
import type { Check } from './types.js';

/** A `resource` without a field table: say that its field paths go unchecked. */
export const unknownResource: Check = {
  name: 'unknown-resource',
  run(model, report) {
    if (model.resource === undefined || model.rootType !== undefined) return;
    report({
      severity: 'warning',
      code: 'UNKNOWN_RESOURCE',
      message: `resource "${showText(model.resource)}" has no field table (known: ${Object.keys(RESOURCES).join(', ')}); its field paths are not checked`,
      path: `${model.base}/resource`,
    });
  },
};
