import type { FilterNode } from '../ast/nodes.js';
import { arrayEvery } from '../builtins.js';
import { readKey, readLeaf } from '../semantics/values.js';
import type { NormalizedPolicy } from './check.js';
import type { PolicyResult } from './compile.js';

/**
 * How a policy set (set.ts) plans its work: each policy over the set's distinct conditions, and the
 * dispatch that chooses, from one read of a field, the policies whose scope can hold.
 */

/** What `forEachApplicable` of a set does: calls `found` for each policy that applies to the resource. */
export type ForEachApplicable = (
  resource: unknown,
  kind: string | null | undefined,
  found: (index: number, result: PolicyResult) => void,
) => void;

/** A status of one policy in evaluation order, its rules as lists of condition ids. */
export interface PlannedStatus {
  readonly rules: readonly (readonly number[])[];
  readonly results: readonly PolicyResult[];
}

/** One policy of the set, over the set's distinct conditions. */
export interface Plan {
  /** The resource kind the policy names, if any. */
  readonly kind: string | undefined;
  /** The condition id of the scope; -1 when the policy has none. */
  readonly scope: number;
  readonly statuses: readonly PlannedStatus[];
  readonly fallback: PolicyResult;
}

/**
 * Where the set dispatches: a plain path (no selector) and, per string value read there, the
 * policies whose scope can hold. A scope clause `path: { $eq: 'x' }` (or `$in` of strings) holds only
 * when the value read there is exactly one of its strings (equality is `===` after `readLeaf`), so
 * any other value leaves the policy not applicable without evaluating anything.
 */
export interface Dispatch {
  readonly keys: readonly string[];
  readonly byValue: ReadonlyMap<string, readonly number[]>;
  /** Policies whose scope does not constrain the path: always evaluated. */
  readonly always: readonly number[];
}

/** Per plain path (the JSON of its keys): the strings a top-level scope clause requires there. */
function requiredStrings(scope: FilterNode): Map<string, readonly string[]> {
  const out = new Map<string, readonly string[]>();
  for (const clause of scope.clauses) {
    if (clause.kind !== 'field') continue;
    const keys: string[] = [];
    let plain = true;
    for (const step of clause.path) {
      if (step.kind === 'key') keys.push(step.key);
      else plain = false;
    }
    if (!plain || keys.length === 0) continue;
    for (const op of clause.operators) {
      let values: string[] | null = null;
      if (op.kind === 'eq' && typeof op.value === 'string') values = [op.value];
      if (op.kind === 'in' && arrayEvery(op.values, (v) => typeof v === 'string'))
        values = op.values as string[];
      if (values === null) continue;
      // Keys joined with a separator no key can make ambiguous: the JSON of the key list.
      const path = JSON.stringify(keys);
      const before = out.get(path);
      // Two operators on one path: the value must satisfy both, so either list is a sound superset.
      if (before === undefined || values.length < before.length) out.set(path, values);
    }
  }
  return out;
}

/**
 * The dispatch of a group of policies (`members`, indexes into the set): the plain path that most of
 * their scopes constrain to strings, or none (`keys` empty: every member is always evaluated).
 */
export function planDispatch(policies: readonly NormalizedPolicy[], members: readonly number[]): Dispatch {
  const required = new Map(members.map((i) => [i, requiredStrings(policies[i]!.scope)] as const));
  const counts = new Map<string, number>();
  for (const r of required.values())
    for (const path of r.keys()) counts.set(path, (counts.get(path) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 1;
  for (const [path, count] of counts) {
    if (count > bestCount) {
      best = path;
      bestCount = count;
    }
  }
  // One constrained policy does not pay for a table; two or more do.
  if (best === null) return { keys: [], byValue: new Map(), always: members };
  const byValue = new Map<string, number[]>();
  const always: number[] = [];
  for (const [i, r] of required) {
    const values = r.get(best);
    if (values === undefined) {
      always.push(i);
      continue;
    }
    for (const v of new Set(values)) {
      const list = byValue.get(v);
      if (list === undefined) byValue.set(v, [i]);
      else list.push(i);
    }
  }
  return { keys: JSON.parse(best) as string[], byValue, always };
}

/**
 * The string a dispatch reads at its path, or `undefined` when there is none (no path, or a value that
 * is not a string: another type, or missing, fails every dispatched scope).
 */
export function dispatchValue(keys: readonly string[], resource: unknown): string | undefined {
  if (keys.length === 0) return undefined;
  let value: unknown = resource;
  for (let k = 0; k < keys.length; k++) value = readKey(value, keys[k]!);
  value = readLeaf(value);
  return typeof value === 'string' ? value : undefined;
}
