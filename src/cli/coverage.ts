import { extname, relative, resolve, sep } from 'node:path';
import { showText } from '../errors.js';
import {
  type BranchCoverage,
  type CoverageRatio,
  type CoverageTotals,
  coverageTotals,
  type PolicyCoverage,
} from '../policy/coverage.js';
import { formatGithub } from '../validate/formats/github.js';
import { formatSarif } from '../validate/formats/sarif.js';
import type { FileReport } from '../validate/formats/types.js';
import { parseJsonSource } from '../validate/source/json.js';
import type { SourcePositions } from '../validate/source/positions.js';
import { parseYamlSource } from '../validate/source/yaml.js';
import type { Diagnostic } from '../validate/types.js';
import { printable } from '../validate/unprintable.js';
import { UsageError } from './args.js';
import { DEFAULT_MAX_BYTES, readTextFile } from './files.js';

/**
 * `--coverage` of `svc-policy test` and `svc-policy eval`: the flags, the uncovered items placed in the
 * policy files (as `validate` places its diagnostics), the report formats and the thresholds.
 */

export const COVERAGE_OPTIONS = {
  coverage: { type: 'boolean' },
  'coverage-format': { type: 'string' },
  'coverage-output': { type: 'string' },
  'coverage-threshold': { type: 'string', multiple: true },
} as const;

export const COVERAGE_FORMATS = ['text', 'json', 'lcov', 'sarif', 'github'] as const;
export type CoverageFormat = (typeof COVERAGE_FORMATS)[number];

/** The kinds of item a threshold applies to. */
export const COVERAGE_KINDS = ['statuses', 'rules', 'branches'] as const;
export type CoverageKind = (typeof COVERAGE_KINDS)[number];

/** The exit code of a run whose coverage is below a `--coverage-threshold` (and nothing else failed). */
export const COVERAGE_EXIT = 4;

/** The usage lines of the coverage flags, their descriptions starting at column `at`. */
export function coverageUsage(at: number): string {
  const pad = (flag: string) => `      ${flag}`.padEnd(at);
  const more = ' '.repeat(at);
  return [
    `${pad('--coverage')}report coverage: statuses reached, rules that decided, conditions seen`,
    `${more}true and false (see docs/coverage.md)`,
    `${pad('--coverage-format F')}text, json, lcov, sarif or github (implies --coverage); default json`,
    `${more}with --format json or ndjson, else text`,
    `${pad('--coverage-output FILE')}write the coverage report to FILE (implies --coverage); by default it`,
    `${more}follows the report on standard output (JSON: a "coverage" member)`,
    `${pad('--coverage-threshold T')}[statuses=|rules=|branches=]PERCENT, repeatable (implies --coverage):`,
    `${more}exit 4 when that coverage (all three without a kind) is below PERCENT`,
  ].join('\n');
}

/** The coverage flags, read. */
export interface CoverageRequest {
  readonly format: CoverageFormat;
  /** The file to write the report to; `null`: standard output. */
  readonly output: string | null;
  readonly thresholds: Readonly<Partial<Record<CoverageKind, number>>>;
}

/**
 * The coverage flags: `null` when none is given. `jsonReport` says whether the command's own report is
 * JSON (the coverage then defaults to JSON, embedded in it).
 */
