import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openDemo, type DemoSession } from './demo-session.js';

// Issue 28's eight SRE tasks, each done as a newcomer would: from `/`, only through controls on
// screen (nav links, summary cards, search boxes, buttons), ending on the answer. What each view
// shows in detail is checked elsewhere (dashboard, pods, operators, upgrade); this is about every
// path leading somewhere. The time each took is printed for the integrator to quote.

let demo: DemoSession;
let page: Page;
const took: { task: string; ms: number }[] = [];

beforeAll(async () => {
  demo = await openDemo();
  page = demo.page;
});

afterAll(async () => {
  console.log(
    `SRE tasks on the demo, from / to the answer on screen:\n${took
      .map(({ task, ms }) => `  ${task.padEnd(48)} ${String(ms).padStart(6)} ms`)
      .join('\n')}`,
  );
  await demo?.close();
});

/** Runs one task from the overview and notes how long it took. */
async function task(name: string, steps: () => Promise<void>): Promise<void> {
  await page.goto(`${demo.stack.url}/`);
  await page.getByRole('table', { name: 'Budgets' }).getByRole('row').nth(1).waitFor();
  const start = Date.now();
  await steps();
  took.push({ task: name, ms: Date.now() - start });
}

const main = () => page.locator('main');
const nav = (name: string) =>
  page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name, exact: true });

/** Types into the Budgets view's search and opens the budget named `name`. */
async function openBudget(text: string, name: string): Promise<void> {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text);
  await page
    .getByRole('table', { name: 'Budgets' })
    .getByRole('link', { name, exact: true })
    .click();
  await page.getByRole('heading', { level: 1, name: new RegExp(`/${name}$`) }).waitFor();
}

const decision = () => page.getByRole('status', { name: 'Eviction decision' });

/**
 * Opens a budget, reads its policy note, simulates the eviction of its first unready pod (the
 * Unavailable lane) and reads why the policy decided.
 */
async function readPolicy(read: { budget: string; note: string; decided: string }): Promise<void> {
  await openBudget(read.budget, read.budget);
  expect(await main().textContent()).toContain(read.note);
  await page
    .getByRole('region', { name: /^Unavailable/ })
    .getByRole('button', { name: /^Simulate eviction / })
    .first()
    .click();
  await expect.poll(() => decision().textContent(), { timeout: 20_000 }).toContain(read.decided);
}

