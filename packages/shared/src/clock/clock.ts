/**
 * The one clock interface of the edges (the BFF, the simulated API server, the web app's event
 * stream) and their tests: what time it is and delayed work, injected so that tests move time
 * instead of sleeping. The engine never reads the clock, it takes `now` as a value. The
 * implementations are `systemClock` beside it (the wall clock, for the edges), `ManualClock` in
 * `@pdbscope/sim/clock` (tests), and the browser's `browserClock` in apps/web.
 */
export interface Clock {
  now(): Date;
  setTimeout(fn: () => void, ms: number): TimerHandle;
}

/** A timer that can be cancelled (cancelling one that has run or was cancelled does nothing). */
export interface TimerHandle {
  cancel(): void;
}
