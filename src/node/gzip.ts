import { pipeline, Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';

const GZIP_MAGIC = [0x1f, 0x8b];

/**
 * The bytes of a source, gunzipped when they start with the gzip magic bytes (whatever the file is
 * called: `inventory.json` may well be compressed, and standard input has no name). An error of the
 * source itself (I/O) is thrown as it is; one of the gzip stream (corrupt or truncated data) as
 * `corrupt` makes it.
 */
export async function* gunzipped(
  source: AsyncIterator<Buffer>,
  corrupt: (error: Error) => Error,
): AsyncGenerator<Buffer> {
  let head: Buffer = Buffer.alloc(0);
  // Standard input may deliver a single byte first: the magic needs two.
  while (head.length < GZIP_MAGIC.length) {
    const next = await source.next();
    if (next.done) break;
    head = head.length === 0 ? next.value : Buffer.concat([head, next.value]);
  }
  let sourceError: { error: unknown } | null = null;
  async function* all(): AsyncGenerator<Buffer> {
    if (head.length > 0) yield head;
    try {
      for (;;) {
        const next = await source.next();
        if (next.done) return;
        yield next.value;
      }
    } catch (error) {
      sourceError = { error };
      throw error;
    }
  }
  if (head[0] !== GZIP_MAGIC[0] || head[1] !== GZIP_MAGIC[1]) {
    yield* all();
    return;
  }
  const gunzip = createGunzip();
  pipeline(Readable.from(all()), gunzip, () => {});
  try {
    for await (const chunk of gunzip) yield chunk as Buffer;
  } catch (error) {
    if (sourceError !== null) throw (sourceError as { error: unknown }).error;
    throw corrupt(error as Error);
  }
}
