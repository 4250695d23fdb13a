import type { InstantOperand, Scalar } from '../ast/nodes.js';
import {
  countOwnKeys,
  freeze,
  getPrototypeOf,
  hasOwn,
  isArray,
  jsonStringify,
  numberIsFinite,
  numberIsInteger,
  numberIsNaN,
  numberIsSafeInteger,
  objectKeys,
  own,
  stringIsWellFormed,
} from '../builtins.js';
import { FilterError, pointer, showPointer, showText } from '../errors.js';
import { type Limits, limitError } from '../limits.js';
import { likeWildcards } from '../semantics/like.js';
import { parseDuration, timestampMs } from '../semantics/time.js';
import { parseVersion } from '../semantics/version.js';

/** What an operand was, for messages: `"$in" expects an array at …, got a string`. */
export function describe(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'undefined';
  if (isArray(value)) return 'an array';
  switch (typeof value) {
    case 'string':
      return 'a string';
    case 'number':
      return numberIsNaN(value) ? 'NaN' : numberIsFinite(value) ? 'a number' : 'an infinite number';
    case 'boolean':
      return 'a boolean';
    case 'bigint':
      return 'a BigInt';
    case 'symbol':
      return 'a symbol';
    case 'function':
      return 'a function';
    default:
      // "got an object" alone is puzzling when the input is a Date, a Map or a literal whose
      // `__proto__` key set its prototype: say why such an object is not taken as a filter.
      return isPlainObject(value) ? 'an object' : `an object that is not a plain object (${tagOf(value)})`;
  }
}

function tagOf(value: object): string {
  const tag = Object.prototype.toString.call(value).slice(8, -1);
  return tag === 'Object' ? 'its prototype is not Object.prototype' : tag;
}

/** True for objects whose prototype is `Object.prototype` (of any realm) or `null`. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || isArray(value)) return false;
  const proto = getPrototypeOf(value);
  return proto === null || getPrototypeOf(proto) === null;
}

/** Where an instant operand goes, for the messages of every other place that meets one. */
export const INSTANT_OPERATORS = 'instants are compared only by $eq, $ne, $gt, $gte, $lt and $lte';

/** An object with own key `$now` or `$at`: an instant operand where none is accepted. */
function isInstantShaped(value: unknown): boolean {
  return isPlainObject(value) && (hasOwn(value, '$now') || hasOwn(value, '$at'));
}

function invalid(op: string, at: string, expected: string, value: unknown): FilterError {
  if (isInstantShaped(value)) {
    return new FilterError(
      'INVALID_OPERAND',
      at,
      `"${op}" expects ${expected} at ${showPointer(at)}, got an instant: ${INSTANT_OPERATORS}`,
    );
  }
  // Non-JSON values get their own code: the caller passed something no filter file can contain.
  const nonJson =
    value === undefined ||
    typeof value === 'function' ||
    typeof value === 'symbol' ||
    typeof value === 'bigint' ||
    (typeof value === 'number' && !numberIsFinite(value));
  return new FilterError(
    nonJson && typeof value !== 'number' ? 'INVALID_VALUE' : 'INVALID_OPERAND',
    at,
    `"${op}" expects ${expected} at ${showPointer(at)}, got ${describe(value)}`,
  );
}

function checkString(op: string, at: string, value: string, limits: Limits): string {
  if (value.length > limits.maxStringLength) {
    throw limitError('maxStringLength', at, `"${op}" operand of ${value.length} characters`, limits);
  }
  return wellFormed(op, at, value);
}

function wellFormed(op: string, at: string, value: string): string {
  if (!stringIsWellFormed(value)) {
    throw new FilterError(
      'INVALID_VALUE',
      at,
      `"${op}" operand at ${showPointer(at)} is not well-formed Unicode (lone surrogate)`,
    );
  }
  return value;
}

function checkNumber(op: string, at: string, value: number): number {
  if (!numberIsFinite(value)) throw invalid(op, at, 'a finite number', value);
  if (numberIsInteger(value) && !numberIsSafeInteger(value)) {
    throw new FilterError(
      'INVALID_OPERAND',
      at,
      `"${op}" operand ${value} at ${showPointer(at)} is an integer outside the safe range ±(2^53−1)`,
    );
  }
  // -0 and 0 are one value everywhere; normalizing keeps printing and every target simple.
  return value === 0 ? 0 : value;
}

/** A string, number, boolean or (when `allowNull`) null operand. */
export function scalarOperand(
  op: string,
  at: string,
  value: unknown,
  allowNull: boolean,
  limits: Limits,
): Scalar | null {
  switch (typeof value) {
    case 'string':
      return checkString(op, at, value, limits);
    case 'number':
      return checkNumber(op, at, value);
    case 'boolean':
      return value;
    default:
      if (value === null && allowNull) return null;
      throw invalid(
        op,
        at,
        allowNull ? 'a string, number, boolean or null' : 'a string, number or boolean',
        value,
      );
  }
}

/** A string or number operand (the range operators). */
export function orderedOperand(op: string, at: string, value: unknown, limits: Limits): string | number {
  if (typeof value === 'string') return checkString(op, at, value, limits);
  if (typeof value === 'number') return checkNumber(op, at, value);
  throw invalid(op, at, 'a string or a number', value);
}

