#!/usr/bin/env node

// src/cli/eval-command.ts
import { readdir, readFile, stat as stat2 } from "fs/promises";
import { extname, join } from "path";
import { parse as parseYaml } from "yaml";

// src/errors.ts
var FilterError = class extends Error {
  name = "FilterError";
  code;
  path;
  constructor(code, path, message, options) {
    super(path.length > MAX_SHOWN_POINTER ? message.split(path).join(showPointer(path)) : message, options);
    this.code = code;
    this.path = path;
  }
};
function escapePointerToken(token) {
  if (!token.includes("~") && !token.includes("/")) return token;
  return token.replace(/~/g, "~0").replace(/\//g, "~1");
}
function pointer(base, ...tokens) {
  let out = base;
  for (const t of tokens) out += `/${escapePointerToken(String(t))}`;
  return out;
}
var MAX_SHOWN_POINTER = 160;
function showPointer(path) {
  if (path === "") return "the root";
  if (path.length <= MAX_SHOWN_POINTER) return path;
  const keep = (MAX_SHOWN_POINTER - 40) / 2;
  const points = Array.from(path);
  const head = points.slice(0, keep).join("");
  const tail = points.slice(-keep).join("");
  return `${head}\u2026(${(path.length - head.length - tail.length).toLocaleString("en-US")} characters)\u2026${tail}`;
}
function restateAt(message, local, at) {
  const shownLocal = ` at ${showPointer(local)}`;
  if (message.includes(shownLocal)) return message.split(shownLocal).join(` at ${showPointer(at + local)}`);
  return `${message} (in the filter at ${showPointer(at)})`;
}

// src/ast/trusted.ts
var trusted = /* @__PURE__ */ new WeakSet();
function trust(node) {
  trusted.add(node);
  return node;
}

// src/parse/operands.ts
function describe(value) {
  if (value === null) return "null";
  if (value === void 0) return "undefined";
  if (Array.isArray(value)) return "an array";
  switch (typeof value) {
    case "string":
      return "a string";
    case "number":
      return Number.isNaN(value) ? "NaN" : Number.isFinite(value) ? "a number" : "an infinite number";
    case "boolean":
      return "a boolean";
    case "bigint":
      return "a BigInt";
    case "symbol":
      return "a symbol";
    case "function":
      return "a function";
    default:
      return isPlainObject(value) ? "an object" : `an object that is not a plain object (${tagOf(value)})`;
  }
}
function tagOf(value) {
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  return tag === "Object" ? "its prototype is not Object.prototype" : tag;
}
function isPlainObject(value) {
  if (typeof value !== "object" || value === null || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value);
  return proto === null || Object.getPrototypeOf(proto) === null;
}
function invalid(op, at, expected, value) {
  const nonJson = value === void 0 || typeof value === "function" || typeof value === "symbol" || typeof value === "bigint" || typeof value === "number" && !Number.isFinite(value);
  return new FilterError(
    nonJson && typeof value !== "number" ? "INVALID_VALUE" : "INVALID_OPERAND",
    at,
    `"${op}" expects ${expected} at ${at}, got ${describe(value)}`
  );
}
function checkString(op, at, value) {
  if (!value.isWellFormed()) {
    throw new FilterError(
      "INVALID_VALUE",
      at,
      `"${op}" operand at ${at} is not well-formed Unicode (lone surrogate)`
    );
  }
  return value;
}
function checkNumber(op, at, value) {
  if (!Number.isFinite(value)) throw invalid(op, at, "a finite number", value);
  if (Number.isInteger(value) && !Number.isSafeInteger(value)) {
    throw new FilterError(
      "INVALID_OPERAND",
      at,
      `"${op}" operand ${value} at ${at} is an integer outside the safe range \xB1(2^53\u22121)`
    );
  }
  return value === 0 ? 0 : value;
}
function scalarOperand(op, at, value, allowNull) {
  switch (typeof value) {
    case "string":
      return checkString(op, at, value);
    case "number":
      return checkNumber(op, at, value);
    case "boolean":
      return value;
    default:
      if (value === null && allowNull) return null;
      throw invalid(
        op,
        at,
        allowNull ? "a string, number, boolean or null" : "a string, number or boolean",
        value
      );
  }
}
function orderedOperand(op, at, value) {
  if (typeof value === "string") return checkString(op, at, value);
  if (typeof value === "number") return checkNumber(op, at, value);
  throw invalid(op, at, "a string or a number", value);
}
function listOperand(op, at, value) {
  if (!Array.isArray(value)) throw invalid(op, at, "an array", value);
  const out = new Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const item = value[i];
    const itemAt = pointer(at, i);
    if (typeof item === "object" && item !== null) {
      throw new FilterError(
        "INVALID_OPERAND",
        itemAt,
        `"${op}" expects strings, numbers, booleans or null at ${itemAt}, got ${describe(item)}`
      );
    }
    out[i] = scalarOperand(op, itemAt, item, true);
  }
  return Object.freeze(out);
}
function stringOperand(op, at, value) {
  if (typeof value !== "string") throw invalid(op, at, "a string", value);
  return checkString(op, at, value);
}
function booleanOperand(op, at, value) {
  if (typeof value !== "boolean") throw invalid(op, at, "a boolean", value);
  return value;
}

// src/ast/nodes.ts
var ARRAY_ANY = "__svcArrayAny__";
var PATH_SEPARATOR = "$.";
var OPERATOR_NAMES = {
  eq: "$eq",
  ne: "$ne",
  gt: "$gt",
  gte: "$gte",
  lt: "$lt",
  lte: "$lte",
  in: "$in",
  nin: "$nin",
  like: "$like",
  exists: "$exists"
};
var LOGICAL_NAMES = {
  and: "$and",
  or: "$or",
  not: "$not"
};
function assertNever(value, what) {
  const kind = typeof value === "object" && value !== null ? value.kind : value;
  throw new FilterError("INVALID_NODE", "", `unknown ${what} ${JSON.stringify(String(kind))}`);
}

// src/parse/operators.ts
var RULES = {
  eq: (at, x) => ({ kind: "eq", value: scalarOperand("$eq", at, x, true) }),
  ne: (at, x) => ({ kind: "ne", value: scalarOperand("$ne", at, x, true) }),
  gt: (at, x) => ({ kind: "gt", value: orderedOperand("$gt", at, x) }),
  gte: (at, x) => ({ kind: "gte", value: orderedOperand("$gte", at, x) }),
  lt: (at, x) => ({ kind: "lt", value: orderedOperand("$lt", at, x) }),
  lte: (at, x) => ({ kind: "lte", value: orderedOperand("$lte", at, x) }),
  in: (at, x) => ({ kind: "in", values: listOperand("$in", at, x) }),
  nin: (at, x) => ({ kind: "nin", values: listOperand("$nin", at, x) }),
  like: (at, x) => ({ kind: "like", pattern: stringOperand("$like", at, x) }),
  exists: (at, x) => ({ kind: "exists", value: booleanOperand("$exists", at, x) })
};
var OPERATOR_KINDS = new Map(
  Object.keys(OPERATOR_NAMES).map((kind) => [OPERATOR_NAMES[kind], kind])
);
function parseOperator(kind, at, operand2) {
  return Object.freeze(RULES[kind](at, operand2));
}

// src/parse/path.ts
var FORBIDDEN = /* @__PURE__ */ new Set(["__proto__", "prototype", "constructor"]);
var ANY_STEP = Object.freeze({ kind: "any" });
function parsePath(key, at) {
  if (key === "") throw new FilterError("INVALID_PATH", at, `empty field path at ${at || "the root"}`);
  if (!key.isWellFormed()) {
    throw new FilterError(
      "INVALID_VALUE",
      at,
      `field path at ${at} is not well-formed Unicode (lone surrogate)`
    );
  }
  const segments = key.split(PATH_SEPARATOR);
  const steps = [];
  for (const segment of segments) {
    if (segment === "") {
      throw new FilterError("INVALID_PATH", at, `field path "${key}" has an empty segment at ${at}`);
    }
    if (FORBIDDEN.has(segment)) {
      throw new FilterError(
        "FORBIDDEN_PATH_SEGMENT",
        at,
        `field path "${key}" uses the forbidden segment "${segment}" at ${at}`
      );
    }
    steps.push(segment === ARRAY_ANY ? ANY_STEP : Object.freeze({ kind: "key", key: segment }));
  }
  return Object.freeze(steps);
}
function printPath(steps) {
  let out = "";
  for (let i = 0; i < steps.length; i++) {
    const step = steps[i];
    if (i > 0) out += PATH_SEPARATOR;
    out += step.kind === "any" ? ARRAY_ANY : step.key;
  }
  return out;
}

// src/parse/filter.ts
var DEFAULT_MAX_DEPTH = 32;
var MAX_MAX_DEPTH = 1e3;
function resolveMaxDepth(options) {
  const depth = options?.maxDepth ?? DEFAULT_MAX_DEPTH;
  if (!Number.isInteger(depth) || depth < 1 || depth > MAX_MAX_DEPTH) {
    throw new FilterError(
      "INVALID_OPTION",
      "",
      `maxDepth must be an integer from 1 to ${MAX_MAX_DEPTH}, got ${String(depth)}`
    );
  }
  return depth;
}
function checkKeys(value, at) {
  if (Object.getOwnPropertySymbols(value).length > 0) {
    throw new FilterError(
      "INVALID_VALUE",
      at,
      `symbol keys are not allowed in a filter at ${showPointer(at)}`
    );
  }
  return Object.keys(value);
}
function suggestion(value) {
  if (Array.isArray(value)) return '{ "$in": [...] }';
  if (typeof value === "string" || typeof value === "number" && Number.isFinite(value) || typeof value === "boolean" || value === null) {
    return `{ "$eq": ${JSON.stringify(value)} }`;
  }
  return '{ "$eq": <value> }';
}
function parseField(key, value, at) {
  const path = parsePath(key, at);
  if (!isPlainObject(value)) {
    throw new FilterError(
      // A function or a BigInt is not a bare value a filter file could hold, so no `$eq` will fix it.
      isNonJson(value) ? "INVALID_VALUE" : "EXPECTED_OPERATOR_OBJECT",
      at,
      `field "${key}" expects an operator object at ${at}, got ${describe(value)}; write ${suggestion(value)}`
    );
  }
  const names = checkKeys(value, at);
  if (names.length === 0) {
    throw new FilterError(
      "EMPTY_OPERATOR_OBJECT",
      at,
      `field "${key}" has an empty operator object at ${at}`
    );
  }
  const operators = [];
  for (const name of names) {
    const opAt = pointer(at, name);
    const kind = OPERATOR_KINDS.get(name);
    if (kind === void 0) {
      const bare = OPERATOR_KINDS.has(`$${name.toLowerCase()}`) ? `$${name.toLowerCase()}` : void 0;
      const hint = name.startsWith("$") ? `supported operators are ${[...OPERATOR_KINDS.keys()].join(", ")}` : bare !== void 0 ? `operators start with "$": did you mean "${bare}"?` : `nested fields are written "${key}$.${name}"`;
      throw new FilterError("UNKNOWN_OPERATOR", opAt, `unknown operator "${name}" at ${opAt}; ${hint}`);
    }
    operators.push(parseOperator(kind, opAt, value[name]));
  }
  return Object.freeze({ kind: "field", path, operators: Object.freeze(operators) });
}
function parseLogicalList(op, value, at, depth, maxDepth) {
  if (!Array.isArray(value) || value.length === 0) {
    throw new FilterError(
      Array.isArray(value) || !isNonJson(value) ? "INVALID_OPERAND" : "INVALID_VALUE",
      at,
      `"${op}" expects a non-empty array of filters at ${at}, got ${Array.isArray(value) ? "an empty array" : describe(value)}`
    );
  }
  const out = new Array(value.length);
  for (let i = 0; i < value.length; i++) {
    out[i] = parseObject(value[i], pointer(at, i), depth + 1, maxDepth, op);
  }
  return Object.freeze(out);
}
function isNonJson(value) {
  return value === void 0 || typeof value === "function" || typeof value === "symbol" || typeof value === "bigint";
}
function parseObject(input, at, depth, maxDepth, parent) {
  if (depth > maxDepth) {
    throw new FilterError(
      "MAX_DEPTH_EXCEEDED",
      at,
      `filter nesting exceeds the maximum depth of ${maxDepth} at ${showPointer(at)}`
    );
  }
  if (!isPlainObject(input)) {
    const where = parent ? `"${parent}" expects a filter object at ${showPointer(at)}` : `a filter must be an object at ${showPointer(at)}`;
    throw new FilterError(
      isNonJson(input) ? "INVALID_VALUE" : "INVALID_FILTER",
      at,
      `${where}, got ${describe(input)}`
    );
  }
  const clauses = [];
  for (const key of checkKeys(input, at)) {
    const keyAt = pointer(at, key);
    const value = input[key];
    switch (key) {
      case "$and":
        clauses.push(
          Object.freeze({ kind: "and", filters: parseLogicalList("$and", value, keyAt, depth, maxDepth) })
        );
        break;
      case "$or":
        clauses.push(
          Object.freeze({ kind: "or", filters: parseLogicalList("$or", value, keyAt, depth, maxDepth) })
        );
        break;
      case "$not":
        clauses.push(
          Object.freeze({ kind: "not", filter: parseObject(value, keyAt, depth + 1, maxDepth, "$not") })
        );
        break;
      default:
        if (key.startsWith("$")) {
          const hint = OPERATOR_KINDS.has(key) ? `"${key}" belongs inside a field's operator object, e.g. { "<field>": { "${key}": \u2026 } }` : "logical operators are $and, $or, $not";
          throw new FilterError("UNKNOWN_OPERATOR", keyAt, `unknown operator "${key}" at ${keyAt}; ${hint}`);
        }
        clauses.push(parseField(key, value, keyAt));
    }
  }
  return Object.freeze({ kind: "filter", clauses: Object.freeze(clauses) });
}
function parseFilter(input, options) {
  const maxDepth = resolveMaxDepth(options);
  try {
    return trust(parseObject(input, "", 1, maxDepth));
  } catch (error) {
    if (error instanceof FilterError) throw error;
    throw new FilterError(
      "INVALID_VALUE",
      "",
      `the filter could not be read: ${String(error?.message ?? error)}`,
      {
        cause: error
      }
    );
  }
}

