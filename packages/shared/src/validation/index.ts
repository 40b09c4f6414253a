export * from './field-error.js';
