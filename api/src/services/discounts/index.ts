export * from './discount-service.js';
export * from './code-guess-guard.js';
