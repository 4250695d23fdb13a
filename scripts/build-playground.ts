/**
 * `npm run playground:build`: bundles playground/ for the browser into playground/dist/ (a static
 * folder any host can serve: the page and its worker), and reports the gzipped size of the core bundled
 * for the browser (the figures the README quotes, which the browser test holds it to): what
 * an application importing the filter and policy engine (`parseFilter`, `compileFilter`,
 * `compilePolicy`) ships, and, for reference, every export of the entry point at once.
 */
import { copyFileSync, mkdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { build, type Metafile } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/** The outcome of a build: esbuild's metafiles (to prove no Node built-in was bundled) and the core size. */
export interface PlaygroundBuild {
  readonly outdir: string;
  readonly metafile: Metafile;
  readonly coreMetafile: Metafile;
  readonly coreBytes: number;
  readonly coreGzipBytes: number;
  /** The whole entry point (query planning, page tokens, legacy conversion, inventories included). */
  readonly fullGzipBytes: number;
}

/**
 * @example
 * const { coreGzipBytes } = await buildPlayground('playground/dist');
 */
export async function buildPlayground(outdir = join(root, 'playground', 'dist')): Promise<PlaygroundBuild> {
  mkdirSync(outdir, { recursive: true });
  // platform 'browser' makes any node: import a build error instead of a silent shim. The worker is an
  // entry of its own: the page loads it by URL (`new Worker(new URL('./worker.js', import.meta.url))`).
  const app = await build({
    entryPoints: [join(root, 'playground', 'main.ts'), join(root, 'playground', 'worker.ts')],
    outdir,
    bundle: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    sourcemap: true,
    metafile: true,
    logLevel: 'warning',
  });
  for (const file of ['index.html', 'style.css'])
    copyFileSync(join(root, 'playground', file), join(outdir, file));
  const bundleCore = (contents: string) =>
    build({
      stdin: { contents, resolveDir: root, loader: 'ts' },
      bundle: true,
      format: 'esm',
      platform: 'browser',
      target: 'es2022',
      minify: true,
      write: false,
      metafile: true,
      logLevel: 'warning',
    });
  const core = await bundleCore(
    "export { compileFilter, compilePolicy, parseFilter } from './src/index.ts';",
  );
  const full = await bundleCore("export * from './src/index.ts';");
  const bytes = core.outputFiles[0]?.contents ?? new Uint8Array();
  return {
    outdir,
    metafile: app.metafile,
    coreMetafile: core.metafile,
    coreBytes: bytes.length,
    coreGzipBytes: gzipSync(bytes, { level: 9 }).length,
    fullGzipBytes: gzipSync(full.outputFiles[0]?.contents ?? new Uint8Array(), { level: 9 }).length,
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = await buildPlayground();
  process.stdout.write(
    `playground built in ${result.outdir}\n` +
      `core for the browser (parseFilter, compileFilter, compilePolicy): ${(result.coreBytes / 1024).toFixed(1)} KB minified, ${(result.coreGzipBytes / 1024).toFixed(1)} KB gzipped\n` +
      `every export of svc-policy: ${(result.fullGzipBytes / 1024).toFixed(1)} KB gzipped\n`,
  );
}
