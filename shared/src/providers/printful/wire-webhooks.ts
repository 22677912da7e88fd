import { z } from 'zod';

// Printful v1 webhook shapes: deliveries (the data inside is a hint only; orders and products are
// read again) and the store's one webhook configuration.

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

/** v1 `POST /webhooks` body and answer: one URL per store and the event types sent to it. */
export const printfulWebhookConfigSchema = z.looseObject({
  url: z.url(),
  types: z.array(z.string().min(1)).min(1),
  params: z.record(z.string(), z.unknown()).optional(),
});
export type PrintfulWebhookConfig = z.infer<typeof printfulWebhookConfigSchema>;
/** v1 `GET /webhooks`: the same, with no URL while nothing is registered. */
export const printfulWebhookReadSchema = z.looseObject({
  url: z.string().nullable(),
  types: z.array(z.string()),
});
