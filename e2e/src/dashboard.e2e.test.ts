import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { allowedOf, apiClient, refOf } from './api.js';
import { launchChromium, type Browser } from './chromium.js';
import { buildWeb, repoRoot, setPodReady, startStack, type Stack } from './stack.js';

// Every run saves its screenshots; `PDBSCOPE_UPDATE_SCREENSHOTS=1` writes them over the docs'
// (docs/screenshots), so an ordinary test run leaves the working tree clean.
const screenshots = path.join(
  repoRoot,
  process.env['PDBSCOPE_UPDATE_SCREENSHOTS'] === '1'
    ? 'docs/screenshots'
    : 'e2e/artifacts/screenshots',
);
const blockedMessage = "Cannot evict pod as it would violate the pod's disruption budget.";

let stack: Stack;
let browser: Browser;
let page: Page;
let api: ReturnType<typeof apiClient>;

async function shot(name: string): Promise<void> {
  await page.screenshot({ path: path.join(screenshots, `${name}.png`), fullPage: false });
}

beforeAll(async () => {
  await mkdir(screenshots, { recursive: true });
  if (process.env['PDBSCOPE_E2E_SKIP_BUILD'] !== '1') await buildWeb();
  stack = await startStack({ sim: { demo: true, activity: false, seed: 1 } });
  api = apiClient(stack.url);
  browser = await launchChromium();
  page = await browser.context.newPage();
});

afterAll(async () => {
  await browser?.close();
  await stack?.stop();
});

