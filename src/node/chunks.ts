import type { FileHandle } from 'node:fs/promises';

/** Bytes read at a time by {@link fileChunks}. */
const CHUNK_BYTES = 1 << 20;

/**
 * Bytes [start, end) of an open file in chunks read into two buffers, reused in turn: for a reader that
 * is done with a chunk when it asks for the next (the selective reader copies what it keeps). The next
 * chunk is read while the caller reads this one, so the thread waits for the disk only when it is
 * faster than the disk. A read stream allocates a buffer per chunk, and touching that fresh memory
 * cost more CPU than the selective scan of the lines in it (bench/README.md, "NDJSON"). Once the read
 * ends (or the caller stops it), its buffers serve the next read: keep no chunk past that. The caller
 * closes `handle`.
 */
export async function* fileChunks(
  handle: FileHandle,
  start = 0,
  end = Number.POSITIVE_INFINITY,
): AsyncGenerator<Buffer> {
  const buffers = [spare.pop() ?? fresh(), spare.pop() ?? fresh()] as const;
  let position = start;
  let turn = 0;
  const read = (buffer: Buffer) => handle.read(buffer, 0, Math.min(CHUNK_BYTES, end - position), position);
  let next = position < end ? read(buffers[0]) : undefined;
  try {
    while (next !== undefined) {
      const { bytesRead, buffer } = await next;
      next = undefined;
      if (bytesRead === 0) return;
      position += bytesRead;
      if (position < end) next = read(++turn & 1 ? buffers[1] : buffers[0]);
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
    // A read still in flight when the caller stops early: settled before the caller closes the file.
    await next?.catch(() => undefined);
    // Only now, with no read in flight and the caller done with the last chunk, may another read reuse them.
    if (spare.length <= MAX_SPARE - 2) spare.push(...buffers);
  }
}

/**
 * Buffers of finished reads, kept for the next in this thread: a worker reads a file in many ranges,
 * and 2 MiB of fresh external memory per range cost more in collections than scanning a small range
 * (bench/README.md, "Ranges without fresh buffers").
 */
const spare: Buffer[] = [];
/** Enough for the two ranges a worker may read at once. */
const MAX_SPARE = 4;

// Buffers, whose indexOf (the reader's line ends) is native, unlike a Uint8Array's.
function fresh(): Buffer {
  return Buffer.allocUnsafeSlow(CHUNK_BYTES);
}
