import { debuglog } from 'node:util';
import { policyPaths } from '../inventory/paths.js';
import { parsePath } from '../parse/path.js';
import type { CompiledPolicy } from '../policy/compile.js';
import { DEFAULT_KIND_FIELD } from '../policy/inventory-types.js';

/**
 * The field paths an evaluation of an NDJSON file reads, for the selective reader (each line decoded
 * only there): the policies' filters, the kind field, and `extra` (the CLI's `id`); `null` where whole
 * records are read. Only with `SVC_POLICY_READER=selective` in the environment: the reader gives the
 * full parse's answers (tests compare the two), but has not been measured faster than the full parse
 * by enough to be the default (bench/README.md, "NDJSON").
 */
/** `NODE_DEBUG=svc-policy`: which reader a run chose. */
export const debugReader = debuglog('svc-policy');

export function readPaths(
  policies: readonly CompiledPolicy[],
  kindField: string | null | undefined,
  extra: readonly (readonly string[])[] = [],
): string[][] | null {
  if (process.env.SVC_POLICY_READER !== 'selective') return null;
  const paths = [...policyPaths(policies), ...extra.map((p) => [...p])];
  if (kindField !== null) {
    // kindReader reads keys only (it refuses a selector).
    paths.push(parsePath(kindField ?? DEFAULT_KIND_FIELD, '').map((s) => (s.kind === 'key' ? s.key : '')));
  }
  return paths;
}
