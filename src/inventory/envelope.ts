/**
 * The API's list envelope, `{ "items": [...], "nextPageToken": … }`, read as a stream: the members of
 * the top-level object are scanned (each value other than `items` checked to be JSON and dropped), and
 * the elements of `items` are parsed one at a time, so that memory is bounded by the longest element,
 * not by the envelope. Used by `readInventory` (records.ts), which decides when the input is known to
 * be an envelope ({@link EnvelopeScanner.committed}) and what to do when it turns out not to be one.
 */

/** Blanks between JSON tokens, and a byte order mark (which some writers leave at a chunk's start). */
export function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09 || c === 0xfeff;
}

/**
 * An element of `items`, balanced but not parsed yet (the caller parses it when it gives it out, so that
 * elements held before the input is known to be an envelope cost their text only); `line` is the
 * 1-based line where it starts.
 */
export interface EnvelopeItem {
  readonly text: string;
  readonly line: number;
}

/**
 * The scanner stopped: the input is not an envelope (or not one yet: see
 * {@link EnvelopeScanner.committed}), or the envelope is malformed.
 */
export class EnvelopeStop {
  constructor(
    readonly line: number,
    readonly message: string,
  ) {}
}

/** Where the scanner is. */
const At = {
  /** Before the opening `{`. */
  Open: 0,
  /** After `{`: a member name or `}`. */
  KeyOrEnd: 1,
  /** After `,`: a member name. */
  Key: 2,
  InKey: 3,
  Colon: 4,
  /** After `:`: the member's value. */
  Value: 5,
  InValue: 6,
  /** After a member: `,` or `}`. */
  Separator: 7,
  /** After the `[` of `items`: an element or `]`. */
  ItemOrEnd: 8,
  /** After `,` in `items`: an element. */
  Item: 9,
  InItem: 10,
  /** After an element: `,` or `]`. */
  ItemSeparator: 11,
  /** After the closing `}`: only blanks. */
  Closed: 12,
} as const;
type At = (typeof At)[keyof typeof At];

const quoted = (c: number) => JSON.stringify(String.fromCharCode(c));

/**
 * A push scanner of one JSON object whose `items` member is an array. It does not know at first
 * whether the input is an envelope: a first line such as `{"id": 1, "items": [9]}` followed by more
 * lines is NDJSON whose first record holds an `items` array. It becomes {@link committed} (an envelope,
 * read as a stream from then on) once its `items` array has begun and the object cannot be a line of
 * NDJSON: it spans several lines, or it is already longer than `max` characters (a record could not
 * be). Until then, it stops on anything unexpected and the caller reads the input as before
 * (whole); once committed, a stop is a malformed envelope. Where it commits depends on the text only,
 * never on how the text is cut into chunks.
 */
export class EnvelopeScanner {
  /** The input is an envelope: its items are records, read one at a time. */
  committed = false;
  private at: At = At.Open;
  private line = 1;
  private multiline = false;
  /** Characters scanned before the current chunk. */
  private consumed = 0;
  private key = '';
  private hadItems = false;
  /** The value being read: its pieces so far (it may straddle chunks), where it starts, its state. */
  private parts: string[] = [];
  private partsLength = 0;
  private valueLine = 1;
  private depth = 0;
  private inString = false;
  private escaped = false;

  constructor(private readonly max: number) {}

