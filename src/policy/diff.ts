import { isArray, jsonStringify, mapGet, option } from '../builtins.js';
import { type CompileOptions, compileNode, resolveAsOf } from '../compile/filter.js';
import { FilterError } from '../errors.js';
import { describe } from '../parse/operands.js';
import { compareCodePoints } from '../semantics/compare.js';
import { isoOf } from '../semantics/time.js';
import {
  buildPolicy,
  type CompiledPolicy,
  compilePolicy,
  NOT_APPLICABLE,
  type PolicyResult,
} from './compile.js';
import type { PolicyExplanation } from './explain.js';
import { eachResource } from './inventory.js';
import { isCompiled } from './set.js';
import { readWaivers } from './waivers.js';

/** Options of {@link diffPolicies}. */
export interface DiffOptions extends CompileOptions {
  /** Example resources kept per changed cell of the matrix, each explained on both sides. Default 3. */
  readonly examples?: number;
  /** Stops the comparison between two resources; the promise then rejects with the signal's reason. */
  readonly signal?: AbortSignal;
  /**
   * Waivers (docs/waivers.md) applied to both versions at the one `asOf`: results carry their marks,
   * and each cell counts the resources waived under the after version (`waived`).
   */
  readonly waivers?: unknown;
}

/** One side of an example: the resource's result under one version of the policy, and why. */
export interface DiffSide {
  readonly result: PolicyResult;
  readonly explanation: PolicyExplanation;
}

/** A resource whose status changed, explained under both versions. */
export interface DiffExample {
  /** Position of the resource in the inventory (0-based). */
  readonly index: number;
  readonly resource: unknown;
  readonly before: DiffSide;
  readonly after: DiffSide;
}

/**
 * One cell of the transition matrix: the resources whose status was `before` and is `after`. `null` is
 * "no status": out of the policy's scope (`applicable: false`), or the policy inactive.
 */
export interface DiffCell {
  readonly before: string | null;
  readonly after: string | null;
  readonly count: number;
  /** True when the status differs (`before !== after`). */
  readonly changed: boolean;
  /** The first resources of a changed cell (at most `examples`); empty for an unchanged one. */
  readonly examples: readonly DiffExample[];
  /** With the `waivers` option only: the resources of the cell marked waived under the after version. */
  readonly waived?: number;
}

/** The answer of {@link diffPolicies}. */
export interface PolicyDiff {
  /** The names of the two versions (a rename is a change of the policy, not of any status). */
  readonly policy: { readonly before: string; readonly after: string };
  /** The statuses of each version, in definition order. */
  readonly statuses: { readonly before: readonly string[]; readonly after: readonly string[] };
  /** The one instant both versions were evaluated at (their `$now` operands), ISO 8601 in UTC. */
  readonly asOf: string;
  readonly resources: number;
  /** Resources whose status changed (their cells have `changed: true`). */
  readonly changed: number;
  readonly unchanged: number;
  /** `unchanged / resources`; 1 for an empty inventory. */
  readonly unchangedShare: number;
  /**
   * Every non-empty cell: the changed ones first, the biggest movement first (ties in code point order
   * of the statuses, "no status" first), then the unchanged ones in the same order.
   */
  readonly matrix: readonly DiffCell[];
}

const DEFAULT_EXAMPLES = 3;

function compiled(
  policy: unknown,
  options: CompileOptions & { readonly asOf: number; readonly waivers?: unknown },
  side: string,
): CompiledPolicy {
  if (isCompiled(policy)) {
    if (options.waivers !== undefined) {
      const waivers = readWaivers(options.waivers, options);
      return buildPolicy(
        policy.definition,
        (node, at) => compileNode(node, options, true, at),
        options.asOf,
        waivers,
      );
    }
    return policy.readsNow ? policy.at(options.asOf) : policy;
  }
  if (typeof policy !== 'object' || policy === null || isArray(policy)) {
    throw new FilterError(
      'INVALID_OPTION',
      '',
      `the ${side} policy must be a policy definition or a compiled policy, got ${describe(policy)}`,
    );
  }
  return compilePolicy(policy, options);
}

/** The result of a resource under a version: an inactive policy gives no status. */
function resultOf(policy: CompiledPolicy, resource: unknown): PolicyResult {
  return policy.isActive ? policy.evaluate(resource) : NOT_APPLICABLE;
}

function side(policy: CompiledPolicy, resource: unknown, result: PolicyResult): DiffSide {
  return { result, explanation: policy.explain(resource) };
}

