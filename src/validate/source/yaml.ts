import { isAlias, isMap, isPair, isScalar, isSeq, LineCounter, type Node, parseDocument } from 'yaml';
import { pointer } from '../../errors.js';
import { MAX_NESTING, type ParsedSource, type SourceProblem } from './json.js';
import { SourcePositions } from './positions.js';

function keyString(key: unknown): string {
  if (isScalar(key)) return String(key.value);
  return String(key);
}

/** Most values a YAML document may stand for once its aliases are expanded (far above any policy). */
export const MAX_EXPANDED_NODES = 200_000;

/**
 * How many values `node` stands for with its aliases expanded, counted up to a little past `cap`: the
 * size of each anchored node is computed once (an alias then costs a lookup), and the count stops as
 * soon as it passes the cap. Explicit stacks, no recursion.
 */
function expandedSize(root: unknown, doc: ReturnType<typeof parseDocument>, cap: number): number {
  const sizes = new Map<unknown, number>();
  const open = new Set<unknown>();
  const sizeOf = (start: unknown): number => {
    // Post-order over the node's children; an alias counts as its resolved target's size.
    const stack: Array<{ node: unknown; done: boolean }> = [{ node: start, done: false }];
    while (stack.length > 0) {
      const top = stack[stack.length - 1]!;
      const node = isAlias(top.node) ? top.node.resolve(doc) : top.node;
      if (sizes.has(node)) {
        stack.pop();
        continue;
      }
      if (!top.done && open.has(node)) {
        // An alias inside its own anchor: the value would be infinite.
        sizes.set(node, cap + 1);
        stack.pop();
        continue;
      }
      const children = isMap(node)
        ? node.items.flatMap((pair) => (isPair(pair) ? [pair.key, pair.value] : []))
        : isSeq(node)
          ? node.items
          : [];
      if (!top.done) {
        top.done = true;
        open.add(node);
        for (const child of children)
          if (child !== null && child !== undefined) stack.push({ node: child, done: false });
        continue;
      }
      stack.pop();
      open.delete(node);
      let size = 1;
      for (const child of children) {
        if (child === null || child === undefined) continue;
        size += sizes.get(isAlias(child) ? child.resolve(doc) : child) ?? 1;
        if (size > cap) break;
      }
      sizes.set(node, Math.min(size, cap + 1));
    }
    return sizes.get(isAlias(start) ? start.resolve(doc) : start) ?? 1;
  };
  return sizeOf(root);
}

/** Records the offset of every node by JSON pointer (aliases are followed to their anchor's node). */
function walk(
  node: unknown,
  at: string,
  positions: SourcePositions,
  doc: ReturnType<typeof parseDocument>,
  depth: number,
  keyOffset?: number,
): void {
  if (depth > MAX_NESTING) return;
  let target = node;
  if (isAlias(target)) target = target.resolve(doc);
  const own = node as Node | null;
  const start = own?.range?.[0] ?? (target as Node | null)?.range?.[0];
  if (start !== undefined) {
    positions.set(at, keyOffset === undefined ? { value: start } : { value: start, key: keyOffset });
  }
  if (isMap(target)) {
    for (const pair of target.items) {
      if (!isPair(pair)) continue;
      const key = pair.key as Node | null;
      const child = pointer(at, keyString(pair.key));
      const keyStart = key?.range?.[0];
      // A key without a value (`a:`) has no value node: point at the key.
      if (pair.value === null) {
        if (keyStart !== undefined) positions.set(child, { value: keyStart, key: keyStart });
      } else walk(pair.value, child, positions, doc, depth + 1, keyStart);
    }
  } else if (isSeq(target)) {
    target.items.forEach((item, i) => {
      walk(item, pointer(at, i), positions, doc, depth + 1);
    });
  }
}

/**
 * The JSON pointer of every key that repeats an earlier key of its mapping, by the key's offset (where
 * the parser reports the duplicate). Iterative, and aliases are not followed: a duplicate is reported
 * where it is written.
 */
function duplicateKeyPointers(root: unknown): Map<number, string> {
  const out = new Map<number, string>();
  const stack: [unknown, string, number][] = [[root, '', 0]];
  while (stack.length > 0) {
    const [node, at, depth] = stack.pop()!;
    if (depth > MAX_NESTING) continue;
    if (isMap(node)) {
      const seen = new Set<string>();
      for (const pair of node.items) {
        if (!isPair(pair)) continue;
        const name = keyString(pair.key);
        const child = pointer(at, name);
        const start = (pair.key as Node | null)?.range?.[0];
        if (seen.has(name) && start !== undefined) out.set(start, child);
        seen.add(name);
        stack.push([pair.value, child, depth + 1]);
      }
    } else if (isSeq(node)) {
      node.items.forEach((item, i) => {
        stack.push([item, pointer(at, i), depth + 1]);
      });
    }
  }
  return out;
}

