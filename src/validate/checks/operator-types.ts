import {
  isTimeNode,
  isVersionNode,
  OPERATOR_NAMES,
  type OperatorNode,
  type Scalar,
} from '../../ast/nodes.js';
import { pointer, showText } from '../../errors.js';
import { describe } from '../../parse/operands.js';
import { byFamily } from '../../semantics/operators.js';
import { describeType, type FieldType } from '../fields/types.js';
import { isCanonicalTimestamp, isIsoTimestamp } from '../timestamps.js';
import type { Check, Finding } from './types.js';

type Leaf = Extract<FieldType, { kind: 'string' | 'number' | 'boolean' | 'timestamp' | 'map' | 'object' }>;

/** The operands of an operator with their pointers (`$in` lists give one per element). */
function operands(op: OperatorNode, at: string): { value: Scalar | null; at: string }[] {
  const value = (op: { readonly value: Scalar | null }) => [{ value: op.value, at }];
  return byFamily(op, {
    equality: value,
    order: value,
    exists: value,
    version: value,
    membership: (op) => op.values.map((value, i) => ({ value, at: pointer(at, i) })),
    like: (op) => [{ value: op.pattern, at }],
    time: () => [],
    elemMatch: () => [],
  });
}

/** Whether a scalar operand can ever equal or order against a value of the type (type bracketing). */
function sameType(type: Leaf, value: Scalar): boolean {
  switch (type.kind) {
    case 'string':
    case 'timestamp':
      return typeof value === 'string';
    case 'number':
      return typeof value === 'number';
    case 'boolean':
      return typeof value === 'boolean';
    case 'map':
    case 'object':
      return false;
  }
}

function checkOperator(
  field: string,
  type: Leaf,
  op: OperatorNode,
  at: string,
  report: (f: Finding) => void,
) {
  const name = OPERATOR_NAMES[op.kind];
  const what = `"${showText(field)}" is ${describeType(type)}`;
  const mismatch = (message: string, path = at) =>
    report({ severity: 'error', code: 'TYPE_MISMATCH', message, path });
  // Instant operands are timestamp-fields.ts's.
  if (op.kind === 'exists' || isTimeNode(op)) return;
  if (op.kind === 'elemMatch') {
    // The fields inside are checked as fields of the element; here only whether elements are objects.
    if (type.kind === 'map' || type.kind === 'object' || op.filter.clauses.length === 0) return;
    mismatch(
      `${what}: "$elemMatch" holds only for an element that is an object (or for the empty filter {}), so it never matches here; compare the elements with "${showText(field)}": { … }`,
    );
    return;
  }
  if (type.kind === 'map' || type.kind === 'object') {
    mismatch(
      `${what}: "${name}" compares it with a scalar, which never matches an object; compare one of its fields`,
    );
    return;
  }
  if (isVersionNode(op)) {
    // Only strings can be versions, and a timestamp never is one (it holds a `:`).
    if (type.kind === 'string') return;
    const never = op.kind === 'vne' ? 'always holds' : 'never matches';
    mismatch(
      `${what}: "${name}" compares versions, and ${type.kind === 'timestamp' ? 'a timestamp is never a version' : 'only strings can be versions'}, so it ${never} here`,
    );
    return;
  }
  if (op.kind === 'like' && type.kind !== 'string' && type.kind !== 'timestamp') {
    mismatch(`${what}: "$like" matches strings only, so it never matches here`);
    return;
  }
  if (
    (op.kind === 'gt' || op.kind === 'gte' || op.kind === 'lt' || op.kind === 'lte') &&
    type.kind === 'boolean'
  ) {
    mismatch(`${what}: booleans are never ordered, so "${name}" never matches; use "$eq"`);
    return;
  }
  for (const operand of operands(op, at)) {
    const v = operand.value;
    if (v === null) continue;
    if (!sameType(type, v)) {
      const never = op.kind === 'ne' || op.kind === 'nin' ? 'always differs from it' : 'never matches it';
      mismatch(
        `${what}, but "${name}" has ${describe(v)} operand ${JSON.stringify(v)}, which ${never} (no conversions)`,
        operand.at,
      );
      continue;
    }
    if (type.kind === 'timestamp' && typeof v === 'string' && op.kind !== 'like') {
      if (!isIsoTimestamp(v)) {
        report({
          severity: 'error',
          code: 'INVALID_TIMESTAMP',
          message: `${what}, but "${name}" compares it with "${showText(v)}", which is not an ISO 8601 date or date-time (timestamps compare as strings)`,
          path: operand.at,
        });
      } else if (!isCanonicalTimestamp(v) && !isRange(op)) {
        // A range is STRING_RANGE_ON_TIMESTAMP (timestamp-fields.ts), which suggests `$at` instead.
        report({
          severity: 'warning',
          code: 'NON_CANONICAL_TIMESTAMP',
          message: `"${name}" compares "${showText(field)}" with "${showText(v)}"; stored timestamps read like 2026-01-01T00:00:00.000Z and compare as strings, so write that form`,
          path: operand.at,
        });
      }
    }
  }
}

const isRange = (op: OperatorNode) =>
  op.kind === 'gt' || op.kind === 'gte' || op.kind === 'lt' || op.kind === 'lte';

/** An operator or operand that can never match the field's type: `$like` on a number, `$gt` on a boolean… */
export const operatorTypes: Check = {
  name: 'operator-types',
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const r = site.resolution;
        if (r === undefined || r.kind !== 'ok') continue;
        const type = r.type;
        // Arrays are the array-selector check's; `any` checks nothing.
        if (type.kind === 'array' || type.kind === 'any') continue;
        site.node.operators.forEach((op, i) => {
          checkOperator(site.key, type, op, site.operatorPointers[i]!, report);
        });
      }
    }
  },
};
