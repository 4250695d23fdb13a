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

/** Words that end a FROM clause at their level (`ON`/`USING` start expressions, counted as such). */
const FROM_ENDS = new Set([
  'WHERE',
  'GROUP',
  'HAVING',
  'ORDER',
  'LIMIT',
  'WINDOW',
  'UNION',
  'EXCEPT',
  'INTERSECT',
  'ON',
  'USING',
  'SELECT',
]);

/**
 * The bounds of `sql` (see the module comment).
 *
 * `nested` follows SQLite: the height of a `SELECT` is that of its expressions, not of its FROM clause
 * (`heightOfSelect`), and FROM-clause subqueries and table-valued function arguments are resolved
 * before the `SELECT`'s own expressions, so they add up with the expressions around that `SELECT`
 * only. `height` still counts everything, for the databases that recurse through it all.
 *
 * @example
 * sqlHeight('(NOT ("a" = ?1))'); // { height: 3, nested: 3, parentheses: 2 }
 */
export function sqlHeight(sql: string): SqlHeight {
  // Per open parenthesis: operators met at its level (a call starts at one), the tallest group inside
  // (and the tallest outside a FROM clause), the largest sum of subquery heights inside its
  // expressions, the largest check inside its FROM clause, whether a SELECT starts at this level,
  // whether a FROM clause is open at it, and whether the group itself opened in its parent's FROM.
  const ops: number[] = [0];
  const tallest: number[] = [0];
  const tallestExpr: number[] = [0];
  const inner: number[] = [0];
  const fromMax: number[] = [0];
  const select: boolean[] = [false];
  const inFrom: boolean[] = [false];
  const fromChild: boolean[] = [false];
  let deepest = 0;
  let lastWasWord = false;
  let lastWord = '';
  const n = sql.length;
  let i = 0;
  const open = (call: boolean, inParentFrom: boolean): void => {
    ops.push(call ? 1 : 0);
    tallest.push(0);
    tallestExpr.push(0);
    inner.push(0);
    fromMax.push(0);
    select.push(false);
    inFrom.push(false);
    fromChild.push(inParentFrom);
  };
  const close = (): void => {
    const o = ops.pop() ?? 0;
    const h = o + (tallest.pop() ?? 0);
    const hx = o + (tallestExpr.pop() ?? 0);
    const exprSum = (inner.pop() ?? 0) + (select.pop() ? hx : 0);
    const sum = Math.max(exprSum, fromMax.pop() ?? 0);
    inFrom.pop();
    const wasFrom = fromChild.pop() ?? false;
    if (ops.length === 0) {
      // Unbalanced text is not SQL this library writes; count it as flat.
      open(false, false);
    }
    const top = ops.length - 1;
    if (h > tallest[top]!) tallest[top] = h;
    if (wasFrom) {
      // Resolved with the expressions around its SELECT only: its own height, or a sum inside it.
      fromMax[top] = Math.max(fromMax[top]!, sum, hx);
    } else {
      if (hx > tallestExpr[top]!) tallestExpr[top] = hx;
      if (sum > inner[top]!) inner[top] = sum;
    }
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
      lastWord = '';
      continue;
    }
    if (c === 0x28) {
      // A call is a node of its own above its arguments.
      open(lastWasWord, inFrom[inFrom.length - 1]!);
      if (ops.length - 1 > deepest) deepest = ops.length - 1;
      lastWasWord = false;
      lastWord = '';
      i++;
      continue;
    }
    if (c === 0x29) {
      close();
      lastWasWord = true;
      lastWord = '';
      i++;
      continue;
    }
    if (isWordChar(c)) {
      const start = i;
      while (i < n && isWordChar(sql.charCodeAt(i))) i++;
      const word = sql.slice(start, i).toUpperCase();
      const top = ops.length - 1;
      // A FROM clause of a SELECT at this level (not `IS DISTINCT FROM`), open until a word ends it.
      if ((word === 'FROM' || word === 'JOIN') && select[top] && lastWord !== 'DISTINCT') inFrom[top] = true;
      else if (FROM_ENDS.has(word)) inFrom[top] = false;
      if (OPERATOR_WORDS.has(word)) {
        ops[top]!++;
        if (word === 'SELECT') select[top] = true;
        lastWasWord = false;
      } else {
        lastWasWord = true;
      }
      lastWord = word;
      continue;
    }
    if (isSymbolChar(c)) {
      while (i < n && isSymbolChar(sql.charCodeAt(i))) i++;
      ops[ops.length - 1]!++;
      lastWasWord = false;
      lastWord = '';
      continue;
    }
    // Spaces, commas, dots, `?` of placeholders: no node of their own.
    if (c === 0x3f) lastWasWord = true;
    else if (c !== 0x20 && c !== 0x2e) lastWasWord = false;
    if (c !== 0x20) lastWord = '';
    i++;
  }
  while (ops.length > 1) close();
  const height = ops[0]! + tallest[0]! + 1;
  const nested = Math.max(ops[0]! + tallestExpr[0]! + 1 + inner[0]!, fromMax[0]!);
  return { height, nested, parentheses: deepest };
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
