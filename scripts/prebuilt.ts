/**
 * The prebuilt command-line bundle committed as `prebuilt/cli.js`, for installs straight from git that
 * cannot build: the pre-commit framework (4.x) installs a hook repository with
 * `npm install -g git+file://…`, and npm prepares such a git dependency without its devDependencies, so
 * `tsup` is missing (see `scripts/prepare.mjs`). `npm run build:prebuilt` rewrites it; a test fails when it
 * is not what the sources build.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'tsup';
import { cliOptions } from '../tsup.config.js';

export const PREBUILT = 'prebuilt/cli.js';

/** Builds the bundle (no source map: a committed file must not name a build's paths) into `outDir`. */
export async function buildPrebuilt(outDir: string): Promise<string> {
  await build({ ...cliOptions, outDir, sourcemap: false, clean: false, config: false, silent: true });
  return join(outDir, 'cli.js');
}

/** The bundle the sources build now, as text. */
export async function freshPrebuilt(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-policy-prebuilt-'));
  try {
    return readFileSync(await buildPrebuilt(dir), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  await buildPrebuilt('prebuilt');
  console.log(`wrote ${PREBUILT}`);
}
