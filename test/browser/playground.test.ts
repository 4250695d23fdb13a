/**
 * The playground in a real browser: Debian's Chromium driven by playwright-core. The page is built
 * from the library's own entry points, so this is also where the README's "runs in modern browsers"
 * claim is checked: the bundle holds no Node built-in, and the conformance fixtures answer in the page
 * as they do in Node.
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateInventory, REFERENCE_DATE } from '../../fixtures/generator.js';
import { columnsFor } from '../../playground/columns.js';
import { impactMatrix } from '../../playground/impact.js';
import { buildPlayground, type PlaygroundBuild } from '../../scripts/build-playground.js';
import { CHROMIUM, CHROMIUM_ARGS, serveStatic } from '../../scripts/serve-playground.js';
import { compileFilter, compilePolicy, parseQuery, queryInMemory } from '../../src/index.js';
import { policyToMongo, toMongo } from '../../src/mongo.js';
import { policyToSql, toSql } from '../../src/sql.js';
import { validatePolicy } from '../../src/validate.js';

const root = join(import.meta.dirname, '..', '..');
// The test runs once, in the codegen project. Not in the closures project: its workers forbid code
// generation from strings, and playwright's driver (in this Node process, not in the page) needs it
// (its locators then wait forever). The page under test is unaffected: nothing there depends on the
// compiler chosen by a project.
const noCodegenInNode = process.execArgv.includes('--disallow-code-generation-from-strings');
const hasChromium = existsSync(CHROMIUM);
const READY = `document.getElementById('status')?.textContent === 'ready'`;
const SETTLED = `!['evaluating…', 'loading…'].includes(document.getElementById('status')?.textContent)`;
if (!hasChromium && !noCodegenInNode) {
  // Skipped, not failed, on a machine where Chromium cannot be installed (.ci/run installs it).
  console.warn(`playground browser tests skipped: no Chromium at ${CHROMIUM} (apt-get install chromium)`);
}

describe.skipIf(noCodegenInNode || !hasChromium)('playground in headless Chromium', () => {
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
    await page.goto(url);
    await page.waitForFunction(READY);
  });

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => server?.close(resolve));
    if (temp !== undefined) rmSync(temp, { recursive: true, force: true });
  });

  const setEditor = async (id: string, text: string) => {
    await page.fill(`#${id}`, text);
    // Past the debounce, then until the evaluation settles.
    await page.waitForTimeout(300);
    await page.waitForFunction(SETTLED);
  };

  it('bundles without Node built-ins and keeps the core small', () => {
    for (const metafile of [built.metafile, built.coreMetafile]) {
      const inputs = Object.values(metafile.inputs).flatMap((input) => input.imports.map((i) => i.path));
      expect(
        inputs.filter(
          (path) => path.startsWith('node:') || /^(fs|path|os|crypto|zlib|util|stream)$/.test(path),
        ),
      ).toEqual([]);
    }
    console.info(
      `core for the browser: ${(built.coreGzipBytes / 1024).toFixed(1)} KB gzipped (every export: ${(built.fullGzipBytes / 1024).toFixed(1)} KB)`,
    );
    expect(built.coreGzipBytes).toBeLessThan(15 * 1024);
  });

  it('loads with no console errors', async () => {
    expect(await page.textContent('#status')).toBe('ready');
    expect(await page.textContent('#count')).toMatch(/^\d+ of 1000 component records match$/);
    expect(consoleErrors).toEqual([]);
  });

  it('shows the match count of a filter from the API description, as Node computes it', async () => {
    const filter = { technology: { $eq: 'postgres' }, region: { $like: 'eu-*' } };
    await page.selectOption('#size', '10000');
    await setEditor('editor', JSON.stringify(filter, null, 2));
    const records = [
      ...generateInventory({ components: 10_000, certificates: 1000 }, { seed: 42, now: REFERENCE_DATE }),
    ];
    const predicate = compileFilter(filter);
    const components = records.filter((r) => r.resource === 'component');
    const expected = components.filter((r) => predicate(r)).length;
    expect(expected).toBeGreaterThan(0);
    expect(await page.textContent('#count')).toBe(
      `${expected} of ${components.length} component records match`,
    );

    // The SQL and Mongo panes show exactly what toSql and toMongo return.
    for (const [dialect, id] of [
      ['postgres', '#pg'],
      ['sqlite', '#sqlite'],
    ] as const) {
      const { sql, params } = toSql(filter, { dialect, columns: columnsFor('component', dialect) });
      expect(await page.textContent(id)).toBe(`WHERE ${sql}\n-- params: ${JSON.stringify(params)}`);
    }
    expect(JSON.parse((await page.textContent('#mongo')) ?? '')).toEqual(toMongo(filter));
    expect(await page.locator('#results td.hit').count()).toBeGreaterThan(0);
    expect(consoleErrors).toEqual([]);
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

  it('counts statuses of a policy and restores the state from a shared link', async () => {
    const policy = readFileSync(
      join(root, 'fixtures', 'policies', 'examples', 'idle-databases.json'),
      'utf8',
    );
    await setEditor('editor', policy);
    expect([await page.textContent('#status'), await page.textContent('#diagnostics')]).toEqual([
      'ready',
      'No problems',
    ]);
    expect(await page.locator('#statuses li').count()).toBeGreaterThan(0);
    const { statusExpression, params } = policyToSql(JSON.parse(policy), {
      dialect: 'postgres',
      columns: columnsFor('component', 'postgres'),
    });
    expect(await page.textContent('#pg')).toBe(
      `status = ${statusExpression}\n-- params: ${JSON.stringify(params)}`,
    );
    expect(JSON.parse((await page.textContent('#mongo')) ?? '')).toEqual(policyToMongo(JSON.parse(policy)));
    await page.locator('#results tr[tabindex]').first().click();
    expect(await page.textContent('#explain')).toContain('"statuses"');
    const link = page.url();
    const other = await browser.newPage();
    try {
      // A narrow window: the layout falls to one column.
      await other.setViewportSize({ width: 420, height: 800 });
      await other.goto(link);
      await other.waitForFunction(READY);
      expect(await other.inputValue('#editor')).toBe(policy);
      expect(await other.textContent('#statuses')).toBe(await page.textContent('#statuses'));
    } finally {
      await other.close();
    }
    mkdirSync(join(root, 'test-results'), { recursive: true });
    await page.screenshot({ path: join(root, 'test-results', 'playground.png'), fullPage: false });
  });

  it('shows the impact matrix of an "after" policy, as both compiled policies give it', async () => {
    const before = readFileSync(
      join(root, 'fixtures', 'policies', 'examples', 'idle-databases.json'),
      'utf8',
    );
    const after = before.replace(/2026-05-02/g, '2026-05-20');
    await page.selectOption('#size', '1000');
    await setEditor('editor', before);
    await setEditor('after', after);
    const records = [
      ...generateInventory({ components: 1000, certificates: 100 }, { seed: 42, now: REFERENCE_DATE }),
    ];
    const matrix = impactMatrix(
      compilePolicy(JSON.parse(before)),
      compilePolicy(JSON.parse(after)),
      records.filter((r) => r.resource === 'component'),
    );
    const cells = await page
      .locator('#impact tr')
      .evaluateAll((rows) =>
        rows.slice(1).map((row) => Array.from(row.querySelectorAll('td'), (td) => Number(td.textContent))),
      );
    expect(cells).toEqual(matrix.counts);
    expect(matrix.counts.flat().some((n, i) => n > 0 && i % (matrix.after.length + 1) !== 0)).toBe(true);
    await setEditor('after', '');
  });

  it('walks a query request page by page, as queryInMemory does', async () => {
    const filter = { technology: { $eq: 'postgres' } };
    const request = { sort: { region: 'asc' }, fields: ['id', 'region'], pageSize: 7 };
    await setEditor('editor', JSON.stringify(filter));
    await setEditor('query', JSON.stringify(request));
    const records = [
      ...generateInventory({ components: 1000, certificates: 100 }, { seed: 42, now: REFERENCE_DATE }),
    ].filter((r) => r.resource === 'component');
    const first = queryInMemory(records, parseQuery({ ...request, filter }, 'component'));
    const second = queryInMemory(
      records,
      parseQuery({ ...request, filter, pageToken: first.nextPageToken }, 'component'),
    );
    await page.click('summary:has-text("Query pages")');
    expect(JSON.parse((await page.textContent('#page')) ?? '')).toEqual(first.items);
    await page.click('#next');
    expect(await page.textContent('#page-number')).toBe('page 2');
    expect(JSON.parse((await page.textContent('#page')) ?? '')).toEqual(second.items);
  });

  it('evaluates a 100,000-record sample', async () => {
    await page.selectOption('#size', '100000');
    await page.waitForTimeout(300);
    await page.waitForFunction(READY, undefined, { timeout: 120_000 });
    expect(await page.textContent('#count')).toMatch(/ of 100000 component records match$/);
    await page.selectOption('#size', '1000');
    await page.waitForTimeout(300);
    await page.waitForFunction(READY);
  });

  it('answers the conformance fixtures in the page as Node does', async () => {
    const dir = join(root, 'fixtures', 'conformance');
    const fixtures = readdirSync(dir, { recursive: true, encoding: 'utf8' })
      .filter((f) => f.endsWith('.json'))
      .sort()
      .map(
        (f) =>
          JSON.parse(readFileSync(join(dir, f), 'utf8')) as { filter: unknown; cases: { record: unknown }[] },
      );
    expect(fixtures.length).toBeGreaterThan(50);
    const inNode = fixtures.map((fixture) => {
      try {
        const predicate = compileFilter(fixture.filter as never);
        return fixture.cases.map((c) => predicate(c.record));
      } catch (error) {
        return { error: (error as { code?: unknown }).code ?? String(error) };
      }
    });
    // A string expression: vitest's transform adds helpers to functions, which playwright cannot ship.
    const inPage: unknown = await page.evaluate(
      `window.svcPlayground.runConformance(${JSON.stringify(fixtures)})`,
    );
    expect(inPage).toEqual(inNode);
    expect(consoleErrors).toEqual([]);
  });
});
