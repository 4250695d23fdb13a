import { showText } from '../../errors.js';
import type { Check } from './types.js';

/**
 * The syntax of other pattern languages found in a `$like` pattern. `$like` knows one wildcard, `*`, and
 * matches every other character as itself (docs/semantics.md), so a pattern written as a regular
 * expression or an SQL `LIKE` silently never matches what its author meant.
 */
const FOREIGN_SYNTAX: readonly { readonly test: RegExp; readonly what: string }[] = [
  { test: /^\^/, what: 'a leading "^" (regular-expression anchor)' },
  { test: /(?<!\\)\$$/, what: 'a trailing "$" (regular-expression anchor)' },
  { test: /%/, what: '"%" (the SQL LIKE wildcard)' },
  { test: /\[[^\]]+\]/, what: 'a character class like "[0-9]"' },
  { test: /\([^()]*\|[^()]*\)/, what: 'an alternation like "(a|b)"' },
  // `14.*` is a version prefix ("14." then anything), which `$like` reads as meant: a dot after a digit
  // is not taken for the regular expression "any character".
  {
    test: /(?<![0-9])\.[*+?]|^\.[*+?]|\.\+|\.\?/,
    what: '".*" or ".+" (regular-expression "any characters")',
  },
  { test: /\\[dwsDWS.]/, what: 'an escape like "\\d" or "\\."' },
];

/** The pattern rewritten for `$like`, when the foreign syntax is only anchors and "any characters". */
function rewrite(pattern: string): string | undefined {
  const out = pattern
    .replace(/^\^/, '')
    .replace(/(?<!\\)\$$/, '')
    .replace(/\.[*+]|%/g, '*')
    .replace(/\*{2,}/g, '*');
  if (out === '' || /[[\]()|\\^$%]|\.[?]/.test(out) || out === pattern) return undefined;
  return out;
}

/** `$like` patterns that look like a regular expression or an SQL LIKE pattern (warnings). */
export const likePatterns: Check = {
  name: 'like-patterns',
  run(model, report) {
    for (const filter of model.filters) {
      for (const site of filter.fields) {
        site.node.operators.forEach((op, i) => {
          if (op.kind !== 'like') return;
          const found = FOREIGN_SYNTAX.filter((s) => s.test.test(op.pattern)).map((s) => s.what);
          if (found.length === 0) return;
          const better = rewrite(op.pattern);
          report({
            severity: 'warning',
            code: 'SUSPICIOUS_LIKE_PATTERN',
            message:
              `"$like" pattern ${JSON.stringify(op.pattern)} on "${showText(site.key)}" has ${found.join(' and ')}, ` +
              `but $like is not a regular expression or SQL LIKE: only "*" is a wildcard and every other ` +
              `character matches itself, so this likely never matches` +
              (better === undefined ? '' : `; did you mean ${JSON.stringify(better)}?`),
            path: site.operatorPointers[i] ?? site.pointer,
          });
        });
      }
    }
  },
};
