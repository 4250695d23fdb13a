import { constants, type Stats } from 'node:fs';
import * as fsp from 'node:fs/promises';
import { open, readdir, realpath, stat } from 'node:fs/promises';
import { dirname, extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { MAX_CLI_MESSAGE, safeMessage } from '../errors.js';
import { formatGithub } from '../validate/formats/github.js';
import { formatSarif } from '../validate/formats/sarif.js';
import { formatText } from '../validate/formats/text.js';
import type { FileReport } from '../validate/formats/types.js';
import { validatePolicy } from '../validate/index.js';
import type { Diagnostic, K8sDetailsSchema } from '../validate/types.js';
import { printable } from '../validate/unprintable.js';
import {
  exitOnClosedPipe,
  LIMIT_OPTION,
  limitUsage,
  parseCommandArgs,
  parseLimitFlags,
  UsageError,
  usageErrorText,
} from './args.js';
import { TEST_FILE } from './policies.js';

const VERSION = '0.1.0';

export const VALIDATE_USAGE = `usage: svc-policy validate [--format text|json|sarif|github] [--k8s-schema FILE] [--max-bytes N]
                           [--limit NAME=N]... [--root DIR] [--help] PATH...

Validates policy files (JSON or YAML): schema, policy rules, field paths and types, array selectors,
contradictions and dead rules, lookalike characters. PATH is a file, a directory (searched for .json,
.yaml and .yml files, skipping node_modules, dot-directories and *.test.* policy tests) or a glob
("policies/**/*.yaml").

options:
  -f, --format FORMAT   text (default): file:line:column severity code message, with a code frame
                        json: {"files": [{file, valid, diagnostics}], "errors", "warnings"}
                        sarif: SARIF 2.1.0 (GitHub code scanning and other tools)
                        github: GitHub Actions workflow annotations
      --k8s-schema FILE the response of POST /k8sResource/detailsSchema ({ kind, fields }): details$ paths
                        are checked against its descriptors
      --max-bytes N     largest file read (default 1048576; the same as --limit maxFileBytes=N)
${limitUsage(24)}
      --root DIR        files must resolve inside DIR (default: the git repository root, else the
                        working directory); a symlink leading outside is reported, not followed
  -h, --help            this text

exit codes:
  0  no errors (warnings allowed)
  1  some policy file has errors
  2  usage error, or a file could not be read (missing, not a regular file, too large, outside the root)
`;

export const VALIDATE_OPTIONS = {
  format: { type: 'string', short: 'f' },
  'k8s-schema': { type: 'string' },
  'max-bytes': { type: 'string' },
  ...LIMIT_OPTION,
  root: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Format = 'text' | 'json' | 'sarif' | 'github';
const FORMATS: readonly Format[] = ['text', 'json', 'sarif', 'github'];
const POLICY_EXTENSIONS = new Set(['.json', '.yaml', '.yml']);
export const DEFAULT_MAX_BYTES = 1024 * 1024;
const READ_CHUNK = 64 * 1024;
/** Descriptors of one Kubernetes kind are kilobytes; this only stops a runaway file. */
const K8S_SCHEMA_MAX_BYTES = 16 * 1024 * 1024;
const GLOB_CHARS = /[*?[\]{}]/;

/** A file to validate, or a path that led to nothing readable. */
interface Target {
  readonly path: string;
  /** Set when the path cannot be read; the message of its diagnostic. */
  readonly problem?: string;
}

function errno(error: unknown): string {
  const e = error as NodeJS.ErrnoException;
  if (e?.code === 'ENOENT') return 'no such file or directory';
  if (e?.code === 'EACCES' || e?.code === 'EPERM') return 'permission denied';
  if (e?.code === 'ELOOP') return 'too many levels of symbolic links';
  return e?.code ?? String(error);
}

function kindOf(info: Stats): string {
  if (info.isFIFO()) return 'a FIFO';
  if (info.isCharacterDevice()) return 'a character device';
  if (info.isBlockDevice()) return 'a block device';
  if (info.isSocket()) return 'a socket';
  return 'not a regular file';
}

/** The repository root: the nearest ancestor of the working directory holding `.git`, else the directory. */
async function defaultRoot(cwd: string): Promise<string> {
  let dir = cwd;
  for (;;) {
    try {
      await stat(join(dir, '.git'));
      return dir;
    } catch {
      const parent = dirname(dir);
      if (parent === dir) return cwd;
      dir = parent;
    }
  }
}

function inside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Expands a directory into its policy files, following symlinks once (no loops). A directory that
 * resolves outside the root is reported, not entered: a link to `/` would otherwise walk the whole
 * file system.
 */
async function walk(dir: string, root: string, out: Target[], seen: Set<string>): Promise<void> {
  let real: string;
  try {
    real = await realpath(dir);
  } catch (error) {
    out.push({ path: dir, problem: `cannot be read as a directory: ${errno(error)}` });
    return;
  }
  if (!inside(root, real)) {
    out.push({
      path: dir,
      problem: `is a directory that resolves to ${real}, outside ${root}; not searched`,
    });
    return;
  }
  if (seen.has(real)) return;
  seen.add(real);
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(dir, { withFileTypes: true });
  } catch (error) {
    out.push({ path: dir, problem: `cannot be read as a directory: ${errno(error)}` });
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
        isDir = false; // a dangling link: reported below if it is named like a policy file
      }
    }
    if (isDir) {
      if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) await walk(path, root, out, seen);
    } else if (POLICY_EXTENSIONS.has(extname(entry.name).toLowerCase()) && !TEST_FILE.test(entry.name)) {
      out.push({ path });
    }
  }
}

