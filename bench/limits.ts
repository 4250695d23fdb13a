/**
 * The cost the default limits allow: the worst filters they accept (fixtures/worst-filters.ts), parsed
 * and compiled for every target and read in a query request (the claim of docs/limits.md: each in
 * under 1 ms); the worst policies, through every entry point that reads a policy; the worst policy
 * files, and those refused, through validatePolicy and the CLI; and what a `$like` within the limits
 * costs to run, per row, on the databases.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { PGlite } from '@electric-sql/pglite';
import {
  documentValues,
  type PolicyText,
  refusedDocuments,
  worstDocuments,
  worstFilters,
  worstPolicies,
} from '../fixtures/worst-filters.js';
import {
  checkPolicyDefinition,
  compileFilter,
  compilePolicy,
  evaluateInventory,
  parseFilter,
  parseQuery,
  type ResourceDescription,
} from '../src/index.js';
import { policyToMongo, toMongo, toMongoExpr } from '../src/mongo.js';
import { type ColumnType, policyToSql, toSql } from '../src/sql.js';
import { validatePolicy } from '../src/validate.js';
import { type Case, interleaved, median } from './lib.js';

export const LIMIT_TARGETS = [
  'parse',
  'codegen',
  'closures',
  'SQLite',
  'PostgreSQL',
  'MongoDB',
  'MongoDB expr',
  'parseQuery',
] as const;
export type LimitTarget = (typeof LIMIT_TARGETS)[number];

export interface LimitRow {
  readonly filter: string;
  /** Milliseconds per compile, by target; `null` where the target refuses the filter (its own bound). */
  readonly ms: Record<LimitTarget, number | null>;
  /** What a target said when it refused the filter. */
  readonly refused: Partial<Record<LimitTarget, string>>;
}

/** Every top-level column a filter reads, as a JSON column (the allow-list `toSql` needs). */
function columns(filter: unknown): Record<string, ColumnType> {
  const out: Record<string, ColumnType> = {};
  const stack: unknown[] = [filter];
  while (stack.length > 0) {
    const f = stack.pop();
    if (typeof f !== 'object' || f === null) continue;
    for (const [key, value] of Object.entries(f)) {
      if (key === '$and' || key === '$or') stack.push(...(value as unknown[]));
      else if (key === '$not') stack.push(value);
      else {
        out[key.split('$.')[0]!] = 'json';
        stack.push((value as { $elemMatch?: unknown }).$elemMatch);
      }
    }
  }
  return out;
}

/** A query resource whose fields are the filter's columns (anything below them), for parseQuery. */
function resourceOf(cols: Record<string, ColumnType>): ResourceDescription {
  const fields: Record<string, ResourceDescription['fields'][string]> = {
    id: { type: 'string', sortable: true, filterable: true },
    createdAt: { type: 'timestamp', sortable: true, filterable: true },
  };
  for (const name of Object.keys(cols)) fields[name] = { type: 'any', sortable: false, filterable: true };
  return { name: 'worst', fields, selectable: ['id'] };
}

export async function benchLimits(rounds: number): Promise<LimitRow[]> {
  const rows: LimitRow[] = [];
  for (const [name, filter] of Object.entries(worstFilters())) {
    parseFilter(filter); // the defaults accept it, or the benchmark measures nothing
    const cols = columns(filter);
    const resource = resourceOf(cols);
    const compile: Record<LimitTarget, () => unknown> = {
      parse: () => parseFilter(filter),
      codegen: () => compileFilter(filter, { codegen: true }),
      closures: () => compileFilter(filter, { codegen: false }),
      SQLite: () => toSql(filter, { dialect: 'sqlite', columns: cols }),
      PostgreSQL: () => toSql(filter, { dialect: 'postgres', columns: cols }),
      MongoDB: () => toMongo(filter),
      'MongoDB expr': () => toMongoExpr(filter),
      parseQuery: () => parseQuery({ filter, pageSize: 100 }, resource),
    };
    const refused: Partial<Record<LimitTarget, string>> = {};
    const cases: Case[] = [];
    for (const target of LIMIT_TARGETS) {
      try {
        compile[target]();
        cases.push({ name: target, fn: compile[target] });
      } catch (error) {
        // The message up to the place it names (a long pointer).
        refused[target] = `${(error as { code?: string }).code}: ${(error as Error).message.split('; ')[0]}`;
      }
    }
    const seconds = await interleaved(`worst filter: ${name}`, cases, { rounds, maxTime: 0.3 });
    const ms = Object.fromEntries(
      LIMIT_TARGETS.map((t) => [t, seconds.has(t) ? seconds.get(t)! * 1000 : null]),
    ) as Record<LimitTarget, number | null>;
    rows.push({ filter: name, ms, refused });
  }
  return rows;
}

