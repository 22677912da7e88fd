import { z } from 'zod';
import {
  CART_LINE_DESCRIPTION_MAX,
  DEFAULT_CART_CATEGORY,
  DEFAULT_COLOR,
  DEFAULT_ITEM_NAME,
  DEFAULT_PRODUCT_ID,
  DEFAULT_SIZE,
  PROVIDER_ID,
} from '../../constants/index.js';
import { cartItemSchema, type CartItem } from '../../schemas/cart-item.js';
import type { CartProductVariant, IdentifiedCartProduct } from './cart-product.js';

// Building and defaulting the persisted cart item (docs/rules.md#entities and docs/rules.md#validation).

export { cartItemSchema, type CartItem };

/** Anything that may have been stored as a cart item, possibly by an older client. */
export type CartItemDraft = { [K in keyof CartItem]?: CartItem[K] | null | undefined };

const text = (value: string | null | undefined, fallback: string) => (value ? value : fallback);
const num = (value: number | null | undefined, fallback: number) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/**
 * The defaults applied when a cart is saved (docs/rules.md#validation): price 0, quantity 1, size One Size,
 * color Default, name Unknown Product, productId unknown; plus the item defaults of docs/rules.md#entities
 * (category clothing, source the provider's id).
 */
export function withSaveDefaults(draft: CartItemDraft, now: Date = new Date()): CartItem {
  return {
    id: draft.id || globalThis.crypto.randomUUID(),
    productId: text(draft.productId, DEFAULT_PRODUCT_ID),
    name: text(draft.name, DEFAULT_ITEM_NAME),
    variantName: draft.variantName ?? null,
    description: draft.description ?? null,
    price: num(draft.price, 0),
    originalPrice: draft.originalPrice ?? null,
    quantity: num(draft.quantity, 1),
    size: text(draft.size, DEFAULT_SIZE),
    color: text(draft.color, DEFAULT_COLOR),
    imageUrl: draft.imageUrl ?? null,
    category: text(draft.category, DEFAULT_CART_CATEGORY),
    source: text(draft.source, PROVIDER_ID),
    sku: draft.sku ?? null,
    external_id: draft.external_id ?? null,
    addedAt: text(draft.addedAt, now.toISOString()),
    catalog_variant_id: draft.catalog_variant_id ?? null,
    printfulVariantId: draft.printfulVariantId ?? null,
    variantId: draft.variantId ?? null,
    variant_id: draft.variant_id ?? null,
    sync_variant_id: draft.sync_variant_id ?? null,
    printful_product_id: draft.printful_product_id ?? null,
    sync_product_id: draft.sync_product_id ?? null,
    variantData: draft.variantData ?? null,
    productData: draft.productData ?? null,
    ...(draft.teamOrderId ? { teamOrderId: draft.teamOrderId } : {}),
  };
}

/** A cart item as read back from storage: the save defaults applied, then the shape checked. */
export const savedCartItemSchema = z.preprocess(
  (raw) => (raw !== null && typeof raw === 'object' ? withSaveDefaults(raw as CartItemDraft) : raw),
  cartItemSchema,
);

export interface BuildCartItemOptions {
  quantity: number;
  /** Line id; a fresh UUID by default. */
  id?: string;
  now?: Date;
}

/**
 * A cart line for one variant of a catalogue product. Name, price and image come from the
 * catalogue only: the variant's own price when it has one, else the product's.
 */
export function buildCartItem(
  product: IdentifiedCartProduct,
  variant: CartProductVariant,
  { quantity, id = globalThis.crypto.randomUUID(), now = new Date() }: BuildCartItemOptions,
): CartItem {
  const price = typeof variant.price === 'number' && variant.price > 0 ? variant.price : product.price;
  return withSaveDefaults(
    {
      id,
      productId: product.id,
      name: product.title,
      variantName: variant.name,
      // A display copy: bounded, so a long catalogue description does not multiply into every cart.
      description: product.description?.slice(0, CART_LINE_DESCRIPTION_MAX),
      price,
      originalPrice: product.price,
      quantity,
      size: variant.size,
      color: variant.color,
      imageUrl: variant.images?.[0] || product.thumbnail_url || product.images?.[0],
      category: product.category,
      sku: variant.sku,
      external_id: variant.external_id,
      addedAt: now.toISOString(),
      catalog_variant_id: variant.catalog_variant_id,
      printfulVariantId: variant.catalog_variant_id,
      variantId: variant.id,
      variant_id: variant.id,
      sync_variant_id: variant.sync_variant_id ?? variant.id,
      printful_product_id: product.id,
      sync_product_id: product.id,
      variantData: {
        id: variant.id ?? null,
        name: variant.name ?? null,
        size: variant.size ?? null,
        color: variant.color ?? null,
        price: variant.price ?? null,
        catalog_variant_id: variant.catalog_variant_id ?? null,
      },
      productData: {
        id: product.id,
        title: product.title ?? null,
        thumbnail_url: product.thumbnail_url ?? null,
        category: product.category ?? null,
      },
    },
    now,
  );
}
