import type { InventorySummary, PolicySummary } from '../policy/index.js';
import { printable } from '../validate/unprintable.js';

const int = new Intl.NumberFormat('en-US');

function pad(text: string, width: number, right = false): string {
  return right ? text.padStart(width) : text.padEnd(width);
}

function policyTable(p: PolicySummary): string[] {
  // Policy and status names are the files' own: escaped, so that none can forge a line.
  const title = printable(p.policy);
  if (p.skipped !== null) {
    const why = p.skipped === 'inactive' ? 'inactive (isActive: false)' : 'another resource kind';
    return [`${title}: skipped, ${why}`];
  }
  const rows = p.statuses.map((s) => ({
    status: s.isDefault ? `${printable(s.status)} (default)` : printable(s.status),
    criticality: String(s.criticality),
    count: int.format(s.count),
    share: p.applicable === 0 ? '-' : `${((100 * s.count) / p.applicable).toFixed(1)}%`,
  }));
  const w = {
    status: Math.max(6, ...rows.map((r) => r.status.length)),
    criticality: 11,
    count: Math.max(5, ...rows.map((r) => r.count.length)),
    share: 6,
  };
  const lines = [
    `${title}: ${int.format(p.applicable)} applicable, ${int.format(p.notApplicable)} not applicable`,
    `  ${pad('STATUS', w.status)}  ${pad('CRITICALITY', w.criticality, true)}  ${pad('COUNT', w.count, true)}  ${pad('SHARE', w.share, true)}`,
  ];
  for (const r of rows) {
    lines.push(
      `  ${pad(r.status, w.status)}  ${pad(r.criticality, w.criticality, true)}  ${pad(r.count, w.count, true)}  ${pad(r.share, w.share, true)}`,
    );
  }
  return lines;
}

/**
 * The human-readable summary of an evaluation: one table per policy (statuses in definition order, with
 * counts and shares of the applicable resources), then the totals and the throughput.
 */
export function formatSummary(summary: InventorySummary, rejected = 0): string {
  const blocks = summary.policies.map((p) => policyTable(p).join('\n'));
  const seconds = summary.durationMs / 1000;
  const totals =
    `${int.format(summary.resources)} resources, ${summary.policies.length} policies, ` +
    `${int.format(rejected)} rejected, in ${seconds.toFixed(2)} s ` +
    `(${int.format(summary.resourcesPerSecond)} resources/s)`;
  return `${blocks.join('\n\n')}\n\n${totals}\n`;
}
