import { realpath, stat } from 'node:fs/promises';
import { basename, dirname, join, resolve } from 'node:path';
import { MAX_CLI_MESSAGE, safeMessage } from '../errors.js';
import { DEFAULT_LIMITS, type Limits } from '../limits.js';
import type { CompiledPolicy, PolicyExplanation, PolicyResult } from '../policy/index.js';
import { printable } from '../validate/unprintable.js';
import { exitOnClosedPipe, parseCommandArgs, UsageError, usageErrorText } from './args.js';
import {
  confinementOf,
  DEFAULT_MAX_BYTES,
  defaultRoot,
  type Found,
  findFiles,
  POLICY_EXTENSIONS,
  TEST_FILE,
} from './files.js';
import { explanationText } from './format.js';
import { InputError, write } from './io.js';
import { loadPolicy, readDocument } from './policies.js';

export const TEST_USAGE = `usage: svc-policy test [--format text|json|junit|tap] [--run REGEX] [--verbose] [--help] [PATH...]

Runs policy unit tests: files named NAME.test.json, NAME.test.yaml or NAME.test.yml beside the policies,
each holding sample resources and the status each must get. PATH is a test file or a directory searched
recursively (node_modules and dot-directories skipped); the default is the working directory.

A test file (YAML shown; JSON has the same shape):
  policy: certificate-expiry.json    # optional: the policy file, relative to the test file; by
                                     # default NAME.json, NAME.yaml or NAME.yml beside it
  tests:
    - name: expired yesterday
      resource: { type: ssl, expirationDate: "2026-05-31T00:00:00.000Z" }
      status: expired                # the status the resource must get
    - name: deleted certificates are out of scope
      resource: { type: ssl, deletedAt: "2026-01-01T00:00:00.000Z" }
      applicable: false              # the resource must be outside query.filter

options:
  -f, --format FORMAT  text (default): failures with the explanation of the miss, then the counts
                       json: {"total", "passed", "failed", "errors", "tests": [...]}
                       junit: JUnit XML (one testsuite per test file) for CI dashboards
                       tap: TAP version 13
  -r, --run REGEX      run only the tests whose full name ("policy name: test name") matches REGEX
  -v, --verbose        text format: list passing tests too
  -h, --help           this text

exit codes:
  0  every test passed
  1  some test failed
  2  usage error, no test found, a test whose entry is wrong (the others still run), or a test file
     or its policy that cannot be read or is invalid
`;

export const TEST_OPTIONS = {
  format: { type: 'string', short: 'f' },
  run: { type: 'string', short: 'r' },
  verbose: { type: 'boolean', short: 'v' },
  help: { type: 'boolean', short: 'h' },
} as const;

type Format = 'text' | 'json' | 'junit' | 'tap';
const FORMATS: readonly Format[] = ['text', 'json', 'junit', 'tap'];
/**
 * The limits a test file is read with. It holds records, so it may hold more values than a policy:
 * 16 times as many (262,144), counted with YAML aliases expanded, so that a small file aliasing one big
 * anchor in every test cannot make a report of hundreds of megabytes.
 */
export const TEST_FILE_LIMITS: Limits = {
  ...DEFAULT_LIMITS,
  maxDocumentValues: 16 * DEFAULT_LIMITS.maxDocumentValues,
};
/** Longest JSON text of a value found, in the JSON report; a longer one is cut (see {@link formatJson}). */
export const REPORTED_VALUE_CHARS = 1000;
const FILE_KEYS = new Set(['policy', 'tests', '$schema']);
const CASE_KEYS = new Set(['name', 'resource', 'status', 'applicable', 'description']);

/** One test case, as read from a test file. */
interface TestCase {
  readonly name: string;
  readonly resource: unknown;
  /** The status the resource must get; `undefined` when only applicability is checked. */
  readonly status: string | undefined;
  /** Whether the resource must be in the policy's scope. */
  readonly applicable: boolean;
}

/** The outcome of one test, or of a test file that could not be run (`error`). */
export interface TestOutcome {
  readonly file: string;
  readonly policy: string | null;
  readonly name: string;
  readonly outcome: 'pass' | 'fail' | 'error';
  /** One line: what was expected and what happened, or what is wrong with the file. */
  readonly message: string;
  readonly expected?: { readonly status: string | null; readonly applicable: boolean };
  readonly actual?: PolicyResult;
  /** For a failure: why the resource got its status (`policy.explain`). */
  readonly explanation?: PolicyExplanation;
  readonly durationMs: number;
}

