import type { FastifyInstance } from 'fastify';
import { canCancelNow } from '@shop/shared/domain/order';
import type { LineChoice, Order, StorefrontProduct, StorefrontVariant } from '@shop/shared/schemas';

// The sizes and colours a held order's lines could be swapped to
// (docs/after-payment.md#changing-an-order-within-the-grace-period): the other variants of the same
// product the catalogue sells now, each with its price and whether it costs what was paid.

/** A variant's price as the cart would charge it: its own, else the product's. */
export const variantPrice = (product: StorefrontProduct, variant: StorefrontVariant) =>
  typeof variant.price === 'number' && variant.price > 0 ? variant.price : product.price;

const cents = (dollars: number) => Math.round(dollars * 100);
export const samePrice = (a: number, b: number) => cents(a) === cents(b);

/** Variants that can be sent to Printful: sold now, with a sync variant to name on the order. */
export function sellableVariants(product: StorefrontProduct | null): StorefrontVariant[] {
  return (product?.variants ?? []).filter((v) => v.sync_variant_id !== null && variantPrice(product!, v) > 0);
}

/** Each line's choices while the order can be changed; nothing otherwise. */
export async function lineChoicesOf(app: FastifyInstance, order: Order): Promise<LineChoice[][] | undefined> {
  if (!canCancelNow(order)) return undefined;
  const choices: LineChoice[][] = [];
  for (const item of order.items) {
    const product = await app.productLookup.getProduct(item.productId).catch(() => null);
    choices.push(
      sellableVariants(product)
        .filter((v) => !(v.size === item.size && v.color === item.color))
        .map((v) => {
          const price = variantPrice(product!, v);
          return {
            size: v.size,
            color: v.color,
            price,
            samePrice: samePrice(price, item.unitPriceUsd ?? item.unitPrice),
          };
        }),
    );
  }
  return choices;
}

/** A shopper's view of the order with its lines' choices added to `secondChance` while it can change. */
export async function withLineChoices<View extends { secondChance?: object }>(
  app: FastifyInstance,
  order: Order,
  view: View,
): Promise<View> {
  if (!view.secondChance) return view;
  const lineChoices = await lineChoicesOf(app, order);
  return lineChoices ? { ...view, secondChance: { ...view.secondChance, lineChoices } } : view;
}
