import { charCodeAt, jsonStringify, stringIncludes, weakSetAdd, weakSetHas } from './builtins.js';
/** Stable codes of {@link FilterError}. Part of the public contract: never renamed, only added to. */
export type FilterErrorCode =
  /** The filter (or a `$and`/`$or` item, or the `$not` operand) is not a plain object. */
  | 'INVALID_FILTER'
  /** A path holds a bare value instead of an operator object. */
  | 'EXPECTED_OPERATOR_OBJECT'
  /** A path holds an operator object with no operators. */
  | 'EMPTY_OPERATOR_OBJECT'
  /** A `$`-key that is not a supported operator, or a non-`$` key inside an operator object. */
  | 'UNKNOWN_OPERATOR'
  /** An operand of the wrong type, a non-finite or unsafe number, an empty `$and`/`$or`. */
  | 'INVALID_OPERAND'
  /** An empty path segment, or a path that is empty. */
  | 'INVALID_PATH'
  /** A `__proto__`, `prototype` or `constructor` segment. */
  | 'FORBIDDEN_PATH_SEGMENT'
  /** Nesting deeper than the configured `maxDepth`. */
  | 'MAX_DEPTH_EXCEEDED'
  /** More nodes in one filter than `limits.maxNodes` (see docs/limits.md for every limit below). */
  | 'MAX_NODES_EXCEEDED'
  /** More nodes in all the filters of one policy than `limits.maxPolicyNodes`. */
  | 'MAX_POLICY_NODES_EXCEEDED'
  /** An object (filter, operator object, `statusDefinitions`…) with more keys than `limits.maxKeys`. */
  | 'MAX_KEYS_EXCEEDED'
  /** An `$in` or `$nin` list longer than `limits.maxListItems`. */
  | 'MAX_LIST_ITEMS_EXCEEDED'
  /** A string operand longer than `limits.maxStringLength`. */
  | 'MAX_STRING_LENGTH_EXCEEDED'
  /** A version operand longer than `limits.maxVersionLength`. */
  | 'MAX_VERSION_LENGTH_EXCEEDED'
  /** A `$like` pattern longer than `limits.maxPatternLength`. */
  | 'MAX_PATTERN_LENGTH_EXCEEDED'
  /** A `$like` pattern with more wildcards than `limits.maxWildcards`. */
  | 'MAX_WILDCARDS_EXCEEDED'
  /** A field path with more segments than `limits.maxPathSegments`. */
  | 'MAX_PATH_SEGMENTS_EXCEEDED'
  /** A field path segment longer than `limits.maxSegmentLength`. */
  | 'MAX_SEGMENT_LENGTH_EXCEEDED'
  /** A policy with more rules than `limits.maxRules`. */
  | 'MAX_RULES_EXCEEDED'
  /** A policy with more conditions than `limits.maxConditions`. */
  | 'MAX_CONDITIONS_EXCEEDED'
  /** A policy file or source text larger than `limits.maxFileBytes`. */
  | 'MAX_FILE_BYTES_EXCEEDED'
  /** A policy document with more values than `limits.maxDocumentValues`. */
  | 'MAX_DOCUMENT_VALUES_EXCEEDED'
  /** A value that is not JSON (function, symbol, BigInt, symbol keys, ill-formed Unicode…). */
  | 'INVALID_VALUE'
  /** An AST handed to the API that is not a well-formed {@link FilterNode}. */
  | 'INVALID_NODE'
  /** An option passed to the API is out of range. */
  | 'INVALID_OPTION'
  /** A construct that a target (SQL dialect, MongoDB) cannot express exactly. */
  | 'UNSUPPORTED'
  /** A field path that a target's mapping does not allow. */
  | 'UNKNOWN_FIELD'
  /** A policy definition that is not of the documented shape (status definitions, rules, scope). */
  | 'INVALID_POLICY'
  /** A waiver list that is not of the documented shape (docs/waivers.md). */
  | 'INVALID_WAIVERS'
  /** A string or bytes (a Buffer chunk of an unparsed stream) given to `evaluateInventory` as a resource. */
  | 'INVALID_RESOURCE'
  /**
   * An NDJSON line or JSON array element that is not JSON, or JSON but not an object (no `onReject`
   * handler was given).
   */
  | 'MALFORMED_RECORD'
  /** Inventory input that cannot be read any further: a broken JSON array, an over-long record. */
  | 'MALFORMED_INPUT'
  /** A record of unknown kind while the policies evaluated name several kinds (`evaluateInventory`). */
  | 'UNKNOWN_KIND';

