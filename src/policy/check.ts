import type { FilterNode } from '../ast/nodes.js';
import {
  arrayEvery,
  arrayFind,
  arraySome,
  freeze,
  hasOwn,
  isArray,
  jsonStringify,
  numberIsFinite,
  objectKeys,
  objectValues,
  own,
} from '../builtins.js';
import { FilterError, ownFilterError, pointer, restateAt, safeMessage, showText } from '../errors.js';
import { isLimitCode, type Limits, resolveLimits } from '../limits.js';
import { type ParseOptions, parseFilter, parseWithin } from '../parse/filter.js';
import { describe, isPlainObject } from '../parse/operands.js';
import { Collector, SCHEMA_KEY } from './collector.js';
import type {
  NormalizedCondition,
  NormalizedPolicy,
  NormalizedRule,
  NormalizedStatus,
  PolicyCheck,
} from './normalized.js';

export type { NormalizedCondition, NormalizedPolicy, NormalizedRule, NormalizedStatus, PolicyCheck };

/** Top-level properties of a definition ("Policy definition" in the API). */
const DEFINITION_KEYS = new Set([
  'name',
  'type',
  'isActive',
  'resource',
  'statusDefinitions',
  'description',
  'query',
]);
const STATUS_KEYS = new Set(['isDefault', 'criticality', 'rules']);
const RULE_KEYS = new Set(['conditions']);
const CONDITION_KEYS = new Set(['type', 'condition']);
const FILTER_KEYS = new Set(['filter']);
/** The scope of a policy without `query.filter`: the empty filter, which holds for every resource. */
const EVERYTHING: FilterNode = parseFilter({});

/** A value for a message: a string quoted (and cut), anything else described. */
function quoted(value: unknown): string {
  return typeof value === 'string' ? jsonStringify(showText(value)) : describe(value);
}

/** Parses a filter of the definition; its error, if any, becomes a problem pointing into the definition. */
function parseAt(input: unknown, at: string, c: Collector) {
  try {
    return parseWithin(input, c.limits, c.budget);
  } catch (error) {
    const e = ownFilterError(error);
    if (e === undefined) throw error;
    // Filter messages name their place relative to the filter; restate it relative to the definition.
    const message = restateAt(e.message, e.path, at);
    // Past a limit the rest of the policy is not read: the one problem is the whole answer.
    if (isLimitCode(e.code)) throw new FilterError(e.code, at + e.path, message);
    c.problems.push(freeze({ code: e.code, path: at + e.path, message }));
    return undefined;
  }
}

function checkCondition(input: unknown, at: string, c: Collector): NormalizedCondition | undefined {
  if (!isPlainObject(input)) {
    c.add(
      'INVALID_TYPE',
      at,
      `a condition must be { "type": "filter", "condition": { "filter": … } }, got ${describe(input)}`,
    );
    return undefined;
  }
  c.unknownKeys(input, at, CONDITION_KEYS, 'a condition');
  let ok = true;
  if (!hasOwn(input, 'type')) {
    c.add('MISSING_PROPERTY', at, 'a condition needs "type": "filter"');
    ok = false;
  } else if (own(input, 'type') !== 'filter') {
    c.add(
      'INVALID_CONDITION_TYPE',
      pointer(at, 'type'),
      `condition type must be "filter", got ${quoted(own(input, 'type'))}`,
    );
    ok = false;
  }
  const inner = own(input, 'condition');
  const innerAt = pointer(at, 'condition');
  if (!hasOwn(input, 'condition')) {
    c.add('MISSING_PROPERTY', at, 'a condition needs "condition": { "filter": … }');
    return undefined;
  }
  if (!isPlainObject(inner)) {
    c.add('INVALID_TYPE', innerAt, `"condition" must be an object { "filter": … }, got ${describe(inner)}`);
    return undefined;
  }
  c.unknownKeys(inner, innerAt, FILTER_KEYS, '"condition"');
  if (!hasOwn(inner, 'filter')) {
    c.add('MISSING_PROPERTY', innerAt, '"condition" needs a "filter"');
    return undefined;
  }
  const filterAt = pointer(innerAt, 'filter');
  const filter = parseAt(own(inner, 'filter'), filterAt, c);
  return ok && filter ? freeze({ filter, path: filterAt }) : undefined;
}

