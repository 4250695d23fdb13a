import type { FilterNode } from '../ast/nodes.js';
import { option } from '../builtins.js';
import type { ParseOptions } from '../parse/filter.js';
import { toFilterNode } from '../parse/node-input.js';
import type { Filter } from '../typed/filter.js';
import { compileClosures } from './closures.js';
import { canGenerateCode, compileGenerated } from './codegen.js';
import type { Predicate } from './path.js';

/** Options of {@link compileFilter}. */
export interface CompileOptions extends ParseOptions {
  /**
   * Which compiler. Unset, a filter is *tiered*: it starts as composed closures (compiled in a few
   * microseconds) and is compiled to generated code (one JavaScript function, made with `new Function`)
   * once it has run {@link TIER_UP_AFTER} evaluations, so a filter that meets a few hundred records
   * never pays for code generation and one that scans an inventory runs generated code. Policies and
   * inventory evaluation, compiled once and run over many records, use generated code from the start.
   * `true` asks for generated code from the start, `false` for closures only. Both compilers implement
   * the same semantics and run the same test suites; where code generation is forbidden (a
   * Content-Security-Policy without `unsafe-eval`, `node --disallow-code-generation-from-strings`)
   * closures are used whatever this says.
   *
   * @example
   * const cspSafe = compileFilter({ technology: { $eq: 'postgresql' } }, { codegen: false });
   */
  readonly codegen?: boolean;
}

/** Evaluations a tiered filter runs as closures before it becomes generated code (bench/README.md). */
export const TIER_UP_AFTER = 2000;

/**
 * The compiler used when the options do not choose one: tiered unless the test suite pins one, so that
 * each suite runs with the compiler its project names (see vitest.config.ts); not part of the public API.
 */
let defaultCodegen: boolean | 'tiered' = 'tiered';

/** @internal */
export function setDefaultCodegen(mode: boolean | 'tiered'): void {
  defaultCodegen = mode;
}

type Mode = boolean | 'tiered';

/** The compiler the options choose, `hot` saying what unset means (generated code, or tiered). */
function modeOf(options: Pick<CompileOptions, 'codegen'> | undefined, hot: boolean): Mode {
  const chosen = option(options, 'codegen') ?? defaultCodegen;
  if (!canGenerateCode()) return false;
  return chosen === 'tiered' && hot ? true : chosen;
}

/**
 * Whether a predicate compiled for many evaluations (policies, inventory runs) is generated code: the
 * options ask for it or leave it unset, and the runtime allows it.
 */
export function usesGeneratedCode(options?: Pick<CompileOptions, 'codegen'>): boolean {
  return modeOf(options, true) === true;
}

/**
 * Closures until the `limit`-th evaluation, then generated code. The answers are the same whichever
 * runs (both compilers are held to one test suite), so the switch is invisible but for speed.
 *
 * The generated predicate has a call site of its own, which never sees the closures, so V8 may inline
 * it there. What the extra call still costs a long scan is measured in bench/README.md ("Speed II").
 */
export function compileTiered(
  node: FilterNode,
  limit = TIER_UP_AFTER,
  generate: (node: FilterNode) => Predicate = compileGenerated,
): Predicate {
  const cold = compileClosures(node);
  let hot: Predicate | undefined;
  let left = limit;
  return (r) => {
    if (hot !== undefined) return hot(r);
    if (--left === 0) {
      try {
        hot = generate(node);
      } catch {
        hot = cold;
      }
    }
    return cold(r);
  };
}

/**
 * Compiles a validated AST with the compiler the options choose; `hot` (policies, inventory runs)
 * makes unset mean generated code from the start instead of tiered.
 */
export function compileNode(
  node: FilterNode,
  options?: Pick<CompileOptions, 'codegen'>,
  hot = false,
): Predicate {
  const mode = modeOf(options, hot);
  if (mode === 'tiered') return compileTiered(node);
  return mode ? compileGenerated(node) : compileClosures(node);
}

/**
 * Compiles a filter (JSON or AST) into a predicate. All parsing, path splitting, pattern building and
 * set building happen here; the returned function is re-entrant, allocates nothing per call and never
 * throws, whatever the record (any value, including non-objects, which match no path). Its only state
 * is which compiler it runs (see {@link CompileOptions.codegen}), never an answer.
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
