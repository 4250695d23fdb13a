import { FilterError } from '../errors.js';
import { readNdjsonSelected } from '../inventory/selected-lines.js';
import { evaluateFile } from '../node/file.js';
import { chosenReader, debugReader, type Reader, readPaths } from '../node/select.js';
import { splittable as splittableFile } from '../node/split.js';
import {
  DEFAULT_KIND_FIELD,
  evaluateInventory,
  InventoryError,
  type InventorySummary,
  type ResourceResults,
} from '../policy/index.js';
import { kindReader, skipReason } from '../policy/inventory.js';
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
import { COVERAGE_EXIT, COVERAGE_OPTIONS, coverageJson, coverageUsage, parseCoverage } from './coverage.js';
import { embedsCoverage, evalCovered, finishCoverage } from './coverage-run.js';
import { explainSelection, parseExplainLimit, renderer, unmatchedIds } from './eval-explain.js';
import { failures, parseFailOn } from './eval-fail-on.js';
import { type OutputWriter, outputWriter, parseFormat } from './eval-output.js';
import {
  capJobs,
  evaluateParallel,
  parseJobs,
  type RenderOptions,
  SPLIT_THRESHOLD,
  splittable,
} from './eval-parallel.js';
import { sarifDocument, sarifPlan } from './eval-sarif.js';
import { fileBytes, InputError, inputBytes, openInput, type Rejection, readInventory } from './io.js';
import { loadPolicies } from './policies.js';
import { progressBar, wantsProgress } from './progress.js';
import type { Command, CommandArgs, CommandContext } from './runner.js';
import { VERSION } from './validate-format.js';
import {
  loadWaivers,
  reportExpired,
  reportUnknownPolicies,
  WAIVER_OPTIONS,
  waiversUsage,
  withWaivers,
} from './waivers.js';

