import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BudgetListResponse } from '@pdbscope/shared/api';
import { launchChromium, type Browser } from './chromium.js';
import { buildWeb, repoRoot, startStack, type Stack } from './stack.js';

const screenshots = path.join(
  repoRoot,
  process.env['PDBSCOPE_UPDATE_SCREENSHOTS'] === '1'
    ? 'docs/screenshots'
    : 'e2e/artifacts/screenshots',
);
// The second cluster: one scenario of the demo alone, three Elasticsearch budgets in `logging`.
const ELASTICSEARCH = path.join(repoRoot, 'packages/sim/scenarios/demo/elasticsearch.yaml');

let stack: Stack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await mkdir(screenshots, { recursive: true });
  if (process.env['PDBSCOPE_E2E_SKIP_BUILD'] !== '1') await buildWeb();
  stack = await startStack({
    sim: { demo: true, activity: false, seed: 1 },
    otherContext: {
      name: 'logging-cluster',
      sim: { demo: false, scenario: ELASTICSEARCH, activity: false, seed: 1 },
    },
  });
  browser = await launchChromium();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function budgets(): Promise<BudgetListResponse> {
  const response = await fetch(`${stack.url}/api/budgets`);
  if (!response.ok) throw new Error(`GET /api/budgets: ${response.status}`);
  return (await response.json()) as BudgetListResponse;
}

describe('switching context from the connection bar', () => {
  it("shows the chosen cluster's budgets only, and says which cluster at every moment", async () => {
    const demo = await budgets();
    await page.goto(`${stack.url}/`);
    const bar = page.getByRole('region', { name: 'Connection' });
    const table = page.getByRole('table', { name: 'Budgets' });
    const showing = (n: number) => page.getByText(`Showing ${n} of ${n} budgets`);
    await showing(demo.items.length).waitFor();
    const picker = bar.getByRole('combobox', { name: 'Context' });
    expect(await picker.inputValue()).toBe('pdbscope-sim');
    expect(await bar.textContent()).toContain(`Server ${stack.sim.url}`);

    await picker.selectOption('logging-cluster');
    // From the switch on, the bar names the new cluster; the old rows are gone at once.
    await expect
      .poll(() => bar.textContent(), { timeout: 15_000 })
      .toContain(`Server ${stack.otherSim!.url}`);
    expect(await picker.inputValue()).toBe('logging-cluster');
    await showing(3).waitFor({ timeout: 30_000 });
    const rows = await table
      .getByRole('row')
      .filter({ has: page.getByRole('cell') })
      .allTextContents();
    expect(
      rows.map((row) => /logging-es-(client|data|master)/.exec(row)?.[0]).sort(),
    ).toStrictEqual(['logging-es-client', 'logging-es-data', 'logging-es-master']);
    expect((await budgets()).items.map((row) => row.name).sort()).toStrictEqual([
      'logging-es-client',
      'logging-es-data',
      'logging-es-master',
    ]);
    await page.screenshot({ path: path.join(screenshots, 'context-switched.png') });

    await picker.selectOption('pdbscope-sim');
    await expect
      .poll(() => bar.textContent(), { timeout: 15_000 })
      .toContain(`Server ${stack.sim.url}`);
    await showing(demo.items.length).waitFor({ timeout: 30_000 });
  });
});
