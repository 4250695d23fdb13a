import { execFileSync } from 'node:child_process';
import { stat } from 'node:fs/promises';
import { isAbsolute, join, relative } from 'node:path';
import { InventoryError } from '../inventory/records.js';
import type { Limits } from '../limits.js';
import { type DiffCell, diffPolicies, type PolicyDiff } from '../policy/diff.js';
import { type CompiledPolicy, compilePolicy, PolicyError } from '../policy/index.js';
import { comparePolicyRules, type RuleChanges } from '../validate/compare.js';
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
import { InputError, inputBytes, openInput, readInventory } from './io.js';
import { parseDocument, policyFiles, readDocument } from './policies.js';

export const DIFF_USAGE = `usage: svc-policy diff --before SPEC [--after SPEC] --input FILE|- [--format table|json|markdown]
                       [--examples N] [--fail-on STATUS>N]... [--limit NAME=N]... [--help]

Shows what a policy edit does to an inventory before it merges: every resource evaluated under both
versions, the transition matrix (status before → status after, "(none)" for resources out of scope or a
version that is inactive or absent), the biggest movements first, with explained examples.

options:
  -b, --before SPEC        the policy before the edit: a file (JSON or YAML), a directory of policies
                           (paired with --after's by policy name), or REV:PATH, a file at a git
                           revision ("HEAD:policies/eol.json", "origin/main:policies/eol.json");
                           as git reads it, PATH is from the repository root, ./PATH from here
  -a, --after SPEC         the policy after the edit (a file or a directory); default: PATH of a
                           --before REV:PATH, as it is in the working tree
  -i, --input FILE         the inventory: a JSON array, NDJSON or an {"items": [...]} envelope, gzip or
                           not; "-" reads standard input (one policy pair only: a directory pair reads
                           the file once per pair)
  -f, --format FORMAT      table (default on a terminal), json (default otherwise), or markdown: a
                           pull-request comment (a matrix per policy, collapsible examples)
      --examples N         explained examples per changed cell (default 3)
      --fail-on COND       exit 1 when more than N resources become STATUS ("eol>10"), or when more
                           than N resources change status at all ("*>0"); repeat it or separate with
                           commas
${limitUsage(27)}
  -h, --help               this text

exit codes:
  0  compared (no --fail-on condition met)
  1  a --fail-on condition was met
  2  usage error, unreadable file or git revision, invalid policy, or input that is not an inventory
`;

export const DIFF_OPTIONS = {
  before: { type: 'string', short: 'b' },
  after: { type: 'string', short: 'a' },
  input: { type: 'string', short: 'i' },
  format: { type: 'string', short: 'f' },
  examples: { type: 'string' },
  'fail-on': { type: 'string', multiple: true },
  ...LIMIT_OPTION,
  help: { type: 'boolean', short: 'h' },
} as const;

type Format = 'table' | 'json' | 'markdown';

/** One `--fail-on` condition: more than `max` resources become `status` (`null`: change at all). */
interface FailCondition {
  readonly text: string;
  readonly status: string | null;
  readonly max: number;
}

/** One pair of versions to compare, by policy name; a side that is missing gives no status. */
interface Loaded {
  readonly source: string;
  readonly definition: unknown;
  readonly policy: CompiledPolicy;
}

interface Pair {
  readonly name: string;
  readonly before: Loaded | null;
  readonly after: Loaded | null;
}

interface PairDiff {
  readonly policy: string;
  readonly before: string | null;
  readonly after: string | null;
  readonly diff: PolicyDiff;
  readonly static: RuleChanges | null;
}

function staticChanges(before: Loaded | null, after: Loaded | null, limits: Limits): RuleChanges | null {
  return before === null || after === null
    ? null
    : comparePolicyRules(before.definition, after.definition, { limits });
}

/** The static changes as lines of text (not escaped). */
function staticLines(s: RuleChanges | null): string[] {
  if (s === null) return [];
  return [
    ...s.becameUnreachable.map((name) => `status "${name}" can no longer be reached`),
    ...s.newFindings.map((f) => `${f.message} [${f.code}]`),
  ];
}

function parseFormat(value: string | undefined): Format {
  if (value === undefined) return process.stdout.isTTY ? 'table' : 'json';
  if (value === 'table' || value === 'json' || value === 'markdown') return value;
  throw new UsageError(`--format must be table, json or markdown, got "${value}"`);
}

function parseExamples(value: string | undefined): number {
  if (value === undefined) return 3;
  if (!/^\d+$/.test(value) || Number(value) > 1000) {
    throw new UsageError(`--examples must be a whole number up to 1000, got "${value}"`);
  }
  return Number(value);
}

