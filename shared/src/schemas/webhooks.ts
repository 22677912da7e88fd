import { z } from 'zod';

// The envelopes of Stripe's webhook deliveries (docs/providers.md#stripe-webhook-signatures): what the API checks
// before it records or queues anything. The data inside is a hint only; payments and orders are
// read again from Stripe or the store. Printful's deliveries are with its other wire shapes, in
// shared/src/providers/printful/wire.ts.

/** Any Stripe event the webhook records (after its signature is verified). */
export const stripeEventEnvelopeSchema = z.looseObject({
  id: z.string().regex(/^evt_\w{1,250}$/),
  type: z.string().min(1),
  data: z.looseObject({ object: z.looseObject({}) }),
});
/** A checkout event, which must name its session. */
export const stripeCheckoutEventEnvelopeSchema = stripeEventEnvelopeSchema.extend({
  data: z.looseObject({ object: z.looseObject({ id: z.string().min(1) }) }),
});
