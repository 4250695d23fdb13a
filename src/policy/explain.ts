import {
  assertNever,
  type ClauseNode,
  type ElemMatchNode,
  type FieldNode,
  type FilterNode,
  isTimeNode,
  isVersionNode,
  OPERATOR_NAMES,
  type PathStep,
} from '../ast/nodes.js';
import {
  arrayEvery,
  arrayFind,
  arraySome,
  defineProperty,
  isArray,
  objectKeys,
  objectValues,
} from '../builtins.js';
import { compileClosures } from '../compile/closures.js';
import { boundOf, compileOperators } from '../compile/operators.js';
import { pointer } from '../errors.js';
import { printPath } from '../parse/path.js';
import { type FilterJson, printParsed } from '../parse/print.js';
import { isoOf } from '../semantics/time.js';
import { isObjectValue, readKey, readLeaf } from '../semantics/values.js';
import { type ParsedVersion, parseVersion } from '../semantics/version.js';
import type { NormalizedCondition, NormalizedPolicy, NormalizedRule, NormalizedStatus } from './check.js';
import type { PolicyResult } from './definition.js';
import type { NormalizedWaiver } from './waivers.js';

/** One value read at a field's path (one per selected element for selector paths). */
export interface FoundValue {
  /** False when the path reads nothing there (absent property, or a non-object on the way). */
  readonly found: boolean;
  /** The value read (a `Date` as its ISO string); `null` when not found. */
  readonly value: unknown;
  /** The element index chosen by each `__svcArrayAny__` selector of the path, outermost first. */
  readonly elements: readonly number[];
  /** RFC 6901 JSON pointer of the value in the resource, element indexes included (`/details/kubernetes/nodes/1/version`). */
  readonly at: string;
  /** Whether every operator of the field holds for this value. */
  readonly held: boolean;
  /**
   * Present when the field has a version operator: the value read as a version (its parts, pre-release,
   * build and normal form), or `null` when it is not one (then only `$vne` can hold).
   */
  readonly version?: ParsedVersion | null;
  /**
   * For a field with `$elemMatch`: its filter explained on this element (paths relative to the
   * element, pointers and element indexes from the resource). Absent when the filter is `{}` or the
   * element is not an object (then only `{}` holds for it).
   */
  readonly elemMatch?: FilterExplanation;
}

/** A field clause: `path: { operators }`. */
export interface FieldExplanation {
  readonly kind: 'field';
  readonly held: boolean;
  /** The path as written in the filter (`details$.kubernetes$.nodes$.__svcArrayAny__$.version`). */
  readonly path: string;
  /** The operator object as written (`{ "$lt": "1.29" }`). */
  readonly operators: FilterJson;
  /**
   * The values read: exactly one for a path without selectors (`found: false` when missing); one per
   * element reached for a selector path (none when the array is missing or empty, which fails).
   */
  readonly values: readonly FoundValue[];
  /** The first value for which the clause held (for selector paths: the element that matched), or `null`. */
  readonly matched: FoundValue | null;
  /** Present when the field has version operators: each operand parsed, by operator (`{ "$vlt": … }`). */
  readonly versions?: Readonly<Record<string, ParsedVersion>>;
  /**
   * Present when the field has instant operands (`{ "$lt": { "$now": "P30D" } }`): the instant each
   * stands for, by operator, ISO 8601 in UTC (`{ "$lt": "2026-12-27T10:00:00.000Z" }`); for `$now`,
   * the explanation's `asOf` plus the duration.
   */
  readonly instants?: Readonly<Record<string, string>>;
}

/** An `$and` or `$or` clause. */
export interface LogicalExplanation {
  readonly kind: 'and' | 'or';
  readonly held: boolean;
  readonly filters: readonly FilterExplanation[];
}

/** A `$not` clause. */
export interface NotExplanation {
  readonly kind: 'not';
  readonly held: boolean;
  readonly filter: FilterExplanation;
}

export type ClauseExplanation = FieldExplanation | LogicalExplanation | NotExplanation;

/** A filter: it holds when all its clauses hold. */
export interface FilterExplanation {
  readonly held: boolean;
  readonly clauses: readonly ClauseExplanation[];
}

