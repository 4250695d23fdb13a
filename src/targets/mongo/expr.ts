import {
  assertNever,
  type ClauseNode,
  type FilterNode,
  isTimeNode,
  type OperatorNode,
  type PathStep,
  type Scalar,
  type TimeNode,
} from '../../ast/nodes.js';
import { arrayIncludes } from '../../builtins.js';
import { boundOf } from '../../compile/operators.js';
import { byFamily, comparisonOf, factsOf } from '../../semantics/operators.js';
import { parseVersion, VERSION_PATTERN, versionKey } from '../../semantics/version.js';
import { likeToRegex } from './regex.js';
import { instantExpr } from './time.js';

/**
 * Filters as MongoDB aggregation expressions (for `$expr` and `$switch`). Aggregation expressions have
 * none of the query language's implicit array traversal, but they have their own traps, each handled
 * here:
 * - comparisons order across BSON types (`"a" > 5` is true), so every comparison checks the type first;
 * - `{ $eq: ["$missing", null] }` is false, so null and missing are tested by `$type`;
 * - `$getField`, `$regexMatch` and `$map` raise errors on inputs of the wrong type, so they sit behind
 *   a `$cond` on the type;
 * - a string starting with `$` is a field path, so every operand is wrapped in `$literal`, and keys
 *   are read with `$getField` on a `$literal` name (never a dotted path).
 * The output calls no user code: only the fixed operators below, variables named by us, and literals.
 */

/** An aggregation expression: JSON built from fixed operator names, variable names and literals. */
export type MongoExpr = unknown;

/**
 * One translation: names its `$let` and `$map` variables (reset per translation so output is
 * deterministic), and holds the instant (ms) `$now` operands count from.
 */
class Names {
  private n = 0;
  constructor(readonly asOf: number) {}
  next(): string {
    this.n += 1;
    return `v${this.n}`;
  }
}

const MISSING_TYPES = ['missing', 'null', 'undefined'];

const typeOf = (v: string) => ({ $type: v });
const isType = (v: string, type: string) => ({ $eq: [typeOf(v), type] });
const isMissing = (v: string) => ({ $in: [typeOf(v), MISSING_TYPES] });
const not = (e: MongoExpr) => ({ $not: [e] });
const lit = (x: unknown) => ({ $literal: x });

function typeTest(v: string, x: Scalar): MongoExpr {
  if (typeof x === 'number') return { $isNumber: v };
  return isType(v, typeof x === 'string' ? 'string' : 'bool');
}

function and(exprs: readonly MongoExpr[]): MongoExpr {
  return exprs.length === 1 ? exprs[0] : { $and: exprs };
}

function equals(v: string, x: Scalar | null): MongoExpr {
  if (x === null) return isMissing(v);
  return { $and: [typeTest(v, x), { $eq: [v, lit(x)] }] };
}

function member(v: string, values: readonly (Scalar | null)[]): MongoExpr {
  const present = values.filter((x): x is Scalar => x !== null);
  const alternatives: MongoExpr[] = [];
  if (arrayIncludes(values, null)) alternatives.push(isMissing(v));
  if (present.length > 0) {
    // `$in` compares whole values, so an array or object never equals a scalar; the type check keeps
    // it from depending on that.
    const scalar = { $or: [{ $isNumber: v }, { $in: [typeOf(v), ['string', 'bool']] }] };
    alternatives.push({ $and: [scalar, { $in: [v, lit(present)] }] });
  }
  if (alternatives.length === 0) return false;
  return alternatives.length === 1 ? alternatives[0] : { $or: alternatives };
}

const concat = (...parts: MongoExpr[]) => ({ $concat: parts });
const length = (s: MongoExpr) => ({ $toString: { $strLenCP: s } });

/** `"<digits>"` (no leading zeros) as its key: digit count of its digit count, digit count, digits. */
function encodeNumber(d: string): MongoExpr {
  return concat({ $toString: { $strLenCP: length(d) } }, length(d), d);
}

/**
 * The version key (semantics/version.ts) of the value in `v`, or null when it is not a version. The
 * grammar is checked with the shared regular expression behind a `$type` guard (`$regexMatch` raises
 * on non-strings); PCRE's `$` also matches before a final newline, so a newline is refused apart.
 * Parts are split with `$split` and never converted to numbers (`$toInt` would overflow past 2^31):
 * their digit counts and digits make the key, so parts of any size compare exactly.
 */
