export * from './order-number.js';
