import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@pdbscope/sim/clock';
import type { Page } from 'playwright-core';
import { openDemo, type DemoSession } from './demo-session.js';

let demo: DemoSession;
let page: Page;

beforeAll(async () => {
  // Held still, so that two runs draw the same pages.
  demo = await openDemo({ clock: new ManualClock('2026-11-21T08:00:00Z') });
  page = demo.page;
});

afterAll(async () => {
  await demo?.close();
});

const WIDTHS = [1440, 1024] as const;
const SCHEMES = ['light', 'dark'] as const;
const HEIGHT = 800;

/** Every view of the app that the demo stack serves (the fleet needs a Prometheus: its own test). */
async function views(): Promise<{ name: string; path: string }[]> {
  const answer = await fetch(`${demo.stack.url}/api/pods?namespace=payments&limit=1`);
  const { items } = (await answer.json()) as { items: { namespace: string; name: string }[] };
  const pod = items[0];
  if (!pod) throw new Error('the demo has no pod in payments');
  return [
    { name: 'budgets', path: '/' },
    { name: 'budgets-by-instance', path: '/?group=instance' },
    { name: 'budget-detail', path: '/budgets/PodDisruptionBudget/payments/ledger-pdb' },
    { name: 'pub-detail', path: '/budgets/PodUnavailableBudget/games/lobby' },
    { name: 'pods', path: '/pods' },
    { name: 'pod', path: `/pods/${pod.namespace}/${pod.name}` },
    { name: 'nodes', path: '/nodes' },
    { name: 'node', path: '/nodes/worker-1' },
    { name: 'overlaps', path: '/overlaps' },
    { name: 'findings', path: '/findings' },
    { name: 'upgrade', path: '/upgrade?selector=pdbscope.dev/pool=general' },
    { name: 'simulate', path: `/simulate?pod=${pod.namespace}/${pod.name}` },
    { name: 'what-if', path: '/what-if' },
  ];
}

/**
 * What scrolls sideways: the page itself, and any element that scrolls on the x axis with more
 * content than room. Code and YAML (pre, textarea) may: their lines are not to be wrapped.
 */
async function sidewaysScrollers(): Promise<string[]> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const found =
      root.scrollWidth > root.clientWidth ? [`page ${root.scrollWidth} > ${root.clientWidth}`] : [];
    for (const element of document.querySelectorAll('body *')) {
      if (element.closest('pre, textarea')) continue;
      const { overflowX } = getComputedStyle(element);
      if (overflowX !== 'auto' && overflowX !== 'scroll') continue;
      if (element.scrollWidth > element.clientWidth + 1)
        found.push(`${element.tagName.toLowerCase()}.${element.className} ${element.scrollWidth}`);
    }
    return found;
  });
}

/** The page drawn: its heading, and nothing still loading. */
async function settled(): Promise<void> {
  await page.locator('main h1').first().waitFor({ timeout: 30_000 });
  await expect
    .poll(() => page.locator('main').textContent(), { timeout: 30_000 })
    .not.toMatch(/Loading|Computing|Connecting/);
  // Fonts and the virtual rows' measuring settle within a frame or two.
  await page.waitForTimeout(300);
}

describe('every view, at 1440 and 1024 px, light and dark', () => {
  it('never scrolls sideways, and is saved as a screenshot', async () => {
    const list = await views();
    const offenders: string[] = [];
    for (const scheme of SCHEMES) {
      await page.emulateMedia({ colorScheme: scheme });
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        for (const view of list) {
          await page.goto(`${demo.stack.url}${view.path}`);
          await settled();
          for (const scroller of await sidewaysScrollers())
            offenders.push(`${view.name} ${width} ${scheme}: ${scroller}`);
          await demo.screenshot(`${view.name}-${width}-${scheme}`);
        }
      }
    }
    expect(offenders).toStrictEqual([]);
  }, 600_000);
});

describe('the budgets table fits the window', () => {
  it('at 1024 px shows Allowed disruptions and many rows, with no scroller sideways', async () => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.setViewportSize({ width: 1024, height: 768 });
    await page.goto(`${demo.stack.url}/`);
    const table = page.getByRole('table', { name: 'Budgets' });
    await table.getByRole('row').nth(1).waitFor();
    expect(await sidewaysScrollers()).toStrictEqual([]);
    const allowed = table.getByRole('columnheader', { name: 'Allowed disruptions' });
    const box = await allowed.boundingBox();
    expect(box !== null && box.x >= 0 && box.x + box.width <= 1024).toBe(true);
    // Rows wholly inside the window: many more than the 4 of before.
    const whole = await page.evaluate(
      () =>
        [...document.querySelectorAll('[role="row"][data-index]')].filter((row) => {
          const rect = row.getBoundingClientRect();
          return rect.top >= 0 && rect.bottom <= window.innerHeight;
        }).length,
    );
    expect(whole).toBeGreaterThanOrEqual(10);
  });

  it('hides and brings back a column from the chooser, and remembers it', async () => {
    await page.setViewportSize({ width: 1440, height: 800 });
    await page.goto(`${demo.stack.url}/`);
    const table = page.getByRole('table', { name: 'Budgets' });
    const flags = table.getByRole('columnheader', { name: 'Flags' });
    await flags.waitFor();
    await table.getByRole('button', { name: /^Columns of Budgets/ }).click();
    const chooser = page.getByRole('group', { name: 'Columns of Budgets' });
    await chooser.getByRole('checkbox', { name: 'Flags' }).uncheck();
    await page.keyboard.press('Escape');
    await flags.waitFor({ state: 'detached' });
    await page.reload();
    await table.getByRole('row').nth(1).waitFor();
    expect(await flags.count()).toBe(0);
    await table.getByRole('button', { name: /^Columns of Budgets/ }).click();
    await chooser.getByRole('checkbox', { name: 'Flags' }).check();
    await flags.waitFor();
  });
});

describe('the connection bar', () => {
  it('is one line of at most 40 px at 1024 and 1440 px, its sources on demand', async () => {
    await page.goto(`${demo.stack.url}/`);
    const bar = page.getByRole('region', { name: 'Connection' });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 800 });
      await expect.poll(() => bar.textContent()).toContain('All 12 sources synced');
      const box = await bar.boundingBox();
      expect([width, (box?.height ?? 99) <= 40, (box?.width ?? 0) <= width]).toStrictEqual([
        width,
        true,
        true,
      ]);
      expect(await bar.getByRole('list', { name: 'Sources' }).count()).toBe(0);
      await bar.getByRole('button', { name: 'Details' }).click();
      expect(await bar.getByRole('list', { name: 'Sources' }).getByRole('listitem').count()).toBe(
        12,
      );
      await bar.getByRole('button', { name: 'Hide details' }).click();
    }
  });
});
