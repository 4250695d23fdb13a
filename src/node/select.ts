import { debuglog } from 'node:util';
import { policyPaths } from '../inventory/paths.js';
import { parsePath } from '../parse/path.js';
import type { CompiledPolicy } from '../policy/compile.js';
import { DEFAULT_KIND_FIELD } from '../policy/inventory-types.js';

/**
 * The field paths an evaluation of an NDJSON file reads, for the selective reader (each line decoded
 * only there): the policies' filters, the kind field, and `extra` (the CLI's `id`); `null` where whole
 * records are read. `SVC_POLICY_READER=full` in the environment forces the full parse (the tests
 * compare both readers' output with it).
 */
/** `NODE_DEBUG=svc-policy`: which reader a run chose. */
export const debugReader = debuglog('svc-policy');

export function readPaths(
  policies: readonly CompiledPolicy[],
  kindField: string | null | undefined,
  extra: readonly (readonly string[])[] = [],
): string[][] | null {
  if (process.env.SVC_POLICY_READER === 'full') return null;
  const paths = [...policyPaths(policies), ...extra.map((p) => [...p])];
  if (kindField !== null) {
    // kindReader reads keys only (it refuses a selector).
    paths.push(parsePath(kindField ?? DEFAULT_KIND_FIELD, '').map((s) => (s.kind === 'key' ? s.key : '')));
  }
  return paths;
}