function checkRule(input: unknown, at: string, c: Collector): NormalizedRule | undefined {
  if (!isPlainObject(input)) {
    c.add('INVALID_TYPE', at, `a rule must be an object { "conditions": [...] }, got ${describe(input)}`);
    return undefined;
  }
  c.unknownKeys(input, at, RULE_KEYS, 'a rule');
  const conditionsAt = pointer(at, 'conditions');
  if (!hasOwn(input, 'conditions')) {
    c.add('MISSING_PROPERTY', at, 'a rule needs "conditions"');
    return undefined;
  }
  const list = own(input, 'conditions');
  if (!isArray(list)) {
    c.add('INVALID_TYPE', conditionsAt, `"conditions" must be an array, got ${describe(list)}`);
    return undefined;
  }
  if (list.length === 0) {
    c.add(
      'EMPTY_CONDITIONS',
      conditionsAt,
      'a rule needs at least one condition (an empty rule would always hold)',
    );
    return undefined;
  }
  c.more('maxConditions', list.length, conditionsAt);
  const conditions = list.map((cond, i) => checkCondition(cond, pointer(conditionsAt, i), c));
  if (arraySome(conditions, (x) => x === undefined)) return undefined;
  return freeze({ conditions: freeze(conditions as NormalizedCondition[]), path: at });
}

function checkStatus(
  name: string,
  index: number,
  input: unknown,
  at: string,
  c: Collector,
): NormalizedStatus | undefined {
  if (name === '') c.add('EMPTY_VALUE', at, 'a status name must not be empty');
  if (!isPlainObject(input)) {
    c.add('INVALID_TYPE', at, `status "${showText(name)}" must be an object, got ${describe(input)}`);
    return undefined;
  }
  c.unknownKeys(input, at, STATUS_KEYS, `status "${showText(name)}"`);
  let ok = name !== '';
  const isDefault = own(input, 'isDefault') ?? false;
  if (typeof isDefault !== 'boolean') {
    c.add(
      'INVALID_TYPE',
      pointer(at, 'isDefault'),
      `"isDefault" must be a boolean, got ${describe(isDefault)}`,
    );
    ok = false;
  }
  const criticality = own(input, 'criticality');
  if (!hasOwn(input, 'criticality')) {
    c.add('MISSING_PROPERTY', at, `status "${showText(name)}" needs a "criticality" (a number)`);
    ok = false;
  } else if (typeof criticality !== 'number') {
    c.add(
      'INVALID_TYPE',
      pointer(at, 'criticality'),
      `"criticality" must be a number, got ${describe(criticality)}`,
    );
    ok = false;
  } else if (!numberIsFinite(criticality)) {
    c.add(
      'INVALID_CRITICALITY',
      pointer(at, 'criticality'),
      `"criticality" must be a finite number, got ${criticality}`,
    );
    ok = false;
  }
  const rulesAt = pointer(at, 'rules');
  // A status whose isDefault is not a boolean already has its problem; its rules are not judged by it.
  const list = own(input, 'rules') ?? (isDefault === false ? undefined : []);
  let rules: NormalizedRule[] = [];
  if (list === undefined) {
    c.add(
      'MISSING_RULES',
      at,
      `status "${showText(name)}" is not the default, so it needs "rules" (it could never be reached)`,
    );
    ok = false;
  } else if (!isArray(list)) {
    c.add('INVALID_TYPE', rulesAt, `"rules" must be an array, got ${describe(list)}`);
    ok = false;
  } else if (list.length === 0 && isDefault === false) {
    c.add(
      'MISSING_RULES',
      rulesAt,
      `status "${showText(name)}" is not the default, so it needs at least one rule`,
    );
    ok = false;
  } else {
    c.more('maxRules', list.length, rulesAt);
    const parsed = list.map((rule, i) => checkRule(rule, pointer(rulesAt, i), c));
    if (arraySome(parsed, (x) => x === undefined)) ok = false;
    else rules = parsed as NormalizedRule[];
  }
  if (!ok) return undefined;
  return freeze({
    name,
    index,
    criticality: (criticality as number) === 0 ? 0 : (criticality as number),
    isDefault: isDefault as boolean,
    rules: freeze(rules),
    path: at,
  });
}

