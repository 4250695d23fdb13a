import type { DiffCell, PolicyDiff } from '../policy/diff.js';
import type { RuleChanges } from '../validate/compare.js';
import { printable } from '../validate/unprintable.js';
import { resourceId } from './format.js';

/** The output formats of `svc-policy diff`. */
export type DiffFormat = 'table' | 'json' | 'markdown';

/** The comparison of one pair of versions. */
export interface PairDiff {
  readonly policy: string;
  readonly before: string | null;
  readonly after: string | null;
  readonly diff: PolicyDiff;
  readonly static: RuleChanges | null;
}

/** The static changes as lines of text (not escaped). */
function staticLines(s: RuleChanges | null): string[] {
  if (s === null) return [];
  return [
    ...s.becameUnreachable.map((name) => `status "${name}" can no longer be reached`),
    ...s.newFindings.map((f) => `${f.message} [${f.code}]`),
  ];
}

const int = new Intl.NumberFormat('en-US');
const label = (status: string | null) => (status === null ? '(none)' : status);
const percent = (share: number) => `${(share * 100).toFixed(1)}%`;

const idOf = (resource: unknown): string => String(resourceId(resource) ?? '');

/** A cell's count, with how many of its resources are waived under the after version (`--waivers`). */
const countOf = (c: DiffCell): string =>
  `${int.format(c.count)}${(c.waived ?? 0) > 0 ? ` (${int.format(c.waived!)} waived)` : ''}`;

/** How a side decided: the rule that held, the default, or no status. */
function decided(side: DiffCell['examples'][number]['before']): string {
  const r = side.result;
  if (r.status === null) return '(none)';
  const waived = r.waiver === undefined ? '' : `, waived by "${r.waiver.id}"`;
  if (r.matched !== null)
    return `${r.status} (rule ${r.matched.ruleIndex + 1} of ${r.matched.status}${waived})`;
  const miss = side.explanation.nearestMiss;
  return miss === null
    ? `${r.status} (default${waived})`
    : `${r.status} (default; nearest miss: rule ${miss.ruleIndex + 1} of ${miss.status}${waived})`;
}

function summaryLine(p: PairDiff): string {
  const d = p.diff;
  const side = p.before === null ? ' (new policy)' : p.after === null ? ' (removed policy)' : '';
  return `${int.format(d.resources)} resources, ${int.format(d.changed)} change status, ${percent(d.unchangedShare)} unchanged${side}`;
}

function formatTable(diffs: readonly PairDiff[]): string {
  const blocks = diffs.map((p) => {
    const lines = [`policy ${printable(p.policy)}: ${summaryLine(p)}`];
    for (const line of staticLines(p.static)) lines.push(`  statically: ${printable(line)}`);
    const changed = p.diff.matrix.filter((c) => c.changed);
    const width = Math.max(
      0,
      ...changed.map((c) => printable(`${label(c.before)} → ${label(c.after)}`).length),
    );
    for (const cell of changed) {
      lines.push(
        `  ${printable(`${label(cell.before)} → ${label(cell.after)}`).padEnd(width)}  ${countOf(cell).padStart(8)}`,
      );
      for (const e of cell.examples) {
        const id = idOf(e.resource);
        lines.push(
          `      record ${e.index + 1}${id === '' ? '' : ` ${printable(id)}`}: ${printable(decided(e.before))} → ${printable(decided(e.after))}`,
        );
      }
    }
    return lines.join('\n');
  });
  return `${blocks.join('\n\n')}\n`;
}

/**
 * Text for a Markdown table cell or line of a pull-request comment: escaped for the terminal, then for
 * Markdown: its punctuation (`~` strikes through, `&` starts an entity such as `&rlm;`), and what GitHub
 * turns into links and notifications: `@user` and `@org/team` mentions (and e-mail addresses), bare
 * `https://` and `www.` URLs, broken by a zero-width space written as an entity.
 */
function md(text: string): string {
  return printable(text)
    .replace(/[\\`*_[\]<>|#~&]/g, (c) => `\\${c}`)
    .replace(/@/g, '@&#8203;')
    .replace(/:\/\//g, ':&#8203;//')
    .replace(/\b(www)\./gi, '$1&#8203;.');
}

/** A Markdown table laid out as Markdown formatters lay it out (padded columns; the last right-aligned). */
function markdownTable(header: readonly string[], rows: readonly (readonly string[])[]): string[] {
  const widths = header.map((h, i) => Math.max(3, h.length, ...rows.map((r) => r[i]!.length)));
  const last = header.length - 1;
  const cell = (text: string, i: number) =>
    i === last ? text.padStart(widths[i]!) : text.padEnd(widths[i]!);
  const line = (cells: readonly string[]) => `| ${cells.map(cell).join(' | ')} |`;
  const rule = widths.map((w, i) => (i === last ? `${'-'.repeat(w - 1)}:` : '-'.repeat(w)));
  return [line(header), `| ${rule.join(' | ')} |`, ...rows.map(line)];
}

function formatMarkdown(diffs: readonly PairDiff[]): string {
  const out: string[] = [];
  const total = diffs.reduce((n, p) => n + p.diff.changed, 0);
  out.push(
    `**svc-policy diff**: ${int.format(total)} status changes over ${diffs.length} ${diffs.length === 1 ? 'policy' : 'policies'}.`,
  );
  for (const p of [...diffs].sort((a, b) => b.diff.changed - a.diff.changed)) {
    out.push('', `#### ${md(p.policy)}`, '', md(summaryLine(p)));
    const notes = staticLines(p.static);
    if (notes.length > 0) out.push('', ...notes.map((n) => `- ⚠️ ${md(n)}`));
    const changed = p.diff.matrix.filter((c) => c.changed);
    if (changed.length === 0) continue;
    out.push(
      '',
      ...markdownTable(
        ['before', 'after', 'resources'],
        changed.map((c) => [md(label(c.before)), md(label(c.after)), countOf(c)]),
      ),
    );
    out.push('', '<details><summary>Examples</summary>', '');
    for (const c of changed) {
      for (const e of c.examples) {
        const id = idOf(e.resource);
        out.push(
          `- record ${e.index + 1}${id === '' ? '' : ` ${md(id)}`}: ${md(decided(e.before))} → ${md(decided(e.after))}`,
        );
      }
    }
    out.push('', '</details>');
  }
  return `${out.join('\n')}\n`;
}

/** The report in a format; `failOn` (the JSON report's) when --fail-on was given. */
export function formatDiff(format: DiffFormat, diffs: readonly PairDiff[], failOn?: unknown): string {
  if (format === 'json') {
    const report: Record<string, unknown> = { policies: diffs };
    if (failOn !== undefined) report.failOn = failOn;
    return `${JSON.stringify(report, null, 2)}\n`;
  }
  return format === 'markdown' ? formatMarkdown(diffs) : formatTable(diffs);
}
