import { z } from 'zod';
import { paymentEventJobDataSchema, STRIPE_PAYMENT_EVENT_TYPES, type PaymentEventJobData } from '@shop/shared/schemas';
import { JOBS } from '@shop/shared/server/queues';
import type { Stripe } from '@shop/shared/providers/stripe';

// Stripe refund and dispute events (docs/providers.md#stripe-refunds-and-disputes) go to the `orders` queue
// like checkout events. The job carries only the ids needed to ask Stripe again: the worker finds
// the order from Stripe's answers, never from what the event says about it.

const PAYMENT_EVENTS: ReadonlySet<string> = new Set(STRIPE_PAYMENT_EVENT_TYPES);

const objectSchema = z.looseObject({
  id: z.string().min(1).max(255),
  payment_intent: z.union([z.string(), z.looseObject({ id: z.string() })]).nullish(),
});

/** The job for a refund or dispute event; null for any other event or an object without an id. */
export function paymentEventJob(event: Stripe.Event): { name: string; data: PaymentEventJobData } | null {
  if (!PAYMENT_EVENTS.has(event.type)) return null;
  const object = objectSchema.safeParse(event.data.object);
  if (!object.success) return null;
  const intent = object.data.payment_intent;
  return {
    name: JOBS.orders.paymentEvent,
    data: paymentEventJobDataSchema.parse({
      eventId: event.id,
      eventType: event.type,
      objectId: object.data.id,
      paymentIntent: typeof intent === 'string' ? intent : (intent?.id ?? null),
      eventCreated: event.created,
    }),
  };
}