export const EVAL_USAGE = `usage: svc-policy eval --policy FILE... [--input FILE|-] [--format table|json|ndjson|sarif]
                       [--kind-field PATH] [--resource KIND] [--fail-on CONDITION]...
                       [--explain] [--id ID]... [--where FILTER-JSON] [--explain-limit N] [--jobs N]
                       [--as-of INSTANT] [--engine memory|duckdb] [--progress|--no-progress]
                       [--waivers FILE] [--fail-on-waived] [--limit NAME=N]... [--coverage]
                       [--coverage-format F] [--coverage-output FILE]
                       [--coverage-threshold [KIND=]PERCENT]... [--help]

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
                           sarif: a SARIF 2.1.0 log, a result per applicable resource and policy
                           whose status has a criticality above 0 (waived ones suppressed);
                           no --explain/--id/--where, --coverage only with --coverage-output
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
      --engine ENGINE      memory (default): records parsed and evaluated here, --jobs threads;
                           duckdb: the policies pushed down into DuckDB over the --input file
                           (NDJSON, JSON array, envelope, gzip or not, Parquet) on --jobs threads
                           (default: every core); needs npm install @duckdb/node-api. The summary
                           only: no --explain/--id/--where, no --format ndjson, no standard input;
                           a record that is not a JSON object stops it (exit 2), never skipped
      --progress           show the progress line on standard error (records, records/s, bytes read
                           of the total, ETA) even when it is not a terminal, or in CI
      --no-progress        never show it (by default it is shown on a terminal, outside CI)
${waiversUsage(27, true)}
${asOfUsage(27)};
                           the summary ("asOf" in JSON) says which instant was used
${limitUsage(27)}
${coverageUsage(27)}
                           (over the inventory: rules that never decided, conditions never true or
                           never false on it; memory engine only)
  -h, --help               this text

exit codes:
  0  every record was evaluated (and no --fail-on condition was met)
  1  a --fail-on condition was met
  2  usage error, unreadable file (a FIFO or device is not read: pipe it to --input -), invalid
     policy, input that is not a JSON array, NDJSON or an envelope, or records that name no kind while
     the policies are for several kinds (--resource, --kind-field)
  3  evaluated, but some NDJSON lines or array elements were not records (not valid JSON, or JSON
     that is not an object) and were skipped
  4  evaluated, nothing above, but coverage is below a --coverage-threshold
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
  ...AS_OF_OPTION,
  ...WAIVER_OPTIONS,
  engine: { type: 'string' },
  progress: { type: 'boolean' },
  'no-progress': { type: 'boolean' },
  ...LIMIT_OPTION,
  ...COVERAGE_OPTIONS,
  help: { type: 'boolean', short: 'h' },
} as const;

/** Exit codes of `svc-policy eval`. */
export const EXIT = { ok: 0, failOn: 1, error: 2, rejected: 3, coverage: COVERAGE_EXIT } as const;

async function run(
  { values, positionals }: CommandArgs<typeof EVAL_OPTIONS>,
  { out, err }: CommandContext,
): Promise<number> {
  let progress: ReturnType<typeof progressBar> | null = null;
  // What was written before an error that stops the run is written out (see outputWriter).
  let written: OutputWriter | null = null;
  try {
    // The run's one instant, read first: every policy, record and worker thread sees it.
    const asOf = parseAsOf(values['as-of']);
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
    const selected = explainSelection(values, limits, asOf);
    const explainLimit = parseExplainLimit(values['explain-limit'], selected !== null);
    let jobs = parseJobs(values.jobs);
    if (values.progress === true && values['no-progress'] === true) {
      throw new UsageError('--progress and --no-progress exclude each other');
    }

    let reader: Reader;
    try {
      reader = chosenReader(undefined);
    } catch (error) {
      if (error instanceof FilterError) throw new UsageError(error.message);
      throw error;
    }
    const engine = values.engine ?? 'memory';
    if (engine !== 'memory' && engine !== 'duckdb') {
      throw new UsageError(`--engine must be memory or duckdb, got "${printable(engine)}"`);
    }
    if (engine === 'duckdb') checkDuckdbUsage(values, inputPath, format);
    if (format === 'sarif') checkSarifUsage(values, selected !== null);
    const coverage = parseCoverage(values, format === 'json' || format === 'ndjson');
    if (format === 'sarif' && coverage !== null && (coverage.output ?? '-') === '-') {
      throw new UsageError('--format sarif is one document: write the coverage with --coverage-output FILE');
    }
    if (coverage !== null && engine === 'duckdb') {
      throw new UsageError('--coverage counts what each record consults, which only --engine memory does');
    }

    const loaded = await loadPolicies(paths, err, limits, asOf);
    if (loaded === null) return EXIT.error;
    const waivers = await loadWaivers(values.waivers, limits, err);
    if (waivers === null) return EXIT.error;
    const policies = withWaivers(loaded, waivers, values.waivers);
    reportUnknownPolicies(policies, waivers, err);
    const failOnWaived = values['fail-on-waived'] === true;
    if (engine === 'duckdb') {
      const failOn = parseFailOn(values['fail-on'] ?? [], policies);
      const summary = await evaluateFile('', policies, inputPath, {
        engine: 'duckdb',
        limits,
        asOf,
        ...(values.jobs === undefined ? {} : { jobs: capJobs(jobs, err) }),
        ...(values.resource === undefined ? {} : { resource: values.resource }),
        ...(kindField === undefined ? {} : { kindField }),
      });
      const writer = outputWriter(format, out, false);
      const failed = failures(summary, failOn, failOnWaived);
      const report: Record<string, unknown> = { ...summary, rejected: 0, rejections: [] };
      if (failOn.length > 0) report.failOn = { conditions: failOn.map((c) => c.text), matched: failed };
      await writer.finish(summary, report, 0);
      if (summary.notice !== null) err.notice(summary.notice);
      reportExpired(summary, err);
      return reportFailOn(failed, failOn, err);
    }
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
        err.line(`${printable(inputName)}:${r.line}: ${printable(r.message)}`);
        rejections.push(r);
      }
    };

    const active = policies.filter((p) => skipReason(p, values.resource) === null);
    const sarif = format === 'sarif' ? await sarifPlan(paths, policies, active, failOn) : null;
    const writer = outputWriter(
      format,
      out,
      selected !== null,
      sarif === null ? null : sarifDocument({ name: 'svc-policy', version: VERSION }, sarif.rules, asOf),
    );
    written = writer;
    const renderOptions: RenderOptions = {
      format,
      ...(sarif === null ? {} : { sarif: sarif.plan }),
      explain: values.explain,
      id: values.id,
      where: values.where,
      explainLimit,
      limits,
      asOf,
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
    // An explanation needs whole records; otherwise NDJSON is decoded only where the policies, the
    // kind field and the output read: `id`, for the line per resource of ndjson and sarif (json and
    // table print none without an explanation).
    const perResource = selected !== null || format === 'ndjson' || format === 'sarif';
    const select =
      selected === null ? readPaths(policies, kindField, reader, perResource ? [['id']] : []) : null;
    const selective =
      select !== null &&
      (parallel || (size !== null && inputPath !== '-' && (await splittableFile(inputPath, size))));
    debugReader('%s: %s', inputPath, selective ? `selective reader, ${select.length} paths` : 'full parse');
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
          asOf,
          render: renderOptions,
          select: selective ? select : null,
          coverage: coverage !== null,
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
      const read = {
        onReject: (r: Rejection) => {
          rejected++;
          onReject(r);
        },
      };
      let records: AsyncIterable<unknown>;
      if (selective) {
        // Read again into two reused buffers (cheaper than the stream's buffer per chunk).
        stream.destroy();
        records = readNdjsonSelected(fileBytes(inputPath, progress?.bytes), select!, read);
      } else records = readInventory(inputBytes(stream, progress?.bytes), read);
      summary = await evaluateInventory(policies, records, {
        ...(values.resource === undefined ? {} : { resource: values.resource }),
        ...(kindField === undefined ? {} : { kindField }),
        asOf,
        ...(coverage === null ? {} : { coverage: true }),
        // Without a line per resource or a progress line, no result event is needed, and the policies
        // that do not apply to a record are not visited.
        ...(!perResource && progress === null
          ? {}
          : {
              onResult: (event: ResourceResults) => {
                progress?.tick(event.index + 1);
                return writer.resource(render(event, String(event.index)));
              },
            }),
      });
      unexplained = render.leftOut();
    }
    progress?.done();

    if (summary.resources === 0 && rejected > 0) {
      err.say(
        `${printable(inputName)}: no record could be read: not a JSON array, NDJSON or an {"items": [...]} envelope`,
      );
      return EXIT.error;
    }
    const failed = failures(summary, failOn, failOnWaived);
    const report: Record<string, unknown> = { ...summary, rejected, rejections };
    if (failOn.length > 0) report.failOn = { conditions: failOn.map((c) => c.text), matched: failed };
    const unmatched = unmatchedIds(values.id, matchedIds);
    if (values.id !== undefined) report.unmatchedIds = unmatched;
    // The coverage: placed in the policy files, in the JSON report or after it (see coverage-run.ts).
    const covered = coverage === null ? null : await evalCovered(paths, summary);
    const embedded = embedsCoverage(coverage, format !== 'table');
    if (covered !== null && embedded) report.coverage = coverageJson(covered, 'record');
    else delete report.coverage;
    await writer.finish(summary, report, rejected);
    const below =
      covered !== null && (await finishCoverage(coverage!, covered, 'record', out, err, embedded));
    if (summary.notice !== null) err.notice(summary.notice);
    reportExpired(summary, err);
    if (unexplained > 0) {
      err.notice(
        `explained the first ${explainLimit} resources selected; ${unexplained} more were not explained (--explain-limit N raises the limit; --id or --where chooses)`,
      );
    }
    if (unmatched.length > 0) {
      const list = unmatched.map((id) => `"${printable(id)}"`).join(', ');
      err.notice(`--id matched no resource: ${list} (no record has that "id"; nothing explained for it)`);
    }
    if (rejected > 0) {
      const shown = rejected > rejections.length ? ` (the first ${rejections.length} listed above)` : '';
      err.say(`${rejected} record(s) rejected (not valid JSON, or not a JSON object)${shown}`);
    }
    const code = reportFailOn(failed, failOn, err);
    return rejected > 0 ? EXIT.rejected : code === EXIT.ok && below ? EXIT.coverage : code;
  } catch (error) {
    // The progress line is cleared before the runner reports the error (a usage error comes before it).
    progress?.done();
    // Not awaited: a stream that failed may never drain, and what it takes is written before exit.
    void written?.flush();
    throw error;
  }
}

/** Prints the --fail-on conditions met; the exit code they give. */
function reportFailOn(
  failed: ReturnType<typeof failures>,
  failOn: ReturnType<typeof parseFailOn>,
  err: CommandContext['err'],
): number {
  if (failed.length === 0) return EXIT.ok;
  const list = failed.map((f) => `${printable(f.policy)}: ${printable(f.status)} (${f.count})`).join(', ');
  err.say(`--fail-on ${failOn.map((c) => c.text).join(',')} met: ${list}`);
  return EXIT.failOn;
}

/** What --format sarif cannot do: explanations (a result per failing resource is its output). */
function checkSarifUsage(values: CommandArgs<typeof EVAL_OPTIONS>['values'], explaining: boolean): void {
  if (explaining || values['explain-limit'] !== undefined) {
    throw new UsageError('--format sarif writes results, not explanations: no --explain, --id, --where');
  }
}

/** What --engine duckdb cannot do: per-resource output and standard input (a usage error, exit 2). */
function checkDuckdbUsage(
  values: CommandArgs<typeof EVAL_OPTIONS>['values'],
  inputPath: string,
  format: string,
): void {
  const perResource = ['explain', 'id', 'where', 'explain-limit'] as const;
  for (const name of perResource) {
    if (values[name] !== undefined) {
      throw new UsageError(`--${name} explains resources one by one, which only --engine memory does`);
    }
  }
  if (format === 'ndjson' || format === 'sarif')
    throw new UsageError(`--format ${format} writes each resource, which only --engine memory does`);
  if (inputPath === '-') throw new UsageError('--engine duckdb reads a file: give it with --input FILE');
}

/** `svc-policy eval`: see {@link EXIT} and the usage text. */
export const evalCommand: Command<typeof EVAL_OPTIONS> = {
  name: 'eval',
  usage: EVAL_USAGE,
  options: EVAL_OPTIONS,
  run,
  // A FilterError here is an engine's refusal of the run (INVALID_OPTION: the duckdb engine without
  // its optional package, an option it cannot take), never a fault of the CLI.
  failure: (error) =>
    error instanceof InputError || error instanceof InventoryError || error instanceof FilterError
      ? { message: error.message }
      : undefined,
};