// src/policy/check.ts
var DEFINITION_KEYS = /* @__PURE__ */ new Set([
  "name",
  "type",
  "isActive",
  "resource",
  "statusDefinitions",
  "description",
  "query"
]);
var RECORD_KEYS = /* @__PURE__ */ new Set(["id", "createdAt", "updatedAt"]);
var SCHEMA_KEY = "$schema";
var STATUS_KEYS = /* @__PURE__ */ new Set(["isDefault", "criticality", "rules"]);
var RULE_KEYS = /* @__PURE__ */ new Set(["conditions"]);
var CONDITION_KEYS = /* @__PURE__ */ new Set(["type", "condition"]);
var FILTER_KEYS = /* @__PURE__ */ new Set(["filter"]);
var EVERYTHING = parseFilter({});
var Collector = class {
  constructor(base) {
    this.base = base;
  }
  base;
  problems = [];
  /** Records a problem; the message reads "<what> at <pointer>[; <hint>]". */
  add(code, path, what, hint) {
    const message = `${what} at ${showPointer(path)}${hint === void 0 ? "" : `; ${hint}`}`;
    this.problems.push(Object.freeze({ code, path, message }));
  }
  /** Reports the keys of `value` that are not in `allowed`; a near-miss of a known key is suggested. */
  unknownKeys(value, at, allowed, what) {
    for (const key of Object.keys(value)) {
      if (allowed.has(key) || at === this.base && (RECORD_KEYS.has(key) || key === SCHEMA_KEY)) continue;
      const near = [...allowed].find((k) => k.toLowerCase() === key.toLowerCase().replace(/[-_ ]/g, ""));
      this.add(
        "UNKNOWN_PROPERTY",
        pointer(at, key),
        `unknown property "${key}" in ${what}`,
        near !== void 0 ? `did you mean "${near}"?` : void 0
      );
    }
  }
};
function parseAt(input, at, c, options) {
  try {
    return parseFilter(input, options);
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    const message = restateAt(error.message, error.path, at);
    c.problems.push(Object.freeze({ code: error.code, path: at + error.path, message }));
    return void 0;
  }
}
function checkCondition(input, at, c, options) {
  if (!isPlainObject(input)) {
    c.add(
      "INVALID_TYPE",
      at,
      `a condition must be { "type": "filter", "condition": { "filter": \u2026 } }, got ${describe(input)}`
    );
    return void 0;
  }
  c.unknownKeys(input, at, CONDITION_KEYS, "a condition");
  let ok = true;
  if (!Object.hasOwn(input, "type")) {
    c.add("MISSING_PROPERTY", at, 'a condition needs "type": "filter"');
    ok = false;
  } else if (input.type !== "filter") {
    c.add(
      "INVALID_CONDITION_TYPE",
      pointer(at, "type"),
      `condition type must be "filter", got ${JSON.stringify(input.type) ?? describe(input.type)}`
    );
    ok = false;
  }
  const inner = input.condition;
  const innerAt = pointer(at, "condition");
  if (!Object.hasOwn(input, "condition")) {
    c.add("MISSING_PROPERTY", at, 'a condition needs "condition": { "filter": \u2026 }');
    return void 0;
  }
  if (!isPlainObject(inner)) {
    c.add("INVALID_TYPE", innerAt, `"condition" must be an object { "filter": \u2026 }, got ${describe(inner)}`);
    return void 0;
  }
  c.unknownKeys(inner, innerAt, FILTER_KEYS, '"condition"');
  if (!Object.hasOwn(inner, "filter")) {
    c.add("MISSING_PROPERTY", innerAt, '"condition" needs a "filter"');
    return void 0;
  }
  const filterAt = pointer(innerAt, "filter");
  const filter = parseAt(inner.filter, filterAt, c, options);
  return ok && filter ? Object.freeze({ filter, path: filterAt }) : void 0;
}
function checkRule(input, at, c, options) {
  if (!isPlainObject(input)) {
    c.add("INVALID_TYPE", at, `a rule must be an object { "conditions": [...] }, got ${describe(input)}`);
    return void 0;
  }
  c.unknownKeys(input, at, RULE_KEYS, "a rule");
  const conditionsAt = pointer(at, "conditions");
  if (!Object.hasOwn(input, "conditions")) {
    c.add("MISSING_PROPERTY", at, 'a rule needs "conditions"');
    return void 0;
  }
  const list = input.conditions;
  if (!Array.isArray(list)) {
    c.add("INVALID_TYPE", conditionsAt, `"conditions" must be an array, got ${describe(list)}`);
    return void 0;
  }
  if (list.length === 0) {
    c.add(
      "EMPTY_CONDITIONS",
      conditionsAt,
      "a rule needs at least one condition (an empty rule would always hold)"
    );
    return void 0;
  }
  const conditions = list.map((cond, i) => checkCondition(cond, pointer(conditionsAt, i), c, options));
  if (conditions.some((x) => x === void 0)) return void 0;
  return Object.freeze({ conditions: Object.freeze(conditions), path: at });
}
function checkStatus(name, index, input, at, c, options) {
  if (name === "") c.add("EMPTY_VALUE", at, "a status name must not be empty");
  if (!isPlainObject(input)) {
    c.add("INVALID_TYPE", at, `status "${name}" must be an object, got ${describe(input)}`);
    return void 0;
  }
  c.unknownKeys(input, at, STATUS_KEYS, `status "${name}"`);
  let ok = name !== "";
  const isDefault = input.isDefault ?? false;
  if (typeof isDefault !== "boolean") {
    c.add(
      "INVALID_TYPE",
      pointer(at, "isDefault"),
      `"isDefault" must be a boolean, got ${describe(isDefault)}`
    );
    ok = false;
  }
  const criticality = input.criticality;
  if (!Object.hasOwn(input, "criticality")) {
    c.add("MISSING_PROPERTY", at, `status "${name}" needs a "criticality" (a number)`);
    ok = false;
  } else if (typeof criticality !== "number") {
    c.add(
      "INVALID_TYPE",
      pointer(at, "criticality"),
      `"criticality" must be a number, got ${describe(criticality)}`
    );
    ok = false;
  } else if (!Number.isFinite(criticality)) {
    c.add(
      "INVALID_CRITICALITY",
      pointer(at, "criticality"),
      `"criticality" must be a finite number, got ${criticality}`
    );
    ok = false;
  }
  const rulesAt = pointer(at, "rules");
  const list = input.rules ?? (isDefault === false ? void 0 : []);
  let rules = [];
  if (list === void 0) {
    c.add(
      "MISSING_RULES",
      at,
      `status "${name}" is not the default, so it needs "rules" (it could never be reached)`
    );
    ok = false;
  } else if (!Array.isArray(list)) {
    c.add("INVALID_TYPE", rulesAt, `"rules" must be an array, got ${describe(list)}`);
    ok = false;
  } else if (list.length === 0 && isDefault === false) {
    c.add("MISSING_RULES", rulesAt, `status "${name}" is not the default, so it needs at least one rule`);
    ok = false;
  } else {
    const parsed = list.map((rule, i) => checkRule(rule, pointer(rulesAt, i), c, options));
    if (parsed.some((x) => x === void 0)) ok = false;
    else rules = parsed;
  }
  if (!ok) return void 0;
  return Object.freeze({
    name,
    index,
    criticality: criticality === 0 ? 0 : criticality,
    isDefault,
    rules: Object.freeze(rules),
    path: at
  });
}
function optionalString(def, key, base, c) {
  const value = def[key];
  if (value === void 0 || !Object.hasOwn(def, key)) return void 0;
  if (typeof value !== "string") {
    c.add("INVALID_TYPE", pointer(base, key), `"${key}" must be a string, got ${describe(value)}`);
    return void 0;
  }
  return value;
}
function schemaReference(value, at, c) {
  if (!Object.hasOwn(value, SCHEMA_KEY) || typeof value[SCHEMA_KEY] === "string") return;
  c.add(
    "INVALID_TYPE",
    pointer(at, SCHEMA_KEY),
    `"$schema" must be a string (the JSON Schema's URL or path), got ${describe(value[SCHEMA_KEY])}`
  );
}
function check(input, options) {
  const wrapped = isPlainObject(input) && Object.hasOwn(input, "policy") && !Object.hasOwn(input, "statusDefinitions");
  const base = wrapped ? "/policy" : "";
  const c = new Collector(base);
  if (wrapped) {
    for (const key of Object.keys(input)) {
      if (key !== "policy" && key !== SCHEMA_KEY)
        c.add("UNKNOWN_PROPERTY", pointer("", key), `unknown property "${key}" in the request body`);
    }
    schemaReference(input, "", c);
  }
  const def = wrapped ? input.policy : input;
  if (!isPlainObject(def)) {
    c.add("INVALID_TYPE", base, `a policy definition must be an object, got ${describe(def)}`);
    return { problems: c.problems };
  }
  c.unknownKeys(def, base, DEFINITION_KEYS, "the policy definition");
  schemaReference(def, base, c);
  let name;
  if (!Object.hasOwn(def, "name")) c.add("MISSING_PROPERTY", base, 'a policy needs a "name"');
  else {
    name = optionalString(def, "name", base, c);
    if (name === "") c.add("EMPTY_VALUE", pointer(base, "name"), '"name" must not be empty');
  }
  const type = optionalString(def, "type", base, c);
  const resource = optionalString(def, "resource", base, c);
  const description = optionalString(def, "description", base, c);
  const isActive = def.isActive ?? true;
  if (typeof isActive !== "boolean") {
    c.add(
      "INVALID_TYPE",
      pointer(base, "isActive"),
      `"isActive" must be a boolean, got ${describe(isActive)}`
    );
  }
  let scope = EVERYTHING;
  let scopePath = null;
  if (Object.hasOwn(def, "query") && def.query !== void 0) {
    const queryAt = pointer(base, "query");
    const query = def.query;
    if (!isPlainObject(query)) {
      c.add(
        "INVALID_TYPE",
        queryAt,
        `"query" must be an object ({} or { "filter": \u2026 }), got ${describe(query)}`
      );
    } else {
      c.unknownKeys(query, queryAt, FILTER_KEYS, '"query"');
      if (Object.hasOwn(query, "filter")) {
        scopePath = pointer(queryAt, "filter");
        scope = parseAt(query.filter, scopePath, c, options);
      }
    }
  }
  const statuses = [];
  const defsAt = pointer(base, "statusDefinitions");
  if (!Object.hasOwn(def, "statusDefinitions")) {
    c.add("MISSING_PROPERTY", base, 'a policy needs "statusDefinitions"');
  } else if (!isPlainObject(def.statusDefinitions)) {
    c.add(
      "INVALID_TYPE",
      defsAt,
      `"statusDefinitions" must be an object mapping status names to definitions, got ${describe(def.statusDefinitions)}`
    );
  } else {
    const defs = def.statusDefinitions;
    const names = Object.keys(defs);
    const defaults = [];
    let complete = true;
    names.forEach((statusName, index) => {
      const at = pointer(defsAt, statusName);
      const raw = defs[statusName];
      if (isPlainObject(raw) && raw.isDefault === true) {
        defaults.push(statusName);
        if (defaults.length > 1) {
          c.add(
            "MULTIPLE_DEFAULT_STATUSES",
            pointer(at, "isDefault"),
            `status "${statusName}" is a second default ("${defaults[0]}" is already); exactly one status has "isDefault": true`
          );
        }
      }
      const status = checkStatus(statusName, index, raw, at, c, options);
      if (status) statuses.push(status);
      else complete = false;
    });
    if (names.length === 0) {
      c.add("EMPTY_VALUE", defsAt, '"statusDefinitions" needs at least one status, the default');
    } else if (defaults.length === 0 && complete) {
      c.add("NO_DEFAULT_STATUS", defsAt, 'exactly one status needs "isDefault": true, none has');
    } else if (defaults.length === 0) {
      const raw = Object.values(defs);
      if (raw.every((s) => isPlainObject(s) && s.isDefault !== true)) {
        c.add("NO_DEFAULT_STATUS", defsAt, 'exactly one status needs "isDefault": true, none has');
      }
    }
  }
  if (c.problems.length > 0 || scope === void 0 || name === void 0) return { problems: c.problems };
  const defaultStatus = statuses.find((s) => s.isDefault);
  const definition = Object.freeze({
    name,
    isActive,
    ...type === void 0 ? {} : { type },
    ...resource === void 0 ? {} : { resource },
    ...description === void 0 ? {} : { description },
    statuses: Object.freeze(statuses),
    defaultStatus,
    scope,
    scopePath,
    base
  });
  return { problems: [], definition };
}
function checkPolicyDefinition(input, options) {
  resolveMaxDepth(options);
  try {
    return check(input, options);
  } catch (error) {
    if (error instanceof FilterError) {
      return { problems: [{ code: error.code, path: error.path, message: error.message }] };
    }
    return {
      problems: [
        {
          code: "INVALID_VALUE",
          path: "",
          message: `the policy definition could not be read: ${String(error?.message ?? error)}`
        }
      ]
    };
  }
}

// src/ast/print.ts
function operand(op) {
  switch (op.kind) {
    case "eq":
    case "ne":
    case "gt":
    case "gte":
    case "lt":
    case "lte":
    case "exists":
      return op.value;
    case "in":
    case "nin":
      return Array.isArray(op.values) ? [...op.values] : op.values;
    case "like":
      return op.pattern;
    default:
      return assertNever(op, "operator node");
  }
}
function bad(at, what) {
  return new FilterError("INVALID_NODE", at, `not a filter AST: ${what} at ${at || "the root"}`);
}
function setKey(out, key, value, at) {
  if (Object.hasOwn(out, key)) {
    throw bad(
      pointer(at, key),
      `two entries print to the same key "${key}" (a JSON object cannot hold both; combine them with $and)`
    );
  }
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}
function printNode(node, at, depth) {
  if (depth > 1e3) throw bad(at, "nesting deeper than 1000");
  if (typeof node !== "object" || node === null || node.kind !== "filter" || !Array.isArray(node.clauses)) {
    throw bad(at, 'expected a node of kind "filter"');
  }
  const out = {};
  for (const clause of node.clauses) {
    if (typeof clause !== "object" || clause === null) throw bad(at, "a clause that is not an object");
    switch (clause.kind) {
      case "field": {
        if (!Array.isArray(clause.path) || !Array.isArray(clause.operators))
          throw bad(at, "a malformed field node");
        for (const step of clause.path) {
          const ok = typeof step === "object" && step !== null && (step.kind === "any" || step.kind === "key" && typeof step.key === "string");
          if (!ok) throw bad(at, "a malformed path step");
        }
        const key = printPath(clause.path);
        const ops = {};
        for (const op of clause.operators) {
          if (typeof op !== "object" || op === null)
            throw bad(pointer(at, key), "an operator that is not an object");
          const name = OPERATOR_NAMES[op.kind];
          if (name === void 0) assertNever(op, "operator node");
          setKey(ops, name, operand(op), pointer(at, key));
        }
        setKey(out, key, ops, at);
        break;
      }
      case "and":
      case "or": {
        const name = LOGICAL_NAMES[clause.kind];
        if (!Array.isArray(clause.filters)) throw bad(pointer(at, name), "a malformed logical node");
        setKey(
          out,
          name,
          clause.filters.map((f, i) => printNode(f, pointer(at, name, i), depth + 1)),
          at
        );
        break;
      }
      case "not":
        setKey(out, "$not", printNode(clause.filter, pointer(at, "$not"), depth + 1), at);
        break;
      default:
        assertNever(clause, "clause node");
    }
  }
  return out;
}
function printFilter(node) {
  return printNode(node, "", 1);
}

// src/semantics/compare.ts
function compareCodePoints(a, b) {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x !== y) {
      if (x >= 55296 && y >= 55296) {
        x = x >= 57344 ? x - 2048 : x + 8192;
        y = y >= 57344 ? y - 2048 : y + 8192;
      }
      return x - y;
    }
  }
  return a.length - b.length;
}
function isBelowSurrogates(s) {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 55296) return false;
  return true;
}

// src/semantics/like.ts
function parseLike(pattern) {
  const pieces = [];
  let current = "";
  for (let i = 0; i < pattern.length; i++) {
    const c = pattern[i];
    if (c === "\\") {
      const next = pattern[i + 1];
      if (next === "*" || next === "\\") {
        current += next;
        i++;
      } else {
        current += "\\";
      }
    } else if (c === "*") {
      pieces.push(current);
      current = "";
    } else {
      current += c;
    }
  }
  pieces.push(current);
  return { pieces };
}
function compileLike(pattern) {
  const { pieces } = parseLike(pattern);
  if (pieces.length === 1) {
    const exact = pieces[0];
    return (s) => s === exact;
  }
  const first = pieces[0];
  const last = pieces[pieces.length - 1];
  const middle = pieces.slice(1, -1).filter((p) => p !== "");
  const minLength = first.length + last.length + middle.reduce((n, p) => n + p.length, 0);
  if (middle.length === 0) {
    if (last === "") return first === "" ? () => true : (s) => s.startsWith(first);
    if (first === "") return (s) => s.endsWith(last);
    return (s) => s.length >= minLength && s.startsWith(first) && s.endsWith(last);
  }
  return (s) => {
    if (s.length < minLength || !s.startsWith(first) || !s.endsWith(last)) return false;
    const end = s.length - last.length;
    let pos = first.length;
    for (let i = 0; i < middle.length; i++) {
      const piece = middle[i];
      const at = s.indexOf(piece, pos);
      if (at < 0 || at + piece.length > end) return false;
      pos = at + piece.length;
    }
    return true;
  };
}

// src/semantics/values.ts
var hasOwn = Object.hasOwn;
var isArray = Array.isArray;
var dateToISOString = Date.prototype.toISOString;
var dateGetTime = Date.prototype.getTime;
function readKey(value, key) {
  if (typeof value !== "object" || value === null || isArray(value)) return void 0;
  const v = value[key];
  return v !== void 0 && hasOwn(value, key) ? v : void 0;
}
function readLeaf(value) {
  if (typeof value === "object" && value !== null && value instanceof Date) {
    return Number.isNaN(dateGetTime.call(value)) ? value : dateToISOString.call(value);
  }
  return value;
}

// src/compile/operators.ts
var SCAN_LIMIT = 8;
function equals(x) {
  if (x === null) return (v) => v == null;
  return (v) => v === x;
}
function member(values) {
  const hasNull = values.includes(null);
  const present = [...new Set(values.filter((x) => x !== null))];
  if (present.length === 0) return hasNull ? (v) => v == null : () => false;
  if (present.length <= SCAN_LIMIT) {
    const list = present;
    return (v) => {
      if (v == null) return hasNull;
      for (let i = 0; i < list.length; i++) if (list[i] === v) return true;
      return false;
    };
  }
  const set = new Set(present);
  return (v) => v == null ? hasNull : set.has(v);
}
function ordered(kind, x) {
  if (typeof x === "number") {
    switch (kind) {
      case "gt":
        return (v) => typeof v === "number" && v > x;
      case "gte":
        return (v) => typeof v === "number" && v >= x;
      case "lt":
        return (v) => typeof v === "number" && v < x;
      case "lte":
        return (v) => typeof v === "number" && v <= x;
    }
  }
  if (isBelowSurrogates(x)) {
    switch (kind) {
      case "gt":
        return (v) => typeof v === "string" && v > x;
      case "gte":
        return (v) => typeof v === "string" && v >= x;
      case "lt":
        return (v) => typeof v === "string" && v < x;
      case "lte":
        return (v) => typeof v === "string" && v <= x;
    }
  }
  switch (kind) {
    case "gt":
      return (v) => typeof v === "string" && compareCodePoints(v, x) > 0;
    case "gte":
      return (v) => typeof v === "string" && compareCodePoints(v, x) >= 0;
    case "lt":
      return (v) => typeof v === "string" && compareCodePoints(v, x) < 0;
    case "lte":
      return (v) => typeof v === "string" && compareCodePoints(v, x) <= 0;
  }
}
function not(test) {
  return (v) => !test(v);
}
function compileOperator(op) {
  switch (op.kind) {
    case "eq":
      return equals(op.value);
    case "ne":
      return not(equals(op.value));
    case "gt":
    case "gte":
    case "lt":
    case "lte":
      return ordered(op.kind, op.value);
    case "in":
      return member(op.values);
    case "nin":
      return not(member(op.values));
    case "like": {
      const match = compileLike(op.pattern);
      return (v) => typeof v === "string" && match(v);
    }
    case "exists":
      return op.value ? (v) => v != null : (v) => v == null;
    default:
      return assertNever(op, "operator node");
  }
}
function compileOperators(ops) {
  const tests = ops.map(compileOperator);
  if (tests.length === 1) return tests[0];
  if (tests.length === 2) {
    const [a, b] = tests;
    return (v) => a(v) && b(v);
  }
  return (v) => {
    for (let i = 0; i < tests.length; i++) if (!tests[i](v)) return false;
    return true;
  };
}
var ISO_SHAPE = /^(?:[+-]\d{6}|\d{4})-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
var isIsoLike = (x) => typeof x === "string" && ISO_SHAPE.test(x);
function readsDates(ops) {
  return ops.some((op) => {
    switch (op.kind) {
      case "eq":
      case "ne":
        return isIsoLike(op.value);
      case "in":
      case "nin":
        return op.values.some(isIsoLike);
      case "gt":
      case "gte":
      case "lt":
      case "lte":
        return typeof op.value === "string";
      case "like":
        return true;
      case "exists":
        return false;
      default:
        return assertNever(op, "operator node");
    }
  });
}

// src/compile/codegen.ts
var INLINE_LIST = 8;
function literal(x) {
  if (typeof x === "string") return JSON.stringify(x);
  if (typeof x === "number") {
    if (!Number.isFinite(x)) throw new RangeError("non-finite number reached code generation");
    return `(${String(x)})`;
  }
  return x ? "true" : "false";
}
var OUTLINE_EVERY = 32;
var Emitter = class {
  functions = [];
  values = [];
  next = 0;
  name(prefix) {
    return `${prefix}${this.next++}`;
  }
  value(v) {
    this.values.push(v);
    return `k[${this.values.length - 1}]`;
  }
  define(source) {
    this.functions.push(source);
  }
  source(main2) {
    return `"use strict";
${this.functions.join("\n")}
return function predicate(r) { return ${main2}; };`;
  }
  operator(op) {
    switch (op.kind) {
      case "eq":
        return op.value === null ? "v == null" : `v === ${literal(op.value)}`;
      case "ne":
        return op.value === null ? "v != null" : `v !== ${literal(op.value)}`;
      case "gt":
      case "gte":
      case "lt":
      case "lte": {
        const sign = { gt: ">", gte: ">=", lt: "<", lte: "<=" }[op.kind];
        if (typeof op.value === "number") return `(typeof v === "number" && v ${sign} ${literal(op.value)})`;
        if (isBelowSurrogates(op.value)) return `(typeof v === "string" && v ${sign} ${literal(op.value)})`;
        return `(typeof v === "string" && cmp(v, ${literal(op.value)}) ${sign} 0)`;
      }
      case "in":
        return `(${this.member(op.values)})`;
      case "nin":
        return `!(${this.member(op.values)})`;
      case "like": {
        const { pieces } = parseLike(op.pattern);
        if (pieces.length === 1) return `v === ${literal(pieces[0])}`;
        if (pieces.length === 2 && pieces[1] === "") {
          return pieces[0] === "" ? 'typeof v === "string"' : `(typeof v === "string" && v.startsWith(${literal(pieces[0])}))`;
        }
        if (pieces.length === 2 && pieces[0] === "")
          return `(typeof v === "string" && v.endsWith(${literal(pieces[1])}))`;
        return `(typeof v === "string" && ${this.value(compileLike(op.pattern))}(v))`;
      }
      case "exists":
        return op.value ? "v != null" : "v == null";
      default:
        return assertNever(op, "operator node");
    }
  }
  member(values) {
    const hasNull = values.includes(null);
    const present = [...new Set(values.filter((x) => x !== null))];
    const tests = hasNull ? ["v == null"] : [];
    if (present.length > INLINE_LIST) tests.push(`${this.value(new Set(present))}.has(v)`);
    else for (const x of present) tests.push(`v === ${literal(x)}`);
    return tests.length === 0 ? "false" : tests.join(" || ");
  }
  /**
   * A field clause becomes a function of the value at the start of its path (the record, or an
   * element below a selector). Keys are read with plain property access, which is what makes this fast;
   * own-property-of-a-plain-object is checked afterwards, and only when the answer differs from the
   * answer for a missing value (the only case in which an inherited or array property could matter).
   */
  field(steps, operators) {
    const fn = this.name("c");
    const selector = steps.findIndex((s) => s.kind === "any");
    const keys = (selector < 0 ? steps : steps.slice(0, selector)).map(
      (s) => s.kind === "key" ? s.key : ""
    );
    const reads = keys.map((k, i) => `const x${i + 1} = x${i} == null ? undefined : x${i}[${JSON.stringify(k)}];`).join(" ");
    const end = `x${keys.length}`;
    const real = keys.length === 0 ? "true" : keys.map((k, i) => this.own(`x${i}`, k)).join(" && ");
    if (selector < 0) {
      const whenMissing = compileOperators(operators)(void 0);
      const test = operators.map((op) => this.operator(op)).join(" && ");
      this.define(
        `function ${fn}(x0) { ${reads} let v = ${end}; ${readsDates(operators) ? 'if (typeof v === "object" && v !== null) v = leaf(v); ' : ""}const res = ${test}; return res === ${whenMissing} || (${real}) ? res : ${whenMissing}; }`
      );
      return fn;
    }
    const rest = this.field(steps.slice(selector + 1), operators);
    this.define(
      `function ${fn}(x0) { ${reads} const a = ${end}; if (!isArray(a)) return false; for (let i = 0; i < a.length; i++) if (${rest}(a[i])) return ${real}; return false; }`
    );
    return fn;
  }
  /**
   * An expression that is true when `key` is an own property of `o`, a non-array object. It runs only
   * once a value was found at the key, so `o` is never null or undefined. The common case, a plain
   * object whose prototype lacks the key, is decided without a call: the value was found, and no
   * prototype could have supplied it. `o.__proto__` is used rather than `Object.getPrototypeOf(o)`
   * because V8 turns it into a load while the call stays a call (measured: ~9 ns a record on F3).
   * It can be fooled only by an own data property named `__proto__` holding `Object.prototype` itself
   * on an object whose real prototype is another one, which no JSON value can express. Everything
   * else (null prototypes, class instances, arrays, primitives, keys that Object.prototype has) takes
   * the exact slow path.
   */
  own(o, key) {
    const k = JSON.stringify(key);
    return `((${o}.__proto__ === OP && OP[${k}] === undefined && !isArray(${o})) || ownSlow(${o}, ${k}))`;
  }
  /** How many `$and`/`$or`/`$not` levels enclose the filter being emitted. */
  depth = 0;
  /**
   * A filter below a logical operator, as a parenthesized expression. JavaScript parsers recurse on
   * nested parentheses, and V8's overflows its stack a few hundred levels into `((… && …))`, which
   * `maxDepth` allows. So every {@link OUTLINE_EVERY} levels the sub-filter becomes a function of its
   * own: no expression of the source nests deeper than that, and usual filters stay one expression.
   */
  nested(node) {
    this.depth++;
    try {
      const body = this.filter(node);
      if (this.depth % OUTLINE_EVERY !== 0) return `(${body})`;
      const fn = this.name("g");
      this.define(`function ${fn}(r) { return ${body}; }`);
      return `${fn}(r)`;
    } finally {
      this.depth--;
    }
  }
  filter(node) {
    if (node.clauses.length === 0) return "true";
    return node.clauses.map((c) => this.clause(c)).join(" && ");
  }
  clause(clause) {
    switch (clause.kind) {
      case "field":
        return `${this.field(clause.path, clause.operators)}(r)`;
      case "and":
        return `(${clause.filters.map((f) => this.nested(f)).join(" && ")})`;
      case "or":
        return `(${clause.filters.map((f) => this.nested(f)).join(" || ")})`;
      case "not":
        return `!${this.nested(clause.filter)}`;
      default:
        return assertNever(clause, "clause node");
    }
  }
};
var hasOwn2 = Object.hasOwn;
var isArray2 = Array.isArray;
function ownSlow(o, key) {
  return typeof o === "object" && o !== null && !isArray2(o) && hasOwn2(o, key);
}
function generateSource(node) {
  const emitter = new Emitter();
  const main2 = emitter.filter(node);
  return { source: emitter.source(main2), values: emitter.values };
}
function compileGenerated(node) {
  const { source, values } = generateSource(node);
  const factory = new Function("k", "leaf", "cmp", "isArray", "ownSlow", "OP", source);
  return factory(values, readLeaf, compareCodePoints, isArray2, ownSlow, Object.prototype);
}

