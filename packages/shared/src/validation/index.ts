export * from './field-error.js';
export * from './int-or-percent.js';
export * from './pdb.js';
export * from './pub.js';