/** Expands the PATH arguments (files, directories, globs) into targets, without duplicates. */
async function expand(
  args: readonly string[],
  root: string,
): Promise<{ targets: Target[]; unmatched: string[] }> {
  const targets: Target[] = [];
  const unmatched: string[] = [];
  const seen = new Set<string>();
  for (const arg of args) {
    let info: Stats | undefined;
    try {
      info = await stat(arg);
    } catch {
      info = undefined;
    }
    if (info?.isDirectory()) {
      const before = targets.length;
      await walk(arg, root, targets, seen);
      if (targets.length === before) unmatched.push(arg);
    } else if (info === undefined && GLOB_CHARS.test(arg)) {
      // Read from the namespace: a named import would fail to link on Node 20, taking the whole CLI down.
      const glob = (fsp as Partial<typeof fsp>).glob;
      if (typeof glob !== 'function')
        throw new UsageError('glob patterns need Node 22 or later; pass files or directories');
      const matches: string[] = [];
      for await (const m of glob(arg, { exclude: (p) => p.includes('node_modules') }))
        matches.push(String(m));
      matches.sort();
      const before = targets.length;
      for (const m of matches) {
        const mInfo = await stat(m).catch(() => undefined);
        if (mInfo?.isDirectory()) await walk(m, root, targets, seen);
        else if (POLICY_EXTENSIONS.has(extname(m).toLowerCase()) && !TEST_FILE.test(m))
          targets.push({ path: m });
      }
      if (targets.length === before) unmatched.push(arg);
    } else if (TEST_FILE.test(arg)) {
      // A policy test (svc-policy test) is not a policy: hooks that pass every staged YAML file must
      // not fail on it.
    } else {
      // A named file is validated whatever its extension (and reported when it cannot be read).
      targets.push({ path: arg });
    }
  }
  const unique = new Map<string, Target>();
  for (const t of targets) if (!unique.has(resolve(t.path))) unique.set(resolve(t.path), t);
  return { targets: [...unique.values()], unmatched };
}

