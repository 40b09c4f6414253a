export * from './merge-patch.js';
export * from './json-patch.js';
export * from './strategic-merge-patch.js';
export { deepEqual, isObject } from './json-value.js';
