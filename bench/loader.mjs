/**
 * The bench's TypeScript loader (`node --import ./bench/loader.mjs`, what `npm run bench` runs). The
 * library is built when the process starts, in memory, as tsup builds dist/ (esbuild: the entry points
 * bundled with their shared chunks, target es2022, no `keepNames`), and every import of an entry point
 * by the bench (`../src/index.js`, `../src/sql.js`…) loads that build: the bench measures the code users
 * get. One more entry, src/compile/filter.ts, gives the bench the compiler switch dist does not export.
 * The bench's own files are compiled one by one by the same esbuild.
 *
 * Why not tsx, which the project's other scripts use: it compiles with `keepNames`, which wraps every
 * function created at run time in a `__name(fn, …)` call (a `defineProperty`): the closure compiler was
 * 2–4× slower to compile under it, and the compile and server figures meant nothing.
 */
import { readFileSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildSync, transformSync } from 'esbuild';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'bench', '.library');
/** The bench's imports that load the build, by path from the root. */
const ENTRIES = ['index', 'sql', 'mongo', 'validate', 'compile/filter'];

const built = buildSync({
  entryPoints: Object.fromEntries(ENTRIES.map((e) => [e.replace('/', '-'), join(root, 'src', `${e}.ts`)])),
  bundle: true,
  splitting: true,
  format: 'esm',
  target: 'es2022',
  platform: 'neutral',
  packages: 'external',
  outdir: out,
  write: false,
  logLevel: 'error',
});
/** The build's files by URL. */
const files = new Map(built.outputFiles.map((f) => [pathToFileURL(f.path).href, f.text]));
/** The entry point each source entry is served as. */
const entries = new Map(
  ENTRIES.map((e) => [
    pathToFileURL(join(root, 'src', `${e}.ts`)).href,
    pathToFileURL(join(out, `${e.replace('/', '-')}.js`)).href,
  ]),
);
const bench = pathToFileURL(join(root, 'bench')).href;

registerHooks({
  resolve(specifier, context, next) {
    if (context.parentURL !== undefined && /^\.\.?\//.test(specifier)) {
      const url = new URL(specifier, context.parentURL).href;
      if (files.has(url)) return { url, format: 'module', shortCircuit: true };
      const ts = url.replace(/\.js$/, '.ts');
      const entry = entries.get(ts);
      if (entry !== undefined && context.parentURL.startsWith(bench))
        return { url: entry, format: 'module', shortCircuit: true };
      try {
        return next(specifier, context);
      } catch (error) {
        // Sources import each other as `./x.js`: the file is `./x.ts`.
        if (!specifier.endsWith('.js')) throw error;
        return next(`${specifier.slice(0, -3)}.ts`, context);
      }
    }
    return next(specifier, context);
  },
  load(url, context, next) {
    const text = files.get(url);
    if (text !== undefined) return { format: 'module', source: text, shortCircuit: true };
    if (!url.startsWith('file:') || !url.endsWith('.ts')) return next(url, context);
    const path = fileURLToPath(url);
    const { code } = transformSync(readFileSync(path, 'utf8'), {
      loader: 'ts',
      format: 'esm',
      target: 'es2022',
      sourcefile: path,
      sourcemap: 'inline',
    });
    return { format: 'module', source: code, shortCircuit: true };
  },
});
