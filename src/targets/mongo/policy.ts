import type { ClauseNode, FilterNode } from '../../ast/nodes.js';
import { mapGet, option, ownOptions, setHas, stringIncludes, stringStartsWith } from '../../builtins.js';
import { FilterError } from '../../errors.js';
import { checkPolicyDefinition, type NormalizedPolicy, type NormalizedStatus } from '../../policy/check.js';
import type { PolicyDefinition, PolicyRequestBody } from '../../policy/definition.js';
import { PolicyError } from '../../policy/errors.js';
import { readWaivers, waiversOf } from '../../policy/waivers.js';
import { filterToExpr, type MongoExpr } from './expr.js';
import { filterQuery, type MongoQuery } from './filter.js';
import { checkMongoLimits } from './limits.js';
import { type MongoOptions, resolveKnowledge } from './options.js';
import { translationAsOf } from './time.js';
import type { MongoStage } from './types.js';

/** Options of {@link policyToMongo}. */
export interface MongoPolicyOptions extends MongoOptions {
  /** Field that `addStatusStage` writes the status into. Default `policyStatus`. */
  readonly statusField?: string;
  /**
   * Waivers (a waiver file's `{ waivers: [ … ] }` or the list; docs/waivers.md): `addWaiverStage` then
   * marks documents. Their values are literals of the stage; expiry is decided at the translation's asOf.
   */
  readonly waivers?: unknown;
  /** Field that `addWaiverStage` writes the waiver id into (`null` when none). Default `policyWaiver`. */
  readonly waiverField?: string;
}

/** The documents that receive one status. */
export interface MongoPartition {
  readonly status: string;
  readonly query: MongoQuery;
}

/** The result of {@link policyToMongo}. */
export interface MongoPolicy {
  /** One query per status, in definition order: disjoint, and together exactly the scope. */
  readonly partitions: readonly MongoPartition[];
  /** An `$addFields` stage setting the status field (null for documents outside the scope). */
  readonly addStatusStage: { readonly $addFields: { readonly [field: string]: MongoExpr } };
  /**
   * With the `waivers` option only: an `$addFields` stage, to follow `addStatusStage`, setting the
   * waiver field to the id of the waiver that marks the document (`null` when none), as memory does.
   */
  readonly addWaiverStage?: { readonly $addFields: { readonly [field: string]: MongoExpr } };
}

/**
 * Field names that are plain for MongoDB but not for the JavaScript that builds and reads the stage:
 * `{ [field]: … }` with `__proto__` sets a prototype, and `constructor`/`prototype` read back through
 * the prototype chain in most consumers. The filter language refuses these segments too.
 */
const FORBIDDEN_FIELDS: ReadonlySet<string> = new Set(['__proto__', 'constructor', 'prototype']);

const NOTHING: FilterNode = {
  kind: 'filter',
  clauses: [{ kind: 'not', filter: { kind: 'filter', clauses: [] } }],
};

function or(filters: readonly FilterNode[]): FilterNode {
  if (filters.length === 0) return NOTHING;
  if (filters.length === 1) return filters[0]!;
  return { kind: 'filter', clauses: [{ kind: 'or', filters }] };
}

function and(filters: readonly FilterNode[]): FilterNode {
  return { kind: 'filter', clauses: filters.flatMap((f) => f.clauses) };
}

function not(filter: FilterNode): FilterNode {
  return { kind: 'filter', clauses: [{ kind: 'not', filter } satisfies ClauseNode] };
}

/** "The status is reached": one of its rules holds, a rule holding when all its conditions do. */
function reached(status: NormalizedStatus): FilterNode {
  return or(status.rules.map((rule) => and(rule.conditions.map((c) => c.filter))));
}

interface SwitchBranch {
  readonly case: MongoExpr;
  readonly then: MongoExpr;
}

export function branch(test: MongoExpr, value: MongoExpr): SwitchBranch {
  // biome-ignore lint/suspicious/noThenProperty: MongoDB's `$switch` names the branch result `then`.
  return { case: test, then: value };
}