// src/compile/path.ts
var isArray3 = Array.isArray;
function fastReader(keys) {
  switch (keys.length) {
    case 0:
      return (v) => v;
    case 1: {
      const [a] = keys;
      return (v) => v == null ? void 0 : v[a];
    }
    case 2: {
      const [a, b] = keys;
      return (v) => {
        const x = v == null ? void 0 : v[a];
        return x == null ? void 0 : x[b];
      };
    }
    default:
      return (v) => {
        let x = v;
        for (let i = 0; i < keys.length && x != null; i++) x = x[keys[i]];
        return x;
      };
  }
}
function isRealPath(value, keys) {
  let x = value;
  for (let i = 0; i < keys.length; i++) {
    x = readKey(x, keys[i]);
    if (x === void 0) return false;
  }
  return true;
}
function compilePath(steps, test, normalize = true) {
  const selector = steps.findIndex((s) => s.kind === "any");
  const keys = (selector < 0 ? steps : steps.slice(0, selector)).map((s) => s.kind === "key" ? s.key : "");
  const read = fastReader(keys);
  if (selector < 0) {
    const whenMissing = test(void 0);
    if (!normalize) {
      return (record) => {
        const res = test(read(record));
        return res === whenMissing || isRealPath(record, keys) ? res : whenMissing;
      };
    }
    return (record) => {
      const res = test(readLeaf(read(record)));
      return res === whenMissing || isRealPath(record, keys) ? res : whenMissing;
    };
  }
  const rest = compilePath(steps.slice(selector + 1), test, normalize);
  return (record) => {
    const array = read(record);
    if (!isArray3(array)) return false;
    for (let i = 0; i < array.length; i++) if (rest(array[i])) return isRealPath(record, keys);
    return false;
  };
}

// src/compile/filter.ts
var always = () => true;
function all(preds) {
  switch (preds.length) {
    case 0:
      return always;
    case 1:
      return preds[0];
    case 2: {
      const [a, b] = preds;
      return (r) => a(r) && b(r);
    }
    case 3: {
      const [a, b, c] = preds;
      return (r) => a(r) && b(r) && c(r);
    }
    default:
      return (r) => {
        for (let i = 0; i < preds.length; i++) if (!preds[i](r)) return false;
        return true;
      };
  }
}
function any(preds) {
  if (preds.length === 1) return preds[0];
  if (preds.length === 2) {
    const [a, b] = preds;
    return (r) => a(r) || b(r);
  }
  return (r) => {
    for (let i = 0; i < preds.length; i++) if (preds[i](r)) return true;
    return false;
  };
}
var defaultCodegen = false;
function compileClause(clause) {
  switch (clause.kind) {
    case "field":
      return compilePath(clause.path, compileOperators(clause.operators), readsDates(clause.operators));
    case "and":
      return all(clause.filters.map(compileClosures));
    case "or":
      return any(clause.filters.map(compileClosures));
    case "not": {
      const inner = compileClosures(clause.filter);
      return (r) => !inner(r);
    }
    default:
      return assertNever(clause, "clause node");
  }
}
function compileClosures(node) {
  return all(node.clauses.map(compileClause));
}
function compileNode(node, options) {
  return options?.codegen ?? defaultCodegen ? compileGenerated(node) : compileClosures(node);
}

// src/policy/errors.ts
function summarize(problems) {
  const head = problems.length === 1 ? "invalid policy: " : `invalid policy (${problems.length} problems): `;
  return head + problems.map((p) => `${p.message} [${p.code}]`).join("; ");
}
var PolicyError = class extends FilterError {
  problems;
  constructor(problems) {
    const first = problems[0];
    super("INVALID_POLICY", first?.path ?? "", summarize(problems));
    Object.defineProperty(this, "name", { value: "PolicyError", enumerable: false, configurable: true });
    this.problems = Object.freeze([...problems]);
  }
};

// src/policy/explain.ts
function leaves(record, steps) {
  const out = [];
  const stack = [{ value: record, elements: [], at: "" }];
  const depth = [0];
  while (stack.length > 0) {
    const { value, elements, at } = stack.pop();
    const i = depth.pop();
    if (i === steps.length) {
      out.push({ value, elements, at });
      continue;
    }
    const step = steps[i];
    if (step.kind === "key") {
      stack.push({ value: readKey(value, step.key), elements, at: pointer(at, step.key) });
      depth.push(i + 1);
    } else if (Array.isArray(value)) {
      for (let e = value.length - 1; e >= 0; e--) {
        stack.push({ value: value[e], elements: [...elements, e], at: pointer(at, e) });
        depth.push(i + 1);
      }
    }
  }
  return out;
}
function explainField(clause, record) {
  const test = compileOperators(clause.operators);
  const path = printPath(clause.path);
  const values = leaves(record, clause.path).map((leaf) => {
    const value = readLeaf(leaf.value);
    return {
      found: value !== void 0,
      value: value === void 0 ? null : value,
      elements: leaf.elements,
      at: leaf.at,
      held: test(value)
    };
  });
  const matched = values.find((v) => v.held) ?? null;
  const operators = printFilter({ kind: "filter", clauses: [clause] })[path];
  return { kind: "field", held: matched !== null, path, operators, values, matched };
}
function explainClause(clause, record) {
  switch (clause.kind) {
    case "field":
      return explainField(clause, record);
    case "and": {
      const filters = clause.filters.map((f) => explainFilter(f, record));
      return { kind: "and", held: filters.every((f) => f.held), filters };
    }
    case "or": {
      const filters = clause.filters.map((f) => explainFilter(f, record));
      return { kind: "or", held: filters.some((f) => f.held), filters };
    }
    case "not": {
      const filter = explainFilter(clause.filter, record);
      return { kind: "not", held: !filter.held, filter };
    }
    default:
      return assertNever(clause, "clause node");
  }
}
function explainFilter(node, record) {
  const clauses = node.clauses.map((c) => explainClause(c, record));
  return { held: clauses.every((c) => c.held), clauses };
}
function explainCondition(condition, index, record) {
  return {
    index,
    path: condition.path,
    filter: printFilter(condition.filter),
    ...explainFilter(condition.filter, record)
  };
}
function explainRule(rule, index, record) {
  const conditions = rule.conditions.map((c, i) => explainCondition(c, i, record));
  const failed = conditions.filter((c) => !c.held).length;
  return { index, path: rule.path, held: failed === 0, failed, conditions };
}
function explainStatus(status, record) {
  const rules = status.rules.map((r, i) => explainRule(r, i, record));
  return {
    status: status.name,
    criticality: status.criticality,
    isDefault: status.isDefault,
    reached: rules.some((r) => r.held),
    rules
  };
}
function nearestMiss(statuses) {
  let best = null;
  for (const status of statuses) {
    if (status.isDefault) continue;
    for (const rule of status.rules) {
      const better = best === null || rule.failed < best.rule.failed || rule.failed === best.rule.failed && status.criticality > best.status.criticality;
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
    failedConditions: best.rule.conditions.filter((c) => !c.held)
  };
}
function explainPolicy(policy, result, record) {
  const scope = { path: policy.scopePath, ...explainFilter(policy.scope, record) };
  const statuses = policy.statuses.map((s) => explainStatus(s, record));
  const fellToDefault = result.applicable && result.matched === null;
  return {
    policy: policy.name,
    result,
    scope,
    statuses,
    nearestMiss: fellToDefault ? nearestMiss(statuses) : null
  };
}

// src/policy/compile.ts
var NOT_APPLICABLE = Object.freeze({
  applicable: false,
  status: null,
  criticality: null,
  isDefault: false,
  matched: null
});
function allOf(preds) {
  if (preds.length === 1) return preds[0];
  return (r) => {
    for (let i = 0; i < preds.length; i++) if (!preds[i](r)) return false;
    return true;
  };
}
function resultFor(status, ruleIndex) {
  return Object.freeze({
    applicable: true,
    status: status.name,
    criticality: status.criticality,
    isDefault: status.isDefault,
    matched: ruleIndex === null ? null : Object.freeze({ status: status.name, ruleIndex })
  });
}
function compilePolicy(definition, options) {
  const { problems, definition: policy } = checkPolicyDefinition(definition, options);
  if (policy === void 0) throw new PolicyError(problems);
  const codegen = options?.codegen === void 0 ? void 0 : { codegen: options.codegen };
  const compile = (node) => compileNode(node, codegen);
  const inScope = policy.scope.clauses.length === 0 ? null : compile(policy.scope);
  const candidates = [...policy.statuses].filter((s) => s.rules.length > 0).sort((a, b) => b.criticality - a.criticality || a.index - b.index).map((s) => ({
    rules: s.rules.map((rule) => allOf(rule.conditions.map((c) => compile(c.filter)))),
    results: s.rules.map((_, i) => resultFor(s, i))
  }));
  const fallback = resultFor(policy.defaultStatus, null);
  const decide = (resource) => {
    for (let s = 0; s < candidates.length; s++) {
      const { rules, results } = candidates[s];
      for (let r = 0; r < rules.length; r++) if (rules[r](resource)) return results[r];
    }
    return fallback;
  };
  const evaluate = inScope === null ? decide : (resource) => inScope(resource) ? decide(resource) : NOT_APPLICABLE;
  return Object.freeze({
    name: policy.name,
    isActive: policy.isActive,
    resource: policy.resource,
    statuses: Object.freeze(
      policy.statuses.map(
        (s) => Object.freeze({ name: s.name, criticality: s.criticality, isDefault: s.isDefault })
      )
    ),
    definition: policy,
    evaluate,
    explain: (resource) => explainPolicy(policy, evaluate(resource), resource)
  });
}

// src/policy/inventory.ts
function isCompiled(p) {
  return typeof p === "object" && p !== null && typeof p.evaluate === "function" && typeof p.explain === "function" && Array.isArray(p.statuses);
}
function isThenable(value) {
  return typeof value === "object" && value !== null && typeof value.then === "function";
}
var Tally = class {
  constructor(policy) {
    this.policy = policy;
  }
  policy;
  counts = /* @__PURE__ */ new Map();
  notApplicable = 0;
  applicable = 0;
  add(result) {
    if (result.status === null) {
      this.notApplicable++;
      return;
    }
    this.applicable++;
    this.counts.set(result.status, (this.counts.get(result.status) ?? 0) + 1);
  }
};
function summary(policy, skipped, tally) {
  return {
    policy: policy.name,
    skipped,
    applicable: tally?.applicable ?? 0,
    notApplicable: tally?.notApplicable ?? 0,
    statuses: policy.statuses.map((s) => ({
      status: s.name,
      criticality: s.criticality,
      isDefault: s.isDefault,
      count: tally?.counts.get(s.name) ?? 0
    }))
  };
}
function skipReason(policy, resource) {
  if (!policy.isActive) return "inactive";
  if (resource !== void 0 && policy.resource !== void 0 && policy.resource !== resource) {
    return "resource";
  }
  return null;
}
async function evaluateInventory(policies, resources, options) {
  const started = performance.now();
  const compileOptions = {
    ...options?.maxDepth === void 0 ? {} : { maxDepth: options.maxDepth },
    ...options?.codegen === void 0 ? {} : { codegen: options.codegen }
  };
  if (!Array.isArray(policies)) {
    throw new FilterError(
      "INVALID_OPTION",
      "",
      `policies must be an array of policy definitions or compiled policies, got ${describe(policies)}`
    );
  }
  const compiled2 = policies.map((p) => isCompiled(p) ? p : compilePolicy(p, compileOptions));
  const skip = compiled2.map((p) => skipReason(p, options?.resource));
  const active = compiled2.filter((_, i) => skip[i] === null);
  const tallies = active.map((p) => new Tally(p));
  const evaluators = active.map((p) => p.evaluate);
  const onResult = options?.onResult;
  const signal = options?.signal;
  let index = 0;
  const visit = (resource) => {
    signal?.throwIfAborted();
    if (onResult === void 0) {
      for (let i = 0; i < evaluators.length; i++) tallies[i].add(evaluators[i](resource));
      index++;
      return;
    }
    const results = new Array(evaluators.length);
    for (let i = 0; i < evaluators.length; i++) {
      const result = evaluators[i](resource);
      tallies[i].add(result);
      results[i] = { policy: active[i].name, result };
    }
    return onResult({ index: index++, resource, results });
  };
  if (resources !== null && typeof resources === "object" && Symbol.asyncIterator in resources) {
    for await (const resource of resources) {
      const pending = visit(resource);
      if (isThenable(pending)) await pending;
    }
  } else if (resources !== null && typeof resources === "object" && Symbol.iterator in resources) {
    for (const resource of resources) {
      const pending = visit(resource);
      if (isThenable(pending)) await pending;
    }
  } else {
    throw new FilterError(
      "INVALID_OPTION",
      "",
      "resources must be an array, an iterable or an async iterable"
    );
  }
  const durationMs = performance.now() - started;
  let t = 0;
  return {
    resources: index,
    durationMs,
    resourcesPerSecond: durationMs > 0 ? Math.round(index * 1e3 / durationMs) : 0,
    policies: compiled2.map((p, i) => summary(p, skip[i], skip[i] === null ? tallies[t++] : void 0))
  };
}

// src/cli/args.ts
import { parseArgs } from "util";
var UsageError = class extends Error {
  name = "UsageError";
};
function parseCommandArgs(argv, options) {
  try {
    return parseArgs({ args: [...argv], options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError(error.message.split(". To specify")[0] ?? String(error));
  }
}
function exitOnClosedPipe(out) {
  out.on("error", (error) => {
    if (error.code === "EPIPE") process.exit(0);
    throw error;
  });
}

// src/cli/format.ts
var int = new Intl.NumberFormat("en-US");
function pad(text, width, right = false) {
  return right ? text.padStart(width) : text.padEnd(width);
}
function policyTable(p) {
  const title = `${p.policy}`;
  if (p.skipped !== null) {
    const why = p.skipped === "inactive" ? "inactive (isActive: false)" : "another resource kind";
    return [`${title}: skipped, ${why}`];
  }
  const rows = p.statuses.map((s) => ({
    status: s.isDefault ? `${s.status} (default)` : s.status,
    criticality: String(s.criticality),
    count: int.format(s.count),
    share: p.applicable === 0 ? "-" : `${(100 * s.count / p.applicable).toFixed(1)}%`
  }));
  const w = {
    status: Math.max(6, ...rows.map((r) => r.status.length)),
    criticality: 11,
    count: Math.max(5, ...rows.map((r) => r.count.length)),
    share: 6
  };
  const lines = [
    `${title}: ${int.format(p.applicable)} applicable, ${int.format(p.notApplicable)} not applicable`,
    `  ${pad("STATUS", w.status)}  ${pad("CRITICALITY", w.criticality, true)}  ${pad("COUNT", w.count, true)}  ${pad("SHARE", w.share, true)}`
  ];
  for (const r of rows) {
    lines.push(
      `  ${pad(r.status, w.status)}  ${pad(r.criticality, w.criticality, true)}  ${pad(r.count, w.count, true)}  ${pad(r.share, w.share, true)}`
    );
  }
  return lines;
}
function formatSummary(summary2, rejected = 0) {
  const blocks = summary2.policies.map((p) => policyTable(p).join("\n"));
  const seconds = summary2.durationMs / 1e3;
  const totals = `${int.format(summary2.resources)} resources, ${summary2.policies.length} policies, ${int.format(rejected)} rejected, in ${seconds.toFixed(2)} s (${int.format(summary2.resourcesPerSecond)} resources/s)`;
  return `${blocks.join("\n\n")}

${totals}
`;
}

// src/cli/io.ts
import { createReadStream } from "fs";
import { stat } from "fs/promises";
import { StringDecoder } from "string_decoder";
var InputError = class extends Error {
  name = "InputError";
};
async function openInput(path) {
  if (path === "-") return { stream: process.stdin, size: null };
  let info;
  try {
    info = await stat(path);
  } catch (error) {
    throw new InputError(
      `cannot read input ${path}: ${error.code ?? String(error)}`
    );
  }
  if (info.isDirectory()) throw new InputError(`cannot read input ${path}: it is a directory`);
  return { stream: createReadStream(path), size: info.isFile() ? info.size : null };
}
function isSpace(c) {
  return c === 32 || c === 10 || c === 13 || c === 9 || c === 65279;
}
async function* chunks(stream, onBytes) {
  const decoder = new StringDecoder("utf8");
  let bytes = 0;
  let first = true;
  try {
    for await (const raw of stream) {
      const buffer = typeof raw === "string" ? Buffer.from(raw) : raw;
      bytes += buffer.length;
      onBytes?.(bytes);
      let text = decoder.write(buffer);
      if (first && text !== "") {
        first = false;
        if (text.charCodeAt(0) === 65279) text = text.slice(1);
      }
      if (text !== "") yield text;
    }
  } catch (error) {
    if (error instanceof InputError) throw error;
    throw new InputError(`cannot read input: ${error.message}`);
  }
  const rest = decoder.end();
  if (rest !== "") yield rest;
}
async function* readRecords(stream, handlers = {}) {
  const source = chunks(stream, handlers.onBytes);
  let first = await source.next();
  while (!first.done) {
    const text = first.value;
    let i = 0;
    while (i < text.length && isSpace(text.charCodeAt(i))) i++;
    if (i < text.length) {
      if (text.charCodeAt(i) === 91) yield* readArray(text, source, handlers);
      else yield* readLines(text, source, handlers);
      return;
    }
    first = await source.next();
  }
}
async function* readLines(head, source, handlers) {
  let pending = "";
  let line = 0;
  const parse = (text2) => {
    line++;
    const trimmed = text2.endsWith("\r") ? text2.slice(0, -1) : text2;
    if (trimmed.trim() === "") return { ok: false };
    try {
      return { ok: true, value: JSON.parse(trimmed) };
    } catch (error) {
      handlers.onReject?.({ line, message: `not valid JSON: ${error.message}` });
      return { ok: false };
    }
  };
  let text = head;
  while (text !== void 0) {
    let start = 0;
    let nl = text.indexOf("\n", start);
    while (nl >= 0) {
      const full = pending === "" ? text.slice(start, nl) : pending + text.slice(start, nl);
      pending = "";
      const r = parse(full);
      if (r.ok) yield r.value;
      start = nl + 1;
      nl = text.indexOf("\n", start);
    }
    pending += text.slice(start);
    const next = await source.next();
    text = next.done ? void 0 : next.value;
  }
  if (pending !== "") {
    const r = parse(pending);
    if (r.ok) yield r.value;
  }
}
var State = {
  /** After `[` or `,`: a value or (after `[` only) `]`. */
  Value: 0,
  /** Inside a value. */
  InValue: 1,
  /** After a value: `,` or `]`. */
  Separator: 2,
  /** After the closing `]`: only blanks. */
  Done: 3
};
async function* readArray(head, source, handlers) {
  let state = State.Value;
  let opened = false;
  let afterComma = false;
  let line = 1;
  let valueLine = 1;
  let depth = 0;
  let inString = false;
  let escaped = false;
  let parts = [];
  let text = head;
  const fail = (message) => {
    throw new InputError(`malformed JSON array at line ${line}: ${message}`);
  };
  const finish2 = (piece) => {
    parts.push(piece);
    const raw = parts.join("");
    parts = [];
    try {
      return { ok: true, value: JSON.parse(raw) };
    } catch (error) {
      handlers.onReject?.({
        line: valueLine,
        message: `array element is not valid JSON: ${error.message}`
      });
      return { ok: false };
    }
  };
  while (text !== void 0) {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      const c = text.charCodeAt(i);
      if (state === State.InValue) {
        if (inString) {
          if (escaped) escaped = false;
          else if (c === 92) escaped = true;
          else if (c === 34) inString = false;
          else if (c === 10) line++;
          if (inString || depth > 0) continue;
          const r = finish2(text.slice(start, i + 1));
          if (r.ok) yield r.value;
          state = State.Separator;
          continue;
        }
        if (c === 34) inString = true;
        else if (c === 123 || c === 91) depth++;
        else if (c === 125 || c === 93) {
          if (depth === 0) {
            const r = finish2(text.slice(start, i));
            if (r.ok) yield r.value;
            if (c === 125) fail('unexpected "}"');
            state = State.Done;
            continue;
          }
          depth--;
          if (depth === 0) {
            const r = finish2(text.slice(start, i + 1));
            if (r.ok) yield r.value;
            state = State.Separator;
          }
        } else if (depth === 0 && (c === 44 || isSpace(c))) {
          const r = finish2(text.slice(start, i));
          if (r.ok) yield r.value;
          state = State.Separator;
          if (c === 44) {
            state = State.Value;
            afterComma = true;
          } else if (c === 10) line++;
        } else if (c === 10) line++;
        continue;
      }
      if (c === 10) {
        line++;
        continue;
      }
      if (isSpace(c)) continue;
      switch (state) {
        case State.Value:
          if (!opened) {
            opened = true;
            continue;
          }
          if (c === 93 && !afterComma) {
            state = State.Done;
            continue;
          }
          if (c === 44 || c === 93) fail(`unexpected "${String.fromCharCode(c)}", expected a value`);
          state = State.InValue;
          valueLine = line;
          start = i;
          parts = [];
          if (c === 34) inString = true;
          else if (c === 123 || c === 91) depth = 1;
          afterComma = false;
          break;
        case State.Separator:
          if (c === 44) {
            state = State.Value;
            afterComma = true;
          } else if (c === 93) state = State.Done;
          else fail(`unexpected "${String.fromCharCode(c)}", expected "," or "]"`);
          break;
        case State.Done:
          fail("unexpected data after the end of the array");
      }
    }
    if (state === State.InValue) parts.push(text.slice(start));
    const next = await source.next();
    text = next.done ? void 0 : next.value;
  }
  if (state !== State.Done) fail('the input ends before the closing "]"');
}
function write(stream, text) {
  if (stream.write(text)) return;
  return new Promise((resolve3) => stream.once("drain", () => resolve3()));
}

// src/cli/eval-command.ts
var USAGE = `usage: svc-policy eval --policy FILE... [--input FILE|-] [--format table|json|ndjson] [--explain]

Evaluates policies over an inventory (a JSON array or NDJSON, streamed) and prints, per policy, how
many resources got each status.

options:
  -p, --policy FILE    a policy definition (JSON or YAML; a directory adds its .json/.yaml files);
                       repeat it, or list more files after the options
  -i, --input FILE     the inventory; "-" (the default) reads standard input
  -f, --format FORMAT  table (default on a terminal): a summary table
                       json (default otherwise): {"summary": \u2026}; with --explain also "results"
                       ndjson: one line per resource, then a {"summary": \u2026} line
      --explain        add, per resource, why each status was given
      --resource KIND  skip policies whose "resource" is another kind (component, certificate\u2026)
  -h, --help           this text

exit codes:
  0  every record was evaluated
  1  evaluated, but some input lines (NDJSON) or array elements were not valid JSON and were skipped
     (input that is not NDJSON at all: every line is reported and skipped)
  2  usage error, unreadable file, invalid policy, or a JSON array whose structure is broken
`;
var OPTIONS = {
  policy: { type: "string", short: "p", multiple: true },
  input: { type: "string", short: "i" },
  format: { type: "string", short: "f" },
  explain: { type: "boolean" },
  resource: { type: "string" },
  help: { type: "boolean", short: "h" }
};
var POLICY_EXTENSIONS = /* @__PURE__ */ new Set([".json", ".yaml", ".yml"]);
async function policyFiles(paths) {
  const out = [];
  for (const path of paths) {
    let info;
    try {
      info = await stat2(path);
    } catch (error) {
      throw new InputError(
        `cannot read policy ${path}: ${error.code ?? String(error)}`
      );
    }
    if (!info.isDirectory()) {
      out.push(path);
      continue;
    }
    const names = (await readdir(path)).filter((n) => POLICY_EXTENSIONS.has(extname(n))).sort();
    if (names.length === 0) throw new InputError(`no .json or .yaml policy files in ${path}`);
    out.push(...names.map((n) => join(path, n)));
  }
  return out;
}
async function loadPolicies(paths, err) {
  const policies = [];
  let failed = false;
  for (const file of await policyFiles(paths)) {
    let text;
    try {
      text = await readFile(file, "utf8");
      if (text.charCodeAt(0) === 65279) text = text.slice(1);
    } catch (error) {
      throw new InputError(
        `cannot read policy ${file}: ${error.code ?? String(error)}`
      );
    }
    let definition;
    try {
      definition = extname(file) === ".json" ? JSON.parse(text) : parseYaml(text);
    } catch (error) {
      err.write(
        `${file}: not valid ${extname(file) === ".json" ? "JSON" : "YAML"}: ${error.message}
`
      );
      failed = true;
      continue;
    }
    try {
      policies.push(compilePolicy(definition));
    } catch (error) {
      if (!(error instanceof PolicyError)) throw error;
      for (const p of error.problems) err.write(`${file}: ${p.path || "/"}: ${p.message} [${p.code}]
`);
      failed = true;
    }
  }
  return failed ? null : policies;
}
function resourceId(resource) {
  if (typeof resource !== "object" || resource === null || Array.isArray(resource)) return null;
  const id = resource.id;
  return typeof id === "string" || typeof id === "number" ? id : null;
}
function resultLine(event, policies, explain) {
  const line = {
    index: event.index,
    id: resourceId(event.resource),
    results: event.results.map((o) => ({ policy: o.policy, ...o.result }))
  };
  if (explain) line.explanations = policies.map((p) => p.explain(event.resource));
  return JSON.stringify(line);
}
function explainText(event, policies) {
  const lines = [
    `resource #${event.index}${resourceId(event.resource) === null ? "" : ` (${resourceId(event.resource)})`}`
  ];
  for (const policy of policies) {
    const e = policy.explain(event.resource);
    if (!e.result.applicable) {
      lines.push(`  ${e.policy}: not applicable (outside query.filter)`);
      continue;
    }
    const how = e.result.matched ? `rule ${e.result.matched.ruleIndex}` : "no rule held: default";
    lines.push(`  ${e.policy}: ${e.result.status} (criticality ${e.result.criticality}, ${how})`);
    const miss = e.nearestMiss;
    if (miss) {
      lines.push(
        `    nearest miss: "${miss.status}" rule ${miss.ruleIndex}, ${miss.failed} of ${miss.conditions} conditions failed`
      );
      for (const c of miss.failedConditions) {
        for (const clause of c.clauses) {
          if (clause.held || clause.kind !== "field") continue;
          const seen = clause.values.length === 0 ? "no value" : clause.values.map((v) => v.found ? JSON.stringify(v.value) : "missing").join(", ");
          lines.push(`      ${clause.path} ${JSON.stringify(clause.operators)}: found ${seen}`);
        }
      }
    }
  }
  return `${lines.join("\n")}
`;
}
function progressBar(size) {
  const stream = process.stderr;
  let last = 0;
  let bytes = 0;
  const started = performance.now();
  const draw = (count, force = false) => {
    const now = performance.now();
    if (!force && now - last < 100) return;
    last = now;
    const rate = Math.round(count * 1e3 / Math.max(1, now - started));
    const head = size !== null && size > 0 ? (() => {
      const ratio = Math.min(1, bytes / size);
      const filled = Math.round(ratio * 30);
      return `[${"#".repeat(filled)}${".".repeat(30 - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% `;
    })() : "";
    stream.write(
      `\r${head}${count.toLocaleString("en-US")} resources, ${rate.toLocaleString("en-US")}/s\x1B[K`
    );
  };
  return {
    bytes: (n) => {
      bytes = n;
    },
    tick: (count) => draw(count),
    done: () => stream.write("\r\x1B[K")
  };
}
function parseFormat(value) {
  if (value === void 0) return process.stdout.isTTY ? "table" : "json";
  if (value === "table" || value === "json" || value === "ndjson") return value;
  throw new UsageError(`--format must be table, json or ndjson, got "${value}"`);
}
async function runEval(argv) {
  const out = process.stdout;
  const err = process.stderr;
  let progress = null;
  exitOnClosedPipe(out);
  try {
    const { values, positionals } = parseCommandArgs(argv, OPTIONS);
    if (values.help) {
      out.write(USAGE);
      return 0;
    }
    const format = parseFormat(values.format);
    const paths = [...values.policy ?? [], ...positionals];
    if (paths.length === 0) throw new UsageError("at least one --policy FILE is required");
    const inputPath = values.input ?? "-";
    if (inputPath === "-" && process.stdin.isTTY) {
      throw new UsageError("no --input FILE given and standard input is a terminal");
    }
    const policies = await loadPolicies(paths, err);
    if (policies === null) return 2;
    const { stream, size } = await openInput(inputPath);
    const explain = values.explain === true;
    progress = err.isTTY ? progressBar(size) : null;
    const rejections = [];
    let rejected = 0;
    const records = readRecords(stream, {
      onReject: (r) => {
        rejected++;
        if (progress) progress.done();
        err.write(`${inputPath === "-" ? "stdin" : inputPath}:${r.line}: ${r.message}
`);
        if (rejections.length < 100) rejections.push(r);
      },
      ...progress ? { onBytes: progress.bytes } : {}
    });
    let first = true;
    if (format === "json" && explain) out.write('{"results":[\n');
    const active = policies.filter((p) => skipReason(p, values.resource) === null);
    const onResult = (event) => {
      progress?.tick(event.index + 1);
      if (format === "ndjson") return write(out, `${resultLine(event, active, explain)}
`);
      if (!explain) return;
      if (format === "table") return write(out, explainText(event, active));
      const text = `${first ? "" : ",\n"}${resultLine(event, active, true)}`;
      first = false;
      return write(out, text);
    };
    const summary2 = await evaluateInventory(policies, records, {
      ...values.resource === void 0 ? {} : { resource: values.resource },
      onResult
    });
    progress?.done();
    const report = { ...summary2, rejected, rejections };
    if (format === "table") await write(out, `${explain ? "\n" : ""}${formatSummary(summary2, rejected)}`);
    else if (format === "json") {
      await write(out, `${explain ? '\n],"summary":' : '{"summary":'}${JSON.stringify(report)}}
`);
    } else await write(out, `${JSON.stringify({ summary: report })}
`);
    if (rejected > 0) err.write(`svc-policy eval: ${rejected} record(s) rejected (not valid JSON)
`);
    return rejected > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`svc-policy eval: ${error.message}

${USAGE}`);
      return 2;
    }
    progress?.done();
    if (error instanceof InputError) {
      err.write(`svc-policy eval: ${error.message}
`);
      return 2;
    }
    throw error;
  }
}

