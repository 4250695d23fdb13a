import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collectEdges, layerProblems, TOLERATED_FILE_CYCLES } from '../../scripts/check-layers.js';

const src = join(import.meta.dirname, '..', '..', 'src');

describe('layers of src/', () => {
  it('no import goes from a lower layer to a higher one, and no folder or file cycle exists', () => {
    const edges = collectEdges(src);
    expect(edges.length).toBeGreaterThan(100);
    expect(layerProblems(edges, TOLERATED_FILE_CYCLES)).toEqual([]);
  });

  it('the ast imports nothing above it', () => {
    const up = collectEdges(src).filter(
      (e) => e.from.startsWith('ast/') && !/^(ast\/|builtins|errors|limits)/.test(e.to),
    );
    expect(up).toEqual([]);
  });

  it('reports an upward import, a folder cycle and a file cycle', () => {
    const problems = layerProblems([
      { from: 'ast/print.ts', to: 'parse/filter.ts' },
      { from: 'parse/filter.ts', to: 'ast/nodes.ts' },
      { from: 'compile/a.ts', to: 'compile/b.ts' },
      { from: 'compile/b.ts', to: 'compile/a.ts' },
      { from: 'sideways/x.ts', to: 'ast/nodes.ts' },
    ]);
    expect(problems).toEqual([
      'ast/print.ts imports parse/filter.ts: ast is below parse',
      'sideways/x.ts: room sideways is in no layer',
      'folder cycle: ast ↔ parse',
      'file cycle: compile/a.ts ↔ compile/b.ts',
    ]);
  });

  it('tolerates only the file cycles it is told of', () => {
    const edges = [
      { from: 'compile/a.ts', to: 'compile/b.ts' },
      { from: 'compile/b.ts', to: 'compile/a.ts' },
    ];
    expect(layerProblems(edges, ['compile/a.ts ↔ compile/b.ts'])).toEqual([]);
  });
});
