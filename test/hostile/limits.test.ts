import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { stringify as yamlStringify } from 'yaml';
import { documentValues, worstFilters, worstPolicies } from '../../fixtures/worst-filters.js';
import {
  checkPolicyDefinition,
  compileFilter,
  compilePolicy,
  DEFAULT_LIMITS,
  evaluateInventory,
  FilterError,
  type FilterNode,
  LIMIT_CODES,
  LIMIT_NAMES,
  type Limits,
  PolicyError,
  parseFilter,
  parseQuery,
  printFilter,
  QueryError,
  queryInMemory,
} from '../../src/index.js';
import { isLimitCode } from '../../src/limits.js';
import { policyToMongo, toMongo, toMongoExpr } from '../../src/mongo.js';
import { policyToSql, queryToSql, toSql } from '../../src/sql.js';
import { validatePolicy } from '../../src/validate.js';
import { arbFilter } from '../support/arbitraries.js';
import { UNBOUNDED } from '../support/limits.js';
import { NODE_FLAGS } from '../support/node-flags.js';
import { check, titled } from '../support/property.js';
import { suiteTempDir } from '../support/temp.js';
import { guardPrototypes, HANG_BOUND_MS, polluted, quickly, thrown } from './support.js';

/**
 * The limits of docs/limits.md: one options object for every entry point, each breach its own code with
 * the JSON pointer of the place, found before the expensive work.
 */

guardPrototypes();

const rule = (filter: unknown) => ({ conditions: [{ type: 'filter', condition: { filter } }] });
const policyOf = (filter: unknown) => ({
  name: 'p',
  statusDefinitions: {
    ok: { isDefault: true, criticality: 0 },
    hit: { criticality: 1, rules: [rule(filter)] },
  },
});
const FILTER_AT = '/statusDefinitions/hit/rules/0/conditions/0/condition/filter';

const ids = (n: number) => Array.from({ length: n }, (_, i) => `id-${i}`);
const segments = (n: number) => Array.from({ length: n }, (_, i) => `s${i}`).join('$.');

/** One filter just past each filter limit, with the pointer of the place where the breach is found. */
const BREACHES: [keyof Limits, unknown, string][] = [
  ['maxDepth', { $not: { $not: { a: { $eq: 1 } } } }, '/$not/$not'],
  ['maxNodes', { $or: Array.from({ length: 300 }, (_, i) => ({ [`f${i}`]: { $eq: i } })) }, '/$or'],
  ['maxKeys', Object.fromEntries(Array.from({ length: 65 }, (_, i) => [`f${i}`, { $eq: i }])), ''],
  ['maxListItems', { id: { $in: ids(257) } }, '/id/$in'],
  ['maxStringLength', { name: { $eq: 'x'.repeat(513) } }, '/name/$eq'],
  ['maxVersionLength', { version: { $vgte: `1.0.0-${'a'.repeat(252)}` } }, '/version/$vgte'],
  ['maxPatternLength', { name: { $like: `${'x'.repeat(300)}*` } }, '/name/$like'],
  ['maxWildcards', { name: { $like: '*a'.repeat(17) } }, '/name/$like'],
  ['maxPathSegments', { [segments(13)]: { $eq: 1 } }, `/${segments(13)}`],
  ['maxSegmentLength', { [`a$.${'b'.repeat(129)}`]: { $eq: 1 } }, `/a$.${'b'.repeat(129)}`],
];
/** The limits that make each breach above a breach (the defaults, but a smaller depth). */
const UNDER: Partial<Limits> = { maxDepth: 2 };

describe('the defaults', () => {
  it('name every limit, each with its own stable code', () => {
    expect(Object.keys(DEFAULT_LIMITS).sort()).toEqual([...LIMIT_NAMES].sort());
    expect(new Set(Object.values(LIMIT_CODES)).size).toBe(LIMIT_NAMES.length);
    for (const name of LIMIT_NAMES) expect(LIMIT_CODES[name]).toMatch(/^MAX_[A-Z_]+_EXCEEDED$/);
    // The codes are made from the names at load; the contract is the table of docs/limits.md.
    const documented = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'limits.md'), 'utf8')
      .split('\n')
      .flatMap((line) => {
        const m = /^\| `(max\w+)` +\|[^|]+\|[^|]+\| `(\w+)` +\|/.exec(line);
        return m === null ? [] : [[m[1], m[2]]];
      });
    expect(Object.fromEntries(documented)).toEqual({ ...LIMIT_CODES });
    expect(documented).toHaveLength(LIMIT_NAMES.length);
    expect(DEFAULT_LIMITS.maxDepth).toBe(32);
    expect(Object.isFrozen(DEFAULT_LIMITS)).toBe(true);
  });

  it("are what docs/limits.md says the repository's policies use: each measured by the tightest limits that accept them", () => {
    // The largest use of each limit over the example and valid policies, found by bisection on the
    // limit (so it is what the library counts, not a reimplementation of the count), against the
    // "largest use" column of the table in docs/limits.md.
    const documented = limitsTable();
    const files = POLICY_DIRS.flatMap((dir) =>
      readdirSync(dir)
        .filter((n) => /\.(json|ya?ml)$/.test(n) && !n.includes('.test.'))
        .map((n) => join(dir, n)),
    );
    expect(files.length).toBeGreaterThan(5);
    const largest = Object.fromEntries(LIMIT_NAMES.map((name) => [name, 0])) as Record<keyof Limits, number>;
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      const format = file.endsWith('.json') ? 'json' : 'yaml';
      const accepts = (limits: Partial<Limits>) =>
        !validatePolicy(text, { format, limits }).diagnostics.some((d) => isLimitCode(d.code));
      expect(accepts({}), file).toBe(true);
      for (const name of LIMIT_NAMES) {
        // maxDepth caps at 1,000; every other limit is bisected below its default.
        let lo = 1;
        let hi = DEFAULT_LIMITS[name];
        while (lo < hi) {
          const mid = Math.floor((lo + hi) / 2);
          if (accepts({ [name]: mid })) hi = mid;
          else lo = mid + 1;
        }
        // (Limits are at least 1: a file that does not use one at all measures 1, as one that uses 1.)
        largest[name] = Math.max(largest[name], lo);
      }
    }
    for (const name of LIMIT_NAMES) {
      expect([name, largest[name]]).toEqual([name, documented[name]?.largest]);
      expect([name, DEFAULT_LIMITS[name]]).toEqual([name, documented[name]?.default]);
      // The defaults are far above what the policies use.
      expect(largest[name], name).toBeLessThanOrEqual(DEFAULT_LIMITS[name] / 2);
    }
  });

  it('accept every worst filter, each of which fills the node budget', () => {
    for (const [name, filter] of Object.entries(worstFilters())) {
      expect(() => parseFilter(filter), name).not.toThrow();
    }
  });

  it('accept the worst policies, which fill the policy limits', () => {
    for (const [name, policy] of Object.entries(worstPolicies())) {
      expect(checkPolicyDefinition(policy).problems, name).toEqual([]);
      // The policy's node budget is nearly spent: a tenth less refuses it.
      const tight = { maxPolicyNodes: Math.floor(DEFAULT_LIMITS.maxPolicyNodes * 0.9) };
      expect(
        checkPolicyDefinition(policy, { limits: tight }).problems.map((p) => p.code),
        name,
      ).toEqual(['MAX_POLICY_NODES_EXCEEDED']);
    }
  });

  it('the worst filters hold at least 90% of maxNodes: a tenth fewer nodes allowed refuses each', () => {
    for (const [name, filter] of Object.entries(worstFilters())) {
      expect(countNodes(filter), name).toBeGreaterThanOrEqual(0.9 * DEFAULT_LIMITS.maxNodes);
      const tight = { ...DEFAULT_LIMITS, maxNodes: Math.floor(0.9 * DEFAULT_LIMITS.maxNodes) };
      const e = thrown(() => parseFilter(filter, { limits: tight }));
      expect((e as FilterError).code, name).toBe('MAX_NODES_EXCEEDED');
    }
  });
});

