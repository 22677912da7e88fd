import type { ReactNode } from 'react';
import { DATABASE_NAME, MESSAGES, PROVIDER_NAME } from '@shop/shared';
import { Link } from 'react-router-dom';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { useProducts } from '../../../lib/catalog/components/products-provider';
import { formatProductPrice } from '../../../lib/catalog/format-price';
import { useStore, type StoreState } from '../use-store';
import { CartSummaryBar } from './cart-summary-bar';
import { ProductGrid, productPath } from './product-card';
import { StoreStatus } from './store-status';
import { CurrencyNotice } from '../../../lib/catalog/components/currency-notice';
import { CatalogueBrowser } from '../browse/catalogue-browser';
import { TableHeading } from '../../../components/ui/table-heading';
import '../store-catalog.css';

/** The catalogue body shared by the store pages; `children` lays the products out. */
function StoreFrame({
  children,
  showStatus = true,
}: {
  children: (store: StoreState) => ReactNode;
  showStatus?: boolean;
}) {
  const store = useStore();
  const live = useProducts();
  return (
    <div className="container page store-page">
      {showStatus && <StoreStatus store={store} />}
      {/* The store's answer in US dollars for a paused currency; not the offline copy or built-in products. */}
      {store.source === 'network' && <CurrencyNotice products={store.products} />}
      {live.error && !store.error && (
        <div className="callout" role="status" data-testid="live-status">
          <p>Live updates are paused: {live.error}</p>
          <button type="button" className="button button--ghost button--small" onClick={() => void live.refresh()}>
            Refresh the products
          </button>
        </div>
      )}
      {store.isLoading && store.products.length === 0 ? <LoadingScreen /> : children(store)}
      <CartSummaryBar totalItems={store.totalItems} totalPrice={store.totalPrice} />
    </div>
  );
}

/** /store: the storefront, with search, categories and sort over the live catalogue. */
export function StorePage() {
  return (
    <StoreFrame>
      {(store) => (
        <section aria-labelledby="store-products-title">
          <h2 id="store-products-title" className="visually-hidden">
            Products
          </h2>
          <CatalogueBrowser catalogue={store.products} />
        </section>
      )}
    </StoreFrame>
  );
}

/**
 * /products: the same browser over the real catalogue only. An empty catalogue or a failed load is
 * said in the spec's words with an empty list; the built-in products are the store's, not this list's.
 */
export function ProductListPage() {
  return (
    <StoreFrame showStatus={false}>
      {(store) => (
        <section aria-labelledby="store-products-title">
          <h2 id="store-products-title" className="visually-hidden">
            Products
          </h2>
          <CatalogueBrowser
            catalogue={store.source === 'fallback' ? [] : store.products}
            emptyCatalogue={
              <div
                className={store.error ? 'callout callout--error' : 'callout'}
                role="status"
                data-testid="empty-catalogue"
              >
                <p>
                  {store.error
                    ? MESSAGES.providerFetchError(PROVIDER_NAME, DATABASE_NAME)
                    : MESSAGES.noProviderProducts(PROVIDER_NAME, DATABASE_NAME)}
                </p>
                {store.error && (
                  <button type="button" className="button button--ghost button--small" onClick={store.retry}>
                    Try again
                  </button>
                )}
              </div>
            }
          />
        </section>
      )}
    </StoreFrame>
  );
}

/** /storefront: the same catalogue by category. */
export function StorefrontPage() {
  return (
    <StoreFrame>
      {(store) => {
        const categories = [...new Set(store.products.map((p) => p.category))].sort();
        return categories.map((category) => (
          <section key={category} className="category-section" aria-labelledby={`category-${category}`}>
            <h2 id={`category-${category}`}>{category}</h2>
            <ProductGrid products={store.products.filter((p) => p.category === category)} label={category} />
          </section>
        ));
      }}
    </StoreFrame>
  );
}

/** /store/old: the older, plain list of the catalogue. */
export function OldStorePage() {
  return (
    <StoreFrame>
      {(store) => (
        <table className="data-table old-store-table">
          <TableHeading caption="Products" columns={['Product', 'Category', 'Price']} />
          <tbody>
            {store.products.map((p) => (
              <OldStoreRow key={p.id} id={p.id} title={p.title} category={p.category} price={formatProductPrice(p)} />
            ))}
          </tbody>
        </table>
      )}
    </StoreFrame>
  );
}

function OldStoreRow({ id, title, category, price }: { id: string; title: string; category: string; price: string }) {
  return (
    <tr>
      <td>
        <Link to={productPath(id)}>{title}</Link>
      </td>
      <td>{category}</td>
      <td>{price}</td>
    </tr>
  );
}
