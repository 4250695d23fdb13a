import {
  assertNever,
  type FilterNode,
  LOGICAL_NAMES,
  OPERATOR_NAMES,
  type OperatorNode,
  type PathStep,
} from '../ast/nodes.js';
import { objectKeys } from '../builtins.js';
import { pointer, showText } from '../errors.js';
import { printPath } from '../parse/path.js';
import type { ResourceDescription, ValueType } from '../resources/descriptions.js';
import { checkField, describeType, type FieldProblem, recordType } from '../resources/schema.js';
import { factsOf } from '../semantics/operators.js';
import { describe } from './describe.js';
import type { QueryProblem } from './errors.js';
import { closest } from './suggest.js';

/**
 * Checks the fields a filter reads against the description with the schema checker
 * (resources/schema.ts), the one validation uses: each problem refuses the request at its pointer.
 * The fields inside an `$elemMatch` are checked as fields of the element (the path so far, then theirs).
 */
export function checkFilterFields(
  node: FilterNode,
  at: string,
  resource: ResourceDescription,
  problems: QueryProblem[],
  prefix: readonly PathStep[] = [],
  root: ValueType = recordType(resource),
): void {
  for (const clause of node.clauses) {
    switch (clause.kind) {
      case 'field': {
        const where = pointer(at, printPath(clause.path));
        const path = [...prefix, ...clause.path];
        const check = checkField(root, path, clause.operators);
        for (const problem of check.problems) {
          problems.push(queryProblem(problem, path, clause.operators, where, resource));
        }
        if (check.resolution.kind !== 'ok') break;
        for (const op of clause.operators) {
          if (op.kind !== 'elemMatch') continue;
          checkFilterFields(
            op.filter,
            pointer(where, OPERATOR_NAMES.elemMatch),
            resource,
            problems,
            path,
            root,
          );
        }
        break;
      }
      case 'and':
      case 'or':
        clause.filters.forEach((f, i) => {
          checkFilterFields(f, pointer(at, LOGICAL_NAMES[clause.kind], i), resource, problems, prefix, root);
        });
        break;
      case 'not':
        checkFilterFields(clause.filter, pointer(at, LOGICAL_NAMES.not), resource, problems, prefix, root);
        break;
      default:
        assertNever(clause, 'clause');
    }
  }
}

/**
 * A problem of the schema checker as a problem of the request. A path that names no field is
 * `UNKNOWN_FILTER_FIELD`, one that reads a field that cannot be filtered `UNFILTERABLE_FIELD` (both at
 * the key); a path or operator that reads a value of another type than it needs `FILTER_TYPE_MISMATCH`,
 * at the key for a path, at the operator or operand for an operator.
 */
function queryProblem(
  problem: FieldProblem,
  path: readonly PathStep[],
  operators: readonly OperatorNode[],
  where: string,
  resource: ResourceDescription,
): QueryProblem {
  const shown = showText(printPath(path));
  const head = (step: number) => `"${showText(printPath(path.slice(0, step)))}"`;
  const of = (step: number) => (step === 0 ? resource.name : `${head(step)} of ${resource.name}`);
  switch (problem.kind) {
    case 'unknown': {
      const step = path[problem.step] as { readonly key: string };
      const known = problem.parent.type === 'object' ? objectKeys(problem.parent.fields) : [];
      const suggestion = closest(step.key, known);
      const field = problem.step === 0 ? 'filter field' : `field "${showText(step.key)}" in filter path`;
      return {
        code: 'UNKNOWN_FILTER_FIELD',
        path: where,
        message:
          problem.step === 0
            ? `filter field "${showText(step.key)}" is not a field of ${resource.name}${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`
            : `${field} "${shown}" is not a field of ${of(problem.step)}${suggestion === undefined ? '' : `; did you mean "${suggestion}"?`}`,
        ...(suggestion === undefined ? {} : { suggestion }),
      };
    }
    case 'through-scalar':
      return {
        code: 'UNKNOWN_FILTER_FIELD',
        path: where,
        message: `filter path "${shown}" reads a key of ${of(problem.step)}, which is ${describeType(problem.parent)}: it reads nothing`,
      };
    case 'selector-on-non-array':
      return problem.step === 0
        ? {
            code: 'UNKNOWN_FILTER_FIELD',
            path: where,
            message: `filter path "${shown}" does not start with a field of ${resource.name}`,
          }
        : {
            code: 'FILTER_TYPE_MISMATCH',
            path: where,
            message: `filter path "${shown}" selects elements of ${of(problem.step)}, which is ${describeType(problem.parent)}, not an array: it never matches`,
          };
    case 'key-on-array':
      return {
        code: 'FILTER_TYPE_MISMATCH',
        path: where,
        message: `filter path "${shown}" reads a key of ${of(problem.step)}, which is ${describeType(problem.parent)}: arrays have no keys (select elements with __svcArrayAny__)`,
      };
    case 'unfilterable':
      return {
        code: 'UNFILTERABLE_FIELD',
        path: where,
        message:
          problem.step === 0
            ? `field ${head(1)} of ${resource.name} cannot be filtered on`
            : `${head(problem.step + 1)} of ${resource.name} cannot be filtered on`,
      };
    case 'array-compared': {
      const names = problem.operators.map((i) => OPERATOR_NAMES[operators[i]!.kind]).join(', ');
      return {
        code: 'FILTER_TYPE_MISMATCH',
        path: where,
        message: `filter path "${shown}" is ${describeType(problem.type)}; arrays are compared as values, so ${names} never compares its elements (select them with __svcArrayAny__)`,
      };
    }
    case 'operator': {
      const op = operators[problem.operator]!;
      const name = OPERATOR_NAMES[op.kind];
      const at = pointer(where, name);
      const field = `field "${shown}" holds ${problem.type.type} values`;
      const p = problem.problem;
      switch (p.kind) {
        case 'operand':
          return {
            code: 'FILTER_TYPE_MISMATCH',
            path: p.index === undefined ? at : pointer(at, p.index),
            message: `${field}; ${name} compares it with ${describe(p.value)}, which ${factsOf(op).negated ? 'it always differs from' : 'never matches'} (no conversions)`,
          };
        case 'like-needs-strings':
        case 'versions-need-strings':
          return {
            code: 'FILTER_TYPE_MISMATCH',
            path: at,
            message: `${field}; ${name} reads ${p.kind === 'like-needs-strings' ? 'strings' : 'versions, which are strings and never timestamps'} only, so it ${factsOf(op).negated ? 'always holds' : 'never matches'}`,
          };
        case 'booleans-unordered':
          return {
            code: 'FILTER_TYPE_MISMATCH',
            path: at,
            message: `${field}; booleans are never ordered, so ${name} never matches (use $eq)`,
          };
        case 'compares-object':
          return {
            code: 'FILTER_TYPE_MISMATCH',
            path: at,
            message: `${field}; ${name} compares it with a scalar, which never matches an object (compare one of its fields)`,
          };
        case 'elements-not-objects':
          return {
            code: 'FILTER_TYPE_MISMATCH',
            path: at,
            message: `${field}; $elemMatch holds only for elements that are objects, so it never matches`,
          };
        case 'instants-need-timestamps':
          return {
            code: 'FILTER_TYPE_MISMATCH',
            path: at,
            message: `${field}; ${name} compares it with an instant, and only timestamps are instants, so it ${factsOf(op).negated ? 'always holds' : 'never matches'}`,
          };
        default:
          return assertNever(p, 'operator problem');
      }
    }
    default:
      return assertNever(problem, 'field problem');
  }
}