/**
 * Pushes a policy down to MongoDB: one query per status selecting exactly the documents that get it,
 * and an aggregation stage computing the status, with the meaning of `compilePolicy` (whose
 * validation it uses: an invalid definition throws the same `PolicyError`). A status is reached when one of its rules holds (a
 * rule holds when all its conditions hold); among the reached statuses the highest criticality wins,
 * on equal criticality the first defined; when none is reached, the default status applies. Documents
 * outside the scope (`query.filter`) are in no partition and get a null status. One `asOf` (the
 * option, or the clock read once) is the instant of every `$now` in the partitions and the stage.
 *
 * @example
 * const { partitions, addStatusStage } = policyToMongo({
 *   name: 'postgres versions',
 *   statusDefinitions: {
 *     ok: { isDefault: true, criticality: 10 },
 *     stale: { isDefault: false, criticality: 20, rules: [{ conditions: [{ type: 'filter', condition: { filter: { version: { $lt: '14' } } } }] }] },
 *   },
 *   query: { filter: { technology: { $eq: 'postgres' } } },
 * });
 * await components.aggregate([{ $match: partitions[1].query }]).toArray(); // the stale ones
 * await components.aggregate([addStatusStage]).toArray(); // every document with its policyStatus
 */
export function policyToMongo<T>(
  policy: PolicyDefinition<T> | PolicyRequestBody<T>,
  options?: MongoPolicyOptions,
): MongoPolicy;
/** Any input, checked at run time only. */
export function policyToMongo(policy: unknown, options?: MongoPolicyOptions): MongoPolicy;
export function policyToMongo(policy: unknown, given?: MongoPolicyOptions): MongoPolicy {
  const options = ownOptions(given);
  const field = plainField(options.statusField ?? 'policyStatus', 'statusField');
  // One instant for every partition and the status stage: they agree on every document.
  const asOf = translationAsOf(options);
  // The policy engine's validation: the same definitions are accepted, with the same problems.
  const { problems, definition } = checkPolicyDefinition(policy, options);
  if (definition === undefined) throw new PolicyError(problems);
  const { statuses } = definition;
  checkMongoLimits(definition.scope, definition.scopePath ?? '');
  for (const status of statuses) {
    for (const rule of status.rules) for (const c of rule.conditions) checkMongoLimits(c.filter, c.path);
  }
  const scope = definition.scope.clauses.length === 0 ? undefined : definition.scope;
  // The order `compilePolicy` evaluates in: highest criticality first, definition order among equals.
  const ranked = statuses
    .filter((s) => s.rules.length > 0)
    .sort((a, b) => b.criticality - a.criticality || a.index - b.index)
    .map((s) => ({ name: s.name, match: reached(s) }));
  const inScope = (f: FilterNode) => (scope === undefined ? f : and([scope, f]));

  // Status k wins where it is reached and no higher one is: its partition repeats the negations of all
  // those above it. The negations are built once and translated once (`memo`), so a policy of
  // thousands of statuses costs the references, not thousands of translations of each.
  const negated = ranked.map((s) => not(s.match));
  const winner = new Map<string, FilterNode>();
  for (const [k, s] of ranked.entries()) {
    winner.set(s.name, and([s.match, ...negated.slice(0, k)]));
  }
  const none = and(negated);
  const ctx = { known: resolveKnowledge(options), asOf };
  const memo = new WeakMap<ClauseNode, MongoQuery>();
  const partitions = statuses.map((s) => {
    const wins = mapGet.call(winner, s.name);
    const gets = s.isDefault ? (wins === undefined ? none : or([wins, none])) : (wins ?? NOTHING);
    return { status: s.name, query: filterQuery(inScope(gets), ctx, memo) };
  });

  const defaultName = definition.defaultStatus.name;
  // Aggregation expressions, not query documents: `$switch` cases cannot hold query operators. The
  // status name is a literal, so a name like "$foo" is never read as a field path.
  const branches: SwitchBranch[] = [];
  if (scope !== undefined) branches.push(branch({ $not: [filterToExpr(scope, asOf)] }, null));
  for (const s of ranked) branches.push(branch(filterToExpr(s.match, asOf), { $literal: s.name }));
  const value: MongoExpr =
    branches.length === 0
      ? { $literal: defaultName }
      : { $switch: { branches, default: { $literal: defaultName } } };
  const waivers = option(options, 'waivers');
  if (waivers === undefined) return { partitions, addStatusStage: { $addFields: { [field]: value } } };
  const waiverField = plainField(options.waiverField ?? 'policyWaiver', 'waiverField');
  if (waiverField === field) {
    throw new FilterError('INVALID_OPTION', '', 'waiverField must differ from statusField');
  }
  return {
    partitions,
    addStatusStage: { $addFields: { [field]: value } },
    addWaiverStage: { $addFields: { [waiverField]: waiverExpr(waivers, definition, field, asOf, options) } },
  };
}

