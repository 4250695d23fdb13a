import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { MAX_CLI_MESSAGE, safeMessage } from '../errors.js';
import { DEFAULT_LIMITS, type Limits } from '../limits.js';
import { type CompiledPolicy, compilePolicy, PolicyError } from '../policy/index.js';
import { jsonTextProblem } from '../validate/source/json.js';
import { readYaml } from '../validate/source/yaml.js';
import { printable } from '../validate/unprintable.js';
import { InputError } from './io.js';
import { DEFAULT_MAX_BYTES, readPolicy } from './validate-command.js';

const POLICY_EXTENSIONS = new Set(['.json', '.yaml', '.yml']);

/** Policy unit-test files (`svc-policy test`): `NAME.test.json`, `NAME.test.yaml`, `NAME.test.yml`. */
export const TEST_FILE = /\.test\.(json|ya?ml)$/;

/** Expands directories into their policy files (sorted, so the order is stable; test files left out). */
export async function policyFiles(paths: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const path of paths) {
    let info: Awaited<ReturnType<typeof stat>>;
    try {
      info = await stat(path);
    } catch (error) {
      throw new InputError(
        `cannot read policy ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      );
    }
    if (!info.isDirectory()) {
      out.push(path);
      continue;
    }
    const names = (await readdir(path))
      .filter((n) => POLICY_EXTENSIONS.has(extname(n)) && !TEST_FILE.test(n))
      .sort();
    if (names.length === 0) throw new InputError(`no .json or .yaml policy files in ${path}`);
    out.push(...names.map((n) => join(path, n)));
  }
  return out;
}

/**
 * Reads a JSON or YAML file (by extension) as `validate` reads it: a FIFO or device named `*.json` is
 * refused, not opened (opening a FIFO blocks until a writer comes), and so are files too large and files
 * that are not UTF-8. A UTF-8 byte order mark is ignored. Messages are escaped for a terminal. With
 * `limits` (policy files), the document is held to `maxFileBytes` and `maxDocumentValues`; without
 * (test files, which hold records), to the size of `maxBytes` only; nesting is bounded either way.
 */
export async function readDocument(
  file: string,
  what: string,
  maxBytes = DEFAULT_MAX_BYTES,
  limits?: Limits,
): Promise<unknown> {
  const read = await readPolicy(file, undefined, maxBytes, '--limit maxFileBytes');
  if ('problem' in read)
    throw new InputError(
      `cannot read ${what} ${printable(file)}: the file ${read.problem}${read.code === 'MAX_FILE_BYTES_EXCEEDED' ? ` [${read.code}]` : ''}`,
    );
  return parseDocument(read.text, file, limits);
}

/**
 * Parses the text of a JSON or YAML file (by the extension of `file`, which messages name), nesting and
 * (with `limits`) values checked before the parser builds anything: the readers `validate` uses.
 */
export function parseDocument(source: string, file: string, limits?: Limits): unknown {
  // A byte order mark is an editor's artifact, not JSON; JSON.parse would reject the whole file.
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  const json = extname(file) === '.json';
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
  const read = readYaml(text, limits ?? UNBOUNDED_VALUES);
  const error = read.problems.find((p) => p.severity === 'error');
  if (error !== undefined || !('value' in read)) {
    const p = error ?? read.problems[0];
    throw fail(p === undefined ? 'the document cannot be read' : `${p.message} [${p.code}]`, p?.offset);
  }
  return read.value;
}

/** The limits of a test file: nesting only (its records may be many). */
const UNBOUNDED_VALUES: Limits = { ...DEFAULT_LIMITS, maxDocumentValues: Number.MAX_SAFE_INTEGER };

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
): Promise<CompiledPolicy | string[]> {
  let definition: unknown;
  try {
    definition = await readDocument(file, 'policy', limits.maxFileBytes, limits);
  } catch (error) {
    if (error instanceof InputError && error.message.startsWith(`${printable(file)}: not valid`))
      return [error.message];
    throw error;
  }
  try {
    return compilePolicy(definition, { limits });
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
  err: NodeJS.WritableStream,
  limits: Limits = DEFAULT_LIMITS,
): Promise<CompiledPolicy[] | null> {
  const policies: CompiledPolicy[] = [];
  let failed = false;
  for (const file of await policyFiles(paths)) {
    const loaded = await loadPolicy(file, limits);
    if (Array.isArray(loaded)) {
      for (const line of loaded) err.write(`${line}\n`);
      failed = true;
    } else policies.push(loaded);
  }
  return failed ? null : policies;
}
