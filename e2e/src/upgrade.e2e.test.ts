import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ManualClock } from '@pdbscope/sim/clock';
import type { Page } from 'playwright-core';
import { openDemo, type DemoSession } from './demo-session.js';

let demo: DemoSession;
let page: Page;

beforeAll(async () => {
  // The demo as seeded, held still: its Trino rollout, on the wall clock, moves pods between the
  // general pool's nodes, and with them which changes the general pool's forecast finds.
  demo = await openDemo({ clock: new ManualClock('2026-11-21T08:00:00Z') });
  page = demo.page;
});

afterAll(async () => {
  await demo?.close();
});

describe('the Upgrade page on the demo cluster', () => {
  it('shows the payments pool stalling, and a fix that makes the forecast complete', async () => {
    await page.goto(`${demo.stack.url}/upgrade`);
    await page.getByRole('link', { name: 'Upgrade', exact: true }).waitFor();
    await page.getByRole('button', { name: 'pdbscope.dev/pool=payments (2)' }).click();
    const forecast = page.getByRole('status', { name: 'Upgrade forecast' });
    await expect
      .poll(() => forecast.textContent(), { timeout: 20_000 })
      .toContain('Step 1 stalls on payments-1');
    expect(await forecast.textContent()).toContain('a budget that allows no disruption');
    const tiles = page.getByRole('list', { name: 'Pool nodes' });
    expect(await tiles.textContent()).toBe('payments-1 stallspayments-2 not reached');
    await demo.screenshot('upgrade-stall');
    const fixes = page.getByRole('list', { name: 'Fixes' });
    expect(await fixes.textContent()).toContain(
      "Lower PodDisruptionBudget payments/payments-api's minAvailable to 1",
    );
    await fixes.getByRole('button', { name: 'Forecast with this fix' }).first().click();
    await expect
      .poll(() => forecast.textContent(), { timeout: 20_000 })
      .toContain('The upgrade completes: 2 steps');
    expect(page.url()).toContain('fix=');
    await demo.screenshot('upgrade-fixed');
  });

  it('guesses GKE for the gpu pool: the stall kubectl would wait on becomes a forced deletion', async () => {
    await page.goto(`${demo.stack.url}/upgrade`);
    await page.getByRole('button', { name: 'pdbscope.dev/pool=gpu (2)' }).click();
    const forecast = page.getByRole('status', { name: 'Upgrade forecast' });
    await expect
      .poll(() => forecast.textContent(), { timeout: 20_000 })
      .toContain('The upgrade completes only by deleting');
    expect(await page.getByLabel('Provider guess').textContent()).toBe(
      'Guessed GKE from node label cloud.google.com/gke-nodepool=gpu on gpu-1. GKE deletes the pods left after 1 hour per node.',
    );
    const select = page.getByRole('combobox', { name: 'Provider' });
    expect(await select.inputValue()).toBe('gke');
    const deleted = page.getByRole('region', { name: 'Forced deletions' });
    const podsOf = (list: ReturnType<Page['getByRole']>) =>
      list
        .getByRole('listitem')
        .evaluateAll((items) => items.map((li) => li.querySelector('a')?.textContent ?? ''));
    const named = await podsOf(deleted.getByRole('list', { name: 'Pods deleted at step 2' }));
    expect(named).toStrictEqual(['render/denoiser-7ffbff99cb-8f9gn']);
    expect(await deleted.textContent()).toContain(
      'Step 2 (gpu-2): after 60 min the provider deletes this pod',
    );
    expect(await page.getByRole('list', { name: 'Pool nodes' }).textContent()).toBe(
      'gpu-1 upgradedgpu-2 pods deleted',
    );
    await demo.screenshot('upgrade-gke');

    // Overridden to kubectl drain: the same pool stalls, waiting for ever.
    await select.selectOption('kubectl');
    await expect.poll(() => new URL(page.url()).searchParams.get('provider')).toBe('kubectl');
    await expect
      .poll(() => forecast.textContent(), { timeout: 20_000 })
      .toContain('Step 2 stalls on gpu-2');
    expect(await forecast.textContent()).toContain(
      'a replacement no node can take, so its budget never recovers',
    );
    // The pod the stall names is the one GKE deletes.
    expect(
      await podsOf(forecast.getByRole('list', { name: 'Pods that cannot leave' })),
    ).toStrictEqual(named);
  });

  it('shows the edge pool stalling on a 500 and a 403, and the two changes that together fix it', async () => {
    await page.goto(`${demo.stack.url}/upgrade`);
    await page.getByRole('button', { name: 'pdbscope.dev/pool=edge (1)' }).click();
    const forecast = page.getByRole('status', { name: 'Upgrade forecast' });
    await expect
      .poll(() => forecast.textContent(), { timeout: 20_000 })
      .toContain('Step 1 stalls on edge-1');
    const text = await forecast.textContent();
    expect(text).toContain('HTTP 403');
    expect(text).toContain('HTTP 500');
    const fixes = page.getByRole('list', { name: 'Fixes' });
    const combined = fixes.getByRole('listitem').first();
    expect(await combined.getByRole('list', { name: 'Combined changes' }).textContent()).toBe(
      "Lower PodUnavailableBudget games/lobby's minAvailable to 0 — costs: one more of its pods may be unavailable during the upgrade (0 of 1 must stay up)" +
        'Delete PodDisruptionBudget shop/edge-proxy (overlaps another) — costs: its pods stay protected only by the other budget',
    );
    await demo.screenshot('upgrade-combined');
    await combined.getByRole('button', { name: 'Forecast with this fix' }).click();
    await expect
      .poll(() => forecast.textContent(), { timeout: 20_000 })
      .toContain('The upgrade completes: 1 step');
    // Both changes in the address, readable as written.
    expect(new URL(page.url()).search).toBe(
      '?selector=pdbscope.dev/pool=edge&maxUnavailable=1&maxSurge=0' +
        '&fix=min-available:games/PodUnavailableBudget/lobby=0&fix=remove-budget:shop/edge-proxy',
    );
  });

  it('shows the general pool needing nine changes together, and that they let it complete', async () => {
    await page.goto(`${demo.stack.url}/upgrade`);
    await page.getByRole('button', { name: 'pdbscope.dev/pool=general (6)' }).click();
    const forecast = page.getByRole('status', { name: 'Upgrade forecast' });
    await expect
      .poll(() => forecast.textContent(), { timeout: 20_000 })
      .toContain('Step 1 stalls on worker-1');
    const combined = page.getByRole('list', { name: 'Fixes' }).getByRole('listitem').first();
    // The nine the BFF's test names (apps/bff/src/integration/upgrade.test.ts).
    expect(await combined.locator('strong').first().textContent()).toBe(
      'These 9 changes together let it complete (none of up to 4 changes does; fewer than 9 are not ruled out)',
    );
    await combined.getByRole('button', { name: 'Forecast with this fix' }).click();
    await expect
      .poll(() => forecast.textContent(), { timeout: 20_000 })
      .toContain('The upgrade completes: 6 steps');
  });
});