function parseFailOn(values: readonly string[]): FailCondition[] {
  return values
    .flatMap((v) => v.split(','))
    .map((text) => {
      const m = /^(.+?)\s*>\s*(\d+)$/.exec(text.trim());
      if (m === null) throw new UsageError(`--fail-on expects STATUS>N or *>N, got "${text}"`);
      return { text: text.trim(), status: m[1] === '*' ? null : m[1]!, max: Number(m[2]) };
    });
}

/** A `REV:PATH` spec (a file at a git revision), or `null` for a path of the working tree. */
async function gitSpec(spec: string): Promise<{ rev: string; path: string } | null> {
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
function workingTreePath(path: string): string {
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
async function load(spec: string, limits: Limits): Promise<Map<string, Loaded>> {
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
function pairs(before: Map<string, Loaded>, after: Map<string, Loaded>): Pair[] {
  if (before.size === 1 && after.size === 1) {
    const [b] = before.values();
    const [a] = after.values();
    return [{ name: a!.policy.name, before: b!, after: a! }];
  }
  const names = [...new Set([...before.keys(), ...after.keys()])].sort();
  return names.map((name) => ({ name, before: before.get(name) ?? null, after: after.get(name) ?? null }));
}

/** A side that is missing compares as the other side switched off: it gives no status. */
function absent(other: CompiledPolicy): unknown {
  return {
    name: other.name,
    isActive: false,
    statusDefinitions: { none: { isDefault: true, criticality: 0 } },
  };
}

const int = new Intl.NumberFormat('en-US');
const label = (status: string | null) => (status === null ? '(none)' : status);
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

function resourceId(resource: unknown): string {
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource)) return '';
  const id = (resource as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : '';
}

/** How a side decided: the rule that held, the default, or no status. */
function decided(side: DiffCell['examples'][number]['before']): string {
  const r = side.result;
  if (r.status === null) return '(none)';
  if (r.matched !== null) return `${r.status} (rule ${r.matched.ruleIndex + 1} of ${r.matched.status})`;
  const miss = side.explanation.nearestMiss;
  return miss === null
    ? `${r.status} (default)`
    : `${r.status} (default; nearest miss: rule ${miss.ruleIndex + 1} of ${miss.status})`;
}

function summaryLine(p: PairDiff): string {
  const d = p.diff;
  const side = p.before === null ? ' (new policy)' : p.after === null ? ' (removed policy)' : '';
  return `${int.format(d.resources)} resources, ${int.format(d.changed)} change status, ${percent(d.unchangedShare)} unchanged${side}`;
}

function formatTable(diffs: readonly PairDiff[]): string {
  const blocks = diffs.map((p) => {
    const lines = [`policy ${printable(p.policy)}: ${summaryLine(p)}`];
    for (const line of staticLines(p.static)) lines.push(`  statically: ${printable(line)}`);
    const changed = p.diff.matrix.filter((c) => c.changed);
    const width = Math.max(
      0,
      ...changed.map((c) => printable(`${label(c.before)} → ${label(c.after)}`).length),
    );
    for (const cell of changed) {
      lines.push(
        `  ${printable(`${label(cell.before)} → ${label(cell.after)}`).padEnd(width)}  ${int.format(cell.count).padStart(8)}`,
      );
      for (const e of cell.examples) {
        const id = resourceId(e.resource);
        lines.push(
          `      record ${e.index + 1}${id === '' ? '' : ` ${printable(id)}`}: ${printable(decided(e.before))} → ${printable(decided(e.after))}`,
        );
      }
    }
    return lines.join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}

/**
 * Text for a Markdown table cell or line of a pull-request comment: escaped for the terminal, then for
 * Markdown: its punctuation (`~` strikes through, `&` starts an entity such as `&rlm;`), and what GitHub
 * turns into links and notifications: `@user` and `@org/team` mentions (and e-mail addresses), bare
 * `https://` and `www.` URLs, broken by a zero-width space written as an entity.
 */
function md(text: string): string {
  return printable(text)
    .replace(/[\\`*_[\]<>|#~&]/g, (c) => `\\${c}`)
    .replace(/@/g, '@&#8203;')
    .replace(/:\/\//g, ':&#8203;//')
    .replace(/\b(www)\./gi, '$1&#8203;.');
}

/** A Markdown table laid out as Markdown formatters lay it out (padded columns; the last right-aligned). */
function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i]!.length)));
  const last = header.length - 1;
  const cell = (text: string, i: number) =>
    i === last ? text.padStart(widths[i]!) : text.padEnd(widths[i]!);
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = widths.map((w, i) => (i === last ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w)));
  return [line(header), `| ${rule.join(' | ')} |`, ...rows.map(line)];
}

function formatMarkdown(diffs: readonly PairDiff[]): string {
  const out: string[] = [];
  const total = diffs.reduce((n, p) => n + p.diff.changed, 0);
  out.push(
    `**svc-policy diff**: ${int.format(total)} status changes over ${diffs.length} ${diffs.length === 1 ? 'policy' : 'policies'}.`,
  );
  for (const p of [...diffs].sort((a, b) => b.diff.changed - a.diff.changed)) {
    out.push('', `#### ${md(p.policy)}`, '', md(summaryLine(p)));
    const notes = staticLines(p.static);
    if (notes.length > 0) out.push('', ...notes.map((n) => `- ⚠️ ${md(n)}`));
    const changed = p.diff.matrix.filter((c) => c.changed);
    if (changed.length === 0) continue;
    out.push(
      '',
      ...markdownTable(
        ['before', 'after', 'resources'],
        changed.map((c) => [md(label(c.before)), md(label(c.after)), int.format(c.count)]),
      ),
    );
    out.push('', '<details><summary>Examples</summary>', '');
    for (const c of changed) {
      for (const e of c.examples) {
        const id = resourceId(e.resource);
        out.push(
          `- record ${e.index + 1}${id === '' ? '' : ` ${md(id)}`}: ${md(decided(e.before))} → ${md(decided(e.after))}`,
        );
      }
    }
    out.push('', '</details>');
  }
  return `${out.join('\n')}\n`;
}

/** The conditions met: per policy, the count of resources that became the status (or changed at all). */
function failures(diffs: readonly PairDiff[], conditions: readonly FailCondition[]) {
  const met: { condition: string; policy: string; count: number }[] = [];
  for (const c of conditions) {
    for (const p of diffs) {
      const count = p.diff.matrix
        .filter((cell) => cell.changed && (c.status === null || cell.after === c.status))
        .reduce((n, cell) => n + cell.count, 0);
      if (count > c.max) met.push({ condition: c.text, policy: p.policy, count });
    }
  }
  return met;
}

/** `svc-policy diff`: resolves to the exit code (0 compared, 1 a --fail-on condition met, 2 errors). */
export async function runDiff(argv: readonly string[]): Promise<number> {
  const out = process.stdout;
  const err = process.stderr;
  exitOnClosedPipe(out);
  try {
    const { values, positionals } = parseCommandArgs(argv, DIFF_OPTIONS);
    if (values.help) {
      out.write(DIFF_USAGE);
      return 0;
    }
    if (positionals.length > 0) throw new UsageError(`unexpected argument "${positionals[0]}"`);
    if (values.before === undefined) throw new UsageError('--before SPEC is required');
    if (values.input === undefined) throw new UsageError('--input FILE is required ("-" for standard input)');
    const format = parseFormat(values.format);
    const examples = parseExamples(values.examples);
    const failOn = parseFailOn(values['fail-on'] ?? []);
    const limits = parseLimitFlags(values.limit);
    const git = await gitSpec(values.before);
    const afterSpec = values.after ?? (git === null ? undefined : workingTreePath(git.path));
    if (afterSpec === undefined) throw new UsageError('--after SPEC is required unless --before is REV:PATH');
    const list = pairs(await load(values.before, limits), await load(afterSpec, limits));
    if (list.length > 1 && values.input === '-') {
      throw new UsageError('comparing directories reads the input once per policy: give --input FILE');
    }
    const diffs: PairDiff[] = [];
    for (const pair of list) {
      const { stream } = await openInput(values.input);
      let rejected = 0;
      const records = readInventory(inputBytes(stream), { onReject: () => rejected++ });
      const b = pair.before?.policy ?? absent(pair.after!.policy);
      const a = pair.after?.policy ?? absent(pair.before!.policy);
      const diff = await diffPolicies(b, a, records, { examples, limits });
      if (rejected > 0) err.write(`svc-policy diff: ${rejected} record(s) rejected (not valid JSON)\n`);
      diffs.push({
        policy: pair.name,
        before: pair.before?.source ?? null,
        after: pair.after?.source ?? null,
        diff,
        static: staticChanges(pair.before, pair.after, limits),
      });
    }
    const met = failures(diffs, failOn);
    if (format === 'json') {
      const report: Record<string, unknown> = { policies: diffs };
      if (failOn.length > 0) report.failOn = { conditions: failOn.map((c) => c.text), matched: met };
      out.write(`${JSON.stringify(report, null, 2)}\n`);
    } else out.write(format === 'markdown' ? formatMarkdown(diffs) : formatTable(diffs));
    if (met.length > 0) {
      const list = met
        .map((m) => `${printable(m.policy)}: ${printable(m.condition)} (${m.count})`)
        .join(', ');
      err.write(`svc-policy diff: --fail-on met: ${list}\n`);
      return 1;
    }
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(usageErrorText('diff', error.message));
      return 2;
    }
    if (error instanceof InputError || error instanceof InventoryError) {
      err.write(`svc-policy diff: ${printable(error.message, { lines: true })}\n`);
      return 2;
    }
    throw error;
  }
}
