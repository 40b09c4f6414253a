export * from './scale-down.js';
export * from './preempt.js';
