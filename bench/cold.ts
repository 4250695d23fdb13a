/** `bench/cold.ts <filter id> <compiler label>`, forked by benchColdCompile: one first compile, in µs. */
import { compileFilter } from '../src/index.js';
import { COLD } from './compile.js';
import { FILTERS } from './filters.js';

const [id, label] = process.argv.slice(2);
const spec = FILTERS.find((f) => f.id === id);
if (spec === undefined || !(label !== undefined && label in COLD) || process.send === undefined) {
  throw new Error(
    `usage (forked): bench/cold.ts <${FILTERS.map((f) => f.id).join('|')}> <${Object.keys(COLD).join('|')}>`,
  );
}
const codegen = COLD[label as keyof typeof COLD];
const t0 = performance.now();
const predicate = compileFilter(spec.ours, codegen === undefined ? {} : { codegen });
const elapsed = (performance.now() - t0) * 1000;
if (typeof predicate !== 'function') throw new Error('no predicate');
process.send(elapsed);