function versionKeyExpr(v: string, names: Names): MongoExpr {
  const [b, m, d, p, q, r, x] = [1, 2, 3, 4, 5, 6, 7].map(() => names.next()) as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ];
  const digits = (s: string, as: string, body: MongoExpr) => ({
    $let: { vars: { [as]: { $ltrim: { input: s, chars: '0' } } }, in: body },
  });
  // `$indexOfCP` is not in mingo: `$split` finds the first `-` and the first `+` instead.
  const core = { $arrayElemAt: [`$$${d}`, 0] };
  const hasPre = { $gt: [{ $size: `$$${d}` }, 1] };
  // Parts up to the last non-zero one: zero parts wait in `z` until a non-zero part follows.
  const parts = {
    $let: {
      vars: {
        [r]: {
          $reduce: {
            input: {
              $map: {
                input: { $split: [core, '.'] },
                as: p,
                in: digits(`$$${p}`, x, concat('.', encodeNumber(`$$${x}`))),
              },
            },
            initialValue: { k: '', z: '' },
            in: {
              $cond: [
                { $eq: ['$$this', '.10'] },
                { k: '$$value.k', z: concat('$$value.z', '$$this') },
                { k: concat('$$value.k', '$$value.z', '$$this'), z: '' },
              ],
            },
          },
        },
      },
      in: `$$${r}.k`,
    },
  };
  const identifiers = {
    $reduce: {
      input: {
        $map: {
          input: {
            $split: [
              { $substrCP: [`$$${m}`, { $add: [{ $strLenCP: core }, 1] }, { $strLenCP: `$$${m}` }] },
              '.',
            ],
          },
          as: q,
          in: {
            $cond: [
              { $regexMatch: { input: `$$${q}`, regex: lit('^[0-9]+$') } },
              digits(`$$${q}`, x, concat(',1', encodeNumber(`$$${x}`))),
              concat(',2', `$$${q}`),
            ],
          },
        },
      },
      initialValue: '',
      in: concat('$$value', '$$this'),
    },
  };
  const key = {
    $let: {
      vars: {
        [b]: {
          $cond: [{ $eq: [{ $substrCP: [v, 0, 1] }, 'v'] }, { $substrCP: [v, 1, { $strLenCP: v }] }, v],
        },
      },
      in: {
        $let: {
          vars: { [m]: { $arrayElemAt: [{ $split: [`$$${b}`, '+'] }, 0] } },
          in: {
            $let: {
              vars: { [d]: { $split: [`$$${m}`, '-'] } },
              in: concat(parts, { $cond: [hasPre, concat('!', identifiers), '#'] }),
            },
          },
        },
      },
    },
  };
  const valid = {
    $and: [
      { $eq: [{ $size: { $split: [v, '\n'] } }, 1] },
      { $regexMatch: { input: v, regex: lit(VERSION_PATTERN) } },
    ],
  };
  return { $cond: [isType(v, 'string'), { $cond: [valid, key, null] }, null] };
}

/**
 * The version key of a top-level field (read by `$getField` on a literal name), or null when its value
 * is not a version: what a page sorts a version field by (the key `versionSortValue` gives in memory).
 */
export function versionSortExpr(field: string): MongoExpr {
  const names = new Names(Number.NaN);
  const f = names.next();
  return {
    $let: {
      vars: { [f]: { $getField: { field: { $literal: field }, input: '$$ROOT' } } },
      in: versionKeyExpr(`$$${f}`, names),
    },
  };
}

/** A version comparison: the value's key (null for a non-version: false) against the operand's. */
function versionExpr(v: string, cmp: '$eq' | '$gt' | '$gte' | '$lt' | '$lte', value: string, names: Names) {
  const k = names.next();
  return {
    $let: {
      vars: { [k]: versionKeyExpr(v, names) },
      in: {
        $and: [isType(`$$${k}`, 'string'), { [cmp]: [`$$${k}`, lit(versionKey(parseVersion(value)!))] }],
      },
    },
  };
}

/**
 * A time comparison of the instant in `t` (a number, or null for a value that is none: false) with
 * the operand's instant, a literal; `$ne` is `not` of this `$eq` (see `operatorExpr`).
 */
function timeExpr(op: TimeNode, t: string, asOf: number): MongoExpr {
  const c = comparisonOf(op);
  return { $and: [{ $isNumber: t }, { [`$${c === 'ne' ? 'eq' : c}`]: [t, lit(boundOf(op.instant, asOf))] }] };
}