const POLICY_DIRS = ['examples', 'valid'].map((d) =>
  join(import.meta.dirname, '..', '..', 'fixtures', 'policies', d),
);

/** The table of docs/limits.md: each limit's default and largest use, as written. */
function limitsTable(): Partial<Record<keyof Limits, { default: number; largest: number }>> {
  const text = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'limits.md'), 'utf8');
  const out: Partial<Record<keyof Limits, { default: number; largest: number }>> = {};
  for (const line of text.split('\n')) {
    const m = /^\| `(\w+)`\s*\|\s*([\d,]+)\s*\|\s*([\d,]+)\s*\|/.exec(line);
    if (m === null) continue;
    const number = (x: string) => Number(x.replace(/,/g, ''));
    out[m[1] as keyof Limits] = { default: number(m[2]!), largest: number(m[3]!) };
  }
  return out;
}

/** The fewest nodes a filter can be parsed under (what the parser counts), by bisection. */
function countNodes(filter: unknown): number {
  let lo = 1;
  let hi = 1_000_000;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    try {
      parseFilter(filter, { limits: { maxNodes: mid } });
      hi = mid;
    } catch {
      lo = mid + 1;
    }
  }
  return lo;
}

describe('each breach is its own typed error at its place', () => {
  it.each(BREACHES)('%s', (name, filter, at) => {
    const options = { limits: UNDER };
    const entryPoints: [string, () => unknown][] = [
      ['parseFilter', () => parseFilter(filter, options)],
      ['compileFilter', () => compileFilter(filter, options)],
      ['compileFilter closures', () => compileFilter(filter, { ...options, codegen: false })],
      ['toSql', () => toSql(filter, { dialect: 'sqlite', columns: anyColumns(filter), ...options })],
      ['toSql pg', () => toSql(filter, { dialect: 'postgres', columns: anyColumns(filter), ...options })],
      ['toMongo', () => toMongo(filter, options)],
    ];
    for (const [entry, run] of entryPoints) {
      const e = thrown(run) as FilterError;
      expect(e, entry).toBeInstanceOf(FilterError);
      expect(e.code, entry).toBe(LIMIT_CODES[name]);
      expect(e.path, entry).toBe(at);
      expect(e.message, entry).toContain(name);
    }
    // Raised past the input, the same filter is accepted.
    const raised = { maxDepth: 32, maxNodes: 100_000, [name]: name === 'maxDepth' ? 1000 : 100_000 };
    expect(() => parseFilter(filter, { limits: raised })).not.toThrow();
  });

  it.each(BREACHES)(
    '%s in a policy: compilePolicy, policyToSql, policyToMongo, validatePolicy',
    (name, filter, at) => {
      const policy = policyOf(filter);
      const options = { limits: UNDER };
      const path = FILTER_AT + at;
      for (const [entry, run] of [
        ['compilePolicy', () => compilePolicy(policy, options)],
        [
          'policyToSql',
          () => policyToSql(policy, { dialect: 'sqlite', columns: anyColumns(filter), ...options }),
        ],
        ['policyToMongo', () => policyToMongo(policy, options)],
      ] as const) {
        const e = thrown(run) as PolicyError;
        expect(e, entry).toBeInstanceOf(PolicyError);
        expect(
          e.problems.map((p) => [p.code, p.path]),
          entry,
        ).toEqual([[LIMIT_CODES[name], path]]);
      }
      const checked = checkPolicyDefinition(policy, options);
      expect(checked.problems.map((p) => p.code)).toEqual([LIMIT_CODES[name]]);
      const text = JSON.stringify(policy, null, 2);
      const result = validatePolicy(text, { fileName: 'p.json', ...options });
      expect(result.valid).toBe(false);
      expect(result.diagnostics.map((d) => [d.code, d.path])).toEqual([[LIMIT_CODES[name], path]]);
      expect(result.diagnostics[0]!.line).toBeGreaterThan(1);
    },
  );

  it('in a query request: parseQuery reports the filter code', () => {
    const e = thrown(() =>
      parseQuery({ pageSize: 10, filter: { technology: { $in: ids(300) } } }, 'component'),
    ) as QueryError;
    expect(e).toBeInstanceOf(QueryError);
    expect(e.problems).toEqual([
      expect.objectContaining({
        code: 'INVALID_FILTER',
        filterCode: 'MAX_LIST_ITEMS_EXCEEDED',
        path: '/filter/technology/$in',
      }),
    ]);
    const raised = parseQuery(
      { pageSize: 10, fields: ['id'], filter: { technology: { $in: ids(300) } } },
      'component',
      {
        limits: { maxListItems: 300, maxNodes: 400 },
      },
    );
    expect(raised.filter).toBeDefined();
    // The plan's filter runs under the limits it was parsed with, in memory and in SQL.
    expect(queryInMemory([{ id: 'a', technology: 'id-299', createdAt: 't' }], raised).items).toHaveLength(1);
    const columns = { id: 'text', technology: 'text', createdAt: 'text' } as const;
    expect(queryToSql(raised, { dialect: 'sqlite', table: 't', columns }).params).toContain(
      JSON.stringify(ids(300)),
    );
  });

  it('in evaluateInventory, through the compile options', async () => {
    await expect(
      evaluateInventory([policyOf({ id: { $in: ids(300) } })], [{ id: 'id-1' }]),
    ).rejects.toMatchObject({ code: 'INVALID_POLICY' });
    const summary = await evaluateInventory([policyOf({ id: { $in: ids(300) } })], [{ id: 'id-1' }], {
      limits: { maxListItems: 300, maxNodes: 400 },
    });
    expect(summary.policies[0]!.statuses.find((s) => s.status === 'hit')?.count).toBe(1);
  });
});

