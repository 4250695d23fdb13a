import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compilePolicy, diffPolicies, FilterError, type PolicyResult } from '../../src/index.js';
import { policyDiffMongo } from '../../src/mongo.js';
import { type ColumnMapping, policyDiffSql } from '../../src/sql.js';
import { ENGINE_NAMES_WITH_DUCKDB, type Engine, openEngine } from '../integration/sql/engines.js';
import { storable } from '../integration/sql/support.js';
import {
  arbAnyRecord,
  arbFilter,
  arbRecordFor,
  type FilterJson,
  RECORD_KEYS,
} from '../support/arbitraries.js';
import { policyWithinDefaultLimits } from '../support/limits.js';
import {
  isDocument,
  type MongoEngine,
  mingoEngine,
  mingoOrderDiffers,
  serverEngine,
} from '../support/mongo-engines.js';
import { checkAsync, titled } from '../support/property.js';

/**
 * Policy change impact (`diffPolicies`, `policyDiffSql`, `policyDiffMongo`): for a random policy and a
 * random edit of it, over random inventories, the transition matrix is what evaluating both versions
 * separately gives, in memory, on SQLite, PGlite (and the PostgreSQL server of CI) and mingo.
 */

type Json = Record<string, unknown>;

interface Case {
  readonly before: Json;
  readonly after: Json;
  /** Every filter of both versions, so that records can be aimed at them. */
  readonly filters: FilterJson[];
}

const STATUSES = ['ok', 'warn', 'bad', 'gone'];

/** A status definition: a criticality and one or two rules of one or two conditions. */
const arbStatus = fc.record({
  criticality: fc.constantFrom<number>(10, 20, 20, 30),
  rules: fc.array(fc.array(arbFilter, { minLength: 1, maxLength: 2 }), { minLength: 1, maxLength: 2 }),
});

function definition(
  statuses: readonly { name: string; criticality: number; rules: FilterJson[][] }[],
  scope: FilterJson | undefined,
  isActive: boolean,
): Json {
  return {
    name: 'p',
    isActive,
    ...(scope === undefined ? {} : { query: { filter: scope } }),
    statusDefinitions: Object.fromEntries([
      ['ok', { isDefault: true, criticality: 0 }],
      ...statuses.map((s) => [
        s.name,
        {
          criticality: s.criticality,
          rules: s.rules.map((r) => ({
            conditions: r.map((filter) => ({ type: 'filter', condition: { filter } })),
          })),
        },
      ]),
    ]),
  };
}

/** A policy and an edit of it: a status added or removed, a criticality or rule changed, the scope or `isActive` changed. */
const arbCase: fc.Arbitrary<Case> = fc
  .record({
    statuses: fc.array(arbStatus, { minLength: 1, maxLength: 3 }),
    scope: fc.option(arbFilter, { nil: undefined }),
    edit: fc.constantFrom('criticality', 'rule', 'drop', 'add', 'scope', 'inactive', 'rename'),
    extra: arbStatus,
    scope2: fc.option(arbFilter, { nil: undefined }),
  })
  .map(({ statuses, scope, edit, extra, scope2 }) => {
    const named = statuses.map((s, i) => ({ name: STATUSES[i + 1]!, ...s }));
    let edited = named.map((s) => ({ ...s, rules: [...s.rules] }));
    let editedScope = scope;
    let active = true;
    const last = edited.length - 1;
    switch (edit) {
      case 'criticality':
        edited[0] = { ...edited[0]!, criticality: edited[0]!.criticality + 15 };
        break;
      case 'rule':
        edited[last] = { ...edited[last]!, rules: [...extra.rules] };
        break;
      case 'drop':
        edited = edited.slice(0, -1);
        break;
      case 'add':
        edited.push({ name: 'gone', ...extra });
        break;
      case 'scope':
        editedScope = scope2;
        break;
      case 'inactive':
        active = false;
        break;
      case 'rename':
        edited[0] = { ...edited[0]!, name: 'renamed' };
        break;
    }
    const filters = [...named, ...edited].flatMap((s) => s.rules.flat());
    for (const f of [scope, editedScope]) if (f !== undefined) filters.push(f);
    return {
      before: definition(named, scope, true),
      after: definition(edited, editedScope, active),
      filters,
    };
  })
  .filter((c) => policyWithinDefaultLimits(c.before) && policyWithinDefaultLimits(c.after));

