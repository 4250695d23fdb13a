import { ARRAY_ANY, OPERATOR_NAMES, PATH_SEPARATOR } from '../../ast/nodes.js';
import { showText } from '../../errors.js';
import { printPath } from '../../parse/path.js';
import { describeType } from '../../resources/schema.js';
import type { Check } from './types.js';

/**
 * `__svcArrayAny__` only where the field is an array; and an array compared without it. Arrays are
 * values (docs/semantics.md §3): `domains: { $eq: "a" }` never matches `["a"]`, and reading a key of an
 * array gives missing, so such a condition is a mistake whatever its operator.
 */
export const arraySelectors: Check = {
  name: 'array-selectors',
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        const key = site.key;
        for (const r of site.problems ?? []) {
          if (r.kind === 'selector-on-non-array') {
            const head = printPath(site.node.path.slice(0, r.step));
            report({
              severity: 'error',
              code: 'SELECTOR_ON_NON_ARRAY',
              message: `"${showText(key)}" selects elements of "${head || 'the resource'}", which is ${describeType(r.parent)}, not an array: the condition never holds`,
              path: site.pointer,
              anchor: 'key',
            });
          } else if (r.kind === 'key-on-array') {
            const head = printPath(site.node.path.slice(0, r.step));
            const fixed = printPath([
              ...site.node.path.slice(0, r.step),
              { kind: 'any' },
              ...site.node.path.slice(r.step),
            ]);
            // Suggesting the selector only helps when the elements have keys: `inUseBy` holds strings.
            const items = r.parent.type === 'array' ? r.parent.items.type : 'any';
            const advice =
              items === 'object' || items === 'map' || items === 'any'
                ? `write "${showText(fixed)}"`
                : `its elements have no keys either`;
            report({
              severity: 'error',
              code: 'MISSING_ARRAY_SELECTOR',
              message: `"${showText(head)}" is ${describeType(r.parent)}; "${showText(key)}" reads a key of the array itself, which is always missing; ${advice}`,
              path: site.pointer,
              anchor: 'key',
            });
          } else if (r.kind === 'array-compared') {
            // `$exists` and null operands test presence ("missing or null"), which needs no selector.
            const names = r.operators
              .map((i) => `"${OPERATOR_NAMES[site.node.operators[i]!.kind]}"`)
              .join(', ');
            report({
              severity: 'error',
              code: 'MISSING_ARRAY_SELECTOR',
              message: `"${showText(key)}" is ${describeType(r.type)} and arrays are compared as values, so ${names} never compares its elements; write "${key}${PATH_SEPARATOR}${ARRAY_ANY}"`,
              path: site.pointer,
              anchor: 'key',
            });
          }
        }
      }
    }
  },
};
