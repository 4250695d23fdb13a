import type { Dirent, Stats } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { readdir, realpath, stat } from 'node:fs/promises';
import { basename, dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { fileKind, openRegularFile } from '../node/regular.js';
import { printable } from '../validate/unprintable.js';
import { UsageError } from './args.js';
import { InputError } from './io.js';

/**
 * How every command finds and reads the files it is given. A path named on the command line is the
 * user's to read, wherever it is. What is met while walking a named directory (a file, a subdirectory,
 * a symlink) must resolve inside the confinement: the root (the git repository root, else the working
 * directory; `validate --root DIR`) when the named directory is inside it, else the named directory
 * itself. A test file's `policy:` is confined the same way as the test file. A link leading outside is
 * reported (its resolved path named), never followed or read.
 */

/** Extensions of policy files (compared in lower case: `P.JSON` is a policy file too). */
export const POLICY_EXTENSIONS: ReadonlySet<string> = new Set(['.json', '.yaml', '.yml']);

/** Policy unit-test files (`svc-policy test`): `NAME.test.json`, `NAME.test.yaml`, `NAME.test.yml`. */
export const TEST_FILE = /\.test\.(json|ya?ml)$/;

/** Whether a file name is a policy file: a policy extension, and not a policy test. */
export function isPolicyFile(name: string): boolean {
  return POLICY_EXTENSIONS.has(extname(name).toLowerCase()) && !TEST_FILE.test(name);
}

/** Largest file read by default (`--limit maxFileBytes`). */
export const DEFAULT_MAX_BYTES = 1024 * 1024;
const READ_CHUNK = 64 * 1024;
const GLOB_CHARS = /[*?[\]{}]/;

/** A file found, or a path that led to nothing readable. */
export interface Found {
  readonly path: string;
  /** The directory the file must resolve inside; `undefined` for a path named on the command line. */
  readonly within: string | undefined;
  /** Set when the path cannot be read: what is wrong with it. */
  readonly problem?: string;
}

export function errno(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'ENOENT') return 'no such file or directory';
  if (e?.code === 'EACCES' || e?.code === 'EPERM') return 'permission denied';
  if (e?.code === 'ELOOP') return 'too many levels of symbolic links';
  return e?.code ?? String(error);
}

/** The repository root: the nearest ancestor of the working directory holding `.git`, else the directory. */
export async function defaultRoot(cwd: string = process.cwd()): Promise<string> {
  let dir = cwd;
  for (;;) {
    try {
      await stat(join(dir, '.git'));
      return realpath(dir);
    } catch {
      const parent = dirname(dir);
      if (parent === dir) return realpath(cwd);
      dir = parent;
    }
  }
}

/** Whether `path` is `root` or inside it (both resolved). */
export function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/** The confinement of what is found under a named path: the root when the path is inside it, else the path. */
export async function confinementOf(named: string, root: string): Promise<string> {
  const real = await realpath(named).catch(() => resolve(named));
  return inside(root, real) ? root : real;
}

/**
 * Expands a directory into the files `match` accepts, following symlinks once (no loops), recursively
 * unless `recursive` is false (node_modules and dot-directories skipped). A directory that resolves
 * outside `within` is reported, not entered: a link to `/` would otherwise walk the whole file system.
 */
async function walk(
  dir: string,
  within: string,
  match: (name: string) => boolean,
  recursive: boolean,
  out: Found[],
  seen: Set<string>,
): Promise<void> {
  let real: string;
  try {
    real = await realpath(dir);
  } catch (error) {
    out.push({ path: dir, within, problem: `cannot be read as a directory: ${errno(error)}` });
    return;
  }
  if (!inside(within, real)) {
    out.push({
      path: dir,
      within,
      problem: `is a directory that resolves to ${real}, outside ${within}; not searched`,
    });
    return;
  }
  if (seen.has(real)) return;
  seen.add(real);
  let entries: Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    out.push({ path: dir, within, problem: `cannot be read as a directory: ${errno(error)}` });
    return;
  }
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  for (const entry of entries) {
    const path = join(dir, entry.name);
    let isDir = entry.isDirectory();
    if (entry.isSymbolicLink()) {
      try {
        isDir = (await stat(path)).isDirectory();
      } catch {
        isDir = false; // a dangling link: reported when read, if it is named like a wanted file
      }
    }
    if (isDir) {
      if (recursive && entry.name !== 'node_modules' && !entry.name.startsWith('.'))
        await walk(path, within, match, recursive, out, seen);
    } else if (match(entry.name)) {
      out.push({ path, within });
    }
  }
}

