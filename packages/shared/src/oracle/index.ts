export * from './scenario.js';
export * from './run.js';
export * from './compare.js';