/** One condition of a rule. */
export interface ConditionExplanation extends FilterExplanation {
  readonly index: number;
  /** JSON pointer of the condition's filter in the definition. */
  readonly path: string;
  /** The filter, as printed from its AST. */
  readonly filter: FilterJson;
}

/** One rule of a status: it holds when all its conditions hold. */
export interface RuleExplanation {
  readonly index: number;
  /** JSON pointer of the rule in the definition. */
  readonly path: string;
  readonly held: boolean;
  /** How many of its conditions failed. */
  readonly failed: number;
  readonly conditions: readonly ConditionExplanation[];
}

/** One status: reached when any of its rules holds. */
export interface StatusExplanation {
  readonly status: string;
  readonly criticality: number;
  readonly isDefault: boolean;
  readonly reached: boolean;
  readonly rules: readonly RuleExplanation[];
}

/** The rule of a non-default status that came closest to holding. */
export interface NearestMiss {
  readonly status: string;
  readonly ruleIndex: number;
  /** JSON pointer of the rule in the definition. */
  readonly path: string;
  /** How many conditions failed, out of `conditions`. */
  readonly failed: number;
  readonly conditions: number;
  /** The conditions that failed, with the values read. */
  readonly failedConditions: readonly ConditionExplanation[];
}

/** What {@link CompiledPolicy.explain} returns. */
export interface PolicyExplanation {
  readonly policy: string;
  /** The same result as `evaluate`. */
  readonly result: PolicyResult;
  /** The instant `$now` operands counted from (the policy's `asOf`), ISO 8601 in UTC. */
  readonly asOf: string;
  /** The scope (`query.filter`); `path` is `null` when the policy has none (everything is in scope). */
  readonly scope: FilterExplanation & { readonly path: string | null };
  /** Every status in definition order, every rule and condition, evaluated even when out of scope. */
  readonly statuses: readonly StatusExplanation[];
  /**
   * When the resource fell to the default status: the rule of another status that failed on the fewest
   * conditions (ties: higher criticality, then definition order, then rule order). `null` otherwise.
   */
  readonly nearestMiss: NearestMiss | null;
  /**
   * Present only when the result is waived: the waiver named (docs/waivers.md), with who accepted the
   * exception and why.
   */
  readonly waiver?: {
    readonly id: string;
    readonly expires: string;
    readonly owner: string;
    readonly reason: string;
    readonly ticket: string | null;
  };
}

/** Where the explained value sits in the resource: the root, or an element an `$elemMatch` chose. */
interface Base {
  readonly elements: readonly number[];
  readonly at: string;
}

const ROOT: Base = { elements: [], at: '' };

interface Leaf {
  readonly value: unknown;
  readonly elements: readonly number[];
  readonly at: string;
}

/**
 * Every leaf a path reaches, including missing ones (a selector's element without the key still counts:
 * `$exists: false` holds for it). A selector over anything but a non-empty array reaches nothing.
 */
function leaves(record: unknown, steps: readonly PathStep[], base: Base): Leaf[] {
  const out: Leaf[] = [];
  // An explicit stack, not recursion: nested selectors over large arrays stay off the call stack.
  const stack: Leaf[] = [{ value: record, elements: base.elements, at: base.at }];
  const depth: number[] = [0];
  while (stack.length > 0) {
    const { value, elements, at } = stack.pop()!;
    const i = depth.pop()!;
    if (i === steps.length) {
      out.push({ value, elements, at });
      continue;
    }
    const step = steps[i]!;
    if (step.kind === 'key') {
      stack.push({ value: readKey(value, step.key), elements, at: pointer(at, step.key) });
      depth.push(i + 1);
    } else if (isArray(value)) {
      for (let e = value.length - 1; e >= 0; e--) {
        stack.push({ value: value[e], elements: [...elements, e], at: pointer(at, e) });
        depth.push(i + 1);
      }
    }
  }
  return out;
}

/**
 * Containers nested deeper than this inside a value read are cut from the explanation: explanations are
 * made to be serialized, and `JSON.stringify` (like most serializers) recurses, so a record holding an
 * array nested 5,000 deep (a 10 KB line) would overflow the stack of whoever prints the explanation.
 */