/** An array of scalars and nulls (`$in`, `$nin`). */
export function listOperand(
  op: string,
  at: string,
  value: unknown,
  limits: Limits,
): readonly (Scalar | null)[] {
  if (!isArray(value)) throw invalid(op, at, 'an array', value);
  // Refused by its length alone: a million items are never read, let alone put in a set.
  if (value.length > limits.maxListItems) {
    throw limitError('maxListItems', at, `"${op}" has ${value.length} items`, limits);
  }
  const out: (Scalar | null)[] = new Array(value.length);
  for (let i = 0; i < value.length; i++) {
    const item: unknown = value[i];
    const itemAt = pointer(at, i);
    if (typeof item === 'object' && item !== null) {
      throw new FilterError(
        'INVALID_OPERAND',
        itemAt,
        `"${op}" expects strings, numbers, booleans or null at ${itemAt}, got ${isInstantShaped(item) ? `an instant: ${INSTANT_OPERATORS} (an "$or" of "$eq" comparisons lists several)` : describe(item)}`,
      );
    }
    out[i] = scalarOperand(op, itemAt, item, true, limits);
  }
  return freeze(out);
}

/** A `$like` pattern: a string within the pattern length and wildcard limits. */
export function likeOperand(op: string, at: string, value: unknown, limits: Limits): string {
  if (typeof value !== 'string') throw invalid(op, at, 'a string', value);
  if (value.length > limits.maxPatternLength) {
    throw limitError('maxPatternLength', at, `"${op}" pattern of ${value.length} characters`, limits);
  }
  const stars = likeWildcards(value);
  if (stars > limits.maxWildcards) {
    throw limitError('maxWildcards', at, `"${op}" pattern with ${stars} wildcards`, limits);
  }
  return wellFormed(op, at, value);
}

export function booleanOperand(op: string, at: string, value: unknown): boolean {
  if (typeof value !== 'boolean') throw invalid(op, at, 'a boolean', value);
  return value;
}

/** A version operand (`$veq`, `$vlt`…): a string that is a version, or `INVALID_OPERAND`. */
export function versionOperand(op: string, at: string, value: unknown, limits: Limits): string {
  if (typeof value !== 'string')
    throw invalid(op, at, 'a version string such as "1.29" or "v1.2.0-rc.1"', value);
  if (value.length > limits.maxVersionLength) {
    throw limitError('maxVersionLength', at, `"${op}" version of ${value.length} characters`, limits);
  }
  wellFormed(op, at, value);
  if (parseVersion(value) === undefined) {
    throw new FilterError(
      'INVALID_OPERAND',
      at,
      `"${op}" expects a version at ${showPointer(at)}, got ${jsonStringify(showText(value))}: a version is dot-separated numbers with an optional leading "v" and "-pre.release" and "+build" suffixes, such as "1.29" or "v1.2.0-rc.1"`,
    );
  }
  return value;
}

/**
 * The instant operand of a time comparison: `{ $now: duration }` (from the run's asOf) or
 * `{ $at: timestamp }`, each checked here so that every target gets a valid one.
 */
export function instantOperand(op: string, at: string, value: object, limits: Limits): InstantOperand {
  const count = countOwnKeys(value, 2);
  const keys = count === 1 ? objectKeys(value) : [];
  const base = keys.length === 1 && (keys[0] === '$now' || keys[0] === '$at') ? keys[0] : undefined;
  if (base === undefined) {
    const got =
      count === 0
        ? 'an empty object'
        : count === 1
          ? `an object with key ${jsonStringify(showText(keys[0]!))}`
          : isInstantShaped(value)
            ? 'an object with more keys: an instant has "$now" or "$at" alone'
            : 'an object with more than one key';
    throw new FilterError(
      'INVALID_OPERAND',
      at,
      `"${op}" expects ${op === '$eq' || op === '$ne' ? 'a string, number, boolean or null' : 'a string or a number'}, or an instant, { "$now": "<ISO 8601 duration>" } or { "$at": "<RFC 3339 timestamp>" }, at ${showPointer(at)}, got ${got}`,
    );
  }
  const inner = pointer(at, base);
  const text: unknown = own(value, base);
  if (typeof text !== 'string') {
    throw invalid(
      base,
      inner,
      base === '$now'
        ? 'a string, an ISO 8601 duration such as "P30D" or "-PT12H",'
        : 'a string, an RFC 3339 timestamp such as "2026-06-01T00:00:00Z",',
      text,
    );
  }
  checkString(base, inner, text, limits);
  if (base === '$now') {
    const d = parseDuration(text);
    if (!d.ok) {
      throw new FilterError(
        'INVALID_OPERAND',
        inner,
        `"$now" at ${showPointer(inner)}: ${jsonStringify(showText(text))} is not a duration: ${d.why}`,
      );
    }
    return freeze({ base: 'now', text, ms: d.ms });
  }
  const ms = timestampMs(text);
  if (Number.isNaN(ms)) {
    throw new FilterError(
      'INVALID_OPERAND',
      inner,
      `"$at" expects an RFC 3339 timestamp such as "2026-06-01T00:00:00Z" or "2026-06-01T02:00:00.5+02:00" at ${showPointer(inner)}, got ${jsonStringify(showText(text))}`,
    );
  }
  return freeze({ base: 'at', text, ms });
}
