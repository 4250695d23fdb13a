/**
 * The playground in a real browser: Debian's Chromium driven by playwright-core. The page is built
 * from the library's own entry points, so this is also where the README's "runs in modern browsers"
 * claim is checked: the bundle holds no Node built-in, and the conformance fixtures answer in the page
 * as they do in Node and as the fixtures say. Every expectation is computed here, in Node, from the
 * library (the sample inventory is the page's own input data, shared from playground/sample.ts).
 *
 * Runs in the codegen vitest project only (vitest.config.ts says why).
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { markDates } from '../../fixtures/dates.js';
import { columnsFor } from '../../playground/columns.js';
import { isKind, LINK_NDJSON_BYTES, SAMPLE_POLICIES, sampleRecords } from '../../playground/sample.js';
import { buildPlayground, type PlaygroundBuild } from '../../scripts/build-playground.js';
import { CHROMIUM, CHROMIUM_ARGS, serveStatic } from '../../scripts/serve-playground.js';
import {
  compileFilter,
  compilePolicy,
  coverageRecorder,
  diffPolicies,
  FilterError,
  forecastInventory,
  parseFilter,
  parseQuery,
  queryInMemory,
  type ResourceName,
} from '../../src/index.js';
import { policyToMongo, toMongo } from '../../src/mongo.js';
import { policyToSql, toSql } from '../../src/sql.js';
import { validatePolicy } from '../../src/validate.js';
import { caseOptions, loadConformance } from '../support/conformance.js';

const root = join(import.meta.dirname, '..', '..');
const hasChromium = existsSync(CHROMIUM);
const READY = `document.documentElement.dataset.state === 'ready'`;
const SETTLED = `document.documentElement.dataset.state !== 'busy'`;
if (!hasChromium) {
  // Skipped, not failed, on a machine where Chromium cannot be installed (.ci/run installs it).
  console.warn(`playground browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);
}

const IDLE = readFileSync(join(root, 'fixtures', 'policies', 'examples', 'idle-databases.json'), 'utf8');
/** The "after" version of IDLE: a stricter idle threshold. */
const IDLE_AFTER = IDLE.replace(/"-P30D"/g, '"-P12D"');
/** The sample's reference date: the page's "As of" and the library's calls below count `$now` from it. */
const AS_OF = '2026-06-01T00:00:00.000Z';

const samples = new Map<number, Record<string, unknown>[]>();
/** The page's sample inventory of `size` components, generated here. */
function sample(size: number): Record<string, unknown>[] {
  let records = samples.get(size);
  if (records === undefined) {
    records = [...sampleRecords(size)];
    samples.set(size, records);
  }
  return records;
}
/** A count as the page shows it: with thousands separators. */
const n = (count: number): string => count.toLocaleString('en-US');
const ofKind = (size: number, resource: ResourceName) => sample(size).filter((r) => isKind(r, resource));

/** The value at a JSON pointer. */
function atPointer(document: unknown, pointer: string): unknown {
  return pointer
    .split('/')
    .slice(1)
    .reduce<unknown>(
      (value, token) => (value as Record<string, unknown>)[token.replace(/~1/g, '/').replace(/~0/g, '~')],
      document,
    );
}

/** The 1-based line and column of the first occurrence of `needle` in `text`. */
function positionOf(text: string, needle: string): string {
  const offset = text.indexOf(needle);
  const before = text.slice(0, offset).split('\n');
  return `${before.length}:${before[before.length - 1]!.length + 1}`;
}

