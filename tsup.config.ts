import { defineConfig, type Options } from 'tsup';

/**
 * The command-line bundle: every module in one file, `yaml` and the `ajv` runtime included, so that it
 * runs from a bare clone with no node_modules (the pre-commit hook is this file run by `language:
 * script`: see .pre-commit-hooks.yaml). `npm run build:dist` writes it to dist/cli.js, which the tests
 * run; the package's bin is the same bundle committed as bin/svc-policy.js (`npm run build:bin`, see
 * scripts/build-bin.ts).
 */
export const cliOptions = {
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  target: 'node22',
  platform: 'node',
  // yaml's Node build is CommonJS and requires Node built-ins: the bundle gives it a `require`.
  banner: {
    js: "#!/usr/bin/env node\nimport { createRequire as __createRequire } from 'node:module';\nconst require = __createRequire(import.meta.url);",
  },
  noExternal: ['yaml', 'ajv'],
  // The optional DuckDB client (a native addon) is loaded at run time when --engine duckdb asks for it.
  external: ['@duckdb/node-api'],
} satisfies Options;

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      sql: 'src/sql.ts',
      mongo: 'src/mongo.ts',
      validate: 'src/validate.ts',
      // Node only: inventory files, worker threads. Its workers run this entry's own output file.
      node: 'src/node.ts',
    },
    format: ['esm', 'cjs'],
    dts: true,
    sourcemap: true,
    clean: true,
    target: 'es2022',
    platform: 'neutral',
    splitting: true,
    treeshake: true,
    external: ['@duckdb/node-api'],
  },
  { ...cliOptions, sourcemap: true },
]);
