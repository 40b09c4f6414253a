import type { Clock, TimerHandle } from '@pdbscope/shared/clock';
import { backoffDelay } from './backoff.js';

export interface RestartPolicyOptions {
  clock: Clock;
  backoff?: { initialMs: number; maxMs: number };
  /** No event, bookmark or reconnect for this long means the connection is dead. */
  watchdogMs: number;
  /** The backoff has passed (or a restart was asked for at once): start the loop again. */
  restart: () => void;
  /** Nothing was heard for `silentMs` (at least `watchdogMs`): the connection is dead. */
  silent: (silentMs: number) => void;
}

/**
 * When a source's list-watch loop starts again: after an error, with a backoff that grows with
 * each failed attempt and starts over once the watch streams; and when the connection has been
 * silent for too long (a watchdog: a dead connection raises no error of its own).
 */
export class RestartPolicy {
  private attempts = 0;
  private restartTimer: TimerHandle | undefined;
  private watchdogTimer: TimerHandle | undefined;
  private lastActivity = 0;
  private running = false;
  private pending = false;
  private readonly backoff: { initialMs: number; maxMs: number };

  constructor(private readonly options: RestartPolicyOptions) {
    this.backoff = options.backoff ?? { initialMs: 500, maxMs: 30_000 };
  }

  /** When the source last heard from the server, in ms since the epoch; 0 before it has. */
  get lastActivityMs(): number {
    return this.lastActivity;
  }

  /** A restart waits for its backoff. */
  get restartPending(): boolean {
    return this.pending;
  }

  /** The source runs: the watchdog watches from now on. */
  start(): void {
    this.running = true;
    this.armWatchdog();
  }

  stop(): void {
    this.running = false;
    this.restartTimer?.cancel();
    this.watchdogTimer?.cancel();
  }

  /** The server was heard from (an event, a bookmark, a list, a reconnect). */
  activity(): void {
    this.lastActivity = this.options.clock.now().getTime();
  }

  /** The watch streams: the next failure starts the backoff over. */
  connected(): void {
    this.attempts = 0;
  }

  /** A failure: restart after the backoff (a restart already waiting is replaced). */
  restartLater(): void {
    this.restartTimer?.cancel();
    const delay = backoffDelay(this.attempts++, this.backoff);
    this.pending = true;
    this.restartTimer = this.options.clock.setTimeout(() => this.restartNow(), delay);
  }

  /** Restart at once (a restart waiting for its backoff no longer waits). */
  restartNow(): void {
    this.restartTimer?.cancel();
    this.pending = false;
    this.options.restart();
  }

  private armWatchdog(): void {
    const { clock, watchdogMs } = this.options;
    this.watchdogTimer?.cancel();
    const every = Math.max(1000, watchdogMs / 4);
    const check = () => {
      if (!this.running) return;
      const silent = clock.now().getTime() - this.lastActivity;
      if (silent >= watchdogMs) this.options.silent(silent);
      this.watchdogTimer = clock.setTimeout(check, every);
    };
    this.lastActivity = clock.now().getTime();
    this.watchdogTimer = clock.setTimeout(check, every);
  }
}
