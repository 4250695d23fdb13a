import { createReadStream, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateInventory } from '../../../fixtures/generator.js';
import {
  compilePolicy,
  DEFAULT_KIND_FIELD,
  diffPolicies,
  evaluateInventory,
  FilterError,
  InventoryError,
  PolicyError,
  type ResourceResults,
  readNdjson,
} from '../../../src/index.js';
import { suiteTempDir } from '../../support/temp.js';
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
        waived: 0,
        expiredWaivers: [],
        notApplicable: 2,
        otherKind: 0,
        statuses: [
          { status: 'ok', criticality: 0, isDefault: true, count: 1, waived: 0 },
          { status: 'hit', criticality: 10, isDefault: false, count: 2, waived: 0 },
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
    // Without it, these records name no kind and the policies are for two kinds: see "kinds of records".
    await expect(evaluateInventory([certificates, def], records)).rejects.toMatchObject({
      code: 'UNKNOWN_KIND',
      index: 0,
    });
  });

  it('calls onResult once per resource, in order, with the results of each policy', async () => {
    const seen: Array<[number, unknown, Array<string | null>]> = [];
    const anyKind = { ...certificates, resource: undefined };
    await evaluateInventory([def, compilePolicy(anyKind)], records, {
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

  it('counts every status of a policy with more rules than the tally keeps by identity (16)', async () => {
    // 24 statuses of two rules each (48 results), reached unevenly: status s by the records a = s or a = 100 + s.
    const statuses: Record<string, unknown> = { rest: status(0, undefined, true) };
    for (let s = 0; s < 24; s++) {
      statuses[`s${s}`] = status(s + 1, [rule({ a: { $eq: s } }), rule({ a: { $eq: 100 + s } })]);
    }
    const many = policy(statuses as never, { name: 'many' });
    const rows = Array.from({ length: 600 }, (_, i) => ({
      resource: 'component',
      a: i % 3 === 0 ? 100 + (i % 24) : i % 25,
    }));
    const summary = await evaluateInventory([many], rows);
    const compiled = compilePolicy(many);
    const expected = new Map<string, number>();
    for (const row of rows) {
      const { status: s } = compiled.evaluate(row);
      expected.set(s!, (expected.get(s!) ?? 0) + 1);
    }
    expect(expected.size).toBe(25);
    const got = summary.policies[0]!.statuses.map((s) => [s.status, s.count]);
    expect(new Map(got as [string, number][])).toEqual(expected);
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

describe('evaluateInventory: resources that are text or bytes', () => {
  // Made before the tests, not when the file is collected: a run that skips them (`-t`) leaves nothing.
  const temp = suiteTempDir('inventory');
  let file = '';
  beforeAll(() => {
    file = join(temp.folder(), 'inventory.ndjson');
    writeFileSync(file, `${records.map((r) => JSON.stringify(r)).join('\n')}\n`);
  });

  it('rejects a file stream (Buffer chunks) with INVALID_RESOURCE before evaluating anything', async () => {
    const done = evaluateInventory([def], createReadStream(file));
    await expect(done).rejects.toBeInstanceOf(InventoryError);
    await expect(done).rejects.toMatchObject({ code: 'INVALID_RESOURCE' });
    await expect(evaluateInventory([def], createReadStream(file))).rejects.toThrow(/readNdjson/);
  });

  it('rejects strings, Buffers and typed arrays as resources, with the position of the first', async () => {
    for (const bad of ['{"a":1}', Buffer.from('{"a":1}'), new Uint8Array([1, 2]), new ArrayBuffer(2)]) {
      const done = evaluateInventory([def], [{ kind: 'x', a: 1 }, bad]);
      await expect(done).rejects.toMatchObject({ code: 'INVALID_RESOURCE', index: 1, path: '/1' });
    }
    async function* chunks() {
      yield new TextEncoder().encode('{"a":1}\n');
    }
    await expect(evaluateInventory([def], chunks())).rejects.toMatchObject({ code: 'INVALID_RESOURCE' });
    await expect(evaluateInventory([def], Buffer.from('[]') as never)).rejects.toMatchObject({
      code: 'INVALID_RESOURCE',
    });
  });

  it('rejects a string as the whole inventory (a file name, or text) with the same typed error', async () => {
    for (const bad of ['inventory.ndjson', '{"a":1}\n{"a":2}\n', '']) {
      const done = evaluateInventory([def], bad as never);
      await expect(done).rejects.toBeInstanceOf(InventoryError);
      await expect(done).rejects.toMatchObject({ code: 'INVALID_RESOURCE', path: '', index: undefined });
      await expect(evaluateInventory([def], bad as never)).rejects.toThrow(/readNdjson/);
      await expect(diffPolicies(def, def, bad as never)).rejects.toMatchObject({ code: 'INVALID_RESOURCE' });
    }
    // Not a string and not iterable: still an option error, as before.
    await expect(evaluateInventory([def], 42 as never)).rejects.toMatchObject({ code: 'INVALID_OPTION' });
  });

  it('evaluates the same file through readNdjson, as the records themselves (42 is not one: rejected)', async () => {
    const objects = records.filter((r) => typeof r === 'object');
    const expected = (await evaluateInventory([def], objects)).policies;
    const rejected: number[] = [];
    const read = readNdjson(createReadStream(file), { onReject: ({ line }) => void rejected.push(line) });
    expect((await evaluateInventory([def], read)).policies).toEqual(expected);
    expect(rejected).toEqual([4]);
  });
});

describe('evaluateInventory: kinds of records', () => {
  const components = policy(
    { owned: status(0, undefined, true), unowned: status(10, [rule({ 'tags$.owner': { $exists: false } })]) },
    { name: 'unowned components', query: {} },
  );
  const certs = policy(
    { fine: status(0, undefined, true), expired: status(20, [rule({ expired: { $eq: true } })]) },
    { name: 'expired certificates', resource: 'certificate' },
  );
  const anyKind = policy({ seen: status(0, undefined, true) }, { name: 'any kind', resource: undefined });

  it('stops on records without a kind when the policies are for several kinds, never counting them silently', async () => {
    // What the API's query operations return: no kind field. A certificate policy must not report
    // components as applicable certificates.
    const plain = [...generateInventory({ components: 20, certificates: 0 }, { seed: 2 })].map(
      ({ resource: _, ...record }) => record,
    );
    for (const kindField of [undefined, null, 'meta$.kind'] as const) {
      const options = kindField === undefined ? {} : { kindField };
      await expect(evaluateInventory([components, certs], plain, options)).rejects.toMatchObject({
        code: 'UNKNOWN_KIND',
        index: 0,
      });
    }
    // Giving the kind, or evaluating the policies of one kind, is fine.
    const given = await evaluateInventory([components, certs], plain, { resource: 'component' });
    expect(given.policies.map((p) => [p.skipped, p.applicable])).toEqual([
      [null, 20],
      ['resource', 0],
    ]);
    expect(given.notice).toBeNull();
    const certsOnly = await evaluateInventory([certs, anyKind], plain);
    expect(certsOnly.policies[0]!.applicable).toBe(20);
    expect(certsOnly.notice).toMatch(/^20 of 20 records have no kind .* evaluated as "certificate" records/);
  });

  it("applies a policy's resource to records of that kind only, on the generator's mixed inventory", async () => {
    const mixed = [...generateInventory({ components: 500, certificates: 50 }, { seed: 1 })];
    const summary = await evaluateInventory([components], mixed);
    const [p] = summary.policies;
    expect(p!.applicable).toBe(500);
    expect(p!.otherKind).toBe(50);
    expect(summary.kinds).toEqual({ certificate: 50, component: 500 });
    expect(summary.unknownKind).toBe(0);
    expect(summary.notice).toBeNull();
    expect(summary.kindField).toBe(DEFAULT_KIND_FIELD);
    // Without kind information every certificate counts as a component (the problem), with a notice.
    const blind = await evaluateInventory([components], mixed, { kindField: null });
    expect(blind.policies[0]!.applicable).toBe(550);
    expect(blind.notice).toMatch(/550 of 550 records have no kind/);
  });

  it('reads the kind from a nested path or a function, and gives per-record results for other kinds', async () => {
    const recs = [
      { meta: { kind: 'component' }, tags: {} },
      { meta: { kind: 'certificate' }, expired: true },
      { meta: {}, tags: { owner: 'x' } },
    ];
    const seen: Array<[string | null, Array<string | null>]> = [];
    const summary = await evaluateInventory([components, certs, anyKind], recs.slice(0, 2), {
      kindField: 'meta$.kind',
      onResult: (r) => void seen.push([r.kind, r.results.map((x) => x.result.status)]),
    });
    expect(seen).toEqual([
      ['component', ['unowned', null, 'seen']],
      ['certificate', [null, 'expired', 'seen']],
    ]);
    expect(summary.policies.map((p) => [p.applicable, p.notApplicable, p.otherKind])).toEqual([
      [1, 0, 1],
      [1, 0, 1],
      [2, 0, 0],
    ]);
    expect(summary.unknownKind).toBe(0);
    // The third record names no kind: with policies for two kinds, which one it is cannot be told.
    seen.length = 0;
    await expect(
      evaluateInventory([components, certs, anyKind], recs, {
        kindField: 'meta$.kind',
        onResult: (r) => void seen.push([r.kind, r.results.map((x) => x.result.status)]),
      }),
    ).rejects.toMatchObject({
      name: 'InventoryError',
      code: 'UNKNOWN_KIND',
      index: 2,
      path: '/2',
      message: expect.stringMatching(
        /^record 3 has no kind \(no "meta\$\.kind" field\) and the policies are for several kinds \("component", "certificate"\): .*--resource KIND/,
      ),
    });
    expect(seen).toHaveLength(2);
    // With policies of one kind, a record without one is evaluated as that kind, and the notice says so.
    const one = await evaluateInventory([components, anyKind], recs, { kindField: 'meta$.kind' });
    expect(one.policies.map((p) => p.applicable)).toEqual([2, 3]);
    expect(one.unknownKind).toBe(1);
    expect(one.notice).toMatch(
      /^1 of 3 records have no kind \(no "meta\$\.kind" field\); every policy naming a kind is for "component" records, so they were evaluated as "component" records/,
    );
    const byFunction = await evaluateInventory([components, certs], recs.slice(0, 2), {
      kindField: (r) => (r as { meta: { kind?: string } }).meta.kind,
    });
    expect(byFunction.policies.map((p) => p.otherKind)).toEqual([1, 1]);
    expect(byFunction.kindField).toBe('function');
  });

  it('takes the resource option as the kind of records that name none, and gives no notice then', async () => {
    const summary = await evaluateInventory(
      [components, certs],
      [{ tags: {} }, { resource: 'certificate' }],
      {
        resource: 'component',
      },
    );
    expect(summary.policies.map((p) => [p.skipped, p.applicable, p.otherKind])).toEqual([
      [null, 1, 1],
      ['resource', 0, 0],
    ]);
    expect(summary.notice).toBeNull();
  });

  it('rejects a bad kindField with a typed error', async () => {
    for (const kindField of ['', 'a$.__svcArrayAny__', 'a$.__proto__', 42]) {
      await expect(
        evaluateInventory([components], [], { kindField: kindField as never }),
      ).rejects.toBeInstanceOf(FilterError);
    }
  });
});
