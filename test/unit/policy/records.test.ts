import { Readable } from 'node:stream';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InventoryError, type Rejection, readInventory, readNdjson } from '../../../src/index.js';
import { checkAsync, titled } from '../../support/property.js';

/** Reads `text` delivered as byte chunks of the given sizes (so chunk boundaries fall everywhere). */
async function read(text: string, chunk: number): Promise<{ records: unknown[]; rejections: Rejection[] }> {
  const bytes = Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) pieces.push(bytes.subarray(i, i + chunk));
  const rejections: Rejection[] = [];
  const records: unknown[] = [];
  for await (const r of readInventory(Readable.from(pieces), { onReject: (x) => rejections.push(x) }))
    records.push(r);
  return { records, rejections };
}

const values = [
  { id: 'a', s: 'with ] and } and , and "quotes" and \\ backslash', n: [1, [2, { x: '[' }]] },
  'a string é 😀',
  42,
  -1.5e3,
  true,
  null,
  [],
  {},
  { nested: { deep: [{ a: '}' }] } },
];

/** The values that are records: JSON objects. */
const objects = values.filter((v) => typeof v === 'object' && v !== null && !Array.isArray(v));

describe('readInventory: JSON arrays, streamed', () => {
  it('yields every element that is a record, whatever the chunk boundaries (multi-byte characters included)', async () => {
    const text = `\uFEFF  ${JSON.stringify(values, null, 2)}\n`;
    for (const size of [1, 2, 3, 7, 64, 1 << 16]) {
      const { records, rejections } = await read(text, size);
      expect(records).toEqual(objects);
      // The others (a string, numbers, a boolean, null, an array) are rejected records, at their lines.
      expect(rejections.map((r) => r.message)).toEqual([
        'array element is not a record: a string (a record is a JSON object)',
        'array element is not a record: a number (a record is a JSON object)',
        'array element is not a record: a number (a record is a JSON object)',
        'array element is not a record: a boolean (a record is a JSON object)',
        'array element is not a record: null (a record is a JSON object)',
        'array element is not a record: an array (a record is a JSON object)',
      ]);
      expect(rejections[0]!.line).toBe(text.slice(0, text.indexOf('"a string')).split('\n').length);
    }
    expect((await read(JSON.stringify(values), 5)).records).toEqual(objects);
  });

  it('reads an empty array', async () => {
    expect((await read(' [ ] ', 1)).records).toEqual([]);
  });

  it('rejects an element that is balanced but not JSON, with its line, and goes on', async () => {
    const { records, rejections } = await read('[\n{"a":1},\n{"a": tru},\n{"a":3}\n]', 4);
    expect(records).toEqual([{ a: 1 }, { a: 3 }]);
    expect(rejections.map((r) => r.line)).toEqual([3]);
  });

  it('throws InventoryError MALFORMED_INPUT on a broken structure', async () => {
    for (const text of ['[{"a":1} {"a":2}]', '[{"a":1},', '[1,,2]', '[1] x', '[{"a":1]']) {
      await expect(read(text, 3), text).rejects.toBeInstanceOf(InventoryError);
      await expect(read(text, 3), text).rejects.toMatchObject({ code: 'MALFORMED_INPUT' });
    }
  });
});