export const POLICY_TARGETS = [
  'checkPolicyDefinition',
  'compilePolicy',
  'policyToSql SQLite',
  'policyToSql PostgreSQL',
  'policyToMongo',
  'validatePolicy (text)',
  'evaluateInventory (1,000 records)',
] as const;
export type PolicyTarget = (typeof POLICY_TARGETS)[number];

export interface PolicyLimitRow {
  readonly policy: string;
  /** Size of the policy file, in bytes (pretty-printed JSON). */
  readonly bytes: number;
  readonly ms: Record<PolicyTarget, number>;
}

/** The worst policies the default limits accept, on every entry point that reads a policy. */
export async function benchPolicyLimits(rounds: number): Promise<PolicyLimitRow[]> {
  const rows: PolicyLimitRow[] = [];
  for (const [name, policy] of Object.entries(worstPolicies())) {
    const text = JSON.stringify(policy, null, 2);
    // Records that reach the last rule of every status: each is evaluated against the whole policy.
    const records = Array.from({ length: 1_000 }, (_, i) => ({ id: `r${i}`, tags: { k0: `x${i}` } }));
    const run: Record<PolicyTarget, () => unknown> = {
      checkPolicyDefinition: () => {
        const { problems } = checkPolicyDefinition(policy);
        if (problems.length > 0) throw new Error(`${name}: ${problems[0]?.code}`);
        return problems;
      },
      compilePolicy: () => compilePolicy(policy),
      'policyToSql SQLite': () => policyToSql(policy, { dialect: 'sqlite', columns: { tags: 'json' } }),
      'policyToSql PostgreSQL': () =>
        policyToSql(policy, { dialect: 'postgres', columns: { tags: 'jsonb' } }),
      policyToMongo: () => policyToMongo(policy),
      'validatePolicy (text)': () => {
        const result = validatePolicy(text, { fileName: 'worst.json' });
        // A policy the limits refuse would measure the refusal, not the work.
        if (!result.valid) throw new Error(`${name}: ${result.diagnostics[0]?.code}`);
        return result;
      },
      // Asynchronous: timed on its own below.
      'evaluateInventory (1,000 records)': () => undefined,
    };
    const synchronous = POLICY_TARGETS.filter((t) => t !== 'evaluateInventory (1,000 records)');
    const cases: Case[] = synchronous.map((t) => ({ name: t, fn: run[t] }));
    for (const c of cases) c.fn();
    const seconds = await interleaved(`worst policy: ${name}`, cases, { rounds, maxTime: 0.5 });
    const ms = Object.fromEntries(synchronous.map((t) => [t, seconds.get(t)! * 1000])) as Record<
      PolicyTarget,
      number
    >;
    const evaluations: number[] = [];
    for (let i = 0; i < rounds * 3; i++) {
      const started = performance.now();
      const summary = await evaluateInventory([policy], records, { resource: 'component' });
      evaluations.push(performance.now() - started);
      if (summary.resources !== records.length)
        throw new Error(`${name}: evaluateInventory read ${summary.resources}`);
    }
    ms['evaluateInventory (1,000 records)'] = median(evaluations);
    rows.push({ policy: name, bytes: new TextEncoder().encode(text).length, ms });
  }
  return rows;
}