/** Every top-level field of a filter as a JSON column. */
function anyColumns(filter: unknown): Record<string, 'json'> {
  const out: Record<string, 'json'> = {};
  const walk = (f: unknown) => {
    if (typeof f !== 'object' || f === null) return;
    for (const [k, v] of Object.entries(f)) {
      if (k === '$and' || k === '$or') for (const x of v as unknown[]) walk(x);
      else if (k === '$not') walk(v);
      else out[k.split('$.')[0]!] = 'json';
    }
  };
  walk(filter);
  return out;
}

describe('policy limits', () => {
  const many = (statuses: number, rules: number, conditions: number) => ({
    name: 'p',
    statusDefinitions: Object.fromEntries([
      ['ok', { isDefault: true, criticality: 0 }],
      ...Array.from({ length: statuses }, (_, s) => [
        `s${s}`,
        {
          criticality: s + 1,
          rules: Array.from({ length: rules }, (_, r) => ({
            conditions: Array.from({ length: conditions }, (_, c) => ({
              type: 'filter',
              condition: { filter: { [`f${c}`]: { $eq: `${s}-${r}` } } },
            })),
          })),
        },
      ]),
    ]),
  });

  it('rules, conditions, statuses and nodes per policy each have their code', () => {
    const code = (p: unknown, limits?: Partial<Limits>) =>
      checkPolicyDefinition(p, limits ? { limits } : {}).problems.map((x) => [x.code, x.path]);
    expect(code(many(1, 65, 1))).toEqual([['MAX_RULES_EXCEEDED', '/statusDefinitions/s0/rules']]);
    expect(code(many(2, 40, 1))).toEqual([['MAX_RULES_EXCEEDED', '/statusDefinitions/s1/rules']]);
    expect(code(many(1, 1, 257))).toEqual([
      ['MAX_CONDITIONS_EXCEEDED', '/statusDefinitions/s0/rules/0/conditions'],
    ]);
    expect(code(many(64, 1, 1))).toEqual([['MAX_KEYS_EXCEEDED', '/statusDefinitions']]);
    // 60 rules of 4 conditions of 4 nodes (filter, field, path step, operator): 960 nodes; the 901st is
    // the filter object of the second condition of rule 56.
    expect(code(many(1, 60, 4), { maxPolicyNodes: 900 })).toEqual([
      ['MAX_POLICY_NODES_EXCEEDED', '/statusDefinitions/s0/rules/56/conditions/1/condition/filter'],
    ]);
    expect(code(many(1, 60, 4))).toEqual([]);
  });

  it('a policy with thousands of statuses is refused before the pairwise rule analysis', () => {
    // 1,500 statuses are more values than a document may have; 100 are more statuses than maxKeys.
    const huge = many(1500, 1, 1);
    const result = quickly(() => validatePolicy(huge));
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MAX_DOCUMENT_VALUES_EXCEEDED']);
    const wide = quickly(() => validatePolicy(many(100, 1, 1)));
    expect(wide.diagnostics.map((d) => d.code)).toEqual(['MAX_KEYS_EXCEEDED']);
  });

  it('a policy text larger than maxFileBytes is refused before it is parsed', () => {
    const text = JSON.stringify({ ...many(1, 1, 1), description: 'é'.repeat(600_000) });
    const result = validatePolicy(text, { fileName: 'p.json' });
    expect(result.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ['MAX_FILE_BYTES_EXCEEDED', 1, 1],
    ]);
    expect(validatePolicy(text, { fileName: 'p.json', limits: { maxFileBytes: 2_000_000 } }).valid).toBe(
      true,
    );
  });
});

/** A Proxy of `target` that counts the reads of its elements (index keys) or properties. */
function counted<T extends object>(
  target: T,
  what: 'items' | 'properties',
): { proxy: T; reads: () => number } {
  let reads = 0;
  const proxy = new Proxy(target, {
    get(t, key, receiver) {
      if (typeof key === 'string' && (what === 'properties' || /^\d+$/.test(key))) reads++;
      return Reflect.get(t, key, receiver);
    },
  });
  return { proxy, reads: () => reads };
}

