import { assertNever, type ClauseNode, type FilterNode } from '../ast/nodes.js';
import { compileClosures } from '../compile/closures.js';
import { resolveAsOf } from '../compile/filter.js';
import type { Predicate } from '../compile/path.js';
import { pointer } from '../errors.js';
import { printPath } from '../parse/path.js';
import type { NormalizedPolicy, NormalizedStatus } from './check.js';
import type { CompiledPolicy } from './compile.js';

/**
 * Coverage of a policy: which statuses were reached, which rules decided, and which conditions were
 * seen true and seen false, over test resources or an inventory. See docs/coverage.md.
 *
 * A *branch point* is a node of a filter: every clause (a field, `$and`, `$or`, `$not`) of the scope and
 * of every condition, plus every filter of several clauses (or none: `{}`), which is their implicit
 * AND; a filter of one clause is that clause. `$elemMatch` filters are part of their field. Each point
 * has two branches, true and false. A point is *seen* on a record when the evaluation consults it, in
 * the order of the policy's semantics with short-circuits: the scope first (rules only for a record in
 * scope); statuses by criticality (highest first, definition order on a tie), each status's rules in
 * order, stopping at the first rule that holds; a rule's conditions, a filter's clauses and `$and`'s
 * filters in order up to the first false; `$or`'s up to the first true. So a condition counted true
 * mattered: it is never counted for records another rule had already decided.
 *
 * Counts are plain data, added up by {@link mergeCoverage}: coverage over parts of an inventory (worker
 * threads) merges into the coverage of the whole.
 */

/** What a branch point is. */
export type BranchKind = 'filter' | 'field' | 'and' | 'or' | 'not';

/** One status: how many records (or tests) got it. */
export interface StatusCoverage {
  readonly status: string;
  readonly isDefault: boolean;
  /** JSON pointer of the status definition. */
  readonly path: string;
  readonly count: number;
}

/** One rule: how many records it decided (the first rule to hold, in evaluation order). */
export interface RuleCoverage {
  readonly status: string;
  /** 0-based index among the status's rules. */
  readonly index: number;
  /** JSON pointer of the rule. */
  readonly path: string;
  readonly decided: number;
}

/** One branch point: how often it was seen true and seen false. */
export interface BranchCoverage {
  readonly kind: BranchKind;
  /** JSON pointer of the node: a filter, a field's key, or a logical operator's key. */
  readonly path: string;
  /** The status whose rule holds the node; `null` for the policy's scope. */
  readonly status: string | null;
  /** The rule's 0-based index; `null` for the scope. */
  readonly rule: number | null;
  readonly true: number;
  readonly false: number;
}

/** The coverage of one policy. */
export interface PolicyCoverage {
  readonly policy: string;
  /** Records (or tests) evaluated by the policy (of its kind), in scope or not. */
  readonly evaluated: number;
  /** Of those, the ones in scope. */
  readonly applicable: number;
  /** Every status in definition order. */
  readonly statuses: readonly StatusCoverage[];
  /** Every rule, statuses in definition order. */
  readonly rules: readonly RuleCoverage[];
  /** Every branch point, in document order (the scope's first). */
  readonly branches: readonly BranchCoverage[];
}

/** Covered items out of all, for one kind of item. */
export interface CoverageRatio {
  readonly covered: number;
  readonly total: number;
  /** `covered / total` in percent; 100 when there is nothing to cover. */
  readonly percent: number;
}

/** The totals of one or more policies' coverage: statuses reached, rules that decided, branches seen. */
export interface CoverageTotals {
  readonly statuses: CoverageRatio;
  readonly rules: CoverageRatio;
  /** Branches: two per branch point (true and false). */
  readonly branches: CoverageRatio;
}

/** A point, its counters at `id` in the recorder's arrays. */
interface Probe {
  readonly id: number;
  readonly kind: BranchKind;
  readonly path: string;
  readonly status: string | null;
  readonly rule: number | null;
}

/** A node of the instrumented tree: a filter (its clauses), a clause, or a field's predicate. */
type Walker = (record: unknown, asOf: number) => boolean;

/** The layout of a policy's counters and the instrumented evaluation of each filter. */
interface Plan {
  readonly policy: NormalizedPolicy;
  readonly probes: readonly Probe[];
  readonly scope: Walker | null;
  /** Statuses in evaluation order, each rule's conditions as walkers. */
  readonly order: readonly {
    readonly status: NormalizedStatus;
    readonly statusIndex: number;
    readonly rules: readonly { readonly id: number; readonly conditions: readonly Walker[] }[];
  }[];
  readonly ruleList: readonly { readonly status: string; readonly index: number; readonly path: string }[];
}

