export * from './discount-service.js';
