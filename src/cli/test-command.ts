import { realpath } from 'node:fs/promises';
import { basename, dirname, resolve } from 'node:path';
import { MAX_CLI_MESSAGE, safeMessage } from '../errors.js';
import { DEFAULT_LIMITS, type Limits } from '../limits.js';
import { coverageRecorder } from '../policy/coverage.js';
import type { CompiledPolicy } from '../policy/index.js';
import type { NormalizedWaiver } from '../policy/waivers.js';
import { printable } from '../validate/unprintable.js';
import { AS_OF_OPTION, asOfUsage, parseAsOf, UsageError } from './args.js';
import {
  COVERAGE_EXIT,
  COVERAGE_OPTIONS,
  type CoveredPolicy,
  coverageUsage,
  displayPath,
  parseCoverage,
  policyPositions,
} from './coverage.js';
import { type CoverageBook, writeCoverage } from './coverage-run.js';
import {
  confinementOf,
  DEFAULT_MAX_BYTES,
  defaultRoot,
  type Found,
  policyBeside,
  testFiles,
} from './files.js';
import { InputError } from './io.js';
import { loadPolicy, readDocument } from './policies.js';
import type { Command, CommandArgs, CommandContext } from './runner.js';
import {
  type BadCase,
  defaultOnlyWarning,
  isObject,
  readCases,
  runCase,
  type TestCase,
  type TestOutcome,
} from './test-cases.js';
import { counts, formatOutcomes, TEST_FORMATS, type TestFormat, type TestWarning } from './test-format.js';
import { loadWaivers, WAIVER_OPTIONS, withWaivers } from './waivers.js';

export const TEST_USAGE = `usage: svc-policy test [--format text|json|junit|tap] [--run REGEX] [--verbose]
                       [--as-of INSTANT] [--waivers FILE] [--coverage] [--coverage-format F]
                       [--coverage-output FILE] [--coverage-threshold [KIND=]PERCENT]... [--help]
                       [PATH...]

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
    - name: expires within 30 days
      asOf: "2026-06-01T00:00:00Z"   # optional: the instant { "$now": … } counts from in this test
      resource: { type: ssl, expirationDate: "2026-06-15T00:00:00.000Z" }
      status: expiring
    - name: expired, by its first rule
      resource: { type: ssl, expirationDate: "2026-01-01T00:00:00.000Z" }
      status: expired
      rule: 1                        # optional: the rule of the status that must decide (1-based)
    - name: the migration is waived   # with --waivers FILE: the waiver that must mark the result
      resource: { type: ssl, id: c-7, expirationDate: "2026-05-01T00:00:00.000Z" }
      status: expired
      waiver: W-7                    # or null: no waiver may mark it

A passing test that names a rule reached only through the default status, and a file whose tests all
expect the default status, are reported as warnings (VACUOUS_TEST, DEFAULT_ONLY_TESTS).

options:
  -f, --format FORMAT  text (default): failures with the explanation of the miss, then the counts
                       json: {"total", "passed", "failed", "errors", "tests": [...]}
                       junit: JUnit XML (one testsuite per test file) for CI dashboards
                       tap: TAP version 13
  -r, --run REGEX      run only the tests whose full name ("policy name: test name") matches REGEX
  -v, --verbose        text format: list passing tests too
${asOfUsage(23)}
                       (a test's own "asOf" wins, for waiver expiry too)
      --waivers FILE   waivers (docs/waivers.md) applied to every policy tested; a test's "waiver"
                       says which must mark the result
${coverageUsage(23)}
  -h, --help           this text

exit codes:
  0  every test passed
  1  some test failed
  2  usage error, no test found, a test whose entry is wrong (the others still run), or a test file
     or its policy that cannot be read or is invalid
  4  every test passed, but coverage is below a --coverage-threshold
`;

export const TEST_OPTIONS = {
  format: { type: 'string', short: 'f' },
  run: { type: 'string', short: 'r' },
  verbose: { type: 'boolean', short: 'v' },
  ...AS_OF_OPTION,
  ...COVERAGE_OPTIONS,
  waivers: WAIVER_OPTIONS.waivers,
  help: { type: 'boolean', short: 'h' },
} as const;

/**
 * The limits a test file is read with. It holds records, so it may hold more values than a policy:
 * 16 times as many (262,144), counted with YAML aliases expanded, so that a small file aliasing one big
 * anchor in every test cannot make a report of hundreds of megabytes.
 */
export const TEST_FILE_LIMITS: Limits = {
  ...DEFAULT_LIMITS,
  maxDocumentValues: 16 * DEFAULT_LIMITS.maxDocumentValues,
};

/** The run's waivers (`--waivers`), bound to each policy tested. */
interface Waivers {
  readonly list: readonly NormalizedWaiver[] | undefined;
  readonly file: string | undefined;
}

