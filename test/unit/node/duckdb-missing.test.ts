import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_LIMITS } from '../../../src/limits.js';

// As if the optional package were not installed: importing it fails as Node fails for a missing one.
vi.mock('@duckdb/node-api', () => {
  throw Object.assign(new Error("Cannot find package '@duckdb/node-api'"), { code: 'ERR_MODULE_NOT_FOUND' });
});

describe('the duckdb engine without @duckdb/node-api', () => {
  it('is a typed INVALID_OPTION that says how to install it; nothing else needs the package', async () => {
    const { evaluateFileWithDuckdb } = await import('../../../src/node/duckdb.js');
    const { toSql } = await import('../../../src/sql.js');
    // The dialect is plain SQL text: it works without the client.
    expect(toSql({ a: { $eq: 1 } }, { dialect: 'duckdb', columns: { a: 'number' } }).params).toEqual([1]);
    await expect(
      evaluateFileWithDuckdb([], 'inventory.ndjson', {
        input: 'ndjson',
        gzip: false,
        bytes: 0,
        asOf: 0,
        kindField: undefined,
        limits: DEFAULT_LIMITS,
        threads: 1,
      }),
    ).rejects.toMatchObject({
      code: 'INVALID_OPTION',
      message: expect.stringMatching(/npm install @duckdb\/node-api/),
    });
  });
});
