import {
  DEFAULT_COLOR,
  DEFAULT_PRODUCT_DESCRIPTION,
  DEFAULT_PRODUCT_TITLE,
  DEFAULT_SIZE,
  FALLBACK_CURRENCY,
  PLACEHOLDER_IMAGE,
  PROVIDER_ID,
} from '../../constants/index.js';
import type { PrintfulProductDetail, PrintfulSyncVariant } from './wire.js';
import { categoryForMainCategoryId } from '../../domain/product/categories.js';
import { toIsoDate } from '../../domain/product/dates.js';
import { parsePrice, priceRangeOf } from '../../domain/product/price.js';
import { productTitle } from '../../domain/product/product-title.js';
import type { ProductDocument, ProductStatus } from '../../domain/product/product-document.js';
import type { StorefrontProduct, StorefrontVariant } from '../../schemas/storefront-product.js';

// Printful's {sync_product, sync_variants} -> the storefront product and the searchable
// `products` document, applying every default of docs/rules.md#entities. Pure: the caller passes the
// timestamps (the sync keeps createdAt from the first sync and sets updatedAt when content changes).

export interface NormaliseOptions {
  createdAt?: unknown;
  updatedAt?: unknown;
  now?: Date;
}

function nonEmpty(value: unknown): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Variants Printful still sells through this store: ignored variants are not synced. */
function sellableVariants(raw: PrintfulProductDetail): PrintfulSyncVariant[] {
  return raw.sync_variants.filter((v) => v.is_ignored !== true);
}

function previewUrl(file: PrintfulSyncVariant['files'][number]): string | null {
  return nonEmpty(file.preview_url) ?? nonEmpty(file.url) ?? nonEmpty(file.thumbnail_url);
}

/** Mockup images: the `preview` files (the other file types are print files), each URL once. */
function productImages(raw: PrintfulProductDetail): string[] {
  const urls = sellableVariants(raw)
    .flatMap((v) => v.files.filter((f) => f.type === 'preview').map(previewUrl))
    .filter((u): u is string => u !== null);
  const unique = [...new Set(urls)];
  const thumbnail = nonEmpty(raw.sync_product.thumbnail_url);
  return unique.length === 0 && thumbnail ? [thumbnail] : unique;
}

function toStorefrontVariant(v: PrintfulSyncVariant): StorefrontVariant {
  return {
    id: String(v.id),
    name: nonEmpty(v.name) ?? DEFAULT_PRODUCT_TITLE,
    size: nonEmpty(v.size) ?? DEFAULT_SIZE,
    color: nonEmpty(v.color) ?? DEFAULT_COLOR,
    price: parsePrice(v.retail_price),
    currency: nonEmpty(v.currency) ?? FALLBACK_CURRENCY,
    catalog_variant_id: v.variant_id,
    sync_variant_id: v.id,
    sku: nonEmpty(v.sku),
    external_id: nonEmpty(v.external_id),
    images: [
      ...new Set(
        v.files
          .filter((f) => f.type === 'preview')
          .map(previewUrl)
          .filter((u): u is string => u !== null),
      ),
    ],
  };
}

/** Printful's catalog product name without the variant's "(Colour / Size)": the blank's type. */
function productTypeOf(variants: PrintfulSyncVariant[]): string | null {
  const name = variants.map((v) => nonEmpty(v.product?.name)).find((n) => n !== null);
  return name ? name.replace(/\s*\([^()]*\)\s*$/, '').trim() || null : null;
}

export function normaliseStorefrontProduct(
  raw: PrintfulProductDetail,
  options: NormaliseOptions = {},
): StorefrontProduct {
  const now = options.now ?? new Date();
  const product = raw.sync_product;
  const variants = sellableVariants(raw);
  const images = productImages(raw);
  const productType = productTypeOf(variants);
  const catalogProductId = variants.map((v) => v.product?.product_id).find((id) => id !== undefined);
  return {
    id: String(product.id),
    title: productTitle(product),
    price: priceRangeOf(variants.map((v) => v.retail_price)).min,
    thumbnail_url: images[0] ?? PLACEHOLDER_IMAGE,
    images,
    variants: variants.map(toStorefrontVariant),
    category: categoryForMainCategoryId(variants.find((v) => v.main_category_id != null)?.main_category_id),
    description: nonEmpty(product.description) ?? DEFAULT_PRODUCT_DESCRIPTION,
    createdAt: toIsoDate(options.createdAt, now),
    updatedAt: toIsoDate(options.updatedAt, now),
    source: PROVIDER_ID,
    ...(productType ? { productType } : {}),
    ...(catalogProductId !== undefined ? { catalogProductId } : {}),
  };
}

export function normaliseProductDocument(
  raw: PrintfulProductDetail,
  options: NormaliseOptions & { status?: ProductStatus } = {},
): ProductDocument {
  const storefront = normaliseStorefrontProduct(raw, options);
  const variants = sellableVariants(raw);
  return {
    ...storefront,
    name: storefront.title,
    status: options.status ?? 'active',
    priceRange: priceRangeOf(variants.map((v) => v.retail_price)),
    sync_product: {
      id: raw.sync_product.id,
      name: raw.sync_product.name,
      thumbnail_url: nonEmpty(raw.sync_product.thumbnail_url),
      description: nonEmpty(raw.sync_product.description),
    },
    sync_variants: variants.map((v) => {
      const files = v.files.map((f) => ({ type: f.type, preview_url: nonEmpty(f.preview_url), url: nonEmpty(f.url) }));
      return {
        id: v.id,
        name: v.name,
        variant_id: v.variant_id,
        retail_price: parsePrice(v.retail_price).toFixed(2),
        currency: nonEmpty(v.currency) ?? FALLBACK_CURRENCY,
        size: nonEmpty(v.size),
        color: nonEmpty(v.color),
        sku: nonEmpty(v.sku),
        external_id: nonEmpty(v.external_id),
        preview_url:
          v.files
            .filter((f) => f.type === 'preview')
            .map(previewUrl)
            .find((u) => u !== null) ?? null,
        files,
      };
    }),
  };
}
