import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { NodeRow, NodesResponse } from '@pdbscope/shared/api';
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

/** The tiles' accessible names (name: state…: reason), in the map's order. */
async function tileNames(): Promise<string[]> {
  return page
    .locator('[aria-label="Node map"] a.tile')
    .evaluateAll((tiles) => tiles.map((tile) => tile.getAttribute('aria-label') ?? ''));
}

const nameOf = (description: string) => description.split(':')[0];

describe('the nodes tile map on the demo cluster', () => {
  it("shows the demo's stuck nodes in their pools, and filters the table to them", async () => {
    const api = apiClient(demo.stack.url);
    // The BFF works drainable now out shortly after it is ready; wait until it has for all.
    await expect
      .poll(
        async () =>
          (await api.nodes()).items.filter(
            (n) => n.drainableNow.state !== 'drainable' && n.drainableNow.reason === '',
          ),
        {
          timeout: 20_000,
        },
      )
      .toStrictEqual([]);
    const nodes = await api.nodes();
    const stuck = nodes.items.filter((n) => n.drainableNow.state === 'stuck').map((n) => n.name);
    expect(stuck).toStrictEqual([
      'edge-1',
      'payments-1',
      'payments-2',
      'worker-1',
      'worker-2',
      'worker-3',
      'worker-6',
    ]);

    await page.goto(`${demo.stack.url}/nodes`);
    const map = page.getByRole('region', { name: 'Node map' });
    await map.waitFor();
    await expect
      .poll(() => map.locator('#tilemap-summary').textContent(), { timeout: 20_000 })
      .toBe('14 nodes: 5 drainable, 2 refused, 7 stuck');
    const groups = await map
      .getByRole('group')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(groups).toStrictEqual([
      'Filter by drainable now',
      'batch: 3 nodes',
      'edge: 1 node, 1 stuck',
      'general: 6 nodes, 4 stuck, 2 refused',
      'gpu: 2 nodes',
      'payments: 2 nodes, 2 stuck',
    ]);
    const tiles = await tileNames();
    expect(
      tiles
        .filter((t) => t.includes(': stuck'))
        .map(nameOf)
        .sort(),
    ).toStrictEqual(stuck);
    // Each pool worst first: stuck, refused, drainable.
    expect(tiles.map((t) => t.split(': ').slice(0, 2).join(': '))).toStrictEqual([
      'batch-1: drainable',
      'batch-2: drainable',
      'batch-3: drainable',
      'edge-1: stuck',
      'worker-1: stuck',
      'worker-2: stuck',
      'worker-3: stuck',
      'worker-6: stuck',
      'worker-4: refused',
      'worker-5: refused',
      'gpu-1: drainable',
      'gpu-2: drainable',
      'payments-1: stuck',
      'payments-2: stuck',
    ]);
    expect(tiles[4]).toBe(
      "worker-1: stuck: eviction of databases/postgres-0 refused now, 429 (postgres): Cannot evict pod as it would violate the pod's disruption budget.",
    );
    await demo.screenshot('nodes-map');

    // Hover shows the node's name, state and reason; a click on the legend filters the table.
    await map.getByRole('link', { name: /^worker-1: stuck/ }).hover();
    expect(await page.getByRole('tooltip').textContent()).toBe(
      "worker-1 Stuckeviction of databases/postgres-0 refused now, 429 (postgres): Cannot evict pod as it would violate the pod's disruption budget.",
    );
    await map.getByRole('button', { name: /^ ?Stuck/ }).click();
    await expect.poll(() => new URL(page.url()).search).toBe('?drain=stuck');
    const rows = page.locator('[role="table"][aria-label="Nodes"] [role="row"][aria-rowindex]');
    await expect
      .poll(() => rows.evaluateAll((els) => els.map((el) => el.querySelector('a')?.textContent)))
      .toStrictEqual(stuck);

    // The keyboard reaches the tiles through one tab stop; Enter opens the focused node.
    await map.locator('a.tile[tabindex="0"]').focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));
    expect(await focused()).toBe('batch-1: drainable');
    await page.keyboard.press('ArrowRight');
    expect(await focused()).toBe('batch-2: drainable');
    // Down: the tile of the row below nearest on screen, here the next pool's only one.
    await page.keyboard.press('ArrowDown');
    expect(await focused()).toMatch(/^edge-1: stuck/);
    await page.keyboard.press('Enter');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/nodes/edge-1');

    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto(`${demo.stack.url}/nodes`);
    await map.waitFor();
    await demo.screenshot('nodes-map-dark');
    await page.emulateMedia({ colorScheme: 'light' });
  });
});

