import { defineConfig, type Options } from 'tsup';

/**
 * The command-line bundle: every source module in one file; `ajv` and `yaml` (dependencies) stay
 * imports. `npm run build:dist` writes it to dist/cli.js, which the tests run; the package's bin is the
 * same bundle committed as bin/svc-policy.js (`npm run build:bin`, see scripts/build-bin.ts).
 */
export const cliOptions = {
  entry: { cli: 'src/cli.ts' },
  format: ['esm'],
  target: 'node22',
  platform: 'node',
  banner: { js: '#!/usr/bin/env node' },
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
  },
  { ...cliOptions, sourcemap: true },
]);
