import { isArray, jsonStringify } from '../builtins.js';
import { compileNode } from '../compile/filter.js';
import { showPointer, showText } from '../errors.js';
import type { Limits } from '../limits.js';
import { checkWaivers, type WaivedStatus, waiverStatusProblems } from '../policy/waivers.js';
import { isoOf } from '../semantics/time.js';
import type { Finding } from './checks/types.js';
import { detached, validateWith } from './index.js';
import type { ValidateOptions, ValidationResult } from './types.js';

/** The default of {@link WaiverValidateOptions.maxDays}: a waiver expires within a year. */
export const DEFAULT_MAX_WAIVER_DAYS = 365;

const DAY = 86_400_000;

/** Options of {@link validateWaivers}. */
export interface WaiverValidateOptions extends ValidateOptions {
  /** The instant expiry is judged at (ms since the epoch); default the clock. */
  readonly asOf?: number;
  /** Largest number of days ahead of `asOf` an expiry may be (default 365). */
  readonly maxDays?: number;
  /** The policies the waivers may name (their names and statuses): without them, names are not checked. */
  readonly policies?: readonly { readonly name: string; readonly statuses: readonly WaivedStatus[] }[];
  /** An inventory: a waiver covering none of its records is reported (`WAIVER_MATCHES_NOTHING`). */
  readonly inventory?: readonly unknown[];
}

/**
 * Validates a waiver file (`{ "waivers": [ … ] }`, JSON or YAML, text or value) with the diagnostics of
 * {@link validatePolicy}: positions, JSON pointers and stable codes (docs/waivers.md lists them). Never
 * throws on bad input.
 */
export function validateWaivers(document: unknown, options: WaiverValidateOptions = {}): ValidationResult {
  return validateWith(document, options, waiverFindings);
}

/** Whether a parsed document is a waiver file: an object with `waivers` (a policy has no such key). */
export function isWaiverDocument(value: unknown): boolean {
  return (
    typeof value === 'object' &&
    value !== null &&
    !isArray(value) &&
    Object.hasOwn(value, 'waivers') &&
    !Object.hasOwn(value, 'statusDefinitions') &&
    !Object.hasOwn(value, 'policy')
  );
}

function waiverFindings(document: unknown, options: WaiverValidateOptions, limits: Limits): Finding[] {
  const copied = detached(document, limits);
  if ('finding' in copied) return [copied.finding];
  const { problems, checked } = checkWaivers(copied.value, { limits });
  const findings: Finding[] = problems.map((p) => ({
    severity: 'error',
    code: p.code,
    message: p.message,
    path: p.path,
    ...(p.code === 'UNKNOWN_PROPERTY' ? { anchor: 'key' as const } : {}),
  }));
  const asOf = options.asOf ?? Date.now();
  const maxDays = options.maxDays ?? DEFAULT_MAX_WAIVER_DAYS;
  const policies = options.policies;
  const inventory = options.inventory;
  for (const w of checked) {
    const at = `${w.path}/expires`;
    if (w.expiresMs <= asOf) {
      findings.push({
        severity: 'warning',
        code: 'WAIVER_EXPIRED',
        message: `waiver ${jsonStringify(showText(w.id))} expired at ${isoOf(w.expiresMs)} (as of ${isoOf(asOf)}): it changes nothing any more; remove or renew it (at ${showPointer(at)})`,
        path: at,
      });
    } else if (w.expiresMs - asOf > maxDays * DAY) {
      findings.push({
        severity: 'error',
        code: 'EXPIRY_TOO_FAR',
        message: `waiver ${jsonStringify(showText(w.id))} expires at ${isoOf(w.expiresMs)}, more than ${maxDays} days after ${isoOf(asOf)} (at ${showPointer(at)})`,
        path: at,
      });
    }
    if (policies !== undefined) {
      const policy = policies.find((p) => p.name === w.policy);
      if (policy === undefined) {
        const path = `${w.path}/policy`;
        findings.push({
          severity: 'error',
          code: 'UNKNOWN_POLICY',
          message: `waiver ${jsonStringify(showText(w.id))} names policy ${jsonStringify(showText(w.policy))}, which none of the policies given is (at ${showPointer(path)})`,
          path,
        });
      } else {
        for (const p of waiverStatusProblems([w], policy.name, policy.statuses)) {
          findings.push({ severity: 'error', code: p.code, message: p.message, path: p.path });
        }
      }
    }
    if (inventory !== undefined) {
      const covers = compileNode(w.covers, undefined, false, asOf);
      if (!inventory.some((r) => covers(r))) {
        findings.push({
          severity: 'warning',
          code: 'WAIVER_MATCHES_NOTHING',
          message: `waiver ${jsonStringify(showText(w.id))} covers none of the ${inventory.length} records of the inventory (its ids and filter) (at ${showPointer(w.path)})`,
          path: w.path,
        });
      }
    }
  }
  return findings;
}
