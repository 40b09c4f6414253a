import type { Clock, TimerHandle } from '@pdbscope/shared/clock';

/**
 * Moves time for the index every `everyMs` (disruptedPods entries expire, stale conditions
 * age): a repeating timer on the store's clock, so tests drive it.
 */
export class ClockTick {
  private timer: TimerHandle | undefined;
  private stopped = false;

  constructor(
    private readonly options: { clock: Clock; everyMs: number; onTick: (now: Date) => void },
  ) {}

  start(): void {
    const { clock, everyMs, onTick } = this.options;
    const tick = () => {
      if (this.stopped) return;
      onTick(clock.now());
      this.timer = clock.setTimeout(tick, everyMs);
    };
    this.timer = clock.setTimeout(tick, everyMs);
  }

  stop(): void {
    this.stopped = true;
    this.timer?.cancel();
  }
}