describe('checked before the expensive work', () => {
  /** Every entry point a filter reaches, each refusing with a typed error (validatePolicy: diagnostics). */
  const everyEntry = (filter: unknown): [string, () => unknown][] => [
    ['compileFilter', () => compileFilter(filter)],
    // Fixed columns: reading the filter's own keys here would count as reads of the hostile input.
    ['toSql', () => toSql(filter, { dialect: 'postgres', columns: { id: 'jsonb', name: 'jsonb' } })],
    ['toMongo', () => toMongo(filter)],
    ['validatePolicy', () => validatePolicy(policyOf(filter))],
    ['parseQuery', () => parseQuery({ filter }, 'component')],
  ];
  const refusedBy = (run: () => unknown): string => {
    try {
      const out = run() as { diagnostics?: { code: string }[] };
      return out.diagnostics?.[0]?.code ?? 'accepted';
    } catch (error) {
      if (error instanceof QueryError) return error.problems[0]?.filterCode ?? error.code;
      return error instanceof FilterError ? error.code : String(error);
    }
  };

  it('a 1,000,000-item $in and a 200,000-key filter are refused by their length: no item or value is read', () => {
    for (const [name, entry] of everyEntry(undefined)) {
      void entry;
      const list = counted(ids(1_000_000), 'items');
      const listCode = quickly(() =>
        refusedBy(everyEntry({ id: { $in: list.proxy } }).find(([n]) => n === name)![1]),
      );
      const keys = counted(
        Object.fromEntries(Array.from({ length: 200_000 }, (_, i) => [`f${i}`, { $eq: i }])),
        'properties',
      );
      const keysCode = quickly(() => refusedBy(everyEntry(keys.proxy).find(([n]) => n === name)![1]));
      // validatePolicy counts the document's values first: 1,000,000 items are more than it may hold.
      expect([name, listCode], name).toEqual([
        name,
        name === 'validatePolicy' ? 'MAX_DOCUMENT_VALUES_EXCEEDED' : 'MAX_LIST_ITEMS_EXCEEDED',
      ]);
      expect([name, keysCode]).toEqual([
        name,
        name === 'validatePolicy' ? 'MAX_DOCUMENT_VALUES_EXCEEDED' : 'MAX_KEYS_EXCEEDED',
      ]);
      expect([name, list.reads(), keys.reads()]).toEqual([name, 0, 0]);
    }
  });

  it('a 20,000-segment path, a 1 MB pattern and a 1 MB string are refused reading their start only', () => {
    // Each ends in a lone surrogate, which the whole string's check would refuse as INVALID_VALUE:
    // the limit's code shows the end was never read.
    const huge: [string, unknown, string][] = [
      ['path', { [`${segments(20_000)}\uD800`]: { $eq: 1 } }, 'MAX_PATH_SEGMENTS_EXCEEDED'],
      ['pattern', { name: { $like: `${'x*'.repeat(500_000)}\uD800` } }, 'MAX_PATTERN_LENGTH_EXCEEDED'],
      ['string', { name: { $eq: `${'x'.repeat(1_000_000)}\uD800` } }, 'MAX_STRING_LENGTH_EXCEEDED'],
    ];
    for (const [what, filter, code] of huge) {
      for (const [name, run] of everyEntry(filter)) {
        expect([what, name, quickly(() => refusedBy(run))]).toEqual([what, name, code]);
      }
    }
  });

  it('a hand-built AST is counted as it is read: refused once past a limit, the rest unread', () => {
    const field = (key: string, op: object) => ({
      kind: 'field',
      path: [{ kind: 'key', key }],
      operators: [op],
    });
    const ast = (clauses: unknown) => ({ kind: 'filter', clauses });
    const entries = (node: unknown): [string, () => unknown][] => [
      ['printFilter', () => printFilter(node as FilterNode)],
      ['compileFilter', () => compileFilter(node as FilterNode)],
      ['toSql', () => toSql(node, { dialect: 'sqlite', columns: { f: 'json', id: 'json' } })],
      ['toMongo', () => toMongo(node)],
      ['toMongoExpr', () => toMongoExpr(node)],
    ];
    const cases: [string, () => { node: unknown; reads: () => number }, string, number][] = [
      [
        '200,000 clauses',
        () => {
          const c = counted(
            Array.from({ length: 200_000 }, (_, i) => field(`f${i}`, { kind: 'eq', value: i })),
            'items',
          );
          return { node: ast(c.proxy), reads: c.reads };
        },
        'MAX_KEYS_EXCEEDED',
        0,
      ],
      [
        'an $or of 1,000,000 filters',
        () => {
          const c = counted(
            Array.from({ length: 1_000_000 }, () => ast([])),
            'items',
          );
          return { node: ast([{ kind: 'or', filters: c.proxy }]), reads: c.reads };
        },
        'MAX_NODES_EXCEEDED',
        0,
      ],
      [
        'an $in of 1,000,000 values',
        () => {
          const c = counted(ids(1_000_000), 'items');
          return { node: ast([field('id', { kind: 'in', values: c.proxy })]), reads: c.reads };
        },
        'MAX_LIST_ITEMS_EXCEEDED',
        0,
      ],
      [
        'a path of 1,000,000 steps',
        () => {
          const c = counted(
            Array.from({ length: 1_000_000 }, () => ({ kind: 'key', key: 'k' })),
            'items',
          );
          return {
            node: ast([{ kind: 'field', path: c.proxy, operators: [{ kind: 'eq', value: 1 }] }]),
            reads: c.reads,
          };
        },
        'MAX_PATH_SEGMENTS_EXCEEDED',
        0,
      ],
      [
        // 250 filters of 4 nodes each: the 65th passes the 256 nodes of the defaults.
        'an $and of 250 small filters',
        () => {
          const c = counted(
            Array.from({ length: 250 }, (_, i) => ast([field(`f${i}`, { kind: 'eq', value: i })])),
            'items',
          );
          return { node: ast([{ kind: 'and', filters: c.proxy }]), reads: c.reads };
        },
        'MAX_NODES_EXCEEDED',
        64,
      ],
      [
        'a filter nested 100,000 deep',
        () => {
          let node: unknown = ast([]);
          let reads = 0;
          for (let i = 0; i < 100_000; i++) {
            const inner = node;
            node = ast([
              Object.defineProperty({ kind: 'not' }, 'filter', {
                enumerable: true,
                get: () => {
                  reads++;
                  return inner;
                },
              }),
            ]);
          }
          return { node, reads: () => reads };
        },
        'MAX_DEPTH_EXCEEDED',
        DEFAULT_LIMITS.maxDepth,
      ],
    ];
    for (const [what, make, code, maxReads] of cases) {
      for (const [name, run] of entries(undefined)) {
        void run;
        const { node, reads } = make();
        const entry = entries(node).find(([n]) => n === name)![1];
        const e = quickly(() => thrown(entry)) as FilterError;
        expect([what, name, e.code]).toEqual([what, name, code]);
        expect(reads(), `${what}, ${name}: elements read`).toBeLessThanOrEqual(maxReads);
      }
    }
  });

  it('a parsed AST is held to the limits of the call that uses it, with the error its JSON would get', () => {
    const filter = { id: { $in: ids(5_000) }, name: { $eq: 'x'.repeat(600) } };
    const raised = { maxListItems: 5_000, maxNodes: 6_000, maxStringLength: 1_000 };
    const ast = parseFilter(filter, { limits: raised });
    const tight = { limits: { maxListItems: 3 } };
    const expected = thrown(() => parseFilter(filter, tight)) as FilterError;
    expect(expected.code).toBe('MAX_LIST_ITEMS_EXCEEDED');
    for (const [name, run] of [
      ['compileFilter', () => compileFilter(ast, tight)],
      ['compileFilter closures', () => compileFilter(ast, { ...tight, codegen: false })],
      ['toSql', () => toSql(ast, { dialect: 'sqlite', columns: { id: 'text', name: 'text' }, ...tight })],
      ['toMongo', () => toMongo(ast, tight)],
      ['toMongoExpr', () => toMongoExpr(ast, tight)],
    ] as const) {
      const e = thrown(run) as FilterError;
      expect([name, e.code, e.path, e.message]).toEqual([
        name,
        expected.code,
        expected.path,
        expected.message,
      ]);
    }
    // The defaults refuse its string too; limits it fits are no obstacle, and the AST is used as it is.
    expect((thrown(() => compileFilter(ast)) as FilterError).code).toBe('MAX_LIST_ITEMS_EXCEEDED');
    expect(compileFilter(ast, { limits: raised })({ id: 'id-4999', name: 'x'.repeat(600) })).toBe(true);
    const small = parseFilter({ id: { $in: ids(3) } }, { limits: raised });
    expect(compileFilter(small, tight)({ id: 'id-2' })).toBe(true);
  });

  it(
    titled(
      'a parsed AST and its JSON are refused alike under any limits; a hand-built copy only when they are',
    ),
    () => {
      const arbLimits = fc.record(
        {
          maxDepth: fc.integer({ min: 1, max: 6 }),
          maxNodes: fc.integer({ min: 1, max: 40 }),
          maxKeys: fc.integer({ min: 1, max: 4 }),
          maxListItems: fc.integer({ min: 1, max: 4 }),
          maxStringLength: fc.integer({ min: 1, max: 6 }),
          maxPatternLength: fc.integer({ min: 1, max: 6 }),
          maxWildcards: fc.integer({ min: 1, max: 3 }),
          maxPathSegments: fc.integer({ min: 1, max: 3 }),
          maxSegmentLength: fc.integer({ min: 1, max: 4 }),
        },
        { requiredKeys: [] },
      );
      check(
        fc.property(arbFilter, arbLimits, (filter, limits) => {
          let ast: FilterNode;
          try {
            ast = parseFilter(filter, { limits: UNBOUNDED_DEPTH });
          } catch {
            return;
          }
          const json = errorOf(() => parseFilter(filter, { limits }));
          const parsed = errorOf(() => compileFilter(ast, { limits }));
          expect(parsed).toEqual(json);
          // A copy the library did not make: refused exactly when the JSON is, with a limit's code.
          const copy = errorOf(() => compileFilter(structuredClone(ast), { limits }));
          expect(copy === undefined).toBe(json === undefined);
          if (copy !== undefined) expect(isLimitCode(copy.split(' ')[0]!)).toBe(true);
        }),
      );
    },
  );
});

