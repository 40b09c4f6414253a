export * from './static.js';
export * from './constraints.js';
export * from './potential.js';
export * from './live.js';
export * from './types.js';