// src/cli/validate-command.ts
import { constants } from "fs";
import * as fsp from "fs/promises";
import { open, readdir as readdir2, realpath, stat as stat3 } from "fs/promises";
import { dirname, extname as extname2, isAbsolute, join as join2, relative, resolve as resolve2, sep } from "path";

// src/validate/unprintable.ts
var UNPRINTABLE = (
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u00AD\u061C\u200B-\u200F\u202A-\u202E\u2060-\u2069\uFEFF]/g
);
function printable(message) {
  return message.replace(
    UNPRINTABLE,
    (c) => `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`
  );
}

// src/validate/formats/github.ts
function escapeData(text) {
  return text.replace(/%/g, "%25").replace(/\r/g, "%0D").replace(/\n/g, "%0A");
}
function escapeProperty(text) {
  return escapeData(text).replace(/:/g, "%3A").replace(/,/g, "%2C");
}
function formatGithub(reports) {
  let out = "";
  for (const r of reports) {
    for (const d of r.diagnostics) {
      const props = [`file=${escapeProperty(r.file)}`];
      if (d.line !== void 0) props.push(`line=${d.line}`, `col=${d.column ?? 1}`);
      props.push(`title=${escapeProperty(`${d.code}${d.path === "" ? "" : ` at ${printable(d.path)}`}`)}`);
      out += `::${d.severity} ${props.join(",")}::${escapeData(d.message)}
`;
    }
  }
  return out;
}

// src/validate/formats/sarif.ts
function fileUri(file) {
  return file.split(/[\\/]/).map(encodeURIComponent).join("/");
}
function formatSarif(reports, tool) {
  const rules = [];
  const ruleIndex = /* @__PURE__ */ new Map();
  const results = [];
  for (const r of reports) {
    for (const d of r.diagnostics) {
      let index = ruleIndex.get(d.code);
      if (index === void 0) {
        index = rules.length;
        rules.push(d.code);
        ruleIndex.set(d.code, index);
      }
      const region = d.line === void 0 ? {} : { region: { startLine: Math.max(1, d.line), startColumn: Math.max(1, d.column ?? 1) } };
      results.push({
        ruleId: d.code,
        ruleIndex: index,
        level: d.severity,
        message: { text: d.message },
        locations: [
          {
            physicalLocation: { artifactLocation: { uri: fileUri(r.file) }, ...region },
            ...d.path === "" ? {} : { logicalLocations: [{ fullyQualifiedName: d.path, kind: "member" }] }
          }
        ]
      });
    }
  }
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: tool.name,
            version: tool.version,
            ...tool.informationUri === void 0 ? {} : { informationUri: tool.informationUri },
            rules: rules.map((id) => ({
              id,
              shortDescription: { text: id.toLowerCase().replace(/_/g, " ") }
            }))
          }
        },
        columnKind: "utf16CodeUnits",
        results
      }
    ]
  };
  return `${JSON.stringify(log, null, 2)}
`;
}

// src/validate/formats/text.ts
var WIDTH = 120;
function frame(lines, d) {
  if (d.line === void 0 || d.column === void 0) return "";
  const gutter = String(d.line).length;
  const out = [];
  for (let n = Math.max(1, d.line - 1); n <= d.line; n++) {
    let text = (lines[n - 1] ?? "").replace(/\r$/, "").replace(UNPRINTABLE, "\uFFFD");
    let column = d.column;
    if (text.length > WIDTH) {
      const start = n === d.line ? Math.max(0, column - 1 - WIDTH / 2) : 0;
      text = `${start > 0 ? "\u2026" : ""}${text.slice(start, start + WIDTH)}\u2026`;
      if (n === d.line) column = column - start + (start > 0 ? 1 : 0);
    }
    out.push(`${n === d.line ? ">" : " "} ${String(n).padStart(gutter)} | ${text}`);
    if (n === d.line) {
      const prefix = text.slice(0, column - 1).replace(/[^\t]/g, " ");
      out.push(`  ${" ".repeat(gutter)} | ${prefix}^`);
    }
  }
  return `${out.join("\n")}
`;
}
function formatText(reports) {
  let out = "";
  let errors = 0;
  let warnings = 0;
  for (const r of reports) {
    const lines = r.text?.split("\n") ?? [];
    for (const d of r.diagnostics) {
      if (d.severity === "error") errors++;
      else warnings++;
      const where = d.line === void 0 ? r.file : `${r.file}:${d.line}:${d.column ?? 1}`;
      out += `${where} ${d.severity} ${d.code} ${d.message}
${frame(lines, d)}`;
    }
  }
  const files = `${reports.length} file${reports.length === 1 ? "" : "s"}`;
  out += `${out === "" ? "" : "\n"}${files} checked: ${errors} error${errors === 1 ? "" : "s"}, ${warnings} warning${warnings === 1 ? "" : "s"}
`;
  return out;
}

// src/validate/fields/types.ts
var STRING = { kind: "string" };
var NUMBER = { kind: "number" };
var BOOLEAN = { kind: "boolean" };
var TIMESTAMP = { kind: "timestamp" };
var ANY = { kind: "any" };
function describeType(type) {
  switch (type.kind) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "boolean":
      return "a boolean";
    case "timestamp":
      return "a timestamp (ISO 8601 string)";
    case "array":
      return `an array of ${plural(type.items)}`;
    case "map":
      return `a map of ${plural(type.values)}`;
    case "object":
      return "an object";
    case "any":
      return "a value of any type";
  }
}
function plural(type) {
  switch (type.kind) {
    case "string":
      return "strings";
    case "number":
      return "numbers";
    case "boolean":
      return "booleans";
    case "timestamp":
      return "timestamps";
    case "object":
      return "objects";
    default:
      return `(${describeType(type)})`;
  }
}

// src/validate/checks/array-selectors.ts
function testsPresence(op) {
  switch (op.kind) {
    case "exists":
      return true;
    case "eq":
    case "ne":
      return op.value === null;
    case "in":
    case "nin":
      return op.values.length > 0 && op.values.every((v) => v === null);
    default:
      return false;
  }
}
var arraySelectors = {
  name: "array-selectors",
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const r = site.resolution;
        if (r === void 0) continue;
        const key = site.key;
        if (r.kind === "selector-on-non-array") {
          const head = printPath(site.node.path.slice(0, r.step));
          report({
            severity: "error",
            code: "SELECTOR_ON_NON_ARRAY",
            message: `"${key}" selects elements of "${head || "the resource"}", which is ${describeType(r.parent)}, not an array: the condition never holds`,
            path: site.pointer,
            anchor: "key"
          });
        } else if (r.kind === "key-on-array") {
          const head = printPath(site.node.path.slice(0, r.step));
          const fixed = printPath([
            ...site.node.path.slice(0, r.step),
            { kind: "any" },
            ...site.node.path.slice(r.step)
          ]);
          const items = r.parent.kind === "array" ? r.parent.items.kind : "any";
          const advice = items === "object" || items === "map" || items === "any" ? `write "${fixed}"` : `its elements have no keys either`;
          report({
            severity: "error",
            code: "MISSING_ARRAY_SELECTOR",
            message: `"${head}" is ${describeType(r.parent)}; "${key}" reads a key of the array itself, which is always missing; ${advice}`,
            path: site.pointer,
            anchor: "key"
          });
        } else if (r.kind === "ok" && r.type.kind === "array") {
          const compared = site.node.operators.filter((op) => !testsPresence(op));
          if (compared.length === 0) continue;
          const names = compared.map((op) => `"${OPERATOR_NAMES[op.kind]}"`).join(", ");
          report({
            severity: "error",
            code: "MISSING_ARRAY_SELECTOR",
            message: `"${key}" is ${describeType(r.type)} and arrays are compared as values, so ${names} never compares its elements; write "${key}${PATH_SEPARATOR}${ARRAY_ANY}"`,
            path: site.pointer,
            anchor: "key"
          });
        }
      }
    }
  }
};

