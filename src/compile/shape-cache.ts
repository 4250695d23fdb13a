// Captured at load, like those of src/builtins.ts: a patched prototype changes no lookup.
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;
const mapDelete = Map.prototype.delete;
const mapClear = Map.prototype.clear;
const mapKeys = Map.prototype.keys;
const iteratorNext = Object.getPrototypeOf(new Map().keys()).next as () => IteratorResult<string>;

/**
 * What generated code made of each filter shape compiled last (its factory), by source, least recently
 * used first: at most `maxShapes` of them and `maxChars` characters of source, so a process that
 * compiles a million distinct shapes holds a bounded number (what V8 made of an evicted one is collected
 * with the last predicate that uses it).
 */
export class ShapeCache<F> {
  private readonly bySource = new Map<string, F>();
  private count = 0;
  private chars = 0;

  constructor(
    private readonly maxShapes: number,
    private readonly maxChars: number,
  ) {}

  /** How many shapes are held. */
  get size(): number {
    return this.count;
  }

  /** The value of a source, which becomes the most recently used. */
  get(source: string): F | undefined {
    const value = mapGet.call(this.bySource, source) as F | undefined;
    if (value === undefined) return undefined;
    mapDelete.call(this.bySource, source);
    mapSet.call(this.bySource, source, value);
    return value;
  }

  /** Holds `value` for `source`, evicting the least recently used beyond the bounds. */
  set(source: string, value: F): void {
    if (source.length > this.maxChars || mapGet.call(this.bySource, source) !== undefined) return;
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
    this.count = 0;
    this.chars = 0;
  }
}
