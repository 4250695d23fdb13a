import { freeze, hasOwn, numberIsInteger, objectKeys, setHas, weakSetHas } from './builtins.js';
import { FilterError, showPointer } from './errors.js';

/**
 * Bounds on the work one filter, policy or policy file can cause. Filters arrive from API callers and
 * policy files from many teams: every axis an attacker could grow is bounded, each breach refused with
 * its own error code before the expensive work. The defaults ({@link DEFAULT_LIMITS}) are far above what
 * real policies need and far below what costs a millisecond to compile; see docs/limits.md.
 *
 * Every entry point takes the same object as its `limits` option (`parseFilter`, `compileFilter`,
 * `compilePolicy`, `toSql`, `policyToSql`, `toMongo`, `policyToMongo`, `parseQuery`, `validatePolicy`,
 * the CLI's `--limit name=value`); a limit left out keeps its default.
 *
 * @example
 * compileFilter(request.filter, { limits: { maxNodes: 1000, maxListItems: 1000 } });
 */
export interface Limits {
  /** Deepest nesting of filter objects (the root is 1; each `$and`/`$or` item, `$not` and `$elemMatch` one more). At most 1,000. */
  readonly maxDepth: number;
  /**
   * Nodes of one filter: each filter object, clause (a field, `$and`, `$or`, `$not`), path key,
   * operator, `$in`/`$nin` item, `$like` wildcard (`*`) and version part (`1.2.0-rc.1` has 5) counts
   * one; a selector (`__svcArrayAny__`) counts four.
   */
  readonly maxNodes: number;
  /** Nodes of all the filters of one policy (its scope and every condition), counted as for `maxNodes`. */
  readonly maxPolicyNodes: number;
  /** Keys of one object: a filter, an operator object, a policy's `statusDefinitions`. */
  readonly maxKeys: number;
  /** Items of one `$in` or `$nin` list. */
  readonly maxListItems: number;
  /** Length of one string operand (UTF-16 code units), `$like` patterns aside. */
  readonly maxStringLength: number;
  /**
   * Length of one version operand (`$veq`, `$vlt`…). Versions are short; a long one is a list of
   * pre-release identifiers, each compared on its own in every target.
   */
  readonly maxVersionLength: number;
  /** Length of one `$like` pattern (UTF-16 code units). */
  readonly maxPatternLength: number;
  /** Wildcards (unescaped `*`) of one `$like` pattern. */
  readonly maxWildcards: number;
  /** Segments of one field path (`details$.postgres$.version` has 3). */
  readonly maxPathSegments: number;
  /** Length of one path segment (UTF-16 code units). */
  readonly maxSegmentLength: number;
  /** Rules of one policy, over all its statuses. */
  readonly maxRules: number;
  /** Conditions of one policy, over all its rules. */
  readonly maxConditions: number;
  /**
   * Size of one policy file or policy source text, in UTF-8 bytes. A document handed to
   * `validatePolicy` as a value is held to it too, by the characters of its strings and keys (a lower
   * bound of its size as a file).
   */
  readonly maxFileBytes: number;
  /**
   * Values of one policy document (`validatePolicy`, and the policy files of the CLI): every object,
   * array, string, number, boolean and null, and every key of an object, counted as the document is
   * read and before it is parsed further (a YAML document's aliases expanded).
   */
  readonly maxDocumentValues: number;
}

/** The limits applied when none are given. Frozen; see docs/limits.md for what each one bounds. */
export const DEFAULT_LIMITS: Limits = freeze({
  maxDepth: 32,
  maxNodes: 256,
  maxPolicyNodes: 2048,
  maxKeys: 64,
  maxListItems: 256,
  maxStringLength: 512,
  maxVersionLength: 256,
  maxPatternLength: 256,
  maxWildcards: 16,
  maxPathSegments: 12,
  maxSegmentLength: 128,
  maxRules: 64,
  maxConditions: 256,
  maxFileBytes: 1024 * 1024,
  maxDocumentValues: 16_384,
});

/** Each limit's name, for the option checks and the CLI. */
export const LIMIT_NAMES: readonly (keyof Limits)[] = freeze(objectKeys(DEFAULT_LIMITS) as (keyof Limits)[]);
const NAMES: ReadonlySet<string> = new Set(LIMIT_NAMES);

/** The parser recurses once per level: this cap keeps the stack far from its end whatever the option. */
export const MAX_MAX_DEPTH = 1000;

/** Options carrying limits: `limits`, and `maxDepth` kept as the shorthand it was before `limits`. */
export interface LimitOptions {
  /** The limits to apply; each one left out keeps its {@link DEFAULT_LIMITS} value. */
  readonly limits?: Partial<Limits>;
  /** The same as `limits.maxDepth` (kept for compatibility). Default 32, at most 1,000. */
  readonly maxDepth?: number;
}

const resolved = new WeakSet<object>([DEFAULT_LIMITS]);

function invalid(message: string): FilterError {
  return new FilterError('INVALID_OPTION', '', message);
}

