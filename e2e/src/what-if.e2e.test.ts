import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@pdbscope/sim/clock';
import type { Page } from 'playwright-core';
import { openDemo, type DemoSession } from './demo-session.js';

let demo: DemoSession;
let page: Page;

beforeAll(async () => {
  // The demo as seeded, held still: its Trino rollout, on the wall clock, moves pods between nodes.
  demo = await openDemo({ clock: new ManualClock('2026-11-21T08:00:00Z') });
  page = demo.page;
});

afterAll(async () => {
  await demo?.close();
});

const spec =
  'minAvailable: 1\nselector:\n  matchLabels:\n    app.kubernetes.io/name: payments-api\n';

describe('a what-if layer on the demo cluster', () => {
  it("edits payments-api's spec, shows the changed cluster before → after, and resets", async () => {
    await page.goto(`${demo.stack.url}/budgets/PodDisruptionBudget/payments/payments-api`);
    await page.getByRole('link', { name: 'What if…' }).click();
    const editor = page.getByRole('textbox', { name: 'Budget spec (YAML)' });
    await expect.poll(() => editor.textContent(), { timeout: 20_000 }).toContain('minAvailable: 2');
    await editor.click();
    await page.keyboard.press('Control+A');
    await page.keyboard.insertText(spec);
    const preview = page.getByRole('region', { name: 'What the change does' });
    await expect
      .poll(() => preview.textContent(), { timeout: 20_000 })
      .toContain('Nothing gets worse.');
    expect(await preview.textContent()).toContain('node payments-1: stuck → drainable');
    await page.getByRole('button', { name: 'Show the dashboard with this change' }).click();

    // Back on the budget, under the banner, its figures before → after.
    const banner = page.getByRole('region', { name: 'What-if layer' });
    await expect
      .poll(() => banner.getByRole('list', { name: 'What-if changes' }).textContent(), {
        timeout: 20_000,
      })
      .toBe('PDB payments/payments-api: minAvailable: 1');
    const figures = page.getByRole('table', { name: 'Figures with the what-if layer' });
    await expect
      .poll(() => figures.textContent(), { timeout: 20_000 })
      .toBe('FigureNowWith the what-ifMin available21Desired healthy21Allowed disruptions01');

    // The budgets list keeps the layer: the row reads before → after.
    const menu = page.getByRole('navigation', { name: 'Main' });
    await menu.getByRole('link', { name: 'Budgets', exact: true }).click();
    await expect.poll(() => page.url(), { timeout: 20_000 }).toContain('whatif=1.');
    const row = page.getByRole('row').filter({ hasText: 'payments-api' });
    await expect
      .poll(() => row.getByRole('cell').allTextContents(), { timeout: 20_000 })
      .toContain('0 → 1');
    expect(await row.getByRole('cell').allTextContents()).toContain('min 2 → min 1');

    // The nodes: payments-1 turned drainable.
    await menu.getByRole('link', { name: 'Nodes', exact: true }).click();
    const node = page.getByRole('row').filter({ hasText: 'payments-1' });
    await expect
      .poll(() => node.getByRole('cell').allTextContents(), { timeout: 20_000 })
      .toContain('Stuck → Drainable');
    await page.getByRole('searchbox', { name: 'Search' }).fill('payments');
    await expect.poll(() => page.getByRole('row').count(), { timeout: 20_000 }).toBe(3);
    await demo.screenshot('what-if');

    // Reset: the cluster as it is, and the address without the layer.
    await banner.getByRole('button', { name: 'Reset' }).click();
    await banner.waitFor({ state: 'detached' });
    expect(page.url()).not.toContain('whatif=');
    await expect
      .poll(() => node.getByRole('cell').allTextContents(), { timeout: 20_000 })
      .toContain('Stuck');
  });

  it('says so when a what-if link is damaged, and shows the cluster as it is', async () => {
    await page.goto(`${demo.stack.url}/?whatif=1.eyJub3Q`);
    const alert = page.getByRole('alert').filter({ hasText: 'What-if link not shown' });
    await expect
      .poll(() => alert.textContent(), { timeout: 20_000 })
      .toBe(
        'What-if link not shown: this what-if link is damaged (cut short or edited). The dashboard shows the cluster as it is. Reset',
      );
    await page.getByRole('table', { name: 'Budgets' }).waitFor();
  });
});
