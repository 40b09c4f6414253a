export * from './quantity.js';
export * from './fit.js';
export * from './ledger.js';
