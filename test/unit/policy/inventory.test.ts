import { describe, expect, it } from 'vitest';
import {
  compilePolicy,
  evaluateInventory,
  FilterError,
  PolicyError,
  type ResourceResults,
} from '../../../src/index.js';
import { policy, rule, status } from './helpers.js';

const def = policy(
  { ok: status(0, undefined, true), hit: status(10, [rule({ a: { $eq: 1 } })]) },
  { name: 'a-is-one', query: { filter: { kind: { $eq: 'x' } } } },
);
const inactive = policy({ fine: status(0, undefined, true) }, { name: 'off', isActive: false });
const certificates = policy({ fine: status(0, undefined, true) }, { name: 'certs', resource: 'certificate' });
const records = [{ kind: 'x', a: 1 }, { kind: 'x', a: 2 }, { kind: 'y', a: 1 }, 42, { kind: 'x', a: 1 }];

describe('evaluateInventory', () => {
  it('counts each status per policy, and the resources out of scope', async () => {
    const summary = await evaluateInventory([def], records);
    expect(summary.resources).toBe(5);
    expect(summary.durationMs).toBeGreaterThanOrEqual(0);
    expect(summary.policies).toEqual([
      {
        policy: 'a-is-one',
        skipped: null,
        applicable: 3,
        notApplicable: 2,
        statuses: [
          { status: 'ok', criticality: 0, isDefault: true, count: 1 },
          { status: 'hit', criticality: 10, isDefault: false, count: 2 },
        ],
      },
    ]);
  });

  it('reads iterables and async iterables the same as arrays', async () => {
    function* sync() {
      yield* records;
    }
    async function* stream() {
      for (const r of records) {
        await Promise.resolve();
        yield r;
      }
    }
    const expected = (await evaluateInventory([def], records)).policies;
    expect((await evaluateInventory([def], sync())).policies).toEqual(expected);
    expect((await evaluateInventory([def], stream())).policies).toEqual(expected);
  });

  it('skips inactive policies and reports them as skipped', async () => {
    const seen: ResourceResults[] = [];
    const summary = await evaluateInventory([inactive, def], records, { onResult: (r) => void seen.push(r) });
    expect(summary.policies.map((p) => [p.policy, p.skipped, p.applicable])).toEqual([
      ['off', 'inactive', 0],
      ['a-is-one', null, 3],
    ]);
    expect(seen.every((r) => r.results.length === 1 && r.results[0]?.policy === 'a-is-one')).toBe(true);
  });

  it('skips policies of another resource kind when the kind is given', async () => {
    const summary = await evaluateInventory([certificates, def], records, { resource: 'component' });
    expect(summary.policies.map((p) => p.skipped)).toEqual(['resource', null]);
    const all = await evaluateInventory([certificates, def], records);
    expect(all.policies.map((p) => p.skipped)).toEqual([null, null]);
  });

  it('calls onResult once per resource, in order, with the results of each policy', async () => {
    const seen: Array<[number, unknown, Array<string | null>]> = [];
    await evaluateInventory([def, compilePolicy(certificates)], records, {
      onResult: ({ index, resource, results }) => {
        seen.push([index, resource, results.map((r) => r.result.status)]);
      },
    });
    expect(seen).toEqual([
      [0, records[0], ['hit', 'fine']],
      [1, records[1], ['ok', 'fine']],
      [2, records[2], [null, 'fine']],
      [3, 42, [null, 'fine']],
      [4, records[4], ['hit', 'fine']],
    ]);
  });

  it('waits for an asynchronous onResult before reading the next resource (back-pressure)', async () => {
    let pulled = 0;
    let handled = 0;
    let maxAhead = 0;
    async function* stream() {
      for (const r of records) {
        pulled++;
        maxAhead = Math.max(maxAhead, pulled - handled);
        yield r;
      }
    }
    await evaluateInventory([def], stream(), {
      onResult: async () => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        handled++;
      },
    });
    expect(handled).toBe(records.length);
    expect(maxAhead).toBe(1);
  });

  it('throws the PolicyError of an invalid definition before reading anything', async () => {
    let pulled = false;
    function* stream() {
      pulled = true;
      yield {};
    }
    await expect(evaluateInventory([policy({})], stream())).rejects.toBeInstanceOf(PolicyError);
    expect(pulled).toBe(false);
  });

  it('stops when the signal aborts', async () => {
    const controller = new AbortController();
    const done = evaluateInventory([def], records, {
      signal: controller.signal,
      onResult: ({ index }) => {
        if (index === 1) controller.abort(new Error('stop'));
      },
    });
    await expect(done).rejects.toThrow('stop');
  });

  it('rejects resources that are not iterable', async () => {
    await expect(evaluateInventory([def], 42 as never)).rejects.toMatchObject({ code: 'INVALID_OPTION' });
  });

  it('rejects policies that are not an array with a typed error, not a TypeError', async () => {
    for (const policies of [null, undefined, def, 'a-is-one']) {
      const done = evaluateInventory(policies as never, records);
      await expect(done).rejects.toBeInstanceOf(FilterError);
      await expect(done).rejects.toMatchObject({ code: 'INVALID_OPTION' });
    }
  });
});
