import type { SearchSort } from '@shop/shared/domain/catalog';

export const SORT_LABELS: Record<SearchSort, string> = {
  relevance: 'Best match',
  latest: 'Newest first',
  name: 'Name (A to Z)',
  priceAsc: 'Price (low to high)',
  priceDesc: 'Price (high to low)',
};