export function parseCoverage(
  values: {
    coverage?: boolean | undefined;
    'coverage-format'?: string | undefined;
    'coverage-output'?: string | undefined;
    'coverage-threshold'?: string[] | undefined;
  },
  jsonReport: boolean,
): CoverageRequest | null {
  const given =
    values.coverage === true ||
    values['coverage-format'] !== undefined ||
    values['coverage-output'] !== undefined ||
    values['coverage-threshold'] !== undefined;
  if (!given) return null;
  const format = values['coverage-format'] ?? (jsonReport ? 'json' : 'text');
  if (!(COVERAGE_FORMATS as readonly string[]).includes(format)) {
    throw new UsageError(
      `--coverage-format must be ${COVERAGE_FORMATS.join(', ')}; got "${printable(format)}"`,
    );
  }
  const output = values['coverage-output'];
  if (output === '') throw new UsageError('--coverage-output needs a file name');
  const thresholds: Partial<Record<CoverageKind, number>> = {};
  for (const text of values['coverage-threshold'] ?? []) {
    const m = /^(?:(statuses|rules|branches)=)?(\d{1,3}(?:\.\d+)?)%?$/.exec(text);
    const percent = m === null ? Number.NaN : Number(m[2]);
    if (m === null || !(percent >= 0 && percent <= 100)) {
      throw new UsageError(
        `--coverage-threshold must be [statuses=|rules=|branches=]PERCENT (0 to 100), got "${printable(text)}"`,
      );
    }
    for (const kind of m[1] === undefined ? COVERAGE_KINDS : [m[1] as CoverageKind])
      thresholds[kind] = percent;
  }
  return { format: format as CoverageFormat, output: output ?? null, thresholds };
}

/** The kinds whose coverage is below their threshold, each with its ratio and threshold. */
export function belowThresholds(
  totals: CoverageTotals,
  thresholds: CoverageRequest['thresholds'],
): { kind: CoverageKind; ratio: CoverageRatio; threshold: number }[] {
  const out: { kind: CoverageKind; ratio: CoverageRatio; threshold: number }[] = [];
  for (const kind of COVERAGE_KINDS) {
    const threshold = thresholds[kind];
    if (threshold !== undefined && totals[kind].percent < threshold) {
      out.push({ kind, ratio: totals[kind], threshold });
    }
  }
  return out;
}

/** The standard error line of the thresholds not met. */
export function thresholdMessage(below: ReturnType<typeof belowThresholds>): string {
  const list = below.map((b) => `${b.kind} ${b.ratio.percent}% < ${b.threshold}%`).join(', ');
  return `coverage below --coverage-threshold: ${list}`;
}

/** A policy's coverage with the file it was read from and the positions of its items. */
export interface CoveredPolicy {
  /** The file as shown: relative to the working directory, `/` separators (as `validate` shows it). */
  readonly file: string;
  readonly coverage: PolicyCoverage;
  /** Positions of the file's nodes; `null` when the file could not be read again. */
  readonly positions: SourcePositions | null;
}

/** A path as `validate` shows it: relative to the working directory, `/` separators. */
export function displayPath(path: string, cwd = process.cwd()): string {
  const rel = relative(cwd, resolve(cwd, path));
  return (rel === '' || rel.startsWith('..') ? path : rel).split(sep).join('/');
}

/**
 * The positions of a policy file's nodes, read as `validate` reads the file (JSON or YAML by
 * extension, a byte order mark dropped); `null` when it cannot be read.
 */
export async function policyPositions(path: string): Promise<SourcePositions | null> {
  const read = await readTextFile(path, undefined, DEFAULT_MAX_BYTES * 16, '--limit maxFileBytes');
  if ('problem' in read) return null;
  const text = read.text.charCodeAt(0) === 0xfeff ? read.text.slice(1) : read.text;
  const source = extname(path).toLowerCase() === '.json' ? parseJsonSource(text) : parseYamlSource(text);
  return source.positions;
}

/** What the run measured coverage over, for messages: tests or records. */
export type CoverageSubject = 'test' | 'record';

function what(kind: BranchCoverage['kind'], path: string): string {
  if (kind === 'filter') return 'the filter';
  if (kind === 'field') {
    const key = path
      .slice(path.lastIndexOf('/') + 1)
      .replace(/~1/g, '/')
      .replace(/~0/g, '~');
    return `"${showText(key)}"`;
  }
  return `$${kind}`;
}

function where(b: BranchCoverage): string {
  return b.status === null ? 'of the scope' : `in rule ${b.rule! + 1} of "${showText(b.status)}"`;
}

/** One uncovered item: a warning diagnostic (without position yet). */
interface Uncovered {
  readonly code: 'UNCOVERED_STATUS' | 'UNCOVERED_RULE' | 'UNCOVERED_BRANCH';
  readonly message: string;
  readonly path: string;
}