// A string among the resources is refused (it is unparsed input, not a record): records are the rest.
const arbCaseAndRecords = arbCase.chain((c) =>
  fc.tuple(
    fc.constant(c),
    fc
      .array(fc.oneof(arbAnyRecord, ...c.filters.map(arbRecordFor)), { minLength: 0, maxLength: 12 })
      .map((records) => records.filter((r) => typeof r !== 'string')),
  ),
);

/** The matrix from evaluating both versions separately, as "before→after" → count ("-" is no status). */
function reference(c: Case, records: readonly unknown[]): Map<string, number> {
  const a = compilePolicy(c.before);
  const b = compilePolicy(c.after);
  const status = (active: boolean, r: PolicyResult) => (active ? (r.status ?? '-') : '-');
  const out = new Map<string, number>();
  for (const record of records) {
    const key = `${status(a.isActive, a.evaluate(record))}→${status(b.isActive, b.evaluate(record))}`;
    out.set(key, (out.get(key) ?? 0) + 1);
  }
  return out;
}

function cellsOf(rows: readonly { before: unknown; after: unknown; count: unknown }[]): Map<string, number> {
  return new Map(rows.map((r) => [`${r.before ?? '-'}→${r.after ?? '-'}`, Number(r.count)]));
}

const sorted = (m: Map<string, number>) => [...m].sort((x, y) => (x[0] < y[0] ? -1 : 1));

describe('diffPolicies in memory', () => {
  it(titled('the matrix is what evaluating both versions separately gives'), async () => {
    await checkAsync(
      fc.asyncProperty(arbCaseAndRecords, async ([c, records]) => {
        const diff = await diffPolicies(c.before, c.after, records, { examples: 2 });
        expect(sorted(cellsOf(diff.matrix))).toEqual(sorted(reference(c, records)));
        expect(diff.resources).toBe(records.length);
        expect(diff.changed + diff.unchanged).toBe(records.length);
        for (const cell of diff.matrix) {
          expect(cell.changed).toBe(cell.before !== cell.after);
          expect(cell.examples.length).toBe(cell.changed ? Math.min(2, cell.count) : 0);
          for (const e of cell.examples) {
            expect(e.resource).toBe(records[e.index]);
            expect(e.before.result.status).toBe(cell.before);
            expect(e.after.result.status).toBe(cell.after);
          }
        }
      }),
    );
  });

  it(titled('the same from an async iterable, and with either compiler'), async () => {
    await checkAsync(
      fc.asyncProperty(arbCaseAndRecords, fc.boolean(), async ([c, records], codegen) => {
        async function* stream() {
          yield* records;
        }
        const diff = await diffPolicies(c.before, c.after, stream(), { codegen });
        expect(sorted(cellsOf(diff.matrix))).toEqual(sorted(reference(c, records)));
      }),
    );
  });
});

// Every top-level field the arbitrary filters read: the record keys and one that records never have.
const KEYS = [...RECORD_KEYS, 'missing'];

/** One row per record: its id and the record as a JSON document, every field mapped into it. */
const TABLE = 'svc_diff';
const COLUMNS: Record<string, ColumnMapping> = Object.fromEntries(
  KEYS.map((k) => [k, { column: 'doc', type: 'json', path: [k] }]),
);

async function load(engine: Engine, records: readonly Record<string, unknown>[]): Promise<void> {
  await engine.exec(`DELETE FROM ${TABLE}`);
  if (records.length === 0) return;
  const ph = (i: number) => (engine.dialect === 'sqlite' ? `?${i}` : `$${i}`);
  const values = records.map((_, i) => `(${ph(2 * i + 1)}, ${ph(2 * i + 2)})`).join(', ');
  await engine.query(
    `INSERT INTO ${TABLE} (id, doc) VALUES ${values}`,
    records.flatMap((r, i) => [i, JSON.stringify(r)]),
  );
}

describe.each(ENGINE_NAMES_WITH_DUCKDB)('policyDiffSql on %s', (engineName) => {
  let engine: Engine;
  beforeAll(async () => {
    engine = await openEngine(engineName);
    await engine.exec(
      `DROP TABLE IF EXISTS ${TABLE}; CREATE TABLE ${TABLE} (id integer PRIMARY KEY, doc json)`,
    );
  });
  afterAll(async () => {
    await engine?.close();
  });

  it(titled('gives the matrix of memory in one query'), async () => {
    let compared = 0;
    await checkAsync(
      fc.asyncProperty(arbCaseAndRecords, async ([c, generated]) => {
        const records = generated.filter((r) => storable(engine, r));
        let fragment: ReturnType<typeof policyDiffSql>;
        try {
          fragment = policyDiffSql(c.before, c.after, {
            dialect: engine.dialect,
            table: TABLE,
            columns: COLUMNS,
          });
        } catch (error) {
          // PostgreSQL text cannot hold U+0000: such operands are refused at compile time, typed.
          if (error instanceof FilterError && error.code === 'UNSUPPORTED') return;
          throw error;
        }
        await load(engine, records);
        const rows = await engine.query(fragment.sql, fragment.params);
        const got = cellsOf(
          rows.map((r) => ({ before: r.status_before, after: r.status_after, count: r.count })),
        );
        expect(sorted(got)).toEqual(sorted(reference(c, records)));
        compared++;
      }),
    );
    expect(compared).toBeGreaterThan(0);
  });
});

