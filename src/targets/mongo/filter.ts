import {
  assertNever,
  type ClauseNode,
  type FilterNode,
  isTimeNode,
  isVersionNode,
  type OperatorNode,
  type PathStep,
} from '../../ast/nodes.js';
import {
  arrayEvery,
  arrayFind,
  arrayFindIndex,
  arraySome,
  hasOwn,
  objectKeys,
  setHas,
  stringIncludes,
  weakMapGet,
  weakMapSet,
} from '../../builtins.js';
import { answersOf, byFamily, comparisonOf, factsOf } from '../../semantics/operators.js';
import { fieldToExpr } from './expr.js';
import { leafConstants } from './leaf.js';
import type { ScalarKnowledge } from './options.js';
import { likeToRegex } from './regex.js';

/**
 * Filters as MongoDB query documents. MongoDB reads `a.b` through arrays at every level and compares
 * array fields element by element; our semantics treat arrays as values. Each path therefore carries
 * guards, decided at translation time from two constants of the operator object (what it gives for a
 * missing value and for an array, see leaf.ts):
 *
 * - intermediate prefixes: when a missing value fails, every prefix must not be an array
 *   (`{ a: { $not: { $type: 'array' } } }`); when it passes, an array prefix is an alternative
 *   (`{ $or: [{ a: { $type: 'array' } }, …] }`), since reading through it gives missing;
 * - the leaf: the same, with the array constant;
 * - a selector ending the path (or followed by selectors) becomes `$elemMatch` in operator form, with
 *   the element's own array guard; a selector followed by keys becomes an exact `$expr` behind an
 *   index-friendly prefilter (see `elementAlternatives`).
 *
 * Once the prefixes are known not to be arrays, MongoDB resolves the path to one value, and on one
 * non-array value its operators are exact: `$eq`/`$in` never convert types, `$gt`… compare only within
 * a type (strings by code point under the default binary collation), `$eq: null` is "null or missing".
 *
 * A clause that the query language cannot state exactly (keys with `.` or a leading `$`, or keys
 * below a selector) is written as `$expr` over our own aggregation expression (expr.ts): exact, but
 * served by an index only through the prefilter.
 */

/** A MongoDB query document. */
export type MongoQuery = { [key: string]: unknown };

/** Matches nothing: `{}` matches everything, and `$nor` negates it. */
export const MATCH_NOTHING: MongoQuery = { $nor: [{}] };

const NOT_ARRAY = { $not: { $type: 'array' } };
const IS_ARRAY = { $type: 'array' };

/** A key MongoDB would read as something else: a path (`.`), an operator (`$`), or not at all (NUL). */
function isPlainKey(key: string): boolean {
  return !stringIncludes(key, '.') && key[0] !== '$' && !stringIncludes(key, '\0');
}

/** Conjunction; one object when the keys do not collide (easier to read, same meaning). */
function allOf(queries: readonly MongoQuery[]): MongoQuery {
  if (queries.length === 0) return {};
  if (queries.length === 1) return queries[0]!;
  const merged: MongoQuery = {};
  for (const q of queries) {
    for (const key of objectKeys(q)) {
      if (hasOwn(merged, key)) return { $and: [...queries] };
      merged[key] = q[key];
    }
  }
  return merged;
}

function anyOf(queries: readonly MongoQuery[]): MongoQuery {
  if (queries.length === 0) return MATCH_NOTHING;
  return queries.length === 1 ? queries[0]! : { $or: [...queries] };
}

/**
 * Candidate encodings of one operator on a single non-array value, first choice first. Alternatives
 * exist so that an operator object with, say, `$ne` and `$exists: true` can still be written as one
 * operator object (which an `$elemMatch` on scalars requires).
 */
