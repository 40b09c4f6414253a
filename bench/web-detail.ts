// bench:web, a budget's detail at size (issue 11): headless Chromium against a simulated cluster
// holding one budget over 1,000 pods (one in ten not Ready). Prints, beside a reference measured
// in the same run and page:
//   1. navigation → the lanes drawn with their "evictable now" marks, on a fresh page each run
//      (first open: nothing cached); target < 500 ms,
//   2. when the page had the detail's answer (its resource timing), to split server from render,
//   reference: the page fetching and parsing the same detail answer.
// Figures only; this never fails a build.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium } from '../e2e/src/chromium.js';
import { buildWeb, startStack } from '../e2e/src/stack.js';
import { median, ms, settle } from './web-helpers.js';

const PODS = Number(process.env['BENCH_DETAIL_PODS'] ?? 1_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const DETAIL_PATH = '/budgets/PodDisruptionBudget/big/web';
const API_PATH = '/api/budgets/PodDisruptionBudget/big/web';

const runsOf = (values: readonly number[]) => values.map(ms).join(', ');

/** One namespace, PODS pods on 20 nodes (one in ten not Ready) and one budget over all of them. */
function bigBudgetScenario(): unknown {
  const items: unknown[] = [{ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'big' } }];
  for (let i = 0; i < PODS; i += 1) {
    items.push({
      apiVersion: 'v1',
      kind: 'Pod',
      metadata: {
        name: `web-${String(i).padStart(4, '0')}`,
        namespace: 'big',
        labels: { app: 'web' },
      },
      spec: {
        nodeName: `worker-${(i % 20) + 1}`,
        containers: [{ name: 'web', image: 'nginx:1.27' }],
      },
      status: {
        phase: 'Running',
        conditions: [{ type: 'Ready', status: i % 10 === 9 ? 'False' : 'True' }],
      },
    });
  }
  items.push({
    apiVersion: 'policy/v1',
    kind: 'PodDisruptionBudget',
    metadata: { name: 'web', namespace: 'big' },
    spec: {
      minAvailable: Math.floor(PODS * 0.85),
      selector: { matchLabels: { app: 'web' } },
    },
  });
  return { apiVersion: 'v1', kind: 'List', items };
}

export async function benchBudgetDetail(options: { build: boolean }): Promise<void> {
  if (options.build) await buildWeb();
  console.log(`\nbudget detail bench: one budget over ${PODS} pods, ${RUNS} runs`);
  const dir = await mkdtemp(path.join(tmpdir(), 'pdbscope-bench-detail-'));
  const file = path.join(dir, 'big.json');
  await writeFile(file, JSON.stringify(bigBudgetScenario()));
  const stack = await startStack({ sim: { scenario: file, activity: false, readyDelayMs: 0 } });
  const browser = await launchChromium();
  try {
    await settle(stack.url, 2000);
    const opened: number[] = [];
    const answered: number[] = [];
    const reference: number[] = [];
    let pods = 0;
    for (let i = 0; i < RUNS; i += 1) {
      // A new page each time: nothing cached, as a first open.
      const page = await browser.context.newPage();
      await page.addInitScript('window.__name = (fn) => fn;');
      await page.goto(`${stack.url}${DETAIL_PATH}`, { waitUntil: 'commit' });
      await page.locator('.lane .evictable').first().waitFor({ timeout: 60_000 });
      opened.push(await page.evaluate(() => performance.now()));
      answered.push(
        await page.evaluate(
          (url) =>
            (
              performance.getEntriesByType('resource').find((entry) => entry.name.endsWith(url)) as
                PerformanceResourceTiming | undefined
            )?.responseEnd ?? Number.NaN,
          API_PATH,
        ),
      );
      const measured = await page.evaluate(async (url) => {
        const start = performance.now();
        const response = await fetch(url);
        const body = JSON.parse(await response.text()) as { lanes: Record<string, unknown[]> };
        return {
          ms: performance.now() - start,
          pods: Object.values(body.lanes).reduce((n, lane) => n + lane.length, 0),
        };
      }, API_PATH);
      reference.push(measured.ms);
      pods = measured.pods;
      await page.close();
    }
    console.log(
      `first open of a ${pods}-pod budget → lanes and marks shown  median ${ms(median(opened))}   (runs: ${runsOf(opened)})   target < 500 ms`,
    );
    console.log(
      `  of which: the detail's answer in the page at          median ${ms(median(answered))}   (runs: ${runsOf(answered)})`,
    );
    console.log(
      `  reference: fetch + parse its detail in the page       median ${ms(median(reference))}   (runs: ${runsOf(reference)})`,
    );
  } finally {
    await browser.close();
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
