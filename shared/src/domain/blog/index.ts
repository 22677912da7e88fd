export * from './reading-time.js';
