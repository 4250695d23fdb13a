import {
  type FieldNode,
  type FilterNode,
  OPERATOR_NAMES,
  PATH_SEPARATOR,
  type PathStep,
} from '../ast/nodes.js';
import { ownFilterError, pointer, restateAt } from '../errors.js';
import { DEFAULT_LIMITS, type Limits } from '../limits.js';
import { parseFilter } from '../parse/filter.js';
import { isPlainObject } from '../parse/operands.js';
import { parsePath } from '../parse/path.js';
import { checkPolicyDefinition, type PolicyCheck } from '../policy/check.js';
import { isResourceName, RESOURCES, type ValueType } from '../resources/descriptions.js';
import { checkField, type FieldProblem, type Resolution, recordType } from '../resources/schema.js';
import { k8sDetailsType } from './fields/k8s.js';
import type { K8sDetailsSchema } from './types.js';

/** One `path: { operators }` key of a filter in the document. */
export interface FieldSite {
  /** The parsed field (its path and operators). */
  readonly node: FieldNode;
  /** The key as written. */
  readonly key: string;
  /** JSON pointer of the key in the document. */
  readonly pointer: string;
  /** JSON pointers of the operators, in the order of `node.operators`. */
  readonly operatorPointers: readonly string[];
  /** What the path reads; absent when the policy's resource kind has no description. */
  readonly resolution?: Resolution;
  /** What the schema checker (resources/schema.ts) finds can never match; absent with `resolution`. */
  readonly problems?: readonly FieldProblem[];
  /** True when the path is under `details` and Kubernetes descriptors were supplied. */
  readonly k8s: boolean;
  /** True when the field is reached from its filter's root through `$and`s only (no `$or`/`$not`). */
  readonly conjunctive: boolean;
}

/** A filter of the definition (`query.filter` or a condition's `filter`). */
export interface FilterSite {
  /** JSON pointer of the filter. */
  readonly pointer: string;
  /** The parsed filter; absent when it does not parse (`fields` then holds the clauses that do). */
  readonly node?: FilterNode;
  readonly fields: readonly FieldSite[];
  /** True when the filter holds `$or` or `$not` somewhere (it is not a plain conjunction of fields). */
  readonly disjunctive: boolean;
}

/** Everything the checks look at, computed once per document. */
export interface PolicyModel {
  /** The document as given. */
  readonly document: unknown;
  /** The policy engine's verdict on the definition (its problems, its normalized form). */
  readonly check: PolicyCheck;
  /** `''` for a bare definition, `'/policy'` for a `{ policy: … }` body. */
  readonly base: string;
  /** The `resource` of the definition when it is a string. */
  readonly resource?: string;
  /** The type of a record of the resource, when its kind has a description. */
  readonly rootType?: ValueType;
  readonly k8s?: K8sDetailsSchema;
  /**
   * Every filter that is an object, in document order. Those that do not parse (`node` absent) list the
   * fields that do, so that their paths and types are still checked.
   */
  readonly filters: readonly FilterSite[];
  /**
   * Errors of the filters besides the first of each, which the policy engine reports: the parser stops
   * at the first, but a file's problems are reported in one pass.
   */
  readonly filterProblems: readonly FilterProblem[];
}

/** An error of one clause of a filter that does not parse. */
export interface FilterProblem {
  readonly code: string;
  readonly message: string;
  /** JSON pointer into the document. */
  readonly path: string;
}

/**
 * Where the fields of an `$elemMatch` filter continue: the path of its key (ending at the selector) and
 * that key as written. Their sites carry the whole path, so they are checked against the element's type.
 */
interface Prefix {
  readonly steps: readonly PathStep[];
  readonly key: string;
}

function elemMatchOperand(value: unknown): Record<string, unknown> | undefined {
  if (!isPlainObject(value) || !Object.hasOwn(value, ELEM_MATCH)) return undefined;
  const inner = value[ELEM_MATCH];
  return isPlainObject(inner) ? inner : undefined;
}

const ELEM_MATCH = OPERATOR_NAMES.elemMatch;

