import type { FastifyInstance } from 'fastify';
import { AppError, MESSAGES } from '@shop/shared';
import { addressWords, sameAddress, variantWords } from '@shop/shared/domain/order';
import {
  postalCodeRequired,
  shippingDestinationSchema,
  type Order,
  type OrderChange,
  type OrderChangeAddress,
  type OrderItem,
} from '@shop/shared/schemas';
import type { OrderEdit } from '@shop/shared/server/orders';
import { samePrice, sellableVariants, variantPrice } from './order-change-choices.js';

// What a shopper's change makes of the order (docs/after-payment.md#changing-an-order-within-the-grace-period),
// or why it is refused with what to do. Worked out before the order's transaction, which then
// applies it only if nothing changed meanwhile. A swap takes another sellable variant of the same
// product at the price paid (another price would leave Stripe and Printful disagreeing); an
// address stays in the country, and in the state where shipping and tax were worked out by state
// (as the paid-address check does: docs/rules.md#money-and-abuse), and its shipping, quoted again,
// must not cost more than was paid.

const usd = (amount: number) => `$${amount.toFixed(2)}`;

async function variantEdit(app: FastifyInstance, order: Order, change: Extract<OrderChange, { kind: 'variant' }>) {
  const item = order.items[change.line];
  if (!item) throw new AppError('invalid-argument', MESSAGES.orderChangeLineUnknown);
  const choice = variantWords(change);
  if (item.size === change.size && item.color === change.color)
    throw new AppError('invalid-argument', MESSAGES.orderChangeSameVariant);
  const product = await app.productLookup.getProduct(item.productId);
  const variant = sellableVariants(product).find((v) => v.size === change.size && v.color === change.color);
  if (!product || !variant)
    throw new AppError('failed-precondition', MESSAGES.orderChangeVariantUnavailable(item.name, choice));
  const price = variantPrice(product, variant);
  // The catalogue's dollars against the dollars the line was sold at (docs/rules.md#local-prices).
  const paidUsd = item.unitPriceUsd ?? item.unitPrice;
  if (!samePrice(price, paidUsd))
    throw new AppError(
      'failed-precondition',
      MESSAGES.orderChangePriceDiffers(item.name, choice, usd(price), usd(paidUsd)),
    );
  const swapped: OrderItem = {
    ...item,
    size: variant.size,
    color: variant.color,
    variantName: variant.name,
    imageUrl: variant.images?.[0] || item.imageUrl,
    syncVariantId: variant.sync_variant_id,
    catalogVariantId: variant.catalog_variant_id,
  };
  const items = order.items.map((line, index) => (index === change.line ? swapped : line));
  return { items, from: `${item.name}: ${variantWords(item)}`, to: `${item.name}: ${variantWords(swapped)}` };
}

async function addressEdit(app: FastifyInstance, order: Order, address: OrderChangeAddress, client: string) {
  const current = order.shipping;
  if (!current) throw new AppError('failed-precondition', MESSAGES.orderChangeNotOpen);
  if (address.countryCode !== current.countryCode.toUpperCase())
    throw new AppError('failed-precondition', MESSAGES.orderChangeOtherCountry(current.countryCode));
  if (current.stateCode && address.stateCode !== current.stateCode.toUpperCase())
    throw new AppError('failed-precondition', MESSAGES.orderChangeOtherState(current.stateCode));
  if (!address.zip && postalCodeRequired(address.countryCode))
    throw new AppError('invalid-argument', MESSAGES.orderChangePostalCodeRequired);
  const next = { ...address, email: current.email };
  if (sameAddress(next, current)) throw new AppError('invalid-argument', MESSAGES.orderChangeSameAddress);
  const destination = shippingDestinationSchema.safeParse({
    // The full address the shopper gave: Printful's v1 AddressInfo lists address1 and city as required.
    address1: address.address1,
    city: address.city,
    country: address.countryCode,
    ...(address.stateCode ? { state: address.stateCode } : {}),
    ...(address.zip ? { zip: address.zip } : {}),
  });
  if (!destination.success)
    throw new AppError('invalid-argument', `${destination.error.issues[0].message}; nothing was changed.`);

  // The shipping the shopper paid for, quoted again for the new address (Printful, or its sandbox).
  const method = order.shippingMethod ?? { id: 'STANDARD', name: 'Standard shipping' };
  const quote = await app.shippingRates.quote(
    destination.data,
    order.items.map((item) => ({
      catalogVariantId: item.catalogVariantId,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
    })),
    { client },
  );
  const option = quote.options.find((o) => o.id === method.id);
  if (!option) {
    // Printful could not be asked (the table answered instead): no price to compare, so no change.
    if (quote.source === 'flat-rate') throw new AppError('unavailable', MESSAGES.orderChangeShippingUnknown);
    throw new AppError('failed-precondition', MESSAGES.orderChangeShippingUnavailable(method.name));
  }
  const paid = order.amounts?.shipping ?? 0;
  const extra = Math.round((option.amount - paid) * 100) / 100;
  if (extra > 0) throw new AppError('failed-precondition', MESSAGES.orderChangeShippingHigher(usd(extra), method.name));
  return { shipping: next, from: addressWords(current), to: addressWords(next) };
}

/** The address an address change replaces, kept on its record for the e-mail's undo link. */
const previousOf = (order: Order) => (order.shipping ? { previousAddress: order.shipping } : {});

/**
 * Undoing address change `number` (the latest): the address before it comes back as a change of
 * its own. Its shipping was paid or accepted already, so it is not quoted again.
 */
export function undoEditFor(order: Order, number: number, via: OrderEdit['record']['via']): OrderEdit {
  const changes = order.changes ?? [];
  const record = changes[number - 1];
  if (!record || number !== changes.length) throw new AppError('aborted', MESSAGES.orderUndoStale);
  if (record.kind !== 'address' || !record.previousAddress || !order.shipping)
    throw new AppError('invalid-argument', MESSAGES.orderUndoNotAddress);
  const previous = record.previousAddress;
  return {
    shipping: previous,
    record: {
      via,
      kind: 'address',
      from: addressWords(order.shipping),
      to: addressWords(previous),
      ...previousOf(order),
    },
  };
}

/** The edit a change makes, or an AppError saying why not and what to do. */
export async function orderEditFor(
  app: FastifyInstance,
  order: Order,
  change: OrderChange,
  via: OrderEdit['record']['via'],
  client: string,
): Promise<OrderEdit> {
  if (change.kind === 'variant') {
    const { items, from, to } = await variantEdit(app, order, change);
    return { items, record: { via, kind: 'variant', from, to } };
  }
  const { shipping, from, to } = await addressEdit(app, order, change.address, client);
  return { shipping, record: { via, kind: 'address', from, to, ...previousOf(order) } };
}
