export * from './model/index.js';
export * from './selectors/index.js';
export * from './intstr/index.js';
export * from './validation/index.js';
export * from './overlaps/index.js';
export * from './synthetic/index.js';
export * from './findings/index.js';
