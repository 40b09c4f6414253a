export * from './decide-types.js';
export * from './decide-status.js';
export * from './decide.js';
