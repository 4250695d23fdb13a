/**
 * Which parts of a record to decode: `true` decodes the whole value; a selection decodes, of an object,
 * only the keys it names, and of an array, each element under `any` (the `__svcArrayAny__` segment of a
 * path) or none. Built from the paths a run reads ({@link selectionOf}); read by scan.ts.
 */
export type Selection = true | { readonly keys: ReadonlyMap<string, Selection>; readonly any?: Selection };

const ANY = '__svcArrayAny__';

/** The selection that decodes every one of `paths` (segments of field paths) and nothing else. */
export function selectionOf(paths: Iterable<readonly string[]>): Selection {
  interface Node {
    whole: boolean;
    keys: Map<string, Node>;
    any: Node | undefined;
  }
  const node = (): Node => ({ whole: false, keys: new Map(), any: undefined });
  const root = node();
  for (const path of paths) {
    let at = root;
    for (const segment of path) {
      if (at.whole) break;
      if (segment === ANY) at = at.any ??= node();
      else {
        let next = at.keys.get(segment);
        if (next === undefined) {
          next = node();
          at.keys.set(segment, next);
        }
        at = next;
      }
    }
    at.whole = true;
  }
  const freezeNode = (n: Node): Selection => {
    if (n.whole) return true;
    const keys = new Map([...n.keys].map(([k, v]) => [k, freezeNode(v)]));
    return n.any === undefined ? { keys } : { keys, any: freezeNode(n.any) };
  };
  // The record itself is always an object whose selected keys are read, never a leaf.
  const top = freezeNode(root);
  return top === true ? { keys: new Map() } : top;
}

/** A selection for bytes: each object node's keys as UTF-8 (to compare with a key's raw bytes). */
export type ByteSelection = true | ByteNode;
export interface ByteNode {
  readonly names: readonly Uint8Array[];
  readonly keys: readonly string[];
  readonly subs: readonly ByteSelection[];
  readonly byName: ReadonlyMap<string, ByteSelection>;
  /** The indexes of the keys of each UTF-8 length (most of a record's keys match no length here). */
  readonly byLength: readonly (readonly number[] | undefined)[];
  readonly any: ByteSelection | undefined;
}

const encoder = new TextEncoder();

/** A {@link Selection} for bytes (scan.ts): each key also as its UTF-8, indexed by length. */
export function byteSelection(selection: Selection): ByteSelection {
  if (selection === true) return true;
  const keys = [...selection.keys.keys()];
  const subs = keys.map((k) => byteSelection(selection.keys.get(k)!));
  const names = keys.map((k) => encoder.encode(k));
  const byLength: number[][] = [];
  names.forEach((name, i) => {
    byLength[name.length] ??= [];
    byLength[name.length]!.push(i);
  });
  return {
    names,
    byLength,
    keys,
    subs,
    byName: new Map(keys.map((k, i) => [k, subs[i]!])),
    any: selection.any === undefined ? undefined : byteSelection(selection.any),
  };
}