/** The last reference token of a JSON pointer, unescaped (`~1` is `/`, `~0` is `~`). */
function unescapePointerTail(at: string): string {
  return at
    .slice(at.lastIndexOf('/') + 1)
    .replace(/~1/g, '/')
    .replace(/~0/g, '~');
}

function depthOf(value: unknown): number {
  // Iterative, so a hostile nesting cannot overflow the stack here.
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (d > max) max = d;
    if (d > MAX_NESTING) return d;
    if (typeof v === 'object' && v !== null) {
      for (const child of Object.values(v)) stack.push([child, d + 1]);
    }
  }
  return max;
}

/**
 * Reads YAML 1.2 text (core schema) with unique keys enforced, keeping the position of every node.
 * Never throws.
 */
export function parseYamlSource(text: string): ParsedSource {
  const positions = new SourcePositions(text);
  const problems: SourceProblem[] = [];
  const lineCounter = new LineCounter();
  let doc: ReturnType<typeof parseDocument>;
  try {
    doc = parseDocument(text, { lineCounter, uniqueKeys: true, prettyErrors: false, version: '1.2' });
  } catch (error) {
    return {
      positions,
      problems: [
        {
          code: 'SYNTAX_ERROR',
          severity: 'error',
          offset: 0,
          path: '',
          message: `invalid YAML: ${String(error)}`,
        },
      ],
    };
  }
  const duplicates = doc.errors.some((e) => e.code === 'DUPLICATE_KEY')
    ? duplicateKeyPointers(doc.contents)
    : new Map<number, string>();
  for (const e of doc.errors) {
    const at = e.code === 'DUPLICATE_KEY' ? duplicates.get(e.pos[0]) : undefined;
    problems.push(
      at === undefined
        ? {
            code: e.code === 'DUPLICATE_KEY' ? 'DUPLICATE_KEY' : 'SYNTAX_ERROR',
            severity: 'error',
            offset: e.pos[0],
            path: '',
            message: `invalid YAML: ${e.message.split('\n')[0]}`,
          }
        : {
            code: 'DUPLICATE_KEY',
            severity: 'error',
            offset: e.pos[0],
            path: at,
            message: `duplicate key "${unescapePointerTail(at)}" at ${at}: YAML parsers silently keep only the last`,
          },
    );
  }
  for (const w of doc.warnings) {
    problems.push({
      code: 'YAML_WARNING',
      severity: 'warning',
      offset: w.pos[0],
      path: '',
      message: w.message.split('\n')[0] ?? w.message,
    });
  }
  // A duplicate key leaves a readable document (the last value wins), so the other checks still run,
  // as they do for JSON: every problem in one pass.
  if (problems.some((p) => p.severity === 'error' && p.code !== 'DUPLICATE_KEY'))
    return { positions, problems };
  // Aliases repeat their anchor's nodes: a few kilobytes can stand for millions of values, each then
  // read, positioned and checked. `maxAliasCount` bounds aliases nested in aliases, not a wide anchor
  // repeated, so the expanded size is counted first.
  const expanded = expandedSize(doc.contents, doc, MAX_EXPANDED_NODES);
  if (expanded > MAX_EXPANDED_NODES) {
    problems.push({
      code: 'SYNTAX_ERROR',
      severity: 'error',
      offset: 0,
      path: '',
      message: `the YAML document's aliases expand to more than ${MAX_EXPANDED_NODES.toLocaleString('en-US')} values; write the repeated parts out or use fewer aliases`,
    });
    return { positions, problems };
  }
  let value: unknown;
  try {
    value = doc.toJS({ maxAliasCount: 100 });
  } catch (error) {
    // Alias expansion beyond the limit ("billion laughs"), or nesting deep enough to exhaust the stack.
    problems.push({
      code: 'SYNTAX_ERROR',
      severity: 'error',
      offset: 0,
      path: '',
      message: `the YAML document cannot be read: ${(error as Error)?.message ?? String(error)}`,
    });
    return { positions, problems };
  }
  if (depthOf(value) > MAX_NESTING) {
    problems.push({
      code: 'TOO_DEEP',
      severity: 'error',
      offset: 0,
      path: '',
      message: `nesting deeper than ${MAX_NESTING} levels`,
    });
    return { positions, problems };
  }
  walk(doc.contents, '', positions, doc, 0);
  return { value, positions, problems };
}
