/**
 * Forecast next to eval: the example policies over generated records (the seeded generator, streamed:
 * components and one certificate for every ten), the time and the peak memory of each, each in a
 * process of its own so that one's heap does not count for the other.
 *
 *   npx tsx bench/forecast.ts                  # 1,000,000 records, horizon P90D by week
 *   npx tsx bench/forecast.ts --count 100000
 *
 * Prints a Markdown table for bench/README.md ("Forecast").
 */
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { compilePolicy, evaluateInventory, forecastInventory } from '../src/index.js';
import { generateInventory } from '../src/sample/generator.js';

const root = join(import.meta.dirname, '..');
const AS_OF = '2026-06-01T00:00:00Z';
const { values } = parseArgs({
  options: { count: { type: 'string' }, mode: { type: 'string' }, horizon: { type: 'string' } },
});
const count = Number(values.count ?? 1_000_000);
const horizon = values.horizon ?? 'P90D';

function policies() {
  const dir = join(root, 'fixtures', 'policies', 'examples');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => compilePolicy(JSON.parse(readFileSync(join(dir, f), 'utf8')), { asOf: AS_OF }));
}

/** The records, generated one at a time, the peak memory sampled as they go. */
function* records(peak: { rss: number; heap: number }): Generator<unknown> {
  let i = 0;
  for (const r of generateInventory(
    { components: Math.round(count / 1.1), certificates: Math.round(count / 11) },
    { seed: 42 },
  )) {
    if ((++i & 0x3fff) === 0) {
      const m = process.memoryUsage();
      peak.rss = Math.max(peak.rss, m.rss);
      peak.heap = Math.max(peak.heap, m.heapUsed);
    }
    yield r;
  }
}

async function measure(mode: string): Promise<void> {
  const list = policies();
  const peak = { rss: 0, heap: 0 };
  const started = performance.now();
  let detail: Record<string, unknown>;
  if (mode === 'eval') {
    const s = await evaluateInventory(list, records(peak), { asOf: AS_OF });
    detail = { resources: s.resources };
  } else {
    const s = await forecastInventory(list, records(peak), { asOf: AS_OF, horizon, by: 'week' });
    detail = {
      resources: s.resources,
      transitions: s.policies.reduce((n, p) => n + p.transitions, 0),
      changing: s.policies.reduce((n, p) => n + p.changing, 0),
    };
  }
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `${JSON.stringify({ mode, seconds, rssMiB: peak.rss / 2 ** 20, heapMiB: peak.heap / 2 ** 20, ...detail })}\n`,
  );
}

if (values.mode !== undefined) {
  await measure(values.mode);
} else {
  const rows: Array<Record<string, number | string>> = [];
  for (const mode of ['eval', 'forecast']) {
    const r = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        import.meta.filename,
        '--mode',
        mode,
        '--count',
        String(count),
        '--horizon',
        horizon,
      ],
      {
        encoding: 'utf8',
        maxBuffer: 1 << 20,
      },
    );
    if (r.status !== 0) throw new Error(r.stderr);
    rows.push(JSON.parse(r.stdout.trim().split('\n').at(-1)!));
  }
  const base = rows[0]!.seconds as number;
  console.log(
    `| run (${count.toLocaleString('en')} records, ${horizon}) | time | × eval | peak RSS | peak heap | transitions |`,
  );
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of rows) {
    console.log(
      `| ${r.mode} | ${(r.seconds as number).toFixed(1)} s | ${((r.seconds as number) / base).toFixed(2)} | ${Math.round(r.rssMiB as number)} MiB | ${Math.round(r.heapMiB as number)} MiB | ${r.transitions ?? '—'} |`,
    );
  }
}
