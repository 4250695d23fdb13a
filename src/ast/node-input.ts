import { hasOwn } from '../builtins.js';
import { FilterError, isOwnError, safeMessage } from '../errors.js';
import { type ParseOptions, parseFilter } from '../parse/filter.js';
import type { FilterNode } from './nodes.js';
import { printFilter } from './print.js';
import { isTrusted } from './trusted.js';

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
 * Accepts a JSON filter or an AST and returns a validated AST. A hand-built AST is printed and parsed
 * again, so it gets exactly the checks a JSON filter gets, and a malformed one a typed error.
 */
export function toFilterNode(input: unknown, options?: ParseOptions): FilterNode {
  if (isFilterNode(input)) {
    if (isTrusted(input)) return input;
    let json: unknown;
    try {
      json = printFilter(input);
    } catch (error) {
      if (isOwnError(error)) throw error;
      throw new FilterError('INVALID_NODE', '', `not a filter AST: ${safeMessage(error)}`, { cause: error });
    }
    return parseFilter(json, options);
  }
  return parseFilter(input, options);
}
