import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { launchChromium, type Browser } from './chromium.js';
import { buildWeb, repoRoot, startStack, type Stack } from './stack.js';

const screenshots = path.join(repoRoot, 'e2e/artifacts/screenshots');

// The demo cluster with the pods of one namespace refused (403), its budgets still served: the
// RBAC of a tenant's role, or a platform team's.
let stack: Stack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await mkdir(screenshots, { recursive: true });
  if (process.env['PDBSCOPE_E2E_SKIP_BUILD'] !== '1') await buildWeb();
  stack = await startStack({
    sim: { demo: true, activity: false, seed: 1 },
    beforeBff: (sim) => sim.faults.forbidIn('pods', 'zookeeper'),
  });
  browser = await launchChromium({ width: 1280, height: 900 });
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('a budget whose pods are not visible', () => {
  it('shows its reported status, says why in place of the lanes, and draws nothing from absence', async () => {
    await page.goto(`${stack.url}/budgets/PodDisruptionBudget/zookeeper/zookeeper`);
    const note = page.getByRole('note', { name: 'Pods not visible' });
    await note.waitFor({ timeout: 20_000 });
    expect(await note.textContent()).toContain('no permission to list pods in zookeeper');
    // No lane, no pod: an empty lane would read as "no pods".
    expect(await page.locator('main .lanes').count()).toBe(0);
    const main = page.locator('main');
    await expect
      .poll(() => main.textContent(), { timeout: 20_000 })
      .toContain('The recomputed status is not known');
    const text = (await main.textContent()) ?? '';
    expect(text).not.toContain('selects no pod');
    expect(text).not.toContain('status differs');
    expect(text).toContain('No findings from what can be seen');
    await page.screenshot({ path: path.join(screenshots, 'budget-pods-not-visible.png') });
  });

  it('answers the pod page with "not visible", not "not found"', async () => {
    await page.goto(`${stack.url}/pods/zookeeper/zookeeper-0`);
    const alert = page.locator('main').getByRole('alert');
    await alert.waitFor({ timeout: 20_000 });
    const text = (await alert.textContent()) ?? '';
    expect(text).toContain('is not visible');
    expect(text).not.toContain('not found');
  });

  it('says in the connection bar which source is not visible', async () => {
    await page.goto(`${stack.url}/`);
    const bar = page.getByRole('region', { name: 'Connection' });
    await expect
      .poll(() => bar.textContent(), { timeout: 20_000 })
      .toContain('not visible (no permission)');
    // Each source's chip, on demand.
    await bar.getByRole('button', { name: 'Details' }).click();
    expect(await bar.getByRole('list', { name: 'Sources' }).textContent()).toContain(
      'pods@zookeeper',
    );
  });
});
