// Queue names (docs/contracts.md#queues-and-events), shared by the API (producers) and the worker.
export const QUEUES = {
  productSync: 'product-sync',
  orders: 'orders',
  notifications: 'notifications',
  maintenance: 'maintenance',
} as const;
export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];
