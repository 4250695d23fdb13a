import { realpath } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { MAX_CLI_MESSAGE, safeMessage } from '../errors.js';
import { checkPolicyDefinition } from '../policy/check.js';
import type { FileReport } from '../validate/formats/types.js';
import { validatePolicy } from '../validate/index.js';
import type { Diagnostic, K8sDetailsSchema } from '../validate/types.js';
import { printable } from '../validate/unprintable.js';
import { DEFAULT_MAX_WAIVER_DAYS, isWaiverDocument, validateWaivers } from '../validate/waivers.js';
import { AS_OF_OPTION, LIMIT_OPTION, limitUsage, parseAsOf, parseLimitFlags, UsageError } from './args.js';
import { defaultRoot, findFiles, isPolicyFile, readTextFile, TEST_FILE } from './files.js';
import { openInput, readInventory } from './io.js';
import { parseDocument } from './policies.js';
import type { Command, CommandArgs, CommandContext } from './runner.js';
import { formatReport, VALIDATE_FORMATS, type ValidateFormat } from './validate-format.js';

export const VALIDATE_USAGE = `usage: svc-policy validate [--format text|json|sarif|github] [--k8s-schema FILE] [--max-bytes N]
                           [--limit NAME=N]... [--root DIR] [--inventory FILE] [--max-waiver-days N]
                           [--as-of INSTANT] [--help] PATH...

Validates policy files (JSON or YAML): schema, policy rules, field paths and types, array selectors,
contradictions and dead rules, lookalike characters. PATH is a file, a directory (searched for .json,
.yaml and .yml files, skipping node_modules, dot-directories and *.test.* policy tests) or a glob
("policies/**/*.yaml"). A file whose document is { "waivers": [...] } is a waiver file (docs/waivers.md):
its waivers are checked (expiry, coverage, what they accept), and against the policy files validated with
it (a waiver naming none of them, or a status its policy lacks, is an error).

options:
  -f, --format FORMAT   text (default): file:line:column severity code message, with a code frame
                        json: {"files": [{file, valid, diagnostics}], "errors", "warnings"}
                        sarif: SARIF 2.1.0 (GitHub code scanning and other tools)
                        github: GitHub Actions workflow annotations
      --k8s-schema FILE the response of POST /k8sResource/detailsSchema ({ kind, fields }): details$ paths
                        are checked against its descriptors
      --max-bytes N     largest file read (default 1048576; the same as --limit maxFileBytes=N)
${limitUsage(24)}
      --inventory FILE  waiver files: a waiver that covers none of this inventory's records is reported
      --max-waiver-days N  waiver files: an expiry more than N days after --as-of is an error (default 365)
      --as-of INSTANT   waiver files: the instant expiry is judged at (RFC 3339; default now)
      --root DIR        what a directory holds must resolve inside DIR (default: the git repository
                        root, else the working directory); a link leading outside is reported, not
                        followed; a path named on the command line is read wherever it is
  -h, --help            this text

exit codes:
  0  no errors (warnings allowed)
  1  some policy file has errors
  2  usage error, or a file could not be read (missing, not a regular file, too large, or met in a
     directory and resolving outside the root)
`;

export const VALIDATE_OPTIONS = {
  format: { type: 'string', short: 'f' },
  'k8s-schema': { type: 'string' },
  'max-bytes': { type: 'string' },
  ...LIMIT_OPTION,
  root: { type: 'string' },
  inventory: { type: 'string' },
  'max-waiver-days': { type: 'string' },
  ...AS_OF_OPTION,
  help: { type: 'boolean', short: 'h' },
} as const;

/** Descriptors of one Kubernetes kind are kilobytes; this only stops a runaway file. */
const K8S_SCHEMA_MAX_BYTES = 16 * 1024 * 1024;

async function loadK8sSchema(path: string): Promise<K8sDetailsSchema> {
  // Read as carefully as a policy file (a FIFO would block, /dev/zero never ends), but from anywhere:
  // the descriptors are the caller's input, not a file of the repository.
  const read = await readTextFile(path, undefined, K8S_SCHEMA_MAX_BYTES, 'the --k8s-schema limit');
  if ('problem' in read) throw new UsageError(`cannot read --k8s-schema ${path}: the file ${read.problem}`);
  const text = read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new UsageError(`--k8s-schema ${path} is not valid JSON: ${(error as Error).message}`);
  }
  const fields = Array.isArray(value) ? value : (value as { fields?: unknown } | null)?.fields;
  if (
    !Array.isArray(fields) ||
    !fields.every((f) => typeof f === 'object' && f !== null && typeof f.field === 'string')
  ) {
    throw new UsageError(
      `--k8s-schema ${path} must be { "kind": …, "fields": [{ "field": …, … }] } (the response of POST /k8sResource/detailsSchema)`,
    );
  }
  const kind = (value as { kind?: unknown }).kind;
  return typeof kind === 'string' ? { kind, fields } : { fields };
}

/** `Promise.all` over `items` with at most `limit` calls in flight; results in input order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

function parseFormat(value: string | undefined): ValidateFormat {
  if (value === undefined) return 'text';
  if ((VALIDATE_FORMATS as readonly string[]).includes(value)) return value as ValidateFormat;
  throw new UsageError(`--format must be one of ${VALIDATE_FORMATS.join(', ')}, got "${value}"`);
}

function parseMaxBytes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const n = Number(value);
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(n) || n < 1) {
    throw new UsageError(`--max-bytes must be a positive integer, got "${value}"`);
  }
  return n;
}

function display(path: string, cwd: string): string {
  const rel = relative(cwd, resolve(cwd, path));
  return (rel === '' || rel.startsWith('..') ? path : rel).split(sep).join('/');
}

/** The document of a text, or `undefined` when it cannot be parsed (validation then reports why). */
function parsedOrUndefined(text: string, path: string, limits: ReturnType<typeof parseLimitFlags>): unknown {
  try {
    return parseDocument(text, path, limits);
  } catch {
    return undefined;
  }
}

