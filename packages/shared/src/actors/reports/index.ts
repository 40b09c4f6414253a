export * from './scale-down.js';
