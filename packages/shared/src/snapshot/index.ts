export * from './types.js';
export * from './read.js';
