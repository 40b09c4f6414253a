import type { Clock } from './clock.js';

/**
 * The wall clock of the edges (the BFF, the simulated API server); its timers never keep the
 * process alive. The one module of packages/shared that reads the clock: the engine never calls
 * it, it takes `now` as a value.
 */
export const systemClock: Clock = {
  now: () => new Date(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref();
    return { cancel: () => clearTimeout(t) };
  },
};
