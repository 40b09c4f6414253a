export * from './types.js';
export * from './available.js';
export * from './finders.js';
export * from './pods.js';
export * from './sync.js';
export * from './admit.js';
