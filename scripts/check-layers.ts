import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

/**
 * Checks the layers of src/ (each folder imports only from its own layer and those below it) and that
 * no two folders, and no two files, import each other through a cycle. Type-only imports count: a type
 * is as much a dependency as a value. `npm run check:layers` runs it, and test/unit/layers.test.ts.
 */

/** The layers, lowest first; a folder (or top-level file) of src/ belongs to exactly one. */
export const LAYERS: readonly (readonly string[])[] = [
  ['builtins', 'bounded-cache', 'errors', 'limits'],
  ['ast'],
  ['semantics'],
  ['parse'],
  ['resources'],
  ['typed'],
  ['compile'],
  ['policy', 'inventory', 'query', 'sample'],
  ['targets/sql', 'targets/mongo'],
  ['validate'],
  ['node'],
  ['cli'],
  ['index', 'sql', 'mongo', 'validate.ts', 'node.ts', 'cli.ts'],
];

/** An import of one src file by another, both relative to src/ (`parse/filter.ts`). */
export interface Edge {
  readonly from: string;
  readonly to: string;
}

/** The room of a file: its folder under src/ (two levels under targets/), or the top-level file's name. */
export function roomOf(file: string): string {
  const parts = file.split('/');
  if (parts.length === 1) {
    const name = parts[0]!.replace(/\.ts$/, '');
    // An entry point named like a folder (validate.ts beside validate/) is a room of its own.
    return ['validate', 'node', 'cli'].includes(name) ? `${name}.ts` : name;
  }
  if (parts[0] === 'targets') return `${parts[0]}/${parts[1]}`;
  return parts[0]!;
}

export function layerOf(room: string): number {
  return LAYERS.findIndex((rooms) => rooms.includes(room));
}

/** Every relative import (static, re-export or dynamic) of every .ts file under `src`. */
export function collectEdges(src: string): Edge[] {
  const edges: Edge[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) {
        // Comments left out: an example in a doc comment imports nothing.
        const text = readFileSync(path, 'utf8')
          .replace(/\/\*[\s\S]*?\*\//g, '')
          .replace(/^\s*\/\/.*$/gm, '');
        for (const m of text.matchAll(
          /(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g,
        )) {
          const spec = (m[1] ?? m[2])!;
          if (!spec.startsWith('.')) continue;
          const to = relative(src, resolve(dirname(path), spec.replace(/\.js$/, '.ts')));
          // Data outside src/ (the JSON Schema) is no layer's code.
          if (!to.startsWith('..')) edges.push({ from: relative(src, path), to });
        }
      }
    }
  };
  walk(src);
  return edges;
}

/** The cycles of a directed graph (one per strongly connected component of two or more nodes). */
function cycles(graph: ReadonlyMap<string, ReadonlySet<string>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string): void => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let top: string;
      do {
        top = stack.pop()!;
        onStack.delete(top);
        component.push(top);
      } while (top !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) visit(node);
  return found;
}

function graphOf(pairs: Iterable<readonly [string, string]>): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const [from, to] of pairs) {
    if (from === to) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    graph.get(from)!.add(to);
  }
  return graph;
}

/**
 * What is wrong with the imports: an import from a lower layer to a higher one, a room outside the
 * layers, a cycle of folders, a cycle of files. `allowFileCycles` lists the file cycles still tolerated
 * (each as its sorted files joined by ` ↔ `).
 */
export function layerProblems(edges: readonly Edge[], allowFileCycles: readonly string[] = []): string[] {
  const problems: string[] = [];
  for (const { from, to } of edges) {
    const a = roomOf(from);
    const b = roomOf(to);
    const la = layerOf(a);
    const lb = layerOf(b);
    if (la < 0) problems.push(`${from}: room ${a} is in no layer`);
    else if (lb < 0) problems.push(`${to}: room ${b} is in no layer`);
    else if (lb > la) problems.push(`${from} imports ${to}: ${a} is below ${b}`);
  }
  for (const cycle of cycles(graphOf(edges.map((e) => [roomOf(e.from), roomOf(e.to)] as const)))) {
    problems.push(`folder cycle: ${cycle.join(' ↔ ')}`);
  }
  for (const cycle of cycles(graphOf(edges.map((e) => [e.from, e.to] as const)))) {
    const name = cycle.join(' ↔ ');
    if (!allowFileCycles.includes(name)) problems.push(`file cycle: ${name}`);
  }
  return [...new Set(problems)];
}

/**
 * The file cycles left for a later step: src/cli/ is being restructured (one policy-file discovery will
 * end this one).
 */
export const TOLERATED_FILE_CYCLES: readonly string[] = [];

const isMain = process.argv[1] !== undefined && resolve(process.argv[1]) === resolve(import.meta.filename);
if (isMain) {
  const src = join(import.meta.dirname, '..', 'src');
  const problems = layerProblems(collectEdges(src), TOLERATED_FILE_CYCLES);
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
  console.log('layers: no import from a lower layer to a higher one, no cycle');
}
