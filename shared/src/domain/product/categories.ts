import { DEFAULT_STORE_CATEGORY } from '../../constants/index.js';

// Storefront categories and how Printful's catalog categories (sync_variant.main_category_id)
// map onto them. The ids are the ones this store's products use (the sandbox's catalogue is built
// from this table too); an id not listed here lands in the spec's default category.

export const PRODUCT_CATEGORIES = ['clothing', 'headwear', 'accessories'] as const;
export type ProductCategory = (typeof PRODUCT_CATEGORIES)[number];

export const PRINTFUL_MAIN_CATEGORIES = {
  tShirts: 24,
  hoodies: 7,
  sweatshirts: 8,
  caps: 42,
  beanies: 45,
  mugs: 112,
  toteBags: 84,
  stickers: 202,
} as const;

const CATEGORY_BY_MAIN_CATEGORY_ID: Record<number, ProductCategory> = {
  [PRINTFUL_MAIN_CATEGORIES.tShirts]: 'clothing',
  [PRINTFUL_MAIN_CATEGORIES.hoodies]: 'clothing',
  [PRINTFUL_MAIN_CATEGORIES.sweatshirts]: 'clothing',
  [PRINTFUL_MAIN_CATEGORIES.caps]: 'headwear',
  [PRINTFUL_MAIN_CATEGORIES.beanies]: 'headwear',
  [PRINTFUL_MAIN_CATEGORIES.mugs]: 'accessories',
  [PRINTFUL_MAIN_CATEGORIES.toteBags]: 'accessories',
  [PRINTFUL_MAIN_CATEGORIES.stickers]: 'accessories',
};

export function categoryForMainCategoryId(id: number | null | undefined): string {
  return (id != null && CATEGORY_BY_MAIN_CATEGORY_ID[id]) || DEFAULT_STORE_CATEGORY;
}