function optionalString(
  def: Record<string, unknown>,
  key: string,
  base: string,
  c: Collector,
): string | undefined {
  const value = own(def, key);
  if (value === undefined) return undefined;
  if (typeof value !== 'string') {
    c.add('INVALID_TYPE', pointer(base, key), `"${key}" must be a string, got ${describe(value)}`);
    return undefined;
  }
  return value;
}

/** A root `$schema` is a reference for editors: any string, ignored; anything else is a mistake. */
function schemaReference(value: Record<string, unknown>, at: string, c: Collector): void {
  if (!hasOwn(value, SCHEMA_KEY) || typeof own(value, SCHEMA_KEY) === 'string') return;
  c.add(
    'INVALID_TYPE',
    pointer(at, SCHEMA_KEY),
    `"$schema" must be a string (the JSON Schema's URL or path), got ${describe(own(value, SCHEMA_KEY))}`,
  );
}

function check(input: unknown, limits: Limits): PolicyCheck {
  // A `{ policy: … }` request body of `POST /policy`: pointers keep the `/policy` prefix.
  const wrapped = isPlainObject(input) && hasOwn(input, 'policy') && !hasOwn(input, 'statusDefinitions');
  const base = wrapped ? '/policy' : '';
  const c = new Collector(base, limits);
  if (wrapped) {
    for (const key of objectKeys(input)) {
      if (key !== 'policy' && key !== SCHEMA_KEY)
        c.add(
          'UNKNOWN_PROPERTY',
          pointer('', key),
          `unknown property "${showText(key)}" in the request body`,
        );
    }
    schemaReference(input, '', c);
  }
  const def = wrapped ? own(input, 'policy') : input;
  if (!isPlainObject(def)) {
    c.add('INVALID_TYPE', base, `a policy definition must be an object, got ${describe(def)}`);
    return { problems: c.problems };
  }
  c.unknownKeys(def, base, DEFINITION_KEYS, 'the policy definition');
  schemaReference(def, base, c);

  let name: string | undefined;
  if (!hasOwn(def, 'name')) c.add('MISSING_PROPERTY', base, 'a policy needs a "name"');
  else {
    name = optionalString(def, 'name', base, c);
    if (name === '') c.add('EMPTY_VALUE', pointer(base, 'name'), '"name" must not be empty');
  }
  const type = optionalString(def, 'type', base, c);
  const resource = optionalString(def, 'resource', base, c);
  const description = optionalString(def, 'description', base, c);
  const isActive = own(def, 'isActive') ?? true;
  if (typeof isActive !== 'boolean') {
    c.add(
      'INVALID_TYPE',
      pointer(base, 'isActive'),
      `"isActive" must be a boolean, got ${describe(isActive)}`,
    );
  }

  let scope: FilterNode | undefined = EVERYTHING;
  let scopePath: string | null = null;
  const query = own(def, 'query');
  if (query !== undefined) {
    const queryAt = pointer(base, 'query');
    if (!isPlainObject(query)) {
      c.add(
        'INVALID_TYPE',
        queryAt,
        `"query" must be an object ({} or { "filter": … }), got ${describe(query)}`,
      );
    } else {
      c.unknownKeys(query, queryAt, FILTER_KEYS, '"query"');
      if (hasOwn(query, 'filter')) {
        scopePath = pointer(queryAt, 'filter');
        scope = parseAt(own(query, 'filter'), scopePath, c);
      }
    }
  }

  const statuses: NormalizedStatus[] = [];
  const defsAt = pointer(base, 'statusDefinitions');
  if (!hasOwn(def, 'statusDefinitions')) {
    c.add('MISSING_PROPERTY', base, 'a policy needs "statusDefinitions"');
  } else if (!isPlainObject(own(def, 'statusDefinitions'))) {
    c.add(
      'INVALID_TYPE',
      defsAt,
      `"statusDefinitions" must be an object mapping status names to definitions, got ${describe(own(def, 'statusDefinitions'))}`,
    );
  } else {
    const defs = own(def, 'statusDefinitions') as Record<string, unknown>;
    const names = c.keys(defs, defsAt);
    const defaults: string[] = [];
    let complete = true;
    names.forEach((statusName, index) => {
      const at = pointer(defsAt, statusName);
      const raw = own(defs, statusName);
      if (isPlainObject(raw) && own(raw, 'isDefault') === true) {
        defaults.push(statusName);
        if (defaults.length > 1) {
          c.add(
            'MULTIPLE_DEFAULT_STATUSES',
            pointer(at, 'isDefault'),
            `status "${showText(statusName)}" is a second default ("${showText(defaults[0]!)}" is already); exactly one status has "isDefault": true`,
          );
        }
      }
      const status = checkStatus(statusName, index, raw, at, c);
      if (status) statuses.push(status);
      else complete = false;
    });
    if (names.length === 0) {
      c.add('EMPTY_VALUE', defsAt, '"statusDefinitions" needs at least one status, the default');
    } else if (
      defaults.length === 0 &&
      // Where some statuses were unreadable, the default is missing only if none of them could be it.
      (complete || arrayEvery(objectValues(defs), (s) => isPlainObject(s) && own(s, 'isDefault') !== true))
    ) {
      c.add('NO_DEFAULT_STATUS', defsAt, 'exactly one status needs "isDefault": true, none has');
    }
  }

  if (c.problems.length > 0 || scope === undefined || name === undefined) return { problems: c.problems };
  const defaultStatus = arrayFind(statuses, (s) => s.isDefault)!;
  const definition: NormalizedPolicy = freeze({
    name,
    isActive: isActive as boolean,
    ...(type === undefined ? {} : { type }),
    ...(resource === undefined ? {} : { resource }),
    ...(description === undefined ? {} : { description }),
    statuses: freeze(statuses),
    defaultStatus,
    scope,
    scopePath,
    base,
  });
  return { problems: [], definition };
}

