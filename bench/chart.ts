/**
 * `npm run bench:chart [-- results.json…]`: bench/chart.svg from committed results. Without arguments it
 * reads every file of bench/results/ in name (date) order, a later file's section replacing an earlier
 * one's, and says under each panel which file its figures come from. `npm run bench` calls it at the end.
 *
 * Panels: ns per record of each filter (F1–F5) and contender, on a log scale, at each size measured;
 * and the scaling of `svc-policy eval --jobs N` (resources per second by job count), when measured.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { RESULTS_DIR } from './lib.js';

interface FilterRow {
  readonly id: string;
  readonly nsPerRecord: Readonly<Record<string, number>>;
}
interface JobsRow {
  readonly resources: number;
  readonly cores: number;
  readonly resourcesPerSecond: Readonly<Record<string, number>>;
}

const CONTENDERS = [
  'hand-written',
  'svc-policy codegen',
  'svc-policy',
  '@ucast/mongo2js',
  'sift',
  'mingo',
  'json-logic-js',
] as const;
const LABELS: Record<string, string> = {
  'svc-policy codegen': 'svc-policy, generated code (default)',
  'svc-policy': 'svc-policy, closure compiler',
};
const COLORS = ['#555555', '#1f77b4', '#6baed6', '#2ca02c', '#ff7f0e', '#d62728', '#9467bd'];

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

function text(x: number, y: number, s: string, attrs = ''): string {
  return `<text x="${x.toFixed(1)}" y="${y.toFixed(1)}" ${attrs}>${escapeXml(s)}</text>`;
}

/** Sections by name, each with the file it came from; later files win. */
export function loadResults(files: readonly string[]): Map<string, { data: unknown; file: string }> {
  const out = new Map<string, { data: unknown; file: string }>();
  for (const file of files) {
    const json = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    for (const [section, data] of Object.entries(json)) out.set(section, { data, file: basename(file) });
  }
  return out;
}

/** A grouped bar chart of ns per record, log scale; returns the SVG fragment and its height. */
function filtersPanel(y0: number, size: string, rows: readonly FilterRow[], source: string) {
  const parts: string[] = [];
  const left = 60;
  const width = 620;
  const barH = 7;
  const groupH = CONTENDERS.length * barH + 10;
  const all = rows.flatMap((r) => CONTENDERS.map((c) => r.nsPerRecord[c]).filter((x) => x !== undefined));
  const lo = 10 ** Math.floor(Math.log10(Math.min(...all)));
  const hi = 10 ** Math.ceil(Math.log10(Math.max(...all)));
  const x = (v: number) => left + (width * Math.log10(v / lo)) / Math.log10(hi / lo);
  parts.push(
    text(
      left,
      y0 + 14,
      `ns per record, ${Number(size).toLocaleString('en-US')} components (log scale)`,
      'font-weight="bold"',
    ),
  );
  let y = y0 + 28;
  for (let d = lo; d <= hi; d *= 10) {
    parts.push(`<line x1="${x(d)}" y1="${y}" x2="${x(d)}" y2="${y + rows.length * groupH}" stroke="#ddd"/>`);
    parts.push(text(x(d), y + rows.length * groupH + 12, String(d), 'text-anchor="middle" fill="#666"'));
  }
  for (const row of rows) {
    parts.push(text(left - 8, y + groupH / 2, row.id, 'text-anchor="end"'));
    CONTENDERS.forEach((c, i) => {
      const v = row.nsPerRecord[c];
      if (v === undefined) return;
      parts.push(
        `<rect x="${left}" y="${y + i * barH}" width="${(x(v) - left).toFixed(1)}" height="${barH - 1}" fill="${COLORS[i]}"><title>${escapeXml(`${row.id} ${c}: ${v.toFixed(1)} ns`)}</title></rect>`,
      );
    });
    y += groupH;
  }
  y += 18;
  parts.push(text(left, y + 10, `from bench/results/${source}`, 'fill="#666"'));
  return { svg: parts.join('\n'), height: y + 16 - y0 };
}

function legend(y0: number) {
  const parts = CONTENDERS.map((c, i) => {
    const col = i % 2;
    const row = Math.floor(i / 2);
    const x = 60 + col * 320;
    const y = y0 + row * 16;
    return `<rect x="${x}" y="${y}" width="10" height="10" fill="${COLORS[i]}"/>${text(x + 16, y + 9, LABELS[c] ?? c)}`;
  });
  return { svg: parts.join('\n'), height: Math.ceil(CONTENDERS.length / 2) * 16 + 8 };
}

function jobsPanel(y0: number, jobs: { data: JobsRow; file: string } | undefined) {
  const left = 60;
  const parts = [text(left, y0 + 14, 'svc-policy eval --jobs N: resources per second', 'font-weight="bold"')];
  if (jobs === undefined) {
    parts.push(
      text(
        left,
        y0 + 34,
        'not measured yet: no results file has a "jobs" section (npm run bench -- --only jobs)',
        'fill="#666"',
      ),
    );
    return { svg: parts.join('\n'), height: 48 };
  }
  const entries = Object.entries(jobs.data.resourcesPerSecond);
  const max = Math.max(...entries.map(([, v]) => v));
  let y = y0 + 28;
  for (const [n, v] of entries) {
    const w = (560 * v) / max;
    parts.push(text(left - 8, y + 11, `${n}`, 'text-anchor="end"'));
    parts.push(`<rect x="${left}" y="${y}" width="${w.toFixed(1)}" height="14" fill="#1f77b4"/>`);
    parts.push(text(left + w + 6, y + 11, `${Math.round(v).toLocaleString('en-US')}/s`));
    y += 20;
  }
  parts.push(
    text(
      left,
      y + 12,
      `${jobs.data.resources.toLocaleString('en-US')} resources, ${jobs.data.cores} cores; from bench/results/${jobs.file}`,
      'fill="#666"',
    ),
  );
  return { svg: parts.join('\n'), height: y + 22 - y0 };
}

/** The SVG for the given results files. */
export function chart(files: readonly string[]): string {
  const results = loadResults(files);
  const panels: string[] = [];
  let y = 10;
  const l = legend(y);
  panels.push(l.svg);
  y += l.height;
  const filters = results.get('filters') as { data: Record<string, FilterRow[]>; file: string } | undefined;
  for (const [size, rows] of Object.entries(filters?.data ?? {})) {
    const p = filtersPanel(y, size, rows, filters!.file);
    panels.push(p.svg);
    y += p.height + 10;
  }
  const j = jobsPanel(y, results.get('jobs') as { data: JobsRow; file: string } | undefined);
  panels.push(j.svg);
  y += j.height;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="720" height="${Math.ceil(y + 10)}" font-family="sans-serif" font-size="11" role="img" aria-label="svc-policy benchmarks">
<title>ns per record per filter and contender; svc-policy eval --jobs scaling</title>
<rect width="100%" height="100%" fill="white"/>
${panels.join('\n')}
</svg>
`;
}

if (process.argv[1] !== undefined && import.meta.filename === process.argv[1]) {
  const given = process.argv.slice(2);
  const files =
    given.length > 0
      ? given
      : readdirSync(RESULTS_DIR)
          .filter((f) => f.endsWith('.json'))
          .sort()
          .map((f) => join(RESULTS_DIR, f));
  const out = join(import.meta.dirname, 'chart.svg');
  writeFileSync(out, chart(files));
  console.log(`wrote ${out} from ${files.map((f) => basename(f)).join(', ')}`);
}