describe('readInventory: NDJSON', () => {
  it('yields one record per line, skipping blank lines, with CRLF endings and no final newline', async () => {
    const text = '{"a":1}\r\n\n  \n"x"\n[1,2]\n{"b":"é😀"}';
    for (const size of [1, 2, 5, 1000]) {
      const { records, rejections } = await read(text, size);
      expect(records).toEqual([{ a: 1 }, { b: 'é😀' }]);
      // A line that is JSON but not an object is rejected as a malformed one is.
      expect(rejections).toEqual([
        { line: 4, message: 'not a record: a string (a record is a JSON object)' },
        { line: 5, message: 'not a record: an array (a record is a JSON object)' },
      ]);
    }
  });

  it('rejects every line that is JSON but not an object, with readNdjson too, and stops on one without onReject', async () => {
    const text = '{"a":1}\n"a string"\n42\nnull\ntrue\n[]\n{"a":2}\n';
    for (const reader of [readInventory, readNdjson]) {
      const rejections: Rejection[] = [];
      const records: unknown[] = [];
      for await (const r of reader([text], { onReject: (x) => void rejections.push(x) })) records.push(r);
      expect(records).toEqual([{ a: 1 }, { a: 2 }]);
      expect(rejections.map((r) => r.line)).toEqual([2, 3, 4, 5, 6]);
      const all: unknown[] = [];
      await expect(
        (async () => {
          for await (const r of reader([text])) all.push(r);
        })(),
      ).rejects.toMatchObject({
        name: 'InventoryError',
        code: 'MALFORMED_RECORD',
        line: 2,
        message: 'line 2: not a record: a string (a record is a JSON object)',
      });
      expect(all).toEqual([{ a: 1 }]);
    }
  });

  it('calls blank only lines of JSON whitespace (space, tab, CR): U+FEFF, U+00A0, U+2028 lines are rejected', async () => {
    for (const odd of ['\uFEFF', '\u00A0', '\u2028', ' \u3000 ']) {
      const text = `{"a":1}\n \t \r\n${odd}\n{"a":2}\n`;
      for (const reader of [readInventory, readNdjson]) {
        const rejections: Rejection[] = [];
        const records: unknown[] = [];
        for await (const r of reader([text], { onReject: (x) => void rejections.push(x) })) records.push(r);
        expect(records).toEqual([{ a: 1 }, { a: 2 }]);
        expect(rejections.map((r) => r.line)).toEqual([3]);
        expect(rejections[0]!.message).toMatch(/^not valid JSON/);
      }
    }
  });

  it('rejects bad lines with their line numbers and keeps reading', async () => {
    const { records, rejections } = await read('{"a":1}\n{"a":\n\nnope\n{"a":2}\n', 3);
    expect(records).toEqual([{ a: 1 }, { a: 2 }]);
    expect(rejections.map((r) => r.line)).toEqual([2, 4]);
  });

  it('ignores a UTF-8 byte order mark before the first line, whatever the chunk size', async () => {
    for (const size of [1, 2, 4, 1000]) {
      const { records, rejections } = await read('\uFEFF{"a":1}\n{"a":2}\n', size);
      expect(rejections).toEqual([]);
      expect(records).toEqual([{ a: 1 }, { a: 2 }]);
    }
  });

  it('reads nothing from an empty or blank input', async () => {
    expect((await read('', 1)).records).toEqual([]);
    expect((await read(' \n\n', 1)).records).toEqual([]);
  });
});

