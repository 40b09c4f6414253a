// bench:web, every view at 10,000 budgets (issue 11): on the overview's cluster (10,000 budgets,
// 30,000 pods, 1,000 nodes), for Overlaps, Findings and Nodes prints, beside a reference measured
// in the same run and page:
//   1. navigation → the view's first content (reference: the page fetching and parsing the
//      view's largest API answer); target ≤ 1 s,
//   2. the longest main-thread task while the view loads; target none over 200 ms,
// and over every view's API requests (overview, detail, overlaps with a group's pairs, findings,
// nodes, a node), the largest answer as Chromium received it (its Accept-Encoding: gzip, br):
// compressed (the resource timing's encodedBodySize) beside its JSON; target ≤ 2 MB.
// Figures only; this never fails a build.
import type { Browser } from '../e2e/src/chromium.js';
import { median, ms } from './web-helpers.js';
import { markView, type ViewMarks } from './web-marks.js';

type Page = Awaited<ReturnType<Browser['context']['newPage']>>;

const runsOf = (values: readonly number[]) => values.map(ms).join(', ');
const kB = (bytes: number) => `${(bytes / 1024).toFixed(0)} kB`;

interface Answer {
  path: string;
  encoded: number;
  decoded: number;
}

/** The page's API answers so far (this navigation), with their sizes on the wire and decoded. */
const answersOf = (page: Page): Promise<Answer[]> =>
  page.evaluate(() =>
    (performance.getEntriesByType('resource') as PerformanceResourceTiming[])
      .filter((entry) => new URL(entry.name).pathname.startsWith('/api/'))
      .filter((entry) => !entry.name.includes('/api/events'))
      .map((entry) => {
        const url = new URL(entry.name);
        return {
          path: url.pathname + url.search,
          encoded: entry.encodedBodySize,
          decoded: entry.decodedBodySize,
        };
      }),
  );

interface View {
  name: string;
  path: string;
  /** The view's first content: its first row or card, or its empty notice. */
  content: string;
}

export interface ViewsBenchInput {
  page: Page;
  url: string;
  runs: number;
  /** Pages whose API answers count for the largest answer, beside the views measured. */
  alsoVisit: readonly string[];
  /** API answers the pages ask for on a click (a group's pairs), asked by the page itself. */
  alsoAsk: readonly string[];
}

/** First content and longest task per view, and the largest API answer over every view. */
export async function benchViews(input: ViewsBenchInput): Promise<void> {
  const { page, url, runs } = input;
  await page.addInitScript('window.__name = (fn) => fn;');
  await page.addInitScript(markView);
  const views: View[] = [
    {
      name: 'Overlaps',
      path: '/overlaps',
      content: 'ul[aria-label="Overlap groups"] > li',
    },
    { name: 'Findings', path: '/findings', content: 'table.plain tbody tr' },
    {
      name: 'Nodes',
      path: '/nodes',
      content: '[role="table"][aria-label="Nodes"] [role="row"][aria-rowindex]',
    },
  ];
  const answers = new Map<string, Answer>();
  const note = (list: readonly Answer[]) => {
    for (const answer of list) {
      const known = answers.get(answer.path);
      if (!known || known.encoded < answer.encoded) answers.set(answer.path, answer);
    }
  };
  console.log('');
  for (const view of views) {
    const content: number[] = [];
    const longest: number[] = [];
    const reference: number[] = [];
    let largest = '';
    for (let i = 0; i < runs; i += 1) {
      // Any page of the origin will do to leave the selector for the next one.
      await page.goto(`${url}/api/cluster`);
      await page.evaluate(
        (selector: string) => sessionStorage.setItem('bench-content', selector),
        view.content,
      );
      await page.goto(`${url}${view.path}`, { waitUntil: 'commit' });
      await page.waitForFunction(
        () => (window as unknown as { viewMarks?: ViewMarks }).viewMarks?.content !== undefined,
        undefined,
        { timeout: 120_000 },
      );
      // Tasks still running once the content is shown belong to the view's load too.
      await page.waitForTimeout(1000);
      const marks = await page.evaluate(
        () => (window as unknown as { viewMarks: ViewMarks }).viewMarks,
      );
      const seen = await answersOf(page);
      note(seen);
      const biggest = [...seen].sort((a, b) => b.decoded - a.decoded)[0];
      largest = biggest?.path ?? '';
      content.push(marks.content ?? NaN);
      longest.push(marks.longest);
      reference.push(
        await page.evaluate(async (path: string) => {
          const start = performance.now();
          const response = await fetch(path);
          JSON.parse(await response.text());
          return performance.now() - start;
        }, largest),
      );
    }
    console.log(
      `${view.name}: navigation → first content   median ${ms(median(content))}   (runs: ${runsOf(content)})   target ≤ 1000 ms`,
    );
    console.log(
      `  reference: fetch + parse ${largest} in the page  median ${ms(median(reference))}   (runs: ${runsOf(reference)})`,
    );
    console.log(
      `  longest main-thread task while loading  median ${ms(median(longest))}   (runs: ${runsOf(longest)})   target ≤ 200 ms`,
    );
  }
  for (const path of input.alsoVisit) {
    await page.goto(`${url}${path}`, { waitUntil: 'networkidle', timeout: 120_000 });
    note(await answersOf(page));
  }
  await page.evaluate(async (paths: readonly string[]) => {
    for (const path of paths) await (await fetch(path)).text();
  }, input.alsoAsk);
  note(await answersOf(page));
  const ranked = [...answers.values()].sort((a, b) => b.encoded - a.encoded);
  const top = ranked[0];
  if (top)
    console.log(
      `largest API answer over ${answers.size} requests of every view: ${kB(top.encoded)} compressed (${kB(top.decoded)} JSON) ${top.path}   target ≤ 2048 kB`,
    );
  for (const answer of ranked.slice(1, 4))
    console.log(`  then ${kB(answer.encoded)} (${kB(answer.decoded)} JSON) ${answer.path}`);
}