const UNBOUNDED_DEPTH: Partial<Limits> = { ...UNBOUNDED, maxDepth: 1000 };

/** The code and path of the FilterError `run` throws, or `undefined` when it returns. */
function errorOf(run: () => unknown): string | undefined {
  try {
    run();
    return undefined;
  } catch (error) {
    if (!(error instanceof FilterError)) throw error;
    return `${error.code} ${error.path}`;
  }
}

describe('long keys are refused reading no more of them than the limits allow, with short messages', () => {
  const MB10 = 10_000_000;
  /** A message quoting a 10 MB key stays this short; the error's `path` keeps the whole pointer. */
  const SHORT = 1_000;
  const entries = (filter: unknown): [string, () => unknown][] => [
    ['parseFilter', () => parseFilter(filter)],
    ['compileFilter', () => compileFilter(filter)],
    ['toSql', () => toSql(filter, { dialect: 'sqlite', columns: { a: 'json' } })],
    ['toMongo', () => toMongo(filter)],
    ['compilePolicy', () => compilePolicy(policyOf(filter))],
  ];
  const refusedAll = (filter: unknown, code: string, path: string) => {
    for (const [name, run] of entries(filter)) {
      const e = quickly(() => thrown(run)) as FilterError;
      const problem = e instanceof PolicyError ? e.problems[0]! : e;
      expect([name, problem.code]).toEqual([name, code]);
      expect(problem.path === (name === 'compilePolicy' ? FILTER_AT + path : path), name).toBe(true);
      expect(problem.message.length, name).toBeLessThan(SHORT);
      expect(e.message.length, name).toBeLessThan(SHORT);
    }
    // More characters than a policy file may have: validatePolicy refuses the document by its size.
    const result = quickly(() => validatePolicy(policyOf(filter)));
    expect(result.diagnostics.map((d) => d.code)).toEqual(['MAX_FILE_BYTES_EXCEEDED']);
    expect(result.diagnostics[0]!.message.length).toBeLessThan(SHORT);
  };

  it('a 10 MB path key: only its first maxPathSegments × (maxSegmentLength + 2) code units are split', () => {
    const key = 'a'.repeat(MB10);
    refusedAll({ [key]: { $eq: 1 } }, 'MAX_SEGMENT_LENGTH_EXCEEDED', `/${key}`);
    // What lies past that bound is never read: neither a lone surrogate (which would be INVALID_VALUE
    // once the whole key is checked) nor a forbidden segment (FORBIDDEN_PATH_SEGMENT).
    const longest = DEFAULT_LIMITS.maxPathSegments * (DEFAULT_LIMITS.maxSegmentLength + 2);
    const segment = 'b'.repeat(DEFAULT_LIMITS.maxSegmentLength);
    const fullSegments = Array.from({ length: DEFAULT_LIMITS.maxPathSegments + 1 }, () => segment).join('$.');
    expect(fullSegments.length).toBeGreaterThan(longest);
    const tail = `$.__proto__\uD800${'c'.repeat(MB10)}`;
    refusedAll(
      { [fullSegments + tail]: { $eq: 1 } },
      'MAX_PATH_SEGMENTS_EXCEEDED',
      `/${fullSegments + tail}`,
    );
    const oneLong = `a$.${'s'.repeat(longest)}${tail}`;
    const e = thrown(() => parseFilter({ [oneLong]: { $eq: 1 } })) as FilterError;
    expect(e.code).toBe('MAX_SEGMENT_LENGTH_EXCEEDED');
    // The segment was read up to the bound only, and the message says so.
    expect(e.message).toMatch(/field path segment of more than \d+ characters/);
  });

  it('a 10 MB operator key, or a 10 MB $-key of a filter, is no operator: not looked up, not lower-cased', () => {
    const name = `$${'x'.repeat(MB10)}`;
    const lowered: number[] = [];
    const toLowerCase = String.prototype.toLowerCase;
    polluted(
      String.prototype,
      {
        toLowerCase(this: string) {
          lowered.push(this.length);
          return toLowerCase.call(this);
        },
      },
      () => {
        refusedAll({ a: { [name]: 1 } }, 'UNKNOWN_OPERATOR', `/a/${name}`);
        refusedAll({ a: { [name.slice(1)]: 1 } }, 'UNKNOWN_OPERATOR', `/a/${name.slice(1)}`);
        refusedAll({ [name]: 1 }, 'UNKNOWN_OPERATOR', `/${name}`);
      },
    );
    expect(Math.max(0, ...lowered)).toBeLessThan(1_000);
  });

  it('a 1 MB key or string anywhere in a policy (within maxFileBytes) or a query request gives short messages', () => {
    const key = 'k'.repeat(1_000_000);
    const condition = (type: string) => ({ type, condition: { filter: { a: { $eq: 1 } } } });
    const ok = { isDefault: true, criticality: 0 };
    const policies: [string, unknown][] = [
      ['an unknown property', { ...policyOf({ a: { $eq: 1 } }), [key]: 1 }],
      ['a resource', { ...policyOf({ a: { $eq: 1 } }), resource: key }],
      ['a status name', { name: 'p', statusDefinitions: { ok, [key]: { criticality: 'x' } } }],
      ['a second default', { name: 'p', statusDefinitions: { ok, [key]: ok } }],
      ['a status property', { name: 'p', statusDefinitions: { ok: { ...ok, [key]: 1 } } }],
      [
        'a condition type',
        {
          name: 'p',
          statusDefinitions: { ok, s: { criticality: 1, rules: [{ conditions: [condition(key)] }] } },
        },
      ],
      ['a filter path', policyOf({ [key]: { $eq: 1 } })],
      ['an operator', policyOf({ a: { [`$${key}`]: 1 } })],
      ['an operator without $', policyOf({ a: { [key]: 1 } })],
      ['a $-key of a filter', policyOf({ [`$${key}`]: 1 })],
    ];
    for (const [where, policy] of policies) {
      // (Any string is a resource: the engine has no problem with it, validation warns.)
      const { problems } = quickly(() => checkPolicyDefinition(policy));
      expect(problems.length > 0 || where === 'a resource', where).toBe(true);
      for (const p of problems) expect(p.message.length, `${where}: ${p.code}`).toBeLessThan(SHORT);
      for (const input of [policy, JSON.stringify(policy)]) {
        const { diagnostics } = quickly(() => validatePolicy(input));
        expect(diagnostics.length, where).toBeGreaterThan(0);
        for (const d of diagnostics) expect(d.message.length, `${where}: ${d.code}`).toBeLessThan(SHORT);
      }
    }
    for (const request of [
      { [key]: 1 },
      { sort: { [key]: 'asc' } },
      { sort: { name: key } },
      { fields: [key] },
    ]) {
      const e = thrown(() => parseQuery(request, 'component')) as QueryError;
      expect(e).toBeInstanceOf(QueryError);
      for (const p of e.problems) expect(p.message.length).toBeLessThan(SHORT);
    }
  });
});

