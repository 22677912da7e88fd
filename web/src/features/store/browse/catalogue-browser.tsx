import { memo, useEffect, useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { SEARCH_SORTS } from '@shop/shared/domain/catalog';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { CategoryFacet } from './category-facet';
import { SORT_LABELS } from './sort-labels';
import { ProductGrid } from '../components/product-card';
import { useCatalogueSearch } from './use-catalogue-search';
import '../store-catalog.css';

const TYPING_PAUSE_MS = 300;

export interface CatalogueBrowserProps {
  catalogue: readonly StorefrontProduct[];
  /** Shown instead of the grid when the catalogue itself holds nothing. */
  emptyCatalogue?: ReactNode;
}

/**
 * Search box, sort and category chips above the product grid. An empty result says what was
 * searched and offers one button that clears every choice, so it is never a dead end. Memoised:
 * the page around it re-renders for the cart and the live stream's state, not for its catalogue.
 */
export const CatalogueBrowser = memo(function CatalogueBrowser({ catalogue, emptyCatalogue }: CatalogueBrowserProps) {
  const search = useCatalogueSearch(catalogue);
  const [text, setText] = useState(search.q);
  const searchId = useId();
  const sortId = useId();
  const { q, update } = search;
  // A search from elsewhere (the header's search, "Did you mean", back and forward) fills the box;
  // the box's own searches leave it as typed.
  const [shownQ, setShownQ] = useState(q);
  if (q !== shownQ) {
    setShownQ(q);
    if (q !== text.trim()) setText(q);
  }

  // Search as the shopper types, once they pause.
  useEffect(() => {
    if (text.trim() === q) return;
    const timer = setTimeout(() => update({ q: text.trim() }), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text, q, update]);

  const categories = Object.entries(search.facets);
  const allCount = categories.reduce((sum, [, n]) => sum + n, 0);
  const filtered = search.q !== '' || search.category !== '';
  // Offered when a search finds nothing: every category the store has, whatever was typed.
  const storeCategories = Object.entries(search.categories);

  if (catalogue.length === 0 && emptyCatalogue) return <>{emptyCatalogue}</>;

  return (
    <div className="catalogue-browser">
      <form
        className="catalog-toolbar"
        role="search"
        onSubmit={(e) => {
          e.preventDefault();
          update({ q: text.trim() });
        }}
      >
        <div className="field catalog-toolbar__search">
          <label htmlFor={searchId} className="visually-hidden">
            Search products
          </label>
          <input
            id={searchId}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search: t-shirt, mug, cap..."
            autoComplete="off"
          />
        </div>
        <div className="field catalog-toolbar__sort">
          <label htmlFor={sortId}>Sort by</label>
          <select id={sortId} value={search.sort} onChange={(e) => update({ sort: e.target.value })}>
            {/* "Best match" only while there is something to match. */}
            {SEARCH_SORTS.filter((s) => s !== 'relevance' || search.q.trim() !== '').map((s) => (
              <option key={s} value={s}>
                {SORT_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
      </form>
      <nav aria-label="Categories">
        <ul className="facet-list facet-list--row">
          <li>
            <button
              type="button"
              className="facet"
              aria-pressed={search.category === ''}
              onClick={() => update({ category: '' })}
            >
              <span>All</span>
              <span className="facet__count">{allCount}</span>
            </button>
          </li>
          {categories.map(([name, count]) => (
            <CategoryFacet
              key={name}
              name={name}
              count={count}
              pressed={search.category === name}
              onClick={() => update({ category: name })}
            />
          ))}
        </ul>
      </nav>
      <p className="result-count" role="status" aria-live="polite" data-testid="result-count">
        {search.total} {search.total === 1 ? 'product' : 'products'}
        {search.q ? ` matching "${search.q}"` : ''}
        {search.category ? ` in ${search.category}` : ''}
      </p>
      {search.total === 0 ? (
        <div className="empty-state" data-testid="empty-results">
          <h2>
            No products match{search.q ? ` "${search.q}"` : ''}
            {search.category ? ` in ${search.category}` : ''}
          </h2>
          {search.suggestion !== null && (
            <p className="empty-state__suggestion" data-testid="search-suggestion">
              Did you mean {/* A real address, so it works before the app runs; in the app it also fills the box. */}
              <Link
                to={`/store?${new URLSearchParams({ q: search.suggestion }).toString()}`}
                onClick={(e) => {
                  e.preventDefault();
                  const suggestion = search.suggestion ?? '';
                  setText(suggestion);
                  update({ q: suggestion, category: '' });
                }}
              >
                {search.suggestion}
              </Link>
              ?
            </p>
          )}
          <p>Try another word, or browse a category:</p>
          <ul className="facet-list facet-list--row" data-testid="empty-results-categories">
            {storeCategories.map(([name, count]) => (
              <CategoryFacet
                key={name}
                name={name}
                count={count}
                onClick={() => {
                  setText('');
                  update({ q: '', category: name });
                }}
              />
            ))}
          </ul>
          {filtered && (
            <button
              type="button"
              className="button button--primary"
              onClick={() => {
                setText('');
                search.reset();
              }}
            >
              Clear search and filters
            </button>
          )}
          {search.popular.length > 0 && (
            <div className="empty-state__products">
              <h3>New in the store</h3>
              <ProductGrid products={search.popular} label="New in the store" />
            </div>
          )}
        </div>
      ) : (
        <ProductGrid products={search.products} label="Products" />
      )}
    </div>
  );
});