export interface DocumentRow {
  readonly document: string;
  readonly bytes: number;
  /** Values and keys, as maxDocumentValues counts them; `null` for a refused document. */
  readonly values: number | null;
  /** What validatePolicy reports first (`valid`, or the code). */
  readonly outcome: string;
  /** Milliseconds per validatePolicy of the text. */
  readonly validateMs: number;
  /** Wall-clock milliseconds of `svc-policy validate FILE` (node's start included), `null` without dist/. */
  readonly cliMs: number | null;
  /** Peak resident memory of that process in MB, where /usr/bin/time can tell. */
  readonly cliMB: number | null;
}

/**
 * The worst policy files the default limits accept and a few they refuse (fixtures/worst-filters.ts),
 * through validatePolicy in process and the built CLI (when dist/cli.js exists).
 */
export async function benchDocumentLimits(rounds: number): Promise<DocumentRow[]> {
  const cli = join(import.meta.dirname, '..', 'dist', 'cli.js');
  const folder = mkdtempSync(join(tmpdir(), 'svc-policy-bench-'));
  const rows: DocumentRow[] = [];
  try {
    const all: [string, PolicyText, boolean][] = [
      ...Object.entries(worstDocuments()).map(([n, d]) => [n, d, true] as [string, PolicyText, boolean]),
      ...Object.entries(refusedDocuments()).map(([n, d]) => [n, d, false] as [string, PolicyText, boolean]),
    ];
    for (const [name, doc, accepted] of all) {
      const run = () => validatePolicy(doc.text, { format: doc.format });
      const first = run().diagnostics[0];
      const outcome = first === undefined ? 'valid' : first.code;
      const refused = outcome === 'MAX_DOCUMENT_VALUES_EXCEEDED' || outcome === 'TOO_DEEP';
      if (refused === accepted)
        throw new Error(`${name}: ${outcome}, expected it ${accepted ? 'accepted' : 'refused'}`);
      const seconds = await interleaved(`policy file: ${name}`, [{ name, fn: run }], {
        rounds,
        maxTime: 0.5,
      });
      const file = join(folder, `doc.${doc.format}`);
      writeFileSync(file, doc.text);
      let cliMs: number | null = null;
      let cliMB: number | null = null;
      try {
        const times: number[] = [];
        for (let i = 0; i < rounds; i++) {
          const started = performance.now();
          const r = spawnSync(
            '/usr/bin/time',
            ['-f', '%M', process.execPath, cli, 'validate', '--root', folder, '--format', 'json', file],
            { encoding: 'utf8' },
          );
          times.push(performance.now() - started);
          if (r.error) throw r.error;
          if (r.status !== 1 && r.status !== 0)
            throw new Error(`${name}: the CLI exited ${r.status}: ${r.stderr}`);
          const kb = Number(r.stderr.trim().split('\n').pop());
          if (Number.isFinite(kb)) cliMB = Math.max(cliMB ?? 0, kb / 1024);
        }
        cliMs = median(times);
      } catch {
        cliMs = null;
      }
      const text = doc.format === 'json' ? JSON.parse(doc.text) : undefined;
      rows.push({
        document: name,
        bytes: Buffer.byteLength(doc.text),
        values: accepted ? (text !== undefined ? documentValues(text) : valuesOfYaml(doc.text)) : null,
        outcome,
        validateMs: seconds.get(name)! * 1000,
        cliMs,
        cliMB,
      });
    }
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  return rows;
}

function valuesOfYaml(text: string): number | null {
  // The exact count: the smallest limit that accepts the document (a bisection, run once).
  let lo = 1;
  let hi = 1 << 20;
  const fits = (n: number) =>
    !validatePolicy(text, { format: 'yaml', limits: { maxDocumentValues: n } }).diagnostics.some(
      (d) => d.code === 'MAX_DOCUMENT_VALUES_EXCEEDED',
    );
  if (!fits(hi)) return null;
  while (lo < hi) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) hi = mid;
    else lo = mid + 1;
  }
  return lo;
}