/** 1 MiB policy documents, in each syntax, written to have as many values as a megabyte holds. */
function denseDocuments(): [string, string, 'json' | 'yaml'][] {
  const MiB = 1024 * 1024;
  const head = 'name: p\nstatusDefinitions:\n  ok: {isDefault: true, criticality: 0}\nextra:\n';
  const fill = (text: string, unit: string) =>
    text + unit.repeat(Math.floor((MiB - text.length - 8) / unit.length));
  return [
    ['a YAML block sequence of 260,000 items', fill(head, '- 1\n'), 'yaml'],
    ['a YAML flow sequence of 520,000 items', `${fill(`${head}  [`, '1,')}1]\n`, 'yaml'],
    [
      'a YAML mapping of 80,000 keys',
      fill(head, '  k: 1\n')
        .replace(/ {2}k: 1\n/g, (_m, o) => `  k${o}: 1\n`)
        .slice(0, MiB),
      'yaml',
    ],
    ['a YAML sequence of 500,000 empty items', fill(head, '-\n'), 'yaml'],
    [
      'a JSON array of 520,000 numbers',
      `${fill('{"name":"p","statusDefinitions":{"ok":{"isDefault":true,"criticality":0}},"extra":[', '1,')}1]}`,
      'json',
    ],
  ];
}

/** Documents nested far deeper than any parser's stack allows, within 1 MiB. */
function deepDocuments(): [string, string, 'json' | 'yaml'][] {
  const n = 400_000;
  return [
    [
      'a YAML flow sequence nested 400,000 deep',
      `name: p\nextra: ${'['.repeat(n)}${']'.repeat(n)}\n`,
      'yaml',
    ],
    ['a YAML block sequence nested 400,000 deep', `name: p\nextra:\n  ${'- '.repeat(n)}1\n`, 'yaml'],
    [
      'a YAML flow mapping nested 100,000 deep',
      `name: p\nextra: ${'{a: '.repeat(100_000)}1${'}'.repeat(100_000)}\n`,
      'yaml',
    ],
    [
      'a JSON array nested 500,000 deep',
      `{"name":"p","extra":${'['.repeat(500_000)}${']'.repeat(500_000)}}`,
      'json',
    ],
  ];
}

describe('policy documents: values counted, and nesting checked, while they are read', () => {
  it('the count is exact, and the same for a value, JSON text and YAML text', () => {
    const policy = {
      ...policyOf({ id: { $in: ['a', 'b', 'c'] }, 'tags$.team': { $eq: 'x' } }),
      description: 'd',
      query: { filter: { $or: [{ kind: { $eq: 'db' } }, { kind: { $exists: false } }] } },
    };
    const values = documentValues(policy);
    const texts: [string, unknown, string][] = [
      ['value', policy, 'p'],
      ['JSON', JSON.stringify(policy, null, 2), 'p.json'],
      ['YAML', yamlStringify(policy), 'p.yaml'],
      ['YAML flow', yamlStringify(policy, { collectionStyle: 'flow' }), 'p.yaml'],
    ];
    for (const [name, input, fileName] of texts) {
      const at = (limit: number) =>
        validatePolicy(input, { fileName, limits: { maxDocumentValues: limit } }).diagnostics.map(
          (d) => d.code,
        );
      expect(at(values), name).toEqual([]);
      expect(at(values - 1), name).toEqual(['MAX_DOCUMENT_VALUES_EXCEEDED']);
    }
  });

  it('an array or an object too large for the budget is refused by its length, none of its values read', () => {
    let reads = 0;
    const items = new Proxy(new Array(2_000_000).fill(0), {
      get(target, key, receiver) {
        if (typeof key === 'string' && /^\d+$/.test(key)) reads++;
        return Reflect.get(target, key, receiver);
      },
    });
    const result = validatePolicy({ ...policyOf({ a: { $eq: 1 } }), extra: items });
    expect(result.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['MAX_DOCUMENT_VALUES_EXCEEDED', '/extra'],
    ]);
    expect(reads).toBe(0);
    let gets = 0;
    const keys = new Proxy(Object.fromEntries(Array.from({ length: 20_000 }, (_, i) => [`k${i}`, i])), {
      get(target, key, receiver) {
        gets++;
        return Reflect.get(target, key, receiver);
      },
    });
    const wide = validatePolicy({ ...policyOf({ a: { $eq: 1 } }), extra: keys });
    expect(wide.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['MAX_DOCUMENT_VALUES_EXCEEDED', '/extra'],
    ]);
    expect(gets).toBe(0);
  });

  it('the characters of a document handed in as a value are held to maxFileBytes', () => {
    const result = validatePolicy({ ...policyOf({ a: { $eq: 1 } }), description: 'x'.repeat(50_000_000) });
    expect(result.diagnostics.map((d) => [d.code, d.path])).toEqual([
      ['MAX_FILE_BYTES_EXCEEDED', '/description'],
    ]);
    const key = validatePolicy({ ...policyOf({ a: { $eq: 1 } }), ['k'.repeat(2_000_000)]: 1 });
    expect(key.diagnostics.map((d) => [d.code, d.path])).toEqual([['MAX_FILE_BYTES_EXCEEDED', '']]);
  });

  it.each(denseDocuments())(
    '%s is refused where the count passes the limit, the rest unread',
    (_, text, format) => {
      expect(new TextEncoder().encode(text).length).toBeLessThanOrEqual(DEFAULT_LIMITS.maxFileBytes);
      const result = quickly(() => validatePolicy(text, { format }));
      expect(result.diagnostics.map((d) => d.code)).toEqual(['MAX_DOCUMENT_VALUES_EXCEEDED']);
      // The place of the refusal is where the 16,385th value (or fewer) was written: a fraction of the text.
      const d = result.diagnostics[0]!;
      const offset =
        text
          .split('\n')
          .slice(0, d.line! - 1)
          .join('\n').length + d.column!;
      expect(offset).toBeLessThan(text.length / 3);
    },
  );

  it.each(deepDocuments())('%s is refused at depth 257, before a parser recurses', (_, text, format) => {
    const result = quickly(() => validatePolicy(text, { format }));
    expect(result.diagnostics.map((d) => d.code)).toEqual(['TOO_DEEP']);
    const d = result.diagnostics[0]!;
    const offset =
      text
        .split('\n')
        .slice(0, d.line! - 1)
        .join('\n').length + d.column!;
    expect(offset).toBeLessThan(2_000);
  });
});

