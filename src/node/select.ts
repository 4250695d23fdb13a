import { debuglog } from 'node:util';
import { FilterError, showText } from '../errors.js';
import { filterPaths, policyPaths } from '../inventory/paths.js';
import { describe } from '../parse/operands.js';
import { parsePath } from '../parse/path.js';
import type { CompiledPolicy } from '../policy/compile.js';
import { DEFAULT_KIND_FIELD } from '../policy/inventory-types.js';
import type { NormalizedWaiver } from '../policy/waivers.js';

/** `NODE_DEBUG=svc-policy`: which reader a run chose. */
export const debugReader = debuglog('svc-policy');

/** How NDJSON records are read: decoded only where the run reads, or parsed whole. */
export type Reader = 'selective' | 'full';

/**
 * The reader a run asked for: `reader` (an option), else `SVC_POLICY_READER` in the environment, else
 * the selective reader (measured faster than the full parse in CPU, bench/README.md "NDJSON"). Any
 * other value is an `INVALID_OPTION`, not a silent default.
 */
export function chosenReader(reader: unknown): Reader {
  if (reader === undefined) {
    const env = process.env.SVC_POLICY_READER;
    if (env === undefined || env === '' || env === 'selective') return 'selective';
    if (env === 'full') return 'full';
    throw new FilterError(
      'INVALID_OPTION',
      '',
      `SVC_POLICY_READER must be "selective" or "full", got ${JSON.stringify(showText(env))}`,
    );
  }
  if (reader === 'selective' || reader === 'full') return reader;
  const got = typeof reader === 'string' ? JSON.stringify(showText(reader)) : describe(reader);
  throw new FilterError('INVALID_OPTION', '', `reader must be "selective" or "full", got ${got}`);
}

/**
 * The field paths an evaluation of an NDJSON file reads, for the selective reader (each line decoded
 * only there): the policies' filters, what the waivers cover (`waivers`, by default those the
 * policies were compiled with), the kind field, and `extra` (the CLI's `id`); `null` with the full
 * parse (see {@link chosenReader}). The reader gives the full parse's answers (tests compare the
 * two); callers that need whole records do not call this.
 */
export function readPaths(
  policies: readonly CompiledPolicy[],
  kindField: string | null | undefined,
  reader: Reader,
  extra: readonly (readonly string[])[] = [],
  waivers: readonly NormalizedWaiver[] = policies.flatMap((p) => p.waivers),
): string[][] | null {
  if (reader === 'full') return null;
  const paths = [...policyPaths(policies), ...extra.map((p) => [...p])];
  for (const w of waivers) filterPaths(w.covers, paths);
  if (kindField !== null) {
    // kindReader reads keys only (it refuses a selector).
    paths.push(parsePath(kindField ?? DEFAULT_KIND_FIELD, '').map((s) => (s.kind === 'key' ? s.key : '')));
  }
  return paths;
}
