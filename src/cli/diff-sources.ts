import { execFileSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import type { Limits } from '../limits.js';
import { type CompiledPolicy, compilePolicy, PolicyError } from '../policy/index.js';
import { printable } from '../validate/unprintable.js';
import { UsageError } from './args.js';
import { policyFiles } from './files.js';
import { InputError } from './io.js';
import { parseDocument, readDocument } from './policies.js';

/**
 * The two sides of `svc-policy diff`: the policies a spec names (a file, a directory, a file at a git
 * revision), paired by name.
 */

/** One pair of versions to compare, by policy name; a side that is missing gives no status. */
export interface Loaded {
  readonly source: string;
  readonly definition: unknown;
  readonly policy: CompiledPolicy;
}

export interface Pair {
  readonly name: string;
  readonly before: Loaded | null;
  readonly after: Loaded | null;
}

/** A `REV:PATH` spec (a file at a git revision), or `null` for a path of the working tree. */
export async function gitSpec(spec: string): Promise<{ rev: string; path: string } | null> {
  const colon = spec.indexOf(':');
  // A path that exists is a path, whatever it holds (a Windows drive, a colon in a name).
  if (colon <= 0 || (await exists(spec))) return null;
  return { rev: spec.slice(0, colon), path: spec.slice(colon + 1) };
}

async function exists(path: string): Promise<boolean> {
  try {
    await stat(path);
    return true;
  } catch {
    return false;
  }
}

/** The text of a file at a git revision (`git show REV:PATH`), within the file size limit. */
function gitShow(rev: string, path: string, limits: Limits): string {
  if (rev.startsWith('-')) throw new UsageError(`--before: "${rev}" is not a git revision`);
  try {
    return execFileSync('git', ['show', `${rev}:${path}`], {
      encoding: 'utf8',
      maxBuffer: limits.maxFileBytes,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
  } catch (error) {
    const e = error as NodeJS.ErrnoException & { stderr?: unknown };
    // Past maxBuffer git is stopped with nothing on its stderr: say so rather than end on a colon.
    const why =
      e.code === 'ENOBUFS'
        ? `the file is more than the limit of ${limits.maxFileBytes} bytes (--limit maxFileBytes)`
        : String(e.stderr ?? '')
            .trim()
            .split('\n')[0] ||
          e.code ||
          e.message;
    throw new InputError(`cannot read ${rev}:${path} from git: ${why}`);
  }
}

/**
 * The working-tree file of a `REV:PATH` spec, as git reads PATH: from the repository root, or from the
 * working directory when it starts with `./` or `../`. Shown relative to the working directory.
 */
export function workingTreePath(path: string): string {
  if (/^\.\.?\//.test(path) || isAbsolute(path)) return path;
  let top: string;
  try {
    top = execFileSync('git', ['rev-parse', '--show-toplevel'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    }).trim();
  } catch {
    return path; // not in a repository: git show failed already, or PATH is read from here
  }
  const rel = relative(process.cwd(), join(top, path));
  return rel === '' ? path : rel;
}

function compiled(definition: unknown, source: string, limits: Limits): CompiledPolicy {
  try {
    return compilePolicy(definition, { limits });
  } catch (error) {
    if (!(error instanceof PolicyError)) throw error;
    const lines = error.problems.map(
      (p) => `${printable(source)}: ${printable(p.path || '/')}: ${printable(p.message)} [${p.code}]`,
    );
    throw new InputError(lines.join('\n'));
  }
}

/** The policies a spec names, by name: one file, a directory's policy files, or a file at a revision. */
export async function load(spec: string, limits: Limits): Promise<Map<string, Loaded>> {
  const out = new Map<string, Loaded>();
  const add = (definition: unknown, source: string) => {
    const policy = compiled(definition, source, limits);
    if (out.has(policy.name)) {
      throw new InputError(`${printable(source)}: a second policy named "${printable(policy.name)}"`);
    }
    out.set(policy.name, { source, definition, policy });
  };
  const git = await gitSpec(spec);
  if (git !== null) {
    add(parseDocument(gitShow(git.rev, git.path, limits), git.path, limits), spec);
    return out;
  }
  let isDirectory = false;
  try {
    isDirectory = (await stat(spec)).isDirectory();
  } catch {
    throw new InputError(`cannot read ${printable(spec)}: no such file or directory`);
  }
  if (!isDirectory) {
    add(await readDocument(spec, 'policy', { maxBytes: limits.maxFileBytes, limits }), spec);
    return out;
  }
  for (const found of await policyFiles([spec])) {
    if (found.problem !== undefined) {
      throw new InputError(`cannot read policy ${printable(found.path)}: ${printable(found.problem)}`);
    }
    const options = { maxBytes: limits.maxFileBytes, limits, within: found.within };
    add(await readDocument(found.path, 'policy', options), found.path);
  }
  return out;
}

/** Pairs the versions: by name; one policy on each side is one pair even when the edit renamed it. */
export function pairs(before: Map<string, Loaded>, after: Map<string, Loaded>): Pair[] {
  if (before.size === 1 && after.size === 1) {
    const [b] = before.values();
    const [a] = after.values();
    return [{ name: a!.policy.name, before: b!, after: a! }];
  }
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  return names.map((name) => ({ name, before: before.get(name) ?? null, after: after.get(name) ?? null }));
}

/** A side that is missing compares as the other side switched off: it gives no status. */
export function absent(other: CompiledPolicy): unknown {
  return {
    name: other.name,
    isActive: false,
    statusDefinitions: { none: { isDefault: true, criticality: 0 } },
  };
}
