import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { apiClient } from './api.js';
import { openDemo, type DemoSession } from './demo-session.js';

let demo: DemoSession;
let page: Page;

beforeAll(async () => {
  demo = await openDemo();
  page = demo.page;
});

afterAll(async () => {
  await demo?.close();
});

const number = (text: string | null): number => Number((text ?? '').replace(/,/g, ''));

/**
 * How many rows the list on screen says it has, once the page has settled on it, and how many
 * rows its table says it holds (aria-rowcount counts the header): the Budgets view's "Showing N of
 * M budgets", the Pods view's "N pods".
 */
async function listed(): Promise<{ said: number; rows: number }> {
  const path = new URL(page.url()).pathname;
  const main = page.locator('main');
  const counted =
    path === '/pods'
      ? main.getByText(/^[\d,]+ pods?$/)
      : main.getByText(/^Showing [\d,]+ of [\d,]+ budgets$/);
  await counted.waitFor();
  const said = number((await counted.textContent())?.match(/^(?:Showing )?([\d,]+)/)?.[1] ?? null);
  if (said === 0) return { said, rows: 0 };
  const table = main.getByRole('table');
  await table.getByRole('row').nth(1).waitFor();
  return { said, rows: number(await table.getAttribute('aria-rowcount')) - 1 };
}

/** The focused element's role (or tag), its aria-label and, for a row, its aria-rowindex. */
function focused(): Promise<{ role: string | null; label: string | null; index: string | null }> {
  return page.evaluate(() => {
    const active = document.activeElement;
    return {
      role: active?.getAttribute('role') ?? active?.tagName.toLowerCase() ?? null,
      label: active?.getAttribute('aria-label') ?? null,
      index: active?.getAttribute('aria-rowindex') ?? null,
    };
  });
}

const focusedText = (): Promise<string | null> =>
  page.evaluate(() => document.activeElement?.textContent ?? null);

describe('every count opens the list it counted, on the demo cluster', () => {
  it('leads from each summary card to a list of exactly as many rows', async () => {
    const { summary } = await apiClient(demo.stack.url).budgets();
    await page.goto(`${demo.stack.url}/`);
    const cards = page.getByRole('region', { name: 'Summary' }).locator('.card');
    // The cards come from two answers (budgets, pods): wait for each by its name, not a count.
    const labels = [
      'Budgets',
      'Block any eviction',
      'Overlapping',
      'Pods with more than one budget',
      'Pods with no budget',
      'With findings',
      'Stale status',
    ];
    const opened: [string, number, number, number][] = [];
    for (const [i, name] of labels.entries()) {
      if (i > 0) await page.goto(`${demo.stack.url}/`);
      const card = cards.filter({ has: page.getByRole('link', { name, exact: true }) });
      const link = card.getByRole('link');
      await link.waitFor();
      const figure = number(await card.locator('.figure').textContent());
      const label = (await link.textContent()) ?? '';
      const href = (await link.getAttribute('href')) ?? '';
      await link.click();
      await page.waitForURL(`${demo.stack.url}${href}`);
      const { said, rows } = await listed();
      opened.push([label, figure, said, rows]);
    }
    await page.goto(`${demo.stack.url}/`);
    await cards.getByRole('link', { name: labels.at(-1), exact: true }).waitFor();
    expect(await cards.count()).toBe(labels.length);
    // Every figure is what its list shows, and every list with something to show shows it.
    expect(opened).toStrictEqual(opened.map(([label, figure]) => [label, figure, figure, figure]));
    expect(opened.map(([label, figure]) => [label, figure])).toStrictEqual([
      ['Budgets', summary.budgets],
      ['Block any eviction', summary.blocking],
      ['Overlapping', summary.overlapping],
      ['Pods with more than one budget', summary.podsWithMultipleBudgets],
      ['Pods with no budget', summary.podsWithoutBudget],
      ['With findings', summary.withFindings],
      ['Stale status', summary.stale],
    ]);
    // The demo has no budget whose status is stale: that card's list is the one empty.
    expect(opened.filter(([, figure]) => figure === 0).map(([label]) => label)).toStrictEqual([
      'Stale status',
    ]);
    await demo.screenshot('pods-with-several-budgets');
  });

  it("leads from a node's pod counts and an overlap group's shared pods to those pods", async () => {
    const api = apiClient(demo.stack.url);
    const [node] = (await api.nodes()).items.filter((n) => n.budgetedPods > 0);
    if (node === undefined) throw new Error('the demo has no node with budgeted pods');
    await page.goto(`${demo.stack.url}/nodes?q=${encodeURIComponent(node.name)}`);
    await page
      .getByRole('link', {
        name: `${node.budgetedPods} pods under a budget on ${node.name}`,
        exact: true,
      })
      .click();
    expect(await listed()).toStrictEqual({ said: node.budgetedPods, rows: node.budgetedPods });
    await page.goto(`${demo.stack.url}/overlaps?kind=live`);
    const { items } = await api.overlaps();
    const live = items.filter((group) => group.kind === 'live');
    expect(live.length).toBeGreaterThan(0);
    for (const group of live) {
      await page.goto(`${demo.stack.url}/overlaps?kind=live`);
      const card = page.getByRole('listitem').filter({ hasText: group.message });
      // Each shared pod is a link to its page.
      expect(
        await card
          .getByRole('link', { name: group.pods[0] ?? '', exact: true })
          .getAttribute('href'),
      ).toBe(`/pods/${(group.pods[0] ?? '').split('/').map(encodeURIComponent).join('/')}`);
      await card
        .getByRole('link', { name: `Shared pods (${group.podCount})`, exact: true })
        .click();
      expect(await listed()).toStrictEqual({ said: group.podCount, rows: group.podCount });
    }
  });
});

