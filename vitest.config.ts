import { configDefaults, defineConfig } from 'vitest/config';

// Tests leave nothing in the system temp directory: their own files go to folders they remove
// (test/support/temp.ts), and the tools they start write no caches there either — tsx (the SARIF
// checker, spawned scripts) and Node's module compile cache, which TypeScript's tsc (the type tests)
// and other tools switch on. Set here, in the process that starts the workers and tsc, so every child
// inherits them.
process.env.TSX_DISABLE_CACHE = '1';
process.env.NODE_DISABLE_COMPILE_CACHE = '1';

const shared = {
  include: ['test/**/*.test.ts'],
  testTimeout: 300_000,
  hookTimeout: 300_000,
  pool: 'forks' as const,
};

// Every suite runs twice: once with the closure compiler and once with generated code (the default
// wherever the runtime allows code generation), so both compilers are held to the same tests. The
// closures run is also the CSP run: its workers forbid code generation from strings (`new Function`,
// `eval`), as a Content-Security-Policy without `unsafe-eval` does, so the default compiler falls back
// to closures there, and the whole suite proves that nothing in the library (validation included)
// needs code generation, and that `codegen: true` falls back to closures too. The codegen project sets
// generated code explicitly (test/support/setup-codegen.ts).
// Type tests (`*.test-d.ts`: accepted and rejected typed filters) run once, in vitest's typecheck mode.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          ...shared,
          name: 'closures',
          execArgv: ['--disallow-code-generation-from-strings'],
          // The browser tests (test/browser/) run in the codegen project only. Not here: playwright's
          // driver, in the test's own Node process, needs code generation from strings, which these
          // workers forbid (its locators then wait forever). The page under test does not depend on the
          // project: the browser runs the bundle, whichever compiler the Node workers use.
          exclude: [...configDefaults.exclude, 'test/browser/**'],
          // Fails every file of the project should the flag not be in effect (test/support/setup-closures.ts).
          setupFiles: ['test/support/setup-closures.ts'],
          // Suites that do not compile filters themselves (SQL depth, the example server) run once, here,
          // under the flag; CLIs spawned by the hostile suites get the flag too (test/support/node-flags.ts).
          env: { SVC_POLICY_TEST_PROJECT: 'closures' },
        },
      },
      {
        test: {
          ...shared,
          name: 'codegen',
          setupFiles: ['test/support/setup-codegen.ts'],
          // The package and pre-commit suites run once, in one project or the other (see each file).
          env: { SVC_POLICY_TEST_PROJECT: 'codegen' },
        },
      },
      {
        test: {
          name: 'types',
          include: [],
          typecheck: {
            enabled: true,
            only: true,
            include: ['test/types/**/*.test-d.ts'],
            tsconfig: './tsconfig.json',
          },
        },
      },
    ],
  },
});
