import type {
  ConditionExplanation,
  FieldExplanation,
  FoundValue,
  PolicyExplanation,
} from '../policy/index.js';
import { printable } from '../validate/unprintable.js';

/** Longest value shown in a text explanation; the JSON formats carry the whole value. */
const SHOWN_VALUE_CHARS = 200;

/**
 * A value read from a record, for text output: JSON, cut short, escaped. A value nested too deep for
 * `JSON.stringify` (which recurses) is shown as such rather than crashing the run.
 */
function showValue(value: unknown): string {
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = Array.isArray(value) ? '[…]' : '{…}';
  }
  if (text.length > SHOWN_VALUE_CHARS) text = `${text.slice(0, SHOWN_VALUE_CHARS)}…`;
  return printable(text);
}

/** A value found, for text output; with version operators, how it reads as a version. */
function describeFound(v: FoundValue): string {
  if (!v.found) return 'missing';
  const text = showValue(v.value);
  if (v.version === undefined) return text;
  return v.version === null ? `${text} (not a version)` : `${text} (version ${printable(v.version.normal)})`;
}

/**
 * A field's operators, for text output: as JSON, but an instant operand as what it stands for
 * (`$lt now+P30D = 2026-12-27T10:00:00.000Z`), the instant resolved at the explanation's asOf.
 */
function describeOperators(clause: FieldExplanation): string {
  const instants = clause.instants;
  if (instants === undefined) return printable(JSON.stringify(clause.operators));
  const parts = Object.entries(clause.operators).map(([name, operand]) => {
    const instant = Object.hasOwn(instants, name) ? instants[name] : undefined;
    const o = operand as { $now?: unknown; $at?: unknown } | null;
    if (instant === undefined || typeof o !== 'object' || o === null)
      return `${name} ${JSON.stringify(operand)}`;
    const now = o.$now;
    const written =
      typeof now === 'string' ? (now.startsWith('-') ? `now${now}` : `now+${now}`) : String(o.$at);
    return `${name} ${written} = ${instant}`;
  });
  return printable(parts.join(', '));
}

/** The clauses that failed in the given conditions, with the values they found. */
function failedClauses(conditions: readonly ConditionExplanation[], indent: string): string[] {
  const lines: string[] = [];
  for (const c of conditions) {
    if (c.held) continue;
    for (const clause of c.clauses) {
      if (clause.held || clause.kind !== 'field') continue;
      const seen = clause.values.length === 0 ? 'no value' : clause.values.map(describeFound).join(', ');
      // Every value comes from a policy or a record: escaped, so that none can forge a line.
      lines.push(`${indent}${printable(clause.path)} ${describeOperators(clause)}: found ${seen}`);
    }
  }
  return lines;
}

/**
 * The short text of one policy explanation: status, how it was decided, the nearest miss and, when
 * `expected` names a status that was not given, why its closest rule failed.
 */
export function explanationText(e: PolicyExplanation, indent = '  ', expected?: string): string[] {
  if (!e.result.applicable) return [`${indent}${printable(e.policy)}: not applicable (outside query.filter)`];
  // Rule numbers are ordinals shown to a person: 1-based (docs/policies.md, "Numbering").
  const how = e.result.matched ? `rule ${e.result.matched.ruleIndex + 1}` : 'no rule held: default';
  const lines = [
    `${indent}${printable(e.policy)}: ${printable(String(e.result.status))} (criticality ${e.result.criticality}, ${how})`,
  ];
  const w = e.waiver;
  if (w !== undefined) {
    lines.push(
      `${indent}  waived by "${printable(w.id)}" until ${w.expires} (owner ${printable(w.owner)}: ${printable(w.reason)}${w.ticket === null ? '' : `, ${printable(w.ticket)}`})`,
    );
  }
  const miss = e.nearestMiss;
  if (miss) {
    lines.push(
      `${indent}  nearest miss: "${printable(miss.status)}" rule ${miss.ruleIndex + 1}, ${miss.failed} of ${miss.conditions} conditions failed`,
    );
    lines.push(...failedClauses(miss.failedConditions, `${indent}    `));
  }
  const want = expected === undefined ? undefined : e.statuses.find((s) => s.status === expected);
  if (want !== undefined && want.status !== e.result.status && miss?.status !== want.status) {
    if (want.reached) {
      lines.push(
        `${indent}  "${printable(want.status)}" was reached too, but "${printable(String(e.result.status))}" has a higher criticality or comes first`,
      );
    } else if (want.rules.length === 0) {
      lines.push(
        `${indent}  "${printable(want.status)}" is the default status: it applies only when no other status is reached`,
      );
    } else {
      const closest = [...want.rules].sort((a, b) => a.failed - b.failed || a.index - b.index)[0]!;
      lines.push(
        `${indent}  "${printable(want.status)}" closest rule ${closest.index + 1}: ${closest.failed} of ${closest.conditions.length} conditions failed`,
      );
      lines.push(...failedClauses(closest.conditions, `${indent}    `));
    }
  }
  return lines;
}

/** A record's `id` when it is a string or a number, else null (explanations and SARIF name it). */
export function resourceId(resource: unknown): string | number | null {
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource)) return null;
  const id = (resource as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}
