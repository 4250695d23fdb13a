import { ARRAY_ANY, type FilterNode, type PathStep } from '../ast/nodes.js';

/**
 * The field paths a filter reads (segments, `__svcArrayAny__` for a selector): its filters read own
 * properties along these paths and the whole value at their ends, nothing else, so a record cut down
 * to them (see selective.ts) gets the same answer as the whole record.
 */
export function filterPaths(
  node: FilterNode,
  out: string[][] = [],
  prefix: readonly string[] = [],
): string[][] {
  for (const clause of node.clauses) {
    switch (clause.kind) {
      case 'field': {
        const path = [...prefix, ...clause.path.map(segment)];
        let whole = false;
        for (const op of clause.operators) {
          if (op.kind !== 'elemMatch') whole = true;
          else {
            const before = out.length;
            filterPaths(op.filter, out, path);
            // A filter reading no field (`{}`) still needs the elements themselves: what they are.
            if (out.length === before) whole = true;
          }
        }
        if (whole) out.push(path);
        break;
      }
      case 'and':
      case 'or':
        for (const f of clause.filters) filterPaths(f, out, prefix);
        break;
      case 'not':
        filterPaths(clause.filter, out, prefix);
        break;
    }
  }
  return out;
}

function segment(step: PathStep): string {
  return step.kind === 'key' ? step.key : ARRAY_ANY;
}

/** What {@link policyPaths} reads of a compiled policy (its normalized definition's filters). */
export interface PolicyFilters {
  readonly definition: {
    readonly scope: FilterNode;
    readonly statuses: readonly {
      readonly rules: readonly { readonly conditions: readonly { readonly filter: FilterNode }[] }[];
    }[];
  };
}

/** The paths every filter of the policies reads: their scopes and their rules' conditions. */
export function policyPaths(policies: readonly PolicyFilters[]): string[][] {
  const out: string[][] = [];
  for (const { definition } of policies) {
    filterPaths(definition.scope, out);
    for (const status of definition.statuses) {
      for (const rule of status.rules) for (const c of rule.conditions) filterPaths(c.filter, out);
    }
  }
  return out;
}
