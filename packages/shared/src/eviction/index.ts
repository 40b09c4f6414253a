export * from './decide-types.js';
export * from './decide-status.js';
export * from './decide.js';
export * from './plan-types.js';
export { PlanState, type PlanOverrides } from './plan-state.js';
export { planEvictions, evictInPlan, budgetRefsForPod, type PlanEvictionsInput } from './plan.js';
export { planDrain, type PlanDrainInput } from './drain.js';
export { explainBlocked } from './drain-blocked.js';