export const EXPLAIN_VALUE_DEPTH = 64;

/** What replaces a container nested deeper than {@link EXPLAIN_VALUE_DEPTH} in an explained value. */
export const CUT_VALUE = '[nested too deep]';

/**
 * Containers an explained value may hold before the rest is cut: a cyclic object handed to the API
 * (records from files cannot be cyclic) would otherwise be copied once per path through it.
 */
const EXPLAIN_VALUE_CONTAINERS = 100_000;

/**
 * Whether `value` must be cut: it nests deeper than `limit`, or holds more containers than the budget.
 * Iterative, so any depth is safe.
 */
function mustCut(value: unknown, limit: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  let containers = 0;
  while (stack.length > 0) {
    const [v, depth] = stack.pop()!;
    if (typeof v !== 'object' || v === null || v instanceof Date) continue;
    if (depth >= limit || ++containers > EXPLAIN_VALUE_CONTAINERS) return true;
    const children = isArray(v) ? v : objectValues(v);
    for (let i = 0; i < children.length; i++) stack.push([children[i], depth + 1]);
  }
  return false;
}

/**
 * A copy of `value` in which containers below `limit` levels, and those past the budget, are
 * {@link CUT_VALUE}. Recurses at most `limit` deep.
 */
function cut(value: unknown, limit: number, budget: { left: number }): unknown {
  if (typeof value !== 'object' || value === null || value instanceof Date) return value;
  if (limit === 0 || budget.left-- <= 0) return CUT_VALUE;
  if (isArray(value)) return value.map((v) => cut(v, limit - 1, budget));
  const out: Record<string, unknown> = {};
  for (const key of objectKeys(value)) {
    defineProperty(out, key, {
      value: cut((value as Record<string, unknown>)[key], limit - 1, budget),
      enumerable: true,
      writable: true,
      configurable: true,
    });
  }
  return out;
}

/** A value read, as an explanation shows it: itself, unless it nests deeper than the explanation allows. */
function shown(value: unknown): unknown {
  return mustCut(value, EXPLAIN_VALUE_DEPTH)
    ? cut(value, EXPLAIN_VALUE_DEPTH, { left: EXPLAIN_VALUE_CONTAINERS })
    : value;
}

function explainField(clause: FieldNode, record: unknown, base: Base, asOf: number): FieldExplanation {
  const test = compileOperators(clause.operators, (n) => compileClosures(n, asOf), asOf);
  const path = printPath(clause.path);
  const versionOps = clause.operators.filter(isVersionNode);
  const inner = (arrayFind(clause.operators, (op) => op.kind === 'elemMatch') as ElemMatchNode | undefined)
    ?.filter;
  const values = leaves(record, clause.path, base).map((leaf): FoundValue => {
    const value = readLeaf(leaf.value);
    const found: FoundValue = {
      found: value !== undefined,
      value: value === undefined ? null : shown(value),
      elements: leaf.elements,
      at: leaf.at,
      held: test(value),
    };
    const read: FoundValue =
      versionOps.length === 0
        ? found
        : { ...found, version: typeof value === 'string' ? (parseVersion(value) ?? null) : null };
    if (inner === undefined || inner.clauses.length === 0 || !isObjectValue(value)) return read;
    return { ...read, elemMatch: explainFilter(inner, value, asOf, leaf) };
  });
  const matched = arrayFind(values, (v) => v.held) ?? null;
  const operators = printParsed({ kind: 'filter', clauses: [clause] })[path] as FilterJson;
  const explained: FieldExplanation = {
    kind: 'field',
    held: matched !== null,
    path,
    operators,
    values,
    matched,
  };
  const timeOps = clause.operators.filter(isTimeNode);
  const timed: FieldExplanation =
    timeOps.length === 0
      ? explained
      : {
          ...explained,
          instants: Object.fromEntries(
            timeOps.map((op) => [OPERATOR_NAMES[op.kind], isoOf(boundOf(op.instant, asOf))] as const),
          ),
        };
  if (versionOps.length === 0) return timed;
  // The parser accepted every operand as a version, so each parses.
  const versions = Object.fromEntries(
    versionOps.map((op) => [OPERATOR_NAMES[op.kind], parseVersion(op.value)!] as const),
  );
  return { ...timed, versions };
}

