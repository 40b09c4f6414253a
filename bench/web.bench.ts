// pnpm bench:web: the dashboard in headless Chromium against a simulated cluster with 10,000
// budgets. Prints, beside a reference measured in the same run:
//   1. navigation → the overview's rows shown (reference: the page fetching and parsing /api/budgets),
//   2. a live update: a pod made unready in the simulator → its budget's row changing on screen,
//      split into the part before the event reaches the browser and the browser's own part,
//   3. the JavaScript (gzip) of the built app: the first load, each page's chunks, every chunk
//      (bench/web-chunks.ts).
// Targets: < 1.5 s, < 200 ms, < 350 kB. Then, on the same cluster, Overlaps, Findings and Nodes
// (bench/web-views.ts); the Nodes page at 5,000 nodes (bench/web-nodes.ts), and a 1,000-pod
// budget's first open (bench/web-detail.ts).
// Figures only; this never fails a build.
import { launchChromium } from '../e2e/src/chromium.js';
import { buildWeb, startStack } from '../e2e/src/stack.js';
import { allowedOf, apiClient, refOf } from '../e2e/src/api.js';
import { benchNodesPage } from './web-nodes.js';
import { benchViews } from './web-views.js';
import { median, ms, settle } from './web-helpers.js';
import { benchBudgetDetail } from './web-detail.js';
import { chunkSizes, printChunkSizes } from './web-chunks.js';

const budgets = Number(process.env['BENCH_BUDGETS'] ?? 10_000);
const pods = Number(process.env['BENCH_PODS'] ?? budgets * 3);
const runs = Number(process.env['BENCH_RUNS'] ?? 5);
// Issue 11's cluster: 10,000 budgets, 30,000 pods, 1,000 nodes.
const nodes = Number(process.env['BENCH_WEB_NODES'] ?? Math.max(20, Math.ceil(pods / 30)));