/**
 * The one error type of the filter language. `path` is an RFC 6901 JSON pointer into the filter as it
 * was written (keys escaped: `a/b~c` → `/a~1b~0c`); `''` is the whole filter.
 *
 * @example
 * try {
 *   parseFilter({ technology: { $in: 'postgres' } });
 * } catch (e) {
 *   if (e instanceof FilterError) console.log(e.code, e.path); // INVALID_OPERAND /technology/$in
 * }
 */
export class FilterError extends Error {
  override readonly name = 'FilterError';
  readonly code: FilterErrorCode;
  readonly path: string;

  constructor(code: FilterErrorCode, path: string, message: string, options?: { cause?: unknown }) {
    // A message stays short at any depth: a long pointer in it is shortened (`path` keeps it whole).
    super(path.length > MAX_SHOWN_POINTER ? message.split(path).join(showPointer(path)) : message, options);
    this.code = code;
    this.path = path;
    markOwn(this);
  }
}

/**
 * The errors this library made. A catch block that rethrows "its own" errors tells them from whatever
 * else was thrown by this mark, not by `instanceof`: `instanceof` asks a Proxy's `getPrototypeOf` trap,
 * which can throw (a revoked Proxy) or lie (a Proxy claiming `FilterError.prototype`), and the object
 * passed on would then be the attacker's, not a typed error.
 */
const OWN_ERRORS = new WeakSet<object>();

/** Marks an error made by this library (FilterError and QueryError constructors). @internal */
export function markOwn(error: object): void {
  // Captured: a replaced WeakSet.prototype.add must not make the library's errors look foreign.
  weakSetAdd.call(OWN_ERRORS, error);
}

/** True for an error made by this library; never runs code of the value (no trap, no getter). */
export function isOwnError(value: unknown): value is Error {
  return typeof value === 'object' && value !== null && weakSetHas.call(OWN_ERRORS, value);
}

/** `value` when it is a {@link FilterError} this library made, else `undefined`. */
export function ownFilterError(value: unknown): FilterError | undefined {
  return isOwnError(value) && value instanceof FilterError ? value : undefined;
}

/** Longest text of a thrown value written into a message (by default). */
export const MAX_SHOWN_MESSAGE = 300;

/**
 * Longest text of an error written by the CLI: its own errors and the YAML parser's, whose messages
 * quote the lines around the place (a code frame), are shown whole.
 */
export const MAX_CLI_MESSAGE = 4096;

/**
 * What a thrown value says, for a message: the `message` of an error, the text of a thrown string, or
 * what kind of value it was. It never throws and its length is bounded: the value may be hostile (a
 * revoked Proxy, an object without a prototype, a `message` getter that throws, a `toString` or
 * `Symbol.toPrimitive` that throws), and `String(value)` would run its code or fail. Only a string
 * `message` read as a plain property is used; no method of the value is called.
 */
export function safeMessage(error: unknown, max = MAX_SHOWN_MESSAGE): string {
  let text: string;
  try {
    text = messageOf(error);
  } catch {
    // Reading `message` ran a getter or a Proxy trap that threw (a revoked Proxy throws on any read).
    text = 'a value whose message cannot be read';
  }
  return showText(text, max);
}

