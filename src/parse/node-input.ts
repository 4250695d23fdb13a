import type { FilterNode } from '../ast/nodes.js';
import { hasOwn } from '../builtins.js';
import { type LimitOptions, resolveLimits } from '../limits.js';
import { type ParseOptions, parseFilter } from './filter.js';
import { printWithin } from './print.js';
import { fits, parsedOf } from './trusted.js';

/**
 * True when `input` is meant as an AST rather than a JSON filter. A JSON filter can never have a string
 * at a top-level key (a path needs an operator object), so `kind: 'filter'` is unambiguous.
 */
export function isFilterNode(input: unknown): input is FilterNode {
  if (typeof input !== 'object' || input === null) return false;
  try {
    // An own property only: `Object.prototype.kind = 'filter'` must not turn every JSON filter into an AST.
    return hasOwn(input, 'kind') && (input as { kind?: unknown }).kind === 'filter';
  } catch {
    // A revoked Proxy or a throwing `kind` getter: not an AST; parsing it gives the typed error.
    return false;
  }
}

/**
 * Accepts a JSON filter or an AST and returns a validated AST, held to the limits of `options`.
 *
 * - A hand-built AST is printed and parsed again, so it gets exactly the checks a JSON filter gets, and
 *   a malformed one a typed error. The print counts nodes, depth, keys, list items and path segments
 *   against the limits as it reads, so an AST past them is refused before it is all read.
 * - An AST the parser made is used as it is when it fits the limits: when they are those it was parsed
 *   under (the usual case, the defaults twice), or when its footprint (the most it reaches on each
 *   axis, recorded by the parser and kept with it) is within them. Otherwise it is printed and parsed
 *   under these limits, which refuses it exactly as its JSON would be refused: an AST parsed with
 *   `maxListItems: 5000` does not pass a call whose limit is 3.
 */
export function toFilterNode(input: unknown, options?: ParseOptions): FilterNode {
  if (!isFilterNode(input)) return parseFilter(input, options);
  const limits = resolveLimits(options);
  const parsed = parsedOf(input);
  if (parsed !== undefined) {
    if (fits(parsed, limits)) return input;
    return parseFilter(printWithin(input, undefined), { limits });
  }
  return parseFilter(printWithin(input, limits), { limits });
}

/**
 * Options that hold an AST to the limits it was parsed under, for a call that takes no limits of its
 * own (`queryToSql` and `queryInMemory` compile the filter `parseQuery` parsed, under the caller's
 * limits): the defaults for an AST the parser did not make.
 * @internal
 */
export function parsedUnder(node: unknown): LimitOptions {
  const parsed = typeof node === 'object' && node !== null ? parsedOf(node) : undefined;
  return parsed === undefined ? {} : { limits: parsed.limits };
}
