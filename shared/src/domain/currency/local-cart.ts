import { MESSAGES } from '../../errors/index.js';
import { isSameVariant } from '../cart/cart-variant.js';
import { STORE_CURRENCY, type CurrencyCode } from './currencies.js';
import { localShipping, toMajor, toMinor } from './convert.js';
import { variantLocalPrices, type LocalPricing, type PricedProduct } from './local-catalog.js';
import { CURRENCY_NAMES } from './names.js';

// A cart priced in the shopper's currency (docs/rules.md#local-prices). The stored cart keeps the
// catalogue's US dollars; each answer prices its lines on the way out, from the catalogue at the
// currency's rate (or the studio's hand-set price), never from what a browser sent. Amounts are
// integers in the currency's minor unit.

/** The part of a cart line this reads. */
export interface LocalCartLineInput {
  id: string;
  productId: string;
  variantId: string | number | null;
  catalog_variant_id: string | number | null;
  /** US dollars, as the stored cart keeps it. */
  price: number;
  quantity: number;
  /** Already flagged (the product or variant left the catalogue). */
  unavailable?: boolean;
}

export interface LocalCartLine {
  id: string;
  /** Price of one in the currency, minor units; null when the line cannot be sold in it. */
  unitAmount: number | null;
  unavailable: boolean;
  /** Why it cannot be bought in this currency, for the shopper. */
  unavailableReason?: string;
}

type LocalisableProduct = PricedProduct & { variants: ReadonlyArray<PricedProduct['variants'][number]> };

/**
 * Each line's price of one in the pricing's currency. A line whose variant the margin guard keeps
 * off sale there is flagged unavailable with the reason; a line already unavailable stays so.
 */
export function localCartLines(
  lines: readonly LocalCartLineInput[],
  products: ReadonlyMap<string, LocalisableProduct | null>,
  pricing: Pick<LocalPricing, 'currency' | 'rate' | 'handSet' | 'offSale'>,
): LocalCartLine[] {
  const { currency } = pricing;
  return lines.map((line) => {
    if (line.unavailable) return { id: line.id, unitAmount: null, unavailable: true };
    if (currency === STORE_CURRENCY)
      return { id: line.id, unitAmount: toMinor(line.price, STORE_CURRENCY), unavailable: false };
    const product = products.get(line.productId);
    const variant = product?.variants.find((v) => isSameVariant(v, line));
    if (!product || !variant) return { id: line.id, unitAmount: null, unavailable: true };
    if (pricing.offSale.has(`${product.id}\n${variant.id}`))
      return {
        id: line.id,
        unitAmount: null,
        unavailable: true,
        unavailableReason: MESSAGES.variantOffSaleIn(CURRENCY_NAMES[currency].many),
      };
    const prices = variantLocalPrices(product, currency, pricing.rate, pricing.handSet.get(product.id));
    const unitAmount = prices.get(variant.id);
    return unitAmount === undefined
      ? { id: line.id, unitAmount: null, unavailable: true }
      : { id: line.id, unitAmount, unavailable: false };
  });
}

export interface LocalCartAmounts {
  currency: CurrencyCode;
  /** Lines that can be bought, minor units. */
  subtotal: number;
  /** What the cart's discount code takes off, minor units (never more than the subtotal). */
  discount: number;
  total: number;
}

/** The cart's subtotal, discount and total in the currency (lines not for sale left out). */
export function localCartAmounts(
  currency: CurrencyCode,
  lines: ReadonlyArray<{ unitAmount: number | null; quantity: number }>,
  discountMinor = 0,
): LocalCartAmounts {
  const subtotal = lines.reduce((sum, l) => sum + (l.unitAmount ?? 0) * l.quantity, 0);
  const discount = Math.min(subtotal, Math.max(0, Math.round(discountMinor)));
  return { currency, subtotal, discount, total: subtotal - discount };
}

/**
 * A shipping quote (US dollars) in the shopper's currency: each option converted at the same rate,
 * with the same included tax, as the prices (localShipping), to the minor unit.
 */
export function localShippingQuote<Q extends { options: ReadonlyArray<{ amount: number; currency: string }> }>(
  quote: Q,
  pricing: Pick<LocalPricing, 'currency' | 'rate'>,
): Q {
  const { currency, rate } = pricing;
  if (currency === STORE_CURRENCY) return quote;
  return {
    ...quote,
    options: quote.options.map((o) => ({
      ...o,
      amount: toMajor(localShipping(toMinor(o.amount, STORE_CURRENCY), rate, currency), currency),
      currency,
    })),
  };
}