describe('the eight SRE tasks of issue 28, on the demo, without a dead end', () => {
  it('1. what blocks worker-1: the node page names the pod and the refusal', async () => {
    await task('1. what blocks worker-1', async () => {
      await nav('Nodes').click();
      await page.getByRole('searchbox', { name: 'Search', exact: true }).fill('worker-1');
      await page
        .getByRole('table', { name: 'Nodes' })
        .getByRole('link', { name: 'worker-1', exact: true })
        .click();
      await expect
        .poll(() => main().textContent(), { timeout: 20_000 })
        .toContain('kubectl drain worker-1 is stuck: eviction of databases/postgres-0 refused');
    });
  });

  it('2. evict a pod under two PodDisruptionBudgets: simulate and read the message', async () => {
    await task('2. evict a pod under two PDBs', async () => {
      await openBudget('ledger', 'ledger-pdb');
      await page
        .getByRole('button', { name: /^Simulate eviction ledger-/ })
        .first()
        .click();
      await expect
        .poll(() => decision().textContent(), { timeout: 20_000 })
        .toContain('Refused: 500, more than one PodDisruptionBudget');
      expect(await decision().textContent()).toContain('(HTTP 500)');
    });
  });

  it('3. pods without a budget, and overlapping budgets', async () => {
    await task('3. pods without a budget; overlaps', async () => {
      const summary = page.getByRole('region', { name: 'Summary' });
      await summary.getByRole('link', { name: 'Pods with no budget' }).click();
      const pods = main().getByText(/^[\d,]+ pods?$/);
      await pods.waitFor({ timeout: 20_000 });
      expect(Number((await pods.textContent())?.split(' ')[0])).toBeGreaterThan(0);
      await nav('Budgets').click();
      await summary.getByRole('link', { name: 'Overlapping' }).click();
      await expect
        .poll(() => page.getByRole('table', { name: 'Budgets' }).textContent(), {
          timeout: 20_000,
        })
        .toContain('ledger-pdb');
      await nav('Overlaps').click();
      await expect
        .poll(() => main().textContent(), { timeout: 20_000 })
        .toContain('groups of overlapping budgets');
      expect(await main().textContent()).toContain('ledger-pdb');
    });
  });

  it('4. HDFS role budgets, grouped by instance', async () => {
    await task('4. HDFS role budgets', async () => {
      await page.getByRole('link', { name: 'By operator instance, role and role group' }).click();
      const roles = page.getByRole('table', { name: 'Roles of hdfs hdfs/hdfs' });
      await expect.poll(() => roles.textContent(), { timeout: 20_000 }).toContain('journalnode');
      expect(await roles.textContent()).toContain('hdfs-datanode (the operator');
    });
  });

  it('5. what a PodUnavailableBudget protects', async () => {
    await task('5. what a PUB protects', async () => {
      await openBudget('lobby', 'lobby');
      expect(await main().textContent()).toContain(
        'Protects each selected pod against delete, eviction, in-place update and in-place resize',
      );
    });
  });

  it('6. AlwaysAllow against IfHealthyBudget: a budget of each, and the simulation', async () => {
    await task('6. AlwaysAllow vs IfHealthyBudget', async () => {
      await readPolicy({
        budget: 'checkout-api',
        note: 'unhealthyPodEvictionPolicy AlwaysAllow: an unready pod may be evicted even though the budget is at its minimum',
        decided:
          'AlwaysAllow: this unready pod may be evicted even though the budget is at its minimum',
      });
      await nav('Budgets').click();
      await readPolicy({
        budget: 'orders-api',
        note: 'unhealthyPodEvictionPolicy IfHealthyBudget: an unready pod may be evicted only while the budget has all the healthy pods it needs',
        decided:
          'IfHealthyBudget: this unready pod may be evicted only while the budget has all the healthy pods it needs',
      });
    });
  });

  it('7. forecast an upgrade, then forecast with a fix applied', async () => {
    await task('7. forecast and apply a fix', async () => {
      await nav('Upgrade').click();
      await page.getByRole('button', { name: 'pdbscope.dev/pool=payments (2)' }).click();
      const forecast = page.getByRole('status', { name: 'Upgrade forecast' });
      await expect.poll(() => forecast.textContent(), { timeout: 30_000 }).toContain('stalls');
      await page
        .getByRole('list', { name: 'Fixes' })
        .getByRole('button', { name: 'Forecast with this fix' })
        .first()
        .click();
      await expect
        .poll(() => forecast.textContent(), { timeout: 30_000 })
        .toContain('The upgrade completes');
    });
  });

  it('8. keyboard only: /, a name, Enter, Tab to an unready pod, simulate; the focus stays', async () => {
    await task('8. keyboard only', async () => {
      await page.keyboard.press('/');
      const box = page.getByRole('combobox', { name: 'Search budgets, pods, nodes and workloads' });
      await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type('checkout-api', { delay: 0 });
      // Arrow to the budget's option once the answer is in, then open it.
      const option = page.getByRole('option', { name: /PDB shop\/checkout-api/ });
      await option.waitFor({ timeout: 20_000 });
      const optionId = await option.getAttribute('id');
      for (let i = 0; i < 12 && (await box.getAttribute('aria-activedescendant')) !== optionId; i++)
        await page.keyboard.press('ArrowDown');
      await page.keyboard.press('Enter');
      await page.getByRole('heading', { level: 1, name: /shop\/checkout-api$/ }).waitFor();
      const unready = page
        .getByRole('region', { name: /^Unavailable/ })
        .getByRole('button', { name: /^Simulate eviction / })
        .first();
      await unready.waitFor();
      const button = await unready.getAttribute('aria-label');
      const label = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
      for (let i = 0; i < 60 && (await label()) !== button; i++) await page.keyboard.press('Tab');
      expect(await label()).toBe(button);
      await page.keyboard.press('Enter');
      await expect
        .poll(() => decision().textContent(), { timeout: 20_000 })
        .toContain('Allowed: 201');
      expect(await label()).toBe(button);
    });
  });
});
