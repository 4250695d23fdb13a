import {
  assertNever,
  type FilterNode,
  LOGICAL_NAMES,
  OPERATOR_NAMES,
  type OperatorNode,
} from '../ast/nodes.js';
import { hasOwn, objectKeys } from '../builtins.js';
import { pointer, showText } from '../errors.js';
import { printPath } from '../parse/path.js';
import type { FieldDescription, ResourceDescription } from '../resources/descriptions.js';
import { byFamily, factsOf } from '../semantics/operators.js';
import { describe } from './describe.js';
import type { QueryProblem } from './errors.js';
import { closest } from './suggest.js';

/** Checks the fields a filter reads against the description: known and filterable, at their pointers. */
export function checkFilterFields(
  node: FilterNode,
  at: string,
  resource: ResourceDescription,
  problems: QueryProblem[],
): void {
  for (const clause of node.clauses) {
    switch (clause.kind) {
      case 'field': {
        const first = clause.path[0];
        const where = pointer(at, printPath(clause.path));
        if (first === undefined || first.kind !== 'key') {
          problems.push({
            code: 'UNKNOWN_FILTER_FIELD',
            path: where,
            message: `filter path "${showText(printPath(clause.path))}" does not start with a field of ${resource.name}`,
          });
          break;
        }
        const field = hasOwn(resource.fields, first.key) ? resource.fields[first.key] : undefined;
        if (field === undefined) {
          const suggestion = closest(first.key, objectKeys(resource.fields));
          problems.push({
            code: 'UNKNOWN_FILTER_FIELD',
            path: where,
            message: `filter field "${showText(first.key)}" is not a field of ${resource.name}${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
            ...(suggestion === undefined ? {} : { suggestion }),
          });
        } else if (!field.filterable) {
          problems.push({
            code: 'UNFILTERABLE_FIELD',
            path: where,
            message: `field "${showText(first.key)}" of ${resource.name} cannot be filtered on`,
          });
        } else if (clause.path.length === 1) {
          for (const op of clause.operators) {
            checkOperand(first.key, field, op, pointer(where, OPERATOR_NAMES[op.kind]), problems);
          }
        }
        break;
      }
      case 'and':
      case 'or':
        clause.filters.forEach((f, i) => {
          checkFilterFields(f, pointer(at, LOGICAL_NAMES[clause.kind], i), resource, problems);
        });
        break;
      case 'not':
        checkFilterFields(clause.filter, pointer(at, LOGICAL_NAMES.not), resource, problems);
        break;
      default:
        assertNever(clause, 'clause');
    }
  }
}

/** The operand type a scalar field's values have, or `undefined` for a field of no single scalar type. */
function operandType(field: FieldDescription): 'string' | 'number' | 'boolean' | undefined {
  switch (field.type) {
    case 'string':
    case 'timestamp':
      return 'string';
    case 'integer':
    case 'number':
      return 'number';
    case 'boolean':
      return 'boolean';
    case 'array':
    case 'map':
    case 'object':
    case 'any':
      return undefined;
  }
}

/**
 * An operand of another type than a scalar field's values (`{ createdAt: { $gte: 5 } }`): the filter is
 * valid and means the same on every target (never a match, or always for `$ne`/`$nin`), but it is
 * almost surely a mistake, so the request is refused with `FILTER_TYPE_MISMATCH` at the operand. `null`
 * operands (missing) and `$exists` are about presence, not type, and pass.
 */
function checkOperand(
  name: string,
  field: FieldDescription,
  op: OperatorNode,
  at: string,
  problems: QueryProblem[],
): void {
  const type = operandType(field);
  if (type === undefined) return;
  const check = (value: unknown, where: string) => {
    if (value === null || typeof value === type) return;
    problems.push({
      code: 'FILTER_TYPE_MISMATCH',
      path: where,
      message: `field "${name}" holds ${field.type} values; ${OPERATOR_NAMES[op.kind]} compares it with ${describe(value)}, which ${factsOf(op).negated ? 'it always differs from' : 'never matches'} (no conversions)`,
    });
  };
  // Patterns and versions are strings: they read only string fields.
  const strings = () => {
    if (type === 'string') return;
    problems.push({
      code: 'FILTER_TYPE_MISMATCH',
      path: at,
      message: `field "${name}" holds ${field.type} values; ${OPERATOR_NAMES[op.kind]} reads strings only, so it never matches`,
    });
  };
  byFamily<void>(op, {
    equality: (op) => check(op.value, at),
    order: (op) => check(op.value, at),
    membership: (op) =>
      op.values.forEach((value, i) => {
        check(value, pointer(at, i));
      }),
    like: strings,
    version: strings,
    time: () => {
      if (field.type === 'timestamp') return;
      problems.push({
        code: 'FILTER_TYPE_MISMATCH',
        path: at,
        message: `field "${name}" holds ${field.type} values; ${OPERATOR_NAMES[op.kind]} with an instant operand ($now, $at) reads timestamps only`,
      });
    },
    exists: () => {},
    elemMatch: () => {},
  });
}
