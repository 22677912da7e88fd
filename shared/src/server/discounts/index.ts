export * from './discount-uses.js';
export * from './open-checkouts.js';
