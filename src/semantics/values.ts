/**
 * How record values are read: the one place that decides what a value "is" for every operator.
 * See docs/semantics.md, section 2.
 */

// Module constants, not imports, on this hot path: captured at load like those of src/builtins.ts,
// and read as constants whatever the bundler makes of imports.
const hasOwn = Object.hasOwn;
const isArray = Array.isArray;

const dateToISOString = Date.prototype.toISOString;
const dateGetTime = Date.prototype.getTime;

/**
 * Reads own property `key` of `value` when `value` is a non-array object other than a `Date`; missing
 * (`undefined`) otherwise. Never reads the prototype chain.
 */
export function readKey(value: unknown, key: string): unknown {
  if (typeof value !== 'object' || value === null || isArray(value)) return undefined;
  const v = (value as Record<string, unknown>)[key];
  // The own-property check is only needed when something was found: most misses cost nothing extra.
  // A `Date` is a leaf (its ISO string, §2), and a key of a string is missing (§3): so are its keys,
  // whatever own properties the object carries, as on every target that stores the string.
  return v !== undefined && hasOwn(value, key) && !(value instanceof Date) ? v : undefined;
}

/**
 * True for a value whose keys a path can read: an object that is not an array. `$elemMatch` asks its
 * element to be one (after `readLeaf`, so a valid `Date` is a string, not an object).
 */
export function isObjectValue(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !isArray(value) && !(value instanceof Date);
}

/**
 * Normalizes a leaf value: a `Date` becomes what JSON makes of it, its ISO string, or `null` for an
 * invalid one (`JSON.stringify(new Date(NaN))` is `null`, so that is what a database holds for it);
 * everything else is itself. Objects other than dates stay opaque (they equal and order against nothing).
 */
export function readLeaf(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && value instanceof Date) {
    // Captured built-ins: a patched Date.prototype cannot change what a record means.
    return Number.isNaN(dateGetTime.call(value)) ? null : dateToISOString.call(value);
  }
  return value;
}

/** True for the values that the language treats as missing: `null` and `undefined`. */
export function isMissing(value: unknown): value is null | undefined {
  return value === null || value === undefined;
}
