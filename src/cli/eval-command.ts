import { compileFilter } from '../compile/filter.js';
import { FilterError } from '../errors.js';
import type { Limits } from '../limits.js';
import {
  type CompiledPolicy,
  DEFAULT_KIND_FIELD,
  evaluateInventory,
  InventoryError,
  type InventorySummary,
  type PolicyExplanation,
  type ResourceResults,
} from '../policy/index.js';
import { kindReader, skipReason } from '../policy/inventory.js';
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
import {
  defaultJobs,
  evaluateParallel,
  INDEX_MARK,
  maxJobs,
  ORDINAL_MARK,
  type RenderOptions,
  SPLIT_THRESHOLD,
  splittable,
} from './eval-parallel.js';
import { explanationText, formatSummary } from './format.js';
import { InputError, inputBytes, openInput, type Rejection, readInventory, write } from './io.js';
import { loadPolicies } from './policies.js';

export const EVAL_USAGE = `usage: svc-policy eval --policy FILE... [--input FILE|-] [--format table|json|ndjson]
                       [--kind-field PATH] [--resource KIND] [--fail-on CONDITION]...
                       [--explain] [--id ID]... [--where FILTER-JSON] [--explain-limit N] [--jobs N]
                       [--progress|--no-progress] [--limit NAME=N]... [--help]

Evaluates policies over an inventory and prints, per policy, how many resources got each status.

options:
  -p, --policy FILE        a policy definition (JSON or YAML; a directory adds its .json/.yaml files,
                           *.test.* files excepted); repeat it, or list more files after the options
  -i, --input FILE         the inventory; "-" (the default) reads standard input. A JSON array, NDJSON,
                           or the API's list envelope {"items": [...]}; gzip-compressed or not (told
                           apart by content, not by name); each is streamed, a record at a time.
  -f, --format FORMAT      table (default on a terminal): a summary table
                           json (default otherwise): {"summary": …}; with --explain also "results"
                           ndjson: one line per resource, then a {"summary": …} line
      --kind-field PATH    where a record names its kind (a field path, "meta$.kind"); default
                           "${DEFAULT_KIND_FIELD}". A policy with a "resource" applies to records of that kind only
      --resource KIND      the kind of records that name none; skips policies of other kinds. Needed
                           when records name no kind and the policies are for several kinds (exit 2)
      --fail-on CONDITION  exit 1 when any resource gets a status named CONDITION, or a status with
                           criticality>=N (or criticality>N); repeat it or separate with commas
      --explain            add, per resource, why each status was given (the first 100 resources:
                           see --explain-limit)
      --id ID              explain only the resource with this "id" (repeatable; implies --explain); an
                           ID that no record has is named on standard error
      --where FILTER-JSON  explain only the resources this filter matches (implies --explain)
      --explain-limit N    explain at most the first N resources selected (default 100); a notice on
                           standard error counts those left unexplained
  -j, --jobs N             worker threads for an NDJSON file (default: the available cores, for files
                           of 8 MB or more; at most the available cores, with a notice); the file is
                           split on line boundaries and the output is the same as with --jobs 1.
                           Standard input, gzip, JSON arrays and envelopes are read by one thread
      --progress           show the progress line on standard error (records, records/s, bytes read
                           of the total, ETA) even when it is not a terminal, or in CI
      --no-progress        never show it (by default it is shown on a terminal, outside CI)
${limitUsage(27)}
  -h, --help               this text

exit codes:
  0  every record was evaluated (and no --fail-on condition was met)
  1  a --fail-on condition was met
  2  usage error, unreadable file (a FIFO or device is not read: pipe it to --input -), invalid
     policy, input that is not a JSON array, NDJSON or an envelope, or records that name no kind while
     the policies are for several kinds (--resource, --kind-field)
  3  evaluated, but some NDJSON lines or array elements were not records (not valid JSON, or JSON
     that is not an object) and were skipped
`;

