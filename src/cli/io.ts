import { type FileHandle, open } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { fileChunks } from '../node/chunks.js';
import { gunzipped } from '../node/gzip.js';
import { openRegularFile } from '../node/regular.js';
import { printable } from '../validate/unprintable.js';

export { type Rejection, readInventory } from '../inventory/records.js';

/** Input that cannot be read any further (a missing file, an I/O error, a corrupt gzip stream). */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/**
 * Opens the input: a regular file, or standard input for `-` (`size` is `null`). A named FIFO, device
 * or socket is refused before anything is read, as every file a command reads: a FIFO no one writes
 * would hang, `/dev/zero` never ends; a stream is piped to standard input instead.
 */
export async function openInput(path: string): Promise<{ stream: Readable; size: number | null }> {
  if (path === '-') return { stream: process.stdin, size: null };
  let opened: Awaited<ReturnType<typeof openRegularFile>>;
  try {
    opened = await openRegularFile(path);
  } catch (error) {
    throw new InputError(
      `cannot read input ${printable(path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  if ('kind' in opened) {
    throw new InputError(
      `cannot read input ${printable(path)}: it is ${opened.kind}, not a regular file; not read${opened.kind === 'a directory' ? '' : ' (pipe a stream to standard input: --input -)'}`,
    );
  }
  return { stream: opened.handle.createReadStream(), size: opened.info.size };
}

/**
 * The bytes of an input, gunzipped when they start with the gzip magic bytes (see {@link gunzipped}).
 * `onBytes` counts the bytes read from the input itself, so a progress bar against the file size stays
 * right.
 */
export async function* inputBytes(
  stream: Readable,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  let count = 0;
  async function* raw(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of stream) {
        const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer);
        count += buffer.length;
        onBytes?.(count);
        yield buffer;
      }
    } catch (error) {
      throw new InputError(`cannot read input: ${(error as Error).message}`);
    }
  }
  yield* gunzipped(raw(), (error) => new InputError(`cannot read input: not valid gzip: ${error.message}`));
}

/**
 * The bytes of a regular file (plain NDJSON, checked by the caller) for the selective reader, read into
 * two buffers used in turn ({@link fileChunks}); `onBytes` as for {@link inputBytes}.
 */
export async function* fileBytes(
  path: string,
  onBytes?: (bytes: number) => void,
): AsyncGenerator<Uint8Array> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    throw new InputError(
      `cannot read input ${printable(path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  let count = 0;
  try {
    for await (const chunk of fileChunks(handle)) {
      count += chunk.length;
      onBytes?.(count);
      yield chunk;
    }
  } catch (error) {
    throw new InputError(`cannot read input: ${(error as Error).message}`);
  } finally {
    await handle.close();
  }
}

/** Writes to a stream, waiting for `drain` when its buffer is full (back-pressure). */
export function write(stream: NodeJS.WritableStream, text: string): void | Promise<void> {
  if (stream.write(text)) return;
  return new Promise((resolve) => stream.once('drain', () => resolve()));
}