function collectFields(
  raw: Record<string, unknown>,
  at: string,
  conjunctive: boolean,
  out: FieldSite[],
  flags: { disjunctive: boolean },
  ctx: ModelContext,
  prefix?: Prefix,
): void {
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    const keyAt = pointer(at, key);
    if (key === '$and' || key === '$or') {
      if (key === '$or') flags.disjunctive = true;
      (value as unknown[]).forEach((item, i) => {
        collectFields(
          item as Record<string, unknown>,
          pointer(keyAt, i),
          conjunctive && key === '$and',
          out,
          flags,
          ctx,
          prefix,
        );
      });
    } else if (key === '$not') {
      flags.disjunctive = true;
      collectFields(value as Record<string, unknown>, keyAt, false, out, flags, ctx, prefix);
    } else {
      const parsed = parseFilter({ [key]: value }, ctx.parse).clauses[0] as FieldNode;
      const clause: FieldNode =
        prefix === undefined ? parsed : { ...parsed, path: [...prefix.steps, ...parsed.path] };
      const fullKey = prefix === undefined ? key : `${prefix.key}${PATH_SEPARATOR}${key}`;
      out.push({
        node: clause,
        key: fullKey,
        pointer: keyAt,
        operatorPointers: Object.keys(value as object).map((op) => pointer(keyAt, op)),
        conjunctive,
        ...ctx.resolveField(clause),
      });
      const inner = elemMatchOperand(value);
      if (inner !== undefined) {
        // Some element meets every field the inner filter requires: a conjunctive one is a fact about
        // "some element" of the whole path, like a field with a selector.
        collectFields(inner, pointer(keyAt, ELEM_MATCH), conjunctive, out, flags, ctx, {
          steps: clause.path,
          key: fullKey,
        });
      }
    }
  }
}

type Resolver = (node: FieldNode) => Pick<FieldSite, 'resolution' | 'problems' | 'k8s'>;

/** What the collectors need besides the filter: how to resolve a field, and the limits to parse under. */
interface ModelContext {
  readonly resolveField: Resolver;
  readonly parse: { readonly limits: Limits };
}

/**
 * Collects the fields of a filter that does not parse, clause by clause: each clause that parses is
 * collected as usual, each that does not adds its error, and `$and`/`$or`/`$not` holding objects are
 * entered so that every bad clause below them is found, not only the first.
 */
function collectTolerant(
  raw: Record<string, unknown>,
  at: string,
  conjunctive: boolean,
  out: FieldSite[],
  flags: { disjunctive: boolean },
  ctx: ModelContext,
  errors: FilterProblem[],
  prefix?: Prefix,
): void {
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    const keyAt = pointer(at, key);
    const one = { [key]: value };
    let error: unknown;
    try {
      parseFilter(one, ctx.parse);
    } catch (e) {
      error = e;
    }
    if (error === undefined) {
      collectFields(one, at, conjunctive, out, flags, ctx, prefix);
      continue;
    }
    const before = errors.length;
    if ((key === '$and' || key === '$or') && Array.isArray(value) && value.every(isPlainObject)) {
      if (key === '$or') flags.disjunctive = true;
      value.forEach((item, i) => {
        collectTolerant(
          item,
          pointer(keyAt, i),
          conjunctive && key === '$and',
          out,
          flags,
          ctx,
          errors,
          prefix,
        );
      });
    } else if (key === '$not' && isPlainObject(value)) {
      flags.disjunctive = true;
      collectTolerant(value, keyAt, false, out, flags, ctx, errors, prefix);
    } else if (!key.startsWith('$')) {
      const inner = elemMatchOperand(value);
      const steps = inner === undefined ? undefined : selectorPath(key, ctx.parse.limits);
      if (inner !== undefined && steps !== undefined) {
        const fullKey = prefix === undefined ? key : `${prefix.key}${PATH_SEPARATOR}${key}`;
        collectTolerant(inner, pointer(keyAt, ELEM_MATCH), false, out, flags, ctx, errors, {
          steps: [...(prefix?.steps ?? []), ...steps],
          key: fullKey,
        });
      }
    }
    // Nothing below explains the failure (an empty `$and`, nesting too deep…): report the clause's own.
    const own = ownFilterError(error);
    if (errors.length === before && own !== undefined) {
      // As the engine does: the message names its place relative to the filter; restate it in full.
      errors.push({ code: own.code, message: restateAt(own.message, own.path, at), path: at + own.path });
    }
  }
}