export const EVAL_OPTIONS = {
  policy: { type: 'string', short: 'p', multiple: true },
  input: { type: 'string', short: 'i' },
  format: { type: 'string', short: 'f' },
  'kind-field': { type: 'string' },
  resource: { type: 'string' },
  'fail-on': { type: 'string', multiple: true },
  explain: { type: 'boolean' },
  id: { type: 'string', multiple: true },
  where: { type: 'string' },
  'explain-limit': { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  progress: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
  ...LIMIT_OPTION,
  help: { type: 'boolean', short: 'h' },
} as const;

/** Exit codes of `svc-policy eval`. */
export const EXIT = { ok: 0, failOn: 1, error: 2, rejected: 3 } as const;

type Format = 'table' | 'json' | 'ndjson';

function resourceId(resource: unknown): string | number | null {
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource)) return null;
  const id = (resource as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

function parseFormat(value: string | undefined): Format {
  if (value === undefined) return process.stdout.isTTY ? 'table' : 'json';
  if (value === 'table' || value === 'json' || value === 'ndjson') return value;
  throw new UsageError(`--format must be table, json or ndjson, got "${value}"`);
}

/** One `--fail-on` condition. */
type FailCondition =
  | { readonly kind: 'status'; readonly text: string; readonly status: string }
  | { readonly kind: 'criticality'; readonly text: string; readonly min: number; readonly strict: boolean };

/** Parses `--fail-on` values (repeated, comma-separated); status names are checked against the policies. */
export function parseFailOn(values: readonly string[], policies: readonly CompiledPolicy[]): FailCondition[] {
  const known = new Set(policies.flatMap((p) => p.statuses.map((s) => s.name)));
  const out: FailCondition[] = [];
  for (const text of values.flatMap((v) => v.split(','))) {
    const item = text.trim();
    if (item === '') throw new UsageError('--fail-on: an empty condition');
    const m = /^criticality\s*(>=|>)\s*(-?\d+(?:\.\d+)?)$/.exec(item);
    if (m) {
      out.push({ kind: 'criticality', text: item, min: Number(m[2]), strict: m[1] === '>' });
      continue;
    }
    if (item.startsWith('criticality')) {
      throw new UsageError(`--fail-on: "${item}" is not criticality>=N or criticality>N`);
    }
    if (!known.has(item)) {
      throw new UsageError(`--fail-on: no policy has a status named "${item}"`);
    }
    out.push({ kind: 'status', text: item, status: item });
  }
  return out;
}

/** What met the `--fail-on` conditions: every status of an evaluated policy with a count above 0. */
export function failures(summary: InventorySummary, conditions: readonly FailCondition[]) {
  const out: Array<{
    policy: string;
    status: string;
    criticality: number;
    count: number;
    condition: string;
  }> = [];
  for (const p of summary.policies) {
    if (p.skipped !== null) continue;
    for (const s of p.statuses) {
      if (s.count === 0) continue;
      const hit = conditions.find((c) =>
        c.kind === 'status'
          ? c.status === s.status
          : c.strict
            ? s.criticality > c.min
            : s.criticality >= c.min,
      );
      if (hit) {
        out.push({
          policy: p.policy,
          status: s.status,
          criticality: s.criticality,
          count: s.count,
          condition: hit.text,
        });
      }
    }
  }
  return out;
}

/**
 * Which resources `--explain` covers: all of them, or those chosen with `--id` and `--where`. The ids of
 * `--id` that a resource had are added to `matched`, so that the ids that matched nothing can be named.
 */
function explainSelection(
  values: {
    readonly explain?: boolean | undefined;
    readonly id?: readonly string[] | undefined;
    readonly where?: string | undefined;
  },
  limits: Limits,
  matched?: Set<string>,
): ((resource: unknown) => boolean) | null {
  const ids = values.id === undefined ? null : new Set(values.id);
  let where: ((r: unknown) => boolean) | null = null;
  if (values.where !== undefined) {
    let filter: unknown;
    try {
      filter = JSON.parse(values.where);
    } catch (error) {
      throw new UsageError(`--where is not JSON: ${(error as Error).message}`);
    }
    try {
      where = compileFilter(filter as never, { limits });
    } catch (error) {
      if (error instanceof FilterError) throw new UsageError(`--where: ${error.message} [${error.code}]`);
      throw error;
    }
  }
  if (ids === null && where === null) return values.explain === true ? () => true : null;
  return (resource) => {
    if (ids !== null) {
      const id = resourceId(resource);
      if (id !== null && ids.has(String(id))) {
        matched?.add(String(id));
        return true;
      }
    }
    return where?.(resource) === true;
  };
}

/**
 * The explanation of each evaluated policy for one resource; a policy for another kind than the
 * record's is not evaluated, and its explanation says so instead of explaining a status it did not give.
 */
function explanations(event: ResourceResults, policies: readonly CompiledPolicy[]) {
  return policies.map((p, i) => {
    const result = event.results[i]!.result;
    if (event.kind !== null && p.resource !== undefined && p.resource !== event.kind) {
      return { policy: p.name, result, otherKind: { record: event.kind, policy: p.resource } };
    }
    return p.explain(event.resource);
  });
}

type Explanation = ReturnType<typeof explanations>[number];

function explainText(index: string, event: ResourceResults, list: readonly Explanation[]): string {
  const id = resourceId(event.resource);
  // Every value comes from a policy or a record: escaped, so that none can forge a line (see printable).
  // `record N` is 1-based, as every ordinal shown to a person (docs/policies.md, "Numbering").
  const ordinal = index === INDEX_MARK ? ORDINAL_MARK : String(Number(index) + 1);
  const lines = [`record ${ordinal}${id === null ? '' : ` (${printable(String(id))})`}`];
  for (const e of list) {
    if ('otherKind' in e) {
      lines.push(
        `  ${printable(e.policy)}: not applicable (a "${printable(e.otherKind.record)}" record; the policy is for "${printable(e.otherKind.policy)}")`,
      );
    } else lines.push(...explanationText(e as PolicyExplanation));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Renders one resource's output as text (the ndjson or json line, or the explanation in the table
 * format), or `null` when the format prints nothing for it. The index is given as text: the workers of
 * `--jobs` render with a placeholder that the main thread replaces with the index in the whole input.
 * `matchedIds` holds the ids of `--id` met so far.
 *
 * Only the first `explainLimit` selected resources are explained; `leftOut()` counts the selected ones
 * past the limit. `candidate` is what a worker of `--jobs` renders: it cannot know how many resources
 * the ranges before its own explained, so for a selected resource within the limit of what it has seen
 * itself (a worker's ranges come in file order, so that count never exceeds the resource's rank in the
 * whole input) it gives both texts, `[explained, plain]`, and the main thread picks one.
 */
type Renderer = ((event: ResourceResults, index: string) => string | null) & {
  readonly matchedIds: ReadonlySet<string>;
  readonly candidate: (event: ResourceResults, index: string) => Rendered;
  readonly leftOut: () => number;
};

/** A worker's rendering of one resource: its text, or both texts when it may be explained. */
export type Rendered = string | null | readonly [explained: string, plain: string | null];

/** The renderer for the options: every policy evaluated is explained for the selected resources. */
export function renderer(policies: readonly CompiledPolicy[], options: RenderOptions): Renderer {
  const matchedIds = new Set<string>();
  const selected = explainSelection(options, options.limits, matchedIds);
  const limit = options.explainLimit;
  let explainedCount = 0;
  let leftOut = 0;
  const format = options.format;
  const line = (event: ResourceResults, index: string, explained: readonly Explanation[] | null) => {
    const record: Record<string, unknown> = {
      id: resourceId(event.resource),
      results: event.results.map((o) => ({ policy: o.policy, ...o.result })),
    };
    if (explained !== null) record.explanations = explained;
    // `index` first, as JSON.stringify({ index, id, … }) writes it.
    return `{"index":${index},${JSON.stringify(record).slice(1)}`;
  };
  const build = (event: ResourceResults, index: string, explained: readonly Explanation[] | null) => {
    switch (format) {
      case 'ndjson':
        return line(event, index, explained);
      case 'json':
        return explained === null ? null : line(event, index, explained);
      case 'table':
        return explained === null ? null : explainText(index, event, explained);
    }
  };
  /** Whether to explain this resource: selected, and within the limit (counted here). */
  const explain = (event: ResourceResults): boolean => {
    if (selected?.(event.resource) !== true) return false;
    if (explainedCount >= limit) {
      leftOut++;
      return false;
    }
    explainedCount++;
    return true;
  };
  const render = (event: ResourceResults, index: string) =>
    build(event, index, explain(event) ? explanations(event, policies) : null);
  const candidate = (event: ResourceResults, index: string): Rendered => {
    if (!explain(event)) return build(event, index, null);
    return [build(event, index, explanations(event, policies)) as string, build(event, index, null)];
  };
  return Object.assign(render, { matchedIds, candidate, leftOut: () => leftOut });
}

/** The default of `--explain-limit`: resources explained, enough to read, not gigabytes of output. */
export const DEFAULT_EXPLAIN_LIMIT = 100;

/** `--explain-limit N`: a positive integer, only with --explain, --id or --where. */
function parseExplainLimit(value: string | undefined, explaining: boolean): number {
  if (value === undefined) return DEFAULT_EXPLAIN_LIMIT;
  if (!/^[1-9]\d{0,14}$/.test(value)) {
    throw new UsageError(`--explain-limit must be a positive integer, got "${value}"`);
  }
  if (!explaining) throw new UsageError('--explain-limit needs --explain, --id or --where');
  return Number(value);
}

/** The ids of `--id` (without repeats, in the order given) that no resource had. */
export function unmatchedIds(ids: readonly string[] | undefined, matched: ReadonlySet<string>): string[] {
  return [...new Set(ids ?? [])].filter((id) => !matched.has(id));
}

/**
 * The one writer of `svc-policy eval`'s standard output: per-resource texts as the evaluation goes
 * (back-pressure through the returned promise), then the summary. Every format goes through it.
 */
interface OutputWriter {
  resource(text: string | null): void | Promise<void>;
  finish(summary: InventorySummary, report: Record<string, unknown>, rejected: number): Promise<void>;
}

function outputWriter(format: Format, out: NodeJS.WritableStream, explaining: boolean): OutputWriter {
  switch (format) {
    case 'ndjson':
      return {
        resource: (text) => (text === null ? undefined : write(out, `${text}\n`)),
        finish: async (_summary, report) => write(out, `${JSON.stringify({ summary: report })}\n`),
      };
    case 'table':
      return {
        resource: (text) => (text === null ? undefined : write(out, text)),
        finish: async (summary, _report, rejected) =>
          write(out, `${explaining ? '\n' : ''}${formatSummary(summary, rejected)}`),
      };
    case 'json': {
      // One JSON document, written as the evaluation goes: explained results first, then the summary.
      let first = true;
      return {
        resource: (text) => {
          if (text === null) return;
          const chunk = `${first ? '{"results":[\n' : ',\n'}${text}`;
          first = false;
          return write(out, chunk);
        },
        finish: async (_summary, report) => {
          const head = !explaining ? '{"summary":' : first ? '{"results":[],"summary":' : '\n],"summary":';
          return write(out, `${head}${JSON.stringify(report)}}\n`);
        },
      };
    }
  }
}

const int = new Intl.NumberFormat('en-US');

/** Bytes as people read them: 912 B, 3.4 MB, 1.2 GB. */
function bytesText(n: number): string {
  if (n < 1000) return `${n} B`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let x = n / 1000;
  let u = 0;
  while (x >= 1000 && u < units.length - 1) {
    x /= 1000;
    u++;
  }
  return `${x >= 100 ? x.toFixed(0) : x.toFixed(1)} ${units[u]}`;
}

/** A duration for the ETA: 42 s, 3 min 05 s, 1 h 12 min. */
function durationText(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, '0')} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, '0')} min`;
}

/**
 * The progress line on standard error, redrawn at most ten times a second: records, records/s, bytes
 * read of the total (when the input is a regular file) and the time left at the current rate.
 */
export function progressLine(count: number, bytes: number, size: number | null, elapsedMs: number): string {
  const seconds = Math.max(elapsedMs, 1) / 1000;
  const parts = [`${int.format(count)} records`, `${int.format(Math.round(count / seconds))} records/s`];
  if (size !== null && size > 0) {
    const ratio = Math.min(1, bytes / size);
    parts.push(`${bytesText(bytes)} of ${bytesText(size)} (${(ratio * 100).toFixed(0)}%)`);
    if (bytes > 0 && ratio < 1) parts.push(`ETA ${durationText((seconds * (size - bytes)) / bytes)}`);
  } else parts.push(`${bytesText(bytes)} read`);
  return parts.join(', ');
}

function progressBar(size: number | null) {
  const stream = process.stderr;
  // The first tick draws at once: performance.now() counts from the start of the process.
  let last = Number.NEGATIVE_INFINITY;
  let bytes = 0;
  const started = performance.now();
  const draw = (count: number) => {
    const now = performance.now();
    if (now - last < 100) return;
    last = now;
    // Redrawn in place on a terminal; a new line each time elsewhere (--progress into a file or CI log).
    const head = stream.isTTY ? '\r' : '';
    const tail = stream.isTTY ? '\u001b[K' : '\n';
    stream.write(`${head}${progressLine(count, bytes, size, now - started)}${tail}`);
  };
  return {
    bytes: (n: number) => {
      bytes = n;
    },
    tick: (count: number) => draw(count),
    done: () => {
      if (stream.isTTY) stream.write('\r\u001b[K');
    },
  };
}

/** Whether to show the progress line: forced by --progress or --no-progress, else on a terminal outside CI. */
function wantsProgress(values: {
  progress?: boolean | undefined;
  'no-progress'?: boolean | undefined;
}): boolean {
  if (values['no-progress'] === true) return false;
  if (values.progress === true) return true;
  const ci = process.env.CI;
  return process.stderr.isTTY === true && (ci === undefined || ci === '' || ci === 'false' || ci === '0');
}

/** `--jobs N`: a positive integer; by default the available cores. */
function parseJobs(value: string | undefined): number {
  if (value === undefined) return defaultJobs();
  if (!/^[1-9]\d{0,3}$/.test(value))
    throw new UsageError(`--jobs must be a positive integer, got "${value}"`);
  return Number(value);
}

/** `--jobs` capped at the cores (more threads add memory, not speed), with a notice when it was more. */
function capJobs(jobs: number, err: NodeJS.WritableStream): number {
  const max = maxJobs();
  if (jobs <= max) return jobs;
  err.write(
    `svc-policy eval: notice: --jobs ${jobs} is more than the ${max} available core${max === 1 ? '' : 's'}; using ${max}\n`,
  );
  return max;
}

/** `svc-policy eval`: resolves to the exit code (see {@link EXIT} and the usage text). */
export async function runEval(argv: readonly string[]): Promise<number> {
  const out = process.stdout;
  const err = process.stderr;
  let progress: ReturnType<typeof progressBar> | null = null;
  exitOnClosedPipe(out);
  try {
    const { values, positionals } = parseCommandArgs(argv, EVAL_OPTIONS);
    if (values.help) {
      out.write(EVAL_USAGE);
      return EXIT.ok;
    }
    const format = parseFormat(values.format);
    const paths = [...(values.policy ?? []), ...positionals];
    if (paths.length === 0) throw new UsageError('at least one --policy FILE is required');
    const inputPath = values.input ?? '-';
    if (inputPath === '-' && process.stdin.isTTY) {
      throw new UsageError('no --input FILE given and standard input is a terminal');
    }
    const kindField = values['kind-field'];
    if (kindField !== undefined) {
      try {
        kindReader(kindField);
      } catch (error) {
        if (error instanceof FilterError) throw new UsageError(`--kind-field: ${error.message}`);
        throw error;
      }
    }
    const limits = parseLimitFlags(values.limit);
    const selected = explainSelection(values, limits);
    const explainLimit = parseExplainLimit(values['explain-limit'], selected !== null);
    let jobs = parseJobs(values.jobs);
    if (values.progress === true && values['no-progress'] === true) {
      throw new UsageError('--progress and --no-progress exclude each other');
    }

    const policies = await loadPolicies(paths, err, limits);
    if (policies === null) return EXIT.error;
    jobs = capJobs(jobs, err);
    const failOn = parseFailOn(values['fail-on'] ?? [], policies);
    const { stream, size } = await openInput(inputPath);
    progress = wantsProgress(values) ? progressBar(size) : null;
    const inputName = inputPath === '-' ? 'stdin' : inputPath;
    const rejections: Rejection[] = [];
    const onReject = (r: Rejection) => {
      // The first 100 are printed (and kept in the summary): a file that is not NDJSON at all would
      // otherwise print one line per line of the file.
      if (rejections.length < 100) {
        progress?.done();
        err.write(`${printable(inputName)}:${r.line}: ${printable(r.message)}\n`);
        rejections.push(r);
      }
    };

    const active = policies.filter((p) => skipReason(p, values.resource) === null);
    const writer = outputWriter(format, out, selected !== null);
    const renderOptions: RenderOptions = {
      format,
      explain: values.explain,
      id: values.id,
      where: values.where,
      explainLimit,
      limits,
    };
    const render = renderer(active, renderOptions);
    let summary: InventorySummary;
    let rejected = 0;
    let matchedIds: ReadonlySet<string> = render.matchedIds;
    let unexplained = 0;
    // Without --jobs, a small file is read by one thread: starting workers would cost more than it saves.
    const worthIt = values.jobs !== undefined || (size !== null && size >= SPLIT_THRESHOLD);
    const parallel =
      jobs > 1 && worthIt && size !== null && inputPath !== '-' && (await splittable(inputPath, size));
    if (parallel) {
      // The stream opened above is not read: each worker reads its own range of the file.
      stream.destroy();
      const result = await evaluateParallel(
        {
          file: inputPath,
          size: size!,
          jobs,
          policies,
          resource: values.resource,
          kindField,
          render: renderOptions,
        },
        {
          output: (text) => writer.resource(text),
          reject: onReject,
          progress: (records, bytes) => {
            progress?.bytes(bytes);
            progress?.tick(records);
          },
        },
      );
      summary = result.summary;
      rejected = result.rejected;
      matchedIds = result.matchedIds;
      unexplained = result.unexplained;
    } else {
      const records = readInventory(inputBytes(stream, progress?.bytes), {
        onReject: (r) => {
          rejected++;
          onReject(r);
        },
      });
      summary = await evaluateInventory(policies, records, {
        ...(values.resource === undefined ? {} : { resource: values.resource }),
        ...(kindField === undefined ? {} : { kindField }),
        onResult: (event) => {
          progress?.tick(event.index + 1);
          return writer.resource(render(event, String(event.index)));
        },
      });
      unexplained = render.leftOut();
    }
    progress?.done();

    if (summary.resources === 0 && rejected > 0) {
      err.write(
        `svc-policy eval: ${printable(inputName)}: no record could be read: not a JSON array, NDJSON or an {"items": [...]} envelope\n`,
      );
      return EXIT.error;
    }
    const failed = failures(summary, failOn);
    const report: Record<string, unknown> = { ...summary, rejected, rejections };
    if (failOn.length > 0) report.failOn = { conditions: failOn.map((c) => c.text), matched: failed };
    const unmatched = unmatchedIds(values.id, matchedIds);
    if (values.id !== undefined) report.unmatchedIds = unmatched;
    await writer.finish(summary, report, rejected);
    if (summary.notice !== null) err.write(`svc-policy eval: notice: ${printable(summary.notice)}\n`);
    if (unexplained > 0) {
      err.write(
        `svc-policy eval: notice: explained the first ${explainLimit} resources selected; ${unexplained} more were not explained (--explain-limit N raises the limit; --id or --where chooses)\n`,
      );
    }
    if (unmatched.length > 0) {
      const list = unmatched.map((id) => `"${printable(id)}"`).join(', ');
      err.write(
        `svc-policy eval: notice: --id matched no resource: ${list} (no record has that "id"; nothing explained for it)\n`,
      );
    }
    if (rejected > 0) {
      const shown = rejected > rejections.length ? ` (the first ${rejections.length} listed above)` : '';
      err.write(
        `svc-policy eval: ${rejected} record(s) rejected (not valid JSON, or not a JSON object)${shown}\n`,
      );
    }
    if (failed.length > 0) {
      const list = failed
        .map((f) => `${printable(f.policy)}: ${printable(f.status)} (${f.count})`)
        .join(', ');
      err.write(`svc-policy eval: --fail-on ${failOn.map((c) => c.text).join(',')} met: ${list}\n`);
    }
    if (rejected > 0) return EXIT.rejected;
    return failed.length > 0 ? EXIT.failOn : EXIT.ok;
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(usageErrorText('eval', error.message));
      return EXIT.error;
    }
    progress?.done();
    if (error instanceof InputError || error instanceof InventoryError) {
      err.write(`svc-policy eval: ${printable(error.message)}\n`);
      return EXIT.error;
    }
    throw error;
  }
}
