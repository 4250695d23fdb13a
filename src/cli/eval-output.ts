import type { InventorySummary, PolicySummary } from '../policy/index.js';
import { printable } from '../validate/unprintable.js';
import { UsageError } from './args.js';
import { write } from './io.js';

/** The output formats of `svc-policy eval`. */
export type EvalFormat = 'table' | 'json' | 'ndjson' | 'sarif';

/** `--format`: by default a table on a terminal, JSON otherwise. */
export function parseFormat(value: string | undefined): EvalFormat {
  if (value === undefined) return process.stdout.isTTY ? 'table' : 'json';
  if (value === 'table' || value === 'json' || value === 'ndjson' || value === 'sarif') return value;
  throw new UsageError(`--format must be table, json, ndjson or sarif, got "${value}"`);
}

/**
 * The one writer of `svc-policy eval`'s standard output: per-resource texts as the evaluation goes
 * (back-pressure through the returned promise), then the summary. Every format goes through it.
 * Texts are gathered into writes of {@link WRITE_CHARS} (each as soon as it is written on a terminal):
 * a write per resource cost a third of `--format ndjson`'s time (bench/README.md, "Output in larger
 * writes"). `flush` writes what is gathered, for a run that stops on an error.
 */
export interface OutputWriter {
  resource(text: string | null): void | Promise<void>;
  finish(summary: InventorySummary, report: Record<string, unknown>, rejected: number): Promise<void>;
  flush(): void | Promise<void>;
}

/** Characters (UTF-16 units) gathered before a write: about 64 kB of ASCII. */
const WRITE_CHARS = 64 * 1024;

export function outputWriter(
  format: EvalFormat,
  out: NodeJS.WritableStream,
  explaining: boolean,
  sarif: { readonly head: string; readonly tail: string } | null = null,
): OutputWriter {
  const limit = (out as { isTTY?: boolean }).isTTY === true ? 0 : WRITE_CHARS;
  let gathered = '';
  const emit = (text: string): void | Promise<void> => {
    gathered += text;
    if (gathered.length < limit) return;
    return flush();
  };
  const flush = (): void | Promise<void> => {
    if (gathered === '') return;
    const text = gathered;
    gathered = '';
    return write(out, text);
  };
  const writer = (
    resource: (text: string) => void | Promise<void>,
    last: (summary: InventorySummary, report: Record<string, unknown>, rejected: number) => string,
  ): OutputWriter => ({
    resource: (text) => (text === null ? undefined : resource(text)),
    finish: async (summary, report, rejected) => {
      gathered += last(summary, report, rejected);
      await flush();
    },
    flush,
  });
  switch (format) {
    case 'ndjson':
      return writer(
        (text) => emit(`${text}\n`),
        (_summary, report) => `${JSON.stringify({ summary: report })}\n`,
      );
    case 'table':
      return writer(
        emit,
        (summary, _report, rejected) => `${explaining ? '\n' : ''}${formatSummary(summary, rejected)}`,
      );
    case 'sarif': {
      // One SARIF log whose results are written as the evaluation goes (src/cli/eval-sarif.ts).
      let first = true;
      return writer(
        (text) => {
          const chunk = `${first ? sarif!.head : ',\n'}${text}`;
          first = false;
          return emit(chunk);
        },
        () => `${first ? sarif!.head : ''}${sarif!.tail}`,
      );
    }
    case 'json': {
      // One JSON document, written as the evaluation goes: explained results first, then the summary.
      let first = true;
      return writer(
        (text) => {
          const chunk = `${first ? '{"results":[\n' : ',\n'}${text}`;
          first = false;
          return emit(chunk);
        },
        (_summary, report) => {
          const head = !explaining ? '{"summary":' : first ? '{"results":[],"summary":' : '\n],"summary":';
          return `${head}${JSON.stringify(report)}}\n`;
        },
      );
    }
  }
}

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
    count: s.waived > 0 ? `${int.format(s.count)} (${int.format(s.waived)} waived)` : int.format(s.count),
    share: p.applicable === 0 ? '-' : `${((100 * s.count) / p.applicable).toFixed(1)}%`,
  }));
  const w = {
    status: Math.max(6, ...rows.map((r) => r.status.length)),
    criticality: 11,
    count: Math.max(5, ...rows.map((r) => r.count.length)),
    share: 6,
  };
  const other =
    (p.otherKind > 0 ? `, ${int.format(p.otherKind)} of another kind` : '') +
    (p.waived > 0 ? `, ${int.format(p.waived)} waived` : '');
  const lines = [
    `${title}: ${int.format(p.applicable)} applicable, ${int.format(p.notApplicable)} not applicable${other}`,
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
 * counts and shares of the applicable resources), then the totals, the throughput and the run's asOf.
 */
export function formatSummary(summary: InventorySummary, rejected = 0): string {
  const blocks = summary.policies.map((p) => policyTable(p).join('\n'));
  const seconds = summary.durationMs / 1000;
  const totals =
    `${int.format(summary.resources)} resources, ${summary.policies.length} policies, ` +
    `${int.format(rejected)} rejected, in ${seconds.toFixed(2)} s ` +
    `(${int.format(summary.resourcesPerSecond)} resources/s), as of ${summary.asOf}`;
  return `${blocks.join('\n\n')}\n\n${totals}\n`;
}