/** The steps of a key that parses and ends at a selector (where `$elemMatch` is allowed), else undefined. */
function selectorPath(key: string, limits: Limits): readonly PathStep[] | undefined {
  try {
    const steps = parsePath(key, '', limits);
    return steps[steps.length - 1]?.kind === 'any' ? steps : undefined;
  } catch {
    return undefined;
  }
}

/** The filters of a definition, as pointers and raw values (whether or not they parse). */
function rawFilters(def: unknown, base: string): { at: string; raw: unknown }[] {
  const out: { at: string; raw: unknown }[] = [];
  if (!isPlainObject(def)) return out;
  if (isPlainObject(def.query) && Object.hasOwn(def.query, 'filter')) {
    out.push({ at: pointer(base, 'query', 'filter'), raw: def.query.filter });
  }
  if (!isPlainObject(def.statusDefinitions)) return out;
  for (const [name, status] of Object.entries(def.statusDefinitions)) {
    if (!isPlainObject(status) || !Array.isArray(status.rules)) continue;
    status.rules.forEach((rule, r) => {
      if (!isPlainObject(rule) || !Array.isArray(rule.conditions)) return;
      rule.conditions.forEach((condition, c) => {
        if (!isPlainObject(condition) || !isPlainObject(condition.condition)) return;
        if (!Object.hasOwn(condition.condition, 'filter')) return;
        out.push({
          at: pointer(base, 'statusDefinitions', name, 'rules', r, 'conditions', c, 'condition', 'filter'),
          raw: condition.condition.filter,
        });
      });
    });
  }
  return out;
}

/** Builds the model of a document that is JSON data (acyclic, not too deep). */
export function buildModel(
  document: unknown,
  k8s: K8sDetailsSchema | undefined,
  limits: Limits = DEFAULT_LIMITS,
  check: PolicyCheck = checkPolicyDefinition(document, { limits }),
): PolicyModel {
  const wrapped =
    isPlainObject(document) &&
    Object.hasOwn(document, 'policy') &&
    !Object.hasOwn(document, 'statusDefinitions');
  const base = wrapped ? '/policy' : '';
  const def = wrapped ? (document as { policy: unknown }).policy : document;
  const resource = isPlainObject(def) && typeof def.resource === 'string' ? def.resource : undefined;
  let rootType = isResourceName(resource) ? recordType(RESOURCES[resource]) : undefined;
  // Kubernetes descriptors describe the `details` of components (clusters); certificates keep theirs.
  const useK8s = k8s !== undefined && rootType !== undefined && resource === 'component';
  if (useK8s && rootType?.type === 'object') {
    rootType = { ...rootType, fields: { ...rootType.fields, details: k8sDetailsType(k8s) } };
  }
  const resolveField: Resolver = (node) => {
    const first = node.path[0];
    const underDetails = first?.kind === 'key' && first.key === 'details';
    if (rootType === undefined) return { k8s: false };
    const { resolution, problems } = checkField(rootType, node.path, node.operators);
    return { resolution, problems, k8s: useK8s && underDetails };
  };
  const ctx: ModelContext = { resolveField, parse: { limits } };
  const filters: FilterSite[] = [];
  const filterProblems: FilterProblem[] = [];
  for (const { at, raw } of rawFilters(def, base)) {
    if (!isPlainObject(raw)) continue; // reported by the policy engine's check
    const fields: FieldSite[] = [];
    const flags = { disjunctive: false };
    let node: FilterNode | undefined;
    try {
      node = parseFilter(raw, ctx.parse);
    } catch {
      collectTolerant(raw, at, true, fields, flags, ctx, filterProblems);
      filters.push({ pointer: at, fields, disjunctive: flags.disjunctive });
      continue;
    }
    collectFields(raw, at, true, fields, flags, ctx);
    filters.push({ pointer: at, node, fields, disjunctive: flags.disjunctive });
  }
  // No prototype: the checks read the optional properties, which Object.prototype must not supply.
  return Object.assign(Object.create(null) as object, {
    document,
    check,
    base,
    filters,
    filterProblems,
    ...(resource === undefined ? {} : { resource }),
    ...(rootType === undefined ? {} : { rootType }),
    ...(k8s === undefined ? {} : { k8s }),
  });
}
