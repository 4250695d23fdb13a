import { assertNever, type FilterNode, LOGICAL_NAMES, OPERATOR_NAMES } from '../../ast/nodes.js';
import { FilterError, pointer, showPointer } from '../../errors.js';
import { printPath } from '../../parse/path.js';
import type { ExpressionLimits } from './types.js';

/**
 * An upper bound of the height of the expression tree a database builds from generated SQL, computed
 * from the text in one pass. SQLite refuses an expression taller than 1,000 nodes ("Expression tree
 * is too large"); PostgreSQL runs out of stack on tall expressions. The compiler turns such SQL into a
 * typed `UNSUPPORTED` error before any database sees it.
 *
 * The bound: parentheses make no node, but everything inside a pair hangs below the operators
 * around it. Every operator token (keyword or symbol) at one level of parentheses is at most one node
 * on any path down through that level, and a function call (a name before `(`) is one more; a leaf is
 * one node. So the height is at most, along the deepest nesting of parentheses, the sum of the
 * operators met at each level, plus one. Values are parameters, so the only quoted text is
 * identifiers ("…") and the short literals the dialects write ('…', x'…'), which the scan skips.
 */

const OPERATOR_WORDS = new Set([
  'AND',
  'OR',
  'NOT',
  'IS',
  'IN',
  'LIKE',
  'GLOB',
  'ESCAPE',
  'COLLATE',
  'CASE',
  'WHEN',
  'THEN',
  'ELSE',
  'EXISTS',
  'CAST',
  'BETWEEN',
  'SELECT',
  'WHERE',
  'UNION',
  'OVER',
  'FILTER',
  'ANY',
  'ALL',
]);

const isWordChar = (c: number): boolean =>
  (c >= 0x30 && c <= 0x39) ||
  (c >= 0x41 && c <= 0x5a) ||
  (c >= 0x61 && c <= 0x7a) ||
  c === 0x5f ||
  c === 0x24;

/** Characters that make (part of) an operator symbol: = < > ! | + - * / % ~ & : @ # ^ (`::`, `->>`, `#>>`). */
const isSymbolChar = (c: number): boolean =>
  c === 0x3d ||
  c === 0x3c ||
  c === 0x3e ||
  c === 0x21 ||
  c === 0x7c ||
  c === 0x2b ||
  c === 0x2d ||
  c === 0x2a ||
  c === 0x2f ||
  c === 0x25 ||
  c === 0x7e ||
  c === 0x26 ||
  c === 0x3a ||
  c === 0x40 ||
  c === 0x23 ||
  c === 0x5e;

/** What {@link sqlHeight} measures. */
export interface SqlHeight {
  /** The bound on the height of the expression tree. */
  readonly height: number;
  /**
   * SQLite checks each expression it resolves against its limit together with the heights of the
   * expressions around the subquery it sits in (`Parse.nHeight`): the heights of the expressions of
   * the nested subqueries add up. This is that sum, along the deepest nesting (the height when there is
   * no subquery).
   */
  readonly nested: number;
  /** The deepest nesting of parentheses, which a parser's stack grows with. */
  readonly parentheses: number;
}

/**
 * The bounds of `sql` (see the module comment).
 *
 * @example
 * sqlHeight('(NOT ("a" = ?1))'); // { height: 3, nested: 3, parentheses: 2 }
 */