/** The uncovered items of a policy, in document order of kind: statuses, rules, branches. */
export function uncovered(c: PolicyCoverage, subject: CoverageSubject): Uncovered[] {
  const by = subject === 'test' ? 'by no test' : 'by no record';
  const times = (n: number) => `${n} ${subject}${n === 1 ? '' : 's'}`;
  const out: Uncovered[] = [];
  for (const s of c.statuses) {
    if (s.count === 0) {
      out.push({
        code: 'UNCOVERED_STATUS',
        message: `status "${showText(s.status)}" was reached ${by}`,
        path: s.path,
      });
    }
  }
  for (const r of c.rules) {
    if (r.decided === 0) {
      out.push({
        code: 'UNCOVERED_RULE',
        message: `rule ${r.index + 1} of "${showText(r.status)}" decided no ${subject}`,
        path: r.path,
      });
    }
  }
  for (const b of c.branches) {
    if (b.true > 0 && b.false > 0) continue;
    const seen =
      b.true === 0 && b.false === 0
        ? 'was never evaluated (an earlier condition or rule always decided first)'
        : b.true === 0
          ? `was never true (false for ${times(b.false)})`
          : `was never false (true for ${times(b.true)})`;
    out.push({
      code: 'UNCOVERED_BRANCH',
      message: `${what(b.kind, b.path)} ${where(b)} ${seen}`,
      path: b.path,
    });
  }
  return out;
}

/** A position of a JSON pointer, as `validate` locates its diagnostics (at the key). */
function locate(positions: SourcePositions | null, path: string): { line: number; column: number } | null {
  return positions === null ? null : positions.locate(path, 'key');
}

/** The uncovered items as `validate`'s file reports (warnings), for its SARIF and GitHub writers. */
export function coverageReports(policies: readonly CoveredPolicy[], subject: CoverageSubject): FileReport[] {
  return policies.map((p) => ({
    file: p.file,
    diagnostics: uncovered(p.coverage, subject)
      .map((u): Diagnostic => {
        const at = locate(p.positions, u.path);
        return { severity: 'warning', code: u.code, message: u.message, path: u.path, ...(at ?? {}) };
      })
      // In source order, as `validate` lists its diagnostics (a stable sort: kinds in order on a tie).
      .sort((a, b) => (a.line ?? 0) - (b.line ?? 0) || (a.column ?? 0) - (b.column ?? 0)),
  }));
}

const ratioText = (r: CoverageRatio) => `${r.covered}/${r.total} (${r.percent}%)`;

function totalsText(t: CoverageTotals): string {
  return `statuses ${ratioText(t.statuses)}, rules ${ratioText(t.rules)}, branches ${ratioText(t.branches)}`;
}