function parseMaxDays(value: string | undefined): number {
  if (value === undefined) return DEFAULT_MAX_WAIVER_DAYS;
  if (!/^[1-9]\d{0,5}$/.test(value)) {
    throw new UsageError(`--max-waiver-days must be a positive whole number of days, got "${value}"`);
  }
  return Number(value);
}

/** Every record of `--inventory` (any format eval reads); a malformed one stops (exit 2). */
async function readAll(path: string): Promise<unknown[]> {
  const { stream } = await openInput(path);
  const records: unknown[] = [];
  try {
    for await (const r of readInventory(stream)) records.push(r);
  } catch (error) {
    throw new UsageError(`--inventory ${path}: ${error instanceof Error ? error.message : String(error)}`);
  }
  return records;
}

/** Resolves to the exit code: 0 no errors, 1 errors in policy files, 2 an unreadable file. */
async function run(
  { values, positionals }: CommandArgs<typeof VALIDATE_OPTIONS>,
  { out, err }: CommandContext,
): Promise<number> {
  const format = parseFormat(values.format);
  const maxBytes = parseMaxBytes(values['max-bytes']);
  const limits = parseLimitFlags(values.limit, maxBytes === undefined ? {} : { maxFileBytes: maxBytes });
  if (positionals.length === 0) throw new UsageError('at least one PATH is required');
  const k8sSchema =
    values['k8s-schema'] === undefined ? undefined : await loadK8sSchema(values['k8s-schema']);
  const cwd = process.cwd();
  const root = await realpath(values.root ?? (await defaultRoot(cwd))).catch(() => {
    throw new UsageError(`--root ${values.root} does not exist`);
  });

  const { files: targets, unmatched } = await findFiles(positionals, {
    root,
    match: isPolicyFile,
    recursive: true,
    globs: true,
    // A policy test (svc-policy test) is not a policy: hooks that pass every staged YAML file must
    // not fail on it.
    skipNamed: (path) => TEST_FILE.test(path),
  });
  for (const u of unmatched) err.say(`no policy files in ${printable(u)}`);
  const reports: FileReport[] = [];
  let unreadable = unmatched.length > 0;
  // Files are read 16 at a time (file system latency dominates), validated and reported in order.
  const reads = await mapLimit(targets, 16, (t) =>
    t.problem === undefined
      ? readTextFile(t.path, t.within, limits.maxFileBytes)
      : Promise.resolve({ problem: t.problem, code: 'UNREADABLE_FILE' as const }),
  );
  // Waiver files are checked after the policies: against the policies validated with them.
  const waiverFiles: { index: number; text: string; path: string }[] = [];
  const policies: { name: string; statuses: { name: string; criticality: number }[] }[] = [];
  for (const [i, target] of targets.entries()) {
    const file = display(target.path, cwd);
    const read = reads[i]!;
    if ('problem' in read) {
      // A file that was not read (too large among them) leaves the run incomplete: exit 2.
      if (read.code !== 'INVALID_ENCODING') unreadable = true;
      const d: Diagnostic = {
        severity: 'error',
        code: read.code,
        message: `the file ${read.problem}`,
        path: '',
      };
      reports.push({ file, diagnostics: [d] });
      continue;
    }
    const text = read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;
    const parsed = parsedOrUndefined(text, target.path, limits);
    if (isWaiverDocument(parsed)) {
      waiverFiles.push({ index: reports.length, text, path: target.path });
      reports.push({ file, text, diagnostics: [] });
      continue;
    }
    const definition = checkPolicyDefinition(parsed, { limits }).definition;
    if (definition !== undefined)
      policies.push({ name: definition.name, statuses: [...definition.statuses] });
    const result = validatePolicy(text, {
      fileName: target.path,
      limits,
      ...(k8sSchema === undefined ? {} : { k8sSchema }),
    });
    reports.push({ file, text, diagnostics: result.diagnostics });
  }
  if (waiverFiles.length > 0) {
    const asOf = parseAsOf(values['as-of']);
    const maxDays = parseMaxDays(values['max-waiver-days']);
    const inventory = values.inventory === undefined ? undefined : await readAll(values.inventory);
    for (const w of waiverFiles) {
      const result = validateWaivers(w.text, {
        fileName: w.path,
        limits,
        asOf,
        maxDays,
        ...(policies.length === 0 ? {} : { policies }),
        ...(inventory === undefined ? {} : { inventory }),
      });
      reports[w.index] = { ...reports[w.index]!, diagnostics: result.diagnostics };
    }
  }
  out.write(formatReport(format, reports));
  if (unreadable) return 2;
  return reports.some((r) => r.diagnostics.some((d) => d.severity === 'error')) ? 1 : 0;
}

/** `svc-policy validate`: any error it meets is reported (exit 2), not an internal error. */
export const validateCommand: Command<typeof VALIDATE_OPTIONS> = {
  name: 'validate',
  usage: VALIDATE_USAGE,
  options: VALIDATE_OPTIONS,
  run,
  failure: (error) => ({ message: safeMessage(error, MAX_CLI_MESSAGE) }),
};
