// Captured at load, like those of src/builtins.ts: a patched prototype changes no lookup.
const mapGet = Map.prototype.get;
const mapSet = Map.prototype.set;
const mapDelete = Map.prototype.delete;
const mapClear = Map.prototype.clear;
const mapKeys = Map.prototype.keys;
const iteratorNext = Object.getPrototypeOf(new Map().keys()).next as () => IteratorResult<string>;

/**
 * Values by string key, least recently used first: at most `maxKeys` of them and `maxChars` characters of
 * keys, so a process that sees a million distinct keys holds a bounded number. Used for what generated
 * code made of each filter shape (src/compile/codegen.ts) and for parsed field paths (src/parse/path.ts).
 */
export class BoundedCache<F> {
  private readonly byKey = new Map<string, F>();
  private count = 0;
  private chars = 0;

  constructor(
    private readonly maxKeys: number,
    private readonly maxChars: number,
  ) {}

  /** How many keys are held. */
  get size(): number {
    return this.count;
  }

  /** The value of a key, which becomes the most recently used. */
  get(key: string): F | undefined {
    const value = mapGet.call(this.byKey, key) as F | undefined;
    if (value === undefined) return undefined;
    mapDelete.call(this.byKey, key);
    mapSet.call(this.byKey, key, value);
    return value;
  }

  /** Holds `value` for `key`, evicting the least recently used beyond the bounds. */
  set(key: string, value: F): void {
    if (key.length > this.maxChars || mapGet.call(this.byKey, key) !== undefined) return;
    mapSet.call(this.byKey, key, value);
    this.count++;
    this.chars += key.length;
    while (this.count > this.maxKeys || this.chars > this.maxChars) {
      const oldest = iteratorNext.call(mapKeys.call(this.byKey)).value as string;
      mapDelete.call(this.byKey, oldest);
      this.count--;
      this.chars -= oldest.length;
    }
  }

  clear(): void {
    mapClear.call(this.byKey);
    this.count = 0;
    this.chars = 0;
  }
}
