// bench:upgrade's memory figure for a forecast: how much of what it allocates outlives the young
// generation. A process's resident memory follows its old generation, and what reaches it only
// goes at the next full collection, so this (not everything allocated: most dies young, cheaply)
// is what a forecast adds to the BFF's peak. Measured with V8's sampling heap profiler, which counts
// an allocation unless a scavenge collected it: the same bytes, give or take the sampling, on a
// quiet or a loaded machine, unlike resident memory read from /proc.
import { Session } from 'node:inspector/promises';

/** Where the bytes were allocated: a function and its caller, e.g. `schedule < evicted`. */
export interface PromotedSite {
  site: string;
  bytes: number;
}

export interface Promoted<T> {
  value: T;
  /** Bytes allocated by `run` that a scavenge did not collect (sampled, every 8 kB on average). */
  bytes: number;
  /** The largest sites, most first. */
  sites: PromotedSite[];
}

interface ProfileNode {
  callFrame: { functionName: string };
  selfSize: number;
  children: ProfileNode[];
}

const SAMPLING_INTERVAL = 8 * 1024;

function bySite(head: ProfileNode): PromotedSite[] {
  const sites = new Map<string, number>();
  const walk = (node: ProfileNode, caller: string) => {
    const name = node.callFrame.functionName || '(anonymous)';
    if (node.selfSize > 0) {
      const site = caller ? `${name} < ${caller}` : name;
      sites.set(site, (sites.get(site) ?? 0) + node.selfSize);
    }
    for (const child of node.children) walk(child, name);
  };
  walk(head, '');
  return [...sites]
    .map(([site, bytes]) => ({ site, bytes }))
    .sort((a, b) => b.bytes - a.bytes || (a.site < b.site ? -1 : 1));
}

/** Runs `run` under the sampling heap profiler; what it allocated that outlived a scavenge. */
export async function promotedBy<T>(run: () => T, topSites = 5): Promise<Promoted<T>> {
  const session = new Session();
  session.connect();
  try {
    await session.post('HeapProfiler.startSampling', {
      samplingInterval: SAMPLING_INTERVAL,
      includeObjectsCollectedByMajorGC: true,
      includeObjectsCollectedByMinorGC: false,
    });
    const value = run();
    const { profile } = await session.post('HeapProfiler.stopSampling');
    const sites = bySite(profile.head as ProfileNode);
    return {
      value,
      bytes: sites.reduce((n, s) => n + s.bytes, 0),
      sites: sites.slice(0, topSites),
    };
  } finally {
    session.disconnect();
  }
}

/** The live heap after full collections (the bench runs with --expose-gc), in bytes. */
export function liveHeap(): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  gc?.();
  return process.memoryUsage().heapUsed;
}
