import {
  STORE_CURRENCY,
  localCartAmounts,
  localCartLines,
  toMajor,
  toMinor,
  type CurrencyCode,
  type LocalCartAmounts,
  type LocalPricing,
} from '@shop/shared/domain/currency';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import type { CartResponseItem } from '@shop/shared/schemas';
import type { ProductLookup } from '../catalog/product-lookup.js';
import type { DiscountLine } from '../discounts/index.js';
import type { CartView } from './cart-service.js';

// The cart priced in the shopper's currency on the way out (docs/rules.md#local-prices): the
// stored cart keeps US dollars, each answer carries every line's price of one in the currency
// (from the catalogue at its rate or the studio's hand-set price) and flags the lines not sold in
// it. Checkout prices the same way, so the cart and the payment page agree.

/** A cart view whose lines carry `unitAmount` in `currency` (minor units). */
export interface PricedCartView extends CartView {
  currency: CurrencyCode;
}

export async function priceCartView(
  view: CartView,
  pricing: LocalPricing,
  lookup: Pick<ProductLookup, 'getProduct'>,
): Promise<PricedCartView> {
  const products = new Map<string, StorefrontProduct | null>();
  if (pricing.currency !== STORE_CURRENCY)
    for (const item of view.cart.cartItems)
      if (!products.has(item.productId)) products.set(item.productId, await lookup.getProduct(item.productId));
  const local = localCartLines(view.cart.cartItems, products, pricing);
  const cartItems = view.cart.cartItems.map((item, i): CartResponseItem => {
    const line = local[i];
    if (!line) return item;
    return {
      ...item,
      unitAmount: line.unitAmount,
      ...(line.unavailable ? { unavailable: true } : {}),
      ...(line.unavailableReason ? { unavailableReason: line.unavailableReason } : {}),
    };
  });
  return { ...view, cart: { ...view.cart, cartItems }, currency: pricing.currency };
}

/**
 * The lines a discount code is judged on: those still sold, at their price in the cart's currency
 * (major units), each with its US-dollar price beside it for a minimum set in dollars.
 */
export function localDiscountLines(view: PricedCartView): DiscountLine[] {
  return view.cart.cartItems
    .filter((item) => !item.unavailable && item.unitAmount != null)
    .map((item) => ({
      productId: item.productId,
      syncVariantId: item.sync_variant_id ?? null,
      unitPrice: toMajor(item.unitAmount ?? 0, view.currency),
      usdUnitPrice: item.price,
      quantity: item.quantity,
    }));
}

/** The priced cart's subtotal, discount and total (minor units); the discount comes in major units. */
export function pricedCartAmounts(view: PricedCartView, discountMajor: number): LocalCartAmounts {
  const lines = view.cart.cartItems
    .filter((item) => !item.unavailable)
    .map((item) => ({ unitAmount: item.unitAmount ?? null, quantity: item.quantity }));
  return localCartAmounts(view.currency, lines, toMinor(discountMajor, view.currency));
}
