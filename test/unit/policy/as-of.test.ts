import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  compilePolicies,
  compilePolicy,
  diffPolicies,
  evaluateInventory,
  FilterError,
  type PolicyResult,
} from '../../../src/index.js';
import { policy, rule, status } from './helpers.js';

/** One asOf per run: compilation, `at`, inventories, explanations and diffs all see one instant. */

const T0 = Date.parse('2026-06-01T00:00:00.000Z');
const MINUTE = 60_000;
const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

const expiry = policy(
  {
    ok: status(0, undefined, true),
    expiring: status(10, [rule({ expirationDate: { $lt: { $now: 'P30D' } } })]),
    expired: status(20, [rule({ expirationDate: { $lt: { $now: 'PT0S' } } })]),
  },
  { name: 'expiry', resource: 'certificate' },
);
const plain = policy(
  { ok: status(0, undefined, true), hit: status(10, [rule({ a: { $eq: 1 } })]) },
  { name: 'plain', resource: 'certificate' },
);
/** Expires 30 days and 30 minutes after T0: "ok" at T0, "expiring" from T0 + 30 minutes. */
const cert = { expirationDate: iso(T0 + 30 * DAY + 30 * MINUTE) };

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('compilePolicy asOf', () => {
  it('reads the clock once per compilation, whatever the number of $now filters', () => {
    const now = vi.spyOn(Date, 'now');
    const p = compilePolicy(expiry);
    expect(now).toHaveBeenCalledTimes(1);
    expect(p.asOf).toBe(iso(now.mock.results[0]!.value as number));
    expect(p.readsNow).toBe(true);
  });

  it('takes a Date, an RFC 3339 timestamp or epoch ms, and refuses anything else', () => {
    for (const asOf of [new Date(T0), '2026-06-01T02:00:00+02:00', T0]) {
      const p = compilePolicy(expiry, { asOf });
      expect(p.asOf).toBe(iso(T0));
      expect(p.evaluate(cert).status).toBe('ok');
    }
    for (const asOf of ['2026-06-01', 'yesterday', new Date(Number.NaN), 1.5, {}]) {
      expect(() => compilePolicy(expiry, { asOf: asOf as never })).toThrowError(FilterError);
    }
  });

  it('at() binds the policy to another instant, answering as a compilation at that instant', () => {
    for (const codegen of [true, false]) {
      const p = compilePolicy(expiry, { asOf: T0, codegen });
      const later = p.at(T0 + 31 * DAY);
      const fresh = compilePolicy(expiry, { asOf: T0 + 31 * DAY, codegen });
      expect(later.asOf).toBe(iso(T0 + 31 * DAY));
      expect(later.evaluate(cert).status).toBe('expired');
      expect(later.evaluate(cert)).toEqual(fresh.evaluate(cert));
      expect(later.explain(cert)).toEqual(fresh.explain(cert));
      // The policy it came from is unchanged, and is itself at its own instant.
      expect(p.evaluate(cert).status).toBe('ok');
      expect(p.at(iso(T0))).toBe(p);
      expect(later.at(T0 + MINUTE).evaluate(cert).status).toBe('ok');
      expect(() => p.at('not a time')).toThrowError(
        expect.objectContaining({ code: 'INVALID_OPTION', path: '/asOf' }),
      );
    }
  });

  it('a policy without $now answers alike at every instant', () => {
    const p = compilePolicy(plain, { asOf: T0 });
    expect(p.readsNow).toBe(false);
    const q = p.at(T0 + DAY);
    expect(q.asOf).toBe(iso(T0 + DAY));
    expect(q.evaluate({ a: 1 })).toEqual(p.evaluate({ a: 1 }));
  });
});

describe('compilePolicies asOf', () => {
  it('binds the whole set, and at() rebinds it and its policies', () => {
    const now = vi.spyOn(Date, 'now');
    const set = compilePolicies([expiry, plain, compilePolicy(expiry, { asOf: T0 })]);
    // The set's one read; the compiled policy given is bound to the set's instant.
    expect(now).toHaveBeenCalledTimes(1);
    const asOf = now.mock.results[0]!.value as number;
    expect(set.asOf).toBe(iso(asOf));
    expect(set.policies.map((p) => p.asOf)).toEqual([iso(asOf), iso(asOf), iso(asOf)]);
    now.mockRestore();

    const at = (ms: number) => compilePolicies([expiry, plain, expiry], { asOf: ms });
    for (const ms of [T0, T0 + 31 * MINUTE, T0 + 31 * DAY]) {
      const rebound = set.at(ms);
      expect(rebound.asOf).toBe(iso(ms));
      expect(rebound.evaluate(cert)).toEqual(at(ms).evaluate(cert));
      expect(rebound.explain(cert)).toEqual(at(ms).explain(cert));
      expect(rebound.policies.map((p) => p.evaluate(cert))).toEqual(at(ms).evaluate(cert));
    }
    expect(set.at(T0).evaluate(cert)[0]!.status).toBe('ok');
    expect(set.at(T0 + 31 * MINUTE).evaluate(cert)[0]!.status).toBe('expiring');
    expect(set.at(set.asOf)).toBe(set);
  });
});