describe('options', () => {
  it('a bad limit is INVALID_OPTION, thrown, whatever the entry point', () => {
    for (const limits of [
      { maxNodes: 0 },
      { maxNodes: 1.5 },
      { maxNodez: 10 },
      { maxDepth: 1001 },
      { maxKeys: '10' },
    ]) {
      for (const run of [
        () => parseFilter({}, { limits: limits as never }),
        () => compilePolicy(policyOf({}), { limits: limits as never }),
        () => validatePolicy('{}', { limits: limits as never }),
      ]) {
        expect((thrown(run) as FilterError).code).toBe('INVALID_OPTION');
      }
    }
    expect(
      (thrown(() => parseFilter({}, { maxDepth: 3, limits: { maxDepth: 4 } })) as FilterError).code,
    ).toBe('INVALID_OPTION');
    expect(() => parseFilter({}, { maxDepth: 4, limits: { maxDepth: 4 } })).not.toThrow();
  });

  it('limits inherited from a polluted Object.prototype are no limits', () => {
    const proto = Object.prototype as Record<string, unknown>;
    proto.limits = { maxNodes: 1 };
    proto.maxNodes = 1;
    try {
      expect(() => parseFilter({ a: { $eq: 1 } }, {})).not.toThrow();
      expect(() => parseFilter({ a: { $eq: 1 } }, { limits: {} })).not.toThrow();
    } finally {
      delete proto.limits;
      delete proto.maxNodes;
    }
  });
});