/** What {@link findFiles} looks for. */
export interface FindOptions {
  /** Confines what is found inside named directories (see the top of this file). */
  readonly root: string;
  /** The file names wanted in a directory. */
  readonly match: (name: string) => boolean;
  /** Whether subdirectories are searched too. */
  readonly recursive: boolean;
  /** Whether a path that does not exist is read as a glob pattern (Node 22 or later). */
  readonly globs?: boolean;
  /** Named files to leave out silently (`validate` given a test file by a hook). */
  readonly skipNamed?: (path: string) => boolean;
}

/**
 * The one discovery of the CLI: expands the PATH arguments (files, directories, globs) into files,
 * without duplicates, in argument order then name order. A named file is kept whatever its name (and
 * reported when read, should it be missing); `unmatched` lists the directories and globs that gave
 * nothing.
 */
export async function findFiles(
  args: readonly string[],
  options: FindOptions,
): Promise<{ files: Found[]; unmatched: string[] }> {
  const files: Found[] = [];
  const unmatched: string[] = [];
  const seen = new Set<string>();
  const { root, match, recursive } = options;
  for (const arg of args) {
    let info: Stats | undefined;
    try {
      info = await stat(arg);
    } catch {
      info = undefined;
    }
    if (info?.isDirectory()) {
      const before = files.length;
      await walk(arg, await confinementOf(arg, root), match, recursive, files, seen);
      if (files.length === before) unmatched.push(arg);
    } else if (info === undefined && options.globs === true && GLOB_CHARS.test(arg)) {
      // Read from the namespace: a named import would fail to link on Node 20, taking the whole CLI down.
      const glob = (fsp as Partial<typeof fsp>).glob;
      if (typeof glob !== 'function')
        throw new UsageError('glob patterns need Node 22 or later; pass files or directories');
      const matches: string[] = [];
      for await (const m of glob(arg, { exclude: (p) => p.includes('node_modules') }))
        matches.push(String(m));
      matches.sort();
      const before = files.length;
      for (const m of matches) {
        const mInfo = await stat(m).catch(() => undefined);
        // A pattern is the user's own naming: what it matches is read as if named.
        if (mInfo?.isDirectory()) await walk(m, await confinementOf(m, root), match, recursive, files, seen);
        else if (match(m)) files.push({ path: m, within: undefined });
      }
      if (files.length === before) unmatched.push(arg);
    } else if (options.skipNamed?.(arg) !== true) {
      files.push({ path: arg, within: undefined });
    }
  }
  const unique = new Map<string, Found>();
  for (const f of files) if (!unique.has(resolve(f.path))) unique.set(resolve(f.path), f);
  return { files: [...unique.values()], unmatched };
}

/**
 * The policy files of `eval -p` and `diff`: named files as given, the policy files of a named directory
 * (not its subdirectories; test files left out) in name order, confined as `validate` confines them.
 */
export async function policyFiles(paths: readonly string[]): Promise<Found[]> {
  const { files, unmatched } = await findFiles(paths, {
    root: await defaultRoot(),
    match: isPolicyFile,
    recursive: false,
  });
  const [first] = unmatched;
  if (first !== undefined) throw new InputError(`no .json or .yaml policy files in ${printable(first)}`);
  return files;
}

/**
 * The test files of `svc-policy test`: named files as given, directories searched recursively, in name
 * order; what is found in a directory is confined as every command confines it.
 */