describe('the dashboard on the demo cluster', () => {
  it('lists every demo budget in the overview, with 0 allowed disruptions shown as 0', async () => {
    const { items } = await api.budgets();
    await page.goto(`${stack.url}/`);
    const table = page.getByRole('table', { name: 'Budgets' });
    await expect
      .poll(() => page.getByText(`Showing ${items.length} of ${items.length} budgets`).count())
      .toBe(1);
    // The grid is virtualised: search for each budget so its row is rendered.
    for (const row of items) {
      await page.getByRole('searchbox', { name: 'Search' }).fill(row.name);
      await expect
        .poll(() => table.getByRole('link', { name: row.name, exact: true }).count())
        .toBeGreaterThanOrEqual(1);
    }
    await page.getByRole('searchbox', { name: 'Search' }).fill('');
    const blocking = items.filter((row) => allowedOf(row) === 0);
    expect(blocking.length).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'State' }).selectOption('blocking');
    await expect
      .poll(() => table.getByRole('row').count())
      .toBe(items.filter((row) => row.flags.blocking).length + 1);
    await expect.poll(() => table.getByText('0 blocks').count()).toBeGreaterThan(0);
    await page.getByRole('combobox', { name: 'State' }).selectOption('');
    await shot('overview');
  });

  it('marks budgets that allow a disruption but can evict no pod (each pod under three PDBs) as blocking', async () => {
    const reason =
      'every one of its 3 pods is under more than one PodDisruptionBudget: each eviction is refused with HTTP 500, whatever the budgets allow';
    const ledgers = (await api.budgets()).items.filter((row) => row.name.startsWith('ledger'));
    expect(ledgers.map((row) => [row.name, allowedOf(row) > 0])).toStrictEqual([
      ['ledger', true],
      ['ledger-by-name', true],
      ['ledger-pdb', true],
    ]);
    await page.goto(`${stack.url}/?state=blocking`);
    await page.getByRole('searchbox', { name: 'Search' }).fill('ledger');
    const table = page.getByRole('table', { name: 'Budgets' });
    for (const row of ledgers) {
      const link = table.getByRole('link', { name: row.name, exact: true });
      await expect.poll(() => link.count(), { timeout: 15_000 }).toBe(1);
      const mark = link.locator('xpath=ancestor::*[@role="row"]').locator('.zero');
      expect([await mark.textContent(), await mark.getAttribute('title')]).toStrictEqual([
        `${allowedOf(row)} blocks`,
        `Blocks every eviction: ${reason}`,
      ]);
    }
    await page.goto(`${stack.url}/budgets/PodDisruptionBudget/payments/ledger-pdb`);
    await expect
      .poll(() => page.getByText(`Blocks every eviction: ${reason}.`).count(), { timeout: 15_000 })
      .toBe(1);
  });

  it("shows a budget's pods in the Available, Unavailable and Disrupted lanes", async () => {
    const { items } = await api.budgets();
    const row = items.find(
      (candidate) => (candidate.matchedPods ?? 0) > 0 && candidate.flags.error === null,
    );
    if (row === undefined) throw new Error('the demo has no budget with pods');
    const detail = await api.detail(refOf(row));
    await page.goto(`${stack.url}/`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(row.name);
    await page
      .getByRole('table', { name: 'Budgets' })
      .getByRole('link', { name: row.name, exact: true })
      .first()
      .click();
    await page.waitForURL(`**/budgets/${row.kind}/${row.namespace}/${row.name}`);
    for (const [lane, title] of [
      ['available', 'Available'],
      ['unavailable', 'Unavailable'],
      ['disrupted', 'Disrupted'],
    ] as const) {
      const region = page.getByRole('region', { name: new RegExp(`^${title} \\(`) });
      await expect
        .poll(() => region.getByRole('heading').textContent())
        .toBe(`${title} (${detail.lanes[lane].length})`);
      for (const pod of detail.lanes[lane]) {
        expect(
          await region
            .getByRole('button', { name: `Simulate eviction ${pod.name}`, exact: true })
            .count(),
        ).toBe(1);
      }
    }
    // The sections under the lanes come in their own chunk: shown whole, not their fallback.
    await page.getByRole('region', { name: 'Timeline' }).waitFor();
    await shot('budget-detail');
  });

  it("finds the budgets covering a pod by the pod's name typed in the search box", async () => {
    const { items } = await api.budgets();
    // ledger-pdb's pods are each under three PDBs.
    const subject = items.find((row) => row.name === 'ledger-pdb');
    if (subject === undefined) throw new Error('the demo has no ledger-pdb');
    const [pod] = Object.values((await api.detail(refOf(subject))).lanes).flat();
    if (pod === undefined) throw new Error(`${subject.name} has no pod`);
    const coveringRows = (await api.pod(pod.namespace, pod.name)).budgets;
    const covering = coveringRows.map((row) => row.name);
    // Only the BFF can find these: the pod's name is in no budget's name or selector.
    expect(covering.filter((name) => `${pod.namespace}/${name}`.includes(pod.name))).toStrictEqual(
      [],
    );
    await page.goto(`${stack.url}/`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(pod.name);
    await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(pod.name);
    const table = page.getByRole('table', { name: 'Budgets' });
    await expect
      .poll(async () =>
        (
          await table
            .locator('[role="row"][aria-rowindex] [role="cell"]:nth-child(3)')
            .allTextContents()
        ).sort(),
      )
      .toStrictEqual([...covering].sort());
    expect(covering.length).toBeGreaterThan(1);

    // The namespace picker still offers every namespace the BFF knows, each with what the
    // search found there.
    const found = (namespace: string) =>
      coveringRows.filter((row) => row.namespace === namespace).length;
    const known = (await api.namespaces()).items.map((n) => n.namespace);
    await page.getByRole('combobox', { name: 'Namespace' }).click();
    await page.keyboard.press('ArrowDown');
    const offered = page.getByRole('listbox', { name: 'Namespaces' }).getByRole('option');
    await expect.poll(() => offered.count()).toBe(known.length);
    expect(await offered.allTextContents()).toStrictEqual(
      [...new Set([...known, ...items.map((row) => row.namespace)])]
        .sort()
        .map((namespace) => `${namespace} (${found(namespace)})`),
    );
    await page.keyboard.press('Escape');

    // A selector cut at its cell opens whole beside it, every expression on its own line.
    const [budget] = items
      .filter(
        (candidate) => candidate.namespace === pod.namespace && covering.includes(candidate.name),
      )
      .sort((a, b) => b.selectorText.length - a.selectorText.length);
    if (budget === undefined) throw new Error('no covering budget');
    const row = table.locator('[role="row"][aria-rowindex]', {
      has: page.getByRole('link', { name: budget.name, exact: true }),
    });
    const opener = row.getByRole('button', { name: /^Selector: / });
    await opener.click();
    const popover = page.getByRole('dialog', {
      name: `Selector of ${budget.namespace}/${budget.name}`,
    });
    await popover.waitFor();
    const [cell, shown] = [await opener.boundingBox(), await popover.boundingBox()];
    expect([
      await opener.getAttribute('aria-label'),
      (await popover.getByRole('listitem').allTextContents()).join(','),
      shown !== null && cell !== null && Math.abs(shown.y - (cell.y + cell.height)) < 8,
    ]).toStrictEqual([
      `Selector: ${(await popover.getByRole('listitem').allTextContents()).join(', ')}`,
      budget.selectorText,
      true,
    ]);
    await shot('selector-open');
    await page.keyboard.press('Escape');
    await expect.poll(() => popover.isVisible()).toBe(false);
  });

  it('marks every pod of a detail evictable now or not with the rule the API server decides by', async () => {
    const { items } = await api.budgets();
    const refused = items.find((row) => row.name === 'ledger-pdb');
    const allowing = items.find(
      (row) =>
        row.kind === 'PodDisruptionBudget' &&
        row.disruptionsAllowed > 0 &&
        !row.flags.overlap &&
        !row.flags.blocking &&
        (row.matchedPods ?? 0) > 0,
    );
    if (refused === undefined || allowing === undefined) throw new Error('no demo subjects');
    const rulesSeen = new Set<string>();
    for (const row of [refused, allowing]) {
      const detail = await api.detail(refOf(row));
      await page.goto(`${stack.url}/budgets/${row.kind}/${row.namespace}/${row.name}`);
      for (const pod of Object.values(detail.lanes).flat()) {
        // What the pod's own page says a dry-run eviction would answer now.
        const { eviction } = await api.pod(pod.namespace, pod.name);
        const item = page
          .getByRole('listitem')
          .filter({ has: page.getByRole('link', { name: pod.name, exact: true }) });
        // The verdict, a sentence, then the rule id, small.
        const mark = item.locator('.evictable');
        await expect
          .poll(
            async () => [
              (await mark.textContent())?.startsWith(
                eviction.allowed ? '✓ Evictable now: ' : '✕ Not evictable now: ',
              ),
              await mark.locator('.rule-id').textContent(),
            ],
            { timeout: 15_000 },
          )
          .toStrictEqual([true, eviction.rule]);
        rulesSeen.add(eviction.rule);
      }
    }
    expect(
      ['budget-decremented', 'multiple-pdbs'].filter((rule) => !rulesSeen.has(rule)),
    ).toStrictEqual([]);
    await page.getByRole('region', { name: 'Timeline' }).waitFor();
    await shot('budget-detail-evictable');
  });

  it('simulates a blocked and an allowed eviction and shows the API server messages', async () => {
    const { items } = await api.budgets();
    const details = await Promise.all(
      items.filter((row) => row.flags.error === null).map((row) => api.detail(refOf(row))),
    );
    const blocked = details.find(
      (detail) =>
        allowedOf(detail.budget) === 0 &&
        !detail.budget.flags.overlap &&
        detail.lanes.available.length > 0,
    );
    const allowed = details.find(
      (detail) =>
        allowedOf(detail.budget) > 0 &&
        !detail.budget.flags.overlap &&
        detail.lanes.available.length > 0,
    );
    if (blocked === undefined || allowed === undefined)
      throw new Error('the demo needs a blocking and an allowing budget with available pods');

    const blockedPod = blocked.lanes.available[0]!;
    await page.goto(
      `${stack.url}/budgets/${blocked.budget.kind}/${blocked.budget.namespace}/${blocked.budget.name}`,
    );
    await page
      .getByRole('button', { name: `Simulate eviction ${blockedPod.name}`, exact: true })
      .click();
    const region = page.getByRole('status', { name: 'Eviction decision' });
    await expect.poll(() => region.textContent(), { timeout: 15_000 }).toContain('Refused: 429, ');
    expect(await region.textContent()).toContain(blockedMessage);
    await shot('simulate-blocked');

    const allowedPod = allowed.lanes.available[0]!;
    await page.goto(
      `${stack.url}/budgets/${allowed.budget.kind}/${allowed.budget.namespace}/${allowed.budget.name}`,
    );
    await page
      .getByRole('button', { name: `Simulate eviction ${allowedPod.name}`, exact: true })
      .click();
    await expect
      .poll(() => page.getByRole('status', { name: 'Eviction decision' }).textContent(), {
        timeout: 15_000,
      })
      .toContain('Allowed: 201, ');
    expect(await page.getByRole('status', { name: 'Eviction decision' }).textContent()).toContain(
      'Budgets after this eviction',
    );
    await shot('simulate-allowed');
  });

  it('plans a node drain in rounds', async () => {
    const { items } = await api.nodes();
    const node = [...items].sort((a, b) => b.budgetedPods - a.budgetedPods)[0];
    if (node === undefined) throw new Error('the demo has no nodes');
    await page.goto(`${stack.url}/nodes`);
    await page.getByRole('button', { name: `Simulate drain ${node.name}`, exact: true }).click();
    await page.waitForURL(`**/nodes/${node.name}/drain`);
    const plan = page.getByRole('status', { name: 'Drain plan' });
    await expect
      .poll(() => plan.textContent(), { timeout: 20_000 })
      .toContain(`As kubectl drain ${node.name}`);
    // kubectl's flags are checkboxes kept in the URL; with all three the node is not refused.
    const options = page.getByRole('form', { name: 'kubectl drain options' });
    // Each tick navigates (the URL holds the flags); the next waits for it.
    for (const [flag, param] of [
      ['--ignore-daemonsets', 'ignoreDaemonSets=1'],
      ['--delete-emptydir-data', 'deleteEmptyDirData=1'],
      ['--force', 'force=1'],
    ] as const) {
      await options.getByRole('checkbox', { name: flag }).click();
      await page.waitForURL((url) => url.search.includes(param));
    }
    await page.waitForURL(/force=1&ignoreDaemonSets=1&deleteEmptyDirData=1$/);
    await expect.poll(() => plan.textContent(), { timeout: 20_000 }).toContain('Round 1');
    expect(await plan.textContent()).toMatch(/Draining .* (completes|fails|gets stuck)/);
    await shot('drain');
  });

  it('finds a node by a label and shows its pods and the budgets they fall under', async () => {
    const { items } = await api.nodes();
    const node = [...items].sort((a, b) => b.budgetedPods - a.budgetedPods)[0];
    const zone = node?.labels['topology.kubernetes.io/zone'];
    if (node === undefined || zone === undefined) throw new Error('the demo has no zoned node');
    await page.goto(`${stack.url}/nodes`);
    await page
      .getByRole('searchbox', { name: 'Labels' })
      .fill(`topology.kubernetes.io/zone=${zone}`);
    const grid = page.getByRole('table', { name: 'Nodes' });
    const inZone = items.filter((n) => n.labels['topology.kubernetes.io/zone'] === zone).length;
    await expect
      .poll(() => page.getByText(/^Showing \d+ of \d+ nodes$/).textContent())
      .toBe(`Showing ${inZone} of ${items.length} nodes`);
    await grid.getByRole('link', { name: node.name, exact: true }).click();
    await page.waitForURL(`**/nodes/${node.name}`);
    const pods = page.getByRole('table', { name: 'Pods' });
    await expect.poll(() => pods.getByRole('row').count()).toBe(node.pods + 1);
    const budgets = page.getByRole('table', { name: 'Budgets' });
    expect(await budgets.getByRole('row').count()).toBeGreaterThan(1);
    expect(await page.getByRole('table', { name: 'Conditions' }).textContent()).toContain('Ready');
    await shot('node');
  });

  it('shows the demo overlapping budgets in the Overlaps view, a group opened into its pairs', async () => {
    const { items } = await api.overlaps();
    const live = items.filter((group) => group.kind === 'live');
    expect(live.length).toBeGreaterThan(0);
    await page.goto(`${stack.url}/`);
    await page.getByRole('link', { name: 'Overlaps', exact: true }).click();
    await page.waitForURL('**/overlaps');
    const groups = page.getByRole('list', { name: 'Overlap groups' });
    await expect.poll(() => groups.locator(':scope > li').count()).toBe(items.length);
    for (const group of live) {
      for (const budget of group.budgets) {
        expect(
          await groups
            .getByRole('link', {
              name: `${budget.kind} ${budget.namespace}/${budget.name}`,
              exact: true,
            })
            .count(),
        ).toBeGreaterThan(0);
      }
    }
    const first = live[0];
    if (first === undefined) throw new Error('no live group');
    const card = groups.locator(':scope > li').filter({ hasText: first.message }).first();
    await card.getByRole('button', { name: 'Show pairs' }).click();
    const pairs = page.getByRole('list', {
      name: `Pairs of ${first.namespace}/${first.budgets[0]?.name ?? ''}`,
    });
    await expect.poll(() => pairs.getByText('shares live pods').count()).toBeGreaterThan(0);
    await shot('overlaps');
  });

  it('shows findings with severity, a linked subject and a remedy', async () => {
    await page.goto(`${stack.url}/`);
    await page.getByRole('link', { name: 'Findings', exact: true }).click();
    await page.waitForURL('**/findings');
    const { items } = await api.findings();
    expect(items.length).toBeGreaterThan(0);
    const table = page.getByRole('table');
    await expect.poll(() => table.getByRole('row').count()).toBe(items.length + 1);
    for (const finding of items.slice(0, 5)) {
      const row = table.getByRole('row').filter({ hasText: finding.message }).first();
      expect(await row.getByRole('cell').first().textContent()).toBe(finding.severity);
      expect(await row.textContent()).toContain(finding.remedy);
      const subject = `${finding.subject.kind} ${finding.subject.namespace === '' ? '' : `${finding.subject.namespace}/`}${finding.subject.name}`;
      expect(await row.getByText(subject, { exact: true }).count()).toBeGreaterThan(0);
    }
    await shot('findings');
  });

  it("opens a deep link with one request for its first answer and that page's scripts only", async () => {
    const row = (await api.budgets()).items.find((candidate) => (candidate.matchedPods ?? 0) > 0);
    if (row === undefined) throw new Error('the demo has no budget with pods');
    const detailPath = `/budgets/${row.kind}/${row.namespace}/${encodeURIComponent(row.name)}`;
    const opened = await browser.context.newPage();
    const requested: string[] = [];
    opened.on('request', (request) => {
      const url = new URL(request.url());
      requested.push(url.pathname + url.search);
    });
    try {
      await opened.goto(`${stack.url}${detailPath}`);
      await opened.getByRole('region', { name: /^Available \(/ }).waitFor();
      // The history chart and the rest come in their own chunk once the lanes are drawn.
      await opened.getByRole('region', { name: 'Timeline' }).waitFor();
      const scripts = requested.filter((path) => path.endsWith('.js'));
      expect(requested.filter((path) => path === `/api${detailPath}`)).toHaveLength(1);
      expect(scripts.filter((path) => /BudgetDetailPage|BelowTheLanes/.test(path))).toHaveLength(2);
      expect(
        scripts.filter((path) => /BudgetsPage|NodesPage|UpgradePage|virtual/.test(path)),
      ).toStrictEqual([]);

      requested.length = 0;
      await opened.goto(`${stack.url}/?q=${encodeURIComponent(row.name)}`);
      await opened
        .getByRole('table', { name: 'Budgets' })
        .getByRole('link', { name: row.name, exact: true })
        .first()
        .waitFor();
      // The search asked for once: prefetch.js wrote its address as the app does.
      expect(requested.filter((path) => path.startsWith('/api/budgets'))).toStrictEqual([
        `/api/budgets?${new URLSearchParams({ text: row.name }).toString()}`,
      ]);
    } finally {
      await opened.close();
    }
  });

  it('keeps every view at its own address, with working Back and Forward', async () => {
    await page.goto(`${stack.url}/?state=overlapping`);
    const table = page.getByRole('table', { name: 'Budgets' });
    const first = table.getByRole('link').first();
    const name = await first.textContent();
    await first.click();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain(`/${name}`);
    await page.goBack();
    await page.waitForURL('**/?state=overlapping');
    expect(await page.getByRole('combobox', { name: 'State' }).inputValue()).toBe('overlapping');
    await page.goForward();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain(`/${name}`);
    await page.reload();
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toContain(`/${name}`);
  });

  it('shows a pod made unready in the simulator without a reload', async () => {
    const { items } = await api.budgets();
    const details = await Promise.all(
      items.filter((row) => row.flags.error === null).map((row) => api.detail(refOf(row))),
    );
    const subject = details.find(
      (detail) => detail.lanes.available.length > 1 && !detail.budget.flags.overlap,
    );
    if (subject === undefined) throw new Error('the demo needs a budget with two available pods');
    const pod = subject.lanes.available[0]!;
    await page.goto(
      `${stack.url}/budgets/${subject.budget.kind}/${subject.budget.namespace}/${subject.budget.name}`,
    );
    const unavailable = page.getByRole('region', { name: /^Unavailable \(/ });
    await expect
      .poll(() =>
        unavailable
          .getByRole('button', { name: `Simulate eviction ${pod.name}`, exact: true })
          .count(),
      )
      .toBe(0);
    await page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    const response = await fetch(`${stack.sim.url}/_sim/pods/${pod.namespace}/${pod.name}/ready`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ready: false }),
    });
    expect(response.ok).toBe(true);
    await expect
      .poll(
        () =>
          unavailable
            .getByRole('button', { name: `Simulate eviction ${pod.name}`, exact: true })
            .count(),
        { timeout: 20_000 },
      )
      .toBe(1);
    expect(
      await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded),
    ).toBe(true);
    await shot('live-update');
  });

  it("draws a budget's timeline with the moment a pod became unready, and sorts by blocking since", async () => {
    const { items } = await api.budgets();
    const details = await Promise.all(
      items
        .filter((row) => row.flags.error === null && !row.flags.overlap && allowedOf(row) > 0)
        .map((row) => api.detail(refOf(row))),
    );
    // The last candidate: the live-update test above takes the first.
    const subject = details.filter((detail) => detail.lanes.available.length > 1).at(-1);
    if (subject === undefined) throw new Error('the demo needs a budget with two available pods');
    const pod = subject.lanes.available.at(-1)!;
    const before = allowedOf(subject.budget);
    expect(await setPodReady(stack.sim, pod, false)).toBe(true);
    await page.goto(
      `${stack.url}/budgets/${subject.budget.kind}/${subject.budget.namespace}/${subject.budget.name}`,
    );
    const timeline = page.getByRole('region', { name: 'Timeline' });
    const changes = timeline.getByRole('list', { name: 'Changes over time' });
    await expect
      .poll(() => changes.getByText(`${pod.namespace}/${pod.name} became unready`).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    await expect
      .poll(() => changes.getByText(`allowed disruptions ${before - 1},`).count(), {
        timeout: 20_000,
      })
      .toBe(1);
    expect(await timeline.getByRole('img').getAttribute('aria-label')).toMatch(
      /^Allowed disruptions, current and desired healthy pods from /,
    );
    expect(await timeline.locator('.timeline-mark').count()).toBe(1);
    await timeline.scrollIntoViewIfNeeded();
    await shot('timeline');

    // The overview, longest blocking first: a blocking budget with a reported time comes first.
    const blocking = (await api.budgets()).items
      .filter((row) => row.blockingSince !== undefined)
      .sort((a, b) => Date.parse(a.blockingSince!) - Date.parse(b.blockingSince!));
    expect(blocking.length).toBeGreaterThan(0);
    await page.goto(`${stack.url}/?sort=blockingSince&dir=asc`);
    const table = page.getByRole('table', { name: 'Budgets' });
    const firstRow = table.getByRole('row').nth(1);
    await expect
      .poll(() => firstRow.getByRole('link', { name: blocking[0]!.name, exact: true }).count())
      .toBe(1);
    expect(
      await firstRow.locator(`time[datetime="${blocking[0]!.blockingSince}"]`).textContent(),
    ).toMatch(/^\d+[smhd]$/);
    expect(await setPodReady(stack.sim, pod, true)).toBe(true);
  });

  it('holds every number still while paused, counts what waits, and catches up on resume', async () => {
    const { items } = await api.budgets();
    const details = await Promise.all(
      items
        .filter((row) => row.flags.error === null && !row.flags.overlap)
        .map((row) => api.detail(refOf(row))),
    );
    const subject = details.filter((detail) => detail.lanes.available.length > 2).at(-1);
    if (subject === undefined) throw new Error('the demo needs a budget with three available pods');
    const pod = subject.lanes.available.at(-2)!;
    await page.goto(
      `${stack.url}/budgets/${subject.budget.kind}/${subject.budget.namespace}/${subject.budget.name}`,
    );
    const unavailable = page.getByRole('region', { name: /^Unavailable \(/ });
    const shownUnavailable = () =>
      unavailable
        .getByRole('button', { name: `Simulate eviction ${pod.name}`, exact: true })
        .count();
    const bar = page.getByRole('region', { name: 'Connection' });
    await bar.getByRole('button', { name: 'Pause live updates' }).click();
    expect(await setPodReady(stack.sim, pod, false)).toBe(true);
    await expect
      .poll(() => bar.getByText(/^Paused: as of /).textContent(), { timeout: 20_000 })
      .toMatch(/, [1-9]\d* changes? waiting$/);
    const held = await shownUnavailable();
    await shot('paused');
    await bar.getByRole('button', { name: 'Resume live updates' }).click();
    await expect.poll(shownUnavailable, { timeout: 20_000 }).toBe(1);
    expect([held, await bar.getByText(/^Paused/).count()]).toStrictEqual([0, 0]);
    expect(await setPodReady(stack.sim, pod, true)).toBe(true);
  });

  it('says when live updates are lost, reconnects by itself and catches up', async () => {
    await page.goto(`${stack.url}/`);
    const stream = page.getByRole('region', { name: 'Connection' }).getByRole('status');
    await expect
      .poll(() => stream.textContent(), { timeout: 15_000 })
      .toBe('Live updates: connected');
    const restarted = stack.restartBff();
    await expect
      .poll(() => stream.textContent(), { timeout: 15_000 })
      .toMatch(/^Live updates lost .*; reconnecting \(attempt \d+\)…$/);
    await shot('reconnecting');
    await restarted;
    await expect
      .poll(() => stream.textContent(), { timeout: 60_000 })
      .toBe('Live updates: connected');
    // A change made after the restart still reaches the page without a reload.
    const { items } = await api.budgets();
    const row = items.find(
      (candidate) => (candidate.matchedPods ?? 0) > 0 && candidate.flags.error === null,
    );
    if (row === undefined) throw new Error('the demo has no budget with pods');
    const detail = await api.detail(refOf(row));
    const pod = detail.lanes.available[0];
    if (pod === undefined) throw new Error(`${row.name} has no available pod`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(row.name);
    const current = () =>
      page
        .getByRole('table', { name: 'Budgets' })
        .getByRole('row')
        .filter({ hasText: row.namespace })
        .filter({ has: page.getByRole('link', { name: row.name, exact: true }) })
        .getByRole('cell')
        .nth(7)
        .textContent();
    const before = Number(await current());
    await fetch(`${stack.sim.url}/_sim/pods/${pod.namespace}/${pod.name}/ready`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ready: false }),
    });
    await expect.poll(async () => Number(await current()), { timeout: 20_000 }).toBe(before - 1);
  });

  it('follows a dark system theme, and the toggle overrides it', async () => {
    const dark = await launchChromium({ colorScheme: 'dark' });
    try {
      const darkPage = await dark.context.newPage();
      await darkPage.goto(`${stack.url}/`);
      await darkPage.getByRole('table', { name: 'Budgets' }).waitFor();
      expect(await darkPage.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        'rgb(15, 18, 22)',
      );
      await darkPage.screenshot({ path: path.join(screenshots, 'overview-dark.png') });
      // The toggle overrides the system preference.
      await darkPage.getByRole('button', { name: 'Theme: system' }).click();
      expect(await darkPage.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe(
        'rgb(247, 248, 250)',
      );
    } finally {
      await dark.close();
    }
  });
});
