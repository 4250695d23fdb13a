import { readdir, readFile, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { parse as parseYaml } from 'yaml';
import {
  type CompiledPolicy,
  compilePolicy,
  evaluateInventory,
  type FoundValue,
  type InventorySummary,
  PolicyError,
  type ResourceResults,
} from '../policy/index.js';
import { skipReason } from '../policy/inventory.js';
import { exitOnClosedPipe, parseCommandArgs, UsageError } from './args.js';
import { formatSummary } from './format.js';
import { InputError, openInput, type Rejection, readRecords, write } from './io.js';

const USAGE = `usage: svc-policy eval --policy FILE... [--input FILE|-] [--format table|json|ndjson] [--explain]

Evaluates policies over an inventory (a JSON array or NDJSON, streamed) and prints, per policy, how
many resources got each status.

options:
  -p, --policy FILE    a policy definition (JSON or YAML; a directory adds its .json/.yaml files);
                       repeat it, or list more files after the options
  -i, --input FILE     the inventory; "-" (the default) reads standard input
  -f, --format FORMAT  table (default on a terminal): a summary table
                       json (default otherwise): {"summary": …}; with --explain also "results"
                       ndjson: one line per resource, then a {"summary": …} line
      --explain        add, per resource, why each status was given
      --resource KIND  skip policies whose "resource" is another kind (component, certificate…)
  -h, --help           this text

exit codes:
  0  every record was evaluated
  1  evaluated, but some input lines (NDJSON) or array elements were not valid JSON and were skipped
  2  usage error, unreadable file, invalid policy, or input that is not a JSON array or NDJSON
`;

const OPTIONS = {
  policy: { type: 'string', short: 'p', multiple: true },
  input: { type: 'string', short: 'i' },
  format: { type: 'string', short: 'f' },
  explain: { type: 'boolean' },
  resource: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Format = 'table' | 'json' | 'ndjson';

const POLICY_EXTENSIONS = new Set(['.json', '.yaml', '.yml']);

/** Expands directories into their policy files (sorted, so the order is stable). */
async function policyFiles(paths: readonly string[]): Promise<string[]> {
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
    const names = (await readdir(path)).filter((n) => POLICY_EXTENSIONS.has(extname(n))).sort();
    if (names.length === 0) throw new InputError(`no .json or .yaml policy files in ${path}`);
    out.push(...names.map((n) => join(path, n)));
  }
  return out;
}

/** Reads and compiles every policy; reports all problems of all files before giving up. */
async function loadPolicies(
  paths: readonly string[],
  err: NodeJS.WritableStream,
): Promise<CompiledPolicy[] | null> {
  const policies: CompiledPolicy[] = [];
  let failed = false;
  for (const file of await policyFiles(paths)) {
    let text: string;
    try {
      text = await readFile(file, 'utf8');
      // A byte order mark is an editor's artifact, not JSON; JSON.parse would reject the whole file.
      if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    } catch (error) {
      throw new InputError(
        `cannot read policy ${file}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      );
    }
    let definition: unknown;
    try {
      definition = extname(file) === '.json' ? JSON.parse(text) : parseYaml(text);
    } catch (error) {
      err.write(
        `${file}: not valid ${extname(file) === '.json' ? 'JSON' : 'YAML'}: ${(error as Error).message}\n`,
      );
      failed = true;
      continue;
    }
    try {
      policies.push(compilePolicy(definition));
    } catch (error) {
      if (!(error instanceof PolicyError)) throw error;
      for (const p of error.problems) err.write(`${file}: ${p.path || '/'}: ${p.message} [${p.code}]\n`);
      failed = true;
    }
  }
  return failed ? null : policies;
}

function resourceId(resource: unknown): string | number | null {
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource)) return null;
  const id = (resource as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/** One resource as a JSON line: its results, and with `explain` the explanation of each policy. */
function resultLine(event: ResourceResults, policies: readonly CompiledPolicy[], explain: boolean): string {
  const line: Record<string, unknown> = {
    index: event.index,
    id: resourceId(event.resource),
    results: event.results.map((o) => ({ policy: o.policy, ...o.result })),
  };
  if (explain) line.explanations = policies.map((p) => p.explain(event.resource));
  return JSON.stringify(line);
}

/** A value found, for the text explanation; with version operators, how it reads as a version. */
function describeFound(v: FoundValue): string {
  if (!v.found) return 'missing';
  const text = JSON.stringify(v.value);
  if (v.version === undefined) return text;
  return v.version === null ? `${text} (not a version)` : `${text} (version ${v.version.normal})`;
}

/** A human-readable explanation, for `--explain` on a terminal. */
function explainText(event: ResourceResults, policies: readonly CompiledPolicy[]): string {
  const lines = [
    `resource #${event.index}${resourceId(event.resource) === null ? '' : ` (${resourceId(event.resource)})`}`,
  ];
  for (const policy of policies) {
    const e = policy.explain(event.resource);
    if (!e.result.applicable) {
      lines.push(`  ${e.policy}: not applicable (outside query.filter)`);
      continue;
    }
    const how = e.result.matched ? `rule ${e.result.matched.ruleIndex}` : 'no rule held: default';
    lines.push(`  ${e.policy}: ${e.result.status} (criticality ${e.result.criticality}, ${how})`);
    const miss = e.nearestMiss;
    if (miss) {
      lines.push(
        `    nearest miss: "${miss.status}" rule ${miss.ruleIndex}, ${miss.failed} of ${miss.conditions} conditions failed`,
      );
      for (const c of miss.failedConditions) {
        for (const clause of c.clauses) {
          if (clause.held || clause.kind !== 'field') continue;
          const seen = clause.values.length === 0 ? 'no value' : clause.values.map(describeFound).join(', ');
          lines.push(`      ${clause.path} ${JSON.stringify(clause.operators)}: found ${seen}`);
        }
      }
    }
  }
  return `${lines.join('\n')}\n`;
}

/** A progress line on standard error, redrawn at most ten times a second. */
function progressBar(size: number | null) {
  const stream = process.stderr;
  let last = 0;
  let bytes = 0;
  const started = performance.now();
  const draw = (count: number, force = false) => {
    const now = performance.now();
    if (!force && now - last < 100) return;
    last = now;
    const rate = Math.round((count * 1000) / Math.max(1, now - started));
    const head =
      size !== null && size > 0
        ? (() => {
            const ratio = Math.min(1, bytes / size);
            const filled = Math.round(ratio * 30);
            return `[${'#'.repeat(filled)}${'.'.repeat(30 - filled)}] ${(ratio * 100).toFixed(0).padStart(3)}% `;
          })()
        : '';
    stream.write(
      `\r${head}${count.toLocaleString('en-US')} resources, ${rate.toLocaleString('en-US')}/s\u001b[K`,
    );
  };
  return {
    bytes: (n: number) => {
      bytes = n;
    },
    tick: (count: number) => draw(count),
    done: () => stream.write('\r\u001b[K'),
  };
}

function parseFormat(value: string | undefined): Format {
  if (value === undefined) return process.stdout.isTTY ? 'table' : 'json';
  if (value === 'table' || value === 'json' || value === 'ndjson') return value;
  throw new UsageError(`--format must be table, json or ndjson, got "${value}"`);
}

/** `svc-policy eval`: resolves to the exit code (0 ok, 1 some records rejected, 2 usage or I/O error). */
export async function runEval(argv: readonly string[]): Promise<number> {
  const out = process.stdout;
  const err = process.stderr;
  let progress: ReturnType<typeof progressBar> | null = null;
  exitOnClosedPipe(out);
  try {
    const { values, positionals } = parseCommandArgs(argv, OPTIONS);
    if (values.help) {
      out.write(USAGE);
      return 0;
    }
    const format = parseFormat(values.format);
    const paths = [...(values.policy ?? []), ...positionals];
    if (paths.length === 0) throw new UsageError('at least one --policy FILE is required');
    const inputPath = values.input ?? '-';
    if (inputPath === '-' && process.stdin.isTTY) {
      throw new UsageError('no --input FILE given and standard input is a terminal');
    }

    const policies = await loadPolicies(paths, err);
    if (policies === null) return 2;
    const { stream, size } = await openInput(inputPath);
    const explain = values.explain === true;
    progress = err.isTTY ? progressBar(size) : null;
    const rejections: Rejection[] = [];
    let rejected = 0;
    const records = readRecords(stream, {
      onReject: (r) => {
        rejected++;
        if (progress) progress.done();
        err.write(`${inputPath === '-' ? 'stdin' : inputPath}:${r.line}: ${r.message}\n`);
        if (rejections.length < 100) rejections.push(r);
      },
      ...(progress ? { onBytes: progress.bytes } : {}),
    });

    let first = true;
    if (format === 'json' && explain) out.write('{"results":[\n');
    const active = policies.filter((p) => skipReason(p, values.resource) === null);
    const onResult = (event: ResourceResults): void | Promise<void> => {
      progress?.tick(event.index + 1);
      if (format === 'ndjson') return write(out, `${resultLine(event, active, explain)}\n`);
      if (!explain) return;
      if (format === 'table') return write(out, explainText(event, active));
      const text = `${first ? '' : ',\n'}${resultLine(event, active, true)}`;
      first = false;
      return write(out, text);
    };
    const summary: InventorySummary = await evaluateInventory(policies, records, {
      ...(values.resource === undefined ? {} : { resource: values.resource }),
      onResult,
    });
    progress?.done();

    const report = { ...summary, rejected, rejections };
    if (format === 'table') await write(out, `${explain ? '\n' : ''}${formatSummary(summary, rejected)}`);
    else if (format === 'json') {
      await write(out, `${explain ? '\n],"summary":' : '{"summary":'}${JSON.stringify(report)}}\n`);
    } else await write(out, `${JSON.stringify({ summary: report })}\n`);
    if (rejected > 0) err.write(`svc-policy eval: ${rejected} record(s) rejected (not valid JSON)\n`);
    return rejected > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(`svc-policy eval: ${error.message}\n\n${USAGE}`);
      return 2;
    }
    progress?.done();
    if (error instanceof InputError) {
      err.write(`svc-policy eval: ${error.message}\n`);
      return 2;
    }
    throw error;
  }
}
