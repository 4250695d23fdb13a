import { assertNever, type FilterNode, isTimeNode } from '../ast/nodes.js';
import { arraySome, option } from '../builtins.js';
import { FilterError } from '../errors.js';
import type { ParseOptions } from '../parse/filter.js';
import { toFilterNode } from '../parse/node-input.js';
import { describe } from '../parse/operands.js';
import { asOfMs } from '../semantics/time.js';
import type { Filter } from '../typed/filter.js';
import { compileClosures } from './closures.js';
import { canGenerateCode, compileGenerated } from './codegen.js';
import type { Predicate } from './path.js';
import { compileTiered, TIER_UP_AFTER } from './tiered.js';

export { shapeCache } from './codegen.js';
export { compileTiered, TIER_UP_AFTER } from './tiered.js';

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
  /**
   * The instant `{ $now: duration }` operands count from: a `Date`, an RFC 3339 timestamp or
   * milliseconds since the epoch. Unset, the clock is read once, when compiling. Every record a
   * compiled filter or policy meets sees this one instant; to evaluate at another, compile again (a
   * filter compiles in microseconds) or pass `asOf` to the evaluation (`evaluateInventory`, queries).
   */
  readonly asOf?: Date | string | number;
}

/** A type for options carrying an `asOf`. */
export type AsOf = Date | string | number;

/**
 * The instant (ms) an `asOf` option names, or the clock's now when it is unset; a value that names
 * no instant is an `INVALID_OPTION` error.
 */
export function resolveAsOf(asOf: unknown, path = ''): number {
  if (asOf === undefined) return Date.now();
  const ms = asOfMs(asOf);
  if (Number.isNaN(ms)) {
    throw new FilterError(
      'INVALID_OPTION',
      path,
      `asOf must be a valid Date, an RFC 3339 timestamp such as "2026-06-01T00:00:00Z" or milliseconds since the epoch, got ${describe(asOf)}`,
    );
  }
  return ms;
}

/** Whether a filter has a `$now` operand anywhere (only then does its predicate depend on asOf). */
export function readsNow(node: FilterNode): boolean {
  return arraySome(node.clauses, (c) => {
    switch (c.kind) {
      case 'field':
        return arraySome(c.operators, (op) =>
          op.kind === 'elemMatch' ? readsNow(op.filter) : isTimeNode(op) && op.instant.base === 'now',
        );
      case 'and':
      case 'or':
        return arraySome(c.filters, readsNow);
      case 'not':
        return readsNow(c.filter);
      default:
        return assertNever(c, 'clause node');
    }
  });
}

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
 * Compiles a validated AST with the compiler the options choose; `hot` (policies, inventory runs)
 * makes unset mean generated code from the start instead of tiered. `asOf` (ms) is the instant its
 * `$now` operands count from; unset, the clock is read (once) if the filter has one.
 */
export function compileNode(
  node: FilterNode,
  options?: Pick<CompileOptions, 'codegen'>,
  hot = false,
  asOf?: number,
): Predicate {
  const at = asOf ?? (readsNow(node) ? Date.now() : Number.NaN);
  const mode = modeOf(options, hot);
  if (mode === 'tiered') return compileTiered(node, TIER_UP_AFTER, compileGenerated, at);
  return mode ? compileGenerated(node, at) : compileClosures(node, at);
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
  const node = toFilterNode(filter, options);
  const asOf = option(options, 'asOf');
  return compileNode(node, options, false, asOf === undefined ? undefined : resolveAsOf(asOf, '/asOf'));
}
