import { toFilterNode } from '../ast/node-input.js';
import type { FilterNode } from '../ast/nodes.js';
import { option } from '../builtins.js';
import type { ParseOptions } from '../parse/filter.js';
import type { Filter } from '../typed/filter.js';
import { compileClosures } from './closures.js';
import { canGenerateCode, compileGenerated } from './codegen.js';
import type { Predicate } from './path.js';

/** Options of {@link compileFilter}. */
export interface CompileOptions extends ParseOptions {
  /**
   * Generate a JavaScript function for the filter (with `new Function`) instead of composing closures.
   * Faster on hot paths. Where code generation is forbidden (a Content-Security-Policy without
   * `unsafe-eval`, `node --disallow-code-generation-from-strings`) the closure compiler is used instead,
   * with the same answers. Both compilers implement the same semantics and run the same test suites.
   * Default `false`.
   */
  readonly codegen?: boolean;
}

/**
 * The compiler used when the options do not choose one. Only the test suite changes it, to run every
 * suite once per compiler (see vitest.config.ts); it is not part of the public API.
 */
let defaultCodegen = false;

/** @internal */
export function setDefaultCodegen(on: boolean): void {
  defaultCodegen = on;
}

/** Compiles a validated AST with the compiler the options choose. */
export function compileNode(node: FilterNode, options?: Pick<CompileOptions, 'codegen'>): Predicate {
  // Where code generation is forbidden (a CSP without `unsafe-eval`, Node's
  // `--disallow-code-generation-from-strings`) the closures give the same answers.
  return (option(options, 'codegen') ?? defaultCodegen) && canGenerateCode()
    ? compileGenerated(node)
    : compileClosures(node);
}

/**
 * Compiles a filter (JSON or AST) into a predicate. All parsing, path splitting, pattern building and
 * set building happen here; the returned function is stateless, re-entrant, allocates nothing per call
 * and never throws, whatever the record (any value, including non-objects, which match no path).
 *
 * With a record type, the filter is checked by the compiler (`Filter<T>`: paths, operators and
 * operand types) and the predicate takes that type; without one, any value is accepted and checked at
 * run time only.
 *
 * @example
 * const idle = compileFilter<Component>({ 'details$.database$.lastActiveConnectionTime': { $lt: '2026-01-01T00:00:00.000Z' } });
 * inventory.filter(idle);
 */
export function compileFilter<T = unknown>(
  filter: Filter<T>,
  options?: CompileOptions,
): (record: T) => boolean {
  return compileNode(toFilterNode(filter, options), options);
}
