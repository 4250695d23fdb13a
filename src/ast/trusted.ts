import { weakSetHas } from '../builtins.js';
import type { FilterNode } from './nodes.js';

/** ASTs this library built itself: already validated, so they are not checked again. */
const trusted = new WeakSet<object>();

export function trust(node: FilterNode): FilterNode {
  trusted.add(node);
  return node;
}

export function isTrusted(node: object): boolean {
  return weakSetHas.call(trusted, node);
}
