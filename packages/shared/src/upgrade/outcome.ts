import type { StallReason, StuckPod, UpgradeForecast } from './types.js';

/** What holds a forecast back: its stall, the provider's failure, or the pods it deletes. */
export interface Blocker {
  /** The first step it happens at. */
  step: number;
  /** The pods that would not leave (for `forces`: every deleted pod, all steps). */
  pods: StuckPod[];
  reasons: StallReason[];
}

const reasonsOf = (pods: readonly StuckPod[]): StallReason[] => [
  ...new Set(pods.map((p) => p.reason)),
];

/** Undefined when the forecast completes: nothing to fix. */
export function blockerOf(f: UpgradeForecast): Blocker | undefined {
  if (f.stall) return { step: f.stall.step, pods: f.stall.pods, reasons: f.stall.reasons };
  if (f.failure)
    return { step: f.failure.step, pods: f.failure.pods, reasons: reasonsOf(f.failure.pods) };
  const [first] = f.forced ?? [];
  if (!first) return undefined;
  const pods = (f.forced ?? []).flatMap((x) => x.pods);
  return { step: first.step, pods, reasons: reasonsOf(pods) };
}

/** Pods the provider deletes despite their budgets, over the whole upgrade. */
export const forcedPodCount = (f: UpgradeForecast): number =>
  (f.forced ?? []).reduce((n, x) => n + x.pods.length, 0);

/**
 * How far a forecast gets, as numbers compared in order (more is further): it completes; else it
 * completes by deleting protected pods, fewer better; else it stops, at a later step better, then
 * with the `finer` measures of the caller.
 */
export function reachOf(f: UpgradeForecast, finer: (b: Blocker) => number[]): number[] {
  if (f.verdict === 'completes') return [3];
  const b = blockerOf(f);
  const rest = b ? [b.step, ...finer(b)] : [];
  return f.verdict === 'forces' ? [2, -forcedPodCount(f), ...rest] : [1, ...rest];
}

/** Positive when `a` is further than `b` (element by element), negative when less far. */
export function compareReach(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0 && !Number.isNaN(d)) return d;
  }
  return 0;
}
