import { defineConfig } from 'tsup';

export default defineConfig([
  {
    entry: {
      index: 'src/index.ts',
      sql: 'src/sql.ts',
      mongo: 'src/mongo.ts',
      validate: 'src/validate.ts',
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
  {
    entry: { cli: 'src/cli.ts' },
    format: ['esm'],
    sourcemap: true,
    target: 'node22',
    platform: 'node',
    banner: { js: '#!/usr/bin/env node' },
  },
]);
