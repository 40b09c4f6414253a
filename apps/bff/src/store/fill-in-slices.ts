import type { NodeRow } from '@pdbscope/shared/api';
import type { NodeCache } from '@pdbscope/shared/index';
import type { Logger } from 'pino';

export interface FillInSlicesInput {
  /** Works out at most `max` more entries; true once every entry is current (NodeCache.fill). */
  fill: (max: number) => boolean;
  /** Still wanted: false once the store stopped or made another cache, which ends the filling. */
  wanted: () => boolean;
  /** Default 5: a slice ends once it has passed this many milliseconds. */
  sliceMs?: number;
  /** Entries between two readings of the stopwatch (default 8, about 1 ms of nodes cold). */
  batch?: number;
  /** Milliseconds on a monotonic counter (default `performance.now`), not the store's Clock. */
  stopwatch?: () => number;
  /** Resolves after pending I/O callbacks have run (default: setImmediate). */
  yieldToEvents?: () => Promise<void>;
}

export interface Filled {
  /** True when every entry became current; false when no longer wanted. */
  complete: boolean;
  tookMs: number;
  longestSliceMs: number;
  slices: number;
}

/**
 * Fills a cache in slices of about `sliceMs`, giving the event loop a turn between them, so that
 * the watch events and the event stream are not held up. Changes may come between slices: the
 * cache invalidates what they reach, and the next slices work it out again.
 */
export async function fillInSlices(input: FillInSlicesInput): Promise<Filled> {
  const stopwatch = input.stopwatch ?? (() => performance.now());
  const sliceMs = input.sliceMs ?? 5;
  const batch = input.batch ?? 8;
  const yieldToEvents =
    input.yieldToEvents ?? (() => new Promise<void>((resolve) => setImmediate(resolve)));
  const filled: Filled = { complete: false, tookMs: 0, longestSliceMs: 0, slices: 0 };
  while (input.wanted()) {
    const sliceStart = stopwatch();
    let full = input.fill(batch);
    while (!full && stopwatch() - sliceStart < sliceMs) full = input.fill(batch);
    const took = stopwatch() - sliceStart;
    filled.tookMs += took;
    filled.longestSliceMs = Math.max(filled.longestSliceMs, took);
    filled.slices++;
    if (full) return { ...filled, complete: true };
    await yieldToEvents();
  }
  return filled;
}

/**
 * Every node's row (its drainable now) worked out in slices right after ready, so that no
 * request waits for the first run over every node (0.4–0.8 s at 5,000 nodes, most of it V8
 * compiling the code) and it never holds up the event stream for long.
 */
export function fillNodeRows(input: {
  cache: Pick<NodeCache<NodeRow>, 'fill'>;
  wanted: () => boolean;
  logger: Logger;
}): void {
  const { cache, wanted, logger } = input;
  void fillInSlices({ fill: (max) => cache.fill(max), wanted }).then(
    (filled) => {
      if (!filled.complete) return;
      const { tookMs, longestSliceMs, slices } = filled;
      logger.info(
        { ms: Math.round(tookMs), longestSliceMs: Math.round(longestSliceMs), slices },
        'every node’s row worked out',
      );
    },
    (err: unknown) => logger.error({ err }, 'working out the node rows failed'),
  );
}
