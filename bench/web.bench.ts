// pnpm bench:web: the dashboard in headless Chromium against a simulated cluster with 10,000
// budgets. Prints, beside a reference measured in the same run:
//   1. navigation → the overview's rows shown (reference: the page fetching and parsing /api/budgets),
//   2. a live update: a pod made unready in the simulator → its budget's row changing on screen,
//      split into the part before the event reaches the browser and the browser's own part,
//   3. the initial JavaScript (gzip) of the built app.
// Targets: < 1.5 s, < 200 ms, < 350 kB. Figures only; this never fails a build.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { launchChromium } from '../e2e/src/chromium.js';
import { buildWeb, repoRoot, startStack } from '../e2e/src/stack.js';
import { allowedOf, apiClient, refOf } from '../e2e/src/api.js';

const budgets = Number(process.env['BENCH_BUDGETS'] ?? 10_000);
const pods = Number(process.env['BENCH_PODS'] ?? budgets * 3);
const runs = Number(process.env['BENCH_RUNS'] ?? 5);

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;

async function initialJsGzip(): Promise<{ bytes: number; files: string[] }> {
  const dist = path.join(repoRoot, 'apps/web/dist');
  const html = await readFile(path.join(dist, 'index.html'), 'utf8');
  const files = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((match) => match[1] ?? '');
  let bytes = 0;
  for (const file of files) bytes += gzipSync(await readFile(path.join(dist, file))).length;
  return { bytes, files };
}

async function main(): Promise<void> {
  console.log(`web bench: ${budgets} budgets, ${pods} pods, ${runs} runs each`);
  await buildWeb();
  const js = await initialJsGzip();
  const started = Date.now();
  const stack = await startStack({ sim: { generate: { nodes: Math.max(20, Math.ceil(pods / 100)), pods, budgets, seed: 7 }, activity: false }, readyTimeoutMs: 600_000 });
  console.log(`stack ready in ${ms(Date.now() - started)} at ${stack.url}`);
  const browser = await launchChromium();
  try {
    const api = apiClient(stack.url);
    const list = await api.budgets();
    const page = await browser.context.newPage();

    // 1. Navigation to rows shown, against fetching and parsing the same list in the same page.
    const firstRows: number[] = [];
    const reference: number[] = [];
    for (let i = 0; i < runs; i += 1) {
      await page.goto(`${stack.url}/`, { waitUntil: 'commit' });
      await page.locator('[role="table"][aria-label="Budgets"] [role="row"][aria-rowindex]').first().waitFor({ timeout: 60_000 });
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

    console.log(`navigation → overview rows shown     median ${ms(median(firstRows))}   (runs: ${firstRows.map(ms).join(', ')})   target < 1500 ms`);
    console.log(`  reference: fetch + parse /api/budgets in the page  median ${ms(median(reference))} (${list.items.length} rows)`);

    // 2. A live update: the row of a budget whose available pod goes unready.
    const details = [];
    for (const row of list.items.filter((candidate) => candidate.matchedPods > 1 && allowedOf(candidate) > 0)) {
      details.push(await api.detail(refOf(row)));
      if (details.length >= runs) break;
    }
    await page.addInitScript(() => {
      const marks: Record<string, number> = {};
      (window as unknown as { sseMarks: Record<string, number> }).sseMarks = marks;
      const Original = window.EventSource;
      window.EventSource = class extends Original {
        constructor(url: string | URL, init?: EventSourceInit) {
          super(url, init);
          this.addEventListener('message', (event) => {
            const data = JSON.parse(String((event as MessageEvent).data)) as { budget?: { namespace: string; name: string } };
            const key = data.budget === undefined ? undefined : `${data.budget.namespace}/${data.budget.name}`;
            if (key !== undefined && marks[key] === undefined) marks[key] = performance.now();
          });
        }
      };
    });
    console.log(`live update subjects: ${details.length} budgets with an available pod`);
    const endToEnd: number[] = [];
    const inBrowser: number[] = [];
    for (const detail of details) {
      const pod = detail.lanes.available[0];
      if (pod === undefined) continue;
      const { namespace, name } = detail.budget;
      await page.goto(`${stack.url}/?namespace=${encodeURIComponent(namespace)}&q=${encodeURIComponent(name)}`);
      const row = page.locator('[role="row"][aria-rowindex]', { has: page.getByRole('link', { name, exact: true }) });
      await row.waitFor().catch(async (error: unknown) => {
        await page.screenshot({ path: '/tmp/bench-fail.png' });
        throw error;
      });
      const before = await row.textContent();
      await page.evaluate((text) => {
        const target = [...document.querySelectorAll('[role="row"][aria-rowindex]')].find((element) => element.textContent === text);
        const record = window as unknown as { changedAt?: number };
        delete record.changedAt;
        new MutationObserver((_mutations, observer) => {
          record.changedAt = performance.now();
          observer.disconnect();
        }).observe(target?.parentElement ?? document.body, { subtree: true, characterData: true, childList: true });
      }, before);
      const sentAt = await page.evaluate(() => performance.now());
      const flipped = await fetch(`${stack.sim.url}/_sim/pods/${namespace}/${pod.name}/ready`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ready: false }),
      });
      if (!flipped.ok) throw new Error(`the simulator refused to make ${namespace}/${pod.name} unready: ${flipped.status} ${await flipped.text()}`);
      const changed = await page
        .waitForFunction((text) => [...document.querySelectorAll('[role="row"][aria-rowindex]')].every((element) => element.textContent !== text), before, { timeout: 30_000 })
        .then(() => true)
        .catch(() => false);
      const marks = await page.evaluate(
        (budget) => ({ event: (window as unknown as { sseMarks: Record<string, number> }).sseMarks[budget], changed: (window as unknown as { changedAt?: number }).changedAt }),
        `${namespace}/${name}`,
      );
      if (!changed) {
        console.log(`  ${namespace}/${name}: no change on screen within 30 s (its event ${marks.event === undefined ? 'never arrived' : 'arrived'})`);
        continue;
      }
      if (marks.changed === undefined) {
        console.log(`  ${namespace}/${name}: the row changed but the observer missed it`);
        continue;
      }
      endToEnd.push(marks.changed - sentAt);
      if (marks.event !== undefined) inBrowser.push(marks.changed - marks.event);
    }

    console.log('');
    console.log(`live update: SSE event → row changed  median ${ms(median(inBrowser))}   (runs: ${inBrowser.map(ms).join(', ')})   target < 200 ms`);
    console.log(`  end to end: /_sim pod unready → row changed      median ${ms(median(endToEnd))}   (runs: ${endToEnd.map(ms).join(', ')}; includes the simulated controller, watch and BFF)`);
    console.log(`initial JS (gzip)                     ${(js.bytes / 1024).toFixed(1)} kB   (${js.files.join(', ')})   target < 350 kB`);
  } finally {
    await browser.close();
    await stack.stop();
  }
}

await main();
