import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router-dom';
import { PLACEHOLDER_IMAGE, SEARCH_DEFAULT_STATUS, TEAM_ORDER_MAX_PRODUCTS } from '@shop/shared';
import { buildSearchIndex, searchCatalog } from '@shop/shared/domain/catalog';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { PICTURE_SIZES } from '@shop/shared/pictures';
import { ProductPicture } from '../../../components/ui/product-picture';

// The start form's products (docs/rules.md#team-orders): the chosen ones first, as a short list,
// then one search field over the whole catalogue (title and category, the store's own search
// rules) with its matches in a short scrolling list. A list of every product as checkboxes pushed
// the closing day and the names two screens down, and cut the catalogue to fit.

type Searchable = StorefrontProduct & { status: string };
type Focus = { list: 'add' | 'remove'; id: string } | 'search' | null;

export function TeamOrderProductPicker({
  catalogue,
  productIds,
  onChange,
  searchRef,
  error,
}: {
  catalogue: readonly StorefrontProduct[];
  productIds: readonly string[];
  onChange: (ids: string[]) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  /** Shown under the legend, as the form was sent without a product. */
  error: string | null;
}) {
  const [query, setQuery] = useState('');
  const [showAll, setShowAll] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const focusNext = useRef<Focus>(null);

  const byId = useMemo(() => new Map(catalogue.map((p) => [p.id, p])), [catalogue]);
  const chosen = productIds.map((id) => byId.get(id)).filter((p): p is StorefrontProduct => Boolean(p));
  const full = productIds.length >= TEAM_ORDER_MAX_PRODUCTS;
  // Title and category only: a word of a description would bring in products the lead did not mean.
  const index = useMemo(
    () =>
      buildSearchIndex<Searchable>(
        catalogue.map((p) => ({
          ...p,
          description: '',
          variants: [],
          productType: undefined,
          status: SEARCH_DEFAULT_STATUS,
        })),
      ),
    [catalogue],
  );
  const q = query.trim();
  const matches: StorefrontProduct[] =
    q !== ''
      ? searchCatalog(index, { q, limit: catalogue.length || 1 })
          .products.map((p) => byId.get(p.id))
          .filter((p): p is StorefrontProduct => Boolean(p))
      : showAll
        ? [...catalogue]
        : [];
  const addable = matches.filter((p) => !productIds.includes(p.id));

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'search') searchRef.current?.focus();
    else if (target) buttons.current.get(`${target.list}:${target.id}`)?.focus();
  }, [productIds, searchRef]);

  const said = (verb: string, product: StorefrontProduct, count: number) =>
    setAnnouncement(`${verb} ${product.title}. ${count} of ${TEAM_ORDER_MAX_PRODUCTS} products chosen.`);

  function add(product: StorefrontProduct) {
    if (full || productIds.includes(product.id)) return;
    const next = [...productIds, product.id];
    // Focus stays in the matches, on the next one to add, so several are added without going back.
    const at = addable.indexOf(product);
    const neighbour = addable[at + 1] ?? addable[at - 1];
    focusNext.current =
      neighbour && next.length < TEAM_ORDER_MAX_PRODUCTS ? { list: 'add', id: neighbour.id } : 'search';
    said('Added', product, next.length);
    onChange(next);
  }

  function remove(product: StorefrontProduct) {
    const at = chosen.indexOf(product);
    const neighbour = chosen[at + 1] ?? chosen[at - 1];
    focusNext.current = neighbour ? { list: 'remove', id: neighbour.id } : 'search';
    said('Removed', product, productIds.length - 1);
    onChange(productIds.filter((id) => id !== product.id));
  }

  // Enter in the search never sends the whole form; with one match left, it adds that one.
  function onSearchKey(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    if (q !== '' && addable.length === 1) add(addable[0]);
  }

  const keep = (key: string) => (el: HTMLButtonElement | null) => {
    if (el) buttons.current.set(key, el);
    else buttons.current.delete(key);
  };
  const errorId = error ? 'team-order-products-error' : null;
  const described = [errorId, 'team-order-search-hint', full ? 'team-order-limit' : null].filter(Boolean).join(' ');

  return (
    <fieldset className="field field--group team-order-picker">
      <legend>
        What everyone chooses from <span className="field__optional">(up to {TEAM_ORDER_MAX_PRODUCTS})</span>
      </legend>
      {error && (
        <p id="team-order-products-error" className="field__error" role="alert">
          {error}
        </p>
      )}
      {chosen.length > 0 ? (
        <ul className="team-order-picker__chosen" aria-label="Chosen products">
          {chosen.map((product) => (
            <li key={product.id} className="team-order-picker__item">
              <Thumbnail product={product} />
              <span className="team-order-picker__title">{product.title}</span>
              <button
                ref={keep(`remove:${product.id}`)}
                type="button"
                className="button button--ghost button--small"
                aria-label={`Remove ${product.title}`}
                onClick={() => remove(product)}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="team-order-picker__empty">No product chosen yet: add at least one below.</p>
      )}
      {catalogue.length === 0 && (
        <p>
          The catalogue is loading. <Link to="/store">Back to the store</Link>
        </p>
      )}
      <div className="team-order-picker__search">
        <label htmlFor="team-order-search">Add another product</label>
        <div className="team-order-picker__search-row">
          <input
            ref={searchRef}
            id="team-order-search"
            type="search"
            autoComplete="off"
            spellCheck={false}
            value={query}
            aria-describedby={described}
            aria-invalid={errorId ? true : undefined}
            aria-controls="team-order-matches"
            onChange={(e) => setQuery(e.target.value)}
            onKeyDown={onSearchKey}
          />
          {q === '' && catalogue.length > 0 && (
            <button
              type="button"
              className="button button--ghost button--small"
              aria-expanded={showAll}
              aria-controls="team-order-matches"
              onClick={() => setShowAll((shown) => !shown)}
            >
              {showAll ? 'Hide the list' : `Show all ${catalogue.length}`}
            </button>
          )}
        </div>
        <p id="team-order-search-hint" className="field__hint">
          Type a word of a product&rsquo;s name or category.
        </p>
        {full && (
          <p id="team-order-limit" className="team-order-picker__limit">
            You can offer up to {TEAM_ORDER_MAX_PRODUCTS} products: remove one to add another.
          </p>
        )}
      </div>
      <div id="team-order-matches" className="team-order-picker__matches">
        <p className="team-order-picker__count" aria-live="polite">
          {q === '' ? '' : matches.length === 0 ? `No product matches \u201c${q}\u201d` : matchCount(matches.length)}
        </p>
        {matches.length > 0 && (
          <ul
            aria-label={q === '' ? 'All products' : `Products matching \u201c${q}\u201d`}
            // A list that scrolls is reached by keyboard through its buttons; with none to press
            // (the limit reached), the list itself takes focus so its arrow keys still scroll it.
            tabIndex={full || addable.length === 0 ? 0 : undefined}
          >
            {matches.map((product) => (
              <li key={product.id} className="team-order-picker__item">
                <Thumbnail product={product} />
                <span className="team-order-picker__title">
                  {product.title}
                  <span className="team-order-picker__category">{product.category}</span>
                </span>
                {productIds.includes(product.id) ? (
                  <span className="team-order-picker__added">Chosen</span>
                ) : (
                  <button
                    ref={keep(`add:${product.id}`)}
                    type="button"
                    className="button button--ghost button--small"
                    aria-label={`Add ${product.title}`}
                    aria-describedby={full ? 'team-order-limit' : undefined}
                    disabled={full}
                    onClick={() => add(product)}
                  >
                    Add
                  </button>
                )}
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </fieldset>
  );
}

const matchCount = (n: number) => (n === 1 ? '1 product matches' : `${n} products match`);

function Thumbnail({ product }: { product: StorefrontProduct }) {
  return (
    <ProductPicture
      className="team-order-picker__picture"
      url={product.thumbnail_url || product.images[0] || PLACEHOLDER_IMAGE}
      sizes={PICTURE_SIZES.orderLine}
      box={56}
      alt=""
      loading="lazy"
    />
  );
}
