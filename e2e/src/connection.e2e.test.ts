import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { BudgetListResponse, BudgetRow, ClusterResponse } from '@pdbscope/shared/api';
import { launchChromium, type Browser } from './chromium.js';
import { buildWeb, repoRoot, startStack, type Stack } from './stack.js';

const screenshots = path.join(
  repoRoot,
  process.env['PDBSCOPE_UPDATE_SCREENSHOTS'] === '1'
    ? 'docs/screenshots'
    : 'e2e/artifacts/screenshots',
);

// Watched one by one (--namespace), each resource of each namespace is a source of its own: 7
// resources in 3 namespaces, one with a name as long as Kubernetes allows.
const LONG_NAMESPACE = 'a-namespace-with-a-name-as-long-as-kubernetes-allows-63-chars-x';
const NAMESPACES = ['payments', 'shop', LONG_NAMESPACE];

let stack: Stack;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  await mkdir(screenshots, { recursive: true });
  if (process.env['PDBSCOPE_E2E_SKIP_BUILD'] !== '1') await buildWeb();
  stack = await startStack({
    sim: { demo: true, activity: false, seed: 1 },
    args: ['--namespace', NAMESPACES.join(',')],
  });
  browser = await launchChromium({ width: 1280, height: 800 });
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

async function cluster(): Promise<ClusterResponse> {
  const response = await fetch(`${stack.url}/api/cluster`);
  return (await response.json()) as ClusterResponse;
}

/** Where the page overflows the window sideways, if it does, and where the theme toggle is. */
async function layout(page: Page) {
  return page.evaluate(() => {
    const box = (element: Element | null) => {
      const rect = element?.getBoundingClientRect();
      return rect ? { left: rect.left, right: rect.right, height: rect.height } : undefined;
    };
    const toggle = [...document.querySelectorAll('button')].find((b) =>
      b.textContent?.startsWith('Theme:'),
    );
    const bar = document.querySelector('section[aria-label="Connection"]');
    const chips = [...(bar?.querySelectorAll('li') ?? [])].map((li) => box(li)!);
    return {
      width: window.innerWidth,
      scrollWidth: document.documentElement.scrollWidth,
      toggle: box(toggle ?? null),
      bar: box(bar),
      chipsRight: Math.max(...chips.map((c) => c.right)),
      chipRows: new Set(
        [...(bar?.querySelectorAll('li') ?? [])].map((li) => li.getBoundingClientRect().top),
      ).size,
    };
  });
}

