import { weakMapGet } from '../builtins.js';
import type { Limits } from '../limits.js';
import { extraNodes, SELECTOR_NODES } from '../parse/filter.js';
import { likeWildcards } from '../semantics/like.js';
import { ARRAY_ANY, assertNever, type FilterNode, type OperatorNode } from './nodes.js';

/** The limits that bound one filter (the policy and document limits bound other things). */
export const FILTER_LIMITS = [
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

/** The largest value a parsed filter reaches on each axis of {@link FILTER_LIMITS}. */
export type Footprint = Record<(typeof FILTER_LIMITS)[number], number>;

/** Footprints by AST, each computed once: an AST used again and again is measured the first time only. */
const footprints = new WeakMap<FilterNode, Footprint>();

/**
 * What a parsed filter reaches on each axis the limits bound, counted as the parser counts (nodes,
 * depth, keys of each object, list items, operand, pattern and version lengths, wildcards, path
 * segments and their lengths). Recursive: a parsed AST is at most 1,000 levels deep.
 */
export function footprintOf(node: FilterNode): Footprint {
  const known = weakMapGet.call(footprints, node) as Footprint | undefined;
  if (known !== undefined) return known;
  const f: Footprint = {
    maxDepth: 0,
    maxNodes: 0,
    maxKeys: 0,
    maxListItems: 0,
    maxStringLength: 0,
    maxVersionLength: 0,
    maxPatternLength: 0,
    maxWildcards: 0,
    maxPathSegments: 0,
    maxSegmentLength: 0,
  };
  const raise = (axis: keyof Footprint, value: number) => {
    if (value > f[axis]) f[axis] = value;
  };
  const text = (value: unknown) => {
    if (typeof value === 'string') raise('maxStringLength', value.length);
  };
  const operator = (op: OperatorNode, depth: number) => {
    f.maxNodes += 1 + extraNodes(op);
    switch (op.kind) {
      case 'eq':
      case 'ne':
      case 'gt':
      case 'gte':
      case 'lt':
      case 'lte':
        text(op.value);
        break;
      case 'in':
      case 'nin':
        raise('maxListItems', op.values.length);
        for (let i = 0; i < op.values.length; i++) text(op.values[i]);
        break;
      case 'like':
        raise('maxPatternLength', op.pattern.length);
        raise('maxWildcards', likeWildcards(op.pattern));
        break;
      case 'veq':
      case 'vne':
      case 'vgt':
      case 'vgte':
      case 'vlt':
      case 'vlte':
        raise('maxVersionLength', op.value.length);
        break;
      case 'exists':
        break;
      case 'elemMatch':
        filter(op.filter, depth + 1);
        break;
      default:
        assertNever(op, 'operator node');
    }
  };
  const filter = (n: FilterNode, depth: number) => {
    raise('maxDepth', depth);
    raise('maxKeys', n.clauses.length);
    f.maxNodes += 1;
    for (let c = 0; c < n.clauses.length; c++) {
      const clause = n.clauses[c]!;
      switch (clause.kind) {
        case 'field': {
          raise('maxPathSegments', clause.path.length);
          f.maxNodes += 1;
          for (let i = 0; i < clause.path.length; i++) {
            const step = clause.path[i]!;
            if (step.kind === 'any') {
              f.maxNodes += SELECTOR_NODES;
              // The selector is written as a segment, and held to the segment length like any other.
              raise('maxSegmentLength', ARRAY_ANY.length);
            } else {
              f.maxNodes += 1;
              raise('maxSegmentLength', step.key.length);
            }
          }
          raise('maxKeys', clause.operators.length);
          for (let i = 0; i < clause.operators.length; i++) operator(clause.operators[i]!, depth);
          break;
        }
        case 'and':
        case 'or':
          f.maxNodes += 1;
          for (let i = 0; i < clause.filters.length; i++) filter(clause.filters[i]!, depth + 1);
          break;
        case 'not':
          f.maxNodes += 1;
          filter(clause.filter, depth + 1);
          break;
        default:
          assertNever(clause, 'clause node');
      }
    }
  };
  filter(node, 1);
  footprints.set(node, f);
  return f;
}

/** True when nothing a filter reaches passes `limits`. */
export function fits(footprint: Footprint, limits: Limits): boolean {
  for (let i = 0; i < FILTER_LIMITS.length; i++) {
    const axis = FILTER_LIMITS[i]!;
    if (footprint[axis] > limits[axis]) return false;
  }
  return true;
}

/** True when every filter limit of `wide` is at least that of `narrow`: what fits `narrow` fits `wide`. */
export function covers(wide: Limits, narrow: Limits): boolean {
  for (let i = 0; i < FILTER_LIMITS.length; i++) {
    const axis = FILTER_LIMITS[i]!;
    if (wide[axis] < narrow[axis]) return false;
  }
  return true;
}