// src/validate/fields/suggest.ts
function editDistance(a, b, cap = Number.POSITIVE_INFINITY) {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let best = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const v = Math.min(prev[j] + 1, row[j - 1] + 1, prev[j - 1] + cost);
      row.push(v);
      if (v < best) best = v;
    }
    if (best > cap) return cap + 1;
    prev = row;
  }
  return prev[b.length];
}
function closest(name, known) {
  const lower = name.toLowerCase();
  let best;
  let bestDistance = Math.max(2, Math.floor(name.length / 3));
  for (const candidate of known) {
    if (candidate.toLowerCase() === lower) return candidate;
    const d = editDistance(lower, candidate.toLowerCase(), bestDistance);
    if (d < bestDistance || d === bestDistance && best === void 0) {
      best = candidate;
      bestDistance = d;
    }
  }
  return best;
}

// src/validate/fields/resolve.ts
function resolve(root, path) {
  let type = root;
  let blocked;
  for (let i = 0; i < path.length; i++) {
    const step = path[i];
    if (type.kind === "any") return { kind: "ok", type, ...blocked === void 0 ? {} : { blocked } };
    if (step.kind === "any") {
      if (type.kind !== "array") return { kind: "selector-on-non-array", step: i, parent: type };
      type = type.items;
    } else {
      switch (type.kind) {
        case "object": {
          const field = Object.hasOwn(type.fields, step.key) ? type.fields[step.key] : void 0;
          if (field !== void 0) type = field;
          else if (type.open) return { kind: "ok", type: { kind: "any" } };
          else {
            const suggestion2 = closest(step.key, Object.keys(type.fields));
            return {
              kind: "unknown",
              step: i,
              parent: type,
              ...suggestion2 === void 0 ? {} : { suggestion: suggestion2 }
            };
          }
          break;
        }
        case "map":
          type = type.values;
          break;
        case "array":
          return { kind: "key-on-array", step: i, parent: type };
        default:
          return { kind: "through-scalar", step: i, parent: type };
      }
    }
    if (type.filterable === false && blocked === void 0) blocked = i;
  }
  return { kind: "ok", type, ...blocked === void 0 ? {} : { blocked } };
}

// src/validate/checks/dotted-paths.ts
var DOTTED = /^[A-Za-z_][\w-]*(?:\.[A-Za-z_][\w-]*)+$/;
function stepIn(root, path, step) {
  if (root === void 0) return "open";
  const before = resolve(root, path.slice(0, step));
  if (before.kind !== "ok") return "known";
  if (before.type.kind === "map") return "known";
  if (before.type.kind === "any") return "open";
  const upTo = resolve(root, path.slice(0, step + 1));
  return upTo.kind === "unknown" && upTo.step === step ? "unknown" : "known";
}
function split(site, step, key) {
  const keys = key.split(".").map((k) => ({ kind: "key", key: k }));
  return printPath([...site.node.path.slice(0, step), ...keys, ...site.node.path.slice(step + 1)]);
}
function dottedPathHint(model, site) {
  const path = site.node.path;
  for (let i = 0; i < path.length; i++) {
    const s = path[i];
    if (s.kind !== "key" || !DOTTED.test(s.key)) continue;
    if (stepIn(model.rootType, path, i) === "known") continue;
    return { step: i, rewrite: split(site, i, s.key) };
  }
  return void 0;
}
var dottedPaths = {
  name: "dotted-paths",
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        if (site.k8s) continue;
        const hint = dottedPathHint(model, site);
        if (hint === void 0) continue;
        const step = site.node.path[hint.step];
        report({
          severity: "warning",
          code: "DOTTED_PATH",
          message: `"${step.key}" in "${site.key}" is one key with dots in its name, which a ${model.resource ?? "resource"} does not have: paths join keys with "$." (not "." as in MongoDB); did you mean "${hint.rewrite}"?`,
          path: site.pointer,
          anchor: "key"
        });
      }
    }
  }
};

// src/validate/checks/duplicate-statuses.ts
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (typeof value === "object" && value !== null) {
    const entries = Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`);
    return `{${entries.join(",")}}`;
  }
  return JSON.stringify(value);
}
function ruleSet(status) {
  const rules = status.rules.map(
    (rule) => canonical([...new Set(rule.conditions.map((c) => canonical(printFilter(c.filter))))].sort())
  );
  return canonical([...new Set(rules)].sort());
}
function evaluationOrder(statuses) {
  return statuses.filter((s) => s.rules.length > 0).sort((a, b) => b.criticality - a.criticality || a.index - b.index);
}
function duplicatePairs(statuses) {
  const first = /* @__PURE__ */ new Map();
  const out = [];
  for (const s of evaluationOrder(statuses)) {
    const key = ruleSet(s);
    const winner = first.get(key);
    if (winner === void 0) first.set(key, s);
    else out.push([winner, s]);
  }
  return out;
}
var duplicateStatuses = {
  name: "duplicate-statuses",
  run(model, report) {
    const definition = model.check.definition;
    if (definition === void 0) return;
    for (const [winner, loser] of duplicatePairs(definition.statuses)) {
      report({
        severity: "warning",
        code: "DUPLICATE_STATUS_RULES",
        message: `status "${loser.name}" has the same rules as "${winner.name}", which is evaluated first (criticality ${winner.criticality}): "${loser.name}" is never given through them`,
        path: loser.path,
        anchor: "key"
      });
    }
  }
};

// src/validate/checks/field-paths.ts
var fieldPaths = {
  name: "field-paths",
  run(model, report) {
    const kind = model.resource ?? "resource";
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const r = site.resolution;
        if (r === void 0 || site.k8s) continue;
        if (r.kind !== "unknown" && r.kind !== "through-scalar") continue;
        const head = printPath(site.node.path.slice(0, r.step));
        const step = site.node.path[r.step];
        const name = step.kind === "key" ? step.key : "";
        let message;
        if (r.kind === "through-scalar") {
          message = `field "${head}" of a ${kind} is ${describeType(r.parent)}, so "${site.key}" reads nothing and never matches`;
        } else {
          const where = r.step === 0 ? `a ${kind}` : `"${head}" of a ${kind}`;
          const dotted = dottedPathHint(model, site);
          const hint = dotted?.step === r.step ? `; paths join keys with "$.": did you mean "${dotted.rewrite}"?` : r.suggestion === void 0 ? "" : `; did you mean "${printPath([...site.node.path.slice(0, r.step), { kind: "key", key: r.suggestion }])}"?`;
          const inKey = site.node.path.length === 1 ? "" : ` in "${site.key}"`;
          message = `unknown field "${name}"${inKey}: ${where} has no such field${hint}`;
        }
        report({ severity: "error", code: "UNKNOWN_FIELD", message, path: site.pointer, anchor: "key" });
      }
    }
  }
};

// src/validate/domain.ts
var cmpNum = (a, b) => a - b;
var ANY_ORDERED = { none: false, excluded: [], likes: [] };
var NO_ORDERED = { none: true, excluded: [], likes: [] };
var TOP = {
  missing: true,
  other: true,
  bools: [true, false],
  str: ANY_ORDERED,
  num: ANY_ORDERED
};
var NOTHING = { missing: false, other: false, bools: [], str: NO_ORDERED, num: NO_ORDERED };
var likeCache = /* @__PURE__ */ new Map();
function likeMatch(pattern, s) {
  let m = likeCache.get(pattern);
  if (m === void 0) {
    m = compileLike(pattern);
    if (likeCache.size > 1e3) likeCache.clear();
    likeCache.set(pattern, m);
  }
  return m(s);
}
function operatorDomain(op) {
  switch (op.kind) {
    case "eq":
      return op.value === null ? { ...NOTHING, missing: true } : only([op.value]);
    case "ne": {
      const v = op.value;
      if (v === null) return { ...TOP, missing: false };
      if (typeof v === "boolean") return { ...TOP, bools: [!v] };
      if (typeof v === "string") return { ...TOP, str: { ...ANY_ORDERED, excluded: [v] } };
      return { ...TOP, num: { ...ANY_ORDERED, excluded: [v] } };
    }
    case "gt":
    case "gte":
    case "lt":
    case "lte": {
      const bound = { value: op.value, inclusive: op.kind === "gte" || op.kind === "lte" };
      const side = op.kind === "gt" || op.kind === "gte" ? { lo: bound } : { hi: bound };
      return typeof op.value === "string" ? { ...NOTHING, str: { ...ANY_ORDERED, ...side } } : { ...NOTHING, num: { ...ANY_ORDERED, ...side } };
    }
    case "in":
      return only(op.values);
    case "nin":
      return {
        missing: !op.values.includes(null),
        other: true,
        bools: [true, false].filter((b) => !op.values.includes(b)),
        str: { ...ANY_ORDERED, excluded: op.values.filter((v) => typeof v === "string") },
        num: { ...ANY_ORDERED, excluded: op.values.filter((v) => typeof v === "number") }
      };
    case "like":
      return { ...NOTHING, str: { ...ANY_ORDERED, likes: [op.pattern] } };
    case "exists":
      return op.value ? { ...TOP, missing: false } : { ...NOTHING, missing: true };
  }
}
function only(values) {
  const strs = values.filter((v) => typeof v === "string");
  const nums = values.filter((v) => typeof v === "number");
  return {
    missing: values.includes(null),
    other: false,
    bools: [true, false].filter((b) => values.includes(b)),
    str: strs.length === 0 ? NO_ORDERED : { ...ANY_ORDERED, set: strs },
    num: nums.length === 0 ? NO_ORDERED : { ...ANY_ORDERED, set: nums }
  };
}
function tighter(a, b, cmp, lower) {
  if (a === void 0) return b;
  if (b === void 0) return a;
  const c = cmp(a.value, b.value);
  if (c === 0) return { value: a.value, inclusive: a.inclusive && b.inclusive };
  return c > 0 === lower ? a : b;
}
function intersectOrdered(a, b, cmp) {
  const set = a.set === void 0 ? b.set : b.set === void 0 ? a.set : a.set.filter((x) => b.set.includes(x));
  const lo = tighter(a.lo, b.lo, cmp, true);
  const hi = tighter(a.hi, b.hi, cmp, false);
  return {
    none: a.none || b.none,
    ...set === void 0 ? {} : { set },
    ...lo === void 0 ? {} : { lo },
    ...hi === void 0 ? {} : { hi },
    excluded: [...a.excluded, ...b.excluded],
    likes: [...a.likes, ...b.likes]
  };
}
function intersect(a, b) {
  return {
    missing: a.missing && b.missing,
    other: a.other && b.other,
    bools: a.bools.filter((x) => b.bools.includes(x)),
    str: intersectOrdered(a.str, b.str, compareCodePoints),
    num: intersectOrdered(a.num, b.num, cmpNum)
  };
}
function fieldDomain(operators) {
  return operators.reduce((d, op) => intersect(d, operatorDomain(op)), TOP);
}
function inRange(o, x, cmp) {
  if (o.lo !== void 0) {
    const c = cmp(x, o.lo.value);
    if (c < 0 || c === 0 && !o.lo.inclusive) return false;
  }
  if (o.hi !== void 0) {
    const c = cmp(x, o.hi.value);
    if (c > 0 || c === 0 && !o.hi.inclusive) return false;
  }
  return true;
}
function accepts(o, x, cmp) {
  if (o.none) return false;
  if (o.set !== void 0 && !o.set.includes(x)) return false;
  if (!inRange(o, x, cmp) || o.excluded.includes(x)) return false;
  return o.likes.every((p) => likeMatch(p, x));
}
function finiteMembers(o, cmp) {
  if (o.none) return [];
  let candidates = o.set;
  if (candidates === void 0) {
    const literal2 = o.likes.map((p) => parseLike(p).pieces).find((pieces) => pieces.length === 1);
    if (literal2 !== void 0) candidates = [literal2[0]];
  }
  if (candidates === void 0 && o.lo !== void 0 && o.hi !== void 0) {
    const c = cmp(o.lo.value, o.hi.value);
    if (c > 0 || c === 0 && !(o.lo.inclusive && o.hi.inclusive)) return [];
    if (c === 0) candidates = [o.lo.value];
  }
  return candidates?.filter((x) => accepts(o, x, cmp));
}
function isEmptyOrdered(o, cmp) {
  const members = finiteMembers(o, cmp);
  return members !== void 0 && members.length === 0;
}
function isEmpty(d) {
  return !d.missing && !d.other && d.bools.length === 0 && isEmptyOrdered(d.str, compareCodePoints) && isEmptyOrdered(d.num, cmpNum);
}
function boundWithin(inner, outer, cmp, lower) {
  if (outer === void 0) return true;
  if (inner === void 0) return false;
  const c = cmp(inner.value, outer.value);
  if (c === 0) return outer.inclusive || !inner.inclusive;
  return c > 0 === lower;
}
function subsetOrdered(a, b, cmp) {
  const members = finiteMembers(a, cmp);
  if (members !== void 0) return members.every((x) => accepts(b, x, cmp));
  if (b.none || b.set !== void 0) return false;
  if (!b.likes.every((p) => a.likes.includes(p))) return false;
  if (!boundWithin(a.lo, b.lo, cmp, true) || !boundWithin(a.hi, b.hi, cmp, false)) return false;
  return b.excluded.every(
    (x) => a.excluded.includes(x) || !inRange(a, x, cmp) || a.likes.some((p) => !likeMatch(p, x))
  );
}
function isSubset(a, b) {
  if (isEmpty(a)) return true;
  return (!a.missing || b.missing) && (!a.other || b.other) && a.bools.every((x) => b.bools.includes(x)) && subsetOrdered(a.str, b.str, compareCodePoints) && subsetOrdered(a.num, b.num, cmpNum);
}

// src/validate/rules.ts
function scopeOf(model) {
  return model.filters.find((f) => f.node !== void 0 && f.pointer === `${model.base}/query/filter`);
}
function ruleViews(model) {
  const definition = model.check.definition;
  if (definition === void 0) return [];
  const byPointer = new Map(model.filters.filter((f) => f.node !== void 0).map((f) => [f.pointer, f]));
  const out = [];
  for (const status of definition.statuses) {
    status.rules.forEach((rule, index) => {
      const filters = rule.conditions.map((c) => byPointer.get(c.path)).filter((f) => f !== void 0);
      out.push({ status, index, rule, filters, conjunctive: filters.every((f) => !f.disjunctive) });
    });
  }
  return out;
}
function facts(filters) {
  return filters.flatMap((f) => f.fields.filter((s) => s.conjunctive));
}
var hasSelector = (site) => site.node.path.some((s) => s.kind === "any");
function pathDomain(sites, key) {
  let d = TOP;
  for (const s of sites)
    if (s.key === key && !hasSelector(s)) d = intersect(d, fieldDomain(s.node.operators));
  return d;
}
function firstConflict(sites) {
  const seen = /* @__PURE__ */ new Map();
  for (const s of sites) {
    if (hasSelector(s)) continue;
    const own = fieldDomain(s.node.operators);
    if (isEmpty(own)) continue;
    const prev = seen.get(s.key);
    if (prev === void 0) {
      seen.set(s.key, { d: own, first: s });
      continue;
    }
    const d = intersect(prev.d, own);
    if (isEmpty(d)) return { site: s, with: prev.first };
    seen.set(s.key, { d, first: prev.first });
  }
  return void 0;
}
function neverHolds(sites) {
  return sites.some((s) => isEmpty(fieldDomain(s.node.operators))) || firstConflict(sites) !== void 0;
}
function implies(premises, target) {
  return target.every((t) => {
    const want = fieldDomain(t.node.operators);
    if (!hasSelector(t)) return isSubset(pathDomain(premises, t.key), want);
    return premises.some((p) => p.key === t.key && isSubset(fieldDomain(p.node.operators), want));
  });
}

// src/validate/checks/impossible-conditions.ts
var show = (site) => JSON.stringify(printFilter({ kind: "filter", clauses: [site.node] }));
var impossibleConditions = {
  name: "impossible-conditions",
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        if (!isEmpty(fieldDomain(site.node.operators))) continue;
        report({
          severity: "warning",
          code: "IMPOSSIBLE_CONDITION",
          message: `${show(site)} can never hold: no value satisfies all of its operators`,
          path: site.pointer,
          anchor: "key"
        });
      }
    }
    const scope = scopeOf(model);
    const scopeFacts = scope === void 0 ? [] : facts([scope]);
    const scopeConflict = firstConflict(scopeFacts);
    if (scopeConflict !== void 0) {
      report({
        severity: "warning",
        code: "IMPOSSIBLE_CONDITION",
        message: `${show(scopeConflict.site)} contradicts ${show(scopeConflict.with)} at ${showPointer(scopeConflict.with.pointer)}: the scope matches no resource`,
        path: scopeConflict.site.pointer,
        anchor: "key"
      });
      return;
    }
    for (const view of ruleViews(model)) {
      const conflict = firstConflict([...scopeFacts, ...facts(view.filters)]);
      if (conflict === void 0) continue;
      const inScope = scopeFacts.includes(conflict.with);
      report({
        severity: "warning",
        code: "IMPOSSIBLE_CONDITION",
        message: inScope ? `${show(conflict.site)} contradicts the policy's scope ${show(conflict.with)}: rule ${view.index} of "${view.status.name}" never holds for a resource in scope` : `${show(conflict.site)} contradicts ${show(conflict.with)} at ${showPointer(conflict.with.pointer)}: rule ${view.index} of "${view.status.name}" never holds`,
        path: conflict.site.pointer,
        anchor: "key"
      });
    }
  }
};

// src/validate/schema.ts
import { Ajv2020 } from "ajv/dist/2020.js";