const NODEGROUPS = ['general-a', 'general-b', 'payments', 'batch-spot'];

/** A node of a 5,000-node EKS cluster as GET /api/nodes lists it. */
function syntheticNode(i: number): NodeRow {
  const ip = `10.0.${(i >> 8) & 255}.${i & 255}`;
  const name = `ip-${ip.replaceAll('.', '-')}.eu-west-1.compute.internal`;
  const drainableNow: NodeRow['drainableNow'] =
    i % 10 === 0
      ? {
          state: 'stuck',
          pods: [{ kind: 'Pod', namespace: 'payments', name: `payments-api-${i}` }],
          podCount: 1,
          budgets: [{ kind: 'PodDisruptionBudget', namespace: 'payments', name: 'payments-api' }],
          budgetCount: 1,
          reason: `eviction of payments/payments-api-${i} refused now, 429 (payments-api)`,
        }
      : i % 100 === 1
        ? {
            state: 'refused',
            pods: [{ kind: 'Pod', namespace: 'legacy', name: `cron-${i}` }],
            podCount: 1,
            budgets: [],
            budgetCount: 0,
            reason: `cannot delete Pods that declare no controller (use --force to override): legacy/cron-${i}`,
          }
        : { state: 'drainable', pods: [], podCount: 0, budgets: [], budgetCount: 0, reason: '' };
  return {
    name,
    known: true,
    ready: i % 500 !== 3,
    unschedulable: false,
    labels: {
      'kubernetes.io/hostname': name,
      'eks.amazonaws.com/nodegroup': NODEGROUPS[i % NODEGROUPS.length] ?? 'general-a',
      'topology.kubernetes.io/zone': `eu-west-1${'abc'[i % 3] ?? 'a'}`,
    },
    taints: [],
    pods: 30,
    budgetedPods: 12,
    drainableNow,
    creationTimestamp: '2026-11-01T00:00:00Z',
  };
}

describe('the nodes tile map at 5,000 nodes', () => {
  it('renders every node as a tile with the summary and the groups', async () => {
    const answer: NodesResponse = {
      items: Array.from({ length: 5_000 }, (_, i) => syntheticNode(i)).sort((a, b) =>
        a.name < b.name ? -1 : 1,
      ),
      eventId: 'e1-1',
    };
    await page.route('**/api/nodes', (route) => route.fulfill({ json: answer }));
    try {
      await page.goto(`${demo.stack.url}/nodes`);
      const map = page.getByRole('region', { name: 'Node map' });
      await map.waitFor();
      expect(await map.locator('#tilemap-summary').textContent()).toBe(
        '5,000 nodes: 4,450 drainable, 50 refused, 500 stuck; 10 NotReady',
      );
      expect(await map.locator('a.tile').count()).toBe(5_000);
      expect(
        await map
          .getByRole('button', { name: /nodes/ })
          .evaluateAll((els) => els.map((el) => el.textContent)),
      ).toStrictEqual([
        'batch-spot: 1,250 nodes, 10 NotReady',
        'general-a: 1,250 nodes, 250 stuck',
        'general-b: 1,250 nodes, 50 refused',
        'payments: 1,250 nodes, 250 stuck',
      ]);
      expect(await page.getByText(/^Showing/).textContent()).toBe('Showing 5,000 of 5,000 nodes');
      await demo.screenshot('nodes-map-5000');
    } finally {
      await page.unroute('**/api/nodes');
    }
  });
});
