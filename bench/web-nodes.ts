// bench:web, the Nodes page at 5,000 nodes (issue 10): headless Chromium against a simulated
// cluster of 5,000 nodes, 150,000 pods and 10,000 budgets. Prints, beside a reference measured
// in the same run and page:
//   1. navigation → the table's first rows shown, and → the tile map's 5,000 tiles in the page
//      (reference: the page fetching and parsing /api/nodes); target ≤ 1 s,
//   2. the longest task on the main thread while the page loads,
//   3. regrouping the map (another label key) → the new groups' tiles in the page.
// Figures only; this never fails a build.
import { launchChromium } from '../e2e/src/chromium.js';
import { startStack } from '../e2e/src/stack.js';
import { apiClient } from '../e2e/src/api.js';
import { median, ms, settle } from './web-helpers.js';

const NODES = Number(process.env['BENCH_NODES'] ?? 5_000);
const PODS = Number(process.env['BENCH_NODE_PODS'] ?? 150_000);
const BUDGETS = Number(process.env['BENCH_NODE_BUDGETS'] ?? 10_000);
const RUNS = Number(process.env['BENCH_RUNS'] ?? 5);

const runsOf = (values: readonly number[]) => values.map(ms).join(', ');

interface PageMarks {
  rows?: number;
  tiles?: number;
  longest: number;
  /** When the page asked for /api/nodes and had its answer (its resource timing). */
  asked?: number;
  answered?: number;
}

/**
 * Runs in the page before its scripts: notes (performance.now(), from navigation start) when the
 * first table row and when `expected` tiles are in the document, and the longest task.
 */
function markNodesPage(expected: number): void {
  const marks: PageMarks = { longest: 0 };
  (window as unknown as { nodeMarks: PageMarks }).nodeMarks = marks;
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) marks.longest = Math.max(marks.longest, entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  const observer = new MutationObserver(() => {
    if (
      marks.rows === undefined &&
      document.querySelector('[role="table"][aria-label="Nodes"] [role="row"][aria-rowindex]')
    )
      marks.rows = performance.now();
    if (
      marks.tiles === undefined &&
      document.querySelectorAll('[aria-label="Node map"] a.tile').length >= expected
    )
      marks.tiles = performance.now();
    if (marks.rows !== undefined && marks.tiles !== undefined) observer.disconnect();
  });
  document.addEventListener('DOMContentLoaded', () =>
    observer.observe(document.body, { childList: true, subtree: true }),
  );
}

/** The Nodes page at 5,000 nodes: first rows and the whole tile map after navigation. */
/** Runs on the built app (web.bench.ts builds it). */
export async function benchNodesPage(): Promise<void> {
  console.log(`\nnodes page bench: ${NODES} nodes, ${PODS} pods, ${BUDGETS} budgets, ${RUNS} runs`);
  const started = Date.now();
  const stack = await startStack({
    sim: { generate: { nodes: NODES, pods: PODS, budgets: BUDGETS, seed: 11 }, activity: false },
    readyTimeoutMs: 900_000,
  });
  console.log(`stack ready in ${ms(Date.now() - started)} at ${stack.url}`);
  const browser = await launchChromium();
  try {
    console.log(`cluster settled (no event for 5 s) ${ms(await settle(stack.url))} after ready`);
    const nodes = await apiClient(stack.url).nodes();
    const states = new Map<string, number>();
    for (const n of nodes.items)
      states.set(n.drainableNow.state, (states.get(n.drainableNow.state) ?? 0) + 1);
    console.log(
      `GET /api/nodes: ${nodes.items.length} nodes (${[...states].map(([s, n]) => `${n} ${s}`).join(', ')})`,
    );
    const page = await browser.context.newPage();
    // tsx names the functions this file hands to the page with a helper the page lacks.
    await page.addInitScript('window.__name = (fn) => fn;');
    await page.addInitScript(markNodesPage, nodes.items.length);

    const rows: number[] = [];
    const tiles: number[] = [];
    const longest: number[] = [];
    const answered: number[] = [];
    const asked: number[] = [];
    const afterAnswer: number[] = [];
    const reference: number[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      await page.goto(`${stack.url}/nodes`, { waitUntil: 'commit' });
      await page.waitForFunction(
        () => {
          const marks = (window as unknown as { nodeMarks?: PageMarks }).nodeMarks;
          return marks?.rows !== undefined && marks.tiles !== undefined;
        },
        undefined,
        { timeout: 120_000 },
      );
      const marks = await page.evaluate(() => {
        const marks = (window as unknown as { nodeMarks: PageMarks }).nodeMarks;
        const answer = performance
          .getEntriesByType('resource')
          .find((entry) => entry.name.endsWith('/api/nodes'));
        const timing = answer as PerformanceResourceTiming;
        return { ...marks, asked: timing.fetchStart, answered: timing.responseEnd };
      });
      rows.push(marks.rows ?? NaN);
      tiles.push(marks.tiles ?? NaN);
      longest.push(marks.longest);
      answered.push(marks.answered ?? NaN);
      asked.push(marks.asked ?? NaN);
      afterAnswer.push((marks.tiles ?? NaN) - (marks.answered ?? NaN));
      reference.push(
        await page.evaluate(async () => {
          const start = performance.now();
          const response = await fetch('/api/nodes');
          JSON.parse(await response.text());
          return performance.now() - start;
        }),
      );
    }

    // Regrouping renders every tile again (new groups), the map's own cost without the fetch.
    const regroup: number[] = [];
    const select = page.getByRole('combobox', { name: 'Group by' });
    const keys = ['', 'topology.kubernetes.io/zone'];
    for (let i = 0; i < 2 * RUNS; i += 1) {
      const key = keys[i % keys.length] ?? '';
      regroup.push(
        await select.evaluate(
          (element, { value, expected }) => {
            const head = () => document.querySelector('.tilemap-group-head')?.textContent ?? '';
            const before = head();
            const start = performance.now();
            const target = element as HTMLSelectElement;
            target.value = value;
            target.dispatchEvent(new Event('change', { bubbles: true }));
            // Done when the new groups and all their tiles are in the page, at the next frame.
            return new Promise<number>((resolve) => {
              const check = () => {
                const tiles = document.querySelectorAll('[aria-label="Node map"] a.tile').length;
                if (head() !== before && tiles >= expected) resolve(performance.now() - start);
                else requestAnimationFrame(check);
              };
              requestAnimationFrame(check);
            });
          },
          { value: key, expected: nodes.items.length },
        ),
      );
    }

    console.log(
      `navigation → first node rows shown   median ${ms(median(rows))}   (runs: ${runsOf(rows)})   target ≤ 1000 ms`,
    );
    console.log(
      `navigation → all ${nodes.items.length} tiles in the map  median ${ms(median(tiles))}   (runs: ${runsOf(tiles)})   target ≤ 1000 ms`,
    );
    console.log(
      `  reference: fetch + parse /api/nodes in the page  median ${ms(median(reference))}   (runs: ${runsOf(reference)})`,
    );
    console.log(
      `  of which: /api/nodes asked at median ${ms(median(asked))}, answered at ${ms(median(answered))}; the page's work after it (parse, check, render) median ${ms(median(afterAnswer))}   (runs: ${runsOf(afterAnswer)})`,
    );
    console.log(
      `longest main-thread task while loading  median ${ms(median(longest))}   (runs: ${runsOf(longest)})`,
    );
    console.log(
      `regroup the map → next frame           median ${ms(median(regroup))}   (runs: ${runsOf(regroup)})`,
    );
  } finally {
    await browser.close();
    await stack.stop();
  }
}
