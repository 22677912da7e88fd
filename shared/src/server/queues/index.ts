// Queue and job names (docs/contracts.md#queues-and-events), shared by the API (producers) and the worker.
export { QUEUES, type QueueName } from './queue-names.js';

export const JOBS = {
  productSync: { full: 'full', incremental: 'incremental' },
  orders: {
    checkoutCompleted: 'checkout-completed',
    checkoutAsyncSucceeded: 'checkout-async-succeeded',
    checkoutFailed: 'checkout-failed',
    checkoutExpired: 'checkout-expired',
  },
  notifications: {
    orderConfirmation: 'order-confirmation',
    orderShipped: 'order-shipped',
    quoteReceived: 'quote-received',
    quoteReply: 'quote-reply',
    /** The lead's reminder the day before their team order closes (a delayed job). */
    teamOrderReminder: 'team-order-reminder',
    /** One team member's e-mail when the team order's parcel ships. */
    teamOrderShipped: 'team-order-shipped',
    /** A link to choose a new password, asked for on /login (the link is made when the job runs). */
    passwordReset: 'password-reset',
  },
  maintenance: {
    guestCartCleanup: 'guest-cart-cleanup',
    /** Reads exchange rates from CURRENCY_RATES_URL (docs/rules.md#local-prices). */
    refreshRates: 'refresh-rates',
  },
} as const;

export { createQueues, createRedis } from './connection.js';
export * from './product-sync.js';
export * from './order-events.js';
