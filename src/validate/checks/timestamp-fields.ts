import { isTimeNode, OPERATOR_NAMES, type OperatorNode, type RangeKind } from '../../ast/nodes.js';
import { showText } from '../../errors.js';
import { describeType } from '../../resources/schema.js';
import { asRfc3339, isIsoTimestamp } from '../timestamps.js';
import type { Check } from './types.js';

const RANGE: Readonly<Record<RangeKind, true>> = { gt: true, gte: true, lt: true, lte: true };

const isStringRange = (
  op: OperatorNode,
): op is Extract<OperatorNode, { kind: RangeKind }> & { value: string } =>
  Object.hasOwn(RANGE, op.kind) && typeof (op as { value?: unknown }).value === 'string';

/**
 * Instants and timestamp fields (docs/semantics.md §4, "Instants"): a `$now` or `$at` operand on a
 * field that is not a timestamp, and a string range on a timestamp field, which compares code points
 * (`"2026-01-01T01:00:00+02:00"` sorts after `"2026-01-01T00:00:00.000Z"`, the instant before it) where
 * an instant comparison is almost certainly meant. The operand's own form is operator-types.ts's check.
 */
export const timestampFields: Check = {
  name: 'timestamp-fields',
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const r = site.resolution;
        if (r?.kind !== 'ok') continue;
        const type = r.type;
        site.node.operators.forEach((op, i) => {
          const at = site.operatorPointers[i]!;
          const name = OPERATOR_NAMES[op.kind];
          if (isTimeNode(op)) {
            // `any` is unknown; an array compared whole is the array-selector check's.
            if (type.type === 'timestamp' || type.type === 'any' || type.type === 'array') return;
            const operand = `{ "$${op.instant.base}": ${JSON.stringify(showText(op.instant.text))} }`;
            report({
              severity: 'error',
              code: 'INSTANT_ON_NON_TIMESTAMP',
              message: `"${showText(site.key)}" is ${describeType(type)}, not a timestamp: "${name}": ${operand} compares instants, so it ${op.kind === 'tne' ? 'holds for every value that is not a timestamp' : 'matches only values that are timestamps'}; compare a timestamp field`,
              path: at,
            });
            return;
          }
          if (type.type !== 'timestamp' || !isStringRange(op) || !isIsoTimestamp(op.value)) return;
          report({
            severity: 'warning',
            code: 'STRING_RANGE_ON_TIMESTAMP',
            message: `"${showText(site.key)}" holds timestamps, but "${name}": ${JSON.stringify(showText(op.value))} compares strings by code point (a value with an offset or without milliseconds orders wrongly, and the date is fixed); to compare instants write { "${name}": { "$at": ${JSON.stringify(showText(asRfc3339(op.value)))} } }, or a time relative to the run such as { "${name}": { "$now": "-P30D" } }`,
            path: at,
          });
        });
      }
    }
  },
};
