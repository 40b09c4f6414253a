export * from './types.js';
export * from './table.js';
export { findingsContext, topWorkloadOf } from './context.js';
export { isOperatorGenerated } from './rules/operator-roles.js';
export * from './from-evaluations.js';
export * from './coverage.js';
export { unreadableObjectFindings } from './unreadable.js';
