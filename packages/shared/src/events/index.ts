export * from './equal.js';
export * from './budget-list.js';
export * from './budget-detail.js';
export * from './cluster.js';
export * from './parse.js';