// schema/policy.schema.json
var policy_schema_default = {
  $schema: "https://json-schema.org/draft/2020-12/schema",
  title: "svc-policy policy definition",
  description: 'A policy definition of the Infrastructure Inventory API (POST /policy), or its { "policy": \u2026 } request body. Reference it from a policy file with "$schema" for editor completion; `svc-policy validate` checks much more (field paths, operator types, contradictions).',
  if: {
    type: "object",
    required: ["policy"],
    not: {
      required: ["statusDefinitions"]
    }
  },
  then: {
    $ref: "#/$defs/requestBody"
  },
  else: {
    $ref: "#/$defs/policyDefinition"
  },
  $defs: {
    requestBody: {
      description: "The body of POST /policy.",
      type: "object",
      properties: {
        $schema: {
          type: "string"
        },
        policy: {
          $ref: "#/$defs/policyDefinition"
        }
      },
      required: ["policy"],
      additionalProperties: false
    },
    policyDefinition: {
      type: "object",
      properties: {
        $schema: {
          type: "string",
          description: "The JSON Schema of this file (for editors); ignored by the validator."
        },
        id: {
          type: ["string", "integer"],
          description: "Present when the policy was read back from the API; ignored."
        },
        createdAt: {
          type: "string",
          description: "Present when the policy was read back from the API; ignored."
        },
        updatedAt: {
          type: "string",
          description: "Present when the policy was read back from the API; ignored."
        },
        name: {
          type: "string",
          minLength: 1
        },
        type: {
          type: "string",
          description: "Observed: governance.",
          examples: ["governance"]
        },
        isActive: {
          type: "boolean",
          default: true
        },
        resource: {
          type: "string",
          description: "The resource kind the policy evaluates; field paths are checked for component and certificate.",
          examples: ["component", "certificate"]
        },
        description: {
          type: "string"
        },
        query: {
          type: "object",
          description: 'The scope: {} (every resource) or { "filter": \u2026 }.',
          properties: {
            filter: {
              $ref: "#/$defs/filter"
            }
          },
          additionalProperties: false
        },
        statusDefinitions: {
          type: "object",
          description: "Status name \u2192 definition. Exactly one status has isDefault: true; the others need rules.",
          minProperties: 1,
          propertyNames: {
            minLength: 1
          },
          additionalProperties: {
            $ref: "#/$defs/statusDefinition"
          }
        }
      },
      required: ["name", "statusDefinitions"],
      additionalProperties: false
    },
    statusDefinition: {
      type: "object",
      properties: {
        isDefault: {
          type: "boolean",
          description: "The status given when no other status's rules hold."
        },
        criticality: {
          type: "number",
          description: "Among the statuses whose rules hold, the highest criticality wins (the first defined on a tie)."
        },
        rules: {
          type: "array",
          description: "Alternatives: the status is reached when any rule holds.",
          items: {
            $ref: "#/$defs/rule"
          }
        }
      },
      required: ["criticality"],
      additionalProperties: false,
      if: {
        properties: {
          isDefault: {
            const: true
          }
        },
        required: ["isDefault"]
      },
      else: {
        required: ["rules"],
        properties: {
          rules: {
            minItems: 1
          }
        }
      }
    },
    rule: {
      type: "object",
      description: "Holds when all its conditions hold.",
      properties: {
        conditions: {
          type: "array",
          minItems: 1,
          items: {
            $ref: "#/$defs/condition"
          }
        }
      },
      required: ["conditions"],
      additionalProperties: false
    },
    condition: {
      type: "object",
      properties: {
        type: {
          const: "filter"
        },
        condition: {
          type: "object",
          properties: {
            filter: {
              $ref: "#/$defs/filter"
            }
          },
          required: ["filter"],
          additionalProperties: false
        }
      },
      required: ["type", "condition"],
      additionalProperties: false
    },
    filter: {
      type: "object",
      description: 'Every key must hold. Keys are field paths (segments joined by "$.", e.g. details$.postgres$.lastActiveConnectionTime; __svcArrayAny__ selects some element of an array) mapping to operator objects, or $and, $or, $not.',
      properties: {
        $and: {
          type: "array",
          minItems: 1,
          items: {
            $ref: "#/$defs/filter"
          },
          description: "All filters hold."
        },
        $or: {
          type: "array",
          minItems: 1,
          items: {
            $ref: "#/$defs/filter"
          },
          description: "At least one filter holds."
        },
        $not: {
          $ref: "#/$defs/filter",
          description: "The filter does not hold."
        },
        id: {
          $ref: "#/$defs/operators"
        },
        integrationId: {
          $ref: "#/$defs/operators"
        },
        uniqueIdentifier: {
          $ref: "#/$defs/operators"
        },
        region: {
          $ref: "#/$defs/operators"
        },
        vendor: {
          $ref: "#/$defs/operators"
        },
        technology: {
          $ref: "#/$defs/operators"
        },
        type: {
          $ref: "#/$defs/operators"
        },
        version: {
          $ref: "#/$defs/operators"
        },
        hasAvailableSvcs: {
          $ref: "#/$defs/operators"
        },
        tags: {
          $ref: "#/$defs/operators"
        },
        customTags: {
          $ref: "#/$defs/operators"
        },
        details: {
          $ref: "#/$defs/operators"
        },
        createdAt: {
          $ref: "#/$defs/operators"
        },
        updatedAt: {
          $ref: "#/$defs/operators"
        },
        status: {
          $ref: "#/$defs/operators"
        },
        issuer: {
          $ref: "#/$defs/operators"
        },
        keyAlgorithm: {
          $ref: "#/$defs/operators"
        },
        renewalEligibility: {
          $ref: "#/$defs/operators"
        },
        domainName: {
          $ref: "#/$defs/operators"
        },
        domains: {
          $ref: "#/$defs/operators"
        },
        inUseBy: {
          $ref: "#/$defs/operators"
        },
        created: {
          $ref: "#/$defs/operators"
        },
        issuedAt: {
          $ref: "#/$defs/operators"
        },
        validityStartDate: {
          $ref: "#/$defs/operators"
        },
        expirationDate: {
          $ref: "#/$defs/operators"
        },
        dueDate: {
          $ref: "#/$defs/operators"
        },
        deletedAt: {
          $ref: "#/$defs/operators"
        },
        componentIds: {
          $ref: "#/$defs/operators"
        },
        displayType: {
          $ref: "#/$defs/operators"
        }
      },
      propertyNames: {
        anyOf: [
          {
            enum: ["$and", "$or", "$not"]
          },
          {
            pattern: "^[^$]"
          }
        ]
      },
      additionalProperties: {
        $ref: "#/$defs/operators"
      }
    },
    operators: {
      type: "object",
      description: 'Every operator holds for the same value. There is no implicit equality: write { "$eq": \u2026 }.',
      minProperties: 1,
      properties: {
        $eq: {
          $ref: "#/$defs/scalar",
          description: "Equal, with no type conversions; null matches a missing value."
        },
        $ne: {
          $ref: "#/$defs/scalar",
          description: "Not $eq: matches missing values unless the operand is null."
        },
        $gt: {
          $ref: "#/$defs/ordered",
          description: "Greater than (strings by code point, numbers numerically)."
        },
        $gte: {
          $ref: "#/$defs/ordered",
          description: "Greater than or equal."
        },
        $lt: {
          $ref: "#/$defs/ordered",
          description: "Less than."
        },
        $lte: {
          $ref: "#/$defs/ordered",
          description: "Less than or equal."
        },
        $in: {
          type: "array",
          items: {
            $ref: "#/$defs/scalar"
          },
          description: "Equal to one of the values; null matches missing."
        },
        $nin: {
          type: "array",
          items: {
            $ref: "#/$defs/scalar"
          },
          description: "Not $in."
        },
        $like: {
          type: "string",
          description: "Pattern: * is any run of characters, \\* a literal star; anchored, case-sensitive."
        },
        $exists: {
          type: "boolean",
          description: "true: present and not null; false: missing or null."
        }
      },
      additionalProperties: false
    },
    scalar: {
      type: ["string", "number", "boolean", "null"]
    },
    ordered: {
      type: ["string", "number"]
    }
  }
};

// src/validate/schema.ts
var compiled;
function schemaValidator() {
  compiled ??= new Ajv2020({ allErrors: true, strict: false }).compile(policy_schema_default);
  return compiled;
}

// src/validate/checks/json-schema.ts
var related = (a, b) => a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
var inFilter = (path) => /\/(?:query|condition)\/filter(?:\/|$)/.test(path);
function finding(e) {
  const params = e.params;
  if (e.keyword === "additionalProperties") {
    const key = String(params.additionalProperty);
    return {
      severity: "error",
      code: "SCHEMA",
      message: `unknown property "${key}" (schema)`,
      path: pointer(e.instancePath, key),
      anchor: "key"
    };
  }
  return {
    severity: "error",
    code: "SCHEMA",
    message: `${e.instancePath || "the document"} ${e.message ?? "is invalid"} (schema: ${e.schemaPath})`,
    path: e.instancePath
  };
}
var jsonSchema = {
  name: "json-schema",
  run(model, report) {
    const validate = schemaValidator();
    if (validate(model.document)) return;
    const engine = model.check.problems.map((p) => p.path);
    const seen = /* @__PURE__ */ new Set();
    for (const e of validate.errors ?? []) {
      if (e.keyword === "if" || e.keyword === "anyOf" || e.keyword === "oneOf") continue;
      const f = finding(e);
      if (inFilter(f.path) || engine.some((p) => related(p, f.path))) continue;
      const key = `${f.path}\0${f.message}`;
      if (seen.has(key)) continue;
      seen.add(key);
      report(f);
    }
  }
};

// src/validate/checks/k8s-details.ts
var k8sDetails = {
  name: "k8s-details",
  run(model, report) {
    const kind = model.k8s?.kind === void 0 ? "the supplied kind" : `kind ${model.k8s.kind}`;
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const r = site.resolution;
        if (!site.k8s || r === void 0) continue;
        if (r.kind === "unknown" || r.kind === "through-scalar") {
          const hint = r.kind === "unknown" && r.suggestion !== void 0 ? `; did you mean "${printPath([...site.node.path.slice(0, r.step), { kind: "key", key: r.suggestion }])}"?` : "";
          report({
            severity: "error",
            code: "K8S_UNKNOWN_FIELD",
            message: `"${site.key}" is not a detail field of ${kind} (descriptors list the filterable paths)${hint}`,
            path: site.pointer,
            anchor: "key"
          });
          continue;
        }
        if (r.kind !== "ok") continue;
        if (r.blocked !== void 0) {
          report({
            severity: "error",
            code: "K8S_NOT_FILTERABLE",
            message: `"${printPath(site.node.path.slice(0, r.blocked + 1))}" is not filterable for ${kind}`,
            path: site.pointer,
            anchor: "key"
          });
          continue;
        }
        const values = r.type.kind === "string" ? r.type.values : void 0;
        if (values === void 0) continue;
        const known = new Set(values);
        site.node.operators.forEach((op, i) => {
          const at = site.operatorPointers[i];
          const list = op.kind === "eq" || op.kind === "ne" ? [{ v: op.value, at }] : op.kind === "in" || op.kind === "nin" ? op.values.map((v, j) => ({ v, at: pointer(at, j) })) : [];
          for (const { v, at: where } of list) {
            if (typeof v !== "string" || known.has(v)) continue;
            report({
              severity: "warning",
              code: "K8S_UNKNOWN_VALUE",
              message: `"${OPERATOR_NAMES[op.kind]}" compares "${site.key}" with "${v}", which is not one of its available values (${values.map((x) => JSON.stringify(x)).join(", ")})`,
              path: where
            });
          }
        });
      }
    }
  }
};

// src/validate/checks/like-patterns.ts
var FOREIGN_SYNTAX = [
  { test: /^\^/, what: 'a leading "^" (regular-expression anchor)' },
  { test: /(?<!\\)\$$/, what: 'a trailing "$" (regular-expression anchor)' },
  { test: /%/, what: '"%" (the SQL LIKE wildcard)' },
  { test: /\[[^\]]+\]/, what: 'a character class like "[0-9]"' },
  { test: /\([^()]*\|[^()]*\)/, what: 'an alternation like "(a|b)"' },
  // `14.*` is a version prefix ("14." then anything), which `$like` reads as meant: a dot after a digit
  // is not taken for the regular expression "any character".
  {
    test: /(?<![0-9])\.[*+?]|^\.[*+?]|\.\+|\.\?/,
    what: '".*" or ".+" (regular-expression "any characters")'
  },
  { test: /\\[dwsDWS.]/, what: 'an escape like "\\d" or "\\."' }
];
function rewrite(pattern) {
  const out = pattern.replace(/^\^/, "").replace(/(?<!\\)\$$/, "").replace(/\.[*+]|%/g, "*").replace(/\*{2,}/g, "*");
  if (out === "" || /[[\]()|\\^$%]|\.[?]/.test(out) || out === pattern) return void 0;
  return out;
}
var likePatterns = {
  name: "like-patterns",
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        site.node.operators.forEach((op, i) => {
          if (op.kind !== "like") return;
          const found = FOREIGN_SYNTAX.filter((s) => s.test.test(op.pattern)).map((s) => s.what);
          if (found.length === 0) return;
          const better = rewrite(op.pattern);
          report({
            severity: "warning",
            code: "SUSPICIOUS_LIKE_PATTERN",
            message: `"$like" pattern ${JSON.stringify(op.pattern)} on "${site.key}" has ${found.join(" and ")}, but $like is not a regular expression or SQL LIKE: only "*" is a wildcard and every other character matches itself, so this likely never matches` + (better === void 0 ? "" : `; did you mean ${JSON.stringify(better)}?`),
            path: site.operatorPointers[i] ?? site.pointer
          });
        });
      }
    }
  }
};

// src/validate/timestamps.ts
var ISO = /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(?:Z|[+-](\d{2}):(\d{2}))?)?$/;
var CANONICAL = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
function isIsoTimestamp(text) {
  const m = ISO.exec(text);
  if (m === null) return false;
  const [year, month, day, hour, minute, second, offH, offM] = m.slice(1).map((x) => x === void 0 ? 0 : Number(x));
  if (month < 1 || month > 12 || day < 1) return false;
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day <= days && hour < 24 && minute < 60 && second < 60 && offH < 24 && offM < 60;
}
function isCanonicalTimestamp(text) {
  return CANONICAL.test(text) && isIsoTimestamp(text);
}

// src/validate/checks/operator-types.ts
function operands(op, at) {
  switch (op.kind) {
    case "in":
    case "nin":
      return op.values.map((value, i) => ({ value, at: pointer(at, i) }));
    case "like":
      return [{ value: op.pattern, at }];
    default:
      return [{ value: op.value, at }];
  }
}
function sameType(type, value) {
  switch (type.kind) {
    case "string":
    case "timestamp":
      return typeof value === "string";
    case "number":
      return typeof value === "number";
    case "boolean":
      return typeof value === "boolean";
    default:
      return false;
  }
}
function checkOperator(field, type, op, at, report) {
  const name = OPERATOR_NAMES[op.kind];
  const what = `"${field}" is ${describeType(type)}`;
  const mismatch = (message, path = at) => report({ severity: "error", code: "TYPE_MISMATCH", message, path });
  if (op.kind === "exists") return;
  if (type.kind === "map" || type.kind === "object") {
    mismatch(
      `${what}: "${name}" compares it with a scalar, which never matches an object; compare one of its fields`
    );
    return;
  }
  if (op.kind === "like" && type.kind !== "string" && type.kind !== "timestamp") {
    mismatch(`${what}: "$like" matches strings only, so it never matches here`);
    return;
  }
  if ((op.kind === "gt" || op.kind === "gte" || op.kind === "lt" || op.kind === "lte") && type.kind === "boolean") {
    mismatch(`${what}: booleans are never ordered, so "${name}" never matches; use "$eq"`);
    return;
  }
  for (const operand2 of operands(op, at)) {
    const v = operand2.value;
    if (v === null) continue;
    if (!sameType(type, v)) {
      const never = op.kind === "ne" || op.kind === "nin" ? "always differs from it" : "never matches it";
      mismatch(
        `${what}, but "${name}" has ${describe(v)} operand ${JSON.stringify(v)}, which ${never} (no conversions)`,
        operand2.at
      );
      continue;
    }
    if (type.kind === "timestamp" && typeof v === "string" && op.kind !== "like") {
      if (!isIsoTimestamp(v)) {
        report({
          severity: "error",
          code: "INVALID_TIMESTAMP",
          message: `${what}, but "${name}" compares it with "${v}", which is not an ISO 8601 date or date-time (timestamps compare as strings)`,
          path: operand2.at
        });
      } else if (!isCanonicalTimestamp(v)) {
        report({
          severity: "warning",
          code: "NON_CANONICAL_TIMESTAMP",
          message: `"${name}" compares "${field}" with "${v}"; stored timestamps read like 2026-01-01T00:00:00.000Z and compare as strings, so write that form`,
          path: operand2.at
        });
      }
    }
  }
}
var operatorTypes = {
  name: "operator-types",
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const r = site.resolution;
        if (r === void 0 || r.kind !== "ok") continue;
        const type = r.type;
        if (type.kind === "array" || type.kind === "any") continue;
        site.node.operators.forEach((op, i) => {
          checkOperator(site.key, type, op, site.operatorPointers[i], report);
        });
      }
    }
  }
};

// src/validate/checks/policy-structure.ts
var KEY_PROBLEMS = /* @__PURE__ */ new Set([
  "UNKNOWN_PROPERTY",
  "UNKNOWN_OPERATOR",
  "INVALID_PATH",
  "FORBIDDEN_PATH_SEGMENT"
]);
var anchorOf = (code) => KEY_PROBLEMS.has(code) ? "key" : "value";
var policyStructure = {
  name: "policy-structure",
  run(model, report) {
    const reported = /* @__PURE__ */ new Set();
    for (const p of model.check.problems) {
      reported.add(`${p.code} ${p.path}`);
      report({ severity: "error", code: p.code, message: p.message, path: p.path, anchor: anchorOf(p.code) });
    }
    for (const p of model.filterProblems) {
      if (reported.has(`${p.code} ${p.path}`)) continue;
      reported.add(`${p.code} ${p.path}`);
      report({ severity: "error", code: p.code, message: p.message, path: p.path, anchor: anchorOf(p.code) });
    }
  }
};

// src/validate/checks/shadowed-rules.ts
var shadowedRules = {
  name: "shadowed-rules",
  run(model, report) {
    const definition = model.check.definition;
    if (definition === void 0) return;
    const order = evaluationOrder(definition.statuses);
    const rank = new Map(order.map((s, i) => [s, i]));
    const duplicates = new Set(duplicatePairs(definition.statuses).map(([, loser]) => loser));
    const scope = scopeOf(model);
    const scopeFacts = scope === void 0 ? [] : facts([scope]);
    const views = ruleViews(model);
    for (const view of views) {
      if (duplicates.has(view.status)) continue;
      const premises = [...scopeFacts, ...facts(view.filters)];
      if (neverHolds(premises)) continue;
      const winner = views.find(
        (w) => rank.get(w.status) < rank.get(view.status) && w.conjunctive && !neverHolds(facts(w.filters)) && implies(premises, facts(w.filters))
      );
      if (winner === void 0) continue;
      report({
        severity: "warning",
        code: "SHADOWED_RULE",
        message: `rule ${view.index} of "${view.status.name}" can never decide: whenever it holds, rule ${winner.index} of "${winner.status.name}" (criticality ${winner.status.criticality}) holds too and is evaluated first`,
        path: view.rule.path,
        anchor: "key"
      });
    }
  }
};

