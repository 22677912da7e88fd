import { DEFAULT_PRODUCT_TITLE } from '../../constants/index.js';

// The one reader of a product's title (docs/rules.md#entities: "title (from name or title, default
// 'Unnamed Product')"), for stored documents and Printful's own objects alike. Name comes first:
// it is the provider's field and the one search and sorting read (catalog-order.ts productName).

function words(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
}

/** Its name, else its title, else 'Unnamed Product'. */
export function productTitle(source: { name?: unknown; title?: unknown }): string {
  return words(source.name) ?? words(source.title) ?? DEFAULT_PRODUCT_TITLE;
}
