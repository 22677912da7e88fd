import { Link } from 'react-router-dom';
import { PLACEHOLDER_IMAGE } from '@shop/shared';
import type { StorefrontProduct } from '@shop/shared/domain/product';
import { formatPrice } from '../../catalog/format-price';

export function productPath(id: string): string {
  return `/store/product/${encodeURIComponent(id)}`;
}

/** Cards in the first row load at once (they are the page's largest paint); the rest lazily. */
const EAGER_CARDS = 4;

export function ProductCard({ product, headingLevel = 3, to = productPath(product.id), eager = false }: { product: StorefrontProduct; headingLevel?: 2 | 3; to?: string; eager?: boolean }) {
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="product-card" data-testid="product-card">
      <img
        className="product-card__image"
        src={product.thumbnail_url || product.images[0] || PLACEHOLDER_IMAGE}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        width={400}
        height={400}
      />
      <div className="product-card__body">
        <p className="product-card__category">{product.category}</p>
        <Heading className="product-card__title">
          <Link to={to}>{product.title}</Link>
        </Heading>
        <p className="product-card__price">{formatPrice(product.price)}</p>
      </div>
    </article>
  );
}

export function ProductGrid({ products, label }: { products: readonly StorefrontProduct[]; label: string }) {
  return (
    <ul className="product-grid" aria-label={label}>
      {products.map((product, i) => (
        <li key={product.id}>
          <ProductCard product={product} eager={i < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
