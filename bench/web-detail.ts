// bench:web, a budget's detail at size (issue 11): headless Chromium against a simulated cluster
// holding one budget over 1,000 pods (one in ten not Ready). Prints, beside a reference measured
// in the same run and page:
//   1. navigation → the lanes drawn with their "evictable now" marks (recorded by the page), on a
//      fresh page each run, first with the browser's cache emptied (a first visit: every script
//      fetched and compiled), then with the scripts cached (a later visit); target < 500 ms,
//   2. when the page had the detail's answer (its resource timing), to split server from render,
//   3. the longest main-thread task until then, and the JavaScript fetched (gzip, as sent),
//   reference: the page fetching and parsing the same detail answer.
// Figures only; this never fails a build.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launchChromium, type Browser } from '../e2e/src/chromium.js';
import { startStack } from '../e2e/src/stack.js';
import { median, ms, settle } from './web-helpers.js';
import { markView, type ViewMarks } from './web-marks.js';

const PODS = Number(process.env['BENCH_DETAIL_PODS'] ?? 1_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);
const DETAIL_PATH = '/budgets/PodDisruptionBudget/big/web';
const API_PATH = '/api/budgets/PodDisruptionBudget/big/web';
const LANES_DRAWN = '.lane .evictable';

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

interface OpenRun {
  drawn: number;
  answered: number;
  longest: number;
  reference: number;
  pods: number;
  scripts: { file: string; bytes: number; cached: boolean }[];
}

/** One first open of the detail on a fresh page, the cache emptied first when `cold`. */
async function openOnce(browser: Browser, url: string, cold: boolean): Promise<OpenRun> {
  const page = await browser.context.newPage();
  try {
    if (cold) {
      const cdp = await browser.context.newCDPSession(page);
      await cdp.send('Network.clearBrowserCache');
      await cdp.detach();
    }
    await page.addInitScript('window.__name = (fn) => fn;');
    await page.addInitScript(markView, LANES_DRAWN);
    await page.goto(`${url}${DETAIL_PATH}`, { waitUntil: 'commit' });
    await page.waitForFunction(
      () => (window as unknown as { viewMarks?: ViewMarks }).viewMarks?.content !== undefined,
      undefined,
      { timeout: 60_000 },
    );
    const seen = await page.evaluate((api) => {
      const entries = performance.getEntriesByType('resource') as PerformanceResourceTiming[];
      return {
        marks: (window as unknown as { viewMarks: ViewMarks }).viewMarks,
        answered: entries.find((entry) => entry.name.endsWith(api))?.responseEnd ?? Number.NaN,
        scripts: entries
          .filter((entry) => entry.name.endsWith('.js'))
          .map((entry) => ({
            file: new URL(entry.name).pathname,
            bytes: entry.encodedBodySize,
            cached: entry.transferSize === 0,
          })),
      };
    }, API_PATH);
    const measured = await page.evaluate(async (api) => {
      const start = performance.now();
      const response = await fetch(api);
      const body = JSON.parse(await response.text()) as { lanes: Record<string, unknown[]> };
      return {
        ms: performance.now() - start,
        pods: Object.values(body.lanes).reduce((n, lane) => n + lane.length, 0),
      };
    }, API_PATH);
    return {
      drawn: seen.marks.content ?? Number.NaN,
      answered: seen.answered,
      longest: seen.marks.longest,
      reference: measured.ms,
      pods: measured.pods,
      scripts: seen.scripts,
    };
  } finally {
    await page.close();
  }
}

function report(label: string, runs: readonly OpenRun[]): void {
  const of = (pick: (run: OpenRun) => number) => runs.map(pick);
  const line = (what: string, values: readonly number[], target = '') =>
    console.log(
      `${what.padEnd(58)} median ${ms(median(values))}   (runs: ${runsOf(values)})${target}`,
    );
  line(
    `${label}: navigation → lanes and marks drawn`,
    of((run) => run.drawn),
    '   target < 500 ms',
  );
  line(
    `  of which: the detail's answer in the page at`,
    of((run) => run.answered),
  );
  line(
    `  longest main-thread task until drawn`,
    of((run) => run.longest),
  );
  line(
    `  reference: fetch + parse its detail in the page`,
    of((run) => run.reference),
  );
  const scripts = runs[0]?.scripts ?? [];
  const bytes = scripts.reduce((sum, script) => sum + script.bytes, 0);
  const cached = scripts.filter((script) => script.cached).length;
  const files = scripts.map(
    (script) => `${path.basename(script.file)} ${(script.bytes / 1024).toFixed(1)} kB`,
  );
  console.log(
    `  JavaScript (gzip): ${(bytes / 1024).toFixed(1)} kB in ${scripts.length} files, ${cached} from the cache (${files.join(', ')})`,
  );
}

/** Runs on the built app (web.bench.ts builds it). */
export async function benchBudgetDetail(): Promise<void> {
  console.log(`\nbudget detail bench: one budget over ${PODS} pods, ${RUNS} runs each`);
  const dir = await mkdtemp(path.join(tmpdir(), 'pdbscope-bench-detail-'));
  const file = path.join(dir, 'big.json');
  await writeFile(file, JSON.stringify(bigBudgetScenario()));
  const stack = await startStack({ sim: { scenario: file, activity: false, readyDelayMs: 0 } });
  const browser = await launchChromium();
  try {
    await settle(stack.url, 2000);
    const cold: OpenRun[] = [];
    const warm: OpenRun[] = [];
    // Alternating, so a busy moment of the machine falls on both alike.
    for (let i = 0; i < RUNS; i += 1) {
      cold.push(await openOnce(browser, stack.url, true));
      warm.push(await openOnce(browser, stack.url, false));
    }
    console.log(`a ${cold[0]?.pods ?? 0}-pod budget's detail, first open on a fresh page`);
    report('scripts not cached (first visit)', cold);
    report('scripts cached (a later visit)', warm);
  } finally {
    await browser.close();
    await stack.stop();
    await rm(dir, { recursive: true, force: true });
  }
}
