export * from './selector.js';
export * from './validate.js';
export * from './names.js';
export * from './query.js';
