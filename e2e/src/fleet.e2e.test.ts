import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startPrometheus, type PrometheusServer } from '@pdbscope/bff/testing/prometheus';
import { FleetResponseSchema } from '@pdbscope/shared/api';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiClient } from './api.js';
import { launchChromium, type Browser } from './chromium.js';
import { screenshotsDir } from './demo-session.js';
import { buildWeb, startStack, type Stack } from './stack.js';

// Two clusters, each with its own pdbscope (the demo, and the demo seen through two of its
// namespaces), scraped by one Prometheus that labels each target with its cluster; a third
// pdbscope reads the fleet from that Prometheus and links to the other two.
let eu: Stack;
let us: Stack;
let fleet: Stack;
let prometheus: PrometheusServer;
let browser: Browser;
let page: Page;
let dir: string;

beforeAll(async () => {
  await mkdir(screenshotsDir, { recursive: true });
  if (process.env['PDBSCOPE_E2E_SKIP_BUILD'] !== '1') await buildWeb();
  const demo = { demo: true, activity: false, seed: 1 };
  eu = await startStack({ sim: demo });
  us = await startStack({
    sim: demo,
    args: ['--namespace', 'zookeeper,payments'],
    buildBff: false,
  });
  prometheus = await startPrometheus({
    targets: [
      { target: new URL(eu.url).host, labels: { cluster: 'eu-1' } },
      { target: new URL(us.url).host, labels: { cluster: 'us-1' } },
    ],
  });
  dir = await mkdtemp(path.join(tmpdir(), 'pdbscope-fleet-'));
  const links = path.join(dir, 'links.yaml');
  await writeFile(links, `eu-1: ${eu.url}/\nus-1: ${us.url}/\n`);
  fleet = await startStack({
    sim: demo,
    args: ['--fleet-prometheus', prometheus.url, '--fleet-links', links],
    buildBff: false,
  });
  browser = await launchChromium({ width: 1440, height: 900 });
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await fleet?.stop();
  await prometheus?.stop();
  await us?.stop();
  await eu?.stop();
  if (dir) await rm(dir, { recursive: true, force: true });
});

async function fleetAnswer() {
  const response = await fetch(`${fleet.url}/api/fleet`);
  return FleetResponseSchema.parse(await response.json());
}

describe('the Fleet page', () => {
  it('lists both clusters, the one with more blocking budgets first, and links out', async () => {
    const own = {
      eu: (await apiClient(eu.url).budgets()).summary,
      us: (await apiClient(us.url).budgets()).summary,
    };
    expect(own.eu.blocking).toBeGreaterThan(own.us.blocking);
    // Both scraped, synced and analysed.
    await expect
      .poll(
        async () =>
          (await fleetAnswer()).clusters.map((c) => [
            c.cluster,
            c.status,
            c.blocking,
            c.podsWithoutBudget !== null,
          ]),
        { timeout: 30_000, interval: 500 },
      )
      .toStrictEqual([
        ['eu-1', 'up', own.eu.blocking, true],
        ['us-1', 'up', own.us.blocking, true],
      ]);

    await page.goto(`${fleet.url}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('link', { name: 'Fleet' }).click();
    await page.waitForURL('**/fleet');
    const table = page.getByRole('table', { name: 'Clusters' });
    await table.waitFor();
    const rows = () =>
      table
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) =>
            [...tr.querySelectorAll('td')].slice(0, 3).map((td) => td.textContent ?? ''),
          ),
        );
    // Each blocking count with the age of its oldest blocking budget (e.g. `12oldest 40s`).
    expect(
      (await rows()).map(([name, status, blocking]) => [
        name,
        status,
        blocking?.replace(/oldest \d+[smhd]$/, 'oldest …'),
      ]),
    ).toStrictEqual([
      ['eu-1 ↗budgets in Prometheus', 'up', `${own.eu.blocking}oldest …`],
      ['us-1 ↗budgets in Prometheus', 'up', `${own.us.blocking}oldest …`],
    ]);
    // Sorted by blocking the other way round on a second click of its header.
    await table.getByRole('button', { name: 'Blocking' }).click();
    await table.getByRole('button', { name: 'Blocking ▼' }).click();
    await expect
      .poll(async () => (await rows()).map((r) => r[0]))
      .toStrictEqual(['us-1 ↗budgets in Prometheus', 'eu-1 ↗budgets in Prometheus']);
    await page.goto(`${fleet.url}/fleet`);
    await table.waitFor();
    await page.screenshot({ path: path.join(screenshotsDir, 'fleet.png') });

    // One click to that cluster's own dashboard.
    await table.getByRole('link', { name: 'eu-1 ↗' }).click();
    await page.waitForURL(`${eu.url}/`);
    await page.getByRole('table', { name: 'Budgets' }).waitFor();
  });

  it("opens a cluster's budgets as Prometheus knows them", async () => {
    const own = await apiClient(us.url).budgets();
    await page.goto(`${fleet.url}/fleet`);
    const table = page.getByRole('table', { name: 'Clusters' });
    await table.waitFor();
    await table
      .getByRole('row')
      .filter({ hasText: 'us-1' })
      .getByRole('link', { name: 'budgets in Prometheus' })
      .click();
    await page.waitForURL('**/fleet/us-1');
    const budgets = page.getByRole('table', { name: 'Budgets' });
    await budgets.waitFor();
    expect(await budgets.locator('tbody tr').count()).toBe(own.items.length);
    expect(await budgets.getByText('blocking', { exact: true }).count()).toBe(own.summary.blocking);
  });
});