// src/validate/checks/unicode.ts
var BIDI = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;
var INVISIBLE = [
  [173, 173],
  [847, 847],
  [4447, 4448],
  [6068, 6069],
  [6155, 6159],
  [8203, 8205],
  [8288, 8292],
  [12644, 12644],
  [65024, 65039],
  [65279, 65279],
  [65440, 65440],
  [917504, 917631]
];
function invisibleIn(text) {
  for (const c of text) {
    const cp = c.codePointAt(0);
    if (INVISIBLE.some(([lo, hi]) => cp >= lo && cp <= hi)) return c;
  }
  return void 0;
}
var SCRIPTS = [
  ["Latin", new RegExp("\\p{Script=Latin}", "u")],
  ["Cyrillic", new RegExp("\\p{Script=Cyrillic}", "u")],
  ["Greek", new RegExp("\\p{Script=Greek}", "u")],
  ["Armenian", new RegExp("\\p{Script=Armenian}", "u")],
  ["Cherokee", new RegExp("\\p{Script=Cherokee}", "u")]
];
var WORD = /[\p{L}\p{M}\p{N}_-]+/gu;
function codePoint(c) {
  return `U+${c.codePointAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}
function mixedWord(text) {
  for (const word of text.match(WORD) ?? []) {
    const scripts = SCRIPTS.filter(([, re]) => re.test(word)).map(([name]) => name);
    if (scripts.length > 1) return { word, scripts };
  }
  return void 0;
}
function inspect(text, where, path, anchor, report) {
  const bidi = BIDI.exec(text);
  if (bidi !== null) {
    report({
      severity: "warning",
      code: "BIDI_CONTROL",
      message: `${where} contains the bidirectional control character ${codePoint(bidi[0])}, which can make it display differently from what it is`,
      path,
      anchor
    });
  }
  const invisible = invisibleIn(text);
  if (invisible !== void 0) {
    report({
      severity: "warning",
      code: "INVISIBLE_CHARACTER",
      message: `${where} contains the invisible character ${codePoint(invisible)}`,
      path,
      anchor
    });
  }
  const mixed = mixedWord(text);
  if (mixed !== void 0) {
    report({
      severity: "warning",
      code: "CONFUSABLE_CHARACTERS",
      message: `${where} has the word ${JSON.stringify(mixed.word)} mixing ${mixed.scripts.join(" and ")} letters, a likely lookalike`,
      path,
      anchor
    });
  }
}
var unicode = {
  name: "unicode",
  run(model, report) {
    const stack = [[model.document, ""]];
    while (stack.length > 0) {
      const [value, at] = stack.pop();
      if (typeof value === "string") {
        inspect(value, `the value at ${at || "the root"}`, at, "value", report);
      } else if (Array.isArray(value)) {
        for (let i = value.length - 1; i >= 0; i--) stack.push([value[i], pointer(at, i)]);
      } else if (typeof value === "object" && value !== null) {
        const keys = Object.keys(value);
        for (let i = keys.length - 1; i >= 0; i--) {
          const key = keys[i];
          const child = pointer(at, key);
          inspect(key, `the key ${JSON.stringify(key)}`, child, "key", report);
          stack.push([value[key], child]);
        }
      }
    }
  }
};

// src/validate/fields/certificate.ts
var CERTIFICATE_FIELDS = {
  id: STRING,
  integrationId: STRING,
  uniqueIdentifier: STRING,
  type: STRING,
  status: STRING,
  issuer: STRING,
  keyAlgorithm: STRING,
  renewalEligibility: STRING,
  domainName: STRING,
  domains: { kind: "array", items: STRING },
  inUseBy: { kind: "array", items: STRING },
  created: TIMESTAMP,
  issuedAt: TIMESTAMP,
  validityStartDate: TIMESTAMP,
  expirationDate: TIMESTAMP,
  dueDate: TIMESTAMP,
  // Observed keys `serialNumber` and `signatureAlgorithm`; the object "may be empty" and is not closed.
  details: { kind: "object", open: true, fields: { serialNumber: STRING, signatureAlgorithm: STRING } },
  createdAt: TIMESTAMP,
  updatedAt: TIMESTAMP,
  deletedAt: TIMESTAMP,
  componentIds: { kind: "array", items: NUMBER },
  displayType: STRING
};

// src/validate/fields/component.ts
var COMPONENT_FIELDS = {
  id: STRING,
  integrationId: STRING,
  uniqueIdentifier: STRING,
  region: STRING,
  vendor: STRING,
  technology: STRING,
  type: STRING,
  version: STRING,
  hasAvailableSvcs: BOOLEAN,
  tags: { kind: "map", values: STRING },
  customTags: { kind: "map", values: STRING },
  details: ANY,
  createdAt: TIMESTAMP,
  updatedAt: TIMESTAMP
};

// src/validate/fields/index.ts
var FIELD_TABLES = {
  component: COMPONENT_FIELDS,
  certificate: CERTIFICATE_FIELDS
};
function resourceType(resource) {
  if (!Object.hasOwn(FIELD_TABLES, resource)) return void 0;
  return { kind: "object", open: false, fields: FIELD_TABLES[resource] };
}

// src/validate/checks/unknown-resource.ts
var unknownResource = {
  name: "unknown-resource",
  run(model, report) {
    if (model.resource === void 0 || model.rootType !== void 0) return;
    report({
      severity: "warning",
      code: "UNKNOWN_RESOURCE",
      message: `resource "${model.resource}" has no field table (known: ${Object.keys(FIELD_TABLES).join(", ")}); its field paths are not checked`,
      path: `${model.base}/resource`
    });
  }
};

// src/validate/checks/version-ranges.ts
var VERSION_FIELDS = /* @__PURE__ */ new Set([
  "version",
  "currentVersion",
  "desiredVersion",
  "requiredVersion",
  "recommendedVersion"
]);
var versionRanges = {
  name: "version-ranges",
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const last = site.node.path[site.node.path.length - 1];
        if (last?.kind !== "key" || !VERSION_FIELDS.has(last.key)) continue;
        site.node.operators.forEach((op, i) => {
          if (op.kind !== "gt" && op.kind !== "gte" && op.kind !== "lt" && op.kind !== "lte") return;
          if (typeof op.value !== "string") return;
          report({
            severity: "warning",
            code: "STRING_VERSION_COMPARISON",
            message: `"${OPERATOR_NAMES[op.kind]}": ${JSON.stringify(op.value)} compares "${site.key}" as a string, character by character, not as a version: "1.9" > "1.29" and "10.0" < "9.0". Compare versions with a version operator, or list them with "$in"/"$like"`,
            path: site.operatorPointers[i] ?? site.pointer
          });
        });
      }
    }
  }
};

// src/validate/checks/index.ts
var CHECKS = [
  policyStructure,
  jsonSchema,
  unknownResource,
  fieldPaths,
  dottedPaths,
  arraySelectors,
  operatorTypes,
  k8sDetails,
  likePatterns,
  versionRanges,
  impossibleConditions,
  duplicateStatuses,
  shadowedRules,
  unicode
];

// src/validate/fields/k8s.ts
var newBuilder = () => ({ filterable: true, array: false, fields: /* @__PURE__ */ new Map(), items: /* @__PURE__ */ new Map() });
function typeOf(word, values) {
  const w = (word ?? "").toLowerCase();
  const array = /array|list|\[\]/.test(w);
  let type = ANY;
  if (/bool/.test(w)) type = BOOLEAN;
  else if (/date|time/.test(w)) type = TIMESTAMP;
  else if (/int|number|float|double|long|decimal/.test(w)) type = NUMBER;
  else if (/string|text|enum|keyword/.test(w))
    type = values !== void 0 && values.length > 0 ? { kind: "string", values } : STRING;
  if (type.kind === "any" && values !== void 0 && values.length > 0) type = { kind: "string", values };
  return { type, array };
}
var DETAILS_PREFIX = `details${PATH_SEPARATOR}`;
var SELECTOR_PREFIX = `${ARRAY_ANY}${PATH_SEPARATOR}`;
function descriptorSegments(field) {
  const rest = field.startsWith(DETAILS_PREFIX) ? field.slice(DETAILS_PREFIX.length) : field;
  return rest.split(PATH_SEPARATOR).filter((s) => s !== ARRAY_ANY);
}
function itemSegments(parent, item) {
  let rest = item;
  if (rest.startsWith(`${parent}${PATH_SEPARATOR}`)) rest = rest.slice(parent.length + PATH_SEPARATOR.length);
  if (rest.startsWith(SELECTOR_PREFIX)) rest = rest.slice(SELECTOR_PREFIX.length);
  return rest.split(PATH_SEPARATOR).filter((s) => s !== ARRAY_ANY);
}
function place(root, segments) {
  let fields = root;
  let node;
  for (const segment of segments) {
    node = fields.get(segment);
    if (node === void 0) {
      node = newBuilder();
      fields.set(segment, node);
    }
    fields = node.fields;
  }
  return node ?? newBuilder();
}
function describeField(node, d) {
  const { type, array } = typeOf(d.type, d.availableValues);
  node.leaf = type;
  node.array = array || "itemFields" in d && (d.itemFields?.length ?? 0) > 0;
  node.filterable = d.filterable !== false;
}
function build(node) {
  const filterable = node.filterable;
  const children = (map) => ({
    kind: "object",
    open: false,
    fields: Object.fromEntries([...map].map(([k, b]) => [k, build(b)]))
  });
  if (node.array) {
    const items = node.items.size > 0 ? children(node.items) : node.leaf !== void 0 && node.leaf.kind !== "any" ? node.leaf : ANY;
    return { kind: "array", items, filterable };
  }
  if (node.fields.size > 0) return { ...children(node.fields), filterable };
  return { ...node.leaf ?? ANY, filterable };
}
function k8sDetailsType(schema) {
  const root = /* @__PURE__ */ new Map();
  for (const d of schema.fields ?? []) {
    if (typeof d?.field !== "string" || d.field === "") continue;
    const node = place(root, descriptorSegments(d.field));
    describeField(node, d);
    for (const item of d.itemFields ?? []) {
      if (typeof item?.field !== "string" || item.field === "") continue;
      describeField(place(node.items, itemSegments(d.field, item.field)), item);
    }
  }
  return {
    kind: "object",
    open: false,
    fields: Object.fromEntries([...root].map(([k, b]) => [k, build(b)]))
  };
}

// src/validate/model.ts
function collectFields(raw, at, conjunctive, out, flags, resolveField) {
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    const keyAt = pointer(at, key);
    if (key === "$and" || key === "$or") {
      if (key === "$or") flags.disjunctive = true;
      value.forEach((item, i) => {
        collectFields(
          item,
          pointer(keyAt, i),
          conjunctive && key === "$and",
          out,
          flags,
          resolveField
        );
      });
    } else if (key === "$not") {
      flags.disjunctive = true;
      collectFields(value, keyAt, false, out, flags, resolveField);
    } else {
      const clause = parseFilter({ [key]: value }).clauses[0];
      out.push({
        node: clause,
        key,
        pointer: keyAt,
        operatorPointers: Object.keys(value).map((op) => pointer(keyAt, op)),
        conjunctive,
        ...resolveField(clause)
      });
    }
  }
}
function collectTolerant(raw, at, conjunctive, out, flags, resolveField, errors) {
  for (const key of Object.keys(raw)) {
    const value = raw[key];
    const keyAt = pointer(at, key);
    const one = { [key]: value };
    let error;
    try {
      parseFilter(one);
    } catch (e) {
      error = e;
    }
    if (error === void 0) {
      collectFields(one, at, conjunctive, out, flags, resolveField);
      continue;
    }
    const before = errors.length;
    if ((key === "$and" || key === "$or") && Array.isArray(value) && value.every(isPlainObject)) {
      if (key === "$or") flags.disjunctive = true;
      value.forEach((item, i) => {
        collectTolerant(
          item,
          pointer(keyAt, i),
          conjunctive && key === "$and",
          out,
          flags,
          resolveField,
          errors
        );
      });
    } else if (key === "$not" && isPlainObject(value)) {
      flags.disjunctive = true;
      collectTolerant(value, keyAt, false, out, flags, resolveField, errors);
    }
    if (errors.length === before && error instanceof FilterError) {
      errors.push({
        code: error.code,
        message: restateAt(error.message, error.path, at),
        path: at + error.path
      });
    }
  }
}
function rawFilters(def, base) {
  const out = [];
  if (!isPlainObject(def)) return out;
  if (isPlainObject(def.query) && Object.hasOwn(def.query, "filter")) {
    out.push({ at: pointer(base, "query", "filter"), raw: def.query.filter });
  }
  if (!isPlainObject(def.statusDefinitions)) return out;
  for (const [name, status] of Object.entries(def.statusDefinitions)) {
    if (!isPlainObject(status) || !Array.isArray(status.rules)) continue;
    status.rules.forEach((rule, r) => {
      if (!isPlainObject(rule) || !Array.isArray(rule.conditions)) return;
      rule.conditions.forEach((condition, c) => {
        if (!isPlainObject(condition) || !isPlainObject(condition.condition)) return;
        if (!Object.hasOwn(condition.condition, "filter")) return;
        out.push({
          at: pointer(base, "statusDefinitions", name, "rules", r, "conditions", c, "condition", "filter"),
          raw: condition.condition.filter
        });
      });
    });
  }
  return out;
}
function buildModel(document, k8s) {
  const check2 = checkPolicyDefinition(document);
  const wrapped = isPlainObject(document) && Object.hasOwn(document, "policy") && !Object.hasOwn(document, "statusDefinitions");
  const base = wrapped ? "/policy" : "";
  const def = wrapped ? document.policy : document;
  const resource = isPlainObject(def) && typeof def.resource === "string" ? def.resource : void 0;
  let rootType = resource === void 0 ? void 0 : resourceType(resource);
  const useK8s = k8s !== void 0 && rootType !== void 0 && resource === "component";
  if (useK8s && rootType?.kind === "object") {
    rootType = { ...rootType, fields: { ...rootType.fields, details: k8sDetailsType(k8s) } };
  }
  const resolveField = (node) => {
    const first = node.path[0];
    const underDetails = first?.kind === "key" && first.key === "details";
    return rootType === void 0 ? { k8s: false } : { resolution: resolve(rootType, node.path), k8s: useK8s && underDetails };
  };
  const filters = [];
  const filterProblems = [];
  for (const { at, raw } of rawFilters(def, base)) {
    if (!isPlainObject(raw)) continue;
    const fields = [];
    const flags = { disjunctive: false };
    let node;
    try {
      node = parseFilter(raw);
    } catch {
      collectTolerant(raw, at, true, fields, flags, resolveField, filterProblems);
      filters.push({ pointer: at, fields, disjunctive: flags.disjunctive });
      continue;
    }
    collectFields(raw, at, true, fields, flags, resolveField);
    filters.push({ pointer: at, node, fields, disjunctive: flags.disjunctive });
  }
  return {
    document,
    check: check2,
    base,
    filters,
    filterProblems,
    ...resource === void 0 ? {} : { resource },
    ...rootType === void 0 ? {} : { rootType },
    ...k8s === void 0 ? {} : { k8s }
  };
}

// src/validate/source/positions.ts
var SourcePositions = class {
  #lineStarts = [0];
  #nodes = /* @__PURE__ */ new Map();
  constructor(text) {
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.#lineStarts.push(i + 1);
  }
  set(pointer2, offsets) {
    this.#nodes.set(pointer2, offsets);
  }
  /** The line and column of a text offset. */
  at(offset) {
    const starts = this.#lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = lo + hi + 1 >> 1;
      if (starts[mid] <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo] + 1 };
  }
  /**
   * The position of the node at `pointer` (its key when `anchor` is `'key'` and it has one). A pointer
   * the document does not hold (a missing property) falls back to its nearest ancestor.
   */
  locate(pointer2, anchor = "value") {
    let p = pointer2;
    for (; ; ) {
      const node = this.#nodes.get(p);
      if (node !== void 0)
        return this.at(anchor === "key" && node.key !== void 0 ? node.key : node.value);
      if (p === "") return { line: 1, column: 1 };
      p = p.slice(0, p.lastIndexOf("/"));
      anchor = "value";
    }
  }
};

// src/validate/source/json.ts
var MAX_NESTING = 256;
var SyntaxFailure = class extends Error {
  constructor(offset, message, code = "SYNTAX_ERROR") {
    super(message);
    this.offset = offset;
    this.code = code;
  }
  offset;
  code;
};
var NUMBER2 = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
var ESCAPES = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "	"
};
function show2(c) {
  if (c === void 0) return "the end of the text";
  const code = c.codePointAt(0);
  return code < 32 || code === 127 ? `character U+${code.toString(16).toUpperCase().padStart(4, "0")}` : `"${c}"`;
}
var Reader = class {
  constructor(text, positions) {
    this.text = text;
    this.positions = positions;
  }
  text;
  positions;
  i = 0;
  problems = [];
  fail(message, offset = this.i) {
    throw new SyntaxFailure(offset, message);
  }
  space() {
    const t = this.text;
    for (; ; ) {
      const c = t.charCodeAt(this.i);
      if (c === 32 || c === 10 || c === 13 || c === 9) this.i++;
      else return;
    }
  }
  value(at, depth, key) {
    this.space();
    const start = this.i;
    this.positions.set(at, key === void 0 ? { value: start } : { value: start, key });
    const c = this.text[start];
    if (c === "{" || c === "[") {
      if (depth >= MAX_NESTING) {
        throw new SyntaxFailure(start, `nesting deeper than ${MAX_NESTING} levels`, "TOO_DEEP");
      }
      return c === "{" ? this.object(at, depth + 1) : this.array(at, depth + 1);
    }
    if (c === '"') return this.string();
    if (c === "-" || c !== void 0 && c >= "0" && c <= "9") {
      NUMBER2.lastIndex = start;
      const m = NUMBER2.exec(this.text);
      if (m === null) this.fail(`invalid number`);
      this.i = start + m[0].length;
      return Number(m[0]);
    }
    for (const [word, v] of [
      ["true", true],
      ["false", false],
      ["null", null]
    ]) {
      if (this.text.startsWith(word, start)) {
        this.i = start + word.length;
        return v;
      }
    }
    return this.fail(`unexpected ${show2(c)}, expected a JSON value`);
  }
  string() {
    const t = this.text;
    let i = this.i + 1;
    let out = "";
    let from = i;
    for (; ; ) {
      const c = t.charCodeAt(i);
      if (Number.isNaN(c)) this.fail("unterminated string", this.i);
      if (c === 34) break;
      if (c < 32) this.fail(`${show2(t[i])} must be escaped in a string`, i);
      if (c === 92) {
        out += t.slice(from, i);
        const e = t[i + 1];
        if (e === "u") {
          const hex = t.slice(i + 2, i + 6);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail("invalid \\u escape", i);
          out += String.fromCharCode(Number.parseInt(hex, 16));
          i += 6;
        } else {
          const r = e === void 0 ? void 0 : ESCAPES[e];
          if (r === void 0) this.fail(`invalid escape "\\${e ?? ""}"`, i);
          out += r;
          i += 2;
        }
        from = i;
        continue;
      }
      i++;
    }
    out += t.slice(from, i);
    this.i = i + 1;
    return out;
  }
  object(at, depth) {
    const out = {};
    const seen = /* @__PURE__ */ new Set();
    this.i++;
    this.space();
    if (this.text[this.i] === "}") {
      this.i++;
      return out;
    }
    for (; ; ) {
      this.space();
      const keyAt = this.i;
      if (this.text[keyAt] !== '"')
        this.fail(`unexpected ${show2(this.text[keyAt])}, expected a key in double quotes`);
      const key = this.string();
      this.space();
      if (this.text[this.i] !== ":")
        this.fail(`unexpected ${show2(this.text[this.i])}, expected ":" after the key`);
      this.i++;
      const child = pointer(at, key);
      if (seen.has(key)) {
        this.problems.push({
          code: "DUPLICATE_KEY",
          severity: "error",
          offset: keyAt,
          path: child,
          message: `duplicate key "${key}" at ${child}: JSON parsers silently keep only the last`
        });
      }
      seen.add(key);
      const value = this.value(child, depth, keyAt);
      if (key === "__proto__") {
        Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
      } else out[key] = value;
      this.space();
      const c = this.text[this.i];
      this.i++;
      if (c === "}") return out;
      if (c !== ",") this.fail(`unexpected ${show2(c)}, expected "," or "}"`, this.i - 1);
    }
  }
  array(at, depth) {
    const out = [];
    this.i++;
    this.space();
    if (this.text[this.i] === "]") {
      this.i++;
      return out;
    }
    for (; ; ) {
      out.push(this.value(pointer(at, out.length), depth));
      this.space();
      const c = this.text[this.i];
      this.i++;
      if (c === "]") return out;
      if (c !== ",") this.fail(`unexpected ${show2(c)}, expected "," or "]"`, this.i - 1);
    }
  }
};
function parseJsonSource(text) {
  const positions = new SourcePositions(text);
  const reader = new Reader(text, positions);
  try {
    const value = reader.value("", 0);
    reader.space();
    if (reader.i < text.length) reader.fail(`unexpected ${show2(text[reader.i])} after the JSON value`);
    return { value, positions, problems: reader.problems };
  } catch (error) {
    if (!(error instanceof SyntaxFailure)) throw error;
    const problem = {
      code: error.code,
      severity: "error",
      offset: error.offset,
      path: "",
      message: error.code === "TOO_DEEP" ? error.message : `invalid JSON: ${error.message}`
    };
    return { positions, problems: [...reader.problems, problem] };
  }
}

// src/validate/source/yaml.ts
import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, parseDocument } from "yaml";
function keyString(key) {
  if (isScalar(key)) return String(key.value);
  return String(key);
}
function walk(node, at, positions, doc, depth, keyOffset) {
  if (depth > MAX_NESTING) return;
  let target = node;
  if (isAlias(target)) target = target.resolve(doc);
  const own = node;
  const start = own?.range?.[0] ?? target?.range?.[0];
  if (start !== void 0) {
    positions.set(at, keyOffset === void 0 ? { value: start } : { value: start, key: keyOffset });
  }
  if (isMap(target)) {
    for (const pair of target.items) {
      if (!isPair(pair)) continue;
      const key = pair.key;
      const child = pointer(at, keyString(pair.key));
      const keyStart = key?.range?.[0];
      if (pair.value === null) {
        if (keyStart !== void 0) positions.set(child, { value: keyStart, key: keyStart });
      } else walk(pair.value, child, positions, doc, depth + 1, keyStart);
    }
  } else if (isSeq(target)) {
    target.items.forEach((item, i) => {
      walk(item, pointer(at, i), positions, doc, depth + 1);
    });
  }
}
function duplicateKeyPointers(root) {
  const out = /* @__PURE__ */ new Map();
  const stack = [[root, "", 0]];
  while (stack.length > 0) {
    const [node, at, depth] = stack.pop();
    if (depth > MAX_NESTING) continue;
    if (isMap(node)) {
      const seen = /* @__PURE__ */ new Set();
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const name = keyString(pair.key);
        const child = pointer(at, name);
        const start = pair.key?.range?.[0];
        if (seen.has(name) && start !== void 0) out.set(start, child);
        seen.add(name);
        stack.push([pair.value, child, depth + 1]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        stack.push([item, pointer(at, i), depth + 1]);
      });
    }
  }
  return out;
}
function unescapePointerTail(at) {
  return at.slice(at.lastIndexOf("/") + 1).replace(/~1/g, "/").replace(/~0/g, "~");
}
function depthOf(value) {
  let max = 0;
  const stack = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop();
    if (d > max) max = d;
    if (d > MAX_NESTING) return d;
    if (typeof v === "object" && v !== null) {
      for (const child of Object.values(v)) stack.push([child, d + 1]);
    }
  }
  return max;
}
function parseYamlSource(text) {
  const positions = new SourcePositions(text);
  const problems = [];
  const lineCounter = new LineCounter();
  let doc;
  try {
    doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, version: "1.2" });
  } catch (error) {
    return {
      positions,
      problems: [
        {
          code: "SYNTAX_ERROR",
          severity: "error",
          offset: 0,
          path: "",
          message: `invalid YAML: ${String(error)}`
        }
      ]
    };
  }
  const duplicates = doc.errors.some((e) => e.code === "DUPLICATE_KEY") ? duplicateKeyPointers(doc.contents) : /* @__PURE__ */ new Map();
  for (const e of doc.errors) {
    const at = e.code === "DUPLICATE_KEY" ? duplicates.get(e.pos[0]) : void 0;
    problems.push(
      at === void 0 ? {
        code: e.code === "DUPLICATE_KEY" ? "DUPLICATE_KEY" : "SYNTAX_ERROR",
        severity: "error",
        offset: e.pos[0],
        path: "",
        message: `invalid YAML: ${e.message.split("\n")[0]}`
      } : {
        code: "DUPLICATE_KEY",
        severity: "error",
        offset: e.pos[0],
        path: at,
        message: `duplicate key "${unescapePointerTail(at)}" at ${at}: YAML parsers silently keep only the last`
      }
    );
  }
  for (const w of doc.warnings) {
    problems.push({
      code: "YAML_WARNING",
      severity: "warning",
      offset: w.pos[0],
      path: "",
      message: w.message.split("\n")[0] ?? w.message
    });
  }
  if (problems.some((p) => p.severity === "error" && p.code !== "DUPLICATE_KEY"))
    return { positions, problems };
  let value;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    problems.push({
      code: "SYNTAX_ERROR",
      severity: "error",
      offset: 0,
      path: "",
      message: `the YAML document cannot be read: ${error?.message ?? String(error)}`
    });
    return { positions, problems };
  }
  if (depthOf(value) > MAX_NESTING) {
    problems.push({
      code: "TOO_DEEP",
      severity: "error",
      offset: 0,
      path: "",
      message: `nesting deeper than ${MAX_NESTING} levels`
    });
    return { positions, problems };
  }
  walk(doc.contents, "", positions, doc, 0);
  return { value, positions, problems };
}

// src/validate/index.ts
var DEFAULT_MAX_DIAGNOSTICS = 100;
function formatOf(text, options) {
  if (options.format !== void 0) return options.format;
  const name = options.fileName?.toLowerCase() ?? "";
  if (name.endsWith(".json")) return "json";
  if (name.endsWith(".yaml") || name.endsWith(".yml")) return "yaml";
  const first = /\S/.exec(text)?.[0];
  return first === "{" || first === "[" ? "json" : "yaml";
}
function notJson(document) {
  const stack = [[document, "", 0, []]];
  while (stack.length > 0) {
    const [value, at, depth, ancestors] = stack.pop();
    const bad2 = (message, code = "INVALID_DOCUMENT") => ({
      severity: "error",
      code,
      message,
      path: at
    });
    if (value === null || typeof value === "string" || typeof value === "boolean") continue;
    if (typeof value === "number") {
      if (!Number.isFinite(value)) return bad2(`${value} at ${showPointer(at)} is not a JSON number`);
      continue;
    }
    if (typeof value !== "object") return bad2(`${typeof value} at ${showPointer(at)} is not JSON data`);
    if (ancestors.includes(value)) return bad2(`the document contains a cycle at ${showPointer(at)}`);
    if (depth >= MAX_NESTING)
      return bad2(`nesting deeper than ${MAX_NESTING} levels at ${showPointer(at)}`, "TOO_DEEP");
    const chain = [...ancestors, value];
    if (Array.isArray(value)) {
      for (const [i, v] of value.entries()) stack.push([v, pointer(at, i), depth + 1, chain]);
    } else for (const [k, v] of Object.entries(value)) stack.push([v, pointer(at, k), depth + 1, chain]);
  }
  return void 0;
}
function parseText(text, options) {
  const body = text.charCodeAt(0) === 65279 ? text.slice(1) : text;
  return formatOf(body, options) === "json" ? parseJsonSource(body) : parseYamlSource(body);
}
function runChecks(document, options) {
  const findings = [];
  const invalid2 = notJson(document);
  if (invalid2 !== void 0) return [invalid2];
  const model = buildModel(document, options.k8sSchema);
  for (const check2 of CHECKS) {
    try {
      check2.run(model, (f) => findings.push(f));
    } catch (error) {
      findings.push({
        severity: "error",
        code: "INVALID_DOCUMENT",
        message: `the ${check2.name} check could not read the document: ${String(error?.message ?? error)}`,
        path: ""
      });
    }
  }
  return findings;
}
function shortMessage(message, path) {
  return path.length > MAX_SHOWN_POINTER ? message.split(path).join(showPointer(path)) : message;
}
function position(d) {
  return [d.line ?? 0, d.column ?? 0];
}
function finish(diagnostics, max) {
  const sorted = diagnostics.map((d, i) => ({ d, i })).sort((a, b) => {
    const [la, ca] = position(a.d);
    const [lb, cb] = position(b.d);
    return la - lb || ca - cb || a.i - b.i;
  }).map(({ d }) => ({ ...d, message: printable(shortMessage(d.message, d.path)) }));
  const valid = !sorted.some((d) => d.severity === "error");
  if (sorted.length <= max) return { valid, diagnostics: sorted };
  const rest = sorted.slice(max - 1);
  const errors = rest.filter((d) => d.severity === "error").length;
  const kept = sorted.slice(0, max - 1);
  const last = kept[kept.length - 1];
  kept.push({
    severity: "warning",
    code: "TOO_MANY_DIAGNOSTICS",
    message: `${rest.length} more diagnostics (${errors} errors) not shown: at most ${max} are reported per file`,
    path: "",
    ...last?.line === void 0 ? {} : { line: last.line, column: last.column ?? 1 }
  });
  return { valid, diagnostics: kept };
}
function diagnosticsCap(requested) {
  if (requested === void 0 || Number.isNaN(requested)) return DEFAULT_MAX_DIAGNOSTICS;
  return Math.max(1, Math.floor(requested));
}
function place2(f, positions) {
  const base = { severity: f.severity, code: f.code, message: f.message, path: f.path };
  if (positions === void 0) return base;
  return { ...base, ...positions.locate(f.path, f.anchor) };
}
function validatePolicy(document, options = {}) {
  const max = diagnosticsCap(options.maxDiagnostics);
  if (typeof document !== "string")
    return finish(
      runChecks(document, options).map((f) => place2(f, void 0)),
      max
    );
  const source = parseText(document, options);
  const diagnostics = source.problems.map((p) => ({
    severity: p.severity,
    code: p.code,
    message: p.message,
    path: p.path,
    ...source.positions.at(p.offset)
  }));
  if (!("value" in source) || diagnostics.some((d) => d.severity === "error" && d.code !== "DUPLICATE_KEY")) {
    return finish(diagnostics, max);
  }
  for (const f of runChecks(source.value, options)) diagnostics.push(place2(f, source.positions));
  return finish(diagnostics, max);
}

// src/cli/validate-command.ts
var VERSION = "0.1.0";
var USAGE2 = `usage: svc-policy validate [--k8s-schema FILE] [--format text|json|sarif|github] PATH...

Validates policy files (JSON or YAML): schema, policy rules, field paths and types, array selectors,
contradictions and dead rules, lookalike characters. PATH is a file, a directory (searched for .json,
.yaml and .yml files, skipping node_modules and dot-directories) or a glob ("policies/**/*.yaml").

options:
  -f, --format FORMAT   text (default): file:line:column severity code message, with a code frame
                        json: {"files": [{file, valid, diagnostics}], "errors", "warnings"}
                        sarif: SARIF 2.1.0 (GitHub code scanning and other tools)
                        github: GitHub Actions workflow annotations
      --k8s-schema FILE the response of POST /k8sResource/detailsSchema ({ kind, fields }): details$ paths
                        are checked against its descriptors
      --max-bytes N     largest file read (default 1048576)
      --root DIR        files must resolve inside DIR (default: the git repository root, else the
                        working directory); a symlink leading outside is reported, not followed
  -h, --help            this text

exit codes:
  0  no errors (warnings allowed)
  1  some policy file has errors
  2  usage error, or a file could not be read (missing, not a regular file, too large, outside the root)
`;
var OPTIONS2 = {
  format: { type: "string", short: "f" },
  "k8s-schema": { type: "string" },
  "max-bytes": { type: "string" },
  root: { type: "string" },
  help: { type: "boolean", short: "h" }
};
var FORMATS = ["text", "json", "sarif", "github"];
var POLICY_EXTENSIONS2 = /* @__PURE__ */ new Set([".json", ".yaml", ".yml"]);
var DEFAULT_MAX_BYTES = 1024 * 1024;
var READ_CHUNK = 64 * 1024;
var K8S_SCHEMA_MAX_BYTES = 16 * 1024 * 1024;
var GLOB_CHARS = /[*?[\]{}]/;
function errno(error) {
  const e = error;
  if (e?.code === "ENOENT") return "no such file or directory";
  if (e?.code === "EACCES" || e?.code === "EPERM") return "permission denied";
  if (e?.code === "ELOOP") return "too many levels of symbolic links";
  return e?.code ?? String(error);
}
function kindOf(info) {
  if (info.isFIFO()) return "a FIFO";
  if (info.isCharacterDevice()) return "a character device";
  if (info.isBlockDevice()) return "a block device";
  if (info.isSocket()) return "a socket";
  return "not a regular file";
}
async function defaultRoot(cwd) {
  let dir = cwd;
  for (; ; ) {
    try {
      await stat3(join2(dir, ".git"));
      return dir;
    } catch {
      const parent = dirname(dir);
      if (parent === dir) return cwd;
      dir = parent;
    }
  }
}
function inside(root, path) {
  const rel = relative(root, path);
  return rel === "" || !rel.startsWith(`..${sep}`) && rel !== ".." && !isAbsolute(rel);
}
async function walk2(dir, root, out, seen) {
  let real;
  try {
    real = await realpath(dir);
  } catch (error) {
    out.push({ path: dir, problem: `cannot be read as a directory: ${errno(error)}` });
    return;
  }
  if (!inside(root, real)) {
    out.push({
      path: dir,
      problem: `is a directory that resolves to ${real}, outside ${root}; not searched`
    });
    return;
  }
  if (seen.has(real)) return;
  seen.add(real);
  let entries;
  try {
    entries = await readdir2(dir, { withFileTypes: true });
  } catch (error) {
    out.push({ path: dir, problem: `cannot be read as a directory: ${errno(error)}` });
    return;
  }
  entries.sort((a, b) => a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
  for (const entry of entries) {
    const path = join2(dir, entry.name);
    let isDir = entry.isDirectory();
    if (entry.isSymbolicLink()) {
      try {
        isDir = (await stat3(path)).isDirectory();
      } catch {
        isDir = false;
      }
    }
    if (isDir) {
      if (entry.name !== "node_modules" && !entry.name.startsWith(".")) await walk2(path, root, out, seen);
    } else if (POLICY_EXTENSIONS2.has(extname2(entry.name).toLowerCase())) {
      out.push({ path });
    }
  }
}
async function expand(args, root) {
  const targets = [];
  const unmatched = [];
  const seen = /* @__PURE__ */ new Set();
  for (const arg of args) {
    let info;
    try {
      info = await stat3(arg);
    } catch {
      info = void 0;
    }
    if (info?.isDirectory()) {
      const before = targets.length;
      await walk2(arg, root, targets, seen);
      if (targets.length === before) unmatched.push(arg);
    } else if (info === void 0 && GLOB_CHARS.test(arg)) {
      const glob2 = fsp.glob;
      if (typeof glob2 !== "function")
        throw new UsageError("glob patterns need Node 22 or later; pass files or directories");
      const matches = [];
      for await (const m of glob2(arg, { exclude: (p) => p.includes("node_modules") }))
        matches.push(String(m));
      matches.sort();
      const before = targets.length;
      for (const m of matches) {
        const mInfo = await stat3(m).catch(() => void 0);
        if (mInfo?.isDirectory()) await walk2(m, root, targets, seen);
        else if (POLICY_EXTENSIONS2.has(extname2(m).toLowerCase())) targets.push({ path: m });
      }
      if (targets.length === before) unmatched.push(arg);
    } else {
      targets.push({ path: arg });
    }
  }
  const unique = /* @__PURE__ */ new Map();
  for (const t of targets) if (!unique.has(resolve2(t.path))) unique.set(resolve2(t.path), t);
  return { targets: [...unique.values()], unmatched };
}
async function readPolicy(path, root, maxBytes, limitName = "--max-bytes") {
  let real;
  try {
    real = await realpath(path);
  } catch (error) {
    return { problem: `cannot be read: ${errno(error)}`, code: "UNREADABLE_FILE" };
  }
  let info;
  try {
    info = await stat3(real);
  } catch (error) {
    return { problem: `cannot be read: ${errno(error)}`, code: "UNREADABLE_FILE" };
  }
  if (info.isDirectory()) return { problem: "is a directory", code: "UNREADABLE_FILE" };
  if (!info.isFile())
    return { problem: `is ${kindOf(info)}, not a regular file; not read`, code: "UNREADABLE_FILE" };
  if (info.size > maxBytes) {
    return {
      problem: `is ${info.size} bytes, more than the limit of ${maxBytes} (${limitName})`,
      code: "UNREADABLE_FILE"
    };
  }
  if (root !== void 0 && !inside(root, real)) {
    return { problem: `resolves to ${real}, outside ${root}; not read`, code: "UNREADABLE_FILE" };
  }
  let bytes;
  try {
    const handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const again = await handle.stat();
      if (!again.isFile())
        return { problem: `is ${kindOf(again)}, not a regular file; not read`, code: "UNREADABLE_FILE" };
      const chunks2 = [];
      let length = 0;
      while (length <= maxBytes) {
        const chunk = Buffer.alloc(Math.min(READ_CHUNK, maxBytes + 1 - length));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, length);
        if (bytesRead === 0) break;
        chunks2.push(chunk.subarray(0, bytesRead));
        length += bytesRead;
      }
      if (length > maxBytes) {
        return {
          problem: `is more than the limit of ${maxBytes} bytes (${limitName})`,
          code: "UNREADABLE_FILE"
        };
      }
      bytes = Buffer.concat(chunks2, length);
    } finally {
      await handle.close();
    }
  } catch (error) {
    return { problem: `cannot be read: ${errno(error)}`, code: "UNREADABLE_FILE" };
  }
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    const at = firstInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < at; i++) if (bytes[i] === 10) line++;
    return {
      problem: `is not valid UTF-8: invalid byte 0x${bytes[at]?.toString(16).padStart(2, "0") ?? ""} at byte offset ${at} (line ${line})`,
      code: "INVALID_ENCODING"
    };
  }
}
function firstInvalidUtf8(bytes) {
  let i = 0;
  while (i < bytes.length) {
    const c = bytes[i];
    if (c < 128) {
      i++;
      continue;
    }
    const n = c >= 194 && c <= 223 ? 1 : c >= 224 && c <= 239 ? 2 : c >= 240 && c <= 244 ? 3 : 0;
    if (n === 0) return i;
    let cp = c & 63 >> n;
    for (let k = 1; k <= n; k++) {
      const d = bytes[i + k];
      if (d === void 0 || (d & 192) !== 128) return i;
      cp = cp << 6 | d & 63;
    }
    const min = n === 1 ? 128 : n === 2 ? 2048 : 65536;
    if (cp < min || cp > 1114111 || cp >= 55296 && cp <= 57343) return i;
    i += n + 1;
  }
  return i;
}
async function loadK8sSchema(path) {
  const read = await readPolicy(path, void 0, K8S_SCHEMA_MAX_BYTES, "the --k8s-schema limit");
  if ("problem" in read) throw new UsageError(`cannot read --k8s-schema ${path}: the file ${read.problem}`);
  const text = read.text.charCodeAt(0) === 65279 ? read.text.slice(1) : read.text;
  let value;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--k8s-schema ${path} is not valid JSON: ${error.message}`);
  }
  const fields = Array.isArray(value) ? value : value?.fields;
  if (!Array.isArray(fields) || !fields.every((f) => typeof f === "object" && f !== null && typeof f.field === "string")) {
    throw new UsageError(
      `--k8s-schema ${path} must be { "kind": \u2026, "fields": [{ "field": \u2026, \u2026 }] } (the response of POST /k8sResource/detailsSchema)`
    );
  }
  const kind = value.kind;
  return typeof kind === "string" ? { kind, fields } : { fields };
}
async function mapLimit(items, limit, fn) {
  const out = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}