/** Orders statuses with "no status" (`null`) first, the others in code point order. */
function compareStatus(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return compareCodePoints(a, b);
}

/**
 * What a policy edit does to an inventory, before it merges: every resource evaluated under both
 * versions, counted in a transition matrix (status before × status after, "no status" included for
 * resources out of scope and for an inactive version), with a few explained examples per changed cell
 * and the share left unchanged. Streams like {@link evaluateInventory}: an array, an iterable or an
 * async iterable of records, read once, in constant memory (the examples aside). Every resource is
 * evaluated by both versions whatever its kind: give the inventory of the policy's kind. Definitions are
 * compiled here (a bad one throws its `PolicyError`); compiled policies are accepted too.
 * The same matrix comes from a database with `policyDiffSql` (`svc-policy/sql`) and `policyDiffMongo`
 * (`svc-policy/mongo`).
 *
 * @example
 * const diff = await diffPolicies(before, after, readNdjson(createReadStream('inventory.ndjson')));
 * for (const cell of diff.matrix.filter((c) => c.changed)) console.log(cell.before, '→', cell.after, cell.count);
 */
export async function diffPolicies(
  before: unknown,
  after: unknown,
  resources: Iterable<unknown> | AsyncIterable<unknown>,
  options?: DiffOptions,
): Promise<PolicyDiff> {
  const limit = option(options, 'examples') ?? DEFAULT_EXAMPLES;
  if (!Number.isInteger(limit) || limit < 0) {
    throw new FilterError('INVALID_OPTION', '', `examples must be a whole number, got ${String(limit)}`);
  }
  const signal = option(options, 'signal');
  const codegen = option(options, 'codegen');
  const compileOptions = {
    ...(option(options, 'limits') === undefined ? {} : { limits: option(options, 'limits')! }),
    ...(option(options, 'maxDepth') === undefined ? {} : { maxDepth: option(options, 'maxDepth')! }),
    ...(codegen === undefined ? {} : { codegen }),
    // One instant for both versions (compiled ones are bound to it): a resource changes status only
    // because the policy changed, never because the clock moved between the two.
    asOf: resolveAsOf(option(options, 'asOf'), '/asOf'),
    ...(option(options, 'waivers') === undefined ? {} : { waivers: option(options, 'waivers') }),
  };
  const counting = option(options, 'waivers') !== undefined;
  const a = compiled(before, compileOptions, 'before');
  const b = compiled(after, compileOptions, 'after');
  // Cells by the JSON of [before, after]: injective, whatever characters a status name holds (a joined
  // "before\0after" key merged "a" + "\0=b" with "a\0=" + "b").
  const cells = new Map<
    string,
    { before: string | null; after: string | null; count: number; examples: DiffExample[]; waived?: number }
  >();
  let index = 0;
  let changed = 0;
  await eachResource(resources, (resource) => {
    signal?.throwIfAborted();
    const ra = resultOf(a, resource);
    const rb = resultOf(b, resource);
    const key = jsonStringify([ra.status, rb.status]);
    let cell = mapGet.call(cells, key) as ReturnType<typeof cells.get>;
    if (cell === undefined) {
      cell = {
        before: ra.status,
        after: rb.status,
        count: 0,
        examples: [],
        ...(counting ? { waived: 0 } : {}),
      };
      cells.set(key, cell);
    }
    cell.count++;
    if (rb.waiver !== undefined) cell.waived = (cell.waived ?? 0) + 1;
    if (ra.status !== rb.status) {
      changed++;
      if (cell.examples.length < limit) {
        cell.examples.push({ index, resource, before: side(a, resource, ra), after: side(b, resource, rb) });
      }
    }
    index++;
  });
  const matrix: DiffCell[] = [...cells.values()]
    .map((c) => ({ ...c, changed: c.before !== c.after }))
    .sort(
      (x, y) =>
        Number(x.changed === false) - Number(y.changed === false) ||
        y.count - x.count ||
        compareStatus(x.before, y.before) ||
        compareStatus(x.after, y.after),
    );
  return {
    policy: { before: a.name, after: b.name },
    statuses: { before: a.statuses.map((s) => s.name), after: b.statuses.map((s) => s.name) },
    asOf: isoOf(compileOptions.asOf),
    resources: index,
    changed,
    unchanged: index - changed,
    unchangedShare: index === 0 ? 1 : (index - changed) / index,
    matrix,
  };
}