export async function testFiles(paths: readonly string[], root: string): Promise<Found[]> {
  for (const path of paths) {
    try {
      await stat(path);
    } catch (error) {
      throw new InputError(
        `cannot read ${printable(path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      );
    }
  }
  const { files } = await findFiles(paths, { root, match: (name) => TEST_FILE.test(name), recursive: true });
  return files;
}

/** The policy file beside a test file: `NAME.json`, `NAME.yaml` or `NAME.yml` for `NAME.test.*`. */
export async function policyBeside(testFile: string): Promise<string> {
  const base = basename(testFile).replace(TEST_FILE, '');
  for (const ext of POLICY_EXTENSIONS) {
    const candidate = join(dirname(testFile), `${base}${ext}`);
    if ((await stat(candidate).catch(() => null))?.isFile()) return candidate;
  }
  throw new Error(`no "policy" given and no ${base}.json, ${base}.yaml or ${base}.yml beside it`);
}

/**
 * Reads a file as UTF-8 text, refusing what is not a regular file, is too large, or (with `within`)
 * resolves outside `within`. The one read of every file a command reads.
 */
export async function readTextFile(
  path: string,
  within: string | undefined,
  maxBytes: number,
  limitName = '--max-bytes',
): Promise<
  | { text: string }
  | { problem: string; code: 'UNREADABLE_FILE' | 'INVALID_ENCODING' | 'MAX_FILE_BYTES_EXCEEDED' }
> {
  let real: string;
  try {
    real = await realpath(path);
  } catch (error) {
    return { problem: `cannot be read: ${errno(error)}`, code: 'UNREADABLE_FILE' };
  }
  let info: Stats;
  try {
    info = await stat(real);
  } catch (error) {
    return { problem: `cannot be read: ${errno(error)}`, code: 'UNREADABLE_FILE' };
  }
  // Checked before opening: opening a FIFO blocks until a writer comes, and /dev/zero never ends.
  if (info.isDirectory()) return { problem: 'is a directory', code: 'UNREADABLE_FILE' };
  if (!info.isFile())
    return { problem: `is ${fileKind(info)}, not a regular file; not read`, code: 'UNREADABLE_FILE' };
  if (info.size > maxBytes) {
    return {
      problem: `is ${info.size} bytes, more than the limit of ${maxBytes} (${limitName})`,
      code: 'MAX_FILE_BYTES_EXCEEDED',
    };
  }
  if (within !== undefined && !inside(within, real)) {
    return { problem: `resolves to ${real}, outside ${within}; not read`, code: 'UNREADABLE_FILE' };
  }
  let bytes: Buffer;
  try {
    // Should the file be swapped for a FIFO after the check, opening still returns at once.
    const opened = await openRegularFile(real);
    if ('kind' in opened)
      return { problem: `is ${opened.kind}, not a regular file; not read`, code: 'UNREADABLE_FILE' };
    const { handle } = opened;
    try {
      // Read to the end rather than to the size `stat` gave: a file can grow after the check, and some
      // (procfs) report a size of 0 whatever they hold. One byte past the limit says "too large".
      const chunks: Buffer[] = [];
      let length = 0;
      while (length <= maxBytes) {
        const chunk = Buffer.alloc(Math.min(READ_CHUNK, maxBytes + 1 - length));
        const { bytesRead } = await handle.read(chunk, 0, chunk.length, length);
        if (bytesRead === 0) break;
        chunks.push(chunk.subarray(0, bytesRead));
        length += bytesRead;
      }
      if (length > maxBytes) {
        return {
          problem: `is more than the limit of ${maxBytes} bytes (${limitName})`,
          code: 'MAX_FILE_BYTES_EXCEEDED',
        };
      }
      bytes = Buffer.concat(chunks, length);
    } finally {
      await handle.close();
    }
  } catch (error) {
    return { problem: `cannot be read: ${errno(error)}`, code: 'UNREADABLE_FILE' };
  }
  try {
    return { text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes) };
  } catch {
    const at = firstInvalidUtf8(bytes);
    let line = 1;
    for (let i = 0; i < at; i++) if (bytes[i] === 0x0a) line++;
    return {
      problem: `is not valid UTF-8: invalid byte 0x${bytes[at]?.toString(16).padStart(2, '0') ?? ''} at byte offset ${at} (line ${line})`,
      code: 'INVALID_ENCODING',
    };
  }
}

/** The offset of the first byte that does not start or continue a valid UTF-8 sequence. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const c = bytes[i]!;
    if (c < 0x80) {
      i++;
      continue;
    }
    const n = c >= 0xc2 && c <= 0xdf ? 1 : c >= 0xe0 && c <= 0xef ? 2 : c >= 0xf0 && c <= 0xf4 ? 3 : 0;
    if (n === 0) return i;
    let cp = c & (0x3f >> n);
    for (let k = 1; k <= n; k++) {
      const d = bytes[i + k];
      if (d === undefined || (d & 0xc0) !== 0x80) return i;
      cp = (cp << 6) | (d & 0x3f);
    }
    const min = n === 1 ? 0x80 : n === 2 ? 0x800 : 0x10000;
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return i;
    i += n + 1;
  }
  return i;
}