function parseFormat2(value) {
  if (value === void 0) return "text";
  if (FORMATS.includes(value)) return value;
  throw new UsageError(`--format must be one of ${FORMATS.join(", ")}, got "${value}"`);
}
function parseMaxBytes(value) {
  if (value === void 0) return DEFAULT_MAX_BYTES;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`--max-bytes must be a positive integer, got "${value}"`);
  }
  return n;
}
function display(path, cwd) {
  const rel = relative(cwd, resolve2(cwd, path));
  return (rel === "" || rel.startsWith("..") ? path : rel).split(sep).join("/");
}
function render(format, reports) {
  switch (format) {
    case "text":
      return formatText(reports);
    case "sarif":
      return formatSarif(reports, { name: "svc-policy", version: VERSION });
    case "github":
      return formatGithub(reports);
    case "json": {
      const all2 = reports.flatMap((r) => r.diagnostics);
      return `${JSON.stringify(
        {
          files: reports.map((r) => ({
            file: r.file,
            valid: !r.diagnostics.some((d) => d.severity === "error"),
            diagnostics: r.diagnostics
          })),
          errors: all2.filter((d) => d.severity === "error").length,
          warnings: all2.filter((d) => d.severity === "warning").length
        },
        null,
        2
      )}
`;
    }
  }
}
async function runValidate(argv) {
  const out = process.stdout;
  const err = process.stderr;
  exitOnClosedPipe(out);
  try {
    const { values, positionals } = parseCommandArgs(argv, OPTIONS2);
    if (values.help) {
      out.write(USAGE2);
      return 0;
    }
    const format = parseFormat2(values.format);
    const maxBytes = parseMaxBytes(values["max-bytes"]);
    if (positionals.length === 0) throw new UsageError("at least one PATH is required");
    const k8sSchema = values["k8s-schema"] === void 0 ? void 0 : await loadK8sSchema(values["k8s-schema"]);
    const cwd = process.cwd();
    const root = await realpath(values.root ?? await defaultRoot(cwd)).catch(() => {
      throw new UsageError(`--root ${values.root} does not exist`);
    });
    const { targets, unmatched } = await expand(positionals, root);
    for (const u of unmatched) err.write(`svc-policy validate: no policy files in ${u}
`);
    const reports = [];
    let unreadable = unmatched.length > 0;
    const reads = await mapLimit(
      targets,
      16,
      (t) => t.problem === void 0 ? readPolicy(t.path, root, maxBytes) : Promise.resolve({ problem: t.problem, code: "UNREADABLE_FILE" })
    );
    for (const [i, target] of targets.entries()) {
      const file = display(target.path, cwd);
      const read = reads[i];
      if ("problem" in read) {
        if (read.code === "UNREADABLE_FILE") unreadable = true;
        const d = {
          severity: "error",
          code: read.code,
          message: `the file ${read.problem}`,
          path: ""
        };
        reports.push({ file, diagnostics: [d] });
        continue;
      }
      const text = read.text.charCodeAt(0) === 65279 ? read.text.slice(1) : read.text;
      const result = validatePolicy(text, {
        fileName: target.path,
        ...k8sSchema === void 0 ? {} : { k8sSchema }
      });
      reports.push({ file, text, diagnostics: result.diagnostics });
    }
    out.write(render(format, reports));
    if (unreadable) return 2;
    return reports.some((r) => r.diagnostics.some((d) => d.severity === "error")) ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`svc-policy validate: ${error.message}

${USAGE2}`);
      return 2;
    }
    err.write(`svc-policy validate: ${error?.message ?? String(error)}
`);
    return 2;
  }
}

// src/cli/main.ts
var USAGE3 = `usage: svc-policy <command> [options]

commands:
  eval       evaluate policies over an inventory (svc-policy eval --help)
  validate   validate policy files (svc-policy validate --help)
`;
async function main(argv) {
  const [command, ...rest] = argv;
  switch (command) {
    case "eval":
      return runEval(rest);
    case "validate":
      return runValidate(rest);
    case "--help":
    case "-h":
    case "help":
      process.stdout.write(USAGE3);
      return 0;
    default:
      process.stderr.write(
        command === void 0 ? USAGE3 : `svc-policy: unknown command "${command}"
${USAGE3}`
      );
      return 2;
  }
}

// src/cli.ts
main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error) => {
    process.stderr.write(`svc-policy: internal error: ${String(error?.stack ?? error)}
`);
    process.exitCode = 2;
  }
);
