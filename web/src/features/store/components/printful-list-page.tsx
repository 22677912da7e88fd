import { Link } from 'react-router-dom';
import { PLACEHOLDER_IMAGE } from '@shop/shared';
import { LoadingScreen } from '../../../components/ui/loading-screen';
import { usePrintfulProducts } from '../../../lib/catalog/api/get-printful-products';
import { formatPrice } from '../../../lib/catalog/format-price';
import '../store-catalog.css';

export function printfulProductPath(id: string): string {
  return `/store/printful/${encodeURIComponent(id)}`;
}

/** /store/printful and /printful-products: the print partner's products as last synced. */
export function PrintfulListPage() {
  const products = usePrintfulProducts();
  return (
    <div className="container page">
      <div role="status" aria-live="polite">
        {products.isError && (
          <div className="callout callout--error">
            <p>The print partner's products could not be loaded: {products.error.message}</p>
            <button
              type="button"
              className="button button--ghost button--small"
              onClick={() => void products.refetch()}
            >
              Try again
            </button>
          </div>
        )}
        {products.data?.length === 0 && <p className="callout">No print-on-demand products have been synced yet.</p>}
      </div>
      {products.isPending ? (
        <LoadingScreen />
      ) : (
        <ul className="product-grid" aria-label="Print-on-demand products">
          {(products.data ?? []).map((item) => (
            <li key={item.id}>
              <article className="product-card" data-testid="printful-card">
                <img
                  className="product-card__image"
                  src={item.thumbnailUrl || PLACEHOLDER_IMAGE}
                  alt=""
                  loading="lazy"
                  width={400}
                  height={400}
                />
                <div className="product-card__body">
                  <p className="product-card__category">
                    {item.variantCount} {item.variantCount === 1 ? 'variant' : 'variants'}
                  </p>
                  <h2 className="product-card__title">
                    <Link to={printfulProductPath(item.id)}>{item.name}</Link>
                  </h2>
                  {item.fromPrice !== null && <p className="product-card__price">from {formatPrice(item.fromPrice)}</p>}
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
