import { OPERATOR_NAMES } from '../../ast/nodes.js';
import { pointer, showText } from '../../errors.js';
import { printPath } from '../../parse/path.js';
import { suggestKey } from './field-paths.js';
import type { Check } from './types.js';

/**
 * `details$…` paths against the Kubernetes detail field descriptors the caller supplied: an unknown or
 * non-filterable field is an error, a value outside `availableValues` a warning (the list describes what
 * the service has seen, not a closed enumeration).
 */
export const k8sDetails: Check = {
  name: 'k8s-details',
  run(model, report) {
    const kind = model.k8s?.kind === undefined ? 'the supplied kind' : `kind ${model.k8s.kind}`;
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const r = site.resolution;
        if (!site.k8s || r === undefined) continue;
        const problem = site.problems?.find(
          (p) => p.kind === 'unknown' || p.kind === 'through-scalar' || p.kind === 'unfilterable',
        );
        if (problem?.kind === 'unknown' || problem?.kind === 'through-scalar') {
          const step = site.node.path[problem.step];
          const suggestion = suggestKey(problem, step?.kind === 'key' ? step.key : '');
          const hint =
            suggestion !== undefined
              ? `; did you mean "${printPath([...site.node.path.slice(0, problem.step), { kind: 'key', key: suggestion }])}"?`
              : '';
          report({
            severity: 'error',
            code: 'K8S_UNKNOWN_FIELD',
            message: `"${showText(site.key)}" is not a detail field of ${kind} (descriptors list the filterable paths)${hint}`,
            path: site.pointer,
            anchor: 'key',
          });
          continue;
        }
        if (r.kind !== 'ok') continue;
        if (problem?.kind === 'unfilterable') {
          report({
            severity: 'error',
            code: 'K8S_NOT_FILTERABLE',
            message: `"${showText(printPath(site.node.path.slice(0, problem.step + 1)))}" is not filterable for ${kind}`,
            path: site.pointer,
            anchor: 'key',
          });
          continue;
        }
        const values = r.type.type === 'string' ? r.type.availableValues : undefined;
        if (values === undefined) continue;
        const known = new Set(values);
        site.node.operators.forEach((op, i) => {
          const at = site.operatorPointers[i]!;
          const list =
            op.kind === 'eq' || op.kind === 'ne'
              ? [{ v: op.value, at }]
              : op.kind === 'in' || op.kind === 'nin'
                ? op.values.map((v, j) => ({ v, at: pointer(at, j) }))
                : [];
          for (const { v, at: where } of list) {
            if (typeof v !== 'string' || known.has(v)) continue;
            report({
              severity: 'warning',
              code: 'K8S_UNKNOWN_VALUE',
              message: `"${OPERATOR_NAMES[op.kind]}" compares "${showText(site.key)}" with "${showText(v)}", which is not one of its available values (${values.map((x) => JSON.stringify(x)).join(', ')})`,
              path: where,
            });
          }
        });
      }
    }
  },
};
