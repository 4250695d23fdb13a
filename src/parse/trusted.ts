import type { FilterNode } from '../ast/nodes.js';
import { weakMapGet, weakMapSet } from '../builtins.js';
import type { Limits } from '../limits.js';

/** The limits that bound one filter (the policy and document limits bound other things). */
const FILTER_LIMITS = [
  'maxDepth',
  'maxNodes',
  'maxKeys',
  'maxListItems',
  'maxStringLength',
  'maxVersionLength',
  'maxPatternLength',
  'maxWildcards',
  'maxPathSegments',
  'maxSegmentLength',
] as const satisfies readonly (keyof Limits)[];

/**
 * The most a parsed filter reaches on each axis of the filter limits, as the parser counted it: its
 * nodes, depth, keys per object, list items, operand, pattern and version lengths, wildcards, path
 * segments and their length.
 */
export type Footprint = Record<(typeof FILTER_LIMITS)[number], number>;

export function emptyFootprint(): Footprint {
  const out = {} as Footprint;
  for (let i = 0; i < FILTER_LIMITS.length; i++) out[FILTER_LIMITS[i]!] = 0;
  return out;
}

/** What the parser knows of an AST it made: the limits it was parsed under, and its footprint. */
export interface Parsed {
  readonly limits: Limits;
  readonly footprint: Footprint;
}

/**
 * ASTs this library built itself, with what it knows of them: already validated, so they are not
 * printed and parsed again, only held to the limits of the call that uses them (see node-input.ts).
 */
const trusted = new WeakMap<object, Parsed>();

export function trust(node: FilterNode, limits: Limits, footprint: Footprint): FilterNode {
  weakMapSet.call(trusted, node, { limits, footprint });
  return node;
}

/** What the parser recorded of an AST it made; `undefined` for any other object (a hand-built AST). */
export function parsedOf(node: object): Parsed | undefined {
  return weakMapGet.call(trusted, node) as Parsed | undefined;
}

/**
 * True when an AST the parser made fits `limits`: they are those it was parsed under, or no smaller on
 * any axis, or its footprint is within them.
 */
export function fits(parsed: Parsed, limits: Limits): boolean {
  if (parsed.limits === limits) return true;
  for (let i = 0; i < FILTER_LIMITS.length; i++) {
    const axis = FILTER_LIMITS[i]!;
    if (parsed.footprint[axis] > limits[axis]) return false;
  }
  return true;
}
