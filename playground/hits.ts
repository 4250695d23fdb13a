/**
 * What to highlight in a row, from the library's explanation of a filter: the JSON pointers (`values[].at`)
 * of the values that made it hold, and of every value it read (for the table's columns).
 */
import type { ClauseExplanation, FilterExplanation } from '../src/index.js';

/**
 * The values that made a filter hold: for a field, each value read for which its operators held (the
 * elements of a selector path that matched; inside an `$elemMatch`, the values its filter held on);
 * every filter of an `$and`; only the filters of an `$or` that held; everything a `$not` read, since
 * those values made its filter fail. Empty when the filter does not hold.
 *
 * @example
 * decisive(explanation); // ['/technology', '/details/kubernetes/nodes/1/version']
 */
export function decisive(filter: FilterExplanation): string[] {
  const out = new Set<string>();
  if (filter.held) for (const clause of filter.clauses) decisiveClause(clause, out);
  return [...out];
}

function decisiveClause(clause: ClauseExplanation, out: Set<string>): void {
  switch (clause.kind) {
    case 'field':
      for (const value of clause.values) {
        if (!value.held) continue;
        const inner = value.elemMatch;
        if (inner !== undefined && inner.clauses.length > 0) for (const at of decisive(inner)) out.add(at);
        else out.add(value.at);
      }
      return;
    case 'and':
    case 'or':
      for (const filter of clause.filters) for (const at of decisive(filter)) out.add(at);
      return;
    case 'not':
      for (const at of read(clause.filter)) out.add(at);
      return;
  }
}

/**
 * Every value a filter read, found or not.
 *
 * @example
 * read(explanation); // ['/technology', '/region']
 */
export function read(filter: FilterExplanation): string[] {
  const out: string[] = [];
  const stack: FilterExplanation[] = [filter];
  while (stack.length > 0) {
    for (const clause of stack.pop()!.clauses) {
      if (clause.kind === 'field') {
        for (const value of clause.values) {
          out.push(value.at);
          if (value.elemMatch !== undefined) stack.push(value.elemMatch);
        }
      } else if (clause.kind === 'not') stack.push(clause.filter);
      else for (const f of clause.filters) stack.push(f);
    }
  }
  return out;
}

/**
 * The top-level field a JSON pointer starts with (`/details/postgres/x` → `details`).
 *
 * @example
 * topField('/a~1b/c'); // 'a/b'
 */
export function topField(at: string): string {
  const token = at.split('/')[1] ?? '';
  return token.replace(/~1/g, '/').replace(/~0/g, '~');
}
