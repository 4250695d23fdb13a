import type { FilterNode } from '../ast/nodes.js';

/**
 * What the DuckDB engine reads of each record: the paths its filters read, as a trie per top-level
 * field, which gives DuckDB's reader the type to parse each field into and the checks for a key twice.
 */

export interface ReadTrie {
  /** Read as a value (compared, tested), not only walked through. */
  whole: boolean;
  readonly keys: Map<string, ReadTrie>;
  /** The elements, read through a selector. */
  any: ReadTrie | undefined;
}

const node = (): ReadTrie => ({ whole: false, keys: new Map(), any: undefined });

/** Adds what `filter` reads to `fields` (the record's top-level fields), or below `at` (an element). */
export function addReads(filter: FilterNode, fields: Map<string, ReadTrie>, at?: ReadTrie): void {
  for (const clause of filter.clauses) {
    switch (clause.kind) {
      case 'field': {
        let t = at;
        for (const step of clause.path) {
          if (step.kind === 'key') {
            const map = t === undefined ? fields : t.keys;
            const next = map.get(step.key) ?? node();
            map.set(step.key, next);
            t = next;
          } else if (t === undefined) {
            // A selector on the record itself, an object: it selects nothing, so reads nothing.
            break;
          } else {
            t.any ??= node();
            t = t.any;
          }
        }
        if (t === undefined) break;
        if (clause.operators.length === 0) t.whole = true;
        for (const op of clause.operators) {
          // `$elemMatch` reads the element's own paths; `{}` matches any element, read whole.
          if (op.kind === 'elemMatch' && op.filter.clauses.length > 0) addReads(op.filter, fields, t);
          else t.whole = true;
        }
        break;
      }
      case 'not':
        addReads(clause.filter, fields, at);
        break;
      case 'and':
      case 'or':
        for (const f of clause.filters) addReads(f, fields, at);
        break;
    }
  }
}

/** Adds a path of keys read whole (the kind field). */
export function addKeys(keys: readonly string[], fields: Map<string, ReadTrie>): void {
  let map = fields;
  let t: ReadTrie | undefined;
  for (const key of keys) {
    t = map.get(key) ?? node();
    map.set(key, t);
    map = t.keys;
  }
  if (t !== undefined) t.whole = true;
}

/** Whether DuckDB's reader parses the value into a `STRUCT` or a list (an object or an array only). */
const narrowed = (t: ReadTrie): boolean => !t.whole && t.keys.size > 0 !== (t.any !== undefined);

/**
 * The type DuckDB's reader gives a field: `JSON` where a value is read whole, else a `STRUCT` of the
 * keys read below it or a list of its elements, so that the reader parses nothing else; a record
 * whose value there is of another type (null aside) fails the read, as does a key twice in a `STRUCT`
 * (then the file is read exactly, see `evaluateFileWithDuckdb`).
 */
export function readType(t: ReadTrie): string {
  if (!narrowed(t)) return 'JSON';
  if (t.any !== undefined) return `${readType(t.any)}[]`;
  return `STRUCT(${[...t.keys].map(([k, below]) => `"${k.replace(/"/g, '""')}" ${readType(below)}`).join(', ')})`;
}

export const jsonPath = (keys: readonly string[]): string =>
  `$${keys.map((k) => `.${JSON.stringify(k)}`).join('')}`;

/**
 * SQL that is true when the JSON `value` holds a key twice where `t` reads below it: among the keys
 * read of an object on the way, or of an element of a selected array. JSON.parse keeps a key's last
 * value and DuckDB's `json_extract` its first, so such a record is refused, never read otherwise.
 * With `reader`, the value was parsed by DuckDB's reader, which refuses a key twice in what it narrows
 * itself. `bind` binds a text parameter; undefined when nothing needs checking.
 */
export function keyTwiceSql(
  value: string,
  t: ReadTrie,
  bind: (text: string) => string,
  reader: boolean,
  depth = 0,
): string | undefined {
  const checked = reader && narrowed(t);
  if (!needsCheck(t, reader)) return undefined;
  const parts: string[] = [];
  if (t.keys.size > 0) {
    if (!checked) {
      const k = `svc_k${depth}`;
      const among = `CAST(CAST(${bind(JSON.stringify([...t.keys.keys()]))} AS JSON) AS VARCHAR[])`;
      const read = `list_filter(json_keys(${value}), lambda ${k}: list_contains(${among}, ${k}))`;
      parts.push(`len(${read}) <> len(list_distinct(${read}))`);
    }
    for (const [key, below] of t.keys) {
      if (!needsCheck(below, checked)) continue;
      const inner = keyTwiceSql(
        `json_extract(${value}, ${bind(jsonPath([key]))})`,
        below,
        bind,
        checked,
        depth + 1,
      );
      if (inner !== undefined) parts.push(inner);
    }
  }
  if (t.any !== undefined) {
    const e = `svc_e${depth}`;
    const inner = keyTwiceSql(e, t.any, bind, checked, depth + 1);
    if (inner !== undefined)
      parts.push(
        `COALESCE(list_bool_or(list_transform(CAST((CASE WHEN json_type(${value}) = 'ARRAY' THEN ${value} END) AS JSON[]), lambda ${e}: ${inner})), FALSE)`,
      );
  }
  return parts.length === 0 ? undefined : parts.map((p) => `(${p})`).join(' OR ');
}

/** Whether `keyTwiceSql` has anything to check below `t` (so that no parameter is bound in vain). */
function needsCheck(t: ReadTrie, reader: boolean): boolean {
  const checked = reader && narrowed(t);
  return (
    (t.keys.size > 0 && !checked) ||
    [...t.keys.values()].some((below) => needsCheck(below, checked)) ||
    (t.any !== undefined && needsCheck(t.any, checked))
  );
}
