import { toFilterNode } from '../ast/node-input.js';
import { assertNever, type ClauseNode, type FilterNode } from '../ast/nodes.js';
import type { ParseOptions } from '../parse/filter.js';
import { compileOperators } from './operators.js';
import { compilePath, type Predicate } from './path.js';

/** Options of {@link compileFilter}. */
export interface CompileOptions extends ParseOptions {}

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

function compileClause(clause: ClauseNode): Predicate {
  switch (clause.kind) {
    case 'field':
      return compilePath(clause.path, compileOperators(clause.operators));
    case 'and':
      return all(clause.filters.map(compileNode));
    case 'or':
      return any(clause.filters.map(compileNode));
    case 'not': {
      const inner = compileNode(clause.filter);
      return (r) => !inner(r);
    }
    default:
      return assertNever(clause, 'clause node');
  }
}

/** Compiles a validated AST. */
export function compileNode(node: FilterNode): Predicate {
  return all(node.clauses.map(compileClause));
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
  return compileNode(toFilterNode(input, options));
}