describe('the keyboard alone, on the demo cluster', () => {
  it('reaches the first row of the budgets in two Tab presses and keeps every search keystroke', async () => {
    await page.goto(`${demo.stack.url}/`);
    await page.getByRole('table', { name: 'Budgets' }).getByRole('row').nth(1).waitFor();
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    expect(await focusedText()).toBe('Skip to the list');
    await page.keyboard.press('Enter');
    expect(await focused()).toStrictEqual({ role: 'row', label: null, index: '2' });
    const search = page.getByRole('searchbox', { name: 'Search' });
    await search.focus();
    await page.keyboard.type('app=ledger', { delay: 0 });
    expect(await search.inputValue()).toBe('app=ledger');
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe('app=ledger');
  });

  it('/, app=ledger typed fast, Enter, arrow to a row, simulate: the focus stays on the button', async () => {
    const ledger = await apiClient(demo.stack.url).pods('?labels=app%3Dledger');
    expect(ledger.total).toBe(3);
    await page.goto(`${demo.stack.url}/`);
    await page.getByRole('table', { name: 'Budgets' }).getByRole('row').nth(1).waitFor();
    await page.keyboard.press('/');
    const box = page.getByRole('combobox', { name: 'Search budgets, pods, nodes and workloads' });
    await expect.poll(() => box.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type('app=ledger', { delay: 0 });
    expect(await box.inputValue()).toBe('app=ledger');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/pods?labels=app%3Dledger');
    // The list's first row takes the focus once it is in.
    await expect.poll(async () => (await focused()).index, { timeout: 15_000 }).toBe('2');
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toStrictEqual({ role: 'row', label: null, index: '3' });
    const row = ledger.items[1];
    if (row === undefined) throw new Error('three ledger pods');
    // Tab goes through the current row's links to its button, and no further.
    const button = `Simulate eviction ${row.name}`;
    for (let i = 0; i < 8 && (await focused()).label !== button; i++)
      await page.keyboard.press('Tab');
    expect((await focused()).label).toBe(button);
    await page.keyboard.press('Enter');
    const region = page.getByRole('status', { name: 'Eviction decision' });
    await expect
      .poll(() => region.textContent(), { timeout: 15_000 })
      .toContain('Refused: 500, more than one PodDisruptionBudget');
    expect((await focused()).label).toBe(button);
    await demo.screenshot('pods-keyboard');
  });
});
