import { showText } from '../errors.js';
import {
  type CompiledPolicy,
  DEFAULT_KIND_FIELD,
  InventoryError,
  type InventorySummary,
  type PolicySummary,
} from '../policy/index.js';
import { kindNotice } from '../policy/inventory.js';
import { isoOf } from '../semantics/time.js';

/**
 * The summary of the DuckDB engine's rows (one per kind: counts, and each policy's statuses as a
 * `histogram`), with the in-process engine's checks and key order.
 */
export function summarize(
  compiled: readonly CompiledPolicy[],
  skip: readonly PolicySummary['skipped'][],
  active: readonly CompiledPolicy[],
  expired: readonly (readonly string[])[],
  rows: readonly Record<string, unknown>[],
  // The run's kind field and instant (DuckdbFileOptions).
  options: { readonly kindField: string | null | undefined; readonly asOf: number },
  started: number,
): InventorySummary {
  let total = 0;
  let bad = 0;
  let twice = 0;
  let unknownKind = 0;
  const kinds = new Map<string, number>();
  const counts = active.map(() => new Map<string, number>());
  const waived = active.map(() => new Map<string, number>());
  for (const row of rows) {
    const n = Number(row.n);
    total += n;
    bad += Number(row.bad);
    twice += Number(row.twice);
    if (row.svc_kind === null) unknownKind += n;
    else kinds.set(String(row.svc_kind), n);
    active.forEach((_, i) => {
      addHistogram(counts[i]!, row[`s${i}`]);
      addHistogram(waived[i]!, row[`w${i}`]);
    });
  }
  if (bad > 0) {
    throw new InventoryError(
      'MALFORMED_RECORD',
      `${bad} record(s) are not JSON objects; the duckdb engine does not skip them (it cannot tell their line numbers): evaluate with the in-process engine (--engine memory) to list and skip them`,
    );
  }
  if (twice > 0) {
    throw new InventoryError(
      'MALFORMED_INPUT',
      `${twice} record(s) have a key twice in an object the policies read, where DuckDB reads the first value and JSON.parse the last; the duckdb engine does not guess: evaluate with the in-process engine (--engine memory), or rewrite the records through JSON.stringify(JSON.parse(…))`,
    );
  }
  const policyKinds = active.map((p) => p.resource);
  const named = [...new Set(policyKinds.filter((k): k is string => k !== undefined))];
  if (unknownKind > 0 && named.length > 1) {
    throw new InventoryError(
      'UNKNOWN_KIND',
      `${unknownKind} record(s) have no kind and the policies are for several kinds (${named
        .slice(0, 5)
        .map((k) => `"${showText(k)}"`)
        .join(
          ', ',
        )}): give the kind of the records (resource option, --resource KIND), say where records name it (kindField, --kind-field PATH), or evaluate the policies of one kind`,
    );
  }
  let t = 0;
  const policies = compiled.map((p, i): PolicySummary => {
    const skipped = skip[i]!;
    const at = skipped === null ? t++ : -1;
    const tally = counts[at];
    const marked = waived[at];
    const evaluated =
      tally === undefined ? 0 : p.resource === undefined ? total : (kinds.get(p.resource) ?? 0) + unknownKind;
    const applicable = tally === undefined ? 0 : [...tally.values()].reduce((a, b) => a + b, 0);
    return {
      policy: p.name,
      skipped,
      applicable,
      waived: marked === undefined ? 0 : [...marked.values()].reduce((a, b) => a + b, 0),
      expiredWaivers: expired[at] ?? [],
      notApplicable: evaluated - applicable,
      otherKind: tally === undefined ? 0 : total - evaluated,
      statuses: p.statuses.map((s) => ({
        status: s.name,
        criticality: s.criticality,
        isDefault: s.isDefault,
        count: tally?.get(s.name) ?? 0,
        waived: marked?.get(s.name) ?? 0,
      })),
    };
  });
  const durationMs = performance.now() - started;
  const kinded = policyKinds.some((k) => k !== undefined);
  return {
    // The in-process engine's key order: the JSON report is byte for byte the same.
    resources: total,
    asOf: isoOf(options.asOf),
    durationMs,
    resourcesPerSecond: durationMs > 0 ? Math.round((total * 1000) / durationMs) : 0,
    policies,
    kindField: options.kindField === null ? null : (options.kindField ?? DEFAULT_KIND_FIELD),
    kinds: Object.fromEntries([...kinds].sort((a, b) => (a[0] < b[0] ? -1 : 1))),
    unknownKind,
    notice: kinded && unknownKind > 0 ? kindNotice(unknownKind, total, policyKinds, options.kindField) : null,
  };
}

/** Adds a `histogram` of statuses to `into`. */
function addHistogram(into: Map<string, number>, histogram: unknown): void {
  // A MAP reads as its entries: [{ key, value }] (or an object, by the client's version).
  const entries = Array.isArray(histogram)
    ? (histogram as { key: string; value: unknown }[]).map((e) => [e.key, e.value] as const)
    : Object.entries((histogram ?? {}) as Record<string, unknown>);
  for (const [status, count] of entries) into.set(status, (into.get(status) ?? 0) + Number(count));
}