/** Reads a file as UTF-8 text, refusing what is not a regular file inside the root or is too large. */
export async function readPolicy(
  path: string,
  root: string | undefined,
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
    return { problem: `is ${kindOf(info)}, not a regular file; not read`, code: 'UNREADABLE_FILE' };
  if (info.size > maxBytes) {
    return {
      problem: `is ${info.size} bytes, more than the limit of ${maxBytes} (${limitName})`,
      code: 'MAX_FILE_BYTES_EXCEEDED',
    };
  }
  if (root !== undefined && !inside(root, real)) {
    return { problem: `resolves to ${real}, outside ${root}; not read`, code: 'UNREADABLE_FILE' };
  }
  let bytes: Buffer;
  try {
    // O_NONBLOCK: should the file be swapped for a FIFO after the check, opening still returns at once.
    const handle = await open(real, constants.O_RDONLY | constants.O_NONBLOCK);
    try {
      const again = await handle.stat();
      if (!again.isFile())
        return { problem: `is ${kindOf(again)}, not a regular file; not read`, code: 'UNREADABLE_FILE' };
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

async function loadK8sSchema(path: string): Promise<K8sDetailsSchema> {
  // Read as carefully as a policy file (a FIFO would block, /dev/zero never ends), but from anywhere:
  // the descriptors are the caller's input, not a file of the repository.
  const read = await readPolicy(path, undefined, K8S_SCHEMA_MAX_BYTES, 'the --k8s-schema limit');
  if ('problem' in read) throw new UsageError(`cannot read --k8s-schema ${path}: the file ${read.problem}`);
  const text = read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--k8s-schema ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const fields = Array.isArray(value) ? value : (value as { fields?: unknown } | null)?.fields;
  if (
    !Array.isArray(fields) ||
    !fields.every((f) => typeof f === 'object' && f !== null && typeof f.field === 'string')
  ) {
    throw new UsageError(
      `--k8s-schema ${path} must be { "kind": …, "fields": [{ "field": …, … }] } (the response of POST /k8sResource/detailsSchema)`,
    );
  }
  const kind = (value as { kind?: unknown }).kind;
  return typeof kind === 'string' ? { kind, fields } : { fields };
}

/** `Promise.all` over `items` with at most `limit` calls in flight; results in input order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

function parseFormat(value: string | undefined): Format {
  if (value === undefined) return 'text';
  if ((FORMATS as readonly string[]).includes(value)) return value as Format;
  throw new UsageError(`--format must be one of ${FORMATS.join(', ')}, got "${value}"`);
}

function parseMaxBytes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`--max-bytes must be a positive integer, got "${value}"`);
  }
  return n;
}

function display(path: string, cwd: string): string {
  const rel = relative(cwd, resolve(cwd, path));
  return (rel === '' || rel.startsWith('..') ? path : rel).split(sep).join('/');
}

function render(format: Format, reports: readonly FileReport[]): string {
  switch (format) {
    case 'text':
      return formatText(reports);
    case 'sarif':
      return formatSarif(reports, { name: 'svc-policy', version: VERSION });
    case 'github':
      return formatGithub(reports);
    case 'json': {
      const all = reports.flatMap((r) => r.diagnostics);
      return `${JSON.stringify(
        {
          files: reports.map((r) => ({
            file: r.file,
            valid: !r.diagnostics.some((d) => d.severity === 'error'),
            diagnostics: r.diagnostics,
          })),
          errors: all.filter((d) => d.severity === 'error').length,
          warnings: all.filter((d) => d.severity === 'warning').length,
        },
        null,
        2,
      )}\n`;
    }
  }
}

/**
 * `svc-policy validate`: resolves to the exit code (0 no errors, 1 errors in policy files, 2 usage
 * error or unreadable file).
 */
export async function runValidate(argv: readonly string[]): Promise<number> {
  const out = process.stdout;
  const err = process.stderr;
  exitOnClosedPipe(out);
  try {
    const { values, positionals } = parseCommandArgs(argv, VALIDATE_OPTIONS);
    if (values.help) {
      out.write(VALIDATE_USAGE);
      return 0;
    }
    const format = parseFormat(values.format);
    const maxBytes = parseMaxBytes(values['max-bytes']);
    const limits = parseLimitFlags(values.limit, maxBytes === undefined ? {} : { maxFileBytes: maxBytes });
    if (positionals.length === 0) throw new UsageError('at least one PATH is required');
    const k8sSchema =
      values['k8s-schema'] === undefined ? undefined : await loadK8sSchema(values['k8s-schema']);
    const cwd = process.cwd();
    const root = await realpath(values.root ?? (await defaultRoot(cwd))).catch(() => {
      throw new UsageError(`--root ${values.root} does not exist`);
    });

    const { targets, unmatched } = await expand(positionals, root);
    for (const u of unmatched) err.write(`svc-policy validate: no policy files in ${printable(u)}\n`);
    const reports: FileReport[] = [];
    let unreadable = unmatched.length > 0;
    // Files are read 16 at a time (file system latency dominates), validated and reported in order.
    const reads = await mapLimit(targets, 16, (t) =>
      t.problem === undefined
        ? readPolicy(t.path, root, limits.maxFileBytes)
        : Promise.resolve({ problem: t.problem, code: 'UNREADABLE_FILE' as const }),
    );
    for (const [i, target] of targets.entries()) {
      const file = display(target.path, cwd);
      const read = reads[i]!;
      if ('problem' in read) {
        // A file that was not read (too large among them) leaves the run incomplete: exit 2.
        if (read.code !== 'INVALID_ENCODING') unreadable = true;
        const d: Diagnostic = {
          severity: 'error',
          code: read.code,
          message: `the file ${read.problem}`,
          path: '',
        };
        reports.push({ file, diagnostics: [d] });
        continue;
      }
      const text = read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;
      const result = validatePolicy(text, {
        fileName: target.path,
        limits,
        ...(k8sSchema === undefined ? {} : { k8sSchema }),
      });
      reports.push({ file, text, diagnostics: result.diagnostics });
    }
    out.write(render(format, reports));
    if (unreadable) return 2;
    return reports.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(usageErrorText('validate', error.message));
      return 2;
    }
    err.write(`svc-policy validate: ${printable(safeMessage(error, MAX_CLI_MESSAGE))}\n`);
    return 2;
  }
}
