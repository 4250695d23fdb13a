/**
 * What the repository's example and valid policies need of each limit (docs/limits.md): the largest
 * value each one reaches, next to its default. Each is measured by the library itself, as the tightest
 * limit that still accepts the file (a bisection over `validatePolicy` of the file's text), so the
 * figures are what the parser and the readers count. A limit is at least 1: a file that does not use
 * one measures 1. Run with `npx tsx scripts/measure-policies.ts [DIR...]`; test/hostile/limits.test.ts
 * checks the table of docs/limits.md against the same measure.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join } from 'node:path';
import { DEFAULT_LIMITS, isLimitCode, LIMIT_NAMES, type Limits } from '../src/limits.js';
import { validatePolicy } from '../src/validate.js';

const dirs =
  process.argv.length > 2 ? process.argv.slice(2) : ['fixtures/policies/examples', 'fixtures/policies/valid'];
const usage = Object.fromEntries(LIMIT_NAMES.map((n) => [n, 0])) as Record<keyof Limits, number>;

let files = 0;
for (const dir of dirs) {
  for (const name of readdirSync(dir)) {
    const file = join(dir, name);
    if (
      !statSync(file).isFile() ||
      /\.test\./.test(name) ||
      !['.json', '.yaml', '.yml'].includes(extname(name))
    )
      continue;
    const text = readFileSync(file, 'utf8');
    const format = extname(name) === '.json' ? 'json' : 'yaml';
    const accepts = (limits: Partial<Limits>) =>
      !validatePolicy(text, { format, limits }).diagnostics.some((d) => isLimitCode(d.code));
    if (!accepts({})) throw new Error(`${file}: the default limits refuse it`);
    for (const limit of LIMIT_NAMES) {
      let lo = 1;
      let hi = DEFAULT_LIMITS[limit];
      while (lo < hi) {
        const mid = Math.floor((lo + hi) / 2);
        if (accepts({ [limit]: mid })) hi = mid;
        else lo = mid + 1;
      }
      usage[limit] = Math.max(usage[limit], lo);
    }
    files++;
  }
}
console.log(`${files} policies in ${dirs.join(', ')}`);
console.log('| limit | largest use | default |\n| --- | --- | --- |');
for (const name of LIMIT_NAMES) console.log(`| ${name} | ${usage[name]} | ${DEFAULT_LIMITS[name]} |`);
