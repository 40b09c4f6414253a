import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from './chromium.js';
import { buildWeb, startStack, type Stack } from './stack.js';

let stack: Stack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  if (process.env['PDBSCOPE_E2E_SKIP_BUILD'] !== '1') await buildWeb();
  stack = await startStack({ sim: { demo: true, activity: false, seed: 1 } });
  browser = await launchChromium({ width: 1280, height: 800 });
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('a restored cluster, on the page', () => {
  it('the connection bar says the cluster was restored or replaced, and why on hover', async () => {
    await page.goto(`${stack.url}/`);
    const bar = page.getByRole('region', { name: 'Connection' });
    await expect
      .poll(() => bar.getByRole('status').textContent(), { timeout: 15_000 })
      .toBe('Live updates: connected');
    expect(await bar.getByText('Cluster restored or replaced').count()).toBe(0);
    // An etcd restore: the API server comes back with resourceVersions below what the BFF saw.
    stack.sim.faults.restart({ rewind: true });
    const notice = bar.getByText(/^Cluster restored or replaced/);
    await notice.waitFor({ timeout: 15_000 });
    expect([await notice.textContent(), await notice.getAttribute('title')]).toStrictEqual([
      expect.stringMatching(
        /^Cluster restored or replaced (just now|\d+ s ago) \(resourceVersion went back\): everything was listed again$/,
      ),
      expect.stringMatching(
        /^resourceVersion went back from \d+ to \d+: the cluster was restored or replaced$/,
      ),
    ]);
  });
});