/**
 * Validates a policy definition and returns its normalized form: the one place where a definition is
 * read, shared by the in-memory engine, the validator and the SQL and MongoDB targets. Accepts the
 * definition of the API (`name, type, isActive, resource, statusDefinitions, description, query`) or the
 * `{ policy: … }` body of `POST /policy`. Never throws on bad input: every problem found is returned,
 * each with a stable code and a JSON pointer into the input as given; filter errors inside conditions
 * and the scope keep their filter code, with the pointer prefixed by the filter's place.
 * `definition` is present exactly when `problems` is empty. See docs/semantics.md, section 7.
 *
 * @example
 * const { problems, definition } = checkPolicyDefinition({
 *   name: 'idle databases',
 *   statusDefinitions: {
 *     active: { isDefault: true, criticality: 0 },
 *     idle: { criticality: 20, rules: [{ conditions: [{ type: 'filter', condition: { filter: { 'details$.postgres$.lastActiveConnectionTime': { $lt: '2026-05-01T00:00:00.000Z' } } } }] }] },
 *   },
 * });
 * problems.length; // 0
 * definition?.statuses.map((s) => s.name); // ['active', 'idle']
 */
export function checkPolicyDefinition(input: unknown, options?: ParseOptions): PolicyCheck {
  // Options are the caller's code, not the definition: a bad one is thrown, not reported as a problem.
  const limits = resolveLimits(options);
  try {
    return check(input, limits);
  } catch (error) {
    // A getter, a Proxy trap or an invalid option threw while reading: report it, never crash.
    const own = ownFilterError(error);
    if (own !== undefined) return { problems: [{ code: own.code, path: own.path, message: own.message }] };
    return {
      problems: [
        {
          code: 'INVALID_VALUE',
          path: '',
          message: `the policy definition could not be read: ${safeMessage(error)}`,
        },
      ],
    };
  }
}
