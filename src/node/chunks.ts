import type { FileHandle } from 'node:fs/promises';

/** Bytes read at a time by {@link fileChunks}. */
const CHUNK_BYTES = 1 << 20;

/**
 * Bytes [start, end) of an open file in chunks read into one buffer, reused from chunk to chunk: for a
 * reader that is done with a chunk when it asks for the next (the selective reader copies what it
 * keeps). A read stream allocates a buffer per chunk, and touching that fresh memory cost more CPU than
 * the selective scan of the lines in it (bench/README.md, "NDJSON"). The caller closes `handle`.
 */
export async function* fileChunks(
  handle: FileHandle,
  start = 0,
  end = Number.POSITIVE_INFINITY,
): AsyncGenerator<Buffer> {
  // A Buffer, whose indexOf (the reader's line ends) is native, unlike a Uint8Array's.
  const buffer = Buffer.allocUnsafeSlow(CHUNK_BYTES);
  let position = start;
  while (position < end) {
    const { bytesRead } = await handle.read(buffer, 0, Math.min(CHUNK_BYTES, end - position), position);
    if (bytesRead === 0) return;
    position += bytesRead;
    yield buffer.subarray(0, bytesRead);
  }
}
