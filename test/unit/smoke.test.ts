import { describe, expect, it } from 'vitest';
import { compileFilter, FilterError, parseFilter, printFilter } from '../../src/index.js';

describe('smoke', () => {
  it('parses, prints and compiles', () => {
    const f = {
      technology: { $eq: 'postgres' },
      'details$.nodes$.__svcArrayAny__$.version': { $like: '1.2*' },
    };
    expect(printFilter(parseFilter(f))).toEqual(f);
    const p = compileFilter(f);
    expect(
      p({ technology: 'postgres', details: { nodes: [{ version: '1.3' }, { version: '1.2.9' }] } }),
    ).toBe(true);
    expect(p({ technology: 'postgres', details: { nodes: [] } })).toBe(false);
    expect(() => parseFilter({ technology: { $in: 'x' } })).toThrow(FilterError);
  });
});
