import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RECORD_BATCHES } from '../../../src/inventory/batches.js';
import { policyPaths } from '../../../src/inventory/paths.js';
import { readNdjson } from '../../../src/inventory/records.js';
import { readNdjsonSelected } from '../../../src/inventory/selected-lines.js';
import { selectionOf } from '../../../src/inventory/selective.js';
import { compilePolicy, evaluateInventory, type Rejection } from '../../../src/policy/index.js';
import { arbInventoryLine } from '../../support/ndjson.js';
import { checkAsync, titled } from '../../support/property.js';
import { canon, project } from '../../support/selection.js';

const examples = join(import.meta.dirname, '..', '..', '..', 'fixtures', 'policies', 'examples');
const policies = readdirSync(examples)
  .filter((f) => f.endsWith('.json'))
  .map((f) => compilePolicy(JSON.parse(readFileSync(join(examples, f), 'utf8'))));
const POLICY_PATHS = [...policyPaths(policies), ['resource'], ['id']];

const encoder = new TextEncoder();

/** Everything a reader gives: the records, the rejections, and the error that stopped it. */
async function readAll(read: AsyncIterable<unknown>, rejections: Rejection[]) {
  const records: unknown[] = [];
  let error: unknown = null;
  try {
    for await (const r of read) records.push(r);
  } catch (e) {
    const x = e as { name: string; code: string; message: string; line: number };
    error = { name: x.name, code: x.code, message: x.message, line: x.line };
  }
  return { records, rejections, error };
}

/** The input cut into chunks at the given points (anywhere: inside a line, a character, a `\r\n`). */
function chunks(bytes: Uint8Array, cuts: readonly number[]): Uint8Array[] {
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const out: Uint8Array[] = [];
  let at = 0;
  for (const p of points) {
    out.push(bytes.slice(at, p));
    at = p;
  }
  out.push(bytes.slice(at));
  return out;
}

const arbKey = fc.constantFrom(
  'id',
  'resource',
  'technology',
  'version',
  'details',
  'postgres',
  'a',
  '__proto__',
  'é',
);
const arbValue = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constantFrom(
      null,
      true,
      false,
      0,
      -0,
      1e21,
      1e-7,
      -1.5,
      2 ** 53,
      '',
      '\u2028',
      '\ufeff',
      '\\"\n\t\u0001',
    ),
    fc.double(),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
    fc.array(tie('value'), { maxLength: 3 }),
    fc.dictionary(arbKey, tie('value'), { maxKeys: 4 }),
  ),
})).value;

/** A line as bytes: records, numbers in every form, escapes, malformed text and invalid UTF-8. */
const arbLine: fc.Arbitrary<Uint8Array> = fc.oneof(
  arbInventoryLine.map((l) => encoder.encode(l)),
  fc.dictionary(arbKey, arbValue, { maxKeys: 6 }).map((r) => encoder.encode(JSON.stringify(r))),
  fc
    .constantFrom(
      '{"a":1e5,"b":-0,"c":0.5E-3,"d":-12.0e+2,"id":123456789012345678}',
      '{"id":"\\u00e9\\ud83d\\ude00\\ud800","a":"\\/\\b\\f\\n\\r\\t"}',
      '{"id":1,"id":2}',
      '{"resource":"\\x"}',
      '{"resource":"a\tb"}',
      ' {"id":1} \r',
      '"text"',
      '42',
      '[{"id":1}]',
      '{"id":01}',
      '{"a":[1,]}',
      '\uFEFF{"id":"bom"}',
      '{"id":"x"} {"id":"y"}',
    )
    .map((l) => encoder.encode(l)),
  // Invalid UTF-8 inside a string and outside one.
  fc
    .tuple(
      fc.dictionary(arbKey, arbValue, { maxKeys: 3 }),
      fc.uint8Array({ minLength: 1, maxLength: 3 }),
      fc.nat(),
    )
    .map(([r, noise, at]) => {
      const text = encoder.encode(JSON.stringify(r));
      const i = at % (text.length + 1);
      return new Uint8Array([
        ...text.subarray(0, i),
        ...noise.map((b) => (b === 0x0a ? 0xff : b)),
        ...text.subarray(i),
      ]);
    }),
  fc.uint8Array({ maxLength: 12 }).map((b) => b.map((x) => (x === 0x0a ? 0x20 : x))),
  fc.constantFrom('', ' ', '\t\r').map((l) => encoder.encode(l)),
);

const arbInput = fc
  .record({
    bom: fc.constantFrom('', '', '\uFEFF', '\uFEFF\uFEFF'),
    lines: fc.array(fc.tuple(arbLine, fc.constantFrom('\n', '\n', '\r\n')), { maxLength: 30 }),
    last: fc.boolean(),
    cuts: fc.array(fc.nat(), { maxLength: 6 }),
    max: fc.oneof(fc.constant(undefined), fc.integer({ min: 1, max: 120 })),
  })
  .map(({ bom, lines, last, cuts, max }) => {
    const parts: number[] = [...encoder.encode(bom)];
    lines.forEach(([line, end], i) => {
      parts.push(...line);
      if (last || i < lines.length - 1) parts.push(...encoder.encode(end));
    });
    return { bytes: new Uint8Array(parts), cuts, max };
  });