export interface LikeRunRow {
  readonly pattern: string;
  readonly value: string;
  /** Milliseconds per row. */
  readonly ms: { readonly SQLite: number; readonly PGlite: number; readonly memory: number };
}

/**
 * What a `$like` within the default limits costs to run, per 50 KB row: SQLite's GLOB and PostgreSQL's
 * LIKE try the pattern at each position of the value, so a pattern whose start the value repeats costs
 * (its literal characters) × (the value's length); the in-memory matcher searches each piece once.
 */
export async function benchLikeRun(rounds: number): Promise<LikeRunRow[]> {
  const LENGTH = 50_000;
  const ROWS = 20;
  const repeated = 'a'.repeat(LENGTH);
  const varied = Array.from({ length: LENGTH }, (_, i) => 'abcdefghijklmnopqrstuvwxyz'[(i * 7) % 26]).join(
    '',
  );
  const cases: [string, string, string, string][] = [
    ['`*` + 254 × `a` + `b`', `*${'a'.repeat(254)}b`, '50 KB of `a`', repeated],
    ['`*` + 253 × `a` + `b` + `*`', `*${'a'.repeat(253)}b*`, '50 KB of `a`', repeated],
    ['`*` + 126 × `a` + `b`', `*${'a'.repeat(126)}b`, '50 KB of `a`', repeated],
    ['`*` + 62 × `a` + `b`', `*${'a'.repeat(62)}b`, '50 KB of `a`', repeated],
    ['16 × (`*` + 14 × `a`) + `b`', `${`*${'a'.repeat(14)}`.repeat(16)}b`, '50 KB of `a`', repeated],
    ['`*` + 254 × `a` + `b`', `*${'a'.repeat(254)}b`, '50 KB of varied text', varied],
  ];
  const sqlite = new DatabaseSync(':memory:');
  const pg = await PGlite.create();
  const rows: LikeRunRow[] = [];
  try {
    sqlite.exec('CREATE TABLE t (a TEXT)');
    await pg.exec('CREATE TABLE t (a text)');
    for (const [patternName, pattern, valueName, value] of cases) {
      parseFilter({ a: { $like: pattern } }); // within the defaults
      sqlite.exec('DELETE FROM t');
      await pg.exec('DELETE FROM t');
      const insert = sqlite.prepare('INSERT INTO t VALUES (?)');
      for (let i = 0; i < ROWS; i++) {
        insert.run(value);
        await pg.query('INSERT INTO t VALUES ($1)', [value]);
      }
      const filter = { a: { $like: pattern } };
      const lite = toSql(filter, { dialect: 'sqlite', columns: { a: 'text' } });
      const post = toSql(filter, { dialect: 'postgres', columns: { a: 'text' } });
      const match = compileFilter(filter);
      const sample = async (fn: () => unknown | Promise<unknown>, times = rounds) => {
        const xs: number[] = [];
        for (let i = 0; i < times; i++) {
          const started = performance.now();
          await fn();
          xs.push((performance.now() - started) / ROWS);
        }
        return median(xs);
      };
      const query = sqlite.prepare(`SELECT count(*) AS n FROM t WHERE ${lite.sql}`);
      rows.push({
        pattern: patternName,
        value: valueName,
        ms: {
          SQLite: await sample(() => query.get(...(lite.params as string[]))),
          PGlite: await sample(() =>
            pg.query(`SELECT count(*) AS n FROM t WHERE ${post.sql}`, [...post.params]),
          ),
          memory: await sample(() => {
            for (let i = 0; i < ROWS; i++) match({ a: value });
          }, rounds * 5),
        },
      });
    }
  } finally {
    sqlite.close();
    await pg.close();
  }
  return rows;
}
