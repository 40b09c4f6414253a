import type { Timers } from '../kube/timers.js';

/**
 * Moves time for the index every `everyMs` (disruptedPods entries expire, stale conditions
 * age): a repeating timer on the store's timers, so tests drive it.
 */
export class ClockTick {
  private timer: unknown;
  private stopped = false;

  constructor(
    private readonly options: { timers: Timers; everyMs: number; onTick: (now: Date) => void },
  ) {}

  start(): void {
    const { timers, everyMs, onTick } = this.options;
    const tick = () => {
      if (this.stopped) return;
      onTick(timers.now());
      this.timer = timers.setTimeout(tick, everyMs);
    };
    this.timer = timers.setTimeout(tick, everyMs);
  }

  stop(): void {
    this.stopped = true;
    this.options.timers.clearTimeout(this.timer);
  }
}