async function main(): Promise<void> {
  console.log(`web bench: ${budgets} budgets, ${pods} pods, ${nodes} nodes, ${runs} runs each`);
  const started = Date.now();
  const stack = await startStack({
    sim: {
      generate: { nodes, pods, budgets, seed: 7 },
      activity: false,
    },
    readyTimeoutMs: 600_000,
  });
  console.log(`stack ready in ${ms(Date.now() - started)} at ${stack.url}`);
  const browser = await launchChromium();
  try {
    const api = apiClient(stack.url);
    const settled = await settle(stack.url);
    console.log(`cluster settled (no event for 5 s) ${ms(settled)} after ready`);
    const list = await api.budgets();
    const page = await browser.context.newPage();

    // 1. Navigation to rows shown, against fetching and parsing the same list in the same page.
    const firstRows: number[] = [];
    const reference: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      await page.goto(`${stack.url}/`, { waitUntil: 'commit' });
      await page
        .locator('[role="table"][aria-label="Budgets"] [role="row"][aria-rowindex]')
        .first()
        .waitFor({ timeout: 60_000 });
      firstRows.push(await page.evaluate(() => performance.now()));
      reference.push(
        await page.evaluate(async () => {
          const start = performance.now();
          const response = await fetch('/api/budgets');
          JSON.parse(await response.text());
          return performance.now() - start;
        }),
      );
    }

    console.log(
      `navigation → overview rows shown     median ${ms(median(firstRows))}   (runs: ${firstRows.map(ms).join(', ')})   target < 1500 ms`,
    );
    console.log(
      `  reference: fetch + parse /api/budgets in the page  median ${ms(median(reference))} (${list.items.length} rows)`,
    );

    // 2. A live update: the row of a budget whose available pod goes unready. The detail is
    // read just before each flip, and a pod is flipped once, so every flip changes something.
    const candidates = list.items.filter(
      (candidate) => (candidate.matchedPods ?? 0) > 1 && allowedOf(candidate) > 0,
    );
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { sseMarks: Record<string, number> }).sseMarks = marks;
      const Original = window.EventSource;
      window.EventSource = class extends Original {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          this.addEventListener('message', (event) => {
            const data = JSON.parse(String((event as MessageEvent).data)) as {
              budget?: { namespace: string; name: string };
            };
            const key =
              data.budget === undefined
                ? undefined
                : `${data.budget.namespace}/${data.budget.name}`;
            if (key !== undefined && marks[key] === undefined) marks[key] = performance.now();
          });
        }
      };
    });
    const flipped = new Set<string>();
    const endToEnd: number[] = [];
    const inBrowser: number[] = [];
    for (const candidate of candidates) {
      if (endToEnd.length >= runs) break;
      const detail = await api.detail(refOf(candidate));
      const pod = detail.lanes.available.find(
        (available) => !flipped.has(`${available.namespace}/${available.name}`),
      );
      if (pod === undefined) continue;
      flipped.add(`${pod.namespace}/${pod.name}`);
      const { namespace, name } = candidate;
      await page.goto(
        `${stack.url}/?namespace=${encodeURIComponent(namespace)}&q=${encodeURIComponent(name)}`,
      );
      await page
        .locator('[role="row"][aria-rowindex]', {
          has: page.getByRole('link', { name, exact: true }),
        })
        .waitFor();
      // The row's numbers and flags, leaving out the age, which moves by itself.
      await page.evaluate(() => {
        const record = window as unknown as {
          changedAt?: number;
          signature: () => string;
          before: string;
        };
        record.signature = () =>
          [
            ...(document
              .querySelector('[role="row"][aria-rowindex]')
              ?.querySelectorAll('[role="cell"]') ?? []),
          ]
            .filter((_cell, index) => index !== 10)
            .map((cell) => cell.textContent)
            .join('|');
        record.before = record.signature();
        delete record.changedAt;
        new MutationObserver((_mutations, observer) => {
          if (record.signature() === record.before) return;
          record.changedAt = performance.now();
          observer.disconnect();
        }).observe(document.body, { subtree: true, characterData: true, childList: true });
      });
      const sentAt = await page.evaluate(() => performance.now());
      const response = await fetch(`${stack.sim.url}/_sim/pods/${namespace}/${pod.name}/ready`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ready: false }),
      });
      if (!response.ok)
        throw new Error(
          `the simulator refused to make ${namespace}/${pod.name} unready: ${response.status} ${await response.text()}`,
        );
      const changed = await page
        .waitForFunction(
          () => (window as unknown as { changedAt?: number }).changedAt !== undefined,
          undefined,
          { timeout: 30_000 },
        )
        .then(() => true)
        .catch(() => false);
      const marks = await page.evaluate(
        (budget) => ({
          event: (window as unknown as { sseMarks: Record<string, number> }).sseMarks[budget],
          changed: (window as unknown as { changedAt?: number }).changedAt,
        }),
        `${namespace}/${name}`,
      );
      if (!changed || marks.changed === undefined) {
        console.log(
          `  ${namespace}/${name}: no change on screen within 30 s (its event ${marks.event === undefined ? 'never arrived' : 'arrived'})`,
        );
        continue;
      }
      endToEnd.push(marks.changed - sentAt);
      if (marks.event !== undefined) inBrowser.push(marks.changed - marks.event);
    }

    console.log('');
    console.log(
      `live update: SSE event → row changed  median ${ms(median(inBrowser))}   (runs: ${inBrowser.map(ms).join(', ')})   target < 200 ms`,
    );
    console.log(
      `  end to end: /_sim pod unready → row changed      median ${ms(median(endToEnd))}   (runs: ${endToEnd.map(ms).join(', ')}; includes the simulated controller, watch and BFF)`,
    );

    // 3. Overlaps, Findings and Nodes, and the largest answer of any view, in a fresh page.
    const biggest = [...list.items].sort((a, b) => (b.matchedPods ?? 0) - (a.matchedPods ?? 0))[0];
    const [node] = (await api.nodes()).items;
    const groups = await api.overlaps();
    const group = [...groups.items].sort((a, b) => b.budgetCount - a.budgetCount)[0];
    console.log(
      `overlaps: ${groups.total} groups, the largest of ${group?.budgetCount ?? 0} budgets sharing ${group?.podCount ?? 0} pods`,
    );
    await benchViews({
      page: await browser.context.newPage(),
      url: stack.url,
      runs,
      alsoVisit: [
        '/',
        ...(biggest
          ? [`/budgets/${biggest.kind}/${biggest.namespace}/${encodeURIComponent(biggest.name)}`]
          : []),
        ...(node ? [`/nodes/${encodeURIComponent(node.name)}`] : []),
      ],
      alsoAsk: group ? [`/api/overlaps/${encodeURIComponent(group.id)}/pairs`] : [],
    });
  } finally {
    await browser.close();
    await stack.stop();
  }
}

// BENCH_WEB_PARTS=overview, =nodes or =detail runs one part; each starts its own cluster.
const parts = (process.env['BENCH_WEB_PARTS'] ?? 'overview,nodes,detail').split(',');
await buildWeb();
printChunkSizes(await chunkSizes());
if (parts.includes('overview')) await main();
if (parts.includes('nodes')) await benchNodesPage();
if (parts.includes('detail')) await benchBudgetDetail();
