import { isTimeNode, OPERATOR_NAMES, type OperatorNode } from '../../ast/nodes.js';
import { pointer, showText } from '../../errors.js';
import { describe } from '../../parse/operands.js';
import type { ValueType } from '../../resources/descriptions.js';
import { describeType, type OperatorProblem, operandsOf } from '../../resources/schema.js';
import { isCanonicalTimestamp, isIsoTimestamp } from '../timestamps.js';
import type { Check, Finding } from './types.js';

/** The message of a problem the schema checker (resources/schema.ts) found with an operator. */
function mismatchMessage(field: string, type: ValueType, op: OperatorNode, problem: OperatorProblem): string {
  const name = OPERATOR_NAMES[op.kind];
  const what = `"${showText(field)}" is ${describeType(type)}`;
  switch (problem.kind) {
    case 'elements-not-objects':
      return `${what}: "$elemMatch" holds only for an element that is an object (or for the empty filter {}), so it never matches here; compare the elements with "${showText(field)}": { … }`;
    case 'compares-object':
      return `${what}: "${name}" compares it with a scalar, which never matches an object; compare one of its fields`;
    case 'versions-need-strings': {
      const never = op.kind === 'vne' ? 'always holds' : 'never matches';
      return `${what}: "${name}" compares versions, and ${type.type === 'timestamp' ? 'a timestamp is never a version' : 'only strings can be versions'}, so it ${never} here`;
    }
    case 'like-needs-strings':
      return `${what}: "$like" matches strings only, so it never matches here`;
    case 'booleans-unordered':
      return `${what}: booleans are never ordered, so "${name}" never matches; use "$eq"`;
    case 'instants-need-timestamps':
      throw new RangeError('an instant is reported by timestamp-fields.ts');
    case 'operand': {
      const never = op.kind === 'ne' || op.kind === 'nin' ? 'always differs from it' : 'never matches it';
      return `${what}, but "${name}" has ${describe(problem.value)} operand ${JSON.stringify(problem.value)}, which ${never} (no conversions)`;
    }
  }
}

/** Timestamps compare as strings: an operand that is no ISO 8601 date is an error, one not canonical a warning. */
function checkTimestamp(
  field: string,
  name: string,
  v: string,
  at: string,
  report: (f: Finding) => void,
  range: boolean,
): void {
  if (!isIsoTimestamp(v)) {
    report({
      severity: 'error',
      code: 'INVALID_TIMESTAMP',
      message: `"${showText(field)}" is ${describeType({ type: 'timestamp' })}, but "${name}" compares it with "${showText(v)}", which is not an ISO 8601 date or date-time (timestamps compare as strings)`,
      path: at,
    });
  } else if (!isCanonicalTimestamp(v) && !range) {
    // A range is STRING_RANGE_ON_TIMESTAMP (timestamp-fields.ts), which suggests `$at` instead.
    report({
      severity: 'warning',
      code: 'NON_CANONICAL_TIMESTAMP',
      message: `"${name}" compares "${showText(field)}" with "${showText(v)}"; stored timestamps read like 2026-01-01T00:00:00.000Z and compare as strings, so write that form`,
      path: at,
    });
  }
}

/**
 * An operator or operand that can never match the field's type (`$like` on a number, `$gt` on a
 * boolean…), as the schema checker finds them; and operands of timestamps that are not ISO 8601.
 */
export const operatorTypes: Check = {
  name: 'operator-types',
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const r = site.resolution;
        if (r === undefined || r.kind !== 'ok') continue;
        const problems = (site.problems ?? []).flatMap((p) => (p.kind === 'operator' ? [p] : []));
        site.node.operators.forEach((op, i) => {
          const at = site.operatorPointers[i]!;
          const mine = problems.filter((p) => p.operator === i);
          const mismatch = (problem: OperatorProblem, path: string) =>
            report({
              severity: 'error',
              code: 'TYPE_MISMATCH',
              message: mismatchMessage(site.key, r.type, op, problem),
              path,
            });
          // Instant operands are timestamp-fields.ts's (INSTANT_ON_NON_TIMESTAMP).
          if (isTimeNode(op)) return;
          const whole = mine.find((p) => p.problem.kind !== 'operand');
          if (whole !== undefined) {
            mismatch(whole.problem, at);
            return;
          }
          // Operand by operand, in order: of another type, or (on a timestamp) not ISO 8601.
          for (const { value, index } of operandsOf(op)) {
            const where = index === undefined ? at : pointer(at, index);
            const wrong = mine.find((p) => p.problem.kind === 'operand' && p.problem.index === index);
            if (wrong !== undefined) mismatch(wrong.problem, where);
            else if (r.type.type === 'timestamp' && typeof value === 'string' && op.kind !== 'like') {
              checkTimestamp(site.key, OPERATOR_NAMES[op.kind], value, where, report, isRange(op));
            }
          }
        });
      }
    }
  },
};

const isRange = (op: OperatorNode) =>
  op.kind === 'gt' || op.kind === 'gte' || op.kind === 'lt' || op.kind === 'lte';
