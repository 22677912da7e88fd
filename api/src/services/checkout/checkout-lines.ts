import { AppError, MESSAGES } from '@shop/shared';
import { buildCartItem, isSameVariant, isValidCartItem } from '@shop/shared/domain/cart';
import { STORE_CURRENCY } from '@shop/shared/domain/currency';
import type { CartResponseItem, OrderItem } from '@shop/shared/schemas';
import type { ProductLookup } from '../catalog/product-lookup.js';
import type { ShopperPricing } from '../currency/local-prices-service.js';
import { assertSoldIn, localUnitPrice } from './local-checkout.js';

// The lines a checkout charges for (docs/contracts.md#http-api): each cart line built again from
// the catalogue, never from the browser, and priced in the shopper's currency
// (docs/rules.md#local-prices).

/**
 * Each line re-read from the catalogue: name and price as the catalogue has them now, priced in
 * the pricing's currency (its US-dollar price kept beside it).
 */
export async function priceFromCatalogue(
  lookup: Pick<ProductLookup, 'getProduct'>,
  lines: CartResponseItem[],
  pricing: ShopperPricing,
): Promise<OrderItem[]> {
  const unavailable: string[] = [];
  const offSale: string[] = [];
  const items: OrderItem[] = [];
  for (const line of lines) {
    const product = line.unavailable ? null : await lookup.getProduct(line.productId);
    const variant = product?.variants?.find((v) => isSameVariant(v, line));
    const fresh =
      product && variant
        ? buildCartItem({ ...product, id: line.productId }, variant, { quantity: line.quantity, id: line.id })
        : null;
    if (!fresh || !isValidCartItem(fresh)) {
      unavailable.push(line.name);
      continue;
    }
    const unitPrice = product && variant ? localUnitPrice(product, variant.id, fresh.price, pricing) : null;
    if (unitPrice === null) {
      offSale.push(fresh.name);
      continue;
    }
    items.push({
      lineId: line.id,
      productId: fresh.productId,
      name: fresh.name,
      variantName: fresh.variantName,
      size: fresh.size,
      color: fresh.color,
      quantity: fresh.quantity,
      unitPrice,
      ...(pricing.currency !== STORE_CURRENCY ? { unitPriceUsd: fresh.price } : {}),
      imageUrl: fresh.imageUrl,
      syncVariantId: fresh.sync_variant_id,
      catalogVariantId: fresh.catalog_variant_id,
    });
  }
  // docs/rules.md#only-what-can-ship-is-sold: a cart holding a retired product or variant is refused, naming the lines.
  if (unavailable.length) throw new AppError('aborted', MESSAGES.cartItemsUnavailable(unavailable));
  assertSoldIn(pricing.currency, offSale);
  return items;
}
