import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
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

/** The Actors table: each row's actor, whether it removes the pods, what stops it. */
async function actorRows(): Promise<string[][]> {
  return page
    .getByRole('table', { name: 'Actors' })
    .locator('tbody tr')
    .evaluateAll((rows) =>
      rows.map((row) =>
        [...row.querySelectorAll('th, td')].slice(0, 3).map((cell) => {
          // The actor's name without the settings under it.
          const own = cell.firstChild?.textContent ?? '';
          return cell.tagName === 'TH' ? own : (cell.textContent ?? '');
        }),
      ),
    );
}

const ENCODER = 'render/live-encoder-6ffdd8c979-46kgl';

describe("a node's actors on the demo cluster", () => {
  it('flex-2: a different answer from each actor, each in its own words', async () => {
    await page.goto(`${demo.stack.url}/nodes/flex-2`);
    const table = page.getByRole('table', { name: 'Actors' });
    await table.waitFor({ timeout: 20_000 });
    expect(await actorRows()).toStrictEqual([
      ['kubectl drain', 'no', `${ENCODER}eviction refused`],
      ['Cluster Autoscaler', 'no', 'databases/pg-backup-bdf47ccb8-vbs99NotSafeToEvictAnnotation'],
      ['Karpenter', 'no', `${ENCODER}DisruptionBlocked`],
      ['Preemption', 'yes', `${ENCODER}PDB violation`],
    ]);
    const text = (await table.textContent()) ?? '';
    expect(text).toContain(
      'Cluster Autoscaler keeps node flex-2: pod databases/pg-backup-bdf47ccb8-vbs99 blocks it (NotSafeToEvictAnnotation: pod annotated as not safe to evict present: pg-backup-bdf47ccb8-vbs99).',
    );
    expect(text).toContain(
      `Karpenter does not disrupt node flex-2: Pod has "karpenter.sh/do-not-disrupt" annotation (Pod=${ENCODER}).`,
    );
    await table.scrollIntoViewIfNeeded();
    await demo.screenshot('node-actors');
  });

  it('worker-3: kubectl drain is stuck, while Cluster Autoscaler lets the node go', async () => {
    await page.goto(`${demo.stack.url}/nodes/worker-3`);
    await page.getByRole('table', { name: 'Actors' }).waitFor({ timeout: 20_000 });
    const rows = await actorRows();
    expect(rows.slice(0, 2).map((r) => r.slice(0, 2))).toStrictEqual([
      ['kubectl drain', 'no'],
      ['Cluster Autoscaler', 'yes'],
    ]);
    expect(rows[1]?.[2]).toBe('nothing');
  });

  it('filters the Nodes table and tile map by the actor a node is blocked for, in the URL', async () => {
    await page.goto(`${demo.stack.url}/nodes`);
    const map = page.getByRole('region', { name: 'Node map' });
    await map.waitFor({ timeout: 20_000 });
    const blockedFor = page.getByRole('combobox', { name: 'Blocked for' });
    const rows = page.locator('[role="table"][aria-label="Nodes"] [role="row"][aria-rowindex]');
    const tableNames = () =>
      rows.evaluateAll((els) => els.map((el) => el.querySelector('a')?.textContent));
    const tileNames = () =>
      map
        .locator('a.tile')
        .evaluateAll((tiles) =>
          tiles.map((t) => (t.getAttribute('aria-label') ?? '').split(':')[0]).sort(),
        );

    await blockedFor.selectOption('cluster-autoscaler');
    await expect.poll(() => new URL(page.url()).search).toBe('?blocked=cluster-autoscaler');
    const autoscaler = [
      'flex-2',
      'payments-1',
      'payments-2',
      'worker-1',
      'worker-2',
      'worker-4',
      'worker-5',
    ];
    await expect.poll(tableNames).toStrictEqual(autoscaler);
    expect(await tileNames()).toStrictEqual(autoscaler);

    await blockedFor.selectOption('karpenter');
    await expect.poll(tableNames).toStrictEqual(['flex-2']);
    expect(await tileNames()).toStrictEqual(['flex-2']);

    // Reloaded from the address: the filter stays.
    await page.goto(`${demo.stack.url}/nodes?blocked=kubectl-drain`);
    await map.waitFor();
    expect(await blockedFor.inputValue()).toBe('kubectl-drain');
    await expect
      .poll(tableNames)
      .toStrictEqual([
        'edge-1',
        'flex-2',
        'payments-1',
        'payments-2',
        'worker-1',
        'worker-2',
        'worker-3',
        'worker-4',
        'worker-5',
        'worker-6',
      ]);
  });
});