/** Counters: a flat array per count, indexed by probe, rule and status. */
interface Counters {
  evaluated: number;
  applicable: number;
  readonly statuses: number[];
  readonly rules: number[];
  readonly yes: number[];
  readonly no: number[];
}

/**
 * Builds the instrumented walkers of a policy. Field predicates are compiled closures, one per field
 * clause and instant (a test may have its own `asOf`): cached by instant.
 */
function plan(policy: NormalizedPolicy): Plan & { readonly counters: Counters } {
  const probes: Probe[] = [];
  // Grown as the plan is built: one counter per probe, rule and status.
  const counters: Counters = { evaluated: 0, applicable: 0, statuses: [], rules: [], yes: [], no: [] };
  const fieldCache = new Map<ClauseNode, Map<number, Predicate>>();
  const fieldTest = (clause: ClauseNode, asOf: number): Predicate => {
    let byInstant = fieldCache.get(clause);
    if (byInstant === undefined) {
      byInstant = new Map();
      fieldCache.set(clause, byInstant);
    }
    let test = byInstant.get(asOf);
    if (test === undefined) {
      test = compileClosures({ kind: 'filter', clauses: [clause] }, asOf);
      byInstant.set(asOf, test);
    }
    return test;
  };
  const count = (id: number, held: boolean): boolean => {
    if (held) counters.yes[id]!++;
    else counters.no[id]!++;
    return held;
  };
  const where = { status: null as string | null, rule: null as number | null };
  const probe = (kind: BranchKind, path: string): number => {
    probes.push({ id: probes.length, kind, path, status: where.status, rule: where.rule });
    counters.yes.push(0);
    counters.no.push(0);
    return probes.length - 1;
  };

  const filter = (node: FilterNode, path: string): Walker => {
    if (node.clauses.length === 1) return clause(node.clauses[0]!, path);
    const id = probe('filter', path);
    const parts = node.clauses.map((c) => clause(c, path));
    return (record, asOf) => {
      for (let i = 0; i < parts.length; i++) if (!parts[i]!(record, asOf)) return count(id, false);
      return count(id, true);
    };
  };
  const clause = (node: ClauseNode, at: string): Walker => {
    switch (node.kind) {
      case 'field': {
        const id = probe('field', pointer(at, printPath(node.path)));
        return (record, asOf) => count(id, fieldTest(node, asOf)(record));
      }
      case 'and':
      case 'or': {
        const key = node.kind === 'and' ? '$and' : '$or';
        const id = probe(node.kind, pointer(at, key));
        const parts = node.filters.map((f, i) => filter(f, pointer(at, key, i)));
        const stopAt = node.kind === 'or';
        return (record, asOf) => {
          for (let i = 0; i < parts.length; i++) {
            if (parts[i]!(record, asOf) === stopAt) return count(id, stopAt);
          }
          return count(id, !stopAt);
        };
      }
      case 'not': {
        const id = probe('not', pointer(at, '$not'));
        const inner = filter(node.filter, pointer(at, '$not'));
        return (record, asOf) => count(id, !inner(record, asOf));
      }
      default:
        return assertNever(node, 'clause node');
    }
  };

  const scope =
    policy.scopePath === null || policy.scope.clauses.length === 0
      ? null
      : filter(policy.scope, policy.scopePath);
  const ruleList: { status: string; index: number; path: string }[] = [];
  const byStatus = policy.statuses.map((status) =>
    status.rules.map((rule, r) => {
      where.status = status.name;
      where.rule = r;
      ruleList.push({ status: status.name, index: r, path: rule.path });
      counters.rules.push(0);
      return { id: ruleList.length - 1, conditions: rule.conditions.map((c) => filter(c.filter, c.path)) };
    }),
  );
  // Evaluation order, as compilePolicy decides: highest criticality first, definition order on a tie.
  const order = policy.statuses
    .map((status, statusIndex) => ({ status, statusIndex, rules: byStatus[statusIndex]! }))
    .filter((s) => s.rules.length > 0)
    .sort((a, b) => b.status.criticality - a.status.criticality || a.status.index - b.status.index);
  for (const _ of policy.statuses) counters.statuses.push(0);
  return { policy, probes, scope, order, ruleList, counters };
}

/** What a record got, as the recorder saw it: `null` when out of scope, else the status and rule. */
export interface RecordedDecision {
  readonly status: string;
  /** The rule that decided (0-based, among its status's rules), `null` for the default status. */
  readonly rule: number | null;
}

/**
 * Records the coverage of one policy, a record at a time: an instrumented evaluation, separate from
 * the compiled one, run only when coverage is asked for (compiled evaluation pays nothing for it).
 */
