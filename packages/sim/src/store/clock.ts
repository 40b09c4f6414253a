import type { Clock, TimerHandle } from '@pdbscope/shared/clock';

interface PendingTimer {
  at: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

/** A clock that moves only when told to; `advance` runs every timer that falls due, in order. */
export class ManualClock implements Clock {
  private current: number;
  private timers: PendingTimer[] = [];
  private seq = 0;

  constructor(start: Date | string = '2024-05-01T12:00:00Z') {
    this.current = new Date(start).getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const timer: PendingTimer = {
      at: this.current + Math.max(0, ms),
      seq: this.seq++,
      fn,
      cancelled: false,
    };
    this.timers.push(timer);
    return { cancel: () => void (timer.cancelled = true) };
  }

  /** Moves time forward by `ms`, running due timers (including ones they schedule) at their due time. */
  advance(ms: number): void {
    const end = this.current + ms;
    for (;;) {
      const due = this.timers
        .filter((t) => !t.cancelled && t.at <= end)
        .sort((a, b) => a.at - b.at || a.seq - b.seq)[0];
      if (due === undefined) break;
      this.timers = this.timers.filter((t) => t !== due);
      this.current = Math.max(this.current, due.at);
      due.fn();
    }
    this.current = end;
    this.timers = this.timers.filter((t) => !t.cancelled);
  }

  /**
   * Moves time forward by `ms` without running any timer, as while the event loop is blocked:
   * timers that fell due run late, at the next `advance`.
   */
  stall(ms: number): void {
    this.current += ms;
  }

  /** Timers not yet run. */
  pending(): number {
    return this.timers.filter((t) => !t.cancelled).length;
  }
}

let lastSecond = NaN;
let lastText = '';

/** RFC3339 with seconds precision, as Kubernetes writes metav1.Time. */
export function rfc3339(d: Date): string {
  const second = Math.floor(d.getTime() / 1000);
  if (second !== lastSecond) {
    lastSecond = second;
    lastText = d.toISOString().slice(0, 19) + 'Z';
  }
  return lastText;
}
