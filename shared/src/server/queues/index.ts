// Queue and job names (docs/contracts.md#queues-and-events), shared by the API (producers) and the worker:
// every job name of every queue is here, keyed by its queue, and nowhere else.
export { QUEUES, type QueueName } from './queue-names.js';

export const JOBS = {
  productSync: { full: 'full', incremental: 'incremental' },
  orders: {
    // Stripe's checkout events (the pending order's first writes).
    checkoutCompleted: 'checkout-completed',
    checkoutAsyncSucceeded: 'checkout-async-succeeded',
    checkoutFailed: 'checkout-failed',
    checkoutExpired: 'checkout-expired',
    // What happens after payment (docs/rules.md#after-payment): one job per Printful delivery and
    // per Stripe refund or dispute event, and the studio's fulfilment retry.
    printfulEvent: 'printful-order-event',
    paymentEvent: 'stripe-payment-event',
    retryFulfilment: 'retry-fulfilment',
    // The grace period (docs/after-payment.md#the-grace-period-before-production): a delayed job
    // per hold end, the shopper's cancellation within it, and a change they made within it (the
    // Printful draft brought in line with the order).
    releaseOrder: 'release-order',
    graceCancel: 'grace-cancel',
    graceChange: 'grace-change',
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
    /** The welcome e-mail after sign-up, once per account (job id `welcomeEmailJobId(uid)`). */
    welcome: 'welcome',
    /** A one-time code that opens a guest's order, made when the job runs (data: `{ orderId }`). */
    orderAccessCode: 'order-access-code',
    /** The abandoned-checkout e-mail (docs/recovery.md): one delayed job per pending order. */
    checkoutRecovery: 'checkout-recovery',
    /** The refund, problem and cancellation e-mails after payment, one job per audience. */
    orderAlert: { shopper: 'order-alert-shopper', studio: 'order-alert-studio' },
  },
  maintenance: {
    guestCartCleanup: 'guest-cart-cleanup',
    /** Reads exchange rates from CURRENCY_RATES_URL (docs/rules.md#local-prices). */
    refreshRates: 'refresh-rates',
  },
} as const;

export { createQueues, createRedis } from './connection.js';
export * from './product-sync.js';
