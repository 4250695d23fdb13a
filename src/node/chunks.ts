import type { FileHandle } from 'node:fs/promises';

/** Bytes read at a time by {@link fileChunks}. */
const CHUNK_BYTES = 1 << 20;

/**
 * Bytes [start, end) of an open file in chunks read into two buffers, reused in turn: for a reader that
 * is done with a chunk when it asks for the next (the selective reader copies what it keeps). The next
 * chunk is read while the caller reads this one, so the thread waits for the disk only when it is
 * faster than the disk. A read stream allocates a buffer per chunk, and touching that fresh memory
 * cost more CPU than the selective scan of the lines in it (bench/README.md, "NDJSON"). The caller
 * closes `handle`.
 */
export async function* fileChunks(
  handle: FileHandle,
  start = 0,
  end = Number.POSITIVE_INFINITY,
): AsyncGenerator<Buffer> {
  // Buffers, whose indexOf (the reader's line ends) is native, unlike a Uint8Array's.
  const buffers = [Buffer.allocUnsafeSlow(CHUNK_BYTES), Buffer.allocUnsafeSlow(CHUNK_BYTES)] as const;
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
  }
}
