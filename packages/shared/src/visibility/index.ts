export * from './types.js';
export * from './visibility.js';
export * from './budget-unseen.js';
