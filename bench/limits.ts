/**
 * The cost the default limits allow: the worst filters they accept (fixtures/worst-filters.ts), parsed
 * and compiled for every target (the claim of docs/limits.md: each in under 1 ms), and the worst
 * policies, through every entry point that reads a policy.
 */
import { worstFilters, worstPolicies } from '../fixtures/worst-filters.js';
import { compileFilter, compilePolicy, parseFilter } from '../src/index.js';
import { policyToMongo, toMongo } from '../src/mongo.js';
import { type ColumnType, policyToSql, toSql } from '../src/sql.js';
import { validatePolicy } from '../src/validate.js';
import { type Case, interleaved } from './lib.js';

export const LIMIT_TARGETS = ['parse', 'codegen', 'closures', 'SQLite', 'PostgreSQL', 'MongoDB'] as const;
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

export async function benchLimits(rounds: number): Promise<LimitRow[]> {
  const rows: LimitRow[] = [];
  for (const [name, filter] of Object.entries(worstFilters())) {
    parseFilter(filter); // the defaults accept it, or the benchmark measures nothing
    const cols = columns(filter);
    const compile: Record<LimitTarget, () => unknown> = {
      parse: () => parseFilter(filter),
      codegen: () => compileFilter(filter, { codegen: true }),
      closures: () => compileFilter(filter, { codegen: false }),
      SQLite: () => toSql(filter, { dialect: 'sqlite', columns: cols }),
      PostgreSQL: () => toSql(filter, { dialect: 'postgres', columns: cols }),
      MongoDB: () => toMongo(filter),
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
  'compilePolicy',
  'policyToSql SQLite',
  'policyToSql PostgreSQL',
  'policyToMongo',
  'validatePolicy (text)',
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
    const run: Record<PolicyTarget, () => unknown> = {
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
    };
    const cases: Case[] = POLICY_TARGETS.map((t) => ({ name: t, fn: run[t] }));
    for (const c of cases) c.fn();
    const seconds = await interleaved(`worst policy: ${name}`, cases, { rounds, maxTime: 0.5 });
    const ms = Object.fromEntries(POLICY_TARGETS.map((t) => [t, seconds.get(t)! * 1000])) as Record<
      PolicyTarget,
      number
    >;
    rows.push({ policy: name, bytes: new TextEncoder().encode(text).length, ms });
  }
  return rows;
}