function checked(name: string, value: unknown): number {
  const max = name === 'maxDepth' ? MAX_MAX_DEPTH : Number.MAX_SAFE_INTEGER;
  if (typeof value !== 'number' || !numberIsInteger(value) || value < 1 || value > max) {
    throw invalid(
      `${name} must be an integer from 1 to ${max === MAX_MAX_DEPTH ? MAX_MAX_DEPTH : 'Number.MAX_SAFE_INTEGER'}, got ${typeof value === 'number' ? String(value) : typeof value}`,
    );
  }
  return value;
}

/**
 * The complete, checked limits of an options object: own properties only (a polluted `Object.prototype`
 * sets no limit), every value an integer of at least 1, unknown names refused (a misspelt limit would
 * otherwise be silently no limit). Throws `INVALID_OPTION`.
 */
export function resolveLimits(options: LimitOptions | undefined): Limits {
  if (typeof options !== 'object' || options === null) return DEFAULT_LIMITS;
  const given = hasOwn(options, 'limits') ? options.limits : undefined;
  const depth = hasOwn(options, 'maxDepth') ? options.maxDepth : undefined;
  if (given === undefined && depth === undefined) return DEFAULT_LIMITS;
  // Resolved limits passed on from one entry point to another are checked once.
  if (given !== undefined && weakSetHas.call(resolved, given)) {
    if (depth === undefined || depth === (given as Limits).maxDepth) return given as Limits;
  }
  if (given !== undefined && (typeof given !== 'object' || given === null)) {
    throw invalid(`limits must be an object of limits (${LIMIT_NAMES.join(', ')})`);
  }
  const out: Record<string, number> = { ...DEFAULT_LIMITS };
  if (given !== undefined) {
    for (const name of objectKeys(given)) {
      if (!setHas.call(NAMES, name)) {
        throw invalid(`unknown limit "${name}"; the limits are ${LIMIT_NAMES.join(', ')}`);
      }
      const value = (given as Record<string, unknown>)[name];
      if (value !== undefined) out[name] = checked(name, value);
    }
  }
  if (depth !== undefined) {
    const d = checked('maxDepth', depth);
    if (given !== undefined && hasOwn(given, 'maxDepth') && out.maxDepth !== d) {
      throw invalid(`maxDepth (${d}) and limits.maxDepth (${out.maxDepth}) disagree: give one`);
    }
    out.maxDepth = d;
  }
  const limits = freeze(out) as unknown as Limits;
  resolved.add(limits);
  return limits;
}

/** The options an entry point passes on to those it calls: its checked limits alone. */
export function passLimits(options: LimitOptions | undefined): { readonly limits: Limits } {
  return { limits: resolveLimits(options) };
}

/** `maxStringLength` → `MAX_STRING_LENGTH`, in the type system. */
type Snake<S extends string> = S extends `${infer H}${infer T}`
  ? `${H extends Lowercase<H> ? Uppercase<H> : `_${H}`}${Snake<T>}`
  : '';

/** The error code of an exceeded limit. */
export type LimitErrorCode = `${Snake<keyof Limits>}_EXCEEDED`;

/**
 * Code of the error each limit gives when it is exceeded: its name in capitals, words split by `_`,
 * then `_EXCEEDED` (`maxStringLength`: `MAX_STRING_LENGTH_EXCEEDED`). Stable: part of the public
 * contract, listed in docs/limits.md. Made from the names rather than written out, which keeps the
 * browser bundle small.
 */
export const LIMIT_CODES = freeze(
  Object.fromEntries(
    LIMIT_NAMES.map((name) => [name, `${name.replace(/[A-Z]/g, '_$&').toUpperCase()}_EXCEEDED`]),
  ),
) as { readonly [K in keyof Limits]: `${Snake<K>}_EXCEEDED` };

const CODES: ReadonlySet<string> = new Set(Object.values(LIMIT_CODES));

/** True for the code of an exceeded limit. */
export function isLimitCode(code: string): code is LimitErrorCode {
  return setHas.call(CODES, code);
}

/** The typed error of an exceeded limit, naming the limit, its value and the place. */
export function limitError(name: keyof Limits, at: string, what: string, limits: Limits): FilterError {
  return new FilterError(
    LIMIT_CODES[name],
    at,
    `${what} at ${showPointer(at)}: the limit ${name} is ${limits[name]}`,
  );
}

/** UTF-8 length of a string, counted without encoding it, stopping as soon as it passes `max`. */
export function utf8LengthExceeds(text: string, max: number): boolean {
  // Every UTF-16 code unit is at least one byte and at most three.
  if (text.length > max) return true;
  if (text.length * 3 <= max) return false;
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    // A surrogate pair is 4 bytes: 2 for each half.
    bytes += unit < 0x80 ? 1 : unit < 0x800 || (unit >= 0xd800 && unit <= 0xdfff) ? 2 : 3;
    if (bytes > max) return true;
  }
  return false;
}