function messageOf(error: unknown): string {
  if (typeof error === 'string') return error;
  if (typeof error === 'object' && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === 'string') return message;
  }
  // What kind of value it was. String() of a primitive runs no code of the value (a Symbol gives its
  // description, never its patchable toString).
  const kind =
    typeof error === 'object'
      ? error === null
        ? 'null'
        : 'an object that is not an Error'
      : typeof error === 'function'
        ? 'a function'
        : String(error);
  return `${kind} (thrown as a value)`;
}

/** Longest key or string from the input written whole into a message. */
export const MAX_SHOWN_TEXT = 80;

/**
 * How a key or a string from the input is shown inside a message: whole up to `max` UTF-16 code units,
 * else its start and the number of code units left out (`aaaa…(999,920 more characters)`). A key of
 * 10 MB would otherwise make a 10 MB message, once per place that quotes it. The cut never splits a
 * surrogate pair, and costs nothing proportional to the text.
 */
export function showText(text: string, max = MAX_SHOWN_TEXT): string {
  if (text.length <= max) return text;
  const head = cutAt(text, max);
  return `${text.slice(0, head)}…(${(text.length - head).toLocaleString('en-US')} more characters)`;
}

/**
 * A value from the input as a message shows it: a string quoted (and cut, see {@link showText}), a
 * number, boolean or null as JSON, anything else by its kind. Never throws, never runs the value's code.
 */
export function showValue(value: unknown): string {
  if (typeof value === 'string') return jsonStringify(showText(value));
  if (typeof value === 'number' || typeof value === 'boolean' || value === null) return String(value);
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** `at`, moved back one code unit when it would fall between the two halves of a surrogate pair. */
function cutAt(text: string, at: number): number {
  const before = charCodeAt(text, at - 1);
  const after = charCodeAt(text, at);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff ? at - 1 : at;
}

/** Escapes one reference token of a JSON pointer (RFC 6901 §3). */
export function escapePointerToken(token: string): string {
  // Pointers are built for every key a parse visits, and nearly no key needs escaping.
  if (!stringIncludes(token, '~') && !stringIncludes(token, '/')) return token;
  return token.replace(/~/g, '~0').replace(/\//g, '~1');
}

/** Appends tokens to a JSON pointer. */
export function pointer(base: string, ...tokens: readonly (string | number)[]): string {
  let out = base;
  for (const t of tokens) out += `/${escapePointerToken(String(t))}`;
  return out;
}

/** Longest JSON pointer written whole into a message. */
export const MAX_SHOWN_POINTER = 160;

/**
 * How a JSON pointer is shown inside a message: the whole document reads better as "the root", and a
 * pointer longer than {@link MAX_SHOWN_POINTER} characters (a filter nested a thousand levels deep has
 * one of 10 KB) keeps its start and end around an ellipsis that says how much was left out. The error's
 * or diagnostic's `path` field always has the full pointer.
 */
export function showPointer(path: string): string {
  if (path === '') return 'the root';
  if (path.length <= MAX_SHOWN_POINTER) return path;
  const keep = (MAX_SHOWN_POINTER - 40) / 2;
  // Cut on code point boundaries, so that no half of a surrogate pair is left at either edge; only the
  // code units at the two cuts are read, whatever the pointer's length (a 10 MB key makes a 10 MB one).
  const head = path.slice(0, cutAt(path, keep));
  const tail = path.slice(cutAt(path, path.length - keep));
  return `${head}…(${(path.length - head.length - tail.length).toLocaleString('en-US')} characters)…${tail}`;
}

/**
 * A filter error's message restated for a filter found at `at` in a larger document: the place it
 * names relative to the filter (`local`) becomes the place in the document (`at + local`); a message
 * naming no place gets the filter's place appended.
 */
export function restateAt(message: string, local: string, at: string): string {
  const shownLocal = ` at ${showPointer(local)}`;
  if (message.includes(shownLocal)) return message.split(shownLocal).join(` at ${showPointer(at + local)}`);
  return `${message} (in the filter at ${showPointer(at)})`;
}
