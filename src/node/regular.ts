import { constants, type Stats } from 'node:fs';
import { type FileHandle, open } from 'node:fs/promises';

/** What a file that is not a regular file is, for a message: `a FIFO`, `a character device`… */
export function fileKind(info: Stats): string {
  if (info.isDirectory()) return 'a directory';
  if (info.isFIFO()) return 'a FIFO';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

/**
 * Opens a regular file for reading, or says what else it is (and opens nothing that stays open).
 * Opened with O_NONBLOCK, so that a FIFO no one writes is refused at once instead of blocking the open
 * (which no AbortSignal can interrupt), and checked on the open descriptor, so that a file swapped
 * after a check is not read either. O_NONBLOCK changes nothing for reads of a regular file.
 */
export async function openRegularFile(
  path: string,
): Promise<{ handle: FileHandle; info: Stats } | { kind: string }> {
  const handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  let info: Stats;
  try {
    info = await handle.stat();
  } catch (error) {
    await handle.close();
    throw error;
  }
  if (info.isFile()) return { handle, info };
  await handle.close();
  return { kind: fileKind(info) };
}
