import type { Clock } from '@pdbscope/shared/clock';

/** The browser's wall clock and timers; tests hand the stream a ManualClock instead. */
export const browserClock: Clock = {
  now: () => new Date(),
  setTimeout(fn, ms) {
    const timer = window.setTimeout(fn, ms);
    return { cancel: () => window.clearTimeout(timer) };
  },
};
