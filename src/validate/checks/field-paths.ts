import { objectKeys } from '../../builtins.js';
import { showText } from '../../errors.js';
import { printPath } from '../../parse/path.js';
import { closest } from '../../query/suggest.js';
import type { FieldProblem } from '../../resources/schema.js';
import { describeType } from '../../resources/schema.js';
import { dottedPathHint } from './dotted-paths.js';
import type { Check } from './types.js';

/** The key closest to an unknown one among those its object has, if any is close. */
export function suggestKey(problem: FieldProblem, name: string): string | undefined {
  return problem.kind === 'unknown' && problem.parent.type === 'object'
    ? closest(name, objectKeys(problem.parent.fields))
    : undefined;
}

/** Field paths that the policy's resource kind does not have: a misspelled field never matches. */
export const fieldPaths: Check = {
  name: 'field-paths',
  run(model, report) {
    const kind = model.resource ?? 'resource';
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        // Under `details` with descriptors, the Kubernetes check speaks.
        if (site.k8s) continue;
        for (const r of site.problems ?? []) {
          if (r.kind !== 'unknown' && r.kind !== 'through-scalar') continue;
          const head = printPath(site.node.path.slice(0, r.step));
          const step = site.node.path[r.step]!;
          const name = step.kind === 'key' ? step.key : '';
          let message: string;
          if (r.kind === 'through-scalar') {
            message = `field "${showText(head)}" of a ${kind} is ${describeType(r.parent)}, so "${showText(site.key)}" reads nothing and never matches`;
          } else {
            const where = r.step === 0 ? `a ${kind}` : `"${showText(head)}" of a ${kind}`;
            const dotted = dottedPathHint(model, site);
            const suggestion = suggestKey(r, name);
            const hint =
              dotted?.step === r.step
                ? `; paths join keys with "$.": did you mean "${showText(dotted.rewrite)}"?`
                : suggestion === undefined
                  ? ''
                  : `; did you mean "${printPath([...site.node.path.slice(0, r.step), { kind: 'key', key: suggestion }])}"?`;
            const inKey = site.node.path.length === 1 ? '' : ` in "${showText(site.key)}"`;
            message = `unknown field "${showText(name)}"${inKey}: ${where} has no such field${hint}`;
          }
          report({ severity: 'error', code: 'UNKNOWN_FIELD', message, path: site.pointer, anchor: 'key' });
        }
      }
    }
  },
};
