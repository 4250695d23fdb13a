import { defineConfig } from 'vitest/config';

const shared = {
  include: ['test/**/*.test.ts'],
  testTimeout: 300_000,
  hookTimeout: 300_000,
  pool: 'forks' as const,
};

// Every suite runs twice: once with the closure compiler (the default, CSP-safe) and once with
// generated code as the default, so both compilers are held to the same tests. Type tests
// (`*.test-d.ts`: accepted and rejected typed filters) run once, in vitest's typecheck mode.
export default defineConfig({
  test: {
    projects: [
      { test: { ...shared, name: 'closures' } },
      { test: { ...shared, name: 'codegen', setupFiles: ['test/support/setup-codegen.ts'] } },
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
