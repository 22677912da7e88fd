import { z } from 'zod';

// The envelopes of the providers' webhook deliveries (reference/providers.md 1.6 and 2.6): what
// the API checks before it records or queues anything. The data inside is a hint only; prices,
// orders and products are read again from the provider or the store.

/** A Printful v1 webhook delivery (unsigned: the route carries a secret token). */
export const printfulWebhookSchema = z.object({
  type: z.string().min(1).max(100),
  created: z.number().int().nonnegative(),
  retries: z.number().int().nonnegative(),
  store: z.number().int().nullable(),
  data: z.record(z.string(), z.unknown()),
});
export type PrintfulWebhook = z.infer<typeof printfulWebhookSchema>;

/** `product_synced`, `product_updated` and `product_deleted`: only the product id is used. */
export const printfulProductEventDataSchema = z.object({
  sync_product: z.looseObject({ id: z.number().int().positive() }),
});

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
