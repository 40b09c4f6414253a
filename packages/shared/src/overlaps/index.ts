export * from './static.js';
export * from './constraints.js';
export * from './potential.js';
export * from './live.js';
export * from './types.js';
export * from './loose.js';
export * from './kruise.js';
export * from './analyze.js';
