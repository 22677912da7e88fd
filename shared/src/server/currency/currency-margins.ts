import {
  STORE_CURRENCY,
  currencyBlock,
  currencyMarginFindings,
  type CurrencyCode,
  type CurrencyMarginDoc,
  type CurrencyMarginFinding,
  type PricedProduct,
} from '../../domain/currency/index.js';
import { COLLECTIONS, type AppCollection } from '../collections/registry.js';
import { getReadableDoc, queryDocs, scanDocs } from '../collections/collection-reads.js';
import type { Config } from '../config/index.js';
import type { DocumentStore } from '../store/document-store.js';
import { scanCollection } from '../store/scan-collection.js';
import { normaliseProductDoc } from '../../domain/product/normalise-product-doc.js';
import { readRates } from './exchange-rates.js';

// The margin guard per currency, run after each rate refresh (docs/rules.md#local-prices): the
// variants whose price in a currency no longer keeps the margin at its rate are recorded in
// `currencyMargins/{currency}` (the shop does not sell them in that currency) and the newly found
// ones are returned for the studio's alert.

type Store = DocumentStore<AppCollection>;
type MarginConfig = Pick<
  Config,
  'STORE_CURRENCIES' | 'MIN_MARGIN_PERCENT' | 'CURRENCY_MARGIN_BUFFER_PERCENT' | 'CURRENCY_RATE_MAX_AGE_HOURS'
>;

async function catalogueAndCosts(store: Store) {
  const products: PricedProduct[] = [];
  // Read raw and normalised, as the storefront reads it: every product the shop shows is checked.
  await scanCollection(store, COLLECTIONS.storeInventory, (doc) =>
    products.push(normaliseProductDoc(doc.data, { id: doc.id })),
  );
  const costs = new Map<string, number>();
  await scanDocs(store, COLLECTIONS.printfulProducts, (doc) => {
    for (const [variant, cost] of Object.entries(doc.data.costs ?? {})) costs.set(variant, cost);
  });
  return { products, costs };
}

async function handSetPrices(store: Store, currency: CurrencyCode): Promise<Map<string, number>> {
  const { docs } = await queryDocs(store, COLLECTIONS.priceOverrides, { limit: 500 });
  const out = new Map<string, number>();
  for (const { data } of docs) {
    const price = data.prices[currency];
    if (price !== undefined) out.set(data.productId, price);
  }
  return out;
}

const key = (f: Pick<CurrencyMarginFinding, 'productId' | 'variantId'>) => `${f.productId}\n${f.variantId}`;

/** Re-checks every enabled currency with a usable rate; returns the variants newly off sale. */
export async function checkCurrencyMargins(
  store: Store,
  config: MarginConfig,
  now = new Date(),
): Promise<CurrencyMarginFinding[]> {
  const rates = await readRates(store);
  const { products, costs } = await catalogueAndCosts(store);
  const added: CurrencyMarginFinding[] = [];
  for (const currency of config.STORE_CURRENCIES) {
    if (currency === STORE_CURRENCY) continue;
    const rate = rates.get(currency);
    // No usable rate: the currency is not sold at all, which says more than a list would.
    if (!rate || currencyBlock(currency, rate, now, config.CURRENCY_RATE_MAX_AGE_HOURS) !== null) continue;
    const findings = currencyMarginFindings({
      products,
      costs,
      currency,
      rate: rate.rate,
      handSet: await handSetPrices(store, currency),
      minMarginPercent: config.MIN_MARGIN_PERCENT,
      bufferPercent: config.CURRENCY_MARGIN_BUFFER_PERCENT,
    });
    const before = await getReadableDoc(store, COLLECTIONS.currencyMargins, currency);
    const known = new Set((before?.variants ?? []).map(key));
    added.push(...findings.filter((f) => !known.has(key(f))));
    const doc: CurrencyMarginDoc = { currency, rate: rate.rate, checkedAt: now.toISOString(), variants: findings };
    await store.set(COLLECTIONS.currencyMargins, currency, doc);
  }
  return added;
}

/** The variants kept off sale in a currency, as `productId\nvariantId` keys. */
export async function offSaleIn(store: Store, currency: CurrencyCode): Promise<Set<string>> {
  const doc = await getReadableDoc(store, COLLECTIONS.currencyMargins, currency);
  return new Set((doc?.variants ?? []).map(key));
}
