import { compileNode, resolveAsOf } from '../compile/filter.js';
import type { Limits } from '../limits.js';
import { buildPolicy, type CompiledPolicy } from '../policy/compile.js';
import type { InventorySummary } from '../policy/index.js';
import { checkWaivers, type NormalizedWaiver, WaiverError } from '../policy/waivers.js';
import { printable } from '../validate/unprintable.js';
import { InputError } from './io.js';
import { readDocument } from './policies.js';
import type { Reporter } from './runner.js';

/** `--waivers FILE` and `--fail-on-waived`, shared by eval, test and diff (docs/waivers.md). */
export const WAIVER_OPTIONS = {
  waivers: { type: 'string' },
  'fail-on-waived': { type: 'boolean' },
} as const;

/** The usage lines of `--waivers`, aligned at `column`. */
export function waiversUsage(column: number, failOn = false): string {
  const pad = ' '.repeat(column);
  const lines = [
    `      --waivers FILE${' '.repeat(Math.max(1, column - 20))}accepted exceptions (JSON or YAML, { "waivers": [...] }; see docs/waivers.md):`,
    `${pad}a resource a waiver covers keeps its status and is marked waived while the`,
    `${pad}run's asOf is before the waiver's expiry; expired waivers are reported`,
  ];
  if (failOn) {
    lines.push(
      `      --fail-on-waived${' '.repeat(Math.max(1, column - 22))}--fail-on counts waived resources too (by default they do not fail the run)`,
    );
  }
  return lines.join('\n');
}

/**
 * Reads and checks a waiver file: every problem is reported as `file: pointer: message [code]` and the
 * run stops (exit 2), as an invalid policy does.
 */
export async function loadWaivers(
  file: string | undefined,
  limits: Limits,
  err: Reporter,
): Promise<readonly NormalizedWaiver[] | null | undefined> {
  if (file === undefined) return undefined;
  const document = await readDocument(file, 'waivers', { maxBytes: limits.maxFileBytes, limits });
  const { problems, waivers } = checkWaivers(document, { limits });
  if (waivers !== undefined) return waivers;
  for (const p of problems)
    err.lines(`${printable(file)}: ${printable(p.path || '/')}: ${printable(p.message)} [${p.code}]`);
  return null;
}

/**
 * The policies bound to the waivers at their own instant (each a policy compiled with `waivers`). A
 * waiver accepting a status its policy lacks stops the run (exit 2).
 */
export function withWaivers(
  policies: readonly CompiledPolicy[],
  waivers: readonly NormalizedWaiver[] | undefined,
  file: string | undefined,
): CompiledPolicy[] {
  if (waivers === undefined) return [...policies];
  try {
    return policies.map((p) =>
      buildPolicy(
        p.definition,
        (node, at) => compileNode(node, undefined, true, at),
        resolveAsOf(p.asOf),
        waivers,
      ),
    );
  } catch (error) {
    if (!(error instanceof WaiverError)) throw error;
    throw new InputError(
      error.problems
        .map((p) => `${printable(file ?? '')}: ${printable(p.path)}: ${printable(p.message)} [${p.code}]`)
        .join('\n'),
    );
  }
}

/** A notice per policy whose waivers expired at the run's asOf: they changed nothing. */
export function reportExpired(summary: InventorySummary, err: Reporter): void {
  for (const p of summary.policies) {
    if (p.expiredWaivers.length === 0) continue;
    const ids = p.expiredWaivers.map((id) => `"${printable(id)}"`).join(', ');
    err.notice(
      `policy "${printable(p.policy)}": waiver(s) ${ids} expired before ${summary.asOf} and no longer apply`,
    );
  }
}

/** Waiver ids naming a policy that none of the run's policies is: a typo would silently waive nothing. */
export function reportUnknownPolicies(
  policies: readonly CompiledPolicy[],
  waivers: readonly NormalizedWaiver[] | undefined,
  err: Reporter,
): void {
  if (waivers === undefined) return;
  const names = new Set(policies.map((p) => p.name));
  for (const w of waivers) {
    if (!names.has(w.policy)) {
      err.notice(`waiver "${printable(w.id)}" names policy "${printable(w.policy)}", which is not evaluated`);
    }
  }
}
