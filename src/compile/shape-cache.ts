import type { FilterNode } from '../ast/nodes.js';
import { jsonStringify } from '../builtins.js';

// Captured at load, like those of src/builtins.ts: a patched prototype changes no lookup.
const setHas = Set.prototype.has;
const setAdd = Set.prototype.add;
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;
const mapDelete = Map.prototype.delete;
const mapClear = Map.prototype.clear;
const mapKeys = Map.prototype.keys;
const iteratorNext = Object.getPrototypeOf(new Map().keys()).next as () => IteratorResult<string>;

/**
 * The paths and operator kinds of a filter, in order: equal for two filters of one source (a shape), so a
 * sketch never seen means a shape not cached, told without emitting the source. Two shapes may share a
 * sketch (the source decides then), and a sketch may outlive its shape: it only saves work on a miss.
 */
export function sketch(node: FilterNode): string {
  let out = '';
  for (const c of node.clauses) {
    if (c.kind === 'field') {
      out += '{';
      for (const step of c.path) out += step.kind === 'key' ? `${jsonStringify(step.key)}.` : '*.';
      for (const op of c.operators) out += op.kind === 'elemMatch' ? `(${sketch(op.filter)})` : `${op.kind},`;
      out += '}';
    } else if (c.kind === 'not') out += `!(${sketch(c.filter)})`;
    else {
      out += `${c.kind}(`;
      for (const f of c.filters) out += `(${sketch(f)})`;
      out += ')';
    }
  }
  return out;
}

/**
 * What generated code made of each filter shape compiled last (its factory), by source, least recently
 * used first: at most `maxShapes` of them and `maxChars` characters of source, so a process that
 * compiles a million distinct shapes holds a bounded number (what V8 made of an evicted one is collected
 * with the last predicate that uses it). Beside them, the sketches of the shapes put in, emptied when
 * they reach `maxSketches`.
 */
export class ShapeCache<F> {
  private readonly bySource = new Map<string, F>();
  private sketches = new Set<string>();
  private sketchCount = 0;
  private count = 0;
  private chars = 0;

  constructor(
    private readonly maxShapes: number,
    private readonly maxChars: number,
    private readonly maxSketches: number,
  ) {}

  /** How many shapes are held. */
  get size(): number {
    return this.count;
  }

  /** False when no shape of this sketch was put in (since the sketches were last emptied): a sure miss. */
  mayHold(sketch: string): boolean {
    return setHas.call(this.sketches, sketch);
  }

  /** The value of a source, which becomes the most recently used. */
  get(source: string): F | undefined {
    const value = mapGet.call(this.bySource, source) as F | undefined;
    if (value !== undefined) {
      mapDelete.call(this.bySource, source);
      mapSet.call(this.bySource, source, value);
    }
    return value;
  }

  /** Holds `value` for `source` (of sketch `sketch`), evicting the least recently used beyond the bounds. */
  set(source: string, sketch: string, value: F): void {
    if (source.length > this.maxChars) return;
    if (this.sketchCount >= this.maxSketches) {
      this.sketches = new Set();
      this.sketchCount = 0;
    }
    if (!setHas.call(this.sketches, sketch)) {
      setAdd.call(this.sketches, sketch);
      this.sketchCount++;
    }
    if (mapGet.call(this.bySource, source) !== undefined) return;
    mapSet.call(this.bySource, source, value);
    this.count++;
    this.chars += source.length;
    while (this.count > this.maxShapes || this.chars > this.maxChars) {
      const oldest = iteratorNext.call(mapKeys.call(this.bySource)).value as string;
      mapDelete.call(this.bySource, oldest);
      this.count--;
      this.chars -= oldest.length;
    }
  }

  clear(): void {
    mapClear.call(this.bySource);
    this.sketches = new Set();
    this.sketchCount = 0;
    this.count = 0;
    this.chars = 0;
  }
}