describe('policyDiffMongo', () => {
  const engines: [string, () => Promise<MongoEngine>][] = [['mingo', async () => mingoEngine()]];
  if (process.env.MONGODB_URL)
    engines.push(['mongodb', async () => serverEngine(process.env.MONGODB_URL!)] as const);
  for (const [name, open] of engines) {
    it(titled(`gives the matrix of memory in one aggregation (${name})`), async () => {
      const engine = await open();
      try {
        let compared = 0;
        await checkAsync(
          fc.asyncProperty(arbCaseAndRecords, async ([c, generated]) => {
            const records = generated.filter(isDocument);
            // mingo orders strings by UTF-16 unit where MongoDB and the semantics use code points.
            if (name === 'mingo' && c.filters.some((f) => mingoOrderDiffers(f, records))) return;
            const rows = await engine.aggregate(policyDiffMongo(c.before, c.after), records);
            expect(sorted(cellsOf(rows as never))).toEqual(sorted(reference(c, records)));
            compared++;
          }),
        );
        expect(compared).toBeGreaterThan(0);
      } finally {
        await engine.close();
      }
    });
  }
});

describe('diffPolicies options', () => {
  it('refuses a bad examples count and a non-policy, typed', async () => {
    const p = { name: 'p', statusDefinitions: { ok: { isDefault: true, criticality: 0 } } };
    await expect(diffPolicies(p, p, [], { examples: -1 })).rejects.toMatchObject({ code: 'INVALID_OPTION' });
    await expect(diffPolicies('p', p, [])).rejects.toMatchObject({ code: 'INVALID_OPTION' });
    await expect(diffPolicies(p, { name: 'p' }, [])).rejects.toMatchObject({ code: 'INVALID_POLICY' });
    await expect(diffPolicies(p, p, ['not a record'])).rejects.toMatchObject({ code: 'INVALID_RESOURCE' });
    const empty = await diffPolicies(p, p, []);
    expect(empty).toMatchObject({ resources: 0, changed: 0, unchanged: 0, unchangedShare: 1, matrix: [] });
  });

  it('orders the biggest movement first and explains both sides', async () => {
    const version = (below: string) => ({
      name: 'end of life',
      query: { filter: { technology: { $eq: 'k8s' } } },
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        eol: {
          criticality: 10,
          rules: [{ conditions: [{ type: 'filter', condition: { filter: { version: { $vlt: below } } } }] }],
        },
      },
    });
    const k8s = (v: string) => ({ technology: 'k8s', version: v });
    const records = [k8s('1.27'), k8s('1.28'), k8s('1.28.3'), k8s('1.30'), { technology: 'pg' }, k8s('1.31')];
    const diff = await diffPolicies(version('1.28'), version('1.29'), records);
    expect(diff.matrix.map((c) => [c.before, c.after, c.count, c.changed])).toEqual([
      ['ok', 'eol', 2, true],
      ['ok', 'ok', 2, false],
      [null, null, 1, false],
      ['eol', 'eol', 1, false],
    ]);
    expect(diff).toMatchObject({ resources: 6, changed: 2, unchanged: 4 });
    expect(diff.unchangedShare).toBeCloseTo(4 / 6);
    const [first, second] = diff.matrix[0]!.examples;
    expect([first?.index, second?.index]).toEqual([1, 2]);
    // Before: fell to the default, the eol rule the nearest miss; after: the eol rule held.
    expect(first?.before.explanation.nearestMiss?.status).toBe('eol');
    expect(first?.after.result.matched).toEqual({ status: 'eol', ruleIndex: 0 });
    expect(diff.matrix[1]!.examples).toEqual([]);
    const none = await diffPolicies(version('1.28'), version('1.29'), records, { examples: 0 });
    expect(none.matrix[0]!.examples).toEqual([]);
  });
});
