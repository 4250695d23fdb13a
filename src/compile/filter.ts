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
   * Which compiler: generated code (one JavaScript function per filter, made with `new Function`) or
   * composed closures. Both implement the same semantics and run the same test suites. Unset, generated
   * code is used wherever the runtime allows it (probed once), and the closure compiler where code
   * generation is forbidden (a Content-Security-Policy without `unsafe-eval`,
   * `node --disallow-code-generation-from-strings`); `true` asks for generated code (still falling back
   * to closures where it is forbidden), `false` for the closure compiler.
   *
   * @example
   * const cspSafe = compileFilter({ technology: { $eq: 'postgresql' } }, { codegen: false });
   */
  readonly codegen?: boolean;
}

/**
 * The compiler used when the options do not choose one: generated code unless the runtime forbids it
 * (then {@link compileNode} falls back to closures). Only the test suite changes it, to make sure each
 * suite runs with the compiler its project names (see vitest.config.ts); it is not part of the public API.
 */
let defaultCodegen = true;

/** @internal */
export function setDefaultCodegen(on: boolean): void {
  defaultCodegen = on;
}

/** Whether the options, and the runtime, give generated code (see {@link CompileOptions.codegen}). */
export function usesGeneratedCode(options?: Pick<CompileOptions, 'codegen'>): boolean {
  return (option(options, 'codegen') ?? defaultCodegen) && canGenerateCode();
}

/** Compiles a validated AST with the compiler the options choose. */
export function compileNode(node: FilterNode, options?: Pick<CompileOptions, 'codegen'>): Predicate {
  // Where code generation is forbidden (a CSP without `unsafe-eval`, Node's
  // `--disallow-code-generation-from-strings`) the closures give the same answers.
  return usesGeneratedCode(options) ? compileGenerated(node) : compileClosures(node);
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
