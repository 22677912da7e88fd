import { useCallback, useEffect, useId, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PAGE_LIMIT_MAX, SEARCH_DEFAULT_LIMIT } from '@shop/shared';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { SEARCH_SORTS, type SearchSort } from '@shop/shared/domain/catalog';
import { SORT_LABELS, useSearchProducts } from '../../catalog/api/search-products';
import { ProductGrid } from './product-card';
import '../store.css';

// /products and /store/products: search the catalogue, filter by category (with counts), sort.
// The choices live in the address, so a filtered list can be shared or reloaded.

const TYPING_PAUSE_MS = 300;

function isSort(value: string | null): value is SearchSort {
  return SEARCH_SORTS.includes(value as SearchSort);
}

export function ProductListPage() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const category = params.get('category') ?? '';
  const sortParam = params.get('sort');
  const sort: SearchSort = isSort(sortParam) ? sortParam : 'latest';
  const [text, setText] = useState(q);
  const searchId = useId();
  const sortId = useId();

  const update = useCallback(
    (changes: Record<string, string>) =>
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

  // Search as the shopper types, once they pause.
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => update({ q: text.trim() }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, q, update]);

  const [limit, setLimit] = useState(SEARCH_DEFAULT_LIMIT);
  const search = useSearchProducts({ q: q || undefined, category: category || undefined, sort, limit });
  // The API counts matches per category ignoring the chosen category, so every count stays visible.
  const counts = search.data?.facets.category ?? {};
  const allCount = Object.values(counts).reduce((sum, n) => sum + n, 0);

  return (
    <div className="container page">
      <form className="catalog-toolbar" role="search" onSubmit={(e) => { e.preventDefault(); update({ q: text.trim() }); }}>
        <div className="field">
          <label htmlFor={searchId}>Search products</label>
          <input id={searchId} type="search" value={text} onChange={(e) => setText(e.target.value)} placeholder="T-shirt, mug, cap..." autoComplete="off" />
        </div>
        <div className="field">
          <label htmlFor={sortId}>Sort by</label>
          <select id={sortId} value={sort} onChange={(e) => update({ sort: e.target.value === 'latest' ? '' : e.target.value })}>
            {SEARCH_SORTS.map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </form>
      <div className="catalog-layout">
        <nav aria-label="Categories">
          <ul className="facet-list">
            <li>
              <button type="button" className="facet" aria-pressed={category === ''} onClick={() => update({ category: '' })}>
                <span>All</span>
                <span className="facet__count">{allCount}</span>
              </button>
            </li>
            {Object.entries(counts)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([name, count]) => (
                <li key={name}>
                  <button type="button" className="facet" aria-pressed={category === name} onClick={() => update({ category: name })}>
                    <span>{name}</span>
                    <span className="facet__count" aria-label={`${count} products`}>
                      {count}
                    </span>
                  </button>
                </li>
              ))}
          </ul>
        </nav>
        <section aria-labelledby="results-title">
          <h2 id="results-title" className="visually-hidden">
            Results
          </h2>
          <p className="result-count" role="status" aria-live="polite">
            {search.isPending ? 'Searching...' : search.isError ? '' : `${search.data.total} ${search.data.total === 1 ? 'product' : 'products'}${q ? ` matching "${q}"` : ''}`}
          </p>
          {search.isError && (
            <div className="callout callout--error" role="alert">
              <p>The catalogue could not be searched: {search.error.message}</p>
              <button type="button" className="button button--ghost button--small" onClick={() => void search.refetch()}>
                Try again
              </button>
            </div>
          )}
          {search.isPending ? <LoadingScreen /> : search.data && <ProductGrid products={search.data.products} label="Search results" />}
          {search.data && search.data.total > search.data.products.length && limit < PAGE_LIMIT_MAX && (
            <p className="section__more">
              <button type="button" className="button button--ghost" onClick={() => setLimit((n) => Math.min(n + SEARCH_DEFAULT_LIMIT, PAGE_LIMIT_MAX))}>
                Show more products
              </button>
            </p>
          )}
        </section>
      </div>
    </div>
  );
}