const arbPaths = fc.array(
  fc.array(fc.oneof(arbKey, fc.constant('__svcArrayAny__')), { minLength: 1, maxLength: 3 }),
  { maxLength: 4 },
);

describe('the selective NDJSON reader', () => {
  it(titled('reads the records, rejections and errors readNdjson reads, cut to the selection'), async () => {
    await checkAsync(
      fc.asyncProperty(arbInput, arbPaths, async ({ bytes, cuts, max }, paths) => {
        const options = (into: Rejection[]) => ({
          onReject: (r: Rejection) => into.push(r),
          ...(max === undefined ? {} : { maxRecordLength: max }),
        });
        const a: Rejection[] = [];
        const b: Rejection[] = [];
        const full = await readAll(readNdjson(chunks(bytes, cuts), options(a)), a);
        const selected = await readAll(readNdjsonSelected(chunks(bytes, cuts), paths, options(b)), b);
        expect(selected.rejections).toEqual(full.rejections);
        expect(selected.error).toEqual(full.error);
        const selection = selectionOf(paths);
        expect(selected.records.map(canon)).toEqual(full.records.map((r) => canon(project(r, selection))));
      }),
    );
  });

  it(titled('gives the example policies the summaries of the full parse'), async () => {
    await checkAsync(
      fc.asyncProperty(arbInput, async ({ bytes, cuts }) => {
        const summary = async (records: AsyncIterable<unknown>) => {
          try {
            const {
              durationMs: _,
              resourcesPerSecond: __,
              ...rest
            } = await evaluateInventory(policies, records, { asOf: '2026-06-01T00:00:00Z' });
            return rest;
          } catch (e) {
            return { error: (e as Error).message };
          }
        };
        const a: Rejection[] = [];
        const b: Rejection[] = [];
        const full = await summary(readNdjson(chunks(bytes, cuts), { onReject: (r) => a.push(r) }));
        const selected = await summary(
          readNdjsonSelected(chunks(bytes, cuts), POLICY_PATHS, { onReject: (r) => b.push(r) }),
        );
        expect(selected).toEqual(full);
        expect(b).toEqual(a);
      }),
    );
  });

  it(
    titled('gives its records in batches, each rejection after the records of the lines before it'),
    async () => {
      // The log of a reader read one record at a time (readNdjson's records cut to the selection), and of
      // the selective reader's batches: records, rejections and the error that stops it, in order.
      await checkAsync(
        fc.asyncProperty(arbInput, arbPaths, async ({ bytes, cuts, max }, paths) => {
          const selection = selectionOf(paths);
          const log = async (
            read: (
              onReject: (r: Rejection) => void,
            ) => AsyncIterable<unknown> | AsyncIterable<readonly unknown[]>,
            batched: boolean,
          ) => {
            const events: unknown[] = [];
            try {
              for await (const item of read((r) => events.push(['reject', r.line, r.message]))) {
                if (!batched) events.push(['record', canon(project(item, selection))]);
                else {
                  expect((item as readonly unknown[]).length).toBeGreaterThan(0);
                  for (const r of item as readonly unknown[]) events.push(['record', canon(r)]);
                }
              }
            } catch (e) {
              events.push(['error', (e as Error).message]);
            }
            return events;
          };
          const limit = max === undefined ? {} : { maxRecordLength: max };
          const full = await log(
            (onReject) => readNdjson(chunks(bytes, cuts), { onReject, ...limit }),
            false,
          );
          const batches = await log(
            (onReject) =>
              readNdjsonSelected(chunks(bytes, cuts), paths, { onReject, ...limit })[RECORD_BATCHES](),
            true,
          );
          expect(batches).toEqual(full);
        }),
      );
    },
  );

  it('cuts its batches at chunk ends and before a rejected line; evaluateInventory visits a batch in order', async () => {
    // Two chunks: a line cut between them, a blank line, a CRLF line, a malformed line, and a last line
    // without a newline.
    const text = '{"id":1}\n{"id":2}\n{"id"' + ':3}\n\n{"id":4}\r\n{"id":\n{"id":6}\n{"id":7}';
    const bytes = encoder.encode(text);
    const cut = text.indexOf(':3');
    const events: unknown[] = [];
    const read = readNdjsonSelected([bytes.slice(0, cut), bytes.slice(cut)], [['id']], {
      onReject: (r) => events.push(`reject ${r.line}`),
    });
    for await (const batch of read[RECORD_BATCHES]()) events.push(batch.map((r) => (r as { id: number }).id));
    expect(events).toEqual([[1, 2], [3, 4], 'reject 6', [6], [7]]);

    const visited: unknown[] = [];
    const again = readNdjsonSelected([bytes.slice(0, cut), bytes.slice(cut)], [['id'], ['resource']], {
      onReject: (r) => visited.push(`reject ${r.line}`),
    });
    const summary = await evaluateInventory(policies, again, {
      asOf: '2026-06-01T00:00:00Z',
      resource: 'component',
      onResult: ({ index, resource }) => {
        visited.push([index, (resource as { id: number }).id]);
      },
    });
    expect(summary.resources).toBe(6);
    expect(visited).toEqual([[0, 1], [1, 2], [2, 3], [3, 4], 'reject 6', [4, 6], [5, 7]]);
  });

  it('stops reading its source when the evaluation stops in a batch, the records after it not visited', async () => {
    const lines = ['{"resource":"component","id":1}', '{"id":2}', '{"resource":"component","id":3}'];
    let closed = false;
    async function* source() {
      try {
        yield encoder.encode(`${lines.join('\n')}\n`);
        yield encoder.encode(`${lines.join('\n')}\n`);
      } finally {
        closed = true;
      }
    }
    const seen: number[] = [];
    // The example policies name two kinds: a record without one stops the run (UNKNOWN_KIND).
    const run = evaluateInventory(policies, readNdjsonSelected(source(), POLICY_PATHS), {
      asOf: '2026-06-01T00:00:00Z',
      onResult: ({ resource }) => {
        seen.push((resource as { id: number }).id);
      },
    });
    await expect(run).rejects.toMatchObject({ code: 'UNKNOWN_KIND', index: 1 });
    expect(seen).toEqual([1]);
    expect(closed).toBe(true);
  });

  it('reads a source that reuses one Buffer for every chunk (a line cut between chunks included)', async () => {
    const text = '{"id":"first","a":1}\n{"id":"second","a":[2]}\n{"id":"third"}\n';
    // Chunks of 7 bytes written into the same Buffer, as fileChunks reads a file.
    async function* reused() {
      const buffer = Buffer.alloc(7);
      const bytes = encoder.encode(text);
      for (let at = 0; at < bytes.length; at += 7) {
        const n = Buffer.from(bytes.subarray(at, at + 7)).copy(buffer);
        yield buffer.subarray(0, n);
      }
    }
    const selected = await readAll(readNdjsonSelected(reused(), [['id']]), []);
    expect(selected).toEqual({
      records: [{ id: 'first' }, { id: 'second' }, { id: 'third' }],
      rejections: [],
      error: null,
    });
  });

  it('throws at the first malformed line without onReject, as readNdjson does', async () => {
    const input = () => [encoder.encode('{"id":1}\n\n{"id":\n{"id":2}\n')];
    const full = await readAll(readNdjson(input()), []);
    const selected = await readAll(readNdjsonSelected(input(), [['id']]), []);
    expect(full.error).not.toBeNull();
    expect(selected).toEqual(full);
  });

  it('a blank line longer than maxRecordLength stops both readers at its line', async () => {
    for (const text of ['   ', '{"a":1}\n \t \n', ' \t \r\n']) {
      const bytes = encoder.encode(text);
      const full = await readAll(readNdjson([bytes], { maxRecordLength: 2, onReject: () => {} }), []);
      const selected = await readAll(readNdjsonSelected([bytes], [['a']], { maxRecordLength: 2 }), []);
      expect(full.error, JSON.stringify(text)).toMatchObject({ code: 'MALFORMED_INPUT' });
      expect(selected.error, JSON.stringify(text)).toEqual(full.error);
    }
  });

  it('byte order marks cut between chunks: the answer of the uncut input, from both readers', async () => {
    // Three marks and a record: two are dropped, the third is a character of the line (not JSON).
    const bytes = encoder.encode('\uFEFF\uFEFF\uFEFF{"id":"bom"}\n{"id":"x"}\n');
    const read = async (cuts: number[]) => {
      const a: Rejection[] = [];
      const b: Rejection[] = [];
      const full = await readAll(readNdjson(chunks(bytes, cuts), { onReject: (r) => a.push(r) }), a);
      const selected = await readAll(
        readNdjsonSelected(chunks(bytes, cuts), [['id']], { onReject: (r) => b.push(r) }),
        b,
      );
      return { full, selected: { ...selected, records: selected.records.flat() } };
    };
    const whole = await read([]);
    expect(whole.full.records).toEqual([{ id: 'x' }]);
    expect(whole.full.rejections.map((r) => r.line)).toEqual([1]);
    for (let cut = 1; cut < 12; cut++) {
      const r = await read([cut]);
      expect(r.full, `cut at ${cut}`).toEqual(whole.full);
      expect(r.selected, `cut at ${cut}`).toEqual(whole.full);
    }
  });
});