function encodings(op: OperatorNode): ReadonlyArray<readonly [string, unknown]> {
  const negated = factsOf(op).negated;
  return byFamily<ReadonlyArray<readonly [string, unknown]>>(op, {
    equality: (op) =>
      negated
        ? [
            ['$ne', op.value],
            ['$nin', [op.value]],
          ]
        : [
            ['$eq', op.value],
            ['$in', [op.value]],
          ],
    order: (op) => [[`$${comparisonOf(op)}`, op.value]],
    membership: (op) => [[negated ? '$nin' : '$in', [...op.values]]],
    like: (op) => [['$regex', likeToRegex(op.pattern)]],
    exists: (op) =>
      op.value
        ? [
            ['$ne', null],
            ['$nin', [null]],
          ]
        : [
            ['$eq', null],
            ['$in', [null]],
          ],
    // The query language cannot compare versions (`pathQuery` sends them to `$expr`); this is only
    // the prefilter's necessary condition: the value is a string.
    version: () => [['$type', 'string']],
    // Nor instants: the prefilter's necessary condition is that the value may be one.
    time: () => [['$type', ['string', 'date']]],
    // No operator object says it: see `fieldQuery`.
    elemMatch: () => [],
  });
}

/** The operators as one operator object, or undefined when two of them need the same name. */
function operatorObject(ops: readonly OperatorNode[], taken: readonly string[]): MongoQuery | undefined {
  const out: MongoQuery = {};
  const used = new Set(taken);
  for (const op of ops) {
    const choice = arrayFind(encodings(op), ([name]) => !setHas.call(used, name));
    if (choice === undefined) return undefined;
    used.add(choice[0]);
    out[choice[0]] = choice[1];
  }
  return out;
}

/** The operators on the single non-array value at `field`, as one query. */
function leafQuery(field: string, ops: readonly OperatorNode[], guard: boolean): MongoQuery {
  const taken = guard ? ['$not'] : [];
  const single = operatorObject(ops, taken);
  if (single !== undefined) return { [field]: guard ? { ...NOT_ARRAY, ...single } : single };
  const parts = ops.map((op) => ({ [field]: operatorObject([op], [])! }));
  return allOf(guard ? [{ [field]: NOT_ARRAY }, ...parts] : parts);
}

interface Context {
  readonly known: ScalarKnowledge;
  /** The instant (ms) `$now` operands count from. */
  readonly asOf: number;
}

/** Thrown inside the translation of one clause when the query language cannot state it exactly. */
class NeedsExpr extends Error {}

function need(ok: boolean): void {
  if (!ok) throw new NeedsExpr();
}

/**
 * `steps` (no leading selector), relative to the current document, with `base` the steps before it
 * (for field knowledge).
 */
function pathQuery(
  base: readonly PathStep[],
  steps: readonly PathStep[],
  ops: readonly OperatorNode[],
  ctx: Context,
): MongoQuery {
  const selector = arrayFindIndex(steps, (s) => s.kind === 'any');
  const keys = (selector < 0 ? steps : steps.slice(0, selector)).map((s) => (s.kind === 'key' ? s.key : ''));
  need(
    keys.length > 0 &&
      arrayEvery(keys, isPlainKey) &&
      !arraySome(ops, (op) => isVersionNode(op) || isTimeNode(op)),
  );
  const prefixes: string[] = [];
  const arrayPrefixes: string[] = [];
  for (let i = 0; i < keys.length - 1; i++) {
    const field = keys.slice(0, i + 1).join('.');
    prefixes.push(field);
    if (!ctx.known([...base, ...steps.slice(0, i + 1)])) arrayPrefixes.push(field);
  }
  const field = keys.join('.');
  const here = [...base, ...steps.slice(0, keys.length)];

  if (selector < 0) {
    const { onMissing, onArray } = leafConstants(ops);
    const leafKnown = ctx.known(here);
    let test: MongoQuery;
    if (leafKnown) test = leafQuery(field, ops, false);
    else if (!onArray) test = leafQuery(field, ops, true);
    else test = anyOf([{ [field]: IS_ARRAY }, leafQuery(field, ops, false)]);
    // Reading through an array prefix gives missing: it fails or passes with the missing constant.
    if (onMissing) return anyOf([...arrayPrefixes.map((p) => ({ [p]: IS_ARRAY })), test]);
    return allOf([...arrayPrefixes.map((p) => ({ [p]: NOT_ARRAY })), test]);
  }

  // A selector: the value at `field` must be an array (so the prefixes must not be), and some element
  // must satisfy the rest. `$elemMatch` alone checks that the value is an array.
  const guards = arrayPrefixes.map((p) => ({ [p]: NOT_ARRAY }));
  const elementBase = [...here, steps[selector]!];
  const rest = steps.slice(selector + 1);
  const alternatives = elementAlternatives(elementBase, rest, ops, ctx).map((m) => ({ [field]: m }));
  return allOf([...guards, anyOf(alternatives)]);
}

