// Orders of the catalogue (docs/rules.md#calls-to-other-services "Product search"; the catalogue order of docs/rules.md#constants-and-limits). Every
// order ends with the product id, so that two products never tie and a page boundary is stable.

/** What the orders read of a product. */
export interface OrderableProduct {
  id: string;
  title: string;
  /** The stored `name` of a `products` document; the title is derived from it (docs/rules.md#entities). */
  name?: string;
  price: number;
  updatedAt: string;
}

// Made on the first name comparison: a collator is slow to make on a phone, and the store page
// loads this module whether or not anyone sorts by name.
let collator: Intl.Collator | undefined;

/** The name a product is sorted and searched by: its stored name, else its title. */
export function productName(product: Pick<OrderableProduct, 'title' | 'name'>): string {
  return product.name ?? product.title;
}

function byId(a: OrderableProduct, b: OrderableProduct): number {
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function byUpdatedAtDesc(a: OrderableProduct, b: OrderableProduct): number {
  // ISO strings from toIsoDate are all in the same UTC format, so text order is time order.
  return a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0;
}

/** Newest `updatedAt` first: the inventory order and the `latest` search sort. */
export function compareLatest(a: OrderableProduct, b: OrderableProduct): number {
  return byUpdatedAtDesc(a, b) || byId(a, b);
}

/** Name A to Z, case- and accent-insensitive, numbers in numeric order ("Mug 2" before "Mug 10"). */
export function compareName(a: OrderableProduct, b: OrderableProduct): number {
  collator ??= new Intl.Collator('en', { sensitivity: 'base', numeric: true });
  return collator.compare(productName(a), productName(b)) || compareLatest(a, b);
}

/** Cheapest first; equal prices newest first. */
export function comparePriceAsc(a: OrderableProduct, b: OrderableProduct): number {
  return a.price - b.price || compareLatest(a, b);
}

/** Dearest first; equal prices newest first. */
export function comparePriceDesc(a: OrderableProduct, b: OrderableProduct): number {
  return b.price - a.price || compareLatest(a, b);
}
