import type { Queue } from 'bullmq';
import { AppError, MESSAGES } from '@shop/shared';
import { ORDER_JOB_OPTIONS, orderJobId } from '@shop/shared/domain/order';
import { stripeCheckoutEventEnvelopeSchema, stripeEventEnvelopeSchema, type OrderJobData } from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import type { DocumentStore } from '@shop/shared/server/store';
import { Stripe } from '@shop/shared/providers/stripe';
import { queueOrUnavailable } from '../queues/queue-or-unavailable.js';
import { handleDeliveryOnce } from '../webhooks/delivery-once.js';
import { paymentEventJob } from './payment-events.js';

// The Stripe webhook's work (docs/contracts.md#http-api; docs/providers.md#stripe-webhook-signatures, docs/providers.md#stripe-events): verify, record
// each event once in `webhookEvents`, hand checkout, refund and dispute events to the `orders` queue, and answer
// fast. Stripe delivers duplicates and retries anything but a 2xx, so the order is: enqueue under
// a jobId derived from the event (a duplicate is ignored by BullMQ), then record. If Redis is
// down nothing is recorded and the 503 makes Stripe retry an event we have not yet seen.

const JOB_FOR_EVENT: Partial<Record<string, string>> = {
  'checkout.session.completed': JOBS.orders.checkoutCompleted,
  'checkout.session.async_payment_succeeded': JOBS.orders.checkoutAsyncSucceeded,
  'checkout.session.async_payment_failed': JOBS.orders.checkoutFailed,
  'checkout.session.expired': JOBS.orders.checkoutExpired,
};

/** The API version the SDK speaks; the webhook endpoint must be created with it. */
export { STRIPE_API_VERSION } from '@shop/shared/providers/stripe';

export type EventOutcome = 'queued' | 'duplicate' | 'ignored';

/**
 * The verified event; 400 invalid-argument when the header is missing or does not match, or, with
 * `liveOnly` (production, docs/rules.md#production-for-real), when the event is a test-mode one.
 */
export function verifyStripeEvent(
  rawBody: Buffer,
  signature: string | string[] | undefined,
  secret: string,
  { liveOnly = false }: { liveOnly?: boolean } = {},
): Stripe.Event {
  if (typeof signature !== 'string' || signature === '')
    throw new AppError('invalid-argument', MESSAGES.stripeSignatureMissing);
  let event: Stripe.Event;
  try {
    event = Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    throw new AppError('invalid-argument', MESSAGES.stripeSignatureInvalid);
  }
  // A signature proves who sent the bytes, not that they make an event this handler can record.
  const envelope = JOB_FOR_EVENT[(event as { type?: unknown } | null)?.type as string]
    ? stripeCheckoutEventEnvelopeSchema
    : stripeEventEnvelopeSchema;
  if (!envelope.safeParse(event).success) throw new AppError('invalid-argument', MESSAGES.stripeEventMalformed);
  if (liveOnly && event.livemode !== true) throw new AppError('invalid-argument', MESSAGES.stripeTestEventRefused);
  return event;
}

/** `receivedAt`: when the delivery arrived, recorded with the event (latency measurements read it). */
export async function acceptStripeEvent(
  store: DocumentStore,
  orders: Queue,
  event: Stripe.Event,
  receivedAt = new Date(),
): Promise<EventOutcome> {
  const handled = await handleDeliveryOnce(store, event.id, async () => {
    const { outcome, objectId } = await queueEventJob(orders, event);
    const record = {
      type: event.type,
      objectId,
      livemode: event.livemode,
      created: event.created,
      receivedAt: receivedAt.toISOString(),
      outcome,
    };
    return { result: outcome, record };
  });
  return handled.duplicate ? 'duplicate' : handled.result;
}

/** The event's job on the `orders` queue, under an id derived from the event; 'ignored' when it needs none. */
async function queueEventJob(
  orders: Queue,
  event: Stripe.Event,
): Promise<{ outcome: 'queued' | 'ignored'; objectId: string | null }> {
  const jobName = JOB_FOR_EVENT[event.type];
  const session = jobName ? (event.data.object as Stripe.Checkout.Session) : null;
  const payment = jobName ? null : paymentEventJob(event);
  if (jobName && session) {
    const data: OrderJobData = {
      eventId: event.id,
      eventType: event.type,
      sessionId: session.id,
      orderId: session.metadata?.orderId ?? null,
      eventCreated: event.created,
    };
    await queueOrUnavailable(() => orders.add(jobName, data, { ...ORDER_JOB_OPTIONS, jobId: orderJobId(event.id) }));
  } else if (payment) {
    await queueOrUnavailable(() =>
      orders.add(payment.name, payment.data, { ...ORDER_JOB_OPTIONS, jobId: orderJobId(event.id) }),
    );
  }
  return {
    outcome: jobName || payment ? 'queued' : 'ignored',
    objectId: session?.id ?? payment?.data.objectId ?? null,
  };
}
