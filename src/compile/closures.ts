import { assertNever, type ClauseNode, type FilterNode } from '../ast/nodes.js';
import { compileOperators, readsDates } from './operators.js';
import { compilePath, type Predicate } from './path.js';

const always: Predicate = () => true;

/** @internal A predicate holding when every one of `preds` holds (the first that fails stops it). */
export function all(preds: readonly Predicate[]): Predicate {
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

function compileClause(clause: ClauseNode, asOf: number): Predicate {
  const compile = (node: FilterNode) => compileClosures(node, asOf);
  switch (clause.kind) {
    case 'field': {
      const ops = clause.operators;
      const op = ops[0]!;
      return compilePath(
        clause.path,
        compileOperators(ops, compile, asOf),
        readsDates(ops),
        // A lone `$eq` of a scalar is compared inline by compilePath, where no Date can equal it.
        ops.length === 1 && op.kind === 'eq' && op.value !== null ? op.value : undefined,
      );
    }
    case 'and':
      return all(clause.filters.map(compile));
    case 'or':
      return any(clause.filters.map(compile));
    case 'not': {
      const inner = compile(clause.filter);
      return (r) => !inner(r);
    }
    default:
      return assertNever(clause, 'clause node');
  }
}

/**
 * The closure compiler: a validated AST composed into closures, all work done here, none per call;
 * `asOf` is the instant (ms) its `$now` operands count from.
 */
export function compileClosures(node: FilterNode, asOf = Number.NaN): Predicate {
  return all(node.clauses.map((c) => compileClause(c, asOf)));
}
