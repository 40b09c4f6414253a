import type { Clock } from '@pdbscope/shared/clock';

/**
 * How failed sign-ins are slowed without ever locking out the right token. Every attempt's token
 * is checked first, and a right one is let in at once, whatever came before: a flood of wrong
 * tokens (behind a port-forward every user shares one address) cannot keep the owner out. Wrong
 * tokens share one budget for the whole process (not per address, which a guesser could multiply):
 * the first `freePerMinute` failures in a minute are answered at once; each failure beyond them
 * is answered only after `delayMs` (a guesser waits, and cannot go faster by asking more at
 * once: at most `maxWaiting` wrong answers wait at a time, any more are refused with 429 at once,
 * still without a verdict on their token).
 */
export class SignInThrottle {
  private failures: number[] = [];
  private waiting = 0;

  constructor(
    private readonly options: {
      /** When failures happened, and the timers of delayed answers. */
      clock: Clock;
      freePerMinute?: number;
      delayMs?: number;
      maxWaiting?: number;
    },
  ) {}

  get freePerMinute(): number {
    return this.options.freePerMinute ?? 10;
  }

  /**
   * A wrong token: how long to wait before answering 401, or `refuse` (429) when too many wrong
   * answers are waiting already. Send the 401 through {@link answer}.
   */
  failed(): { delayMs: number } | { refuse: true; retryAfterSeconds: number } {
    const now = this.options.clock.now().getTime();
    this.failures = this.failures.filter((t) => now - t < 60_000);
    this.failures.push(now);
    if (this.failures.length <= this.freePerMinute) return { delayMs: 0 };
    if (this.waiting >= (this.options.maxWaiting ?? 8))
      return { refuse: true, retryAfterSeconds: Math.ceil((this.options.delayMs ?? 1000) / 1000) };
    this.waiting++;
    return { delayMs: this.options.delayMs ?? 1000 };
  }

  /** Sends a wrong token's answer once its delay is over; it then stops counting as waiting. */
  answer(delayMs: number, send: () => void): void {
    if (delayMs === 0) {
      send();
      return;
    }
    this.options.clock.setTimeout(() => {
      this.waiting = Math.max(0, this.waiting - 1);
      send();
    }, delayMs);
  }
}