export function sqlHeight(sql: string): SqlHeight {
  // Per open parenthesis: operators met at its level (a call starts at one), the tallest group inside,
  // the largest sum of subquery heights inside, and whether a SELECT starts at this level.
  const ops: number[] = [0];
  const tallest: number[] = [0];
  const inner: number[] = [0];
  const select: boolean[] = [false];
  let deepest = 0;
  let lastWasWord = false;
  const n = sql.length;
  let i = 0;
  const close = (): void => {
    const h = (ops.pop() ?? 0) + (tallest.pop() ?? 0);
    const sum = (inner.pop() ?? 0) + (select.pop() ? h : 0);
    if (ops.length === 0) {
      // Unbalanced text is not SQL this library writes; count it as flat.
      ops.push(0);
      tallest.push(0);
      inner.push(0);
      select.push(false);
    }
    const top = ops.length - 1;
    if (h > tallest[top]!) tallest[top] = h;
    if (sum > inner[top]!) inner[top] = sum;
  };
  while (i < n) {
    const c = sql.charCodeAt(i);
    if (c === 0x27 || c === 0x22) {
      // A quoted literal or identifier; a doubled quote is the quote itself.
      i++;
      while (i < n) {
        if (sql.charCodeAt(i) === c) {
          if (i + 1 < n && sql.charCodeAt(i + 1) === c) i += 2;
          else break;
        } else i++;
      }
      i++;
      lastWasWord = true;
      continue;
    }
    if (c === 0x28) {
      // A call is a node of its own above its arguments.
      ops.push(lastWasWord ? 1 : 0);
      tallest.push(0);
      inner.push(0);
      select.push(false);
      if (ops.length - 1 > deepest) deepest = ops.length - 1;
      lastWasWord = false;
      i++;
      continue;
    }
    if (c === 0x29) {
      close();
      lastWasWord = true;
      i++;
      continue;
    }
    if (isWordChar(c)) {
      const start = i;
      while (i < n && isWordChar(sql.charCodeAt(i))) i++;
      const word = sql.slice(start, i).toUpperCase();
      if (OPERATOR_WORDS.has(word)) {
        ops[ops.length - 1]!++;
        if (word === 'SELECT') select[select.length - 1] = true;
        lastWasWord = false;
      } else {
        lastWasWord = true;
      }
      continue;
    }
    if (isSymbolChar(c)) {
      while (i < n && isSymbolChar(sql.charCodeAt(i))) i++;
      ops[ops.length - 1]!++;
      lastWasWord = false;
      continue;
    }
    // Spaces, commas, dots, `?` of placeholders: no node of their own.
    if (c === 0x3f) lastWasWord = true;
    else if (c !== 0x20 && c !== 0x2e) lastWasWord = false;
    i++;
  }
  while (ops.length > 1) close();
  const height = ops[0]! + tallest[0]! + 1;
  return { height, nested: height + inner[0]!, parentheses: deepest };
}

/** Where a filter nests deepest, as its SQL will. */
export interface FilterNesting {
  /** The most subqueries (a selector in a path, an `$elemMatch`) nested one inside another. */
  readonly subqueries: number;
  /** The JSON pointer of the field clause where they nest the most. */
  readonly subqueriesAt: string;
  /** The JSON pointer of the field clause nested deepest (logical operators and subqueries). */
  readonly deepestAt: string;
}

/**
 * How deep `node`'s SQL will nest, from the AST, before any SQL is built: the compiler refuses a
 * filter past a dialect's subquery nesting without building (and recursing through) all of it.
 *
 * @example
 * filterNesting(parseFilter({ 'a$.__svcArrayAny__$.b$.__svcArrayAny__': { $eq: 1 } }), '');
 * // { subqueries: 2, subqueriesAt: '/a$.__svcArrayAny__$.b$.__svcArrayAny__', deepestAt: … }
 */
export function filterNesting(node: FilterNode, at: string): FilterNesting {
  let subqueries = 0;
  let subqueriesAt = at;
  let levels = -1;
  let deepestAt = at;
  // An explicit stack: a filter may be nested up to the parser's maxDepth, and SQL to each level.
  const stack: Array<{ node: FilterNode; at: string; subqueries: number; levels: number }> = [
    { node, at, subqueries: 0, levels: 0 },
  ];
  while (stack.length > 0) {
    const top = stack.pop()!;
    for (const clause of top.node.clauses) {
      switch (clause.kind) {
        case 'field': {
          const where = pointer(top.at, printPath(clause.path));
          let selectors = top.subqueries;
          for (const step of clause.path) if (step.kind === 'any') selectors++;
          if (selectors > subqueries) {
            subqueries = selectors;
            subqueriesAt = where;
          }
          if (top.levels + selectors > levels) {
            levels = top.levels + selectors;
            deepestAt = where;
          }
          for (const op of clause.operators) {
            if (op.kind === 'elemMatch') {
              const inner = pointer(where, OPERATOR_NAMES.elemMatch);
              stack.push({ node: op.filter, at: inner, subqueries: selectors, levels: top.levels + 1 });
            }
          }
          break;
        }
        case 'and':
        case 'or':
          clause.filters.forEach((f, i) => {
            stack.push({
              node: f,
              at: pointer(top.at, LOGICAL_NAMES[clause.kind], i),
              subqueries: top.subqueries,
              levels: top.levels + 1,
            });
          });
          break;
        case 'not':
          stack.push({
            node: clause.filter,
            at: pointer(top.at, LOGICAL_NAMES.not),
            subqueries: top.subqueries,
            levels: top.levels + 1,
          });
          break;
        default:
          assertNever(clause, 'clause');
      }
    }
  }
  return { subqueries, subqueriesAt, deepestAt };
}

/** The typed refusal of SQL nested deeper than a dialect runs (docs/sql.md, "Expression depth"). */
export function tooDeep(dialect: string, limits: ExpressionLimits, at: string, what: string): FilterError {
  return new FilterError(
    'UNSUPPORTED',
    at,
    `the ${dialect} SQL of this filter ${what}, past ${limits.name}; the deepest place is ${showPointer(at)}`,
  );
}