/**
 * "Some element satisfies `rest`", as a disjunction of `{ $elemMatch: … }` operator objects: an
 * existential distributes over "or", which lets "the element is an array, or …" be split into
 * separate `$elemMatch`es where one operator object could not say it.
 */
function elementAlternatives(
  base: readonly PathStep[],
  rest: readonly PathStep[],
  ops: readonly OperatorNode[],
  ctx: Context,
): MongoQuery[] {
  const [head] = rest;
  if (head === undefined || head.kind === 'any') {
    // The element itself is compared (or is the next array): operator form of `$elemMatch`, whose
    // operators compare the element as a whole (MongoDB does not traverse nested arrays there; mingo
    // does, and the explicit array guard makes both agree).
    return valueAlternatives(base, rest, ops, ctx).map((alt) => ({ $elemMatch: alt }));
  }
  // Document form (`{ $elemMatch: { x: … } }`) is not used: MongoDB skips elements that are scalars
  // and reads an array element as a document keyed "0", "1"…, while mingo reads every path of a
  // scalar element as the scalar itself and reads through array elements. No document-form query
  // means the same in both, so the clause is an exact `$expr` behind an index-friendly prefilter.
  throw new NeedsExpr();
}

/** Operator objects for the element itself (`rest` empty) or for nested selectors. */
function valueAlternatives(
  base: readonly PathStep[],
  rest: readonly PathStep[],
  ops: readonly OperatorNode[],
  ctx: Context,
): MongoQuery[] {
  const [head, ...tail] = rest;
  if (head === undefined) {
    const known = ctx.known(base);
    const { onArray } = leafConstants(ops);
    const guard = !known && !onArray;
    const single = operatorObject(ops, guard ? ['$not'] : []);
    need(single !== undefined);
    if (guard) return [{ ...NOT_ARRAY, ...single }];
    return known ? [single!] : [IS_ARRAY, single!];
  }
  need(head.kind === 'any');
  return valueAlternatives([...base, head], tail, ops, ctx).map((alt) => ({ $elemMatch: alt }));
}

function fieldQuery(path: readonly PathStep[], ops: readonly OperatorNode[], ctx: Context): MongoQuery {
  // A document is never an array: a selector at the root has no elements.
  if (path[0]?.kind === 'any') return MATCH_NOTHING;
  const exact = () => allOf([...prefilter(path, ops), { $expr: fieldToExpr(path, ops, ctx.asOf) }]);
  // MongoDB's own `$elemMatch` (document form) skips scalar elements but reads an array element as a
  // document keyed "0", "1"…, and mingo reads every field of a scalar element as the scalar itself:
  // neither is ours, so the exact expression decides, behind a native `$elemMatch` prefilter.
  if (arraySome(ops, (op) => op.kind === 'elemMatch')) return exact();
  try {
    return pathQuery([], path, ops, ctx);
  } catch (error) {
    if (!(error instanceof NeedsExpr)) throw error;
    return exact();
  }
}

/** Operators that can only hold for a present value of the operand's type. */
function isPositive(op: OperatorNode): boolean {
  return answersOf(op).positive(op);
}

/**
 * A necessary condition that an index can serve, in front of an `$expr`: the path written with
 * `$elemMatch` for each selector (`{ users: { $elemMatch: { name: { $eq: 'admin' } } } }` for
 * `users$.__svcArrayAny__$.name`) and the positive operators, unguarded, on the leaf. It is implied by
 * the clause in MongoDB: where our path reaches a value, MongoDB's reaches it too (its dotted paths
 * read through arrays, its document-form `$elemMatch` reads an object element's fields, its operator
 * form compares the element itself), and a positive operator that holds for our value holds there.
 * mingo reads more still (through array elements, and a scalar element as every field), so it is
 * implied there as well. Without guards it may admit documents the clause rejects; the `$expr`
 * decides. One `$elemMatch` also asks one element to satisfy every positive operator, so
 * `{ $gte: 10, $lt: 20 }` narrows to elements in the range, not to arrays with a small and a large one.
 */