export interface CoverageRecorder {
  readonly policy: string;
  /**
   * Evaluates `record` at the policy's instant (or `asOf`, ms), counting what it consults; returns the
   * status and rule that decided, or `null` when the record is out of scope.
   */
  record(record: unknown, asOf?: number): RecordedDecision | null;
  /** The counts so far, as plain data. */
  report(): PolicyCoverage;
}

/**
 * A recorder of the coverage of a compiled policy (or its normalized definition, evaluated at
 * `asOf`).
 *
 * @example
 * const recorder = coverageRecorder(policy);
 * for (const r of records) recorder.record(r);
 * coverageTotals([recorder.report()]).rules; // { covered: 3, total: 4, percent: 75 }
 */
export function coverageRecorder(policy: CompiledPolicy): CoverageRecorder {
  const definition = policy.definition;
  const p = plan(definition);
  const counters = p.counters;
  const base = resolveAsOf(policy.asOf, '/asOf');
  const statusIndex = new Map(definition.statuses.map((s, i) => [s, i]));
  const defaultIndex = statusIndex.get(definition.defaultStatus)!;
  return {
    policy: definition.name,
    record(record, asOf = base) {
      counters.evaluated++;
      if (p.scope !== null && !p.scope(record, asOf)) return null;
      counters.applicable++;
      for (const s of p.order) {
        for (let r = 0; r < s.rules.length; r++) {
          const rule = s.rules[r]!;
          let held = true;
          for (let c = 0; c < rule.conditions.length && held; c++) held = rule.conditions[c]!(record, asOf);
          if (!held) continue;
          counters.rules[rule.id]!++;
          counters.statuses[s.statusIndex]!++;
          return { status: s.status.name, rule: r };
        }
      }
      counters.statuses[defaultIndex]!++;
      return { status: definition.defaultStatus.name, rule: null };
    },
    report: () => reportOf(p, counters),
  };
}

function reportOf(p: Plan, c: Counters): PolicyCoverage {
  return {
    policy: p.policy.name,
    evaluated: c.evaluated,
    applicable: c.applicable,
    statuses: p.policy.statuses.map((s, i) => ({
      status: s.name,
      isDefault: s.isDefault,
      path: s.path,
      count: c.statuses[i]!,
    })),
    rules: p.ruleList.map((r, i) => ({ ...r, decided: c.rules[i]! })),
    branches: p.probes.map((b) => ({
      kind: b.kind,
      path: b.path,
      status: b.status,
      rule: b.rule,
      true: c.yes[b.id]!,
      false: c.no[b.id]!,
    })),
  };
}

/**
 * The coverage of the same policy over two sets of records, added up. Both must come from the same
 * definition (the same items in the same order); a mismatch throws a `TypeError`.
 */
export function mergeCoverage(a: PolicyCoverage, b: PolicyCoverage): PolicyCoverage {
  if (
    a.policy !== b.policy ||
    a.statuses.length !== b.statuses.length ||
    a.rules.length !== b.rules.length ||
    a.branches.length !== b.branches.length
  ) {
    throw new TypeError(`cannot merge the coverage of "${a.policy}" with that of another policy`);
  }
  return {
    policy: a.policy,
    evaluated: a.evaluated + b.evaluated,
    applicable: a.applicable + b.applicable,
    statuses: a.statuses.map((s, i) => ({ ...s, count: s.count + b.statuses[i]!.count })),
    rules: a.rules.map((r, i) => ({ ...r, decided: r.decided + b.rules[i]!.decided })),
    branches: a.branches.map((x, i) => ({
      ...x,
      true: x.true + b.branches[i]!.true,
      false: x.false + b.branches[i]!.false,
    })),
  };
}

function ratio(covered: number, total: number): CoverageRatio {
  // Rounded down to a hundredth: 99.999 % is not 100 %, so a threshold of 100 stays strict.
  return { covered, total, percent: total === 0 ? 100 : Math.floor((covered * 10_000) / total) / 100 };
}

/** Statuses reached, rules that decided and branches seen, summed over policies. */
export function coverageTotals(policies: readonly PolicyCoverage[]): CoverageTotals {
  let s = 0;
  let st = 0;
  let r = 0;
  let rt = 0;
  let b = 0;
  let bt = 0;
  for (const p of policies) {
    for (const x of p.statuses) {
      st++;
      if (x.count > 0) s++;
    }
    for (const x of p.rules) {
      rt++;
      if (x.decided > 0) r++;
    }
    for (const x of p.branches) {
      bt += 2;
      if (x.true > 0) b++;
      if (x.false > 0) b++;
    }
  }
  return { statuses: ratio(s, st), rules: ratio(r, rt), branches: ratio(b, bt) };
}
