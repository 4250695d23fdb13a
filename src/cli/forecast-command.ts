import { FilterError } from '../errors.js';
import { type ForecastFileOptions, forecastFile } from '../node/forecast-file.js';
import { forecastCompiled, forecastPlan } from '../policy/forecast-inventory.js';
import {
  DEFAULT_KIND_FIELD,
  type ForecastSummary,
  InventoryError,
  type Rejection,
  type Transition,
} from '../policy/index.js';
import { kindReader } from '../policy/inventory.js';
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
import { conditionMet, parseFailOn } from './eval-fail-on.js';
import { capJobs, workerEntry } from './eval-parallel.js';
import { forecastMarkdown, forecastTable } from './forecast-format.js';
import { InputError, inputBytes, openInput, readInventory, write } from './io.js';
import { loadPolicies } from './policies.js';
import type { Command, CommandArgs, CommandContext } from './runner.js';
import { loadWaivers, reportUnknownPolicies, WAIVER_OPTIONS, waiversUsage, withWaivers } from './waivers.js';

export const FORECAST_USAGE = `usage: svc-policy forecast --policy FILE... --horizon DURATION [--input FILE|-] [--as-of INSTANT]
                           [--by day|week|month] [--format table|json|ndjson|markdown]
                           [--fail-on CONDITION]... [--first N] [--kind-field PATH] [--resource KIND]
                           [--waivers FILE] [--fail-on-waived] [--jobs N] [--limit NAME=N]... [--help]

Forecasts policies over an inventory: the exact instants in (asOf, asOf + horizon] at which each
record's status changes (its { "$now": … } conditions flip), and per policy the count of records in
each status at each step of a UTC calendar. See docs/forecast.md.

options:
  -p, --policy FILE        a policy definition (JSON or YAML; a directory adds its .json/.yaml files);
                           repeat it, or list more files after the options
  -i, --input FILE         the inventory; "-" (the default) reads standard input. A JSON array, NDJSON
                           or the API's {"items": [...]} envelope, gzip-compressed or not
      --horizon DURATION   the length of the window, an ISO 8601 duration of fixed units ("P90D",
                           "P12W", "PT36H"; no months or years), required
      --by STEP            the steps of the series: day (default), week (from Monday 00:00 UTC) or
                           month (from the 1st, 00:00 UTC); the first step is asOf, the last the end
  -f, --format FORMAT      table (default on a terminal): per policy and status the count at asOf and
                           at the end, a sparkline over the steps, the first transitions
                           json (default otherwise): {"summary": …} with the series and the first
                           transitions
                           ndjson: one transition per line, in input order, then a {"summary": …} line
                           markdown: the table as Markdown, for a pull request or a report
      --fail-on CONDITION  exit 1 when any record is, at some instant of the window (asOf included), in
                           a status named CONDITION, or of criticality>=N (or criticality>N), not
                           waived there; repeat it or separate with commas
      --first N            the transitions the table, Markdown and JSON list per policy (default 10)
      --kind-field PATH    where a record names its kind; default "${DEFAULT_KIND_FIELD}"
      --resource KIND      the kind of records that name none; skips policies of other kinds
  -j, --jobs N             worker threads for an NDJSON file (default 1; at most the cores); the output
                           is the same as with --jobs 1
${waiversUsage(27, true)}
                           a waiver's expiry inside the window is a transition (docs/forecast.md)
${asOfUsage(27)}
${limitUsage(27)}
  -h, --help               this text

exit codes:
  0  forecast, and no --fail-on condition met
  1  a --fail-on condition was met
  2  usage error (a bad --horizon, --by, --as-of), unreadable file, invalid policy, input that is not
     a JSON array, NDJSON or an envelope, records of unknown kind for policies of several kinds
  3  forecast, but some lines were not records (not valid JSON, or not a JSON object) and were skipped
`;

export const FORECAST_OPTIONS = {
  policy: { type: 'string', short: 'p', multiple: true },
  input: { type: 'string', short: 'i' },
  horizon: { type: 'string' },
  by: { type: 'string' },
  format: { type: 'string', short: 'f' },
  'fail-on': { type: 'string', multiple: true },
  first: { type: 'string' },
  'kind-field': { type: 'string' },
  resource: { type: 'string' },
  jobs: { type: 'string', short: 'j' },
  ...WAIVER_OPTIONS,
  ...AS_OF_OPTION,
  ...LIMIT_OPTION,
  help: { type: 'boolean', short: 'h' },
} as const;

/** Exit codes of `svc-policy forecast`. */
export const FORECAST_EXIT = { ok: 0, failOn: 1, error: 2, rejected: 3 } as const;

type Format = 'table' | 'json' | 'ndjson' | 'markdown';

function parseFormat(value: string | undefined): Format {
  if (value === undefined) return process.stdout.isTTY ? 'table' : 'json';
  if (value === 'table' || value === 'json' || value === 'ndjson' || value === 'markdown') return value;
  throw new UsageError(`--format must be table, json, ndjson or markdown, got "${printable(value)}"`);
}

/** The statuses the --fail-on conditions meet: reached by some record within the window. */
function failures(
  summary: ForecastSummary,
  conditions: ReturnType<typeof parseFailOn>,
  failOnWaived: boolean,
) {
  const out: Array<{
    policy: string;
    status: string;
    criticality: number;
    reached: number;
    condition: string;
  }> = [];
  for (const p of summary.policies) {
    for (const s of p.statuses) {
      const reached = failOnWaived ? s.reached : s.reachedUnwaived;
      if (reached === 0) continue;
      const hit = conditionMet(conditions, s.status, s.criticality);
      if (hit)
        out.push({
          policy: p.policy,
          status: s.status,
          criticality: s.criticality,
          reached,
          condition: hit.text,
        });
    }
  }
  return out;
}

