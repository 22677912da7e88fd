// Stripe's states the store relies on, written once (docs/fidelity.md#stripe-states): Checkout
// Sessions, PaymentIntents, Refunds and Disputes, each with its statuses, the events that move it
// and the calls taken from each status, plus the idempotency rules. The Stripe sandbox moves its
// objects with these, the store's tests assert against them, and the property-based order suite
// checks the store's lifecycle against them. Sources: Stripe API reference "The Checkout Session
// object" and "Expire a Session", "The PaymentIntent object", "The Refund object", "Disputes" and
// the guide "Idempotent requests", as typed by stripe-node for the pinned API version.

type Moves<S extends string, E extends string> = Record<E, { from: readonly S[]; to: readonly S[] }>;

export const CHECKOUT_SESSION_STATUSES = ['open', 'complete', 'expired'] as const;
export type CheckoutSessionStatus = (typeof CHECKOUT_SESSION_STATUSES)[number];
export const CHECKOUT_PAYMENT_STATUSES = ['unpaid', 'paid', 'no_payment_required'] as const;

/** Checkout Session events by `status`; `payment_status` moves with them (see CHECKOUT_PAYMENT_AFTER). */
export const CHECKOUT_SESSION_EVENTS: Moves<
  CheckoutSessionStatus,
  | 'checkout.session.completed'
  | 'checkout.session.async_payment_succeeded'
  | 'checkout.session.async_payment_failed'
  | 'checkout.session.expired'
> = {
  'checkout.session.completed': { from: ['open'], to: ['complete'] },
  'checkout.session.async_payment_succeeded': { from: ['complete'], to: ['complete'] },
  'checkout.session.async_payment_failed': { from: ['complete'], to: ['complete'] },
  'checkout.session.expired': { from: ['open'], to: ['expired'] },
};

/** `payment_status` each event leaves: completed is `unpaid` for a delayed method (bank debit). */
export const CHECKOUT_PAYMENT_AFTER: Record<keyof typeof CHECKOUT_SESSION_EVENTS, readonly string[]> = {
  'checkout.session.completed': ['paid', 'unpaid'],
  'checkout.session.async_payment_succeeded': ['paid'],
  'checkout.session.async_payment_failed': ['unpaid'],
  'checkout.session.expired': ['unpaid'],
};

export const CHECKOUT_SESSION_CALLS = {
  /** `POST /v1/checkout/sessions/{id}/expire`: "only Checkout Sessions in the open status can be expired". */
  expire: ['open'],
  /** The hosted page takes a payment only while open. */
  pay: ['open'],
} as const satisfies Record<string, readonly CheckoutSessionStatus[]>;

export const PAYMENT_INTENT_STATUSES = [
  'requires_payment_method',
  'requires_confirmation',
  'requires_action',
  'processing',
  'requires_capture',
  'canceled',
  'succeeded',
] as const;
export type PaymentIntentStatus = (typeof PAYMENT_INTENT_STATUSES)[number];

export const PAYMENT_INTENT_CALLS = {
  /** `POST /v1/refunds` with a payment_intent: only a succeeded payment has a charge to refund. */
  refund: ['succeeded'],
} as const satisfies Record<string, readonly PaymentIntentStatus[]>;

export const REFUND_STATUSES = ['pending', 'requires_action', 'succeeded', 'failed', 'canceled'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** A refund is created `pending` or `succeeded`; `refund.updated`/`refund.failed` move it on. */
export const REFUND_CREATED_AS: readonly RefundStatus[] = ['pending', 'succeeded'];
export const REFUND_MOVES: Record<RefundStatus, readonly RefundStatus[]> = {
  pending: ['requires_action', 'succeeded', 'failed', 'canceled'],
  requires_action: ['succeeded', 'failed', 'canceled'],
  // A succeeded refund can still fail later (the card was closed): refund.failed.
  succeeded: ['failed'],
  failed: [],
  canceled: [],
};
/** Refunds that count towards what went back to the shopper (pending is on its way). */
export const REFUND_COUNTED: readonly RefundStatus[] = ['pending', 'requires_action', 'succeeded'];

export const DISPUTE_STATUSES = [
  'warning_needs_response',
  'warning_under_review',
  'warning_closed',
  'needs_response',
  'under_review',
  'won',
  'lost',
  'prevented',
] as const;
export type DisputeStatus = (typeof DISPUTE_STATUSES)[number];

export const DISPUTE_EVENTS: Moves<
  DisputeStatus | 'none',
  'charge.dispute.created' | 'charge.dispute.updated' | 'charge.dispute.closed'
> = {
  'charge.dispute.created': { from: ['none'], to: ['needs_response', 'warning_needs_response'] },
  'charge.dispute.updated': {
    from: ['needs_response', 'warning_needs_response', 'under_review', 'warning_under_review'],
    to: ['needs_response', 'under_review', 'warning_needs_response', 'warning_under_review'],
  },
  'charge.dispute.closed': {
    from: ['needs_response', 'under_review', 'warning_needs_response', 'warning_under_review'],
    to: ['won', 'lost', 'warning_closed'],
  },
};
/** A fully refunded card charge cannot be disputed ("Refund and dispute" in Stripe's refund docs). */
export const DISPUTE_AFTER_FULL_REFUND = false;

export function stripeMoveAllowed<S extends string, E extends string>(
  moves: Moves<S, E>,
  event: E,
  from: string,
  to: string,
): boolean {
  const move = moves[event];
  return (move.from as readonly string[]).includes(from) && (move.to as readonly string[]).includes(to);
}

/** "Idempotent requests": keys are pruned after 24 hours, then a request with the key is new. */
export const STRIPE_IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * Whether Stripe saves a result under its idempotency key and replays it for 24 h: every result of
 * a request that began executing, 500 errors included. A request refused before it ran (invalid
 * parameters, a conflict with a concurrent request with the key, a rate limit) saves nothing.
 */
export function stripeSavesResult(status: number, errorType?: string | null): boolean {
  if (status === 429 || status === 409) return false;
  if (status === 400 && (errorType === 'invalid_request_error' || errorType === 'idempotency_error')) return false;
  return true;
}
