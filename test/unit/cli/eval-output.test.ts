import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { outputWriter } from '../../../src/cli/eval-output.js';
import type { InventorySummary } from '../../../src/policy/index.js';

/** A standard output that records each write, a terminal or not. */
function sink(isTTY: boolean) {
  const writes: string[] = [];
  const out = new Writable({
    write(chunk: Buffer, _encoding, done) {
      writes.push(chunk.toString('utf8'));
      done();
    },
  });
  Object.assign(out, { isTTY });
  return { out, writes };
}

const summary = { resources: 2, policies: [] } as unknown as InventorySummary;
const report = { resources: 2 };

describe("svc-policy eval's output writer", () => {
  it('gathers the texts of many resources into few writes, in order, the summary last', async () => {
    const { out, writes } = sink(false);
    const writer = outputWriter('ndjson', out, false);
    const lines = Array.from({ length: 5000 }, (_, i) => `{"index":${i},"id":"r${i}","results":[]}`);
    for (const line of lines) await writer.resource(line);
    await writer.resource(null);
    await writer.finish(summary, report, 0);
    expect(writes.join('')).toBe(`${lines.join('\n')}\n${JSON.stringify({ summary: report })}\n`);
    // About 190 kB of text: a write per 64 kB gathered, not one per resource.
    expect(writes.length).toBeLessThanOrEqual(4);
  });

  it('writes each text at once on a terminal', async () => {
    const { out, writes } = sink(true);
    const writer = outputWriter('ndjson', out, false);
    await writer.resource('{"index":0}');
    expect(writes).toEqual(['{"index":0}\n']);
  });

  it('writes what it gathered when the run stops on an error (flush), and nothing twice', async () => {
    const { out, writes } = sink(false);
    const writer = outputWriter('json', out, true);
    await writer.resource('{"index":0}');
    await writer.resource('{"index":1}');
    expect(writes).toEqual([]);
    await writer.flush();
    await writer.flush();
    expect(writes.join('')).toBe('{"results":[\n{"index":0},\n{"index":1}');
  });
});