describe('the connection bar and stale marks', () => {
  it('marks the numbers stale while the page hears no events, and clears the mark after', async () => {
    await page.goto(`${stack.url}/`);
    const bar = page.getByRole('region', { name: 'Connection' });
    await expect
      .poll(() => bar.getByRole('status').textContent(), { timeout: 15_000 })
      .toBe('Live updates: connected');
    await page.getByRole('table', { name: 'Budgets' }).waitFor();
    const mark = page.locator('main .stale-mark');
    expect(await mark.count()).toBe(0);
    const restarted = stack.restartBff();
    await expect
      .poll(() => mark.textContent(), { timeout: 15_000 })
      .toMatch(
        /^stale · <1 min: these numbers were last known good at .+ \(live updates lost since .+\)$/,
      );
    // The figures themselves are greyed while the mark shows.
    expect(
      await page
        .getByRole('region', { name: 'Summary' })
        .locator('.figure')
        .first()
        .evaluate((el) => getComputedStyle(el).opacity),
    ).toBe('0.55');
    await restarted;
    await expect
      .poll(() => bar.getByRole('status').textContent(), { timeout: 60_000 })
      .toBe('Live updates: connected');
    await expect.poll(() => mark.count(), { timeout: 15_000 }).toBe(0);
  });

  it('marks only the budgets of a namespace whose source is degraded, and the nodes, until it recovers', async () => {
    const { items } = (await (
      await fetch(`${stack.url}/api/budgets`)
    ).json()) as BudgetListResponse;
    const inShop = items.find((b) => b.namespace === 'shop');
    const inPayments = items.find((b) => b.namespace === 'payments');
    if (inShop === undefined || inPayments === undefined)
      throw new Error('no budget in shop or payments');
    const href = (b: BudgetRow) => `${stack.url}/budgets/${b.kind}/${b.namespace}/${b.name}`;
    const mark = page.locator('main .stale-mark');
    const bar = page.getByRole('region', { name: 'Connection' });

    stack.sim.faults.breakNamespace('shop');
    await expect
      .poll(async () => (await cluster()).sources.find((s) => s.id === 'pods@shop')?.state, {
        timeout: 30_000,
      })
      .toBe('degraded');

    // A budget of another namespace: not marked, although the bar says a source is degraded.
    await page.goto(href(inPayments));
    await expect.poll(() => bar.textContent(), { timeout: 15_000 }).toMatch(/sources degraded/);
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(await mark.count()).toBe(0);

    // A budget of shop: marked, with the source and since when.
    await page.goto(href(inShop));
    await expect
      .poll(() => mark.textContent(), { timeout: 15_000 })
      .toMatch(
        /^stale · <1 min: these numbers were last known good at .+ \(.*pods@shop degraded since .+\)$/,
      );

    // The nodes read every namespace's pods: marked, saying which namespace.
    await page.goto(`${stack.url}/nodes`);
    await expect
      .poll(() => mark.textContent(), { timeout: 15_000 })
      .toMatch(/^stale in shop · <1 min: .*pods@shop degraded since .+/);

    // So does a node's page: a pod of any namespace may be on it.
    const { items: nodes } = (await (await fetch(`${stack.url}/api/nodes`)).json()) as {
      items: { name: string }[];
    };
    await page.goto(`${stack.url}/nodes/${nodes[0]?.name ?? ''}`);
    await expect
      .poll(() => mark.textContent(), { timeout: 15_000 })
      .toMatch(/^stale in shop · <1 min: .*pods@shop degraded since .+/);

    // The overview marks shop's rows only.
    await page.goto(`${stack.url}/`);
    await page.getByRole('table', { name: 'Budgets' }).waitFor();
    await expect.poll(() => mark.textContent(), { timeout: 15_000 }).toMatch(/^stale in shop · /);
    const marked = await page
      .locator(
        '.vgrid [role="row"]:has(.row-mark.stale) [role="cell"]:nth-child(2) > span:first-child',
      )
      .allTextContents();
    expect([marked.length > 0, [...new Set(marked)]]).toStrictEqual([true, ['shop']]);

    // Recovered by itself once the namespace answers again: the marks go.
    stack.sim.faults.mendNamespace('shop');
    await page.goto(`${stack.url}/nodes`);
    await expect.poll(() => mark.count(), { timeout: 60_000 }).toBe(0);
    await page.goto(href(inShop));
    await page.getByRole('heading', { level: 1 }).waitFor();
    await expect.poll(() => mark.count(), { timeout: 15_000 }).toBe(0);
  });

  it('keeps 20 refused and degraded sources on one line, their chips on demand, and marks the numbers', async () => {
    const watched = await cluster();
    expect(watched.ready).toBe(true);
    for (const namespace of ['payments', LONG_NAMESPACE]) stack.sim.faults.forbid(namespace);
    stack.sim.faults.breakNamespace('shop');
    stack.sim.faults.dropWatches({ abrupt: true });
    // Each namespace's sources: refused in payments and the long one, degraded in shop.
    const stateIn = (sources: ClusterResponse['sources'], namespace: string) => [
      ...new Set(sources.filter((s) => s.id.endsWith(`@${namespace}`)).map((s) => s.state)),
    ];
    await expect
      .poll(
        async () => {
          const { sources } = await cluster();
          return NAMESPACES.map((namespace) => stateIn(sources, namespace));
        },
        { timeout: 30_000 },
      )
      .toStrictEqual([['refused'], ['degraded'], ['refused']]);
    const { sources } = await cluster();
    const refused = sources.filter((s) => s.state === 'refused').length;
    const degraded = sources.filter((s) => s.state === 'degraded').length;
    // Kubernetes events feed no number: their refusals are in the bar, not in the marks.
    const refusedInNumbers = sources.filter(
      (s) => s.state === 'refused' && !s.id.startsWith('events'),
    ).length;
    await page.goto(`${stack.url}/`);
    const bar = page.getByRole('region', { name: 'Connection' });
    await expect
      .poll(() => bar.textContent(), { timeout: 15_000 })
      .toContain(
        `${degraded} of ${sources.length} sources degraded, ${refused} not visible (no permission)`,
      );
    expect(await bar.textContent()).not.toContain('All');
    await expect
      .poll(() => page.locator('main .stale-mark').textContent(), { timeout: 15_000 })
      .toMatch(/^stale in shop · .*degraded since .+\)$/);
    expect(await page.locator('main .notvisible-mark').textContent()).toMatch(
      new RegExp(
        `^not visible: no permission to list \\S+ in (payments|${LONG_NAMESPACE}) and ${refusedInNumbers - 1} more: `,
      ),
    );

    for (const width of [1280, 800]) {
      await page.setViewportSize({ width, height: 800 });
      const closed = await layout(page);
      expect(closed.scrollWidth).toBe(width);
      expect(closed.toggle!.right).toBeLessThanOrEqual(width);
      expect(closed.toggle!.left).toBeGreaterThanOrEqual(0);
      expect(closed.bar!.right).toBeLessThanOrEqual(width);
      // One line: the sources' chips wait behind Details.
      expect(closed.bar!.height).toBeLessThanOrEqual(40);
      expect(closed.chipRows).toBe(0);
      await bar.getByRole('button', { name: 'Details' }).click();
      const details = bar.getByRole('region', { name: 'Source details' });
      // The long words are here, whole: the API server's refusal and the list's path.
      await expect
        .poll(() => details.textContent())
        .toContain(
          `cannot list resource "pods" in API group "" in the namespace "${LONG_NAMESPACE}" (GET /api/v1/namespaces/${LONG_NAMESPACE}/pods?limit=500)`,
        );
      expect(await details.textContent()).toContain(
        'not visible: no permission to list pods in payments since',
      );
      const open = await layout(page);
      expect(open.scrollWidth).toBe(width);
      expect(open.chipsRight).toBeLessThanOrEqual(width);
      expect(open.chipRows).toBeGreaterThan(1);
      expect(open.toggle!.right).toBeLessThanOrEqual(width);
      if (width === 1280) await page.screenshot({ path: path.join(screenshots, 'degraded.png') });
      await bar.getByRole('button', { name: 'Hide details' }).click();
    }
    stack.sim.faults.unforbid();
    stack.sim.faults.mendNamespace();
    await expect
      .poll(
        async () =>
          (await cluster()).sources.every((s) => s.state !== 'degraded' && s.state !== 'refused'),
        { timeout: 60_000 },
      )
      .toBe(true);
    await expect.poll(() => page.locator('main .stale-mark').count(), { timeout: 20_000 }).toBe(0);
    expect(await page.locator('main .notvisible-mark').count()).toBe(0);
  });
});