// Skipped only where Chromium is missing and cannot be installed; .ci/run installs it, so CI runs these.
describe.skipIf(!hasChromium)('playground in headless Chromium', () => {
  let temp: string;
  let built: PlaygroundBuild;
  let server: Server;
  let url: string;
  let browser: BrowserContext;
  let page: Page;
  const consoleErrors: string[] = [];

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), 'svc-policy-playground-'));
    built = await buildPlayground(join(temp, 'dist'));
    ({ server, url } = await serveStatic(built.outdir, 0));
    // A temporary profile (the persistent context's user data dir), removed with the temp folder.
    browser = await chromium.launchPersistentContext(join(temp, 'profile'), {
      executablePath: CHROMIUM,
      viewport: { width: 1280, height: 800 },
      args: [...CHROMIUM_ARGS],
    });
    page = await browser.newPage();
    page.on('console', (message) => {
      if (message.type() === 'error') consoleErrors.push(message.text());
    });
    page.on('pageerror', (error) => consoleErrors.push(String(error)));
    // Counts, for every message a worker sends the page, the array items it carries (all levels): the
    // main thread holds no more of the records than that.
    await page.addInitScript(`(() => {
      window.largestFromWorker = 0;
      const Native = window.Worker;
      window.Worker = class extends Native {
        constructor(...args) {
          super(...args);
          this.addEventListener('message', (event) => {
            let items = 0;
            const stack = [event.data];
            while (stack.length > 0) {
              const v = stack.pop();
              if (Array.isArray(v)) { items += v.length; for (const x of v) stack.push(x); }
              else if (typeof v === 'object' && v !== null) for (const x of Object.values(v)) stack.push(x);
            }
            window.largestFromWorker = Math.max(window.largestFromWorker, items);
          });
        }
      };
    })()`);
    await page.goto(url);
    await page.waitForFunction(READY);
    await page.fill('#as-of', AS_OF);
    await page.waitForFunction(SETTLED);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (temp !== undefined) rmSync(temp, { recursive: true, force: true });
  });

  /** Past the debounce, then until the evaluation settles. */
  const settle = async (on: Page = page) => {
    await on.waitForTimeout(300);
    await on.waitForFunction(SETTLED, undefined, { timeout: 120_000 });
  };

  // Each test starts from the same sample, resource and empty side inputs, whatever the one before
  // left (or, failing, could not put back).
  afterEach(async () => {
    const inputs = {
      '#size': '1000',
      '#resource': 'component',
      '#ndjson': '',
      '#after': '',
      '#waivers': '',
    } as const;
    let changed = false;
    for (const [selector, value] of Object.entries(inputs)) {
      if ((await page.inputValue(selector)) === value) continue;
      changed = true;
      if (selector.startsWith('#s') || selector.startsWith('#r')) await page.selectOption(selector, value);
      else await page.fill(selector, value);
    }
    if (changed) await settle();
  });
  const setEditor = async (id: string, text: string) => {
    await page.fill(`#${id}`, text);
    await settle();
  };
  const text = async (selector: string, on: Page = page) => (await on.textContent(selector)) ?? '';
  const json = async (selector: string) => JSON.parse(await text(selector)) as unknown;
  const openPages = () => page.evaluate(`document.getElementById('page').closest('details').open = true`);
  /** The pointers of the marked values of each row, by row id. */
  const marks = (on: Page = page) =>
    on.locator('#results tbody tr').evaluateAll((rows) =>
      rows.map((row) => ({
        id: (row as HTMLElement).dataset.id ?? '',
        at: Array.from(row.querySelectorAll('mark'), (m) => (m as HTMLElement).dataset.at ?? '').sort(),
      })),
    );

  it('bundles without Node built-ins, keeps the core small and the figures of docs/playground.md current', () => {
    for (const metafile of [built.metafile, built.coreMetafile]) {
      const inputs = Object.values(metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
      expect(
        inputs.filter(
          (path) => path.startsWith('node:') || /^(fs|path|os|crypto|zlib|util|stream)$/.test(path),
        ),
      ).toEqual([]);
    }
    expect(Object.keys(built.metafile.outputs)).toEqual(
      expect.arrayContaining([expect.stringMatching(/main\.js$/), expect.stringMatching(/worker\.js$/)]),
    );
    expect(built.coreGzipBytes).toBeLessThan(21 * 1024);
    const readme = readFileSync(join(root, 'docs', 'playground.md'), 'utf8');
    const core = /`compilePolicy`\): ([\d.]+) KB gzipped/.exec(readme)?.[1];
    const full = /every export of `svc-policy` at once: ([\d.]+) KB/.exec(readme)?.[1];
    expect([core, full]).not.toContain(undefined);
    expect(Math.abs(Number(core) * 1024 - built.coreGzipBytes)).toBeLessThanOrEqual(512);
    expect(Math.abs(Number(full) * 1024 - built.fullGzipBytes)).toBeLessThanOrEqual(512);
  });

  it('loads with no console errors', async () => {
    expect(await text('#status')).toBe('ready');
    expect(await text('#count')).toMatch(/^[\d,]+ of 1,000 component records match$/);
    expect(consoleErrors).toEqual([]);
  });

  it('shows the match count, SQL, MongoDB query and AST of a filter from the API description', async () => {
    const filter = { technology: { $eq: 'postgres' }, region: { $like: 'eu-*' } };
    await page.selectOption('#size', '10000');
    await setEditor('editor', JSON.stringify(filter, null, 2));
    const components = ofKind(10_000, 'component');
    const predicate = compileFilter(filter);
    const expected = components.filter((r) => predicate(r)).length;
    expect(expected).toBeGreaterThan(0);
    expect(await text('#count')).toBe(`${n(expected)} of ${n(components.length)} component records match`);

    // The SQL and Mongo panes show exactly what toSql and toMongo return; the AST pane parseFilter's.
    for (const [dialect, id] of [
      ['postgres', '#pg'],
      ['sqlite', '#sqlite'],
    ] as const) {
      const { sql, params } = toSql(filter, { dialect, columns: columnsFor('component', dialect) });
      expect(await text(id)).toBe(`WHERE ${sql}\n-- params: ${JSON.stringify(params)}`);
    }
    expect(await json('#mongo')).toEqual(toMongo(filter));
    expect(await json('#ast')).toEqual(JSON.parse(JSON.stringify(parseFilter(filter))));
    expect(consoleErrors).toEqual([]);
  });

  it('takes a filter with a name for a filter of the policy resource, and a { policy } body for a policy', async () => {
    const filter = { name: { $like: 'ownership*' } };
    await page.selectOption('#resource', 'policy');
    await setEditor('editor', JSON.stringify(filter));
    expect(await text('#mode')).toBe('filter');
    const policies = ofKind(1000, 'policy');
    expect(policies).toHaveLength(SAMPLE_POLICIES);
    const expected = policies.filter((r) => compileFilter(filter)(r)).length;
    expect(expected).toBeGreaterThan(0);
    expect(await text('#count')).toBe(`${expected} of ${SAMPLE_POLICIES} policy records match`);
    const { sql, params } = toSql(filter, { dialect: 'postgres', columns: columnsFor('policy', 'postgres') });
    expect(await text('#pg')).toBe(`WHERE ${sql}\n-- params: ${JSON.stringify(params)}`);

    await setEditor('editor', JSON.stringify({ policy: JSON.parse(IDLE) }));
    expect([await text('#mode'), await text('#status'), await text('#diagnostics')]).toEqual([
      'policy',
      'ready',
      'No problems',
    ]);
  });

  it('reads a YAML filter written in flow style', async () => {
    await setEditor('editor', '{ technology: { $eq: postgres } }');
    expect([await text('#mode'), await text('#diagnostics')]).toEqual(['filter', 'No problems']);
    const components = ofKind(1000, 'component');
    const expected = components.filter((r) => r.technology === 'postgres').length;
    expect(await text('#count')).toBe(`${n(expected)} of ${n(components.length)} component records match`);
  });

  it('shows a filter error once, at its line and column, and keeps no pane of the previous filter', async () => {
    await setEditor('editor', '{ "technology": { "$eq": "redis" } }');
    const valid = await text('#pg');
    expect(valid).toMatch(/^WHERE /);
    expect(await page.locator('#results tbody tr').count()).toBeGreaterThan(0);

    const source = ['{', '  "technology": {', '    "$regex": "x"', '  }', '}'].join('\n');
    await setEditor('editor', source);
    let error: unknown;
    try {
      parseFilter(JSON.parse(source));
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(FilterError);
    const { code, message } = error as FilterError;
    expect(code).toBe('UNKNOWN_OPERATOR');
    // An unknown operator is shown where the key is written, as svc-policy validate shows it.
    expect(await page.locator('#diagnostics li').allTextContents()).toEqual([
      `${positionOf(source, '"$regex"')} error UNKNOWN_OPERATOR ${message}`,
    ]);
    expect(await text('#diagnostics')).not.toContain(`${code} ${code}`);
    expect(await text('#status')).toBe('invalid filter');
    // Nothing derived from the previous filter is left.
    for (const id of ['#pg', '#sqlite', '#mongo', '#ast', '#count', '#page']) expect(await text(id)).toBe('');
    expect(await page.locator('#results tbody tr').count()).toBe(0);

    // YAML: a bad operand, at its value.
    const yaml = ['technology:', '  $in: postgres'].join('\n');
    await setEditor('editor', yaml);
    expect(await page.locator('#diagnostics li').allTextContents()).toEqual([
      expect.stringMatching(new RegExp(`^${positionOf(yaml, 'postgres')} error INVALID_OPERAND `)),
    ]);
    expect(await text('#pg')).toBe('');
  });

  it('shows a policy diagnostic at its line and column, as svc-policy validate does', async () => {
    const policy = [
      'name: Broken',
      'resource: component',
      'statusDefinitions:',
      '  ok: { isDefault: true, criticality: 0 }',
      '  bad:',
      '    criticality: 10',
      '    rules:',
      '      - conditions:',
      '          - type: filter',
      '            condition: { filter: { technology: { $regex: "x" } } }',
    ].join('\n');
    await setEditor('editor', policy);
    const diagnostics = validatePolicy(policy, { format: 'yaml' }).diagnostics.filter(
      (d) => d.severity === 'error',
    );
    expect(diagnostics.length).toBeGreaterThan(0);
    const first = diagnostics[0]!;
    expect(first.line).toBeGreaterThan(1);
    const shown = await page.locator('#diagnostics li.error').allTextContents();
    expect(shown).toContain(`${first.line}:${first.column} error ${first.code} ${first.message}`);
  });

  it('counts statuses, explains a default row with its nearest miss, and restores a shared link', async () => {
    await setEditor('editor', IDLE);
    expect([await text('#status'), await text('#diagnostics')]).toEqual(['ready', 'No problems']);
    const definition = JSON.parse(IDLE);
    const policy = compilePolicy(definition, { asOf: AS_OF });
    const components = ofKind(1000, 'component');
    const counts = new Map<string | null, number>(policy.statuses.map((s) => [s.name, 0]));
    for (const r of components) {
      const { status } = policy.evaluate(r);
      counts.set(status, (counts.get(status) ?? 0) + 1);
    }
    expect(await page.locator('#statuses button').allTextContents()).toEqual([
      `all: ${n(components.length)}`,
      ...[...counts].map(([status, count]) => `${status ?? 'not applicable'}: ${n(count)}`),
    ]);
    const { statusExpression, params } = policyToSql(definition, {
      dialect: 'postgres',
      columns: columnsFor('component', 'postgres'),
      asOf: AS_OF,
    });
    expect(await text('#pg')).toBe(`status = ${statusExpression}\n-- params: ${JSON.stringify(params)}`);
    expect(await json('#mongo')).toEqual(policyToMongo(definition, { asOf: AS_OF }));

    // The AST pane: the parsed scope and conditions, each as parseFilter parses it at its pointer.
    const asts = (await json('#ast')) as { at: string; ast: unknown }[];
    expect(asts.map((a) => a.at)).toEqual([
      '/query/filter',
      ...Object.keys(definition.statusDefinitions).flatMap((name) =>
        (definition.statusDefinitions[name].rules ?? []).flatMap(
          (rule: { conditions: unknown[] }, r: number) =>
            rule.conditions.map(
              (_, c) => `/statusDefinitions/${name}/rules/${r}/conditions/${c}/condition/filter`,
            ),
        ),
      ),
    ]);
    for (const { at, ast } of asts)
      expect(ast).toEqual(JSON.parse(JSON.stringify(parseFilter(atPointer(definition, at)))));

    // Rows of the default status are listed (the library gives them a nearest miss).
    await page.click('#statuses button:has-text("in-use")');
    await page.waitForFunction(SETTLED);
    const statuses = await page.locator('#results tbody td[data-field="status"]').allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(['in-use']));
    const row = page.locator('#results tbody tr').first();
    const id = (await row.getAttribute('data-id'))!;
    await row.click();
    const record = components.find((r) => r.id === id);
    const explanation = policy.explain(record);
    const miss = explanation.nearestMiss!;
    expect(miss).not.toBeNull();
    expect(JSON.parse(await text('#explain pre.raw'))).toEqual(JSON.parse(JSON.stringify(explanation)));
    expect(await text('#explain .verdict')).toBe(
      `${id}: "in-use", the default status: no rule of another status held`,
    );
    const nearest = await text('#explain .nearest');
    expect(nearest).toContain(
      `Nearest miss: "${miss.status}", rule ${miss.ruleIndex + 1} (${miss.path}): ${miss.failed} of ${miss.conditions} conditions failed`,
    );
    for (const condition of miss.failedConditions) expect(nearest).toContain(condition.path);

    // A status of a rule: the values that gave it are marked.
    await page.click('#statuses button:has-text("idle")');
    await page.waitForFunction(SETTLED);
    const idle = await marks();
    expect(idle.length).toBeGreaterThan(0);
    for (const { id, at } of idle) {
      const { technology } = components.find((r) => r.id === id)!;
      expect(at).toEqual([`/details/${technology}/lastActiveConnectionTime`, '/technology']);
    }

    const link = page.url();
    const other = await browser.newPage();
    try {
      await other.goto(link);
      await other.waitForFunction(READY);
      expect(await other.inputValue('#editor')).toBe(IDLE);
      expect(await other.locator('#statuses button').allTextContents()).toEqual(
        await page.locator('#statuses button').allTextContents(),
      );
    } finally {
      await other.close();
    }
    mkdirSync(join(root, 'test-results'), { recursive: true });
    await page.screenshot({ path: join(root, 'test-results', 'playground.png'), fullPage: false });
  });

  it('charts the forecast of a policy over the horizon, as forecastInventory counts it', async () => {
    await page.selectOption('#size', '1000');
    await setEditor('editor', IDLE);
    await page.fill('#horizon', 'P60D');
    // The view of this horizon, not of the run before the edit.
    await page.waitForFunction(
      `document.getElementById('forecast').dataset.state === 'ready' && document.getElementById('forecast').dataset.horizon === 'P60D'`,
    );
    const expected = await forecastInventory([JSON.parse(IDLE)], ofKind(1000, 'component'), {
      asOf: AS_OF,
      horizon: 'P60D',
      kindField: null,
    });
    const p = expected.policies[0]!;
    expect(p.transitions).toBeGreaterThan(0);
    expect(await text('#forecast p')).toBe(
      `${n(p.transitions)} status change(s) of ${n(p.changing)} record(s) from 2026-06-01 to 2026-07-31`,
    );
    // One staircase per status, and a legend with its count at asOf and at the end.
    expect(await page.locator('#forecast svg path[data-status]').count()).toBe(p.statuses.length);
    const legend = await page.locator('#forecast svg text').allTextContents();
    for (const s of p.statuses) expect(legend).toContain(`${s.status} (${s.series[0]} → ${s.series.at(-1)})`);
    expect(await page.locator('#forecast-transitions li').count()).toBe(Math.min(8, p.transitions));
    await page
      .locator('#forecast')
      .screenshot({ path: join(root, 'test-results', 'playground-forecast.png') });
    await page.fill('#horizon', 'P90D');
  });

  it('shows which rules decided how many records, on the sample and on pasted records', async () => {
    await setEditor('editor', IDLE);
    const policy = compilePolicy(JSON.parse(IDLE), { asOf: AS_OF });
    const expected = (records: readonly unknown[]) => {
      const recorder = coverageRecorder(policy);
      for (const r of records) recorder.record(r);
      return recorder.report().rules.map((r) => `${r.status} #${r.index + 1}: ${n(r.decided)}`);
    };
    const shown = () => page.locator('#rules .rule').allTextContents();
    const sampled = expected(ofKind(1000, 'component'));
    expect(await shown()).toEqual(sampled);
    expect(await text('#rules')).toMatch(/^Rules decided:/);
    mkdirSync(join(root, 'test-results'), { recursive: true });
    await page.screenshot({ path: join(root, 'test-results', 'playground-rules.png'), fullPage: false });

    // Pasted records: one idle postgres database; every other rule decided none, and is marked so.
    const pasted = [
      {
        id: 'p1',
        resource: 'component',
        technology: 'postgres',
        details: { postgres: { lastActiveConnectionTime: '2026-01-01T00:00:00.000Z' } },
      },
      { id: 'p2', resource: 'component', technology: 'redis' },
    ];
    await page.fill('#ndjson', pasted.map((r) => JSON.stringify(r)).join('\n'));
    await settle();
    expect(await shown()).toEqual(expected(pasted));
    const never = await page.locator('#rules .never').allTextContents();
    expect(never).toEqual(expected(pasted).filter((t) => t.endsWith(': 0')));
    expect(never.length).toBe(3);

    // A filter has no rules: the line is hidden.
    await setEditor('editor', '{ "technology": { "$eq": "postgres" } }');
    expect(await page.isVisible('#rules')).toBe(false);
  });

  it('reaches a table row and its explanation with the keyboard alone', async () => {
    await setEditor('editor', IDLE);
    await page.focus('#editor');
    let onRow = false;
    for (let i = 0; i < 40 && !onRow; i++) {
      await page.keyboard.press('Tab');
      onRow = await page.evaluate(`document.activeElement?.matches('#results tbody tr') === true`);
    }
    expect(onRow).toBe(true);
    const id = await page.evaluate(`document.activeElement.dataset.id`);
    await page.keyboard.press('Enter');
    expect(await text('#explain .verdict')).toMatch(new RegExp(`^${id}: `));
  });

  it('shows the impact of an "after" policy as diffPolicies computes it, with explained examples', async () => {
    await setEditor('after', IDLE_AFTER);
    const diff = await diffPolicies(JSON.parse(IDLE), JSON.parse(IDLE_AFTER), ofKind(1000, 'component'), {
      asOf: AS_OF,
    });
    expect(diff.changed).toBeGreaterThan(0);
    const name = (s: string | null) => s ?? 'no status';
    for (const cell of diff.matrix) {
      const selector = `#impact td[data-before="${name(cell.before)}"][data-after="${name(cell.after)}"]`;
      expect(await text(selector)).toBe(n(cell.count));
    }
    const shown = await page.locator('#impact td').allTextContents();
    expect(shown.map((t) => Number(t.replace(/,/g, ''))).reduce((a, b) => a + b, 0)).toBe(diff.resources);
    for (const cell of diff.matrix.filter((c) => c.changed)) {
      const items = page.locator(
        `#impact .cell[data-before="${name(cell.before)}"][data-after="${name(cell.after)}"] li`,
      );
      expect(await items.evaluateAll((li) => li.map((e) => (e as HTMLElement).dataset.id))).toEqual(
        cell.examples.map((e) => (e.resource as { id: string }).id),
      );
      // Each example says why, on both sides: the rule that gave the new status and the value it read.
      for (const [i, example] of cell.examples.entries()) {
        const line = (await items.nth(i).textContent()) ?? '';
        const matched = example.after.result.matched;
        // Rule numbers shown to a person are 1-based.
        if (matched !== null) expect(line).toContain(`"${matched.status}" by rule ${matched.ruleIndex + 1}`);
      }
    }
  });

  it('marks the resources pasted waivers accept, as compilePolicy does, until they expire at "As of"', async () => {
    const policy = {
      name: 'pg',
      resource: 'component',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        eol: {
          criticality: 20,
          rules: [{ conditions: [{ type: 'filter', condition: { filter: { version: { $lt: '12' } } } }] }],
        },
      },
    };
    const records = [
      { id: 'db-1', resource: 'component', version: '11' },
      { id: 'db-2', resource: 'component', version: '10' },
      { id: 'db-3', resource: 'component', version: '16' },
    ];
    const waivers = {
      waivers: [
        {
          id: 'W-1',
          policy: 'pg',
          ids: ['db-1'],
          accepts: { status: 'eol' },
          expires: '2026-06-01T00:00:00.001Z',
          owner: 'o',
          reason: 'r',
        },
      ],
    };
    await page.fill('#ndjson', records.map((r) => JSON.stringify(r)).join('\n'));
    await setEditor('editor', JSON.stringify(policy));
    await setEditor('waivers', JSON.stringify(waivers));
    const expected = records.map((r) => {
      const result = compilePolicy(policy, { asOf: AS_OF, waivers }).evaluate(r);
      return result.waiver === undefined ? result.status : `${result.status} (waived: ${result.waiver.id})`;
    });
    expect(expected).toEqual(['eol (waived: W-1)', 'eol', 'ok']);
    expect(await page.locator('#results td[data-field="status"]').allTextContents()).toEqual(expected);
    // The forecast takes the pasted waivers: their expiry is a transition, as forecastInventory says.
    const forecast = await forecastInventory([policy], records, {
      asOf: AS_OF,
      horizon: 'P90D',
      kindField: null,
      waivers,
    });
    expect(forecast.policies[0]!.first.map((t) => [t.id, t.ms, t.waiverExpired])).toEqual([
      ['db-1', Date.parse(AS_OF) + 1, 'W-1'],
    ]);
    await expect
      .poll(() => page.locator('#forecast-transitions li').allTextContents())
      .toEqual(['2026-06-01 00:00 db-1: eol (waived W-1) → eol (waiver W-1 expires)']);
    // One millisecond later the waiver has expired: no mark, and the note says so.
    await setEditor('as-of', '2026-06-01T00:00:00.001Z');
    expect(await page.locator('#results td[data-field="status"]').allTextContents()).toEqual([
      'eol',
      'eol',
      'ok',
    ]);
    expect(await text('#waivers-note')).toContain('WAIVER_EXPIRED');
    await setEditor('as-of', AS_OF);
  });

  it('highlights the values that made a filter hold, under $or, in objects and in arrays', async () => {
    const either = { $or: [{ technology: { $eq: 'postgres' } }, { region: { $like: 'eu-*' } }] };
    await setEditor('editor', JSON.stringify(either));
    const components = ofKind(1000, 'component');
    const matches = components.filter((r) => compileFilter(either)(r));
    const rows = await marks();
    expect(rows.map((r) => r.id)).toEqual(matches.slice(0, rows.length).map((r) => r.id));
    expect(rows.length).toBe(Math.min(50, matches.length));
    // Only the branches that held are marked: a Postgres database outside Europe has its technology
    // marked, not its region.
    for (const { id, at } of rows) {
      const r = components.find((c) => c.id === id)!;
      const expected = [
        ...(String(r.region).startsWith('eu-') ? ['/region'] : []),
        ...(r.technology === 'postgres' ? ['/technology'] : []),
      ];
      expect(at).toEqual(expected);
    }
    expect(rows.some((r) => r.at.length === 1)).toBe(true);
    const cell = await page
      .locator('#results tbody tr')
      .first()
      .locator('td[data-field="technology"] mark')
      .count();
    expect(cell).toBe(rows[0]!.at.includes('/technology') ? 1 : 0);

    const nested = {
      $or: [
        { 'details$.kubernetes$.nodes$.__svcArrayAny__$.version': { $eq: '1.26' } },
        { 'tags$.team': { $eq: 'payments' } },
      ],
    };
    await setEditor('editor', JSON.stringify(nested));
    for (const { id, at } of await marks()) {
      const r = components.find((c) => c.id === id)! as {
        tags: Record<string, string>;
        details: { kubernetes?: { nodes: { version: string }[] } };
      };
      const nodes = r.details.kubernetes?.nodes ?? [];
      const expected = [
        ...nodes.flatMap((n, i) => (n.version === '1.26' ? [`/details/kubernetes/nodes/${i}/version`] : [])),
        ...(r.tags.team === 'payments' ? ['/tags/team'] : []),
      ].sort();
      expect(at).toEqual(expected);
    }
    expect((await marks()).some((r) => r.at.some((a) => a.startsWith('/details/')))).toBe(true);
  });

  it('clears the panes of the other mode when switching between a filter and a policy', async () => {
    await setEditor('editor', '{ "technology": { "$eq": "postgres" } }');
    await openPages();
    expect(await text('#page')).toMatch(/^\[/);
    await setEditor('editor', IDLE);
    expect(await page.isVisible('#explaining')).toBe(true);
    expect(await text('#page')).not.toMatch(/^\[/);
    await page.locator('#results tbody tr').first().click();
    expect(await text('#explain')).not.toBe('');

    await setEditor('editor', '{ "technology": { "$eq": "postgres" } }');
    expect(await page.isVisible('#explaining')).toBe(false);
    expect(await page.isVisible('#statuses')).toBe(false);
    for (const id of ['#explain', '#impact', '#statuses']) expect(await text(id)).toBe('');
    expect(await page.locator('#results td[data-field="status"]').count()).toBe(0);
  });

  it('walks a query request page by page, as queryInMemory does', async () => {
    const filter = { technology: { $eq: 'postgres' } };
    const request = { sort: { region: 'asc' }, fields: ['id', 'region'], pageSize: 7 };
    await setEditor('editor', JSON.stringify(filter));
    await setEditor('query', JSON.stringify(request));
    const records = ofKind(1000, 'component');
    const first = queryInMemory(records, parseQuery({ ...request, filter }, 'component'));
    const second = queryInMemory(
      records,
      parseQuery({ ...request, filter, pageToken: first.nextPageToken }, 'component'),
    );
    await openPages();
    expect(await json('#page')).toEqual(first.items);
    await page.click('#next');
    await page.waitForFunction(`document.getElementById('page-number').textContent === 'page 2'`);
    expect(await json('#page')).toEqual(second.items);
  });

  it('takes pasted and dropped NDJSON, and shares pasted records up to the documented size', async () => {
    const pasted = [
      '{"id":"n1","resource":"component","technology":"postgres"}',
      'not json',
      '{"id":"n2","resource":"component","technology":"redis"}',
      '{"id":"n3","resource":"component","technology":"postgres","region":"eu-west-1"}',
    ].join('\n');
    await page.fill('#ndjson', pasted);
    await settle();
    expect(await text('#count')).toBe('2 of 3 component records match');
    expect(await text('#ndjson-note')).toMatch(/^3 pasted records; 1 line skipped \(line 2: /);
    expect(await text('#link-notice')).toBe('');
    const link = page.url();
    const other = await browser.newPage();
    try {
      await other.goto(link);
      await other.waitForFunction(READY);
      expect(await other.inputValue('#ndjson')).toBe(pasted);
      expect(await text('#count', other)).toBe('2 of 3 component records match');
    } finally {
      await other.close();
    }

    // Over the size a link carries: the link says so, and carries the generated sample instead.
    const line = (i: number) =>
      JSON.stringify({
        id: `big-${i}`,
        resource: 'component',
        technology: i % 2 ? 'postgres' : 'redis',
        pad: 'x'.repeat(80),
      });
    const big = Array.from({ length: 400 }, (_, i) => line(i)).join('\n');
    expect(big.length).toBeGreaterThan(LINK_NDJSON_BYTES);
    await page.fill('#ndjson', big);
    await settle();
    expect(await text('#count')).toBe('200 of 400 component records match');
    expect(await text('#link-notice')).toContain(`over the ${LINK_NDJSON_BYTES / 1024} KB a link holds`);
    expect(await page.isVisible('#link-notice')).toBe(true);
    const state = JSON.parse(decodeURIComponent(new URL(page.url()).hash.slice(1)));
    expect(state.ndjson).toBeUndefined();

    // A dropped file.
    const dropped = ['{"id":"d1","resource":"component","technology":"postgres"}', ''].join('\n');
    await page.evaluate(`(() => {
      const data = new DataTransfer();
      data.items.add(new File([${JSON.stringify(dropped)}], 'inventory.ndjson', { type: 'application/x-ndjson' }));
      document.getElementById('ndjson').dispatchEvent(new DragEvent('drop', { dataTransfer: data, bubbles: true, cancelable: true }));
    })()`);
    await page.waitForFunction(`document.getElementById('ndjson').value.startsWith('{"id":"d1"')`);
    await settle();
    expect(await text('#count')).toBe('1 of 1 component records match');
    expect(await page.inputValue('#ndjson')).toBe(dropped);
  });

  it('reports whether "Copy link" copied, and selects the link when it could not', async () => {
    const fallback = async () => {
      expect(await text('#status')).toMatch(/^could not copy/);
      expect(await page.isVisible('#link')).toBe(true);
      expect(await page.inputValue('#link')).toBe(page.url());
      expect(
        await page.evaluate(`(() => {
          const input = document.getElementById('link');
          return document.activeElement === input && input.selectionStart === 0 && input.selectionEnd === input.value.length;
        })()`),
      ).toBe(true);
    };
    await page.evaluate(
      `Object.defineProperty(navigator, 'clipboard', { value: undefined, configurable: true })`,
    );
    await page.click('#share');
    await fallback();
    await page.evaluate(`Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: () => Promise.reject(new Error('denied')) }, configurable: true })`);
    await page.click('#share');
    await fallback();
    await page.evaluate(`Object.defineProperty(navigator, 'clipboard', {
      value: { writeText: (text) => { window.copied = text; return Promise.resolve(); } }, configurable: true })`);
    await page.click('#share');
    await page.waitForFunction(`document.getElementById('status').textContent === 'link copied'`);
    expect(await page.evaluate('window.copied')).toBe(page.url());
    expect(await page.isVisible('#link')).toBe(false);
  });

  it('does not move the page while typing, wide or narrow', async () => {
    /** Layout shifts while a filter is typed into `on`'s editor. */
    const typing = async (on: Page): Promise<number> => {
      await on.fill('#editor', '{}');
      await settle(on);
      await on.evaluate(`(() => {
        window.shifted = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) window.shifted += entry.value;
        }).observe({ type: 'layout-shift' });
      })()`);
      await on.click('#editor');
      await on.keyboard.press('Control+A');
      // In pieces, with pauses past the debounce: the page evaluates the broken texts in between too.
      // Every shift counts, even those right after a key press (which CLS would forgive).
      for (const piece of ['{ "technology": ', '{ "$eq": "redis" }', ', "region": { "$like": "eu-*" } }']) {
        await on.keyboard.type(piece, { delay: 15 });
        await settle(on);
      }
      expect(await text('#diagnostics', on)).toBe('No problems');
      return (await on.evaluate('window.shifted')) as number;
    };
    expect(await typing(page)).toBeLessThan(0.05);
    const narrow = await browser.newPage();
    try {
      await narrow.setViewportSize({ width: 420, height: 800 });
      await narrow.goto(page.url());
      await narrow.waitForFunction(READY);
      expect(await typing(narrow)).toBeLessThan(0.05);
    } finally {
      await narrow.close();
    }
  });

  it('fits a narrow window: no horizontal scrolling, the diagnostics and count under the editor, a sticky header', async () => {
    await setEditor('editor', '{ "technology": { "$eq": "redis" } }');
    const narrow = await browser.newPage();
    try {
      await narrow.setViewportSize({ width: 420, height: 800 });
      await narrow.goto(page.url());
      await narrow.waitForFunction(READY);
      type Box = { top: number; bottom: number; left: number; right: number };
      const { scrollWidth, innerWidth, innerHeight, editor, diagnostics, count, ndjson } =
        (await narrow.evaluate(`(() => {
        const box = (id) => document.getElementById(id).getBoundingClientRect().toJSON();
        return {
          scrollWidth: document.documentElement.scrollWidth, innerWidth, innerHeight,
          editor: box('editing'), diagnostics: box('diagnostics'), count: box('count'), ndjson: box('ndjson'),
        };
      })()`)) as { scrollWidth: number; innerWidth: number; innerHeight: number } & Record<
          'editor' | 'diagnostics' | 'count' | 'ndjson',
          Box
        >;
      expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
      expect(editor.bottom).toBeLessThanOrEqual(diagnostics.top);
      expect(count.bottom).toBeLessThanOrEqual(ndjson.top);
      for (const box of [diagnostics, count]) {
        expect(box.left).toBeGreaterThanOrEqual(0);
        expect(box.right).toBeLessThanOrEqual(innerWidth);
        expect(box.bottom).toBeLessThanOrEqual(innerHeight);
      }
      expect(await text('#count', narrow)).toMatch(/ of 1,000 component records match$/);
      // The header is one row: its items side by side, their middles level.
      const middles = (await narrow.evaluate(`['h1', '#mode', '#status', '#share'].map((s) => {
        const box = document.querySelector('header ' + s).getBoundingClientRect();
        return box.top + box.height / 2;
      })`)) as number[];
      expect(Math.max(...middles) - Math.min(...middles)).toBeLessThan(4);
      // The table's header stays in view when its rows scroll.
      const header = await narrow.evaluate(`(() => {
        const box = document.querySelector('#summary .scroll');
        box.scrollTop = 120;
        return [box.scrollTop, box.querySelector('thead th').getBoundingClientRect().top - box.getBoundingClientRect().top];
      })()`);
      expect(header).toEqual([120, expect.closeTo(1, 0)]);
      mkdirSync(join(root, 'test-results'), { recursive: true });
      await narrow.screenshot({ path: join(root, 'test-results', 'playground-narrow.png') });
    } finally {
      await narrow.close();
    }
  });

  it('evaluates 100,000 records off the main thread, which receives pages of results only', async () => {
    await page.evaluate('window.largestFromWorker = 0');
    await page.selectOption('#size', '100000');
    await settle();
    expect(await text('#count')).toMatch(/ of 100,000 component records match$/);
    await page.fill('#after', IDLE_AFTER);
    await setEditor('editor', IDLE);
    expect(await text('#count')).toBe('100,000 component records evaluated');
    expect(await page.locator('#impact td.changed').count()).toBeGreaterThan(0);
    await page.click('#statuses button:has-text("idle")');
    await page.waitForFunction(SETTLED);
    // No message brings the page a share of the records it could make a pass over: the worker sends
    // one page of rows and the summaries, a few hundred items, of 100,000 records.
    const largest = (await page.evaluate('window.largestFromWorker')) as number;
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThan(2_000);
  });

  it('opens a shared link naming a resource or size the page does not offer (`__proto__`) with the defaults', async () => {
    // Written as text: `__proto__` is then an own property of the parsed state, as in a crafted link.
    const state = `{"text":"{ \\"technology\\": { \\"$eq\\": \\"redis\\" } }","size":"x","resource":"__proto__","query":"{}","after":""}`;
    const other = await browser.newPage();
    const errors: string[] = [];
    other.on('pageerror', (error) => errors.push(String(error)));
    try {
      await other.goto(`${url}#${encodeURIComponent(state)}`);
      await other.waitForFunction(SETTLED, undefined, { timeout: 60_000 });
      expect(await text('#status', other)).toBe('ready');
      expect([await other.inputValue('#resource'), await other.inputValue('#size')]).toEqual([
        'component',
        '1000',
      ]);
      const components = ofKind(1000, 'component');
      const expected = components.filter((r) => r.technology === 'redis').length;
      expect(await text('#count', other)).toBe(
        `${n(expected)} of ${n(components.length)} component records match`,
      );
      expect(errors).toEqual([]);
    } finally {
      await other.close();
    }
  });

  it('matches, marks and explains a pasted record holding a 90,000-element array', async () => {
    // Numbers, so that the pasted line stays short (180 KB): the page's textarea lays out every character.
    const nodes = Array.from({ length: 90_000 }, (_, i) => i % 2);
    const record = {
      id: 'big',
      resource: 'component',
      technology: 'kubernetes',
      details: { kubernetes: { nodes } },
    };
    await page.fill('#ndjson', JSON.stringify(record));
    const path = 'details$.kubernetes$.nodes$.__svcArrayAny__';
    await setEditor('editor', JSON.stringify({ [path]: { $eq: 1 } }));
    expect([await text('#status'), await text('#count')]).toEqual([
      'ready',
      '1 of 1 component records match',
    ]);
    const policy = {
      name: 'big',
      resource: 'component',
      statusDefinitions: {
        ok: { isDefault: true, criticality: 0 },
        old: {
          criticality: 10,
          rules: [{ conditions: [{ type: 'filter', condition: { filter: { [path]: { $eq: 1 } } } }] }],
        },
      },
    };
    await setEditor('editor', JSON.stringify(policy));
    expect([await text('#status'), await text('#count')]).toEqual(['ready', '1 component records evaluated']);
    await page.locator('#results tbody tr').first().click();
    expect(await text('#explain .verdict')).toBe('big: "old" (criticality 10), by rule 1 of "old"');
    // The cell and the explanation list the first values read and count the others.
    expect(await page.locator('#results tbody td[data-field="details"] mark').count()).toBe(20);
    expect(await text('#results tbody td[data-field="details"]')).toContain('… and 44,980 more');
    expect(await text('#explain')).toContain('… and 89,980 more values');
    expect(consoleErrors).toEqual([]);
  });

  it('lists every diagnostic of a policy in a box that scrolls, their count in the heading', async () => {
    const rule = (filter: object) => [{ conditions: [{ type: 'filter', condition: { filter } }] }];
    const policy = JSON.stringify(
      {
        name: 'five',
        resource: 'component',
        statusDefinitions: {
          ok: { isDefault: true, criticality: 'x' },
          a: { criticality: 1, rules: rule({ technology: { $in: 'x' } }) },
          b: { criticality: 1, rules: rule({ region: { $regex: 'x' } }) },
          c: { criticality: 1, rules: rule({ version: { $gt: [] } }) },
          d: { criticality: 2, bogus: 1 },
        },
      },
      null,
      2,
    );
    await setEditor('editor', policy);
    const { diagnostics } = validatePolicy(policy, { format: 'json' });
    expect(diagnostics.length).toBeGreaterThanOrEqual(5);
    expect(await page.locator('#diagnostics li').allTextContents()).toEqual(
      diagnostics.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code} ${d.message}`),
    );
    expect(await text('#diagnostic-count')).toBe(`(${diagnostics.length})`);
    // Room for several lines, a scrollbar that is always there, and the last problem reachable.
    const box = (await page.evaluate(`(() => {
      const box = document.getElementById('diagnostics');
      const style = getComputedStyle(box);
      box.scrollTop = box.scrollHeight;
      const last = box.lastElementChild.getBoundingClientRect();
      const shown = box.getBoundingClientRect();
      return {
        overflowY: style.overflowY,
        lines: box.clientHeight / parseFloat(style.lineHeight),
        lastShown: last.top >= shown.top - 1 && last.bottom <= shown.bottom + 1,
      };
    })()`)) as { overflowY: string; lines: number; lastShown: boolean };
    expect(box).toEqual({ overflowY: 'scroll', lines: expect.any(Number), lastShown: true });
    expect(box.lines).toBeGreaterThanOrEqual(5.5);
  });

  it('shows a refused query request in Diagnostics, not only in the collapsed pages pane', async () => {
    const query = await page.inputValue('#query');
    try {
      const filter = { technology: { $eq: 'postgres' } };
      await setEditor('editor', JSON.stringify(filter));
      const request = { pageSize: 0, sort: { nope: 'asc' } };
      await setEditor('query', JSON.stringify(request));
      let error: { code?: string; message?: string } = {};
      try {
        parseQuery({ ...request, filter }, 'component');
      } catch (e) {
        error = e as Error & { code: string };
      }
      expect(error.code).toBe('INVALID_PAGE_SIZE');
      const line = `query request error ${error.code} ${error.message}`;
      expect(await page.locator('#diagnostics li').allTextContents()).toEqual([line]);
      expect(await text('#status')).toBe('ready');
      await openPages();
      expect(await text('#page')).toBe(`${error.code} ${error.message}`);

      // A request whose text does not read, at its line and column in the query editor.
      await setEditor('query', '{ "pageSize": ');
      expect(await page.locator('#diagnostics li').allTextContents()).toEqual([
        'query request 1:15 error SYNTAX_ERROR invalid JSON: unexpected end of the text, expected a JSON value',
      ]);
    } finally {
      await setEditor('query', query);
    }
  });

  it('explains a resource outside the scope as not applicable: no status, rule or condition marked held', async () => {
    await setEditor('editor', IDLE);
    await page.click('#statuses button:has-text("not applicable")');
    await page.waitForFunction(SETTLED);
    const row = page.locator('#results tbody tr').first();
    const id = (await row.getAttribute('data-id'))!;
    await row.click();
    const record = ofKind(1000, 'component').find((r) => r.id === id);
    const explanation = compilePolicy(JSON.parse(IDLE), { asOf: AS_OF }).explain(record);
    expect(explanation.result.applicable).toBe(false);
    // The library still evaluates the conditions (some hold): the page shows none of them as held.
    expect(explanation.statuses.some((s) => s.rules.some((r) => r.conditions.some((c) => c.held)))).toBe(
      true,
    );
    expect(await text('#explain .verdict')).toBe(`${id}: not applicable: outside the scope of the policy`);
    const statuses = await text('#explain > ul');
    expect(statuses).not.toMatch(/[✓✗]/);
    expect(statuses).toContain('– rule 1 (2 conditions)');
    expect(await page.locator('#explain > ul .held').count()).toBe(0);
  });

  it('answers the conformance fixtures in the page as Node does and as each case expects', async () => {
    const fixtures = loadConformance();
    expect(fixtures.length).toBeGreaterThan(50);
    const inNode = fixtures.map((f) => f.cases.map((c) => compileFilter(f.filter, caseOptions(c))(c.record)));
    const expected = fixtures.map((f) => f.cases.map((c) => c.match));
    let dates = 0;
    JSON.stringify(fixtures, function (this: unknown, key: string, value: unknown) {
      if ((this as Record<string, unknown>)[key] instanceof Date) dates++;
      return value;
    });
    expect(dates).toBeGreaterThan(0);
    // The fixtures travel as text with their Dates as `$date` markers; the page rebuilds them.
    const payload = JSON.stringify(
      fixtures.map((f) => ({ filter: f.filter, cases: f.cases })),
      markDates,
    );
    // A string expression: vitest's transform adds helpers to functions, which playwright cannot ship.
    const inPage = (await page.evaluate(
      `window.svcPlayground.runConformance(${JSON.stringify(payload)})`,
    )) as {
      answers: boolean[][];
      dates: number;
    };
    expect(inPage.dates).toBe(dates);
    expect(inPage.answers).toEqual(inNode);
    expect(inPage.answers).toEqual(expected);
    expect(consoleErrors).toEqual([]);
  });
});
