import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { NodeRow } from '@pdbscope/shared/api';
import { apiClient } from './api.js';
import { openDemo, type DemoSession } from './demo-session.js';
import { startStack, type Stack } from './stack.js';

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
      'flex-2',
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
      .toBe('16 nodes: 6 drainable, 2 refused, 8 stuck');
    const groups = await map
      .getByRole('group')
      .evaluateAll((els) => els.map((el) => el.getAttribute('aria-label')));
    expect(groups).toStrictEqual([
      'Filter by drainable now',
      'batch: 3 nodes',
      'edge: 1 node, 1 stuck',
      'flex: 2 nodes, 1 stuck',
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
      'flex-2: stuck',
      'flex-1: drainable',
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
    expect(tiles[6]).toBe(
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

/** `12,345`, as the page writes counts. */
const count = (n: number) => n.toLocaleString('en');

/** The map's summary and group headings, worked out from GET /api/nodes as the page should. */
function expectedMap(items: readonly NodeRow[]): { summary: string; groups: string[] } {
  type Counts = {
    nodes: number;
    stuck: number;
    refused: number;
    drainable: number;
    /** Pods or budgets not visible: none on the demo, whose BFF may read everything. */
    unknown: number;
    notReady: number;
  };
  const empty = (): Counts => ({
    nodes: 0,
    stuck: 0,
    refused: 0,
    drainable: 0,
    unknown: 0,
    notReady: 0,
  });
  const total = empty();
  const byZone = new Map<string, Counts>();
  for (const node of items) {
    const zone = node.labels['topology.kubernetes.io/zone'] ?? '';
    const counts = byZone.get(zone) ?? empty();
    byZone.set(zone, counts);
    for (const c of [total, counts]) {
      c.nodes += 1;
      c[node.drainableNow.state] += 1;
      if (!node.known || !node.ready) c.notReady += 1;
    }
  }
  const notReady = total.notReady > 0 ? `; ${count(total.notReady)} NotReady` : '';
  return {
    summary: `${count(total.nodes)} nodes: ${count(total.drainable)} drainable, ${count(total.refused)} refused, ${count(total.stuck)} stuck${notReady}`,
    groups: [...byZone.keys()].sort().map((zone) => {
      const c = byZone.get(zone) ?? empty();
      const parts = [`${count(c.nodes)} nodes`];
      if (c.stuck > 0) parts.push(`${count(c.stuck)} stuck`);
      if (c.refused > 0) parts.push(`${count(c.refused)} refused`);
      if (c.notReady > 0) parts.push(`${count(c.notReady)} NotReady`);
      return `${zone}: ${parts.join(', ')}`;
    }),
  };
}

describe('the nodes tile map at 5,000 nodes', () => {
  // A generated cluster of 5,000 nodes with two pods each, so the stack starts in seconds: the
  // simulator serves it, the BFF lists and watches it, the page reads the BFF's real answer.
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({
      sim: { generate: { seed: 5, nodes: 5_000, pods: 10_000, budgets: 600 } },
      // The demo's stack, started first in this file, built it.
      buildBff: false,
    });
  });
  afterAll(async () => {
    await stack?.stop();
  });

  it('renders every node as a tile, with the counts of GET /api/nodes', async () => {
    const nodes = await apiClient(stack.url).nodes();
    expect(nodes.items).toHaveLength(5_000);
    const states = new Set(nodes.items.map((n) => n.drainableNow.state));
    // The generated cluster has nodes of every state (bare pods, budgets allowing none).
    expect([...states].sort()).toStrictEqual(['drainable', 'refused', 'stuck']);
    const expected = expectedMap(nodes.items);

    await page.goto(`${stack.url}/nodes`);
    const map = page.getByRole('region', { name: 'Node map' });
    await map.waitFor();
    await expect
      .poll(() => map.locator('#tilemap-summary').textContent(), { timeout: 15_000 })
      .toBe(expected.summary);
    const tiles = await tileNames();
    expect(tiles).toHaveLength(5_000);
    expect(new Set(tiles.map(nameOf)).size).toBe(5_000);
    const tileCounts = { stuck: 0, refused: 0, drainable: 0 };
    for (const tile of tiles) {
      const state = tile.split(': ')[1]?.split(',')[0] as keyof typeof tileCounts;
      tileCounts[state] += 1;
    }
    expect(tileCounts).toStrictEqual({
      stuck: nodes.items.filter((n) => n.drainableNow.state === 'stuck').length,
      refused: nodes.items.filter((n) => n.drainableNow.state === 'refused').length,
      drainable: nodes.items.filter((n) => n.drainableNow.state === 'drainable').length,
    });
    expect(
      await map
        .getByRole('button', { name: /nodes/ })
        .evaluateAll((els) => els.map((el) => el.textContent)),
    ).toStrictEqual(expected.groups);
    expect(await page.getByText(/^Showing/).textContent()).toBe('Showing 5,000 of 5,000 nodes');
    await demo.screenshot('nodes-map-5000');
  });
});
