import { canGenerateCode } from '../../src/compile/codegen.js';

/**
 * The "closures" project is the run under a Content-Security-Policy-like runtime (vitest.config.ts): its
 * workers start with `--disallow-code-generation-from-strings`, so the default compiler falls back to
 * closures and the suite proves nothing needs code generation. Should the flag ever be lost (a changed
 * pool, a config typo), every test file of the project fails here instead of the suite passing as a
 * second codegen run.
 */
export const CSP_FLAG = '--disallow-code-generation-from-strings';

if (!process.execArgv.includes(CSP_FLAG)) {
  throw new Error(
    `the closures project must run with ${CSP_FLAG}; its workers have ${JSON.stringify(process.execArgv)}`,
  );
}
let generated = true;
try {
  new Function('return 1')();
} catch {
  generated = false;
}
if (generated) throw new Error(`new Function works despite ${CSP_FLAG}: the run proves nothing`);
if (canGenerateCode()) throw new Error('canGenerateCode() is true where code generation is forbidden');