/** Text: the totals, each policy's, then the uncovered items as `file:line:column warning CODE message`. */
function formatText(policies: readonly CoveredPolicy[], subject: CoverageSubject): string {
  const lines = [`coverage: ${totalsText(coverageTotals(policies.map((p) => p.coverage)))}`];
  for (const p of policies) {
    lines.push(
      `  ${printable(p.file)} ("${printable(p.coverage.policy)}", ${p.coverage.evaluated} ${subject}s): ${totalsText(coverageTotals([p.coverage]))}`,
    );
  }
  for (const r of coverageReports(policies, subject)) {
    for (const d of r.diagnostics) {
      const file = printable(r.file);
      const at = d.line === undefined ? file : `${file}:${d.line}:${d.column ?? 1}`;
      lines.push(`${at} ${d.severity} ${d.code} ${printable(d.message)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** JSON: the totals, and per policy its file, totals and every item with its line and column. */
export function coverageJson(policies: readonly CoveredPolicy[], subject: CoverageSubject): object {
  const placed = <T extends { readonly path: string }>(p: CoveredPolicy, item: T) => ({
    ...item,
    ...(locate(p.positions, item.path) ?? {}),
  });
  return {
    totals: coverageTotals(policies.map((p) => p.coverage)),
    policies: policies.map((p) => ({
      file: p.file,
      policy: p.coverage.policy,
      evaluated: p.coverage.evaluated,
      applicable: p.coverage.applicable,
      totals: coverageTotals([p.coverage]),
      statuses: p.coverage.statuses.map((s) => placed(p, s)),
      rules: p.coverage.rules.map((r) => placed(p, r)),
      branches: p.coverage.branches.map((b) => placed(p, b)),
    })),
    uncovered: coverageReports(policies, subject).flatMap((r) =>
      r.diagnostics.map((d) => ({ file: r.file, ...d })),
    ),
  };
}

/**
 * lcov (the `geninfo` tracefile format): per policy file, each rule a function (`FN`/`FNDA`: the
 * records it decided), each branch point a block of two branches (`BRDA`: true, then false; `-` when
 * never evaluated), and a line (`DA`) per line holding a status, rule or branch point, counted as the
 * least covered item on it, so that a line holding anything uncovered shows uncovered. Positions are
 * `validate`'s; a policy whose file cannot be read again has no lines, only its summary counts.
 */
function formatLcov(policies: readonly CoveredPolicy[]): string {
  const out: string[] = [];
  // One record per file: a file with several policies (never, today) would list them together.
  for (const p of policies) {
    const c = p.coverage;
    const line = (path: string) => locate(p.positions, path)?.line ?? 1;
    // lcov has no escapes: a name or path with a control character (a line break) is written escaped.
    out.push('TN:', `SF:${printable(p.file)}`);
    const names = new Set<string>();
    const fns = c.rules.map((r) => {
      // Function names are unique and hold no comma (lcov splits FN on the first one).
      let name = printable(`${r.status} rule ${r.index + 1}`).replace(/,/g, '_');
      while (names.has(name)) name += '_';
      names.add(name);
      return { name, line: line(r.path), count: r.decided };
    });
    for (const f of fns) out.push(`FN:${f.line},${f.name}`);
    for (const f of fns) out.push(`FNDA:${f.count},${f.name}`);
    out.push(`FNF:${fns.length}`, `FNH:${fns.filter((f) => f.count > 0).length}`);
    let found = 0;
    let hit = 0;
    c.branches.forEach((b, i) => {
      const seen = b.true + b.false > 0;
      const at = line(b.path);
      out.push(`BRDA:${at},${i},0,${seen ? b.true : '-'}`, `BRDA:${at},${i},1,${seen ? b.false : '-'}`);
      found += 2;
      hit += (b.true > 0 ? 1 : 0) + (b.false > 0 ? 1 : 0);
    });
    out.push(`BRF:${found}`, `BRH:${hit}`);
    const lines = new Map<number, number>();
    const add = (path: string, count: number) => {
      const at = line(path);
      const before = lines.get(at);
      lines.set(at, before === undefined ? count : Math.min(before, count));
    };
    for (const s of c.statuses) add(s.path, s.count);
    for (const r of c.rules) add(r.path, r.decided);
    for (const b of c.branches) add(b.path, b.true + b.false);
    const sorted = [...lines].sort((a, b) => a[0] - b[0]);
    for (const [at, count] of sorted) out.push(`DA:${at},${count}`);
    out.push(`LF:${sorted.length}`, `LH:${sorted.filter(([, n]) => n > 0).length}`, 'end_of_record');
  }
  return `${out.join('\n')}\n`;
}

const VERSION = '0.1.0';

/** The coverage report in a format (JSON: `{ "coverage": … }` on its own). */
export function formatCoverage(
  format: CoverageFormat,
  policies: readonly CoveredPolicy[],
  subject: CoverageSubject,
): string {
  switch (format) {
    case 'text':
      return formatText(policies, subject);
    case 'json':
      return `${JSON.stringify({ coverage: coverageJson(policies, subject) }, null, 2)}\n`;
    case 'lcov':
      return formatLcov(policies);
    case 'sarif':
      return formatSarif(coverageReports(policies, subject), { name: 'svc-policy', version: VERSION });
    case 'github':
      return formatGithub(coverageReports(policies, subject));
  }
}
