export { default } from './team-orders-plugin.js';
export * from './team-order-service.js';
export type { TeamOrderCaller, TeamOrderLead } from './team-order-lead.js';
