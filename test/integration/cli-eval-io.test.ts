import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InputError, type Rejection, readRecords } from '../../src/cli/io.js';

/** Reads `text` delivered as byte chunks of the given sizes (so chunk boundaries fall everywhere). */
async function read(text: string, chunk: number): Promise<{ records: unknown[]; rejections: Rejection[] }> {
  const bytes = Buffer.from(text, 'utf8');
  const pieces: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += chunk) pieces.push(bytes.subarray(i, i + chunk));
  const rejections: Rejection[] = [];
  const records: unknown[] = [];
  for await (const r of readRecords(Readable.from(pieces), { onReject: (x) => rejections.push(x) }))
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

describe('readRecords: JSON arrays, streamed', () => {
  it('yields every element, whatever the chunk boundaries (multi-byte characters included)', async () => {
    const text = `\uFEFF  ${JSON.stringify(values, null, 2)}\n`;
    for (const size of [1, 2, 3, 7, 64, 1 << 16]) {
      expect((await read(text, size)).records).toEqual(values);
    }
    expect((await read(JSON.stringify(values), 5)).records).toEqual(values);
  });

  it('reads an empty array', async () => {
    expect((await read(' [ ] ', 1)).records).toEqual([]);
  });

  it('rejects an element that is balanced but not JSON, with its line, and goes on', async () => {
    const { records, rejections } = await read('[\n{"a":1},\n{"a": tru},\n{"a":3}\n]', 4);
    expect(records).toEqual([{ a: 1 }, { a: 3 }]);
    expect(rejections.map((r) => r.line)).toEqual([3]);
  });

  it('throws InputError on a broken structure', async () => {
    for (const text of ['[{"a":1} {"a":2}]', '[{"a":1},', '[1,,2]', '[1] x', '[{"a":1]']) {
      await expect(read(text, 3), text).rejects.toBeInstanceOf(InputError);
    }
  });
});

describe('readRecords: NDJSON', () => {
  it('yields one value per line, skipping blank lines, with CRLF endings and no final newline', async () => {
    const text = '{"a":1}\r\n\n  \n"x"\n[1,2]\n{"b":"é😀"}';
    for (const size of [1, 2, 5, 1000]) {
      expect((await read(text, size)).records).toEqual([{ a: 1 }, 'x', [1, 2], { b: 'é😀' }]);
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