/** Records that take minutes each to arrive: the clock moves between them. */
async function* slowly(records: readonly unknown[], step: number): AsyncGenerator<unknown> {
  for (const record of records) {
    yield record;
    vi.setSystemTime(Date.now() + step);
  }
}

describe('evaluateInventory asOf', () => {
  it('a run whose records take minutes evaluates every record at the instant it started', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const statuses: (string | null)[] = [];
    const summary = await evaluateInventory([expiry], slowly([cert, cert, cert, cert], 20 * MINUTE), {
      onResult: ({ results }) => void statuses.push(results[0]!.result.status),
    });
    expect(Date.now()).toBe(T0 + 80 * MINUTE);
    expect(statuses).toEqual(['ok', 'ok', 'ok', 'ok']);
    expect(summary.asOf).toBe(iso(T0));
    // Without onResult, the same.
    vi.setSystemTime(T0);
    const counted = await evaluateInventory([expiry], slowly([cert, cert, cert], 20 * MINUTE));
    expect(counted.policies[0]!.statuses.map((s) => s.count)).toEqual([3, 0, 0]);
  });

  it('binds compiled policies to the run’s instant, not the one they were compiled at', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const compiled = [compilePolicy(expiry), compilePolicy(plain)];
    expect(compiled[0]!.evaluate(cert).status).toBe('ok');
    vi.setSystemTime(T0 + 40 * MINUTE);
    const seen: PolicyResult[] = [];
    const summary = await evaluateInventory(compiled, slowly([cert], MINUTE), {
      onResult: ({ results }) => void seen.push(results[0]!.result),
    });
    expect(summary.asOf).toBe(iso(T0 + 40 * MINUTE));
    expect(seen.map((r) => r.status)).toEqual(['expiring']);
    // The same compiled policies again (the set compiled for them is reused): each run its instant.
    for (const [asOf, want] of [
      [T0, 'ok'],
      [T0 + 31 * DAY, 'expired'],
      [T0 + 31 * MINUTE, 'expiring'],
    ] as const) {
      const run = await evaluateInventory(compiled, [cert], { asOf: iso(asOf) });
      expect(run.asOf).toBe(iso(asOf));
      expect(run.policies[0]!.statuses.find((s) => s.count === 1)!.status).toBe(want);
    }
  });

  it('refuses an asOf that names no instant before reading anything', async () => {
    let read = 0;
    const records = (function* () {
      read++;
      yield cert;
    })();
    await expect(evaluateInventory([expiry], records, { asOf: '2026-02-30T00:00:00Z' })).rejects.toThrowError(
      expect.objectContaining({ code: 'INVALID_OPTION', path: '/asOf' }),
    );
    expect(read).toBe(0);
  });
});

describe('explain asOf', () => {
  it('names the instant, and what each $now operand stood for', () => {
    const p = compilePolicy(expiry, { asOf: '2026-06-01T00:00:00Z' });
    const e = p.explain(cert);
    expect(e.asOf).toBe(iso(T0));
    const clause = e.statuses[1]!.rules[0]!.conditions[0]!.clauses[0]!;
    expect(clause).toMatchObject({
      kind: 'field',
      held: false,
      instants: { $lt: iso(T0 + 30 * DAY) },
    });
    const at = e.statuses[2]!.rules[0]!.conditions[0]!.clauses[0]!;
    expect(at).toMatchObject({ instants: { $lt: iso(T0) } });
    // Explained at another instant, the rebound policy's.
    const later = p.at(T0 + 31 * MINUTE).explain(cert);
    expect(later.statuses[1]!.reached).toBe(true);
    expect(later.statuses[1]!.rules[0]!.conditions[0]!.clauses[0]).toMatchObject({
      instants: { $lt: iso(T0 + 30 * DAY + 31 * MINUTE) },
    });
  });
});

describe('diffPolicies asOf', () => {
  it('evaluates both versions at one instant, and says which', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(T0);
    const before = compilePolicy(expiry);
    vi.setSystemTime(T0 + 40 * MINUTE);
    const after = compilePolicy(expiry);
    // Compiled 40 minutes apart, the same definition: no resource changes status.
    const diff = await diffPolicies(before, after, [cert], { asOf: T0 + 35 * MINUTE });
    expect(diff.asOf).toBe(iso(T0 + 35 * MINUTE));
    expect(diff.changed).toBe(0);
    expect(diff.matrix).toEqual([
      { before: 'expiring', after: 'expiring', count: 1, examples: [], changed: false },
    ]);
    const unpinned = await diffPolicies(before, after, [cert]);
    expect(unpinned.asOf).toBe(iso(T0 + 40 * MINUTE));
    expect(unpinned.changed).toBe(0);
  });
});
