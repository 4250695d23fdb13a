import type { ForecastState, ForecastSummary, PolicyForecast, Transition } from '../policy/index.js';
import { printable } from '../validate/unprintable.js';

/** The text outputs of `svc-policy forecast`: a terminal table and Markdown (docs/forecast.md). */

const BARS = '▁▂▃▄▅▆▇█';

/** `now`, `now+P30D`, `now-P30D`. */
function nowText(d: string): string {
  return d === 'PT0S' ? 'now' : d.startsWith('-') ? `now${d}` : `now+${d}`;
}

/** A sparkline of a series: one block per step, its height the count between the series' min and max. */
export function sparkline(series: readonly number[], width = 48): string {
  if (series.length === 0) return '';
  // Long series are sampled at `width` evenly spaced steps, the last step always included.
  const n = Math.min(width, series.length);
  const points = Array.from(
    { length: n },
    (_, i) => series[n === 1 ? 0 : Math.round((i * (series.length - 1)) / (n - 1))]!,
  );
  const min = Math.min(...points);
  const max = Math.max(...points);
  return points
    .map((v) => BARS[max === min ? (v === 0 ? 0 : 3) : Math.round(((v - min) / (max - min)) * 7)])
    .join('');
}

/** A state's status, with its waiver mark: `expired (waived W-7)`. */
export function stateText(s: ForecastState): string {
  const status = s.status ?? 'out of scope';
  return s.waiver === null ? status : `${status} (waived ${s.waiver})`;
}

/** Whether any record of the policy is waived at some step (the reports then show waived counts). */
function anyWaived(p: PolicyForecast): boolean {
  return p.statuses.some((s) => s.waived.some((n) => n > 0));
}

/** A transition in one line: when, which record, from → to, and why. */
export function transitionLine(t: Transition): string {
  const who = t.id === null ? `record ${t.index + 1}` : `${printable(String(t.id))}`;
  const cause = t.causes[0];
  const expired = t.waiverExpired === null ? '' : ` (waiver ${printable(t.waiverExpired)} expires)`;
  const why =
    cause === undefined
      ? expired
      : ` (${printable(cause.path)} ${cause.operator} ${nowText(cause.now)}: ${printable(cause.value)}${t.causes.length > 1 ? `, +${t.causes.length - 1}` : ''})${expired}`;
  const versions =
    t.versions.length === 0
      ? ''
      : ` [${t.versions.map((v) => `${printable(v.path)} ${v.operator} ${printable(v.version)}`).join(', ')}]`;
  return `${t.at}  ${who}: ${printable(stateText(t.from))} → ${printable(stateText(t.to))}${why}${versions}`;
}

function policyTable(p: PolicyForecast, summary: ForecastSummary, shown: number): string[] {
  const lines = [`${printable(p.policy)}`];
  if (p.skipped !== null) return [...lines, `  skipped (${p.skipped})`, ''];
  const name = Math.max(6, ...p.statuses.map((s) => printable(s.status).length));
  lines.push(
    `  ${'status'.padEnd(name)}  crit   ${'now'.padStart(7)} ${'end'.padStart(7)} ${'reached'.padStart(7)}  ${summary.by}s`,
  );
  const waived = anyWaived(p);
  for (const s of p.statuses) {
    const w = waived ? `  waived ${s.waived[0] ?? 0} → ${s.waived.at(-1) ?? 0}` : '';
    lines.push(
      `  ${printable(s.status).padEnd(name)}  ${String(s.criticality).padStart(4)}   ${String(s.series[0] ?? 0).padStart(7)} ${String(s.series.at(-1) ?? 0).padStart(7)} ${String(s.reached).padStart(7)}  ${sparkline(s.series)}${w}`,
    );
  }
  lines.push(
    `  ${p.transitions} transition(s) of ${p.changing} record(s)${p.readsNow ? '' : ' (no $now condition or waiver expiry: nothing changes)'}`,
  );
  for (const t of p.first.slice(0, shown)) lines.push(`    ${transitionLine(t)}`);
  if (p.transitions > Math.min(shown, p.first.length))
    lines.push(
      `    … ${p.transitions - Math.min(shown, p.first.length)} more (--format ndjson lists them all)`,
    );
  lines.push('');
  return lines;
}

/** The terminal table: per policy, per status the count at asOf and at the end, a sparkline, the first transitions. */
export function forecastTable(summary: ForecastSummary, shown: number): string {
  const head = `forecast from ${summary.asOf} to ${summary.until} (${summary.horizon}, by ${summary.by}, ${summary.steps.length} steps), ${summary.resources} record(s)\n\n`;
  return head + summary.policies.flatMap((p) => policyTable(p, summary, shown)).join('\n');
}

/** Markdown text: `|` and line breaks in values cannot break a table. */
function md(text: string): string {
  return printable(text)
    .replace(/\\/g, '\\\\')
    .replace(/\|/g, '\\|')
    .replace(/([`*_[\]<>])/g, '\\$1');
}

/** The Markdown report: a table per policy (counts at asOf, at the end, reached, sparkline) and the first transitions. */
export function forecastMarkdown(summary: ForecastSummary, shown: number): string {
  const out = [
    `## Forecast: ${summary.asOf} → ${summary.until}`,
    '',
    `${summary.resources} record(s), horizon ${md(summary.horizon)}, by ${summary.by}.`,
    '',
  ];
  for (const p of summary.policies) {
    out.push(`### ${md(p.policy)}`, '');
    if (p.skipped !== null) {
      out.push(`Skipped (${p.skipped}).`, '');
      continue;
    }
    const waived = anyWaived(p);
    out.push(
      `| status | criticality | at asOf | at end | reached | over time |${waived ? ' waived at asOf | waived at end |' : ''}`,
      `| --- | ---: | ---: | ---: | ---: | --- |${waived ? ' ---: | ---: |' : ''}`,
    );
    for (const s of p.statuses) {
      const w = waived ? ` ${s.waived[0] ?? 0} | ${s.waived.at(-1) ?? 0} |` : '';
      out.push(
        `| ${md(s.status)} | ${s.criticality} | ${s.series[0] ?? 0} | ${s.series.at(-1) ?? 0} | ${s.reached} | ${sparkline(s.series, 24)} |${w}`,
      );
    }
    out.push('', `${p.transitions} transition(s) of ${p.changing} record(s).`, '');
    if (p.first.length > 0) {
      out.push('| when | record | from | to | why |', '| --- | --- | --- | --- | --- |');
      for (const t of p.first.slice(0, shown)) {
        const why = [
          ...t.causes.map((c) => `${md(c.path)} ${c.operator} ${md(nowText(c.now))}`),
          ...(t.waiverExpired === null ? [] : [`waiver ${md(t.waiverExpired)} expires`]),
          ...t.versions.map((v) => `${md(v.path)} ${v.operator} ${md(v.version)}`),
        ].join('; ');
        out.push(
          `| ${t.at} | ${md(t.id === null ? `record ${t.index + 1}` : String(t.id))} | ${md(stateText(t.from))} | ${md(stateText(t.to))} | ${why} |`,
        );
      }
      out.push('');
    }
  }
  return `${out.join('\n')}\n`;
}
