/**
 * The node flags a test passes on to the CLIs it spawns: in the "closures" project (vitest.config.ts),
 * `--disallow-code-generation-from-strings`, so that the built CLI is held to the same runtime as the
 * library is there; nothing in the codegen project.
 */
export const NODE_FLAGS: readonly string[] = process.execArgv.filter(
  (flag) => flag === '--disallow-code-generation-from-strings',
);
