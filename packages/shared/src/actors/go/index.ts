export * from './duration.js';
export * from './quote.js';
export * from './time.js';
