/** Offsets (in UTF-16 code units of the text) of one node of the document. */
export interface NodeOffsets {
  /** Where the value starts. */
  readonly value: number;
  /** Where the key starts, for an object member. */
  readonly key?: number;
}

/** A 1-based line and column (UTF-16 code units). */
export interface Position {
  readonly line: number;
  readonly column: number;
}

/** Maps JSON pointers of a parsed document to positions in its text. */
export class SourcePositions {
  readonly #lineStarts: number[] = [0];
  readonly #nodes = new Map<string, NodeOffsets>();

  constructor(text: string) {
    for (let i = text.indexOf('\n'); i >= 0; i = text.indexOf('\n', i + 1)) this.#lineStarts.push(i + 1);
  }

  set(pointer: string, offsets: NodeOffsets): void {
    this.#nodes.set(pointer, offsets);
  }

  /** The line and column of a text offset. */
  at(offset: number): Position {
    const starts = this.#lineStarts;
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (starts[mid]! <= offset) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo + 1, column: offset - starts[lo]! + 1 };
  }

  /**
   * The position of the node at `pointer` (its key when `anchor` is `'key'` and it has one). A pointer
   * the document does not hold (a missing property) falls back to its nearest ancestor.
   */
  locate(pointer: string, anchor: 'key' | 'value' = 'value'): Position {
    let p = pointer;
    for (;;) {
      const node = this.#nodes.get(p);
      if (node !== undefined)
        return this.at(anchor === 'key' && node.key !== undefined ? node.key : node.value);
      if (p === '') return { line: 1, column: 1 };
      p = p.slice(0, p.lastIndexOf('/'));
      anchor = 'value';
    }
  }
}
