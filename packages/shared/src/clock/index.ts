// The clock of the edges: the interface, and the wall clock that implements it.
export type { Clock, TimerHandle } from './clock.js';
export { systemClock } from './system-clock.js';
