import { resolveAsOf } from '../compile/filter.js';
import { MAX_CLI_MESSAGE, safeMessage } from '../errors.js';
import type { CompiledPolicy, PolicyExplanation, PolicyResult } from '../policy/index.js';

/** The tests of a policy test file (`svc-policy test`): read, checked and run. */

const FILE_KEYS = new Set(['policy', 'tests', '$schema']);
const CASE_KEYS = new Set([
  'name',
  'resource',
  'status',
  'applicable',
  'description',
  'asOf',
  'rule',
  'waiver',
]);

/** One test case, as read from a test file. */
export interface TestCase {
  readonly name: string;
  readonly resource: unknown;
  /** The status the resource must get; `undefined` when only applicability is checked. */
  readonly status: string | undefined;
  /** Whether the resource must be in the policy's scope. */
  readonly applicable: boolean;
  /** The test's own instant (ms) for `$now` operands (its `asOf`), else the run's (`--as-of`). */
  readonly asOf: number | undefined;
  /** The rule of `status` that must decide (1-based, its `rule`), when the test names one. */
  readonly rule: number | undefined;
  /** The waiver that must mark the result (`null`: none may); `undefined` when not checked. */
  readonly waiver?: string | null;
}

/** The outcome of one test, or of a test file that could not be run (`error`). */
export interface TestOutcome {
  readonly file: string;
  readonly policy: string | null;
  readonly name: string;
  readonly outcome: 'pass' | 'fail' | 'error';
  /** One line: what was expected and what happened, or what is wrong with the file. */
  readonly message: string;
  readonly expected?: {
    readonly status: string | null;
    readonly applicable: boolean;
    readonly waiver?: string | null;
  };
  readonly actual?: PolicyResult;
  /** For a failure: why the resource got its status (`policy.explain`). */
  readonly explanation?: PolicyExplanation;
  /** The instant the test was evaluated at (its `asOf`, else the run's), ISO 8601 in UTC. */
  readonly asOf?: string;
  /**
   * A passing test that proves less than it says (`VACUOUS_TEST`): it names a rule, but its status was
   * reached through the default, no rule deciding.
   */
  readonly warning?: string;
  readonly durationMs: number;
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A test whose entry is wrong: reported as an error of its own, the file's other tests still run. */
export interface BadCase {
  readonly name: string;
  readonly error: string;
}

/**
 * Reads the cases of a test file. What is wrong with the file as a whole throws an Error whose message
 * says what and where; what is wrong with one test is that test's {@link BadCase}.
 */
export function readCases(document: unknown, policy: CompiledPolicy): (TestCase | BadCase)[] {
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
      throw new Error(
        `${at}: unknown key "${key}" (expected name, resource, status, rule, applicable, asOf, waiver)`,
      );
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
  let rule: number | undefined;
  if (t.rule !== undefined) {
    const status = policy.definition.statuses.find((s) => s.name === t.status);
    if (status === undefined) throw new Error(`${at}/rule: a rule is named with the "status" it decides`);
    const n = status.rules.length;
    if (typeof t.rule !== 'number' || !Number.isInteger(t.rule) || t.rule < 1 || t.rule > n) {
      throw new Error(
        n === 0
          ? `${at}/rule: status "${t.status}" has no rules`
          : `${at}/rule: must be a rule number of status "${t.status}", 1 to ${n}`,
      );
    }
    rule = t.rule;
  }
  let asOf: number | undefined;
  if (t.asOf !== undefined) {
    // A string only: a YAML timestamp would arrive as text, and epoch numbers are unreadable in a test.
    if (typeof t.asOf !== 'string') throw new Error(`${at}/asOf: must be an RFC 3339 timestamp string`);
    try {
      asOf = resolveAsOf(t.asOf);
    } catch {
      throw new Error(`${at}/asOf: must be an RFC 3339 timestamp such as "2026-06-01T00:00:00Z"`);
    }
  }
  if (t.waiver !== undefined && t.waiver !== null && (typeof t.waiver !== 'string' || t.waiver === '')) {
    throw new Error(`${at}/waiver: must be a waiver id, or null for "not waived"`);
  }
  return {
    name,
    resource: t.resource,
    status: t.status as string | undefined,
    applicable: t.applicable !== false,
    asOf,
    rule,
    ...(t.waiver === undefined ? {} : { waiver: t.waiver as string | null }),
  };
}

function describeResult(r: PolicyResult): string {
  if (!r.applicable) return 'not applicable (outside query.filter)';
  const how = r.matched ? `rule ${r.matched.ruleIndex + 1}` : 'no rule held: default';
  const waived = r.waiver === undefined ? '' : `, waived by "${r.waiver.id}" until ${r.waiver.expires}`;
  return `"${r.status}" (criticality ${r.criticality}, ${how}${waived})`;
}

/** Runs one test, at its own `asOf` when it has one, else at the instant the policy was compiled at. */
export function runCase(file: string, compiled: CompiledPolicy, test: TestCase): TestOutcome {
  const started = performance.now();
  const policy = test.asOf === undefined ? compiled : compiled.at(test.asOf);
  const actual = policy.evaluate(test.resource);
  const statusPass =
    actual.applicable === test.applicable && (test.status === undefined || actual.status === test.status);
  // A named rule must be the one that decided; reached through the default, no rule decided at all:
  // the test passes on its status, with a warning (see vacuousWarnings).
  const ruleMiss =
    statusPass &&
    test.rule !== undefined &&
    actual.matched !== null &&
    actual.matched.ruleIndex !== test.rule - 1;
  const waiverPass = test.waiver === undefined || (actual.waiver?.id ?? null) === test.waiver;
  const pass = statusPass && !ruleMiss && waiverPass;
  const expected = {
    status: test.status ?? null,
    applicable: test.applicable,
    ...(test.waiver === undefined ? {} : { waiver: test.waiver }),
  };
  const wantWaiver =
    test.waiver === undefined ? '' : test.waiver === null ? ', not waived' : `, waived by "${test.waiver}"`;
  const want =
    (test.status !== undefined
      ? `"${test.status}"${test.rule === undefined ? '' : ` by rule ${test.rule}`}`
      : test.applicable
        ? 'applicable'
        : 'not applicable') + wantWaiver;
  const base = { file, policy: policy.name, name: test.name, expected, actual, asOf: policy.asOf };
  if (pass) {
    const vacuous = test.rule !== undefined && actual.matched === null;
    return {
      ...base,
      outcome: 'pass',
      message: `got ${describeResult(actual)}`,
      ...(vacuous
        ? {
            warning: `VACUOUS_TEST: names rule ${test.rule} of "${test.status}", but no rule decided: the status was reached through the default`,
          }
        : {}),
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
 * The warning of a test file all of whose tests expect the default status (`DEFAULT_ONLY_TESTS`): they
 * would all pass for a policy whose rules match nothing. `null` otherwise.
 */
export function defaultOnlyWarning(
  cases: readonly (TestCase | BadCase)[],
  policy: CompiledPolicy,
): string | null {
  const fallback = policy.definition.defaultStatus;
  const run = cases.filter((c): c is TestCase => !('error' in c));
  if (run.length === 0 || !run.every((c) => c.status === fallback.name)) return null;
  return `DEFAULT_ONLY_TESTS: every test expects the default status "${fallback.name}": they would pass if no rule ever matched`;
}
