import { compileFilter } from '../compile/filter.js';
import { FilterError } from '../errors.js';
import type { Limits } from '../limits.js';
import type { CompiledPolicy, PolicyExplanation, ResourceResults } from '../policy/index.js';
import { printable } from '../validate/unprintable.js';
import { UsageError } from './args.js';
import { INDEX_MARK, ORDINAL_MARK, type RenderOptions } from './eval-parallel.js';
import { sarifResults } from './eval-sarif.js';
import { explanationText, resourceId } from './format.js';

/** `svc-policy eval --explain`, `--id`, `--where`: which resources are explained, and how each is rendered. */

/**
 * Which resources `--explain` covers: all of them, or those chosen with `--id` and `--where`. The ids of
 * `--id` that a resource had are added to `matched`, so that the ids that matched nothing can be named.
 */
export function explainSelection(
  values: {
    readonly explain?: boolean | undefined;
    readonly id?: readonly string[] | undefined;
    readonly where?: string | undefined;
  },
  limits: Limits,
  asOf: number,
  matched?: Set<string>,
): ((resource: unknown) => boolean) | null {
  const ids = values.id === undefined ? null : new Set(values.id);
  let where: ((r: unknown) => boolean) | null = null;
  if (values.where !== undefined) {
    let filter: unknown;
    try {
      filter = JSON.parse(values.where);
    } catch (error) {
      throw new UsageError(`--where is not JSON: ${(error as Error).message}`);
    }
    try {
      where = compileFilter(filter as never, { limits, asOf });
    } catch (error) {
      if (error instanceof FilterError) throw new UsageError(`--where: ${error.message} [${error.code}]`);
      throw error;
    }
  }
  if (ids === null && where === null) return values.explain === true ? () => true : null;
  return (resource) => {
    if (ids !== null) {
      const id = resourceId(resource);
      if (id !== null && ids.has(String(id))) {
        matched?.add(String(id));
        return true;
      }
    }
    return where?.(resource) === true;
  };
}

/**
 * The explanation of each evaluated policy for one resource; a policy for another kind than the
 * record's is not evaluated, and its explanation says so instead of explaining a status it did not give.
 */
function explanations(event: ResourceResults, policies: readonly CompiledPolicy[]) {
  return policies.map((p, i) => {
    const result = event.results[i]!.result;
    if (event.kind !== null && p.resource !== undefined && p.resource !== event.kind) {
      return { policy: p.name, result, otherKind: { record: event.kind, policy: p.resource } };
    }
    return p.explain(event.resource);
  });
}

type Explanation = ReturnType<typeof explanations>[number];

function explainText(index: string, event: ResourceResults, list: readonly Explanation[]): string {
  const id = resourceId(event.resource);
  // Every value comes from a policy or a record: escaped, so that none can forge a line (see printable).
  // `record N` is 1-based, as every ordinal shown to a person (docs/policies.md, "Numbering").
  const ordinal = index === INDEX_MARK ? ORDINAL_MARK : String(Number(index) + 1);
  const lines = [`record ${ordinal}${id === null ? '' : ` (${printable(String(id))})`}`];
  for (const e of list) {
    if ('otherKind' in e) {
      lines.push(
        `  ${printable(e.policy)}: not applicable (a "${printable(e.otherKind.record)}" record; the policy is for "${printable(e.otherKind.policy)}")`,
      );
    } else lines.push(...explanationText(e as PolicyExplanation));
  }
  return `${lines.join('\n')}\n`;
}

/**
 * Renders one resource's output as text (the ndjson or json line, or the explanation in the table
 * format), or `null` when the format prints nothing for it. The index is given as text: the workers of
 * `--jobs` render with a placeholder that the main thread replaces with the index in the whole input.
 * `matchedIds` holds the ids of `--id` met so far.
 *
 * Only the first `explainLimit` selected resources are explained; `leftOut()` counts the selected ones
 * past the limit. `candidate` is what a worker of `--jobs` renders: it cannot know how many resources
 * the ranges before its own explained, so for a selected resource within the limit of what it has seen
 * itself (a worker's ranges come in file order, so that count never exceeds the resource's rank in the
 * whole input) it gives both texts, `[explained, plain]`, and the main thread picks one.
 */
type Renderer = ((event: ResourceResults, index: string) => string | null) & {
  readonly matchedIds: ReadonlySet<string>;
  readonly candidate: (event: ResourceResults, index: string) => Rendered;
  readonly leftOut: () => number;
};

/** A worker's rendering of one resource: its text, or both texts when it may be explained. */
export type Rendered = string | null | readonly [explained: string, plain: string | null];

/** The renderer for the options: every policy evaluated is explained for the selected resources. */
export function renderer(policies: readonly CompiledPolicy[], options: RenderOptions): Renderer {
  const matchedIds = new Set<string>();
  const selected = explainSelection(options, options.limits, options.asOf, matchedIds);
  const limit = options.explainLimit;
  let explainedCount = 0;
  let leftOut = 0;
  const format = options.format;
  const line = (event: ResourceResults, index: string, explained: readonly Explanation[] | null) => {
    const record: Record<string, unknown> = {
      id: resourceId(event.resource),
      results: event.results.map((o) => ({ policy: o.policy, ...o.result })),
    };
    if (explained !== null) record.explanations = explained;
    // `index` first, as JSON.stringify({ index, id, … }) writes it.
    return `{"index":${index},${JSON.stringify(record).slice(1)}`;
  };
  const build = (event: ResourceResults, index: string, explained: readonly Explanation[] | null) => {
    switch (format) {
      case 'ndjson':
        return line(event, index, explained);
      case 'json':
        return explained === null ? null : line(event, index, explained);
      case 'table':
        return explained === null ? null : explainText(index, event, explained);
      case 'sarif':
        return sarifResults(
          event,
          policies,
          options.sarif!,
          index === INDEX_MARK ? ORDINAL_MARK : String(Number(index) + 1),
        );
    }
  };
  /** Whether to explain this resource: selected, and within the limit (counted here). */
  const explain = (event: ResourceResults): boolean => {
    if (selected?.(event.resource) !== true) return false;
    if (explainedCount >= limit) {
      leftOut++;
      return false;
    }
    explainedCount++;
    return true;
  };
  const render = (event: ResourceResults, index: string) =>
    build(event, index, explain(event) ? explanations(event, policies) : null);
  const candidate = (event: ResourceResults, index: string): Rendered => {
    if (!explain(event)) return build(event, index, null);
    return [build(event, index, explanations(event, policies)) as string, build(event, index, null)];
  };
  return Object.assign(render, { matchedIds, candidate, leftOut: () => leftOut });
}

/** The default of `--explain-limit`: resources explained, enough to read, not gigabytes of output. */
export const DEFAULT_EXPLAIN_LIMIT = 100;

/** `--explain-limit N`: a positive integer, only with --explain, --id or --where. */
export function parseExplainLimit(value: string | undefined, explaining: boolean): number {
  if (value === undefined) return DEFAULT_EXPLAIN_LIMIT;
  if (!/^[1-9]\d{0,14}$/.test(value)) {
    throw new UsageError(`--explain-limit must be a positive integer, got "${value}"`);
  }
  if (!explaining) throw new UsageError('--explain-limit needs --explain, --id or --where');
  return Number(value);
}

/** The ids of `--id` (without repeats, in the order given) that no resource had. */
export function unmatchedIds(ids: readonly string[] | undefined, matched: ReadonlySet<string>): string[] {
  return [...new Set(ids ?? [])].filter((id) => !matched.has(id));
}
