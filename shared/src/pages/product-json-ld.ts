import { FALLBACK_CURRENCY } from '../constants/index.js';
import { US_STANDARD_DELIVERY } from '../domain/delivery/index.js';
import type { StorefrontProduct } from '../schemas/storefront-product.js';
import { SITE } from './site.js';

// A product page's structured data for Google's merchant listings, telling only what the store
// does (docs/promises.md#feed-and-structured-data):
// - a product with one price is a Product with one Offer; one whose sizes or colours are priced
//   apart is a ProductGroup whose variants (hasVariant) each carry their own Offer. Merchant
//   listings take neither an AggregateOffer nor a price range;
// - shipping to the US with its rate (the flat-rate table's first item), the print time and the
//   transit days the product page promises;
// - no returns (made to order, a wrong size is not taken back); a damaged or misprinted item is
//   replaced, which the policy's text says.

/** Days a damaged or misprinted item may be reported for a free replacement (the product page says so). */
export const REPLACEMENT_WINDOW_DAYS = 30;

/** Working days Printful takes to print before the parcel leaves. */
const HANDLING_DAYS = { minValue: 2, maxValue: 5 } as const;

export interface ProductJsonLdOptions {
  /** Whether the product is on sale now. */
  available: boolean;
  /** What one item costs to ship to the US at Standard, in the product's currency. */
  usShippingRate: number;
  /** Digits after the decimal point in the product's currency (2; 0 for yen). */
  decimals?: number;
}

type Json = Record<string, unknown>;

function policies(
  url: string,
  currency: string,
  shippingRate: number,
  decimals: number,
): { shipping: Json; returns: Json } {
  return {
    shipping: {
      '@type': 'OfferShippingDetails',
      '@id': `${url}#shipping`,
      shippingRate: { '@type': 'MonetaryAmount', value: shippingRate.toFixed(decimals), currency },
      shippingDestination: { '@type': 'DefinedRegion', addressCountry: 'US' },
      deliveryTime: {
        '@type': 'ShippingDeliveryTime',
        handlingTime: { '@type': 'QuantitativeValue', ...HANDLING_DAYS, unitCode: 'DAY' },
        transitTime: {
          '@type': 'QuantitativeValue',
          minValue: US_STANDARD_DELIVERY.minDeliveryDays,
          maxValue: US_STANDARD_DELIVERY.maxDeliveryDays,
          unitCode: 'DAY',
        },
      },
    },
    returns: {
      '@type': 'MerchantReturnPolicy',
      '@id': `${url}#returns`,
      applicableCountry: 'US',
      returnPolicyCategory: 'https://schema.org/MerchantReturnNotPermitted',
      description: `Made to order, so items are not taken back, for a wrong size either. A damaged or misprinted item is replaced free of charge when reported within ${REPLACEMENT_WINDOW_DAYS} days.`,
    },
  };
}

/** The variants a shopper can order (an id and the catalogue variant an order needs). */
function orderable(product: StorefrontProduct) {
  return product.variants.filter((v) => Boolean(v.id) && v.catalog_variant_id !== null && v.catalog_variant_id !== 0);
}

/** The Product (one price) or ProductGroup (prices by variant) of a product page. */
export function productJsonLd(
  product: StorefrontProduct,
  page: { url: string; description: string; images: string[] },
  options: ProductJsonLdOptions,
): Json {
  // The product's prices are in the shopper's currency (docs/rules.md#local-prices): its variants say which.
  const currency = product.variants[0]?.currency ?? FALLBACK_CURRENCY;
  const decimals = options.decimals ?? 2;
  const { shipping, returns } = policies(page.url, currency, options.usShippingRate, decimals);
  const shippingRef = { '@id': shipping['@id'] };
  const returnsRef = { '@id': returns['@id'] };
  let first = true;
  const offer = (price: number, url: string): Json => {
    // The shipping and return policies in full once, then by reference: a page of 20 variants
    // would otherwise repeat them 20 times.
    const full = first;
    first = false;
    return {
      '@type': 'Offer',
      url,
      price: price.toFixed(decimals),
      priceCurrency: currency,
      availability: options.available ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock',
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: SITE.name },
      shippingDetails: full ? shipping : shippingRef,
      hasMerchantReturnPolicy: full ? returns : returnsRef,
    };
  };
  const common = {
    '@context': 'https://schema.org',
    name: product.title,
    description: page.description,
    category: product.category,
    image: page.images,
    brand: { '@type': 'Brand', name: SITE.name },
  };
  const variants = orderable(product);
  const prices = new Set(variants.map((v) => v.price).filter((p) => p > 0));
  if (prices.size <= 1) {
    const price = [...prices][0] ?? product.price;
    return { ...common, '@type': 'Product', sku: product.id, offers: offer(price, page.url) };
  }
  const sizes = new Set(variants.map((v) => v.size));
  const colours = new Set(variants.map((v) => v.color));
  return {
    ...common,
    '@type': 'ProductGroup',
    productGroupID: product.id,
    variesBy: [
      ...(sizes.size > 1 ? ['https://schema.org/size'] : []),
      ...(colours.size > 1 ? ['https://schema.org/color'] : []),
    ],
    // The page has one address: the shopper picks the size and colour on it.
    hasVariant: variants.map((v) => ({
      '@type': 'Product',
      name: `${product.title} (${v.size}, ${v.color})`,
      sku: v.sku ?? v.id,
      size: v.size,
      color: v.color,
      image: v.images?.find((u) => /^https?:\/\//.test(u)) ?? page.images[0],
      offers: offer(v.price, page.url),
    })),
  };
}
