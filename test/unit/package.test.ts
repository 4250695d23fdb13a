import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');
const pkg = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  name: string;
  engines: { node: string };
  exports: Record<string, unknown>;
  bin: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Every module specifier reachable from an entry, following relative imports through the sources. */
function importGraph(entry: string): { files: string[]; external: string[] } {
  const seen = new Set<string>();
  const external = new Set<string>();
  const queue = [resolve(root, entry)];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/(?:import|export)\s[^;]*?from\s+'([^']+)'|import\(\s*'([^']+)'\s*\)/g)) {
      const spec = (m[1] ?? m[2])!;
      if (/^import\s+type\s/.test(m[0]) || /^export\s+type\s/.test(m[0])) continue;
      if (spec.startsWith('.')) queue.push(resolve(dirname(file), spec.replace(/\.js$/, '.ts')));
      else external.add(spec);
    }
  }
  return { files: [...seen], external: [...external] };
}

describe('package', () => {
  it('is named svc-policy, with the entry points and the bin', () => {
    expect(pkg.name).toBe('svc-policy');
    expect(Object.keys(pkg.exports)).toEqual(expect.arrayContaining(['.', './sql', './mongo', './validate']));
    expect(pkg.bin['svc-policy']).toBe('./dist/cli.js');
    expect(pkg.engines.node).toBe('>=22');
    expect(pkg.devDependencies.node).toMatch(/^\^?24\./);
  });

  it('keeps the core free of runtime dependencies and Node-only imports', () => {
    const { files, external } = importGraph('src/index.ts');
    expect(files.length).toBeGreaterThan(5);
    expect(external).toEqual([]);
  });

  it('keeps test-only packages out of the runtime dependencies', () => {
    for (const name of [
      'jsonpath-plus',
      'fast-check',
      'mingo',
      'sift',
      '@electric-sql/pglite',
      'pg',
      'mongodb',
    ]) {
      expect(pkg.dependencies ?? {}).not.toHaveProperty(name);
    }
  });
});
