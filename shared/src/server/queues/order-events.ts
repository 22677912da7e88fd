// Job names of what happens after payment (docs/rules.md#after-payment): on the `orders` queue, beside the
// Stripe checkout jobs of JOBS.orders; on `notifications`, the refund and problem e-mails.
export const ORDER_EVENT_JOBS = {
  printfulEvent: 'printful-order-event',
  paymentEvent: 'stripe-payment-event',
  retryFulfilment: 'retry-fulfilment',
  // The grace period (docs/after-payment.md#the-grace-period-before-production): a delayed job per hold end, and the
  // shopper's cancellation within it.
  releaseOrder: 'release-order',
  graceCancel: 'grace-cancel',
  // A change the shopper made within it: the Printful draft brought in line with the order.
  graceChange: 'grace-change',
} as const;

export const ORDER_ALERT_JOBS = {
  shopper: 'order-alert-shopper',
  studio: 'order-alert-studio',
} as const;