/**
 * Finds test files: named files as given, directories searched recursively, in name order; what is
 * found in a directory is confined as every command confines it (see files.ts).
 */
async function testFiles(paths: readonly string[], root: string): Promise<Found[]> {
  for (const path of paths) {
    try {
      await stat(path);
    } catch (error) {
      throw new InputError(
        `cannot read ${printable(path)}: ${(error as NodeJS.ErrnoException).code ?? String(error)}`,
      );
    }
  }
  const { files } = await findFiles(paths, { root, match: (name) => TEST_FILE.test(name), recursive: true });
  return files;
}

/** The policy file of a test file: its `policy` entry, or the file of the same base name beside it. */
async function policyFileOf(file: string, declared: unknown): Promise<string> {
  if (declared !== undefined) {
    if (typeof declared !== 'string' || declared === '') throw new Error('"policy" must be a file name');
    return resolve(dirname(file), declared);
  }
  const base = basename(file).replace(TEST_FILE, '');
  for (const ext of POLICY_EXTENSIONS) {
    const candidate = join(dirname(file), `${base}${ext}`);
    if ((await stat(candidate).catch(() => null))?.isFile()) return candidate;
  }
  throw new Error(`no "policy" given and no ${base}.json, ${base}.yaml or ${base}.yml beside it`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A test whose entry is wrong: reported as an error of its own, the file's other tests still run. */
interface BadCase {
  readonly name: string;
  readonly error: string;
}

/**
 * Reads the cases of a test file. What is wrong with the file as a whole throws an Error whose message
 * says what and where; what is wrong with one test is that test's {@link BadCase}.
 */
function readCases(document: unknown, policy: CompiledPolicy): (TestCase | BadCase)[] {
  if (!isObject(document)) throw new Error('a test file must hold an object with "tests"');
  for (const key of Object.keys(document)) {
    if (!FILE_KEYS.has(key)) throw new Error(`unknown key "${key}" (expected "policy" and "tests")`);
  }
  const tests = document.tests;
  if (!Array.isArray(tests) || tests.length === 0) throw new Error('"tests" must be a non-empty list');
  const statuses = new Set(policy.statuses.map((s) => s.name));
  return tests.map((t, i) => {
    const name = isObject(t) && typeof t.name === 'string' && t.name !== '' ? t.name : `test ${i + 1}`;
    try {
      return readCase(t, i, name, policy, statuses);
    } catch (error) {
      return { name, error: safeMessage(error, MAX_CLI_MESSAGE) };
    }
  });
}

/** One test of a test file (the `i`th, 0-based); throws what is wrong with it, at its JSON pointer. */
function readCase(
  t: unknown,
  i: number,
  name: string,
  policy: CompiledPolicy,
  statuses: ReadonlySet<string>,
): TestCase {
  // A JSON pointer (0-based, RFC 6901), labelled as one; the name says `test N` (1-based).
  const at = `at /tests/${i}`;
  if (!isObject(t)) throw new Error(`${at}: a test must be an object`);
  for (const key of Object.keys(t)) {
    if (!CASE_KEYS.has(key)) {
      throw new Error(`${at}: unknown key "${key}" (expected name, resource, status, applicable)`);
    }
  }
  if (!Object.hasOwn(t, 'resource')) throw new Error(`${at}: "resource" is missing`);
  if (t.name !== undefined && typeof t.name !== 'string') throw new Error(`${at}/name: must be a string`);
  if (t.applicable !== undefined && typeof t.applicable !== 'boolean') {
    throw new Error(`${at}/applicable: must be true or false`);
  }
  if (t.status !== undefined) {
    if (typeof t.status !== 'string') throw new Error(`${at}/status: must be a status name`);
    if (!statuses.has(t.status)) {
      throw new Error(
        `${at}/status: "${t.status}" is not a status of policy "${policy.name}" (${[...statuses].join(', ')})`,
      );
    }
    if (t.applicable === false) throw new Error(`${at}: "status" and "applicable: false" contradict`);
  } else if (t.applicable === undefined) {
    throw new Error(`${at}: give the expected "status", or "applicable: false"`);
  }
  return {
    name,
    resource: t.resource,
    status: t.status as string | undefined,
    applicable: t.applicable !== false,
  };
}

function describeResult(r: PolicyResult): string {
  if (!r.applicable) return 'not applicable (outside query.filter)';
  const how = r.matched ? `rule ${r.matched.ruleIndex + 1}` : 'no rule held: default';
  return `"${r.status}" (criticality ${r.criticality}, ${how})`;
}

function runCase(file: string, policy: CompiledPolicy, test: TestCase): TestOutcome {
  const started = performance.now();
  const actual = policy.evaluate(test.resource);
  const pass =
    actual.applicable === test.applicable && (test.status === undefined || actual.status === test.status);
  const expected = { status: test.status ?? null, applicable: test.applicable };
  const want =
    test.status !== undefined ? `"${test.status}"` : test.applicable ? 'applicable' : 'not applicable';
  const base = { file, policy: policy.name, name: test.name, expected, actual };
  if (pass) {
    return {
      ...base,
      outcome: 'pass',
      message: `got ${describeResult(actual)}`,
      durationMs: performance.now() - started,
    };
  }
  return {
    ...base,
    outcome: 'fail',
    message: `expected ${want}, got ${describeResult(actual)}`,
    explanation: policy.explain(test.resource),
    durationMs: performance.now() - started,
  };
}

/**
 * Runs every test of one file; a file that cannot be run gives one `error` outcome, a test whose entry
 * is wrong an `error` outcome of its own. The test file, and its policy, are read within the
 * confinement of the file (see files.ts).
 */
async function runFile(found: Found, root: string, filter: RegExp | null): Promise<TestOutcome[]> {
  const file = found.path;
  const error = (message: string, policy: string | null = null): TestOutcome[] => [
    { file, policy, name: basename(file), outcome: 'error', message, durationMs: 0 },
  ];
  if (found.problem !== undefined) return error(`cannot read ${file}: ${found.problem}`);
  let document: unknown;
  try {
    document = await readDocument(file, 'test file', {
      maxBytes: DEFAULT_MAX_BYTES,
      limits: TEST_FILE_LIMITS,
      within: found.within,
    });
  } catch (e) {
    return error(safeMessage(e, MAX_CLI_MESSAGE));
  }
  let policyFile: string;
  let policy: CompiledPolicy | string[];
  try {
    policyFile = await policyFileOf(file, isObject(document) ? document.policy : undefined);
    // A named test file outside the root confines its policy to its own directory.
    const within = found.within ?? (await confinementOf(dirname(await realpath(file)), root));
    policy = await loadPolicy(policyFile, DEFAULT_LIMITS, within);
  } catch (e) {
    return error(safeMessage(e, MAX_CLI_MESSAGE));
  }
  if (Array.isArray(policy)) return error(`invalid policy: ${policy.join('; ')}`);
  let cases: (TestCase | BadCase)[];
  try {
    cases = readCases(document, policy);
  } catch (e) {
    return error(safeMessage(e, MAX_CLI_MESSAGE), policy.name);
  }
  const name = policy.name;
  return cases
    .filter((c) => filter === null || filter.test(`${name}: ${c.name}`))
    .map((c) =>
      'error' in c
        ? { file, policy: name, name: c.name, outcome: 'error', message: c.error, durationMs: 0 }
        : runCase(file, policy, c),
    );
}

function counts(outcomes: readonly TestOutcome[]) {
  let passed = 0;
  let failed = 0;
  let errors = 0;
  for (const o of outcomes) {
    if (o.outcome === 'pass') passed++;
    else if (o.outcome === 'fail') failed++;
    else errors++;
  }
  return { tests: outcomes.length, passed, failed, errors };
}

function fullName(o: TestOutcome): string {
  return o.policy === null ? o.name : `${o.policy}: ${o.name}`;
}

/** Human-readable report: failures (with the explanation of the miss) and errors, then the counts. */
export function formatText(outcomes: readonly TestOutcome[], verbose: boolean): string {
  const lines: string[] = [];
  for (const o of outcomes) {
    if (o.outcome === 'pass') {
      // Names and messages come from test and policy files: escaped, so that none can forge a line.
      if (verbose) lines.push(`PASS ${printable(o.file)}: ${printable(fullName(o))}`);
      continue;
    }
    lines.push(`${o.outcome === 'fail' ? 'FAIL' : 'ERROR'} ${printable(o.file)}: ${printable(fullName(o))}`);
    lines.push(`  ${printable(o.message)}`);
    if (o.explanation) lines.push(...explanationText(o.explanation, '  ', o.expected?.status ?? undefined));
  }
  const c = counts(outcomes);
  const files = new Set(outcomes.map((o) => o.file)).size;
  if (lines.length > 0) lines.push('');
  lines.push(
    `${c.tests} tests in ${files} file${files === 1 ? '' : 's'}: ${c.passed} passed, ${c.failed} failed, ${c.errors} error${c.errors === 1 ? '' : 's'}`,
  );
  return `${lines.join('\n')}\n`;
}

/**
 * The JSON report. A value found in a record (`value` of an explanation's found values) whose JSON is
 * longer than {@link REPORTED_VALUE_CHARS} is cut: `value` becomes the start of its JSON text, `valueCut`
 * the length of the whole text. A test file can alias one big value in every test; written out whole
 * each time, a report of a few kilobytes of YAML ran to hundreds of megabytes.
 */
export function formatJson(outcomes: readonly TestOutcome[]): string {
  const { tests: total, passed, failed, errors } = counts(outcomes);
  const tests = outcomes.map((o) => ({ ...o, fullName: fullName(o) }));
  return `${JSON.stringify({ total, passed, failed, errors, tests }, cutFoundValues)}\n`;
}

/** A `JSON.stringify` replacer: found values (objects with `found`, `at` and `value`) cut short. */
function cutFoundValues(this: unknown, _key: string, value: unknown): unknown {
  if (
    !isObject(value) ||
    typeof value.found !== 'boolean' ||
    typeof value.at !== 'string' ||
    !Object.hasOwn(value, 'value')
  )
    return value;
  let text: string;
  try {
    text = JSON.stringify(value.value) ?? 'null';
  } catch {
    text = '"(too deep to write)"'; // nested past the engine's recursion: cut like a long one
  }
  if (text.length <= REPORTED_VALUE_CHARS) return value;
  return { ...value, value: `${text.slice(0, REPORTED_VALUE_CHARS)}…`, valueCut: text.length };
}

/**
 * XML 1.0 cannot carry C0 controls (but tab, newline, CR), U+FFFE, U+FFFF or lone surrogates, even
 * escaped: a resource name holding one would make the whole report unreadable. They become U+FFFD.
 */
function xmlChars(text: string): string {
  let out = '';
  for (const ch of text) {
    const c = ch.codePointAt(0)!;
    const bad =
      (c < 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) ||
      c === 0xfffe ||
      c === 0xffff ||
      (c >= 0xd800 && c <= 0xdfff);
    out += bad ? '\ufffd' : ch;
  }
  return out;
}

function xml(text: string): string {
  return xmlChars(text)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

const seconds = (ms: number) => (ms / 1000).toFixed(3);

/** JUnit XML as Jenkins, GitLab, GitHub test reporters and Azure read it: one testsuite per test file. */
export function formatJunit(outcomes: readonly TestOutcome[]): string {
  const byFile = new Map<string, TestOutcome[]>();
  for (const o of outcomes) byFile.set(o.file, [...(byFile.get(o.file) ?? []), o]);
  const total = counts(outcomes);
  const time = outcomes.reduce((t, o) => t + o.durationMs, 0);
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    `<testsuites name="svc-policy test" tests="${total.tests}" failures="${total.failed}" errors="${total.errors}" time="${seconds(time)}">`,
  ];
  for (const [file, list] of byFile) {
    const c = counts(list);
    const t = list.reduce((s, o) => s + o.durationMs, 0);
    out.push(
      `  <testsuite name="${xml(printable(file))}" tests="${c.tests}" failures="${c.failed}" errors="${c.errors}" skipped="0" time="${seconds(t)}">`,
    );
    for (const o of list) {
      // Names and messages come from test and policy files: escaped as in every human-readable format.
      const head = `    <testcase classname="${xml(printable(o.policy ?? file))}" name="${xml(printable(o.name))}" file="${xml(printable(file))}" time="${seconds(o.durationMs)}"`;
      if (o.outcome === 'pass') {
        out.push(`${head}/>`);
        continue;
      }
      // Lines of the library's own making, each value in them escaped: the only raw newlines.
      const detail = o.explanation
        ? explanationText(o.explanation, '', o.expected?.status ?? undefined).join('\n')
        : printable(o.message);
      const tag = o.outcome === 'fail' ? 'failure' : 'error';
      out.push(`${head}>`);
      out.push(
        `      <${tag} message="${xml(printable(o.message))}" type="${o.outcome === 'fail' ? 'StatusMismatch' : 'InvalidTest'}">${xml(detail)}</${tag}>`,
      );
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  out.push('</testsuites>');
  return `${out.join('\n')}\n`;
}

/** A string as a YAML double-quoted scalar (JSON strings are valid YAML). */
const yamlString = (text: string) => JSON.stringify(text);

/** TAP version 13: one line per test, a YAML diagnostic block under each failure. */
export function formatTap(outcomes: readonly TestOutcome[]): string {
  const out = ['TAP version 13', `1..${outcomes.length}`];
  outcomes.forEach((o, i) => {
    // Escaped as in every human-readable format (no raw newline, control or bidirectional character);
    // `#` starts a directive in a TAP description: keep names from turning into "# SKIP".
    const name = printable(`${o.file}: ${fullName(o)}`).replace(/#/g, '\\#');
    if (o.outcome === 'pass') {
      out.push(`ok ${i + 1} - ${name}`);
      return;
    }
    out.push(`not ok ${i + 1} - ${name}`);
    out.push('  ---');
    out.push(`  message: ${yamlString(printable(o.message))}`);
    out.push(`  severity: ${o.outcome === 'fail' ? 'fail' : 'error'}`);
    // printable() over JSON text writes \uXXXX escapes, which JSON (and YAML) read back as the same text.
    if (o.expected) out.push(`  expected: ${printable(JSON.stringify(o.expected))}`);
    if (o.actual) out.push(`  actual: ${printable(JSON.stringify(o.actual))}`);
    if (o.explanation) {
      out.push('  explanation: |-');
      for (const line of explanationText(o.explanation, '', o.expected?.status ?? undefined)) {
        out.push(`    ${line}`);
      }
    }
    out.push('  ...');
  });
  const c = counts(outcomes);
  out.push(`# tests ${c.tests}`, `# pass ${c.passed}`, `# fail ${c.failed + c.errors}`);
  return `${out.join('\n')}\n`;
}

/** `svc-policy test`: resolves to the exit code (0 all passed, 1 some failed, 2 errors). */
export async function runTest(argv: readonly string[]): Promise<number> {
  const out = process.stdout;
  const err = process.stderr;
  exitOnClosedPipe(out);
  try {
    const { values, positionals } = parseCommandArgs(argv, TEST_OPTIONS);
    if (values.help) {
      out.write(TEST_USAGE);
      return 0;
    }
    const format = (values.format ?? 'text') as Format;
    if (!FORMATS.includes(format)) {
      throw new UsageError(`--format must be ${FORMATS.join(', ')}; got "${values.format}"`);
    }
    let filter: RegExp | null = null;
    if (values.run !== undefined) {
      try {
        filter = new RegExp(values.run);
      } catch (error) {
        throw new UsageError(`--run is not a regular expression: ${(error as Error).message}`);
      }
    }
    const root = await defaultRoot();
    const files = await testFiles(positionals.length === 0 ? ['.'] : positionals, root);
    if (files.length === 0) {
      err.write('svc-policy test: no test files (*.test.json, *.test.yaml, *.test.yml) found\n');
      return 2;
    }
    const outcomes: TestOutcome[] = [];
    for (const file of files) outcomes.push(...(await runFile(file, root, filter)));
    const text =
      format === 'json'
        ? formatJson(outcomes)
        : format === 'junit'
          ? formatJunit(outcomes)
          : format === 'tap'
            ? formatTap(outcomes)
            : formatText(outcomes, values.verbose === true);
    await write(out, text);
    const c = counts(outcomes);
    if (c.errors > 0) return 2;
    if (c.tests === 0) {
      err.write(`svc-policy test: no test matches --run ${printable(values.run ?? '')}\n`);
      return 2;
    }
    return c.failed > 0 ? 1 : 0;
  } catch (error) {
    if (error instanceof UsageError) {
      err.write(usageErrorText('test', error.message));
      return 2;
    }
    if (error instanceof InputError) {
      err.write(`svc-policy test: ${printable(error.message)}\n`);
      return 2;
    }
    throw error;
  }
}
