import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_LIMIT_MAX, SEARCH_DEFAULT_STATUS } from '@shop/shared';
import {
  buildSearchIndex,
  resolveSearchQuery,
  SEARCH_SORTS,
  searchCatalog,
  type SearchSort,
} from '@shop/shared/domain/catalog';
import type { StorefrontProduct } from '@shop/shared/domain/product';

// Search, category and sort over the one catalogue cache, with the shared search rules the API
// uses too, so the results follow live updates without another request. The choices live in the
// address, so a filtered list can be shared or reloaded.

export interface CatalogueSearch {
  q: string;
  category: string;
  sort: SearchSort;
  products: StorefrontProduct[];
  total: number;
  /** Matches per category for the text, ignoring the category filter. */
  facets: Record<string, number>;
  /** Only when nothing matched: every category of the store with its count, offered instead. */
  categories: Record<string, number>;
  /** Only when nothing matched: the query with its typos corrected, when that finds products. */
  suggestion: string | null;
  /** Only when nothing matched: a few of the store's products (its newest). */
  popular: StorefrontProduct[];
  update: (changes: Partial<Record<'q' | 'category' | 'sort', string>>) => void;
  reset: () => void;
}

function isSort(value: string | null): value is SearchSort {
  return SEARCH_SORTS.includes(value as SearchSort);
}

type Searchable = StorefrontProduct & { status: string };

export function useCatalogueSearch(catalogue: readonly StorefrontProduct[]): CatalogueSearch {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const sortParam = params.get('sort');
  // Best match while a query is typed, newest first without one, unless the shopper chose.
  const sort: SearchSort = resolveSearchQuery({ q, sort: isSort(sortParam) ? sortParam : undefined }).sort;

  // Every product in the storefront catalogue is active; search filters on that status.
  const index = useMemo(
    () => buildSearchIndex<Searchable>(catalogue.map((p) => ({ ...p, status: SEARCH_DEFAULT_STATUS }))),
    [catalogue],
  );
  const result = useMemo(
    () => searchCatalog(index, { q, category, sort, limit: PAGE_LIMIT_MAX }),
    [index, q, category, sort],
  );

  const update = useCallback(
    (changes: Partial<Record<'q' | 'category' | 'sort', string>>) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          for (const [key, value] of Object.entries(changes)) {
            if (value) next.set(key, value);
            else next.delete(key);
          }
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const reset = useCallback(() => update({ q: '', category: '', sort: '' }), [update]);

  return {
    q,
    category,
    sort,
    products: result.products,
    total: result.total,
    facets: result.facets.category,
    categories: result.categories ?? {},
    suggestion: result.suggestion ?? null,
    popular: result.popular ?? [],
    update,
    reset,
  };
}
