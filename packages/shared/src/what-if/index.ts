export * from './types.js';
export * from './refs.js';
export * from './change-set.js';
export * from './apply.js';
export * from './figures.js';
export * from './diff.js';
export * from './answer.js';
