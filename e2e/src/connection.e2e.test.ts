import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ClusterResponse } from '@pdbscope/shared/api';
import { launchChromium, type Browser } from './chromium.js';
import { buildWeb, repoRoot, startStack, type Stack } from './stack.js';

const screenshots = path.join(
  repoRoot,
  process.env['PDBSCOPE_UPDATE_SCREENSHOTS'] === '1'
    ? 'docs/screenshots'
    : 'e2e/artifacts/screenshots',
);

// Watched one by one (--namespace), each resource of each namespace is a source of its own: 7
// resources in 3 namespaces, one with a name as long as Kubernetes allows.
const LONG_NAMESPACE = 'a-namespace-with-a-name-as-long-as-kubernetes-allows-63-chars-x';
const NAMESPACES = ['payments', 'shop', LONG_NAMESPACE];

let stack: Stack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await mkdir(screenshots, { recursive: true });
  if (process.env['PDBSCOPE_E2E_SKIP_BUILD'] !== '1') await buildWeb();
  stack = await startStack({
    sim: { demo: true, activity: false, seed: 1 },
    args: ['--namespace', NAMESPACES.join(',')],
  });
  browser = await launchChromium({ width: 1280, height: 800 });
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function cluster(): Promise<ClusterResponse> {
  const response = await fetch(`${stack.url}/api/cluster`);
  return (await response.json()) as ClusterResponse;
}

/** Where the page overflows the window sideways, if it does, and where the theme toggle is. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null) => {
      const rect = element?.getBoundingClientRect();
      return rect ? { left: rect.left, right: rect.right } : undefined;
    };
    const toggle = [...document.querySelectorAll('button')].find((b) =>
      b.textContent?.startsWith('Theme:'),
    );
    const bar = document.querySelector('section[aria-label="Connection"]');
    const chips = [...(bar?.querySelectorAll('li') ?? [])].map((li) => box(li)!);
    return {
      width: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      toggle: box(toggle ?? null),
      bar: box(bar),
      chipsRight: Math.max(...chips.map((c) => c.right)),
      chipRows: new Set(
        [...(bar?.querySelectorAll('li') ?? [])].map((li) => li.getBoundingClientRect().top),
      ).size,
    };
  });
}

describe('the connection bar and stale marks', () => {
  it('marks the numbers stale while the page hears no events, and clears the mark after', async () => {
    await page.goto(`${stack.url}/`);
    const bar = page.getByRole('region', { name: 'Connection' });
    await expect
      .poll(() => bar.getByRole('status').textContent(), { timeout: 15_000 })
      .toBe('Live updates: connected');
    await page.getByRole('table', { name: 'Budgets' }).waitFor();
    const mark = page.locator('main .stale-mark');
    expect(await mark.count()).toBe(0);
    const restarted = stack.restartBff();
    await expect
      .poll(() => mark.textContent(), { timeout: 15_000 })
      .toMatch(/^stale · <1 min: these numbers were last known good at .+ \(live updates lost\)$/);
    // The figures themselves are greyed while the mark shows.
    expect(
      await page
        .getByRole('region', { name: 'Summary' })
        .locator('.figure')
        .first()
        .evaluate((el) => getComputedStyle(el).opacity),
    ).toBe('0.55');
    await restarted;
    await expect
      .poll(() => bar.getByRole('status').textContent(), { timeout: 60_000 })
      .toBe('Live updates: connected');
    await expect.poll(() => mark.count(), { timeout: 15_000 }).toBe(0);
  });

  it('keeps 20 degraded sources on screen in wrapping chips, says so, and marks the numbers stale', async () => {
    const watched = await cluster();
    expect(watched.ready).toBe(true);
    for (const namespace of NAMESPACES) stack.sim.faults.forbid(namespace);
    stack.sim.faults.dropWatches({ abrupt: true });
    await expect
      .poll(async () => (await cluster()).sources.filter((s) => s.state === 'degraded').length, {
        timeout: 30_000,
      })
      .toBeGreaterThanOrEqual(20);
    const degraded = (await cluster()).sources.filter((s) => s.state === 'degraded');
    const total = (await cluster()).sources.length;
    await page.goto(`${stack.url}/`);
    const bar = page.getByRole('region', { name: 'Connection' });
    await expect
      .poll(() => bar.textContent(), { timeout: 15_000 })
      .toContain(`${degraded.length} of ${total} sources degraded`);
    expect(await bar.textContent()).not.toContain('All');
    await expect
      .poll(() => page.locator('main .stale-mark').textContent(), { timeout: 15_000 })
      .toMatch(/^stale · .*degraded\)$/);

    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 800 });
      const closed = await layout(page);
      expect(closed.scrollWidth).toBe(width);
      expect(closed.toggle!.right).toBeLessThanOrEqual(width);
      expect(closed.toggle!.left).toBeGreaterThanOrEqual(0);
      expect(closed.bar!.right).toBeLessThanOrEqual(width);
      expect(closed.chipsRight).toBeLessThanOrEqual(width);
      expect(closed.chipRows).toBeGreaterThan(1);
      await bar.getByRole('button', { name: 'Details' }).click();
      const details = bar.getByRole('region', { name: 'Source details' });
      // The long words are here, whole: the watch's path and the refusal.
      await expect
        .poll(() => details.textContent())
        .toContain(`forbidden: Forbidden (watch /api/v1/namespaces/${LONG_NAMESPACE}/pods)`);
      const open = await layout(page);
      expect(open.scrollWidth).toBe(width);
      expect(open.toggle!.right).toBeLessThanOrEqual(width);
      if (width === 1280) await page.screenshot({ path: path.join(screenshots, 'degraded.png') });
      await bar.getByRole('button', { name: 'Hide details' }).click();
    }
    stack.sim.faults.unforbid();
    await expect
      .poll(async () => (await cluster()).sources.every((s) => s.state !== 'degraded'), {
        timeout: 60_000,
      })
      .toBe(true);
    await expect.poll(() => page.locator('main .stale-mark').count(), { timeout: 20_000 }).toBe(0);
  });
});
