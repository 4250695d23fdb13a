/**
 * The command line, committed as `bin/svc-policy.js` (the package's bin): installing the package straight
 * from git must not need a build. The pre-commit framework installs a hook repository with npm from git
 * (4.x: `npm install -g git+file://<clone>`); when the package has a `prepare` (or `build`, `prepack`,
 * `install`…) script, npm first runs `npm install` in the clone, which under `-g` installs into the global
 * prefix instead, without the devDependencies the build needs (`tsup: not found`) and racing the outer
 * install. So the package has no such script, and its bin is this prebuilt file. `npm run build:bin`
 * rewrites it; a test fails when it is not what the sources build.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { build } from 'tsup';
import { cliOptions } from '../tsup.config.js';

export const BIN = 'bin/svc-policy.js';

/** The bundle's first lines: the shebang, then a line saying the file is generated. */
const BANNER = cliOptions.banner.js.replace(
  /^(#!.*\n)/,
  '$1// generated — do not edit, built by `npm run build:bin` from src/\n',
);

/** Builds the bundle (no source map: a committed file must not name a build's paths) into `outDir`. */
export async function buildBin(outDir: string): Promise<string> {
  await build({
    ...cliOptions,
    entry: { 'svc-policy': cliOptions.entry.cli },
    outDir,
    banner: { js: BANNER },
    sourcemap: false,
    clean: false,
    config: false,
    silent: true,
  });
  return join(outDir, 'svc-policy.js');
}

/** The bundle the sources build now, as text. */
export async function freshBin(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'svc-policy-bin-'));
  try {
    return readFileSync(await buildBin(dir), 'utf8');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  if (process.argv[2] === '--print') {
    // The test of the committed bin asks for the fresh bundle this way: its workers may forbid code
    // generation from strings (vitest.config.ts), which the bundler's dependencies need.
    process.stdout.write(await freshBin());
  } else {
    await buildBin('bin');
    console.log(`wrote ${BIN}`);
  }
}