/**
 * The waiver of a document whose status `addStatusStage` wrote in `field`: the active waivers (at the
 * translation's asOf) in the order memory tries them, each holding when it accepts the status and
 * covers the document. Out of scope the status is null, which no waiver accepts.
 */
function waiverExpr(
  given: unknown,
  definition: NormalizedPolicy,
  field: string,
  asOf: number,
  options: MongoPolicyOptions,
): MongoExpr {
  const { active, accepted } = waiversOf(
    readWaivers(given, options),
    definition.name,
    definition.statuses,
    asOf,
  );
  const branches: SwitchBranch[] = [];
  for (const w of active) {
    const names = accepted.get(w) ?? [];
    if (names.length === 0) continue;
    for (const part of w.coverParts) checkMongoLimits(part.node, part.at);
    const test = { $and: [{ $in: [`$${field}`, { $literal: names }] }, filterToExpr(w.covers, asOf)] };
    branches.push(branch(test, { $literal: w.id }));
  }
  return branches.length === 0 ? null : { $switch: { branches, default: null } };
}

/** A field name the stages may write: plain for MongoDB and for the JavaScript reading the stage. */
function plainField(field: unknown, name: string): string {
  if (
    typeof field !== 'string' ||
    field === '' ||
    stringIncludes(field, '.') ||
    stringStartsWith.call(field, '$') ||
    stringIncludes(field, '\0') ||
    setHas.call(FORBIDDEN_FIELDS, field)
  ) {
    throw new FilterError(
      'INVALID_OPTION',
      '',
      `${name} must be a plain field name, got ${JSON.stringify(field)}`,
    );
  }
  return field;
}

/**
 * The transition matrix of a policy edit as a MongoDB aggregation: each document's status under both
 * versions (`policyToMongo`'s `$switch`; `null` out of scope, and for an inactive version), grouped. Its
 * output documents are `{ before, after, count }`, the biggest cell first: the same matrix as
 * `diffPolicies` in memory, without reading the collection out of the database.
 *
 * @example
 * await components.aggregate(policyDiffMongo(before, after)).toArray(); // [{ before: 'ok', after: 'eol', count: 12 }, …]
 */
export function policyDiffMongo(before: unknown, after: unknown, options?: MongoOptions): MongoStage[] {
  // Both versions at one instant: an edit's impact, not the clock's.
  const asOf = translationAsOf(ownOptions(options));
  const status = (policy: unknown): MongoExpr => {
    const { addStatusStage } = policyToMongo(policy, { ...ownOptions(options), statusField: 's', asOf });
    const { definition } = checkPolicyDefinition(policy, ownOptions(options));
    return definition?.isActive === false ? null : addStatusStage.$addFields.s!;
  };
  return [
    { $project: { _id: 0, before: status(before), after: status(after) } },
    { $group: { _id: { before: '$before', after: '$after' }, count: { $sum: 1 } } },
    { $project: { _id: 0, before: '$_id.before', after: '$_id.after', count: 1 } },
    { $sort: { count: -1 } },
  ];
}
