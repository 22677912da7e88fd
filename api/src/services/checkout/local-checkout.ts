import { AppError, MESSAGES } from '@shop/shared';
import {
  CURRENCIES,
  CURRENCY_NAMES,
  STORE_CURRENCY,
  formatMoney,
  keepsMargin,
  meetsStripeMinimum,
  toMajor,
  toMinor,
  variantLocalPrices,
  type CurrencyCode,
  type LocalPricing,
  type PricedProduct,
} from '@shop/shared/domain/currency';
import type { OrderItem } from '@shop/shared/schemas';
import type { ShopperPricing } from '../currency/local-prices-service.js';

// Checkout in the shopper's currency (docs/rules.md#local-prices): the pricing it may use, each
// line's price there from the catalogue, and the refusals that keep the cart as it is: a paused
// rate, a variant off sale there or below the margin at this rate, a total under Stripe's minimum.

/** The pricing checkout charges in; a currency whose rate is paused refuses rather than switching to USD. */
export function assertCurrencyOpen(asked: CurrencyCode, pricing: ShopperPricing): void {
  if (asked !== pricing.currency)
    throw new AppError('aborted', pricing.notice ?? MESSAGES.currencyPaused(CURRENCY_NAMES[asked].many));
}

/**
 * A line's price of one in the currency (major units), or null when the margin guard keeps the
 * variant off sale there. USD gives the catalogue's price back.
 */
export function localUnitPrice(
  product: PricedProduct,
  variantId: string,
  usdPrice: number,
  pricing: LocalPricing,
): number | null {
  if (pricing.currency === STORE_CURRENCY) return usdPrice;
  if (pricing.offSale.has(`${product.id}\n${variantId}`)) return null;
  const minor = variantLocalPrices(product, pricing.currency, pricing.rate, pricing.handSet.get(product.id)).get(
    variantId,
  );
  return minor === undefined ? null : toMajor(minor, pricing.currency);
}

/** Refuses the lines not sold in the currency, naming them. */
export function assertSoldIn(currency: CurrencyCode, offSale: readonly string[]): void {
  if (offSale.length) throw new AppError('aborted', MESSAGES.cartOffSaleIn(CURRENCY_NAMES[currency].many, offSale));
}

export interface LocalMarginInput {
  items: readonly OrderItem[];
  /** Printful's cost (USD) per item, in the same order; null when unknown (the USD guard's concern). */
  costs: ReadonlyArray<number | null>;
  pricing: Pick<LocalPricing, 'currency' | 'rate'>;
  minMarginPercent: number;
  bufferPercent: number;
}

/**
 * The margin guard at checkout: each line's price in the currency must keep the margin over
 * Printful's USD cost at this rate, with the buffer. The off-sale list is made after each rate
 * refresh; this catches a cost or a hand-set price that moved since.
 */
export function assertLocalMargins(input: LocalMarginInput): void {
  const { currency, rate } = input.pricing;
  if (currency === STORE_CURRENCY) return;
  const short = input.items
    .filter((item, i) => {
      const costUsd = input.costs[i];
      if (costUsd === null || costUsd === undefined) return false;
      const priceMinor = toMinor(item.unitPrice, currency);
      return !keepsMargin({
        priceMinor,
        currency,
        rate,
        costUsd,
        minMarginPercent: input.minMarginPercent,
        bufferPercent: input.bufferPercent,
      });
    })
    .map((item) => item.name);
  assertSoldIn(currency, [...new Set(short)]);
}

/**
 * Stripe refuses a payment under its minimum for the currency, judged on the items less the
 * discount (before shipping and tax); said before the payment page, in the shopper's words.
 */
export function assertStripeMinimum(currency: CurrencyCode, items: readonly OrderItem[], discountMajor: number): void {
  const subtotal = items.reduce((sum, i) => sum + toMinor(i.unitPrice, currency) * i.quantity, 0);
  if (!meetsStripeMinimum(currency, subtotal - toMinor(discountMajor, currency)))
    throw new AppError(
      'aborted',
      MESSAGES.belowCurrencyMinimum(formatMoney(CURRENCIES[currency].stripeMinimum, currency)),
    );
}
