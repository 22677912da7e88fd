import { z } from 'zod';
import { MESSAGES } from '../errors/index.js';
import { plainText } from './plain-text.js';
import { orderCancelBodySchema, shopperOrderSchema } from './order-lookup.js';

// POST /api/orders/change (docs/after-payment.md#changing-an-order-within-the-grace-period): within
// the grace period the shopper swaps a line's size or colour, or corrects the address in the same
// country. The order is named as for a cancel (its checkout session, its number with the e-mail
// paid with, or its number with the e-mail link's key).

// Every field is plain printable text (plain-text.ts): a line break in a name reached the Printful
// recipient and the studio's CSV.
const text = (max: number, field: string) => {
  const message = MESSAGES.orderChangeFieldInvalid(field);
  return plainText(z.string({ error: message }).trim().min(1, { error: message }).max(max, { error: message }), field);
};
const optionalText = (max: number, field: string) => {
  const message = MESSAGES.orderChangeFieldInvalid(field);
  return plainText(z.string({ error: message }).trim().max(max, { error: message }).nullish(), field).transform(
    (value) => (value ? value : null),
  );
};

export const orderChangeAddressSchema = z
  .object({
    name: text(100, 'Name'),
    address1: text(200, 'Address'),
    address2: optionalText(200, 'Address line 2'),
    city: text(100, 'City'),
    stateCode: optionalText(3, 'State').transform((v) => v?.toUpperCase() ?? null),
    countryCode: z
      .string({ error: MESSAGES.orderChangeFieldInvalid('Country') })
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, { error: MESSAGES.orderChangeFieldInvalid('Country') }),
    zip: optionalText(20, 'Postal code').transform((v) => v?.toUpperCase() ?? null),
  })
  .strict();
export type OrderChangeAddress = z.infer<typeof orderChangeAddressSchema>;

export const orderChangeSchema = z.discriminatedUnion('kind', [
  z
    .object({
      kind: z.literal('variant'),
      /** The line's position in the order, from 0. */
      line: z.number({ error: MESSAGES.orderChangeLineUnknown }).int().min(0).max(99),
      size: text(40, 'Size'),
      color: text(60, 'Colour'),
    })
    .strict(),
  z.object({ kind: z.literal('address'), address: orderChangeAddressSchema }).strict(),
]);
export type OrderChange = z.infer<typeof orderChangeSchema>;

export const orderChangeBodySchema = z
  .object({
    order: orderCancelBodySchema,
    /** The number of changes the page showed (`secondChance.changes`): a change made meanwhile refuses this one. */
    basedOn: z.number().int().min(0).max(1000),
    change: orderChangeSchema,
  })
  .strict();
export type OrderChangeBody = z.infer<typeof orderChangeBodySchema>;

/** POST /api/orders/undo-change: the change e-mail's way back, for address change `change` (from 1). */
export const orderUndoBodySchema = z
  .object({
    order: orderCancelBodySchema,
    change: z.number({ error: MESSAGES.orderUndoStale }).int().min(1).max(1000),
  })
  .strict();
export type OrderUndoBody = z.infer<typeof orderUndoBodySchema>;

export const orderChangeResponseSchema = z.object({
  outcome: z.literal('changed'),
  /** What changed and what happens next. */
  message: z.string(),
  /** The order as it is now, so the page shows it without reading it again (each lookup counts against its budget). */
  order: shopperOrderSchema,
});
export type OrderChangeResponse = z.infer<typeof orderChangeResponseSchema>;

/** POST /api/admin/orders/:id/cancel-request: the studio's answer to a shopper's request to cancel. */
export const cancelRequestDecisionBodySchema = z
  .object({ decision: z.enum(['accept', 'decline'], { error: MESSAGES.cancelDecisionInvalid }) })
  .strict();
export const cancelRequestDecisionResponseSchema = z.object({
  decision: z.enum(['accepted', 'declined']),
  /** The refund made when the request was accepted. */
  refundId: z.string().nullable(),
});
export type CancelRequestDecisionResponse = z.infer<typeof cancelRequestDecisionResponseSchema>;
