import v8 from 'node:v8';
import vm from 'node:vm';

/** The growth settleHeap set; undefined while V8's own heuristics rule. */
let settledGrowth: number | undefined;

/** What settling the heap did, for the log. */
export interface HeapSettled {
  ms: number;
  heapUsedBeforeMB: number;
  heapUsedAfterMB: number;
}

const mb = (bytes: number) => Math.round(bytes / 2 ** 20);

/**
 * Bounds the V8 heap's growth from here on to `growthPercent` past what a collection leaves live,
 * and collects once now. Called once the first sync's loading garbage is dead (every budget
 * evaluated), this is what keeps the BFF's resident memory near its ready figure.
 *
 * Why: V8 sizes the next collection's trigger from how fast the program allocates. While the
 * informers load 150,000 pods that is fast, so the limit left by the last collection during loading
 * is up to 4x what was live then, anywhere from ~250 to ~900 MB depending on when that collection
 * fell; the heap then fills with garbage up to it (analyses, answers, forecasts) before anything is
 * collected, and the pages stay committed. A fixed growth factor from the start bounds that too but
 * costs loading ~30% more CPU (more collections while the heap grows); from ready on the live heap
 * changes slowly, so a collection every `growthPercent` of it is cheap (incremental, concurrent).
 * The collection now is the one that resets the limit: without it the loading one stands until the
 * heap reaches it. It is a full pause (~0.4 s at 150,000 pods on a quiet core), taken before the
 * first request is answered ready. `growthPercent` 0 leaves V8's own heuristics.
 */
export function settleHeap(input: { growthPercent: number }): HeapSettled | undefined {
  if (input.growthPercent <= 0) return undefined;
  const started = performance.now();
  const before = process.memoryUsage().heapUsed;
  settledGrowth = Math.round(input.growthPercent);
  v8.setFlagsFromString(`--heap-growing-percent=${settledGrowth}`);
  // `gc` exists only in contexts made while --expose-gc is set: a new context gets it, and the
  // flag is unset again so that no other context does.
  v8.setFlagsFromString('--expose-gc');
  const gc = vm.runInNewContext('gc') as () => void;
  v8.setFlagsFromString('--no-expose-gc');
  gc();
  return {
    ms: Math.round(performance.now() - started),
    heapUsedBeforeMB: mb(before),
    heapUsedAfterMB: mb(process.memoryUsage().heapUsed),
  };
}

/** The growth for a burst. Measured on the BFF's full forecast of a 1,000-node pool: 5% did no better. */
export const BURST_HEAP_GROWTH_PERCENT = 10;

/**
 * Runs `burst` (an upgrade forecast and its fixes) with the heap's growth bounded to
 * `growthPercent` past what each collection leaves live, then restores the settled growth.
 *
 * Why: a forecast of a 1,000-node pool holds a working state that grows for its whole run (the
 * plan's pods and budgets, ~35 MB at its end) while it makes about as much again of objects that
 * live for hundreds of steps, so both reach the old generation. Each collection V8 makes during
 * the run finds the working state live, and at the settled 25% lets the heap grow a quarter past
 * it again before the next; the pages stay committed. In bench:bff that forecast peaked 59 MB
 * above the BFF's resident memory just before it at 25%, and 47 to 52 MB at 10% (three runs); its
 * run time did not change beyond the machine's noise. Nothing changes while the heap is not settled
 * (growth 0: V8's own heuristics).
 */
export function withBurstHeapGrowth<T>(
  burst: () => T,
  growthPercent: number = BURST_HEAP_GROWTH_PERCENT,
): T {
  const settled = settledGrowth;
  if (settled === undefined || growthPercent <= 0 || growthPercent >= settled) return burst();
  v8.setFlagsFromString(`--heap-growing-percent=${Math.round(growthPercent)}`);
  try {
    return burst();
  } finally {
    v8.setFlagsFromString(`--heap-growing-percent=${settled}`);
  }
}
