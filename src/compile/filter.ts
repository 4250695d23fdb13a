import { toFilterNode } from '../ast/node-input.js';
import { assertNever, type ClauseNode, type FilterNode } from '../ast/nodes.js';
import { option } from '../builtins.js';
import type { ParseOptions } from '../parse/filter.js';
import { canGenerateCode, compileGenerated } from './codegen.js';
import { compileOperators, readsDates } from './operators.js';
import { compilePath, type Predicate } from './path.js';

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

const always: Predicate = () => true;

function all(preds: readonly Predicate[]): Predicate {
  switch (preds.length) {
    case 0:
      return always;
    case 1:
      return preds[0]!;
    case 2: {
      const [a, b] = preds as [Predicate, Predicate];
      return (r) => a(r) && b(r);
    }
    case 3: {
      const [a, b, c] = preds as [Predicate, Predicate, Predicate];
      return (r) => a(r) && b(r) && c(r);
    }
    default:
      return (r) => {
        for (let i = 0; i < preds.length; i++) if (!preds[i]!(r)) return false;
        return true;
      };
  }
}

function any(preds: readonly Predicate[]): Predicate {
  if (preds.length === 1) return preds[0]!;
  if (preds.length === 2) {
    const [a, b] = preds as [Predicate, Predicate];
    return (r) => a(r) || b(r);
  }
  return (r) => {
    for (let i = 0; i < preds.length; i++) if (preds[i]!(r)) return true;
    return false;
  };
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

function compileClause(clause: ClauseNode): Predicate {
  switch (clause.kind) {
    case 'field':
      return compilePath(clause.path, compileOperators(clause.operators), readsDates(clause.operators));
    case 'and':
      return all(clause.filters.map(compileClosures));
    case 'or':
      return any(clause.filters.map(compileClosures));
    case 'not': {
      const inner = compileClosures(clause.filter);
      return (r) => !inner(r);
    }
    default:
      return assertNever(clause, 'clause node');
  }
}

function compileClosures(node: FilterNode): Predicate {
  return all(node.clauses.map(compileClause));
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
 * @example
 * const idle = compileFilter({ 'details$.postgres$.lastActiveConnectionTime': { $lt: '2026-01-01T00:00:00.000Z' } });
 * inventory.filter(idle);
 */
export function compileFilter(input: unknown, options?: CompileOptions): (record: unknown) => boolean {
  return compileNode(toFilterNode(input, options), options);
}