  /** Scans the next chunk of text, appending the elements of `items` it completes to `out`. */
  scan(text: string, out: EnvelopeItem[]): void {
    let start = 0;
    for (let i = 0; i < text.length; i++) {
      if (!this.committed && this.consumed + i >= this.max) {
        // Longer than any one record may be: with an `items` array, this can only be an envelope.
        if (this.hadItems) this.committed = true;
        else this.stop(`a JSON document longer than ${this.max} characters before its "items" array`);
      }
      const c = text.charCodeAt(i);
      const at = this.at;
      if (at === At.InKey || at === At.InValue || at === At.InItem) {
        if (this.inString) {
          if (this.escaped) this.escaped = false;
          else if (c === 0x5c /* \ */) this.escaped = true;
          else if (c === 0x22 /* " */) this.inString = false;
          else if (c === 0x0a) this.newline();
          // A string that is the whole value ends with its closing quote.
          if (!this.inString && this.depth === 0) this.end(text.slice(start, i + 1), out);
          continue;
        }
        if (c === 0x22) this.inString = true;
        else if (c === 0x7b || c === 0x5b) this.depth++;
        else if (c === 0x7d || c === 0x5d) {
          if (this.depth > 0) {
            this.depth--;
            if (this.depth === 0) this.end(text.slice(start, i + 1), out);
            continue;
          }
          // `}` or `]` ends a number, true, false or null, and is read again as a separator.
          this.end(text.slice(start, i), out);
          i--;
        } else if (this.depth === 0 && (c === 0x2c || isSpace(c))) {
          this.end(text.slice(start, i), out);
          i--;
        } else if (c === 0x0a) this.newline();
        continue;
      }
      if (c === 0x0a) {
        this.newline();
        continue;
      }
      if (isSpace(c)) continue;
      switch (at) {
        case At.Open:
          if (c !== 0x7b /* { */) this.stop(`unexpected ${quoted(c)}, expected "{"`);
          this.at = At.KeyOrEnd;
          break;
        case At.KeyOrEnd:
        case At.Key:
          if (c === 0x7d && at === At.KeyOrEnd) {
            this.close();
            break;
          }
          if (c !== 0x22) this.stop(`unexpected ${quoted(c)}, expected a member name`);
          start = i;
          this.begin(At.InKey, c);
          break;
        case At.Colon:
          if (c !== 0x3a /* : */) this.stop(`unexpected ${quoted(c)}, expected ":"`);
          this.at = At.Value;
          break;
        case At.Value:
          if (this.key === 'items') {
            // JSON.parse keeps the last of two members of one name; a stream cannot take back what it gave.
            if (this.hadItems) this.stop('a second "items" member');
            if (c !== 0x5b /* [ */) this.stop('"items" is not an array');
            this.hadItems = true;
            this.at = At.ItemOrEnd;
            if (this.multiline) this.committed = true;
            break;
          }
          start = i;
          this.begin(At.InValue, c);
          break;
        case At.Separator:
          if (c === 0x2c /* , */) this.at = At.Key;
          else if (c === 0x7d /* } */) this.close();
          else this.stop(`unexpected ${quoted(c)}, expected "," or "}"`);
          break;
        case At.ItemOrEnd:
        case At.Item:
          if (c === 0x5d /* ] */ && at === At.ItemOrEnd) {
            this.at = At.Separator;
            break;
          }
          if (c === 0x2c || c === 0x5d || c === 0x7d || c === 0x3a)
            this.stop(`unexpected ${quoted(c)}, expected an element of "items"`);
          start = i;
          this.begin(At.InItem, c);
          break;
        case At.ItemSeparator:
          if (c === 0x2c) this.at = At.Item;
          else if (c === 0x5d) this.at = At.Separator;
          else this.stop(`unexpected ${quoted(c)}, expected "," or "]" in "items"`);
          break;
        case At.Closed:
          this.stop('unexpected data after the end of the envelope');
      }
    }
    if (this.at === At.InKey || this.at === At.InValue || this.at === At.InItem) {
      this.parts.push(text.slice(start));
      this.partsLength += text.length - start;
      if (this.partsLength > this.max) {
        this.stop(
          `${this.at === At.InItem ? 'an element of "items"' : 'a value'} longer than ${this.max} characters (from line ${this.valueLine})`,
        );
      }
    }
    this.consumed += text.length;
  }

  /** The input has ended: the envelope must be complete. */
  finish(): void {
    if (this.at !== At.Closed) this.stop('the input ends before the end of the envelope');
  }

  private newline(): void {
    this.line++;
    // Blank lines before the object say nothing; a line break inside it says it is not a line of NDJSON.
    if (this.at === At.Open) return;
    this.multiline = true;
    if (this.hadItems) this.committed = true;
  }

  private begin(at: At, c: number): void {
    this.at = at;
    this.valueLine = this.line;
    this.parts = [];
    this.partsLength = 0;
    this.escaped = false;
    this.inString = c === 0x22;
    this.depth = c === 0x7b || c === 0x5b ? 1 : 0;
  }

  /** The current value is complete, ending with `piece`. */
  private end(piece: string, out: EnvelopeItem[]): void {
    this.parts.push(piece);
    const raw = this.parts.length === 1 ? piece : this.parts.join('');
    this.parts = [];
    this.partsLength = 0;
    if (this.at === At.InItem) {
      out.push({ text: raw, line: this.valueLine });
      this.at = At.ItemSeparator;
      return;
    }
    // A member name, or the value of a member other than `items`: checked, and only the name kept.
    let value: unknown;
    try {
      value = JSON.parse(raw);
    } catch (error) {
      this.stop(`not valid JSON: ${(error as Error).message}`);
    }
    if (this.at === At.InKey) {
      this.key = value as string;
      this.at = At.Colon;
    } else this.at = At.Separator;
  }

  private close(): void {
    this.at = At.Closed;
    // One line: a lone envelope, or the first record of NDJSON; the caller reads it whole to know.
    if (!this.committed) this.stop('the object ends on its first line');
  }

  private stop(message: string): never {
    throw new EnvelopeStop(this.line, message);
  }
}
