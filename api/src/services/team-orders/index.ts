export { default } from './team-orders-plugin.js';
export * from './team-order-service.js';
