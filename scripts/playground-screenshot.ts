/**
 * `npm run playground:screenshot`: builds the playground, opens it in headless Chromium at 1280×800
 * with an example policy and its "after" variant, opens the explanation of a resource that fell to the
 * default status (its nearest miss shown), and saves docs/playground.png for the README.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from 'playwright-core';
import { buildPlayground } from './build-playground.js';
import { CHROMIUM, CHROMIUM_ARGS, serveStatic } from './serve-playground.js';

const root = join(import.meta.dirname, '..');
const temp = mkdtempSync(join(tmpdir(), 'svc-policy-screenshot-'));
try {
  const built = await buildPlayground(join(temp, 'dist'));
  const { server, url } = await serveStatic(built.outdir, 0);
  const context = await chromium.launchPersistentContext(join(temp, 'profile'), {
    executablePath: CHROMIUM,
    viewport: { width: 1280, height: 800 },
    args: [...CHROMIUM_ARGS],
  });
  try {
    const before = readFileSync(
      join(root, 'fixtures', 'policies', 'examples', 'idle-databases.json'),
      'utf8',
    );
    // The "after" policy: a stricter idle threshold, to fill the impact matrix.
    const after = before
      .replace(/"name": "[^"]*"/, '"name": "Idle databases (stricter)"')
      .replace(/"-P30D"/g, '"-P12D"');
    const state = { text: before, after, size: 10000, resource: 'component', query: '{ "pageSize": 5 }' };
    const page = await context.newPage();
    await page.goto(`${url}#${encodeURIComponent(JSON.stringify(state))}`);
    const ready = `document.documentElement.dataset.state === 'ready'`;
    await page.waitForFunction(ready);
    await page.click('#statuses button:has-text("in-use")');
    await page.waitForFunction(ready);
    await page.locator('#results tbody tr').first().click();
    // The policy from its first line, not where the link left the caret.
    await page.evaluate(`document.getElementById('editor').scrollTop = 0`);
    await page.screenshot({ path: join(root, 'docs', 'playground.png') });
  } finally {
    await context.close();
    server.close();
  }
} finally {
  rmSync(temp, { recursive: true, force: true });
}
