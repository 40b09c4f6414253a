export * from './intstr.js';