function explainClause(clause: ClauseNode, record: unknown, base: Base, asOf: number): ClauseExplanation {
  switch (clause.kind) {
    case 'field':
      return explainField(clause, record, base, asOf);
    case 'and': {
      const filters = clause.filters.map((f) => explainFilter(f, record, asOf, base));
      return { kind: 'and', held: arrayEvery(filters, (f) => f.held), filters };
    }
    case 'or': {
      const filters = clause.filters.map((f) => explainFilter(f, record, asOf, base));
      return { kind: 'or', held: arraySome(filters, (f) => f.held), filters };
    }
    case 'not': {
      const filter = explainFilter(clause.filter, record, asOf, base);
      return { kind: 'not', held: !filter.held, filter };
    }
    default:
      return assertNever(clause, 'clause node');
  }
}

/**
 * Explains a filter clause by clause (all of them, not stopping at the first failure), its `$now`
 * operands counting from `asOf` (ms). `base` places `record` in the resource when it is an element
 * chosen by `$elemMatch`.
 */
export function explainFilter(
  node: FilterNode,
  record: unknown,
  asOf: number,
  base: Base = ROOT,
): FilterExplanation {
  const clauses = node.clauses.map((c) => explainClause(c, record, base, asOf));
  return { held: arrayEvery(clauses, (c) => c.held), clauses };
}

function explainCondition(
  condition: NormalizedCondition,
  index: number,
  record: unknown,
  asOf: number,
): ConditionExplanation {
  return {
    index,
    path: condition.path,
    filter: printParsed(condition.filter),
    ...explainFilter(condition.filter, record, asOf),
  };
}

function explainRule(rule: NormalizedRule, index: number, record: unknown, asOf: number): RuleExplanation {
  const conditions = rule.conditions.map((c, i) => explainCondition(c, i, record, asOf));
  const failed = conditions.filter((c) => !c.held).length;
  return { index, path: rule.path, held: failed === 0, failed, conditions };
}

function explainStatus(status: NormalizedStatus, record: unknown, asOf: number): StatusExplanation {
  const rules = status.rules.map((r, i) => explainRule(r, i, record, asOf));
  return {
    status: status.name,
    criticality: status.criticality,
    isDefault: status.isDefault,
    reached: arraySome(rules, (r) => r.held),
    rules,
  };
}

function nearestMiss(statuses: readonly StatusExplanation[]): NearestMiss | null {
  let best: { status: StatusExplanation; rule: RuleExplanation } | null = null;
  for (const status of statuses) {
    if (status.isDefault) continue;
    for (const rule of status.rules) {
      const better =
        best === null ||
        rule.failed < best.rule.failed ||
        (rule.failed === best.rule.failed && status.criticality > best.status.criticality);
      if (better) best = { status, rule };
    }
  }
  if (best === null) return null;
  return {
    status: best.status.status,
    ruleIndex: best.rule.index,
    path: best.rule.path,
    failed: best.rule.failed,
    conditions: best.rule.conditions.length,
    failedConditions: best.rule.conditions.filter((c) => !c.held),
  };
}

/**
 * Explains the result of one resource; `result` is what the compiled evaluator returned for it at the
 * instant `asOf` (ms).
 */
export function explainPolicy(
  policy: NormalizedPolicy,
  result: PolicyResult,
  record: unknown,
  asOf: number,
  waiver: NormalizedWaiver | null = null,
): PolicyExplanation {
  const scope = { path: policy.scopePath, ...explainFilter(policy.scope, record, asOf) };
  const statuses = policy.statuses.map((s) => explainStatus(s, record, asOf));
  const fellToDefault = result.applicable && result.matched === null;
  return {
    policy: policy.name,
    result,
    asOf: isoOf(asOf),
    scope,
    statuses,
    nearestMiss: fellToDefault ? nearestMiss(statuses) : null,
    ...(waiver === null
      ? {}
      : {
          waiver: {
            id: waiver.id,
            expires: isoOf(waiver.expiresMs),
            owner: waiver.owner,
            reason: waiver.reason,
            ticket: waiver.ticket,
          },
        }),
  };
}
