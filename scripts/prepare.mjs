// `npm install` in a clone and installs from git run this. With the build tools present (a clone after
// `npm ci`, a git dependency npm prepared with its devDependencies) it builds dist/ with tsup. Without
// them — the pre-commit framework 4.x installs a hook repository with `npm install -g git+file://…`, and
// npm prepares that git dependency without devDependencies — it installs the committed command-line
// bundle (prebuilt/cli.js, checked against the sources by the tests) as dist/cli.js, the package's bin,
// so that `svc-policy validate` works without a build.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** tsup's command-line script, when tsup is installed. */
function findTsup() {
  try {
    const manifest = createRequire(join(process.cwd(), 'package.json')).resolve('tsup/package.json');
    const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
    return join(dirname(manifest), typeof bin === 'string' ? bin : bin.tsup);
  } catch {
    return undefined;
  }
}

const tsup = findTsup();

if (tsup !== undefined && existsSync(tsup)) {
  const run = spawnSync(process.execPath, [tsup], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
mkdirSync('dist', { recursive: true });
copyFileSync(join('prebuilt', 'cli.js'), join('dist', 'cli.js'));
chmodSync(join('dist', 'cli.js'), 0o755);
console.error('svc-policy: tsup is not installed; installed the prebuilt command line as dist/cli.js');
