import { writeFile } from 'node:fs/promises';
import { type CoverageRecorder, coverageTotals } from '../policy/coverage.js';
import type { InventorySummary } from '../policy/index.js';
import { printable } from '../validate/unprintable.js';
import {
  belowThresholds,
  type CoverageRequest,
  type CoverageSubject,
  type CoveredPolicy,
  coverageJson,
  displayPath,
  formatCoverage,
  policyPositions,
  thresholdMessage,
} from './coverage.js';
import { policyFiles } from './files.js';
import { InputError, write } from './io.js';
import type { Reporter } from './runner.js';

/** The coverage recorders of a test run, by the real path of the policy file. */
export type CoverageBook = Map<string, { readonly recorder: CoverageRecorder; readonly file: string }>;

/** Whether the coverage goes into the command's own JSON report (a `coverage` member). */
export function embedsCoverage(request: CoverageRequest | null, jsonReport: boolean): boolean {
  return request !== null && request.format === 'json' && request.output === null && jsonReport;
}

/**
 * Writes the command's report, then the coverage report (to its file, or after the report on standard
 * output; JSON in a JSON report as its `coverage` member), and says on standard error which threshold
 * is not met. Resolves to whether one is not.
 */
export async function writeCoverage(
  request: CoverageRequest | null,
  policies: readonly CoveredPolicy[],
  subject: CoverageSubject,
  report: string,
  out: NodeJS.WritableStream,
  err: Reporter,
  jsonReport = false,
): Promise<boolean> {
  if (request === null) {
    await write(out, report);
    return false;
  }
  const embedded = embedsCoverage(request, jsonReport);
  if (embedded) {
    const whole = JSON.parse(report) as Record<string, unknown>;
    whole.coverage = coverageJson(policies, subject);
    await write(out, `${JSON.stringify(whole)}\n`);
  } else await write(out, report);
  return finishCoverage(request, policies, subject, out, err, embedded);
}

/**
 * After the command's report: the coverage report (unless `embedded` in it) to its file or standard
 * output, and the thresholds not met on standard error. Resolves to whether one is not.
 */
export async function finishCoverage(
  request: CoverageRequest,
  policies: readonly CoveredPolicy[],
  subject: CoverageSubject,
  out: NodeJS.WritableStream,
  err: Reporter,
  embedded: boolean,
): Promise<boolean> {
  if (!embedded) {
    const text = formatCoverage(request.format, policies, subject);
    if (request.output === null || request.output === '-') await write(out, text);
    else {
      try {
        await writeFile(request.output, text);
      } catch (error) {
        throw new InputError(
          `cannot write --coverage-output ${printable(request.output)}: ${printable((error as Error).message)}`,
        );
      }
    }
  }
  const below = belowThresholds(coverageTotals(policies.map((p) => p.coverage)), request.thresholds);
  if (below.length > 0) err.say(thresholdMessage(below));
  return below.length > 0;
}

/**
 * The policies of `svc-policy eval` with their coverage (from the summary) and files: `loadPolicies`
 * reads one policy per file, in the order `policyFiles` lists them.
 */
export async function evalCovered(
  paths: readonly string[],
  summary: InventorySummary,
): Promise<CoveredPolicy[]> {
  const files = await policyFiles(paths);
  const coverage = summary.coverage ?? [];
  // A skipped policy (inactive, another kind) evaluated nothing: it has no coverage to report.
  return Promise.all(
    coverage.map(async (c, i) => {
      if (summary.policies[i]?.skipped !== null) return [];
      const file = files[i]?.path;
      return file === undefined
        ? [{ file: c.policy, coverage: c, positions: null }]
        : [{ file: displayPath(file), coverage: c, positions: await policyPositions(file) }];
    }),
  ).then((lists) => lists.flat());
}