/**
 * The expression of one operator; a negated one is `not` of its family's positive expression. `instant`
 * names the variable holding the value's instant when the caller computed it once for several time
 * comparisons.
 */
function operatorExpr(op: OperatorNode, v: string, names: Names, instant?: string): MongoExpr {
  const expr = byFamily<MongoExpr>(op, {
    equality: (op) => equals(v, op.value),
    order: (op) => ({ $and: [typeTest(v, op.value), { [`$${comparisonOf(op)}`]: [v, lit(op.value)] }] }),
    membership: (op) => member(v, op.values),
    like: (op) => ({
      $cond: [isType(v, 'string'), { $regexMatch: { input: v, regex: lit(likeToRegex(op.pattern)) } }, false],
    }),
    exists: (op) => (op.value ? not(isMissing(v)) : isMissing(v)),
    version: (op) => versionExpr(v, VERSION_OPERATORS[comparisonOf(op)], op.value, names),
    time: (op) => {
      if (instant !== undefined) return timeExpr(op, instant, names.asOf);
      const t = names.next();
      return {
        $let: { vars: { [t]: instantExpr(v, () => names.next()) }, in: timeExpr(op, `$$${t}`, names.asOf) },
      };
    },
    elemMatch: (op) =>
      // `{}` holds for every element; any other filter only for an object, read from that element.
      op.filter.clauses.length === 0
        ? true
        : { $cond: [isType(v, 'object'), filterExprAt(op.filter, v, names), false] },
  });
  return factsOf(op).negated ? not(expr) : expr;
}

/** The MongoDB comparison of a version comparison (`$vne` is `not $veq`). */
const VERSION_OPERATORS = { eq: '$eq', ne: '$eq', gt: '$gt', gte: '$gte', lt: '$lt', lte: '$lte' } as const;

/** Reads `steps` from the value in variable `v`, then tests the leaf with every operator. */
function pathExpr(
  steps: readonly PathStep[],
  v: string,
  ops: readonly OperatorNode[],
  names: Names,
): MongoExpr {
  const [step, ...rest] = steps;
  if (step === undefined) {
    // A range of instants (`$gte` and `$lt`) reads the value's instant once.
    if (ops.filter(isTimeNode).length < 2) return and(ops.map((op) => operatorExpr(op, v, names)));
    const t = names.next();
    return {
      $let: {
        vars: { [t]: instantExpr(v, () => names.next()) },
        in: and(ops.map((op) => operatorExpr(op, v, names, `$$${t}`))),
      },
    };
  }
  const name = names.next();
  const inner = pathExpr(rest, `$$${name}`, ops, names);
  switch (step.kind) {
    case 'key':
      // Null stands for missing: the two are the same value for every operator.
      return {
        $let: {
          vars: {
            [name]: { $cond: [isType(v, 'object'), { $getField: { field: lit(step.key), input: v } }, null] },
          },
          in: inner,
        },
      };
    case 'any':
      return {
        $cond: [{ $isArray: v }, { $anyElementTrue: [{ $map: { input: v, as: name, in: inner } }] }, false],
      };
    default:
      return assertNever(step, 'path step');
  }
}

function clauseExpr(clause: ClauseNode, root: string, names: Names): MongoExpr {
  switch (clause.kind) {
    case 'field':
      return pathExpr(clause.path, root, clause.operators, names);
    case 'and':
      return { $and: clause.filters.map((f) => filterExprAt(f, root, names)) };
    case 'or':
      return { $or: clause.filters.map((f) => filterExprAt(f, root, names)) };
    case 'not':
      return not(filterExprAt(clause.filter, root, names));
    default:
      return assertNever(clause, 'clause node');
  }
}

function filterExprAt(node: FilterNode, root: string, names: Names): MongoExpr {
  if (node.clauses.length === 0) return true;
  return and(node.clauses.map((c) => clauseExpr(c, root, names)));
}

/**
 * A validated filter as a boolean aggregation expression over `$$CURRENT`; `asOf` (ms) is the instant
 * its `$now` operands count from.
 */
export function filterToExpr(node: FilterNode, asOf: number): MongoExpr {
  return filterExprAt(node, '$$CURRENT', new Names(asOf));
}

/** One field clause as a boolean aggregation expression over `$$CURRENT`. */
export function fieldToExpr(
  path: readonly PathStep[],
  ops: readonly OperatorNode[],
  asOf: number,
): MongoExpr {
  return pathExpr(path, '$$CURRENT', ops, new Names(asOf));
}
