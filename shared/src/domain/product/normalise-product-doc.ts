import {
  DEFAULT_COLOR,
  DEFAULT_PRODUCT_DESCRIPTION,
  DEFAULT_PRODUCT_ID,
  DEFAULT_SIZE,
  DEFAULT_STORE_CATEGORY,
  FALLBACK_CURRENCY,
  PLACEHOLDER_IMAGE,
  PROVIDER_ID,
} from '../../constants/index.js';
import { printfulProductDetailSchema } from '../../providers/printful/wire.js';
import { toIsoDate } from './dates.js';
import { normaliseStorefrontProduct } from '../../providers/printful/normalise-product.js';
import { parsePrice } from './price.js';
import { productTitle } from './product-title.js';
import type { StorefrontProduct, StorefrontVariant } from '../../schemas/storefront-product.js';

// Tolerant reader for any stored product document (storeInventory, products, or a raw
// printfulProducts copy): whatever is missing or malformed gets its default (docs/rules.md#entities),
// so the API never answers with a product the storefront cannot render.

type Loose = Record<string, unknown>;

function isRecord(value: unknown): value is Loose {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function text(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

function integer(value: unknown): number | null {
  const n = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof n === 'number' && Number.isSafeInteger(n) ? n : null;
}

function readVariant(v: Loose, productTitle: string): StorefrontVariant {
  return {
    id: text(v.id) ?? text(v.sync_variant_id) ?? '',
    name: text(v.name) ?? productTitle,
    size: text(v.size) ?? DEFAULT_SIZE,
    color: text(v.color) ?? DEFAULT_COLOR,
    price: parsePrice(v.price ?? v.retail_price),
    currency: text(v.currency) ?? FALLBACK_CURRENCY,
    catalog_variant_id: integer(v.catalog_variant_id ?? v.variant_id),
    sync_variant_id: integer(v.sync_variant_id ?? v.id),
    sku: text(v.sku),
    external_id: text(v.external_id),
    // Only a document that stored per-variant mockups has them; older documents keep their shape.
    ...(Array.isArray(v.images)
      ? { images: v.images.filter((i): i is string => typeof i === 'string' && i !== '') }
      : {}),
  };
}

/** A raw Printful copy has sync_product/sync_variants but none of the storefront fields. */
function asRawPrintful(doc: Loose) {
  if ('title' in doc || 'price' in doc || 'variants' in doc) return null;
  const parsed = printfulProductDetailSchema.safeParse(doc);
  return parsed.success ? parsed.data : null;
}

export function normaliseProductDoc(doc: unknown, options: { id?: string; now?: Date } = {}): StorefrontProduct {
  const now = options.now ?? new Date();
  const record = isRecord(doc) ? doc : {};
  const raw = asRawPrintful(record);
  if (raw) {
    const product = normaliseStorefrontProduct(raw, { createdAt: record.createdAt, updatedAt: record.updatedAt, now });
    return options.id ? { ...product, id: options.id } : product;
  }
  const title = productTitle(record);
  const images = Array.isArray(record.images)
    ? record.images.filter((i): i is string => typeof i === 'string' && i !== '')
    : [];
  const variants = Array.isArray(record.variants)
    ? record.variants.filter(isRecord).map((v) => readVariant(v, title))
    : [];
  return {
    id: options.id ?? text(record.id) ?? DEFAULT_PRODUCT_ID,
    title,
    price: parsePrice(record.price),
    thumbnail_url: images[0] ?? text(record.thumbnail_url) ?? PLACEHOLDER_IMAGE,
    images,
    variants,
    category: text(record.category) ?? DEFAULT_STORE_CATEGORY,
    description: text(record.description) ?? DEFAULT_PRODUCT_DESCRIPTION,
    createdAt: toIsoDate(record.createdAt, now),
    updatedAt: toIsoDate(record.updatedAt, now),
    source: text(record.source) ?? PROVIDER_ID,
    ...(text(record.productType) ? { productType: text(record.productType) as string } : {}),
    ...(integer(record.catalogProductId) !== null
      ? { catalogProductId: integer(record.catalogProductId) as number }
      : {}),
  };
}
