import { productPath } from './page-links.js';
import { STORE_PATH } from './paths.js';

// The trail above a product page (docs/rules.md#what-a-merch-shopper-expects): the SPA shows it as a breadcrumb navigation and
// the server writes the same trail as JSON-LD BreadcrumbList, so both always agree.

export interface Breadcrumb {
  name: string;
  /** A path of the site. */
  path: string;
}

/** The store filtered to one category (the store reads `?category=`). */
export function storeCategoryPath(category: string): string {
  return `${STORE_PATH}?category=${encodeURIComponent(category)}`;
}

/** Home > Store > <category> > <product>; the category step is left out when a product has none. */
export function productBreadcrumbs(product: { id: string; title: string; category: string }): Breadcrumb[] {
  return [
    { name: 'Home', path: '/' },
    { name: 'Store', path: STORE_PATH },
    ...(product.category.trim() ? [{ name: product.category, path: storeCategoryPath(product.category) }] : []),
    { name: product.title, path: productPath(product.id) },
  ];
}
