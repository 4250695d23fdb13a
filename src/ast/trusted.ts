import { weakMapGet } from '../builtins.js';
import type { Limits } from '../limits.js';
import type { FilterNode } from './nodes.js';

/**
 * ASTs this library built itself, with the limits they were parsed under: already validated, so they
 * are not printed and parsed again, only held to the limits of the call that uses them (see
 * node-input.ts).
 */
const trusted = new WeakMap<object, Limits>();

export function trust(node: FilterNode, limits: Limits): FilterNode {
  trusted.set(node, limits);
  return node;
}

/** The limits a trusted AST was parsed under; `undefined` for any other object (a hand-built AST). */
export function trustedLimits(node: object): Limits | undefined {
  return weakMapGet.call(trusted, node) as Limits | undefined;
}
