import type { Timers } from '../kube/timers.js';

/** Timers driven by the test: `advance` runs what is due, no wall-clock sleeping. */
export function manualTimers(start: Date) {
  let now = start.getTime();
  let seq = 0;
  const due = new Map<number, { at: number; fn: () => void }>();
  const timers: Timers & { advance(ms: number): void } = {
    now: () => new Date(now),
    setTimeout: (fn, ms) => {
      const id = ++seq;
      due.set(id, { at: now + ms, fn });
      return id;
    },
    clearTimeout: (handle) => void due.delete(handle as number),
    advance(ms) {
      const end = now + ms;
      for (;;) {
        const next = [...due.entries()]
          .filter(([, t]) => t.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!next) break;
        due.delete(next[0]);
        now = next[1].at;
        next[1].fn();
      }
      now = end;
    },
  };
  return timers;
}
