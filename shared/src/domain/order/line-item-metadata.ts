import { z } from 'zod';
import { orderItemSchema, type OrderItem } from '../../schemas/order.js';
import { fromMinorUnits } from './money.js';

// What each Stripe line item carries so that the paid session alone says what was bought: the
// API writes it when it creates the session, the worker reads it back when fulfilling. Stripe
// metadata values are strings of at most 500 characters; absent means null.

const METADATA_VALUE_MAX = 500;

export function lineItemMetadata(item: OrderItem): Record<string, string> {
  const fields: Record<string, string | number | null> = {
    lineId: item.lineId,
    productId: item.productId,
    variantName: item.variantName,
    size: item.size,
    color: item.color,
    imageUrl: item.imageUrl,
    syncVariantId: item.syncVariantId,
    catalogVariantId: item.catalogVariantId,
  };
  return Object.fromEntries(
    Object.entries(fields)
      .filter(
        (entry): entry is [string, string | number] =>
          entry[1] !== null && String(entry[1]).length <= METADATA_VALUE_MAX,
      )
      .map(([key, value]) => [key, String(value)]),
  );
}

const providerId = z
  .string()
  .optional()
  .transform((v) => (v === undefined ? null : /^\d+$/.test(v) ? Number(v) : v));

const metadataSchema = z.object({
  lineId: z.string(),
  productId: z.string(),
  variantName: z
    .string()
    .optional()
    .transform((v) => v ?? null),
  size: z.string(),
  color: z.string(),
  imageUrl: z
    .string()
    .optional()
    .transform((v) => v ?? null),
  syncVariantId: providerId,
  catalogVariantId: providerId,
});

/** The structural part of a Stripe line item this reads (kept free of the SDK's types). */
export interface PaidLineItem {
  description: string | null;
  quantity: number | null;
  metadata: Record<string, string> | null;
  price: { unit_amount: number | null } | null;
}

/** The order line for a paid Stripe line item; throws when the metadata is not ours. */
export function orderItemFromLineItem(lineItem: PaidLineItem): OrderItem {
  const meta = metadataSchema.parse(lineItem.metadata ?? {});
  return orderItemSchema.parse({
    ...meta,
    name: lineItem.description ?? '',
    quantity: lineItem.quantity ?? 0,
    unitPrice: fromMinorUnits(lineItem.price?.unit_amount ?? 0),
  });
}
