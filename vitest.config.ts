import { defineConfig } from 'vitest/config';

const shared = {
  include: ['test/**/*.test.ts'],
  testTimeout: 300_000,
  hookTimeout: 300_000,
  pool: 'forks' as const,
};

// Every suite runs twice: once with the closure compiler (the default, CSP-safe) and once with
// generated code as the default, so both compilers are held to the same tests.
export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'closures' } },
      {
        test: {
          ...shared,
          name: 'codegen',
          setupFiles: ['test/support/setup-codegen.ts'],
          // Suites that do not compile filters themselves (the pre-commit install) run once, not twice.
          env: { SVC_POLICY_TEST_PROJECT: 'codegen' },
        },
      },
    ],
  },
});
