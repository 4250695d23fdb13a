import { readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import { DEFAULT_LIMITS, type Limits } from '../limits.js';
import { type CompiledPolicy, compilePolicy, PolicyError } from '../policy/index.js';
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
 * that are not UTF-8. A UTF-8 byte order mark is ignored. Messages are escaped for a terminal.
 */
export async function readDocument(
  file: string,
  what: string,
  maxBytes = DEFAULT_MAX_BYTES,
): Promise<unknown> {
  const read = await readPolicy(file, undefined, maxBytes, '--limit maxFileBytes');
  if ('problem' in read)
    throw new InputError(`cannot read ${what} ${printable(file)}: the file ${read.problem}`);
  return parseDocument(read.text, file);
}

/** Parses the text of a JSON or YAML file (by the extension of `file`, which messages name). */
export function parseDocument(source: string, file: string): unknown {
  // A byte order mark is an editor's artifact, not JSON; JSON.parse would reject the whole file.
  const text = source.charCodeAt(0) === 0xfeff ? source.slice(1) : source;
  try {
    return extname(file) === '.json' ? JSON.parse(text) : parseYaml(text);
  } catch (error) {
    // The parser's message quotes the file (a YAML one over several lines, with a code frame).
    const message = printable(String((error as Error)?.message ?? error), { lines: true });
    throw new InputError(
      `${printable(file)}: not valid ${extname(file) === '.json' ? 'JSON' : 'YAML'}: ${message}`,
    );
  }
}

/** One policy file, compiled; or the lines describing each of its problems. */
export async function loadPolicy(
  file: string,
  limits: Limits = DEFAULT_LIMITS,
): Promise<CompiledPolicy | string[]> {
  let definition: unknown;
  try {
    definition = await readDocument(file, 'policy', limits.maxFileBytes);
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
