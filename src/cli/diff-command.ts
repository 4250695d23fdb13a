import { InventoryError } from '../inventory/records.js';
import type { Limits } from '../limits.js';
import { diffPolicies } from '../policy/diff.js';
import { comparePolicyRules, type RuleChanges } from '../validate/compare.js';
import { printable } from '../validate/unprintable.js';
import {
  AS_OF_OPTION,
  asOfUsage,
  LIMIT_OPTION,
  limitUsage,
  parseAsOf,
  parseLimitFlags,
  UsageError,
} from './args.js';
import { type DiffFormat, formatDiff, type PairDiff } from './diff-format.js';
import { absent, gitSpec, type Loaded, load, pairs, workingTreePath } from './diff-sources.js';
import { InputError, inputBytes, openInput, readInventory } from './io.js';
import type { Command, CommandArgs, CommandContext } from './runner.js';
import { loadWaivers, WAIVER_OPTIONS, waiversUsage } from './waivers.js';

export const DIFF_USAGE = `usage: svc-policy diff --before SPEC [--after SPEC] --input FILE|- [--format table|json|markdown]
                       [--examples N] [--fail-on STATUS>N]... [--as-of INSTANT] [--limit NAME=N]...
                       [--waivers FILE] [--fail-on-waived] [--help]

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
${waiversUsage(27, true)}
${asOfUsage(27)};
                           both versions are evaluated at this one instant
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
  ...AS_OF_OPTION,
  ...WAIVER_OPTIONS,
  ...LIMIT_OPTION,
  help: { type: 'boolean', short: 'h' },
} as const;

/** One `--fail-on` condition: more than `max` resources become `status` (`null`: change at all). */
interface FailCondition {
  readonly text: string;
  readonly status: string | null;
  readonly max: number;
}

function staticChanges(before: Loaded | null, after: Loaded | null, limits: Limits): RuleChanges | null {
  return before === null || after === null
    ? null
    : comparePolicyRules(before.definition, after.definition, { limits });
}

function parseFormat(value: string | undefined): DiffFormat {
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

/** The conditions met: per policy, the count of resources that became the status (or changed at all). */
function failures(diffs: readonly PairDiff[], conditions: readonly FailCondition[], withWaived: boolean) {
  const met: { condition: string; policy: string; count: number }[] = [];
  for (const c of conditions) {
    for (const p of diffs) {
      const count = p.diff.matrix
        .filter((cell) => cell.changed && (c.status === null || cell.after === c.status))
        // Resources waived under the new version do not fail the check unless --fail-on-waived.
        .reduce((n, cell) => n + cell.count - (withWaived ? 0 : (cell.waived ?? 0)), 0);
      if (count > c.max) met.push({ condition: c.text, policy: p.policy, count });
    }
  }
  return met;
}

/** Resolves to the exit code: 0 compared, 1 a --fail-on condition met. */
async function run(
  { values, positionals }: CommandArgs<typeof DIFF_OPTIONS>,
  { out, err }: CommandContext,
): Promise<number> {
  // One instant for every pair and both sides of each, read once.
  const asOf = parseAsOf(values['as-of']);
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
  const waivers = await loadWaivers(values.waivers, limits, err);
  if (waivers === null) return 2;
  const diffs: PairDiff[] = [];
  for (const pair of list) {
    const { stream } = await openInput(values.input);
    let rejected = 0;
    const records = readInventory(inputBytes(stream), { onReject: () => rejected++ });
    const b = pair.before?.policy ?? absent(pair.after!.policy);
    const a = pair.after?.policy ?? absent(pair.before!.policy);
    const diff = await diffPolicies(b, a, records, {
      examples,
      limits,
      asOf,
      ...(waivers === undefined ? {} : { waivers }),
    });
    if (rejected > 0) err.say(`${rejected} record(s) rejected (not valid JSON)`);
    diffs.push({
      policy: pair.name,
      before: pair.before?.source ?? null,
      after: pair.after?.source ?? null,
      diff,
      static: staticChanges(pair.before, pair.after, limits),
    });
  }
  const met = failures(diffs, failOn, values['fail-on-waived'] === true);
  const report = failOn.length > 0 ? { conditions: failOn.map((c) => c.text), matched: met } : undefined;
  out.write(formatDiff(format, diffs, report));
  if (met.length > 0) {
    const list = met.map((m) => `${printable(m.policy)}: ${printable(m.condition)} (${m.count})`).join(', ');
    err.say(`--fail-on met: ${list}`);
    return 1;
  }
  return 0;
}

/** `svc-policy diff`: a multi-line error (the problems of an invalid policy) keeps its lines. */
export const diffCommand: Command<typeof DIFF_OPTIONS> = {
  name: 'diff',
  usage: DIFF_USAGE,
  options: DIFF_OPTIONS,
  run,
  failure: (error) =>
    error instanceof InputError || error instanceof InventoryError
      ? { message: error.message, lines: true }
      : undefined,
};
