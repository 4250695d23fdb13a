import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import { gunzipped } from '../node/gzip.js';

export { type Rejection, readInventory } from '../policy/records.js';

/** Input that cannot be read any further (a missing file, an I/O error, a corrupt gzip stream). */
export class InputError extends Error {
  override readonly name = 'InputError';
}

/** Opens the input: a file, or standard input for `-`. `size` is known for regular files only. */
export async function openInput(path: string): Promise<{ stream: Readable; size: number | null }> {
  if (path === '-') return { stream: process.stdin, size: null };
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    throw new InputError(
      `cannot read input ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
    );
  }
  if (info.isDirectory()) throw new InputError(`cannot read input ${path}: it is a directory`);
  return { stream: createReadStream(path), size: info.isFile() ? info.size : null };
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

/** Writes to a stream, waiting for `drain` when its buffer is full (back-pressure). */
export function write(stream: NodeJS.WritableStream, text: string): void | Promise<void> {
  if (stream.write(text)) return;
  return new Promise((resolve) => stream.once('drain', () => resolve()));
}
