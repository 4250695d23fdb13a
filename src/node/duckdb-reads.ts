import { ARRAY_ANY } from '../ast/nodes.js';

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

/**
 * The trie of `paths` (`filterPaths`' segments, `__svcArrayAny__` for a selector's elements), each
 * read whole at its end, by top-level field. A path that starts with a selector reads nothing: a
 * record is an object, which a selector selects nothing of.
 */
export function readTrie(paths: readonly (readonly string[])[]): Map<string, ReadTrie> {
  const fields = new Map<string, ReadTrie>();
  for (const path of paths) {
    if (path.length === 0 || path[0] === ARRAY_ANY) continue;
    let t: ReadTrie | undefined;
    for (const segment of path) {
      if (t !== undefined && segment === ARRAY_ANY) t = t.any ??= node();
      else {
        const map: Map<string, ReadTrie> = t === undefined ? fields : t.keys;
        const next = map.get(segment) ?? node();
        map.set(segment, next);
        t = next;
      }
    }
    t!.whole = true;
  }
  return fields;
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