/** The policy file of a test file: its `policy` entry, or the file of the same base name beside it. */
async function policyFileOf(file: string, declared: unknown): Promise<string> {
  if (declared !== undefined) {
    if (typeof declared !== 'string' || declared === '') throw new Error('"policy" must be a file name');
    return resolve(dirname(file), declared);
  }
  return policyBeside(file);
}

/**
 * Runs every test of one file; a file that cannot be run gives one `error` outcome, a test whose entry
 * is wrong an `error` outcome of its own. The test file, and its policy, are read within the
 * confinement of the file (see files.ts).
 */
async function runFile(
  found: Found,
  root: string,
  filter: RegExp | null,
  asOf: number,
  coverage: CoverageBook | null,
  warnings: TestWarning[],
  waivers: Waivers,
): Promise<TestOutcome[]> {
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
    policy = await loadPolicy(policyFile, DEFAULT_LIMITS, within, asOf);
    if (!Array.isArray(policy)) policy = withWaivers([policy], waivers.list, waivers.file)[0]!;
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
  const only = defaultOnlyWarning(cases, policy);
  if (only !== null) warnings.push({ file, policy: name, name: null, message: only });
  const chosen = cases.filter((c) => filter === null || filter.test(`${name}: ${c.name}`));
  if (coverage !== null) {
    // One recorder per policy file, whichever test files name it.
    const key = await realpath(policyFile);
    let entry = coverage.get(key);
    if (entry === undefined) {
      entry = { recorder: coverageRecorder(policy), file: policyFile };
      coverage.set(key, entry);
    }
    for (const c of chosen) if (!('error' in c)) entry.recorder.record(c.resource, c.asOf);
  }
  return chosen.map((c) =>
    'error' in c
      ? { file, policy: name, name: c.name, outcome: 'error', message: c.error, durationMs: 0 }
      : runCase(file, policy, c),
  );
}

/** Resolves to the exit code: 0 all passed, 1 some failed, 2 errors. */
async function run(
  { values, positionals }: CommandArgs<typeof TEST_OPTIONS>,
  { out, err }: CommandContext,
): Promise<number> {
  // One instant for every test without its own, read once.
  const asOf = parseAsOf(values['as-of']);
  const format = (values.format ?? 'text') as TestFormat;
  if (!TEST_FORMATS.includes(format)) {
    throw new UsageError(`--format must be ${TEST_FORMATS.join(', ')}; got "${values.format}"`);
  }
  let filter: RegExp | null = null;
  if (values.run !== undefined) {
    try {
      filter = new RegExp(values.run);
    } catch (error) {
      throw new UsageError(`--run is not a regular expression: ${(error as Error).message}`);
    }
  }
  const coverageRequest = parseCoverage(values, format === 'json');
  // An XML document ends at its root element: nothing may follow the JUnit report on standard output.
  if (format === 'junit' && coverageRequest !== null && (coverageRequest.output ?? '-') === '-') {
    throw new UsageError(
      '--format junit writes XML to standard output: write the coverage with --coverage-output FILE',
    );
  }
  const root = await defaultRoot();
  const files = await testFiles(positionals.length === 0 ? ['.'] : positionals, root);
  if (files.length === 0) {
    err.say('no test files (*.test.json, *.test.yaml, *.test.yml) found');
    return 2;
  }
  const list = await loadWaivers(values.waivers, DEFAULT_LIMITS, err);
  if (list === null) return 2;
  const waivers = { list, file: values.waivers };
  const outcomes: TestOutcome[] = [];
  const warnings: TestWarning[] = [];
  const book: CoverageBook | null = coverageRequest === null ? null : new Map();
  for (const file of files)
    outcomes.push(...(await runFile(file, root, filter, asOf, book, warnings, waivers)));
  for (const o of outcomes) {
    if (o.warning !== undefined)
      warnings.push({ file: o.file, policy: o.policy, name: o.name, message: o.warning });
  }
  let covered: CoveredPolicy[] = [];
  if (book !== null) {
    covered = await Promise.all(
      [...book.values()].map(async (e) => ({
        file: displayPath(e.file),
        coverage: e.recorder.report(),
        positions: await policyPositions(e.file),
      })),
    );
  }
  const report = formatOutcomes(format, outcomes, values.verbose === true, warnings);
  const below = await writeCoverage(coverageRequest, covered, 'test', report, out, err, format === 'json');
  const c = counts(outcomes);
  if (c.errors > 0) return 2;
  if (c.tests === 0) {
    err.say(`no test matches --run ${printable(values.run ?? '')}`);
    return 2;
  }
  if (c.failed > 0) return 1;
  return below ? COVERAGE_EXIT : 0;
}

/** `svc-policy test`: runs the tests of policy test files. */
export const testCommand: Command<typeof TEST_OPTIONS> = {
  name: 'test',
  usage: TEST_USAGE,
  options: TEST_OPTIONS,
  run,
  failure: (error) => (error instanceof InputError ? { message: error.message } : undefined),
};
