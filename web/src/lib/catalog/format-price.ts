import { FALLBACK_CURRENCY } from '@shop/shared';

const formatters = new Map<string, Intl.NumberFormat>();

/**
 * US dollars, written out as Intl.NumberFormat('en-US') does ("$1,234.50", "-$0.25"). The store
 * shows a price on every card, and the first Intl.NumberFormat of a page costs tens of
 * milliseconds on a phone (its locale data is loaded then), inside the render that hydrates the
 * page; this needs none of it. Other currencies and unusual amounts go to Intl.
 */
function formatUsd(amount: number): string | null {
  const size = Math.abs(amount);
  if (!Number.isFinite(size) || size >= 1e15) return null;
  const sign = amount < 0 || Object.is(amount, -0) ? '-' : '';
  // Intl rounds the shortest decimal that reads back as the number ("0.015", not the binary
  // 0.01499...), half away from zero; so does this. Below a thousandth it is $0.00 either way (and
  // String would switch to exponent notation).
  const [whole = '0', fraction = ''] = size < 0.001 ? ['0'] : String(size).split('.');
  const cents = BigInt(whole + fraction.slice(0, 2).padEnd(2, '0')) + ((fraction[2] ?? '0') >= '5' ? 1n : 0n);
  const digits = cents.toString().padStart(3, '0');
  const grouped = digits.slice(0, -2).replace(/\B(?=(\d{3})+$)/g, ',');
  return `${sign}$${grouped}.${digits.slice(-2)}`;
}

/** A price as the shopper reads it, e.g. "$24.99". */
export function formatPrice(amount: number, currency: string = FALLBACK_CURRENCY): string {
  if (currency.toUpperCase() === 'USD') {
    const usd = formatUsd(amount);
    if (usd !== null) return usd;
  }
  let formatter = formatters.get(currency);
  if (!formatter) {
    formatter = new Intl.NumberFormat('en-US', { style: 'currency', currency });
    formatters.set(currency, formatter);
  }
  return formatter.format(amount);
}

/**
 * The currency a catalogue product is priced in: its variants name it (the answer's currency,
 * docs/rules.md#local-prices); USD for one without variants.
 */
export function productCurrency(product: { variants: ReadonlyArray<{ currency?: string }> }): string {
  return product.variants[0]?.currency ?? FALLBACK_CURRENCY;
}

/** "From €28.00" when a product's variants differ in price (docs/rules.md#what-a-merch-shopper-expects), else the one price. */
export function formatProductPrice(product: {
  price: number;
  variants: ReadonlyArray<{ price: number; currency?: string }>;
}): string {
  const currency = productCurrency(product);
  const prices = product.variants.map((v) => v.price);
  const min = prices.length ? Math.min(...prices) : product.price;
  return prices.some((p) => p !== min) ? `From ${formatPrice(min, currency)}` : formatPrice(min, currency);
}