function prefilter(path: readonly PathStep[], ops: readonly OperatorNode[]): MongoQuery[] {
  if (arraySome(path, (s) => s.kind === 'key' && !isPlainKey(s.key))) return [];
  const leaves: MongoQuery[] = [];
  const positive = ops.filter(isPositive);
  const scalar = positive.length === 0 ? undefined : operatorObject(positive, []);
  if (scalar !== undefined) leaves.push(scalar);
  for (const op of ops) {
    if (op.kind !== 'elemMatch') continue;
    const element = elementPrefilter(op.filter);
    if (element.length > 0) leaves.push(allOf(element));
  }
  return leaves.flatMap((leaf): MongoQuery[] => {
    const query = documentCondition(path, leaf);
    return query === undefined ? [] : [query];
  });
}

/**
 * Document-form conditions that an object element satisfying `filter` meets in MongoDB (and mingo):
 * the prefilters of the fields it requires (through `$and`, not `$or`/`$not`). Under a selector they
 * become one `{ $elemMatch: { … } }`, which asks one element to meet them all, as ours does.
 */
function elementPrefilter(filter: FilterNode): MongoQuery[] {
  return filter.clauses.flatMap((clause): MongoQuery[] => {
    switch (clause.kind) {
      case 'field':
        return clause.path[0]?.kind === 'key' ? prefilter(clause.path, clause.operators) : [];
      case 'and':
        return clause.filters.flatMap(elementPrefilter);
      case 'or':
      case 'not':
        return [];
      default:
        return assertNever(clause, 'clause node');
    }
  });
}

/** `steps` (starting with a key) from a document, as a document-form condition. */
function documentCondition(steps: readonly PathStep[], leaf: MongoQuery): MongoQuery | undefined {
  const selector = arrayFindIndex(steps, (s) => s.kind === 'any');
  const keys = selector < 0 ? steps : steps.slice(0, selector);
  if (keys.length === 0) return undefined;
  const field = keys.map((s) => (s.kind === 'key' ? s.key : '')).join('.');
  const value = valueCondition(selector < 0 ? [] : steps.slice(selector), leaf);
  return value === undefined ? undefined : { [field]: value };
}

/** `steps` (empty, or starting with a selector) from a value, as an operator-form condition. */
function valueCondition(steps: readonly PathStep[], leaf: MongoQuery): MongoQuery | undefined {
  const [head, ...rest] = steps;
  if (head === undefined) return leaf;
  if (head.kind !== 'any') return undefined;
  const element =
    rest[0] === undefined || rest[0].kind === 'any'
      ? valueCondition(rest, leaf)
      : documentCondition(rest, leaf);
  return element === undefined ? undefined : { $elemMatch: element };
}

function clauseQuery(clause: ClauseNode, ctx: Context): MongoQuery {
  switch (clause.kind) {
    case 'field':
      return fieldQuery(clause.path, clause.operators, ctx);
    case 'and':
      return allOf(clause.filters.map((f) => filterQuery(f, ctx)));
    case 'or':
      return anyOf(clause.filters.map((f) => filterQuery(f, ctx)));
    case 'not':
      // Query predicates are two-valued, so `$nor` is the exact complement (unlike `$not` on a field,
      // which MongoDB applies per element).
      return { $nor: [filterQuery(clause.filter, ctx)] };
    default:
      return assertNever(clause, 'clause node');
  }
}

export function filterQuery(
  node: FilterNode,
  ctx: Context,
  memo?: WeakMap<ClauseNode, MongoQuery>,
): MongoQuery {
  if (memo === undefined) return allOf(node.clauses.map((c) => clauseQuery(c, ctx)));
  // Clauses shared by many filters (the negated statuses of a policy's partitions) translate once.
  return allOf(
    node.clauses.map((c) => {
      let q = weakMapGet.call(memo, c) as MongoQuery | undefined;
      if (q === undefined) {
        q = clauseQuery(c, ctx);
        weakMapSet.call(memo, c, q);
      }
      return q;
    }),
  );
}
