import { extname } from 'node:path';
import { MAX_CLI_MESSAGE, safeMessage } from '../errors.js';
import { DEFAULT_LIMITS, type Limits } from '../limits.js';
import { type CompiledPolicy, compilePolicy, PolicyError } from '../policy/index.js';
import { jsonTextProblem } from '../validate/source/json.js';
import { readYaml } from '../validate/source/yaml.js';
import { printable } from '../validate/unprintable.js';
import { DEFAULT_MAX_BYTES, policyFiles, readTextFile } from './files.js';
import { InputError } from './io.js';
import type { Reporter } from './runner.js';

/** How {@link readDocument} reads a file. */
export interface ReadOptions {
  /** Largest file read, in bytes (default 1 MiB). */
  readonly maxBytes?: number;
  /** The document's limits (nesting, `maxDocumentValues`); default {@link DEFAULT_LIMITS}. */
  readonly limits?: Limits;
  /** The directory the file must resolve inside (see files.ts); `undefined` for a path the user named. */
  readonly within?: string | undefined;
}

/**
 * Reads a JSON or YAML file (by extension) as `validate` reads it: a FIFO or device named `*.json` is
 * refused, not opened (opening a FIFO blocks until a writer comes), and so are files too large, files
 * that are not UTF-8 and files found in a directory that resolve outside it. A UTF-8 byte order mark
 * is ignored. Messages are escaped for a terminal. The document is held to the limits' nesting and
 * `maxDocumentValues` (YAML aliases expanded) before the parser builds anything.
 */
export async function readDocument(file: string, what: string, options: ReadOptions = {}): Promise<unknown> {
  const { maxBytes = DEFAULT_MAX_BYTES, limits = DEFAULT_LIMITS, within } = options;
  const read = await readTextFile(file, within, maxBytes, '--limit maxFileBytes');
  if ('problem' in read)
    throw new InputError(
      `cannot read ${what} ${printable(file)}: the file ${printable(read.problem)}${read.code === 'MAX_FILE_BYTES_EXCEEDED' ? ` [${read.code}]` : ''}`,
    );
  return parseDocument(read.text, file, limits);
}

/**
 * Parses the text of a JSON or YAML file (by the extension of `file`, which messages name), nesting and
 * values checked before the parser builds anything: the readers `validate` uses.
 */
export function parseDocument(source: string, file: string, limits: Limits = DEFAULT_LIMITS): unknown {
  // A byte order mark is an editor's artifact, not JSON; JSON.parse would reject the whole file.
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const json = extname(file).toLowerCase() === '.json';
  const fail = (message: string, offset?: number) => {
    const where = offset === undefined ? '' : ` (line ${lineOf(text, offset)})`;
    return new InputError(
      `${printable(file)}: not valid ${json ? 'JSON' : 'YAML'}${where}: ${printable(message, { lines: true })}`,
    );
  };
  if (json) {
    const problem = jsonTextProblem(text, limits);
    if (problem !== undefined) throw fail(`${problem.message} [${problem.code}]`, problem.offset);
    try {
      return JSON.parse(text);
    } catch (error) {
      throw fail(safeMessage(error, MAX_CLI_MESSAGE));
    }
  }
  const read = readYaml(text, limits);
  const error = read.problems.find((p) => p.severity === 'error');
  if (error !== undefined || !('value' in read)) {
    const p = error ?? read.problems[0];
    throw fail(p === undefined ? 'the document cannot be read' : `${p.message} [${p.code}]`, p?.offset);
  }
  return read.value;
}

/** The 1-based line of an offset of `text`. */
function lineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) line++;
  return line;
}

/** One policy file, compiled; or the lines describing each of its problems. */
export async function loadPolicy(
  file: string,
  limits: Limits = DEFAULT_LIMITS,
  within?: string,
  asOf?: number,
): Promise<CompiledPolicy | string[]> {
  let definition: unknown;
  try {
    definition = await readDocument(file, 'policy', { maxBytes: limits.maxFileBytes, limits, within });
  } catch (error) {
    if (error instanceof InputError && error.message.startsWith(`${printable(file)}: not valid`))
      return [error.message];
    throw error;
  }
  try {
    return compilePolicy(definition, asOf === undefined ? { limits } : { limits, asOf });
  } catch (error) {
    if (!(error instanceof PolicyError)) throw error;
    return error.problems.map(
      (p) => `${printable(file)}: ${printable(p.path || '/')}: ${printable(p.message)} [${p.code}]`,
    );
  }
}

/** Reads and compiles every policy; reports all problems of all files before giving up. */
export async function loadPolicies(
  paths: readonly string[],
  err: Reporter,
  limits: Limits = DEFAULT_LIMITS,
  asOf?: number,
): Promise<CompiledPolicy[] | null> {
  const policies: CompiledPolicy[] = [];
  let failed = false;
  for (const found of await policyFiles(paths)) {
    if (found.problem !== undefined)
      throw new InputError(`cannot read policy ${printable(found.path)}: ${printable(found.problem)}`);
    const loaded = await loadPolicy(found.path, limits, found.within, asOf);
    if (Array.isArray(loaded)) {
      for (const line of loaded) err.lines(line);
      failed = true;
    } else policies.push(loaded);
  }
  return failed ? null : policies;
}
