/**
 * The playground's forecast view: the worker forecasts the policy over the sample or pasted records
 * (`forecastInventory`, the library's), and the page draws the count of each status over the horizon as
 * an SVG chart, with the first transitions below it (docs/forecast.md).
 */
import {
  type ForecastState,
  type ForecastSummary,
  forecastInventory,
  type ResourceName,
} from '../src/index.js';
import { isKind } from './sample.js';

/** The horizon the view starts with. */
export const DEFAULT_HORIZON = 'P90D';

/** The worker's side: the forecast of one policy over the records of its kind. */
export async function forecastRecords(
  definition: unknown,
  records: readonly unknown[],
  resource: ResourceName,
  asOf: number,
  horizon: string,
  waivers: unknown,
): Promise<ForecastSummary> {
  const kind = records.filter((r) => isKind(r, resource));
  return forecastInventory([definition], kind, {
    asOf,
    horizon,
    by: 'day',
    first: 8,
    kindField: null,
    ...(waivers === undefined ? {} : { waivers }),
  });
}

/** A state as the list shows it: the status, and the waiver that marks it. */
function stateText(s: ForecastState): string {
  const status = s.status ?? 'not applicable';
  return s.waiver === null ? status : `${status} (waived ${s.waiver})`;
}

const SVG = 'http://www.w3.org/2000/svg';
const COLORS = ['#2e7d32', '#f9a825', '#ef6c00', '#c62828', '#6a1b9a', '#1565c0', '#00838f', '#5d4037'];

function svg<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/** Statuses by criticality: green for the lowest, red for the highest. */
function colorOf(rank: number, of: number): string {
  if (of <= 1) return COLORS[0]!;
  return COLORS[Math.round((rank / (of - 1)) * 3)]!;
}

/** The chart: one line per status (its count at each step), the date axis and a legend. */
export function forecastChart(summary: ForecastSummary): SVGSVGElement {
  const p = summary.policies[0]!;
  const W = 560;
  const H = 220;
  const left = 44;
  const bottom = 28;
  const top = 10;
  const right = 10;
  const steps = summary.steps.map((s) => Date.parse(s));
  const t0 = steps[0]!;
  const t1 = steps.at(-1)!;
  const max = Math.max(1, ...p.statuses.flatMap((s) => s.series));
  const x = (t: number) => left + ((t - t0) / Math.max(1, t1 - t0)) * (W - left - right);
  const y = (n: number) => top + (1 - n / max) * (H - top - bottom);
  const chart = svg('svg', {
    viewBox: `0 0 ${W} ${H + 18 * Math.ceil(p.statuses.length / 2)}`,
    role: 'img',
    class: 'forecast-chart',
  });
  chart.append(svg('line', { x1: left, y1: y(0), x2: W - right, y2: y(0), stroke: '#888' }));
  chart.append(svg('line', { x1: left, y1: top, x2: left, y2: y(0), stroke: '#888' }));
  for (const n of [0, max]) {
    const label = svg('text', { x: left - 4, y: y(n) + 4, 'text-anchor': 'end', 'font-size': 11 });
    label.textContent = n.toLocaleString('en-US');
    chart.append(label);
  }
  for (const [i, t] of [t0, t1].entries()) {
    const label = svg('text', {
      x: x(t),
      y: H - 10,
      'text-anchor': i === 0 ? 'start' : 'end',
      'font-size': 11,
    });
    label.textContent = new Date(t).toISOString().slice(0, 10);
    chart.append(label);
  }
  const ranked = [...p.statuses].sort((a, b) => a.criticality - b.criticality);
  p.statuses.forEach((s, i) => {
    const color = colorOf(ranked.indexOf(s), ranked.length);
    // Steps: a count holds from its step to the next, so the line is a staircase.
    let d = '';
    s.series.forEach((n, k) => {
      d += k === 0 ? `M${x(steps[k]!)},${y(n)}` : `H${x(steps[k]!)}V${y(n)}`;
    });
    const line = svg('path', { d, fill: 'none', stroke: color, 'stroke-width': 2, 'data-status': s.status });
    const title = svg('title', {});
    title.textContent = `${s.status}: ${s.series[0]} at asOf, ${s.series.at(-1)} at the end`;
    line.append(title);
    chart.append(line);
    const lx = left + (i % 2) * 250;
    const ly = H + 4 + 18 * Math.floor(i / 2);
    chart.append(svg('rect', { x: lx, y: ly, width: 12, height: 12, fill: color }));
    const label = svg('text', { x: lx + 16, y: ly + 10, 'font-size': 12 });
    label.textContent = `${s.status} (${s.series[0]} → ${s.series.at(-1)})`;
    chart.append(label);
  });
  return chart;
}

/** The view: the chart, then the count of transitions and the first ones. */
export function forecastView(summary: ForecastSummary): (Node | string)[] {
  const p = summary.policies[0]!;
  const note = document.createElement('p');
  note.textContent = p.readsNow
    ? `${p.transitions.toLocaleString('en-US')} status change(s) of ${p.changing.toLocaleString('en-US')} record(s) from ${summary.asOf.slice(0, 10)} to ${summary.until.slice(0, 10)}`
    : 'This policy has no { "$now": … } condition and no waiver expiring: nothing changes with time.';
  const list = document.createElement('ul');
  list.id = 'forecast-transitions';
  for (const t of p.first) {
    const item = document.createElement('li');
    const cause = t.causes[0];
    const why =
      cause !== undefined
        ? ` (${cause.path} ${cause.operator} ${cause.now})`
        : t.waiverExpired !== null
          ? ` (waiver ${t.waiverExpired} expires)`
          : '';
    item.textContent = `${t.at.slice(0, 16).replace('T', ' ')} ${t.id ?? `record ${t.index + 1}`}: ${stateText(t.from)} → ${stateText(t.to)}${why}`;
    list.append(item);
  }
  return [forecastChart(summary), note, list];
}
