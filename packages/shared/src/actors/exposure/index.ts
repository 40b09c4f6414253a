export * from './budget-exposure.js';
