import { z } from 'zod';
import { orderItemSchema, type OrderItem } from '../../schemas/order.js';
import { fromMinorUnits } from './money.js';
import type { CurrencyCode } from '../currency/currencies.js';
import { toMajor } from '../currency/convert.js';

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
    unitPriceUsd: item.unitPriceUsd === undefined ? null : item.unitPriceUsd.toFixed(2),
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
  unitPriceUsd: z
    .string()
    .optional()
    .transform((v) => (v === undefined ? undefined : Number(v))),
});

/** The structural part of a Stripe line item this reads (kept free of the SDK's types). */
export interface PaidLineItem {
  description: string | null;
  quantity: number | null;
  metadata: Record<string, string> | null;
  price: { unit_amount: number | null } | null;
}

/** Session metadata: the rate (units of the session's currency per USD) it was priced at. */
export const EXCHANGE_RATE_METADATA = 'exchangeRate';

/**
 * The order line for a paid Stripe line item; throws when the metadata is not ours. Its price is
 * in the session's currency (docs/rules.md#local-prices), a zero-decimal one taken as whole units.
 */
export function orderItemFromLineItem(lineItem: PaidLineItem, currency: CurrencyCode = 'USD'): OrderItem {
  const { unitPriceUsd, ...meta } = metadataSchema.parse(lineItem.metadata ?? {});
  return orderItemSchema.parse({
    ...meta,
    ...(unitPriceUsd !== undefined && Number.isFinite(unitPriceUsd) ? { unitPriceUsd } : {}),
    name: lineItem.description ?? '',
    quantity: lineItem.quantity ?? 0,
    unitPrice:
      currency === 'USD'
        ? fromMinorUnits(lineItem.price?.unit_amount ?? 0)
        : toMajor(lineItem.price?.unit_amount ?? 0, currency),
  });
}
