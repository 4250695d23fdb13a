import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { setImmediate as tick } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { fileChunks } from '../../../src/node/chunks.js';
import { suiteTempDir } from '../../support/temp.js';

const temp = suiteTempDir('chunks');
const MIB = 1 << 20;

/** A file of `n` random bytes in the suite's folder: its path and bytes. */
function file(n: number): { path: string; bytes: Buffer } {
  const bytes = randomBytes(n);
  const path = join(temp.subfolder('chunks-'), 'data.bin');
  writeFileSync(path, bytes);
  return { path, bytes };
}

/**
 * Reads [start, end) as a reader does: each chunk checked only after the next read has had time to
 * land (several event-loop turns), so a read into the buffer the caller holds would show.
 */
async function readAll(path: string, start?: number, end?: number): Promise<Buffer> {
  const handle = await open(path);
  const seen: Buffer[] = [];
  try {
    for await (const chunk of fileChunks(handle, start, end)) {
      const copy = Buffer.from(chunk);
      for (let k = 0; k < 20; k++) await tick();
      expect(chunk.equals(copy)).toBe(true);
      seen.push(copy);
    }
  } finally {
    await handle.close();
  }
  return Buffer.concat(seen);
}

describe('fileChunks: the next chunk read while the caller reads this one', () => {
  it('gives every byte once, in order, and leaves a chunk as it was until the next is asked for', async () => {
    const { path, bytes } = file(3 * MIB + 12_345);
    expect((await readAll(path)).equals(bytes)).toBe(true);
    // Ranges: inside a chunk, across chunk edges, to the end, empty, and past the end.
    for (const [s, e] of [
      [5, 17],
      [MIB - 3, 2 * MIB + 7],
      [2 * MIB + 1, bytes.length],
      [700, 700],
      [bytes.length - 10, bytes.length + MIB],
    ] as const) {
      expect((await readAll(path, s, e)).equals(bytes.subarray(s, e))).toBe(true);
    }
  });

  it('reads an empty file as no chunk', async () => {
    const { path } = file(0);
    expect((await readAll(path)).length).toBe(0);
  });

  it('settles the read in flight when the caller stops early, so the file closes cleanly', async () => {
    const { path, bytes } = file(2 * MIB + 1);
    const handle = await open(path);
    let first: Buffer | undefined;
    for await (const chunk of fileChunks(handle)) {
      first = Buffer.from(chunk);
      break;
    }
    await handle.close();
    expect(first?.equals(bytes.subarray(0, MIB))).toBe(true);
  });

  it('reuses the buffers of a finished read, and never shares them between reads under way', async () => {
    const { path, bytes } = file(2 * MIB + 99);
    const arrays = async () => {
      const handle = await open(path);
      const seen = new Set<ArrayBufferLike>();
      try {
        for await (const chunk of fileChunks(handle)) seen.add(chunk.buffer);
      } finally {
        await handle.close();
      }
      return seen;
    };
    const first = await arrays();
    const second = await arrays();
    expect([...second].every((b) => first.has(b))).toBe(true);
    // Two reads at once in one thread (a worker's two ranges): each keeps its own two buffers.
    const [a, b] = await Promise.all([readAll(path, 0, bytes.length), readAll(path, 7, bytes.length - 5)]);
    expect(a.equals(bytes)).toBe(true);
    expect(b.equals(bytes.subarray(7, bytes.length - 5))).toBe(true);
  });
});