describe('the CLI', () => {
  const CLI = join(import.meta.dirname, '..', '..', 'dist', 'cli.js');
  const temp = suiteTempDir('limits');
  const runCli = async (args: readonly string[]) => {
    const r = spawnSync(process.execPath, [...NODE_FLAGS, CLI, ...args], {
      encoding: 'utf8',
      timeout: HANG_BOUND_MS * 6,
    });
    if (r.error) throw r.error;
    return { code: r.status, stdout: r.stdout, stderr: r.stderr };
  };
  let file = '';
  let inventory = '';
  const files = () => {
    file = join(temp.folder(), 'big-in.json');
    writeFileSync(file, JSON.stringify(policyOf({ id: { $in: ids(300) } })));
    inventory = join(temp.folder(), 'inventory.ndjson');
    writeFileSync(inventory, '{"id":"id-1"}\n');
  };

  it('validate reports a breach, and --limit raises the limit', async () => {
    files();
    const refused = await runCli(['validate', '--root', temp.folder(), '--format', 'json', file]);
    expect(refused.code).toBe(1);
    expect(JSON.parse(refused.stdout).files[0].diagnostics[0].code).toBe('MAX_LIST_ITEMS_EXCEEDED');
    const raised = await runCli([
      'validate',
      '--root',
      temp.folder(),
      '--limit',
      'maxListItems=300',
      '--limit',
      'maxNodes=400',
      file,
    ]);
    expect(raised.code).toBe(0);
  });

  it('eval refuses the policy, and --limit raises the limit', async () => {
    files();
    const refused = await runCli(['eval', '--policy', file, '--input', inventory, '--format', 'json']);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('MAX_LIST_ITEMS_EXCEEDED');
    const raised = await runCli([
      'eval',
      '--policy',
      file,
      '--input',
      inventory,
      '--format',
      'json',
      '--limit',
      'maxListItems=300',
      '--limit',
      'maxNodes=400',
    ]);
    expect(raised.code).toBe(0);
  });

  it('a malformed or unknown --limit is a usage error (exit 2)', async () => {
    files();
    for (const flag of ['maxNodes', 'maxNodes=-1', 'maxNodez=3', 'maxNodes=0']) {
      const r = await runCli(['validate', '--limit', flag, file]);
      expect(r.code, flag).toBe(2);
      expect(r.stderr, flag).toContain('--limit');
    }
    const both = await runCli(['validate', '--max-bytes', '10', '--limit', 'maxFileBytes=20', file]);
    expect(both.code).toBe(2);
  });

  it('a file over maxFileBytes is MAX_FILE_BYTES_EXCEEDED, in validate and in eval', async () => {
    files();
    const validated = await runCli([
      'validate',
      '--root',
      temp.folder(),
      '--format',
      'json',
      '--limit',
      'maxFileBytes=100',
      file,
    ]);
    expect(validated.code).toBe(2);
    expect(JSON.parse(validated.stdout).files[0].diagnostics[0].code).toBe('MAX_FILE_BYTES_EXCEEDED');
    const evaluated = await runCli([
      'eval',
      '--policy',
      file,
      '--input',
      inventory,
      '--limit',
      'maxFileBytes=100',
    ]);
    expect(evaluated.code).toBe(2);
    expect(evaluated.stderr).toContain('MAX_FILE_BYTES_EXCEEDED');
  });

  it('dense and deep policy files are refused by validate and by eval, before they are parsed', async () => {
    files();
    const documents = [...denseDocuments().slice(0, 1), ...deepDocuments()];
    for (const [name, text, format] of documents) {
      const path = join(temp.folder(), `doc.${format}`);
      writeFileSync(path, text);
      const code = name.includes('nested') ? 'TOO_DEEP' : 'MAX_DOCUMENT_VALUES_EXCEEDED';
      const validated = await runCli(['validate', '--root', temp.folder(), '--format', 'json', path]);
      expect(validated.code, name).toBe(1);
      expect(
        JSON.parse(validated.stdout).files[0].diagnostics.map((d: { code: string }) => d.code),
        name,
      ).toEqual([code]);
      const evaluated = await runCli(['eval', '--policy', path, '--input', inventory]);
      expect(evaluated.code, name).toBe(2);
      expect(evaluated.stderr, name).toContain(code);
    }
  });
});