describe('readInventory: the API list envelope', () => {
  const items = [{ id: 'a' }, { id: 'b', items: [1] }];
  it('yields the items of a pretty-printed or one-line envelope, whatever the chunk size', async () => {
    for (const text of [
      JSON.stringify({ nextPageToken: 'x', items }, null, 2),
      JSON.stringify({ items, nextToken: null, totalCount: 2 }),
      `\n\n${JSON.stringify({ items })}\n\n`,
    ]) {
      for (const size of [1, 7, 1000]) expect((await read(text, size)).records).toEqual(items);
    }
  });

  it('reads NDJSON whose first record happens to hold an items array as NDJSON', async () => {
    const text = `${JSON.stringify({ id: 1, items: [9] })}\n${JSON.stringify({ id: 2 })}\n`;
    expect((await read(text, 4)).records).toEqual([{ id: 1, items: [9] }, { id: 2 }]);
  });

  /** Every record, or the error that ended the reading with the records read before it. */
  async function drain(source: Iterable<string> | AsyncIterable<string>, maxRecordLength?: number) {
    const records: unknown[] = [];
    const rejections: Rejection[] = [];
    const options = {
      onReject: (r: Rejection) => rejections.push(r),
      ...(maxRecordLength === undefined ? {} : { maxRecordLength }),
    };
    try {
      for await (const r of readInventory(source, options)) records.push(r);
    } catch (error) {
      return { records, rejections, error: error as InventoryError };
    }
    return { records, rejections, error: undefined };
  }
  const chunked = (text: string, size: number) =>
    Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

  it('streams an envelope longer than maxRecordLength, pretty-printed or on one line', async () => {
    const many = Array.from({ length: 500 }, (_, i) => ({ id: `r${i}`, tags: { n: String(i) } }));
    for (const text of [
      JSON.stringify({ nextPageToken: 'x', items: many, meta: { a: [1, ']'] } }, null, 2),
      JSON.stringify({ items: many, nextPageToken: null }),
      `\n\n${JSON.stringify({ items: many })}\n`,
    ]) {
      expect(text.length).toBeGreaterThan(10_000);
      for (const size of [1, 7, 4096]) {
        const { records, error } = await drain(chunked(text, size), 200);
        expect(error, `${text.slice(0, 20)} by ${size}`).toBeUndefined();
        expect(records).toEqual(many);
      }
    }
  });

  it('holds one element at a time: a large envelope is read as it is given', async () => {
    // 200,000 items of a fixed width, produced lazily in 1,000-character chunks: when record i comes
    // out, the reader has pulled no more than a couple of chunks past its end.
    const count = 200_000;
    const item = (i: number) => JSON.stringify({ id: `r${String(i).padStart(7, '0')}`, kind: 'component' });
    const width = item(0).length + 2; // ",\n"
    const head = '{\n  "nextPageToken": "abc",\n  "items": [\n';
    let pulled = 0;
    async function* source(): AsyncGenerator<string> {
      let buffer = head;
      for (let i = 0; i < count; i++) {
        buffer += `${item(i)}${i + 1 < count ? ',' : ''}\n`;
        if (buffer.length >= 1000) {
          pulled += buffer.length;
          yield buffer;
          buffer = '';
        }
      }
      buffer += ']\n}\n';
      pulled += buffer.length;
      yield buffer;
    }
    let n = 0;
    let lag = 0;
    for await (const record of readInventory(source(), { maxRecordLength: 1000 })) {
      expect((record as { id: string }).id).toBe(`r${String(n).padStart(7, '0')}`);
      n++;
      lag = Math.max(lag, pulled - (head.length + n * width));
    }
    expect(n).toBe(count);
    expect(lag).toBeLessThan(2 * 1000 + width);
  });

  it('rejects an element of items that is balanced but not JSON, with its line, and goes on', async () => {
    const text = '{\n  "items": [\n    {"a": 1},\n    {"a": tru},\n    {"a": 3}\n  ]\n}\n';
    for (const size of [1, 3, 100]) {
      const { records, rejections, error } = await drain(chunked(text, size));
      expect(error).toBeUndefined();
      expect(records).toEqual([{ a: 1 }, { a: 3 }]);
      expect(rejections.map((r) => r.line)).toEqual([4]);
      expect(rejections[0]!.message).toMatch(/^element of "items" is not valid JSON/);
    }
  });

  it('throws MALFORMED_INPUT with its line on a broken envelope, after the records before the fault', async () => {
    for (const [text, line, before] of [
      ['{\n"items": [\n{"a":1},\n{"a":2} {"a":3}\n]}', 4, 2],
      ['{\n"items": [\n{"a":1}\n]\n}\n{"a":2}\n', 6, 1],
      ['{\n"items": [\n{"a":1}\n],\n"items": []\n}', 5, 1],
      ['{\n"items": [\n{"a":1},\n', 4, 1],
      ['{\n"items": [{"a":1}],\n"next": tru\n}', 3, 1],
    ] as const) {
      const outcomes = [];
      for (const size of [1, 2, 5, 1000]) {
        const { records, error } = await drain(chunked(text, size));
        expect(error, text).toBeInstanceOf(InventoryError);
        expect(error, text).toMatchObject({ code: 'MALFORMED_INPUT', line });
        expect(error!.message).toMatch(/^malformed \{"items": \[\.\.\.\]\} envelope at line \d+: /);
        outcomes.push(records.length);
      }
      // Whatever the chunks, the same records come before the error.
      expect(outcomes, text).toEqual(outcomes.map(() => before));
    }
  });

  it(
    titled('yields the items of any envelope, whatever its layout, chunks and maxRecordLength'),
    async () => {
      await checkAsync(
        fc.asyncProperty(
          fc.array(fc.jsonValue({ maxDepth: 3 }), { maxLength: 12 }),
          fc.dictionary(fc.string({ maxLength: 6 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 }),
          fc.boolean(),
          fc.integer({ min: 1, max: 64 }),
          fc.integer({ min: 0, max: 400 }),
          async (items, others, pretty, size, slack) => {
            const members = { ...others };
            delete members.items;
            // "items" first: a one-line envelope longer than maxRecordLength is streamed from the start.
            const text = JSON.stringify({ items, ...members }, null, pretty ? 2 : undefined);
            const expected = JSON.parse(JSON.stringify(items)) as unknown[];
            // Every element, and every other member's value, must fit in maxRecordLength (pretty-printed).
            const longest = Math.max(
              0,
              ...expected.map((v) => JSON.stringify({ items: [v] }, null, 2).length),
              ...Object.values(members).map((v) => JSON.stringify({ k: v }, null, 2).length),
            );
            const { records, rejections, error } = await drain(chunked(text, size), longest + 16 + slack);
            expect(error).toBeUndefined();
            // Elements that are not objects are rejected records.
            const isObject = (v: unknown) => typeof v === 'object' && v !== null && !Array.isArray(v);
            expect(rejections).toHaveLength(expected.filter((v) => !isObject(v)).length);
            for (const r of rejections) expect(r.message).toMatch(/^element of "items" is not a record: /);
            expect(records).toEqual(expected.filter(isObject));
          },
        ),
      );
    },
  );

  it('reads a first line holding items as a record once any line that is not blank follows, in order', async () => {
    const text = '{"items":[1],"id":1}\n \nnope\n{"id":2}\n';
    for (const size of [1, 5, 1000]) {
      const events: unknown[] = [];
      const reading = readInventory(chunked(text, size), {
        onReject: ({ line }) => void events.push(['reject', line]),
      });
      for await (const r of reading) events.push(r);
      // The first record comes before the rejection of line 3, as when the file is split across threads.
      expect(events).toEqual([{ items: [1], id: 1 }, ['reject', 3], { id: 2 }]);
    }
  });

  it('reads NDJSON after blank lines as NDJSON, whose first record holds an items array', async () => {
    const text = `\n\n${JSON.stringify({ id: 1, items: [9] })}\n${JSON.stringify({ id: 2 })}\n`;
    for (const size of [1, 4, 1000])
      expect((await read(text, size)).records).toEqual([{ id: 1, items: [9] }, { id: 2 }]);
  });

  it('reads a member name with escapes as the name it stands for', async () => {
    expect((await read('{\n"it\\u0065ms": [{"a":1}, {"b":2}]\n}', 3)).records).toEqual([{ a: 1 }, { b: 2 }]);
  });

  it('bounds a record over several lines by maxRecordLength, and an envelope whose items begins later', async () => {
    for (const value of [
      { id: 'x', tags: Array.from({ length: 50 }, (_, i) => ({ i })) },
      { nextPageToken: 'x'.repeat(150), more: 'y'.repeat(150), items: [1, 2] },
    ]) {
      const { error } = await drain([JSON.stringify(value, null, 2)], 200);
      expect(error).toMatchObject({ code: 'MALFORMED_INPUT', line: 1 });
      expect(error!.message).toMatch(
        /a record is read whole, and an \{"items": \[\.\.\.\]\} envelope is streamed/,
      );
    }
    // A line of it longer than maxRecordLength is too long itself, wherever the chunks end.
    const long = JSON.stringify({ nextPageToken: 'x'.repeat(300), items: [1, 2] }, null, 2);
    for (const size of [7, long.length]) {
      const { error } = await drain(chunked(long, size), 200);
      expect(error).toMatchObject({ code: 'MALFORMED_INPUT', line: 2 });
    }
  });

  it('reads a single pretty-printed record as one record', async () => {
    expect((await read(JSON.stringify({ id: 'x', n: [1] }, null, 2), 3)).records).toEqual([
      { id: 'x', n: [1] },
    ]);
  });

  it('falls back to NDJSON line numbers when a multi-line object input is not one JSON document', async () => {
    const { records, rejections } = await read('{"a":\n{"b":1}\n', 2);
    expect(records).toEqual([{ b: 1 }]);
    expect(rejections.map((r) => r.line)).toEqual([1]);
  });
});

const chunked = (text: string, size: number) =>
  Array.from({ length: Math.ceil(text.length / size) }, (_, i) => text.slice(i * size, (i + 1) * size));

async function drainArray(text: string, maxRecordLength: number) {
  const records: unknown[] = [];
  try {
    for await (const r of readInventory([text], { maxRecordLength })) records.push(r);
  } catch (error) {
    return { records, error };
  }
  return { records, error: undefined };
}

describe('readNdjson', () => {
  const text = '{"a":1}\n{"a":2}\r\n\n{"a":3}';
  const expected = [{ a: 1 }, { a: 2 }, { a: 3 }];
  const collect = async (source: AsyncIterable<unknown>) => {
    const out: unknown[] = [];
    for await (const r of source) out.push(r);
    return out;
  };

  it('reads a Node byte stream, a web ReadableStream, an async iterable of strings and bytes', async () => {
    const bytes = new TextEncoder().encode(text);
    expect(await collect(readNdjson(Readable.from([Buffer.from(bytes)])))).toEqual(expected);
    const web = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < bytes.length; i += 3) controller.enqueue(bytes.subarray(i, i + 3));
        controller.close();
      },
    });
    // Without Symbol.asyncIterator, as in browsers that lack it: read through getReader().
    const readerOnly = { getReader: () => web.getReader() } as unknown as ReadableStream<Uint8Array>;
    expect(await collect(readNdjson(readerOnly))).toEqual(expected);
    async function* strings() {
      for (const c of text) yield c;
    }
    expect(await collect(readNdjson(strings()))).toEqual(expected);
    expect(await collect(readNdjson([text]))).toEqual(expected);
    expect(await collect(readNdjson(bytes))).toEqual(expected);
  });

  it('throws MALFORMED_RECORD with the line number on a bad line when no onReject is given', async () => {
    const done = collect(readNdjson(['{"a":1}\n\n{"a":\n{"a":3}\n']));
    await expect(done).rejects.toBeInstanceOf(InventoryError);
    await expect(done).rejects.toMatchObject({ code: 'MALFORMED_RECORD', line: 3 });
  });

  it('reports bad lines to onReject and goes on', async () => {
    const rejections: Rejection[] = [];
    const records = await collect(
      readNdjson(['x\n{"a":1}\n[\n'], { onReject: (r) => void rejections.push(r) }),
    );
    expect(records).toEqual([{ a: 1 }]);
    expect(rejections.map((r) => r.line)).toEqual([1, 3]);
  });

  it('rejects a bare string source (a file name or text?) and object chunks with typed errors', async () => {
    await expect(collect(readNdjson('inventory.ndjson' as never))).rejects.toMatchObject({
      code: 'INVALID_OPTION',
    });
    await expect(collect(readNdjson(Readable.from([{ a: 1 }]) as never))).rejects.toMatchObject({
      code: 'MALFORMED_INPUT',
    });
  });

  it('measures every line against maxRecordLength in UTF-16 code units, wherever the chunks end', async () => {
    const max = 800;
    /** A record line of exactly `n` UTF-16 code units (a "😀" counts 2). */
    const line = (n: number, emoji = false) => {
      const head = '{"p":"';
      const fill = n - head.length - 2;
      return `${head}${emoji ? '😀'.repeat(fill >> 1) + 'x'.repeat(fill & 1) : 'x'.repeat(fill)}"}`;
    };
    expect(line(max, true).length).toBe(max);
    for (const crlf of [false, true]) {
      const end = crlf ? '\r\n' : '\n';
      // Lines at and under the limit are read; the first over it stops the reading at its line.
      const lines = [line(max - 1), line(max), line(max, true), line(10), line(max + 1), line(12)];
      const text = lines.join(end) + end;
      for (const size of [text.length, 1000, 801, 799, 64, 7]) {
        for (const reader of [readInventory, readNdjson]) {
          const records: unknown[] = [];
          const done = (async () => {
            for await (const r of reader(chunked(text, size), { maxRecordLength: max })) records.push(r);
          })();
          await expect(done, `${size}`).rejects.toMatchObject({ code: 'MALFORMED_INPUT', line: 5 });
          expect(records, `${size}`).toHaveLength(4);
        }
      }
    }
    // The case: 90 lines of 992 characters, read in one chunk, are all too long from line 1.
    const wide = `${Array.from({ length: 90 }, () => line(992)).join('\n')}\n`;
    await expect(
      (async () => {
        for await (const _ of readNdjson([wide], { maxRecordLength: max })) {
        }
      })(),
    ).rejects.toMatchObject({ code: 'MALFORMED_INPUT', line: 1 });
    // The last line, without a newline, is measured too.
    await expect(
      (async () => {
        for await (const _ of readNdjson([`${line(10)}\n${line(max + 1)}`], { maxRecordLength: max })) {
        }
      })(),
    ).rejects.toMatchObject({ code: 'MALFORMED_INPUT', line: 2 });
    // An array element too: measured whole, not only when it crosses a chunk.
    const array = `[${line(10)},\n${line(max + 1)}]`;
    const { error } = await drainArray(array, max);
    expect(error).toMatchObject({ code: 'MALFORMED_INPUT', line: 2 });
  });

  it('bounds memory: a line longer than maxRecordLength is a typed error, not an ever-growing buffer', async () => {
    function* endless() {
      for (let i = 0; i < 100; i++) yield 'x'.repeat(1000);
    }
    const done = collect(readNdjson(endless(), { maxRecordLength: 10_000 }));
    await expect(done).rejects.toMatchObject({ code: 'MALFORMED_INPUT', line: 1 });
  });
});
