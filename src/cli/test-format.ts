import { printable } from '../validate/unprintable.js';
import { explanationText } from './format.js';
import { isObject, type TestOutcome } from './test-cases.js';

/** The output formats of `svc-policy test`. */
export type TestFormat = 'text' | 'json' | 'junit' | 'tap';
export const TEST_FORMATS: readonly TestFormat[] = ['text', 'json', 'junit', 'tap'];

/** Longest JSON text of a value found, in the JSON report; a longer one is cut (see {@link formatJson}). */
export const REPORTED_VALUE_CHARS = 1000;

/** A warning about a test (`name`) or a test file (`name: null`): it passes, but proves less than it says. */
export interface TestWarning {
  readonly file: string;
  readonly policy: string | null;
  readonly name: string | null;
  readonly message: string;
}

function warningName(w: TestWarning): string {
  const name = w.name ?? '(the test file)';
  return w.policy === null ? name : `${w.policy}: ${name}`;
}

export function counts(outcomes: readonly TestOutcome[]) {
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
export function formatText(
  outcomes: readonly TestOutcome[],
  verbose: boolean,
  warnings: readonly TestWarning[] = [],
): string {
  const lines: string[] = [];
  for (const w of warnings) {
    lines.push(`WARN ${printable(w.file)}: ${printable(warningName(w))}`);
    lines.push(`  ${printable(w.message)}`);
  }
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
    `${c.tests} tests in ${files} file${files === 1 ? '' : 's'}: ${c.passed} passed, ${c.failed} failed, ${c.errors} error${c.errors === 1 ? '' : 's'}` +
      (warnings.length === 0 ? '' : `, ${warnings.length} warning${warnings.length === 1 ? '' : 's'}`),
  );
  return `${lines.join('\n')}\n`;
}

/**
 * The JSON report. A value found in a record (`value` of an explanation's found values) whose JSON is
 * longer than {@link REPORTED_VALUE_CHARS} is cut: `value` becomes the start of its JSON text, `valueCut`
 * the length of the whole text. A test file can alias one big value in every test; written out whole
 * each time, a report of a few kilobytes of YAML ran to hundreds of megabytes.
 */
export function formatJson(outcomes: readonly TestOutcome[], warnings: readonly TestWarning[] = []): string {
  const { tests: total, passed, failed, errors } = counts(outcomes);
  const tests = outcomes.map((o) => ({ ...o, fullName: fullName(o) }));
  return `${JSON.stringify({ total, passed, failed, errors, tests, warnings }, cutFoundValues)}\n`;
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
export function formatTap(outcomes: readonly TestOutcome[], warnings: readonly TestWarning[] = []): string {
  const out = ['TAP version 13', `1..${outcomes.length}`];
  // Warnings are diagnostics (comments): a consumer counts no test for them.
  for (const w of warnings) out.push(`# warning: ${printable(`${w.file}: ${warningName(w)}: ${w.message}`)}`);
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

/** The report of the outcomes in a format. */
export function formatOutcomes(
  format: TestFormat,
  outcomes: readonly TestOutcome[],
  verbose: boolean,
  warnings: readonly TestWarning[] = [],
): string {
  return format === 'json'
    ? formatJson(outcomes, warnings)
    : format === 'junit'
      ? formatJunit(outcomes)
      : format === 'tap'
        ? formatTap(outcomes, warnings)
        : formatText(outcomes, verbose, warnings);
}
