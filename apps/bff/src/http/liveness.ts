import type { Clock, TimerHandle } from '@pdbscope/shared/clock';

/**
 * Whether the process is wedged: a timer that should fire every `intervalMs` records how late it
 * ran. A blocked event loop cannot answer a probe at all (the kubelet's times out); this catches
 * the loop that is blocked most of the time and answers a probe now and then.
 */
export class EventLoopWatch {
  private lastTick: number;
  private worstLagMs = 0;
  private worstAt = 0;
  private timer: TimerHandle | undefined;

  constructor(
    private readonly options: {
      /** The wall clock in production: its timer runs late exactly when the loop is blocked. */
      clock: Clock;
      intervalMs?: number;
      /** A lag longer than this, within the last `windowMs`, is wedged. */
      wedgedAfterMs?: number;
      windowMs?: number;
    },
  ) {
    this.lastTick = this.now();
  }

  private now(): number {
    return this.options.clock.now().getTime();
  }

  start(): void {
    const interval = this.options.intervalMs ?? 1000;
    this.lastTick = this.now();
    const beat = () => {
      this.tick();
      this.timer = this.options.clock.setTimeout(beat, interval);
    };
    this.timer = this.options.clock.setTimeout(beat, interval);
  }

  stop(): void {
    this.timer?.cancel();
    this.timer = undefined;
  }

  private tick(): void {
    const now = this.now();
    const lag = now - this.lastTick - (this.options.intervalMs ?? 1000);
    this.lastTick = now;
    if (lag > this.worstLagMs || now - this.worstAt > (this.options.windowMs ?? 60_000)) {
      this.worstLagMs = Math.max(0, lag);
      this.worstAt = now;
    }
  }

  /** Why the process looks wedged, or undefined. */
  wedged(): string | undefined {
    const now = this.now();
    // A timer that has not run for that long is the loop blocked right now (or a moment ago).
    const sinceTick = now - this.lastTick - (this.options.intervalMs ?? 1000);
    const limit = this.options.wedgedAfterMs ?? 10_000;
    const recent = now - this.worstAt <= (this.options.windowMs ?? 60_000) ? this.worstLagMs : 0;
    const lag = Math.max(sinceTick, recent);
    return lag > limit
      ? `the event loop stalled for ${Math.round(lag / 1000)} s (limit ${limit / 1000} s)`
      : undefined;
  }
}