async function run(
  { values, positionals }: CommandArgs<typeof FORECAST_OPTIONS>,
  { out, err }: CommandContext,
): Promise<number> {
  const asOf = parseAsOf(values['as-of']);
  const format = parseFormat(values.format);
  const paths = [...(values.policy ?? []), ...positionals];
  if (paths.length === 0) throw new UsageError('at least one --policy FILE is required');
  if (values.horizon === undefined) throw new UsageError('--horizon DURATION is required (for example P90D)');
  const first = values.first === undefined ? 10 : Number(values.first);
  if (!/^\d{1,6}$/.test(values.first ?? '0'))
    throw new UsageError(`--first must be a non-negative integer, got "${printable(values.first!)}"`);
  const inputPath = values.input ?? '-';
  if (inputPath === '-' && process.stdin.isTTY)
    throw new UsageError('no --input FILE given and standard input is a terminal');
  const kindField = values['kind-field'];
  const jobsText = values.jobs ?? '1';
  if (!/^[1-9]\d{0,3}$/.test(jobsText))
    throw new UsageError(`--jobs must be a positive integer, got "${printable(jobsText)}"`);
  const limits = parseLimitFlags(values.limit);
  const options: ForecastFileOptions = {
    asOf,
    horizon: values.horizon,
    by: values.by as 'day',
    first,
    limits,
    ...(values.resource === undefined ? {} : { resource: values.resource }),
    ...(kindField === undefined ? {} : { kindField }),
  };
  try {
    if (kindField !== undefined) kindReader(kindField);
    forecastPlan(options);
  } catch (error) {
    if (error instanceof FilterError)
      throw new UsageError(
        `--${error.path.slice(1).replace('kindField', 'kind-field') || 'kind-field'}: ${error.message}`,
      );
    throw error;
  }
  const loaded = await loadPolicies(paths, err, limits, asOf);
  if (loaded === null) return FORECAST_EXIT.error;
  const waivers = await loadWaivers(values.waivers, limits, err);
  if (waivers === null) return FORECAST_EXIT.error;
  const policies = withWaivers(loaded, waivers, values.waivers);
  reportUnknownPolicies(policies, waivers, err);
  // As eval: a waiver expired at asOf changes nothing, but is not passed over in silence.
  for (const p of policies) {
    if (p.expiredWaivers.length === 0) continue;
    const ids = p.expiredWaivers.map((w) => `"${printable(w.id)}"`).join(', ');
    err.notice(
      `policy "${printable(p.name)}": waiver(s) ${ids} expired before ${p.asOf} and no longer apply`,
    );
  }
  const failOn = parseFailOn(values['fail-on'] ?? [], policies);

  const inputName = inputPath === '-' ? 'stdin' : inputPath;
  const rejections: Rejection[] = [];
  let rejected = 0;
  const onReject = (r: Rejection) => {
    rejected++;
    if (rejections.length < 100) {
      err.line(`${printable(inputName)}:${r.line}: ${printable(r.message)}`);
      rejections.push(r);
    }
  };
  const onTransition =
    format === 'ndjson' ? (t: Transition) => write(out, `${JSON.stringify(t)}\n`) : undefined;
  const run = { ...options, onReject, ...(onTransition === undefined ? {} : { onTransition }) };
  let summary: ForecastSummary;
  if (inputPath === '-') {
    const { stream } = await openInput(inputPath);
    const plan = forecastPlan(options);
    summary = await forecastCompiled(policies, readInventory(inputBytes(stream), { onReject }), run, plan);
  } else {
    const { stream } = await openInput(inputPath);
    stream.destroy();
    const entry = workerEntry();
    const jobs = entry === null ? 1 : capJobs(Number(jobsText), err);
    summary = await forecastFile(entry ?? '', policies, inputPath, { ...run, jobs });
  }
  if (summary.resources === 0 && rejected > 0) {
    err.say(
      `${printable(inputName)}: no record could be read: not a JSON array, NDJSON or an {"items": [...]} envelope`,
    );
    return FORECAST_EXIT.error;
  }
  const failed = failures(summary, failOn, values['fail-on-waived'] === true);
  const report: Record<string, unknown> = { ...summary, rejected, rejections };
  if (failOn.length > 0) report.failOn = { conditions: failOn.map((c) => c.text), matched: failed };
  switch (format) {
    case 'table':
      await write(out, forecastTable(summary, first));
      break;
    case 'markdown':
      await write(out, forecastMarkdown(summary, first));
      break;
    case 'json':
    case 'ndjson':
      await write(out, `${JSON.stringify({ summary: report })}\n`);
      break;
  }
  if (rejected > 0) {
    const shown = rejected > rejections.length ? ` (the first ${rejections.length} listed above)` : '';
    err.say(`${rejected} record(s) rejected (not valid JSON, or not a JSON object)${shown}`);
  }
  if (failed.length > 0) {
    const list = failed
      .map((f) => `${printable(f.policy)}: ${printable(f.status)} (${f.reached})`)
      .join(', ');
    err.say(`--fail-on ${failOn.map((c) => c.text).join(',')} met within ${summary.horizon}: ${list}`);
  }
  return rejected > 0 ? FORECAST_EXIT.rejected : failed.length > 0 ? FORECAST_EXIT.failOn : FORECAST_EXIT.ok;
}

/** `svc-policy forecast`: see {@link FORECAST_EXIT} and the usage text. */
export const forecastCommand: Command<typeof FORECAST_OPTIONS> = {
  name: 'forecast',
  usage: FORECAST_USAGE,
  options: FORECAST_OPTIONS,
  run,
  failure: (error) =>
    error instanceof InputError || error instanceof InventoryError ? { message: error.message } : undefined,
};
