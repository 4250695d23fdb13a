import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, it } from 'vitest';

/** Every module that `entry` imports, transitively (relative imports resolved from `.js` to `.ts`). */
function importGraph(entry: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (graph.has(file)) continue;
    const specifiers = [
      ...readFileSync(file, 'utf8').matchAll(/(?:import|export)[^'"]*?from\s+'([^']+)'/g),
    ].map((m) => m[1]!);
    graph.set(file, specifiers);
    for (const s of specifiers)
      if (s.startsWith('.')) queue.push(join(dirname(file), s.replace(/\.js$/, '.ts')));
  }
  return graph;
}

it('the core entry point never imports ajv or yaml (only svc-policy/validate does)', () => {
  const core = importGraph('src/index.ts');
  for (const [file, specifiers] of core) {
    expect(
      specifiers.filter((s) => /^(ajv|yaml)(\/|$)/.test(s)),
      file,
    ).toEqual([]);
    expect(file.includes('/validate/'), file).toBe(false);
  }
  const validate = [...importGraph('src/validate.ts').values()].flat();
  // The schema validator is ajv's code generated ahead of time: it imports ajv's runtime helpers.
  expect(validate.filter((s) => s.startsWith('ajv/'))).not.toEqual([]);
  expect(validate).toContain('yaml');
});
