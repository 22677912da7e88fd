import { STORE_CURRENCY, minorPerMajor, type CurrencyCode } from './currencies.js';
import { localPrice, toPricePoint } from './convert.js';
import { minimumLocalPrice } from './margin.js';

// A product's prices in a shopper's currency, and the variants the margin guard keeps off sale in
// it (docs/rules.md#local-prices). Pure: the caller passes the rate, the studio's hand-set price
// and Printful's USD costs.

export interface PricedVariant {
  id: string;
  /** US dollars, as the catalogue keeps them. */
  price: number;
  catalog_variant_id: number | null;
}

export interface PricedProduct {
  id: string;
  title?: string;
  price: number;
  variants: readonly PricedVariant[];
}

const cents = (usd: number) => Math.round(usd * 100);

/**
 * Each variant's price in the currency, minor units, by variant id. Converted at the rate unless
 * the studio set the product's price by hand: that is the price of its cheapest variant, and a
 * dearer variant keeps its proportion to it, at the currency's price point.
 */
export function variantLocalPrices(
  product: PricedProduct,
  currency: CurrencyCode,
  rate: number,
  handSet?: number,
): Map<string, number> {
  const out = new Map<string, number>();
  const usdPrices = product.variants.map((v) => v.price).filter((p) => p > 0);
  const base = usdPrices.length ? Math.min(...usdPrices) : product.price;
  for (const variant of product.variants) {
    const usd = cents(variant.price);
    if (currency === STORE_CURRENCY) out.set(variant.id, usd);
    else if (handSet !== undefined && base > 0)
      out.set(
        variant.id,
        variant.price === base ? handSet : toPricePoint(Math.round((handSet * variant.price) / base), currency),
      );
    else out.set(variant.id, localPrice(usd, rate, currency));
  }
  return out;
}

export interface CurrencyMarginFinding {
  currency: CurrencyCode;
  productId: string;
  title: string;
  variantId: string;
  /** The price in the currency, minor units. */
  price: number;
  /** The lowest price the guard accepts there, minor units. */
  minimumPrice: number;
  costUsd: number;
}

export interface CatalogMarginInput {
  products: readonly PricedProduct[];
  /** Printful's cost in US dollars per catalog variant id (as the sync stores it: keys are strings). */
  costs: ReadonlyMap<string, number>;
  currency: CurrencyCode;
  rate: number;
  /** Hand-set prices (minor units) per product id, in this currency. */
  handSet: ReadonlyMap<string, number>;
  minMarginPercent: number;
  bufferPercent: number;
}

/**
 * The variants sold in USD whose price in the currency would not keep the margin at this rate.
 * A variant without a known cost is already off sale everywhere (the USD guard fails closed).
 */
export function currencyMarginFindings(input: CatalogMarginInput): CurrencyMarginFinding[] {
  const { currency, rate, minMarginPercent, bufferPercent } = input;
  if (currency === STORE_CURRENCY) return [];
  const findings: CurrencyMarginFinding[] = [];
  for (const product of input.products) {
    const prices = variantLocalPrices(product, currency, rate, input.handSet.get(product.id));
    for (const variant of product.variants) {
      const costUsd =
        variant.catalog_variant_id === null ? undefined : input.costs.get(String(variant.catalog_variant_id));
      const price = prices.get(variant.id);
      if (costUsd === undefined || price === undefined) continue;
      const minimumPrice = minimumLocalPrice({ currency, rate, costUsd, minMarginPercent, bufferPercent });
      if (price < minimumPrice)
        findings.push({
          currency,
          productId: product.id,
          title: product.title ?? product.id,
          variantId: variant.id,
          price,
          minimumPrice,
          costUsd,
        });
    }
  }
  return findings;
}

/** What prices a catalogue answer in a currency: the rate, hand-set prices and variants off sale there. */
export interface LocalPricing {
  currency: CurrencyCode;
  rate: number;
  /** Hand-set prices (minor units) per product id, in this currency. */
  handSet: ReadonlyMap<string, number>;
  /** `productId\nvariantId` of the variants the margin guard keeps off sale in this currency. */
  offSale: ReadonlySet<string>;
}

interface LocalisableVariant extends PricedVariant {
  currency: string;
}
interface LocalisableProduct extends PricedProduct {
  variants: readonly LocalisableVariant[];
}

/**
 * A storefront product priced in the currency (prices as decimal numbers of its major unit, as
 * the catalogue keeps dollars, each variant naming its currency, and `unit_amount` beside each
 * price in the currency's minor unit), without the variants kept off sale there.
 */
export function localiseProduct<P extends LocalisableProduct>(product: P, pricing: LocalPricing): P {
  const { currency } = pricing;
  if (currency === STORE_CURRENCY)
    return {
      ...product,
      unit_amount: cents(product.price),
      variants: product.variants.map((v) => ({ ...v, unit_amount: cents(v.price) })),
    };
  const prices = variantLocalPrices(product, currency, pricing.rate, pricing.handSet.get(product.id));
  const unit = minorPerMajor(currency);
  const variants = product.variants
    .filter((v) => !pricing.offSale.has(`${product.id}\n${v.id}`))
    .map((v) => {
      const minor = prices.get(v.id) ?? 0;
      return { ...v, price: minor / unit, unit_amount: minor, currency };
    });
  const unitAmount = variants.length
    ? Math.min(...variants.map((v) => v.unit_amount))
    : localPrice(cents(product.price), pricing.rate, currency);
  return { ...product, price: unitAmount / unit, unit_amount: unitAmount, variants };
}
