export { lowerBound } from './lower-bound.js';
